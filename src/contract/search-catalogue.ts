// The closed catalogues of search filters and sort fields (data-routes §4.1, §4.6, §4.7, §2.10).
// Company and person filters are typed; `geo` carries places by level. The filter-values route
// accepts every company or person filter except geo, plus country, state, city and region: 54.
// Document categories have their own small sets. One table here feeds the request schema, the
// query compiler, the filter-values route and the sort catalogue.

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

export interface FilterSpec {
  name: string
  kind: FilterKind
  /** Which entity the filter reads: a company filter on a person search reads the person's current employer. */
  applies_to: 'company' | 'person' | 'either'
  vocabulary: VocabularyClass
  /** Two-level filters (industry, sub_industry, department): level parents or children. */
  two_level?: boolean
  description: string
}

const f = (
  name: string,
  kind: FilterKind,
  applies_to: FilterSpec['applies_to'],
  vocabulary: VocabularyClass,
  description: string,
  two_level = false,
): FilterSpec => ({ name, kind, applies_to, vocabulary, description, ...(two_level ? { two_level } : {}) })

export const GTM_FILTERS: readonly FilterSpec[] = [
  // Company (30)
  f('industry', 'list', 'company', 'enumerated', 'Primary industry (parent level of the industry taxonomy)', true),
  f('sub_industry', 'list', 'company', 'enumerated', 'Sub-industry (child level; `parent` names its industry)', true),
  f('employee_count', 'range', 'company', 'none', 'Number of employees'),
  f('revenue', 'range', 'company', 'none', 'Annual revenue, USD'),
  f('founded_year', 'range', 'company', 'none', 'Year founded'),
  f('total_funding', 'range', 'company', 'none', 'Total funding raised, USD'),
  f('last_funding_amount', 'range', 'company', 'none', 'Amount of the latest round, USD'),
  f('last_funding_date', 'date_range', 'company', 'none', 'Date of the latest round'),
  f('funding_stage', 'list', 'company', 'enumerated', 'Latest funding stage (seed, series_a, …)'),
  f('growth_stage', 'list', 'company', 'enumerated', 'Growth stage'),
  f('ipo_status', 'list', 'company', 'enumerated', 'Public or private'),
  f('ownership', 'list', 'company', 'enumerated', 'Ownership type'),
  f('operating_status', 'list', 'company', 'enumerated', 'Operating status (active, acquired, closed)'),
  f('technology', 'array', 'company', 'bounded', 'Technologies the company uses'),
  f('company_keyword', 'array', 'company', 'bounded', 'Keywords describing the company'),
  f('company_types', 'array', 'company', 'enumerated', 'Company types'),
  f('business_models', 'array', 'company', 'enumerated', 'Business models (b2b, b2c, marketplace, …)'),
  f('naics', 'array', 'company', 'bounded', 'NAICS codes'),
  f('sic', 'array', 'company', 'bounded', 'SIC codes'),
  f('investors', 'array', 'company', 'free_text', 'Investors in the company'),
  f(
    'company',
    'company',
    'either',
    'free_text',
    'Specific companies: entries {value, by} with by domain, name, li (company page URL) or id',
  ),
  f('hiring_role', 'text', 'company', 'free_text', 'Companies with an open job whose role matches'),
  f('hiring_location', 'text', 'company', 'free_text', 'Companies with an open job in a matching location'),
  f('job_openings', 'range', 'company', 'none', 'Number of open jobs'),
  f('professional_followers', 'range', 'company', 'none', 'Followers of the company page'),
  f('govt_non_govt', 'list', 'company', 'enumerated', 'Government or non-government'),
  f('profit_non_profit', 'list', 'company', 'enumerated', 'For-profit or non-profit'),
  f('business_classification', 'list', 'company', 'enumerated', 'Business classification'),
  f('country_count', 'range', 'company', 'none', 'Number of countries the company operates in'),
  f('parent_organization', 'text', 'company', 'free_text', 'Name of the parent organisation'),
  // Person (20)
  f('person', 'text', 'person', 'none', 'Person name'),
  f('title', 'text', 'person', 'free_text', 'Current job title'),
  f(
    'department',
    'list',
    'person',
    'enumerated',
    'Department (23 functions plus Others and General) or sub-department (children)',
    true,
  ),
  f(
    'seniority',
    'list',
    'person',
    'enumerated',
    'Seniority: C-Suite, VP, Director / Head, Manager, IC, Entry, In Training',
  ),
  f('skills', 'array', 'person', 'bounded', 'Skills'),
  f('certifications', 'array', 'person', 'none', 'Certifications'),
  f('languages', 'array', 'person', 'enumerated', 'Languages spoken'),
  f('university', 'text', 'person', 'none', 'A school the person studied at'),
  f('degree', 'text', 'person', 'enumerated', 'Degree held'),
  f('field_of_study', 'text', 'person', 'enumerated', 'Field of study'),
  f('employment_history', 'text', 'person', 'none', 'A former employer (name or domain)'),
  f('past_title', 'text', 'person', 'free_text', 'A former job title'),
  f('tenure', 'range', 'person', 'none', 'Months in the current job'),
  f('years_worked', 'range', 'person', 'none', 'Years since the first job'),
  f('employment_type', 'list', 'person', 'enumerated', 'How the person is engaged (full_time, part_time, contract, …)'),
  f('governance_level', 'array', 'person', 'enumerated', 'Founder, owner, board member, advisor'),
  f('has_direct_access_to_c_suite', 'boolean', 'person', 'enumerated', 'Reports to or sits in the C-suite'),
  f('current_job_start', 'date_range', 'person', 'none', 'When the current job started (recent job changers)'),
  f('graduation_year', 'range', 'person', 'none', 'Year of the latest degree'),
  f('headline', 'text', 'person', 'free_text', 'Words in the professional headline'),
]

/** Places by level inside `geo` (request); each level is also a filter-values name. */
export const GEO_LEVELS = ['country', 'state', 'city', 'region'] as const
export type GeoLevel = (typeof GEO_LEVELS)[number]

export const FILTER_VALUE_NAMES: readonly string[] = [...GTM_FILTERS.map((x) => x.name), ...GEO_LEVELS]

/** Vocabulary class of the four geo names: city and state are bounded; country and region enumerated. */
export const GEO_VOCABULARY: Record<GeoLevel, VocabularyClass> = {
  country: 'enumerated',
  region: 'enumerated',
  state: 'bounded',
  city: 'bounded',
}

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

export interface DocumentFilterSpec {
  name: string
  kind: FilterKind
  /** Path into the record (jsonb) or a documents column. */
  source: { column: string } | { path: string[] }
  vocabulary: VocabularyClass
  description: string
}

const d = (
  name: string,
  kind: FilterKind,
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

const s = (
  field: string,
  label: string,
  kind: SortSpec['kind'],
  group: SortSpec['group'],
  applies: 'company' | 'person' | 'either',
  definition: string,
  default_direction: 'asc' | 'desc',
  labels?: [string, string],
): SortSpec => ({
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
export const GTM_SORTS: readonly SortSpec[] = [
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
]

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

export function sortCatalogue(category: string): readonly SortSpec[] {
  if (category === 'company' || category === 'person') return GTM_SORTS
  return DOCUMENT_SORTS[category as DocumentCategory] ?? []
}
