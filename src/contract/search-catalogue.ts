// The closed catalogues of search filters and sort fields (data-routes §4.1, §4.6, §4.7, §2.10).
// Company and person filters are typed; `geo` carries places by level. The filter-values route
// accepts every company or person filter except geo, plus country, state, city and region
// (FILTER_VALUE_NAME_COUNT). Document categories have their own small sets. One table per
// category names each filter's kind, column or JSON path, vocabulary class and sort use, and
// feeds the request schema, the query compiler (src/store/search-filters.ts), the filter-values
// route, the parser's vocabularies and the sort catalogue.

export type FilterKind =
  | 'list' // {include?: string[], exclude?: string[]} against one value (case-insensitive)
  | 'array' // {include?, exclude?} against a set of values (any overlap)
  | 'text' // {include?, exclude?} substrings (case-insensitive)
  | 'range' // {min?, max?} numbers
  | 'date_range' // {from?, to?} ISO dates
  | 'boolean' // true | false
  | 'company' // {include?: [{value, by}], exclude?: [...]} company entries

/** How the filter-values route answers for a name (§4.6 vocabulary classes). */
export type VocabularyClass = 'enumerated' | 'bounded' | 'free_text' | 'none'

/**
 * Where a filter reads, on its category's table (companies `c`, persons `p`): a column (`array`:
 * a text[] column), a path into the record (jsonb), or SQL of its own (`compiled`: joins,
 * sub-queries, two levels, the clock), which src/store/search-filters.ts must give: its
 * COMPILED tables are typed over exactly these names, so an entry without a compilation is a
 * compile error.
 */
export type FilterSource = { column: string; array?: true } | { path: readonly string[] } | { compiled: true }

/**
 * Where GET /v1/search/filters/{name} reads values (src/store/filter-values.ts): a table's column
 * (`array`: a text[] column, one value per element) or a path into its record (`each`: that key of
 * every element of the array at the path; `endedOnly`: only elements whose `end` is set);
 * `category` narrows documents to one category.
 */
export interface ValueLocation {
  table: 'companies' | 'persons' | 'documents'
  category?: string
  column?: string
  array?: boolean
  path?: readonly string[]
  each?: string
  endedOnly?: boolean
}
const companyColumn = (column: string, array = false): ValueLocation => ({ table: 'companies', column, array })
const personColumn = (column: string): ValueLocation => ({ table: 'persons', column, array: false })
const personRecord = (path: string[], each?: string, endedOnly = false): ValueLocation => ({
  table: 'persons',
  path,
  each,
  endedOnly,
})

/**
 * The parser vocabularies read from the index, each with how many values it keeps: the distinct
 * values of the column of the filter row that names it, most common first
 * (src/domain/search/vocabularies.ts loadVocabularies). A row naming one must read a column.
 */
export const INDEX_VOCABULARY_MAX = {
  industries: 200,
  sub_industries: 500,
  technologies: 500,
  funding_stages: 50,
} as const
export type IndexVocabulary = keyof typeof INDEX_VOCABULARY_MAX
export const isIndexVocabulary = (v: string): v is IndexVocabulary => Object.hasOwn(INDEX_VOCABULARY_MAX, v)

/** The parser's vocabularies: the index's own values (IndexVocabulary) or the org-chart taxonomy. */
export type ParserVocabulary = IndexVocabulary | 'seniority_ladder' | 'departments'

interface FilterRow {
  kind: FilterKind
  /** Which entity the filter reads: a company filter on a person search reads the person's current employer. */
  applies_to: 'company' | 'person' | 'either'
  source: FilterSource
  vocabulary: VocabularyClass
  /** The sort field (GTM_SORTS) that orders by the same value, or null. */
  sort: string | null
  /**
   * Where the filter-values route reads the values when they are not where the filter reads
   * (`source`): job openings for the hiring filters, the record's arrays for past jobs and
   * education. Without it: the `source` column or path, on the row's table.
   */
  values_from?: readonly ValueLocation[]
  /**
   * A range compared with an integer column or expression: a fraction or a value past 32 bits is
   * refused by the request schema (422), not by PostgreSQL.
   */
  integer?: true
  /** Two-level filters (industry, sub_industry, department): level parents or children. */
  two_level?: true
  /**
   * The parser vocabulary its values are spelled against (the rule parser reads them from the
   * words; the LLM parser's values are mapped onto them), when it has one.
   */
  parser_vocabulary?: ParserVocabulary
  description: string
}

export interface FilterSpec extends FilterRow {
  name: string
}

const col = (column: string): FilterSource => ({ column })
const arr = (column: string): FilterSource => ({ column, array: true })
const path = (...p: string[]): FilterSource => ({ path: p })
const compiled: FilterSource = { compiled: true }

/** The company filters: one row per filter, keyed by its name as the request spells it. */
export const COMPANY_FILTER_TABLE = {
  industry: {
    parser_vocabulary: 'industries',
    kind: 'list',
    applies_to: 'company',
    source: col('industry'),
    vocabulary: 'enumerated',
    sort: 'industry',
    two_level: true,
    description: 'Primary industry (parent level of the industry taxonomy)',
  },
  sub_industry: {
    parser_vocabulary: 'sub_industries',
    kind: 'list',
    applies_to: 'company',
    source: col('sub_industry'),
    vocabulary: 'enumerated',
    sort: null,
    two_level: true,
    description: 'Sub-industry (child level; `parent` names its industry)',
  },
  employee_count: {
    kind: 'range',
    integer: true,
    applies_to: 'company',
    source: col('employee_count'),
    vocabulary: 'none',
    sort: 'employee_count',
    description: 'Number of employees',
  },
  revenue: {
    kind: 'range',
    applies_to: 'company',
    source: col('revenue'),
    vocabulary: 'none',
    sort: 'revenue',
    description: 'Annual revenue, USD',
  },
  founded_year: {
    kind: 'range',
    integer: true,
    applies_to: 'company',
    source: col('founded_year'),
    vocabulary: 'none',
    sort: 'founded_year',
    description: 'Year founded',
  },
  total_funding: {
    kind: 'range',
    applies_to: 'company',
    source: col('total_funding'),
    vocabulary: 'none',
    sort: 'total_funding',
    description: 'Total funding raised, USD',
  },
  last_funding_amount: {
    kind: 'range',
    applies_to: 'company',
    source: path('last_funding_amount'),
    vocabulary: 'none',
    sort: 'last_funding_amount',
    description: 'Amount of the latest round, USD',
  },
  last_funding_date: {
    kind: 'date_range',
    applies_to: 'company',
    source: col('last_funding_date'),
    vocabulary: 'none',
    sort: 'last_funding_date',
    description: 'Date of the latest round',
  },
  funding_stage: {
    parser_vocabulary: 'funding_stages',
    kind: 'list',
    applies_to: 'company',
    source: col('funding_stage'),
    vocabulary: 'enumerated',
    sort: 'funding_stage',
    description: 'Latest funding stage (seed, series_a, …)',
  },
  growth_stage: {
    kind: 'list',
    applies_to: 'company',
    source: col('growth_stage'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Growth stage',
  },
  ipo_status: {
    kind: 'list',
    applies_to: 'company',
    source: col('ipo_status'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Public or private',
  },
  ownership: {
    kind: 'list',
    applies_to: 'company',
    source: col('ownership'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Ownership type',
  },
  operating_status: {
    kind: 'list',
    applies_to: 'company',
    source: col('operating_status'),
    vocabulary: 'enumerated',
    sort: 'operating_status',
    description: 'Operating status (active, acquired, closed)',
  },
  technology: {
    parser_vocabulary: 'technologies',
    kind: 'array',
    applies_to: 'company',
    source: arr('technology'),
    vocabulary: 'bounded',
    sort: null,
    description: 'Technologies the company uses',
  },
  company_keyword: {
    kind: 'array',
    applies_to: 'company',
    source: arr('company_keyword'),
    vocabulary: 'bounded',
    sort: null,
    description: 'Keywords describing the company',
  },
  company_types: {
    kind: 'array',
    applies_to: 'company',
    source: arr('company_types'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Company types',
  },
  business_models: {
    kind: 'array',
    applies_to: 'company',
    source: arr('business_models'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Business models (b2b, b2c, marketplace, …)',
  },
  naics: {
    kind: 'array',
    applies_to: 'company',
    source: arr('naics'),
    vocabulary: 'bounded',
    sort: null,
    description: 'NAICS codes',
  },
  sic: {
    kind: 'array',
    applies_to: 'company',
    source: arr('sic'),
    vocabulary: 'bounded',
    sort: null,
    description: 'SIC codes',
  },
  investors: {
    kind: 'array',
    applies_to: 'company',
    source: arr('investors'),
    vocabulary: 'free_text',
    sort: null,
    description: 'Investors in the company',
  },
  company: {
    kind: 'company',
    applies_to: 'either',
    source: compiled,
    vocabulary: 'free_text',
    sort: 'company_name',
    description: 'Specific companies: entries {value, by} with by domain, name, li (company page URL) or id',
  },
  hiring_role: {
    values_from: [{ table: 'documents', category: 'job_opening', column: 'name' }],
    kind: 'text',
    applies_to: 'company',
    source: compiled,
    vocabulary: 'free_text',
    sort: null,
    description: 'Companies with an open job whose role matches',
  },
  hiring_location: {
    values_from: [{ table: 'documents', category: 'job_opening', path: ['location'] }],
    kind: 'text',
    applies_to: 'company',
    source: compiled,
    vocabulary: 'free_text',
    sort: null,
    description: 'Companies with an open job in a matching location',
  },
  job_openings: {
    kind: 'range',
    applies_to: 'company',
    source: path('job_openings'),
    vocabulary: 'none',
    sort: 'job_openings',
    description: 'Number of open jobs',
  },
  professional_followers: {
    kind: 'range',
    applies_to: 'company',
    source: path('professional_followers'),
    vocabulary: 'none',
    sort: 'professional_followers',
    description: 'Followers of the company page',
  },
  govt_non_govt: {
    kind: 'list',
    applies_to: 'company',
    source: path('govt_non_govt'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Government or non-government',
  },
  profit_non_profit: {
    kind: 'list',
    applies_to: 'company',
    source: path('profit_non_profit'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'For-profit or non-profit',
  },
  business_classification: {
    kind: 'list',
    applies_to: 'company',
    source: path('business_classification'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Business classification',
  },
  country_count: {
    kind: 'range',
    applies_to: 'company',
    source: path('global_presence', 'country_count'),
    vocabulary: 'none',
    sort: 'country_count',
    description: 'Number of countries the company operates in',
  },
  parent_organization: {
    kind: 'text',
    applies_to: 'company',
    source: path('parent_organization', 'name'),
    vocabulary: 'free_text',
    sort: null,
    description: 'Name of the parent organisation',
  },
} as const satisfies Record<string, FilterRow>

/** The person filters, as COMPANY_FILTER_TABLE. */
export const PERSON_FILTER_TABLE = {
  person: {
    kind: 'text',
    applies_to: 'person',
    source: col('name'),
    vocabulary: 'none',
    sort: 'person_name',
    description: 'Person name',
  },
  title: {
    kind: 'text',
    applies_to: 'person',
    source: col('title'),
    vocabulary: 'free_text',
    sort: 'title',
    description: 'Current job title',
  },
  department: {
    parser_vocabulary: 'departments',
    kind: 'list',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'enumerated',
    sort: 'department',
    two_level: true,
    description: 'Department (23 functions plus Others and General) or sub-department (children)',
  },
  seniority: {
    parser_vocabulary: 'seniority_ladder',
    kind: 'list',
    applies_to: 'person',
    source: col('seniority'),
    vocabulary: 'enumerated',
    sort: 'seniority',
    description: 'Seniority: C-Suite, VP, Director / Head, Manager, IC, Entry, In Training',
  },
  skills: {
    kind: 'array',
    applies_to: 'person',
    source: arr('skills'),
    vocabulary: 'bounded',
    sort: null,
    description: 'Skills',
  },
  certifications: {
    kind: 'array',
    applies_to: 'person',
    source: arr('certifications'),
    vocabulary: 'none',
    sort: null,
    description: 'Certifications',
  },
  languages: {
    kind: 'array',
    applies_to: 'person',
    source: arr('languages'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Languages spoken',
  },
  university: {
    kind: 'text',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'none',
    sort: null,
    description: 'A school the person studied at',
  },
  degree: {
    values_from: [personRecord(['education'], 'degree')],
    kind: 'text',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'enumerated',
    sort: null,
    description: 'Degree held',
  },
  field_of_study: {
    values_from: [personRecord(['education'], 'field')],
    kind: 'text',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'enumerated',
    sort: null,
    description: 'Field of study',
  },
  employment_history: {
    kind: 'text',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'none',
    sort: null,
    description: 'A former employer (name or domain)',
  },
  past_title: {
    values_from: [personRecord(['employment_history'], 'title', true)],
    kind: 'text',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'free_text',
    sort: null,
    description: 'A former job title',
  },
  tenure: {
    kind: 'range',
    integer: true,
    applies_to: 'person',
    source: compiled,
    vocabulary: 'none',
    sort: 'tenure',
    description: 'Months in the current job',
  },
  years_worked: {
    kind: 'range',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'none',
    sort: 'years_worked',
    description: 'Years since the first job',
  },
  employment_type: {
    kind: 'list',
    applies_to: 'person',
    source: col('employment_type'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'How the person is engaged (full_time, part_time, contract, …)',
  },
  governance_level: {
    kind: 'array',
    applies_to: 'person',
    source: arr('governance_level'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Founder, owner, board member, advisor',
  },
  has_direct_access_to_c_suite: {
    values_from: [personRecord(['has_direct_access_to_c_suite'])],
    kind: 'boolean',
    applies_to: 'person',
    source: col('has_direct_access_to_c_suite'),
    vocabulary: 'enumerated',
    sort: null,
    description: 'Reports to or sits in the C-suite',
  },
  current_job_start: {
    kind: 'date_range',
    applies_to: 'person',
    source: compiled,
    vocabulary: 'none',
    sort: 'current_job_start',
    description: 'When the current job started (recent job changers)',
  },
  graduation_year: {
    kind: 'range',
    integer: true,
    applies_to: 'person',
    source: compiled,
    vocabulary: 'none',
    sort: 'graduation_year',
    description: 'Year of the latest degree',
  },
  headline: {
    kind: 'text',
    applies_to: 'person',
    source: path('headline'),
    vocabulary: 'free_text',
    sort: null,
    description: 'Words in the professional headline',
  },
} as const satisfies Record<string, FilterRow>

export type CompanyFilterName = keyof typeof COMPANY_FILTER_TABLE
export type PersonFilterName = keyof typeof PERSON_FILTER_TABLE
export type GtmFilterName = CompanyFilterName | PersonFilterName
export const isCompanyFilterName = (name: string): name is CompanyFilterName =>
  Object.hasOwn(COMPANY_FILTER_TABLE, name)
export const isPersonFilterName = (name: string): name is PersonFilterName => Object.hasOwn(PERSON_FILTER_TABLE, name)

/** The names of a table whose rows carry SQL of their own (`source: compiled`). */
export type CompiledFilterName<T> = {
  [K in keyof T]: T[K] extends { source: { compiled: true } } ? K : never
}[keyof T]

const rows = (table: Record<string, FilterRow>): FilterSpec[] =>
  Object.entries(table).map(([name, row]) => ({ name, ...row }))

/** Every company and person filter, company first, in the tables' order (the request schema's order). */
export const GTM_FILTERS: readonly FilterSpec[] = [...rows(COMPANY_FILTER_TABLE), ...rows(PERSON_FILTER_TABLE)]

/** Places by level inside `geo` (request); each level is also a filter-values name. */
export const GEO_LEVELS = ['country', 'state', 'city', 'region'] as const
export type GeoLevel = (typeof GEO_LEVELS)[number]

export const FILTER_VALUE_NAMES: readonly string[] = [...GTM_FILTERS.map((x) => x.name), ...GEO_LEVELS]
/** How many names the filter-values route accepts, derived from the tables. */
export const FILTER_VALUE_NAME_COUNT = FILTER_VALUE_NAMES.length

/** Vocabulary class of the four geo names: city and state are bounded; country and region enumerated. */
export const GEO_VOCABULARY: Record<GeoLevel, VocabularyClass> = {
  country: 'enumerated',
  region: 'enumerated',
  state: 'bounded',
  city: 'bounded',
}

/** Where the values of a geo level live: a place matches a company's headquarters or a person's location, both count. */
export const GEO_VALUES_FROM: Record<GeoLevel, readonly ValueLocation[]> = {
  country: [companyColumn('country'), personColumn('country')],
  state: [companyColumn('state'), personColumn('state')],
  city: [companyColumn('city'), personColumn('city')],
  region: [companyColumn('region', true)],
}

/**
 * The parser's place vocabularies, one per geo level: the companies' own column of that level
 * (`array`: a text[] column), most common values first, up to `max`.
 */
export const PLACE_VOCABULARIES = {
  countries: { level: 'country', column: 'country', max: 300 },
  regions: { level: 'region', column: 'region', array: true, max: 50 },
  states: { level: 'state', column: 'state', max: 500 },
  cities: { level: 'city', column: 'city', max: 1000 },
} as const satisfies Record<string, { level: GeoLevel; column: string; array?: true; max: number }>
export type PlaceVocabulary = keyof typeof PLACE_VOCABULARIES

export const filterSpec = (name: string) => GTM_FILTERS.find((x) => x.name === name)

export type DocumentCategory =
  'patent' | 'news_article' | 'market_report' | 'funding_round' | 'academic_report' | 'trend' | 'job_opening'
export const DOCUMENT_CATEGORIES: readonly DocumentCategory[] = [
  'patent',
  'news_article',
  'market_report',
  'funding_round',
  'academic_report',
  'trend',
  'job_opening',
]

/** Document filters read the record's own fields: no boolean or company entries. */
export type DocumentFilterKind = Exclude<FilterKind, 'boolean' | 'company'>

export interface DocumentFilterSpec {
  name: string
  kind: DocumentFilterKind
  /** Path into the record (jsonb) or a documents column. */
  source: { column: string } | { path: string[] }
  vocabulary: VocabularyClass
  description: string
}

const d = (
  name: string,
  kind: DocumentFilterKind,
  source: DocumentFilterSpec['source'],
  vocabulary: VocabularyClass,
  description: string,
): DocumentFilterSpec => ({ name, kind, source, vocabulary, description })

/** Each document category's own small filter set (spelled as the search request spells it). */
export const DOCUMENT_FILTERS: Record<DocumentCategory, readonly DocumentFilterSpec[]> = {
  patent: [
    d('status', 'list', { path: ['status'] }, 'enumerated', 'granted, applied or unknown'),
    d('classification', 'array', { path: ['classification'] }, 'bounded', 'CPC classification codes'),
    d('applicant', 'text', { path: ['applicants'] }, 'free_text', 'Applicant company name'),
    d('granted_date', 'date_range', { path: ['granted_date'] }, 'none', 'Grant date'),
    d('office', 'list', { path: ['application', 'office'] }, 'enumerated', 'Patent office'),
  ],
  news_article: [
    d('published_at', 'date_range', { column: 'published_at' }, 'none', 'Publication time'),
    d('language', 'list', { path: ['language'] }, 'enumerated', 'Article language'),
    d('tags', 'array', { path: ['tags'] }, 'bounded', 'Topic tags'),
    d('publication', 'text', { path: ['publication', 'title'] }, 'free_text', 'Publication name'),
    d('country', 'list', { column: 'country' }, 'enumerated', 'Country the article is about'),
  ],
  market_report: [
    d('industry', 'list', { column: 'industry' }, 'enumerated', 'Industry covered'),
    d('publisher', 'list', { path: ['publisher'] }, 'enumerated', 'Publisher'),
    d('published_date', 'date_range', { column: 'published_at' }, 'none', 'Publication date'),
  ],
  funding_round: [
    d('type', 'list', { path: ['type'] }, 'enumerated', 'Round type (seed, series_a, …)'),
    d('amount_usd', 'range', { column: 'amount' }, 'none', 'Amount raised, USD'),
    d('announced_on', 'date_range', { column: 'published_at' }, 'none', 'Announcement date'),
    d('investors', 'array', { path: ['investors'] }, 'free_text', 'Investors in the round'),
  ],
  academic_report: [
    d('venue', 'list', { path: ['venue'] }, 'enumerated', 'Journal or conference'),
    d('published', 'date_range', { column: 'published_at' }, 'none', 'Publication date'),
    d('fields', 'array', { path: ['fields'] }, 'enumerated', 'Fields of study'),
    d('citations', 'range', { path: ['citations'] }, 'none', 'Citation count'),
  ],
  trend: [
    d('category', 'list', { path: ['category'] }, 'enumerated', 'Trend category'),
    d('momentum', 'range', { column: 'amount' }, 'none', 'Momentum score'),
    d(
      'related_technologies',
      'array',
      { path: ['related_technologies'] },
      'bounded',
      'Technologies the trend concerns',
    ),
  ],
  job_opening: [
    d('department', 'list', { path: ['department'] }, 'enumerated', 'Department of the role'),
    d('seniority', 'list', { path: ['seniority'] }, 'enumerated', 'Seniority of the role'),
    d('employment_type', 'list', { path: ['employment_type'] }, 'enumerated', 'Employment type'),
    d('location', 'text', { path: ['location'] }, 'free_text', 'Location of the role'),
    d('posted_at', 'date_range', { column: 'published_at' }, 'none', 'When it was posted'),
  ],
}

export interface SortSpec {
  field: string
  label: string
  kind: 'number' | 'date' | 'text'
  group: 'identity' | 'location' | 'professional' | 'firmographic' | 'funding' | null
  definition: string | null
  default_direction: 'asc' | 'desc'
  direction_labels: { asc: string; desc: string }
  applies_to: ('company' | 'person')[]
}

const s = <F extends string>(
  field: F,
  label: string,
  kind: SortSpec['kind'],
  group: SortSpec['group'],
  applies: 'company' | 'person' | 'either',
  definition: string,
  default_direction: 'asc' | 'desc',
  labels?: [string, string],
): SortSpec & { field: F } => ({
  field,
  label,
  kind,
  group,
  definition,
  default_direction,
  direction_labels: {
    asc: labels?.[0] ?? (kind === 'text' ? 'A to Z' : kind === 'date' ? 'Oldest first' : 'Lowest first'),
    desc: labels?.[1] ?? (kind === 'text' ? 'Z to A' : kind === 'date' ? 'Newest first' : 'Highest first'),
  },
  applies_to: applies === 'either' ? ['company', 'person'] : [applies],
})

/** Company and person share one catalogue of 26: 13 company-only, 8 person-only, 5 either (§4.7). */
export const GTM_SORTS = [
  s('company_name', 'Company name', 'text', 'identity', 'company', "The company's name", 'asc'),
  s('employee_count', 'Employees', 'number', 'firmographic', 'company', 'Number of employees', 'desc', [
    'Smallest first',
    'Largest first',
  ]),
  s('revenue', 'Revenue', 'number', 'firmographic', 'company', 'Annual revenue in USD', 'desc'),
  s('founded_year', 'Founded', 'number', 'firmographic', 'company', 'Year founded', 'desc', [
    'Oldest first',
    'Youngest first',
  ]),
  s('industry', 'Industry', 'text', 'firmographic', 'company', 'Primary industry', 'asc'),
  s('operating_status', 'Operating status', 'text', 'firmographic', 'company', 'Active, acquired or closed', 'asc'),
  s('job_openings', 'Open jobs', 'number', 'firmographic', 'company', 'Number of open jobs', 'desc'),
  s(
    'professional_followers',
    'Page followers',
    'number',
    'firmographic',
    'company',
    'Followers of the company page',
    'desc',
  ),
  s('country_count', 'Countries', 'number', 'firmographic', 'company', 'Number of countries of operation', 'desc'),
  s('total_funding', 'Total funding', 'number', 'funding', 'company', 'Total funding raised in USD', 'desc'),
  s(
    'last_funding_amount',
    'Last round amount',
    'number',
    'funding',
    'company',
    'Amount of the latest round in USD',
    'desc',
  ),
  s('last_funding_date', 'Last round date', 'date', 'funding', 'company', 'Date of the latest round', 'desc'),
  s('funding_stage', 'Funding stage', 'text', 'funding', 'company', 'Latest funding stage', 'asc'),
  s('person_name', 'Name', 'text', 'identity', 'person', "The person's name", 'asc'),
  s('title', 'Title', 'text', 'professional', 'person', 'Current job title', 'asc'),
  s('seniority', 'Seniority', 'number', 'professional', 'person', 'Position on the ladder, C-Suite highest', 'desc', [
    'Most junior first',
    'Most senior first',
  ]),
  s('department', 'Department', 'text', 'professional', 'person', 'Department', 'asc'),
  s('tenure', 'Tenure', 'number', 'professional', 'person', 'Months in the current job', 'desc', [
    'Shortest first',
    'Longest first',
  ]),
  s('years_worked', 'Years worked', 'number', 'professional', 'person', 'Years since the first job', 'desc', [
    'Fewest first',
    'Most first',
  ]),
  s(
    'current_job_start',
    'Current job start',
    'date',
    'professional',
    'person',
    'When the current job started',
    'desc',
    ['Longest in role first', 'Most recent movers first'],
  ),
  s('graduation_year', 'Graduation year', 'number', 'professional', 'person', 'Year of the latest degree', 'desc'),
  s(
    'country',
    'Country',
    'text',
    'location',
    'either',
    "Country (the company's headquarters, the person's location)",
    'asc',
  ),
  s('state', 'State', 'text', 'location', 'either', 'State or region within the country', 'asc'),
  s('city', 'City', 'text', 'location', 'either', 'City', 'asc'),
  s('region', 'Region', 'text', 'location', 'either', 'World region', 'asc'),
  s('updated_at', 'Last updated', 'date', 'identity', 'either', 'When the record last changed in the index', 'desc'),
] as const satisfies readonly SortSpec[]

/** The name of a company or person sort field (GTM_SORTS). */
export type GtmSortName = (typeof GTM_SORTS)[number]['field']

const ds = (field: string, label: string, kind: SortSpec['kind'], definition: string): SortSpec => ({
  ...s(field, label, kind, null, 'company', definition, kind === 'text' ? 'asc' : 'desc'),
  group: null,
  applies_to: [],
})

export const DOCUMENT_SORTS: Record<DocumentCategory, readonly SortSpec[]> = {
  patent: [
    ds('granted_date', 'Grant date', 'date', 'Date the patent was granted'),
    ds('filed', 'Filing date', 'date', 'Application filing date'),
    ds('title', 'Title', 'text', 'Patent title'),
  ],
  news_article: [
    ds('published_at', 'Published', 'date', 'Publication time'),
    ds('title', 'Headline', 'text', 'Headline'),
  ],
  market_report: [
    ds('published_date', 'Published', 'date', 'Publication date'),
    ds('title', 'Title', 'text', 'Report title'),
  ],
  funding_round: [
    ds('announced_on', 'Announced', 'date', 'Announcement date'),
    ds('amount_usd', 'Amount', 'number', 'Amount raised in USD'),
  ],
  academic_report: [
    ds('published', 'Published', 'date', 'Publication date'),
    ds('citations', 'Citations', 'number', 'Citation count'),
  ],
  trend: [ds('momentum', 'Momentum', 'number', 'Momentum score'), ds('name', 'Name', 'text', 'Trend name')],
  job_opening: [
    ds('posted_at', 'Posted', 'date', 'When it was posted'),
    ds('salary', 'Salary', 'number', 'Top of the salary range'),
  ],
}

/** Where a document sort field reads on the documents table: a column, or a path into the record. */
export type DocumentSortSource =
  { column: string; kind: SortSpec['kind'] } | { path: readonly string[]; kind: SortSpec['kind'] }

/**
 * The source of every DOCUMENT_SORTS field, per category (src/store/search-filters.ts compiles it;
 * test/unit/search-catalogue.test.ts checks both tables name the same fields).
 */
export const DOCUMENT_SORT_SOURCES: Record<DocumentCategory, Record<string, DocumentSortSource>> = {
  patent: {
    granted_date: { path: ['granted_date'], kind: 'date' },
    filed: { path: ['application', 'filed'], kind: 'date' },
    title: { column: 'name', kind: 'text' },
  },
  news_article: { published_at: { column: 'published_at', kind: 'date' }, title: { column: 'name', kind: 'text' } },
  market_report: {
    published_date: { column: 'published_at', kind: 'date' },
    title: { column: 'name', kind: 'text' },
  },
  funding_round: {
    announced_on: { column: 'published_at', kind: 'date' },
    amount_usd: { column: 'amount', kind: 'number' },
  },
  academic_report: {
    published: { column: 'published_at', kind: 'date' },
    citations: { path: ['citations'], kind: 'number' },
  },
  trend: { momentum: { column: 'amount', kind: 'number' }, name: { column: 'name', kind: 'text' } },
  job_opening: { posted_at: { column: 'published_at', kind: 'date' }, salary: { column: 'amount', kind: 'number' } },
}

/** The person sort fields: those a person filter row names in its `sort` (person_name, title, …). */
export type PersonSortName = NonNullable<(typeof PERSON_FILTER_TABLE)[PersonFilterName]['sort']>

export function sortCatalogue(category: string): readonly SortSpec[] {
  if (category === 'company' || category === 'person') return GTM_SORTS
  return DOCUMENT_SORTS[category as DocumentCategory] ?? []
}
