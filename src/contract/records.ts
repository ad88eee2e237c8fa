// Record shapes of the nine categories (data-routes §2.2–2.6) plus the School institution record,
// and each category's identifier. Every field is optional and nullable, as the contract states for
// companies; objects are closed (additionalProperties: false) so ingestion rejects unknown fields.
// The designed shapes (person, trend, academic report, funding round, job opening) are in docs/corpus.md.
import { Type, type Static, type TSchema } from 'typebox'

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema))
const Str = () => Opt(Type.String())
const Strs = () => Opt(Type.Array(Type.String()))
const Int = () => Opt(Type.Integer())
const Num = () => Opt(Type.Number())
const Closed = { additionalProperties: false } as const

// §1: the closed set of categories, in the contract's order.
export const ENTITY_CATEGORIES = [
  'company',
  'person',
  'patent',
  'news_article',
  'market_report',
  'funding_round',
  'academic_report',
  'trend',
  'job_opening',
] as const
export const EntityCategory = Type.Union(ENTITY_CATEGORIES.map((c) => Type.Literal(c)))
export type EntityCategory = (typeof ENTITY_CATEGORIES)[number]

/** What `dsp ingest --category` and the admin route take: the nine categories, plus schools (institutions only). */
export const INGEST_CATEGORIES = [...ENTITY_CATEGORIES, 'school'] as const
export type IngestCategory = (typeof INGEST_CATEGORIES)[number]

/** `{min, max}` with either end open (null), e.g. an employee range of 10001+. */
export const NumericRange = Type.Object({ min: Num(), max: Num() }, Closed)
export type NumericRange = Static<typeof NumericRange>

/** A company named by a record, with its domain when known (`companies.direct_link`, trends). */
export const CompanyRef = Type.Object({ name: Str(), domain: Str() }, Closed)
export type CompanyRef = Static<typeof CompanyRef>

export const Place = Type.Object({ city: Str(), state: Str(), country: Str() }, Closed)
export type Place = Static<typeof Place>

// ---- Company (§2.2) ----

export const CompanyFundingRound = Type.Object(
  { type: Str(), announced_on: Str(), amount_usd: Num(), investors: Strs() },
  Closed,
)
export type CompanyFundingRound = Static<typeof CompanyFundingRound>

export const Deal = Type.Object({ company: Str(), announced_on: Str(), amount_usd: Num() }, Closed)
export type Deal = Static<typeof Deal>

const NamedType = Type.Object({ name: Str(), type: Str() }, Closed)

export const Company = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    account_name: Str(),
    legal_name: Str(),
    domain: Str(),
    website: Str(),
    logo: Str(),
    description: Str(),
    short_description: Str(),
    industry: Str(),
    sub_industry: Str(),
    other_industries: Strs(),
    business_classification: Str(),
    business_models: Strs(),
    company_types: Strs(),
    company_keyword: Strs(),
    clients: Strs(),
    partnerships: Strs(),
    suppliers: Strs(),
    technology: Strs(),
    naics: Strs(),
    sic: Strs(),
    investors: Strs(),
    region: Strs(),
    city: Str(),
    state: Str(),
    country: Str(),
    postal_code: Str(),
    street_address: Str(),
    location: Str(),
    latitude: Num(),
    longitude: Num(),
    employee_count: Int(),
    employee_range: Opt(NumericRange),
    revenue_range: Opt(NumericRange),
    revenue: Num(),
    total_funding: Num(),
    last_funding_amount: Num(),
    last_funding_date: Str(),
    employees_by_country: Opt(Type.Record(Type.String(), Type.Number({ minimum: 0 }))),
    department_headcount: Opt(Type.Record(Type.String(), Type.Number({ minimum: 0 }))),
    founded_year: Int(),
    funding_stage: Str(),
    growth_stage: Str(),
    ipo_status: Str(),
    operating_status: Str(),
    ownership: Str(),
    govt_non_govt: Str(),
    profit_non_profit: Str(),
    funding_rounds: Opt(Type.Array(CompanyFundingRound)),
    acquisitions: Opt(Type.Array(Deal)),
    acquired_by: Opt(Type.Array(Deal)),
    global_presence: Opt(
      Type.Object(
        { hq_country: Str(), countries: Strs(), country_count: Type.Optional(Type.Integer({ default: 0 })) },
        Closed,
      ),
    ),
    job_openings: Type.Optional(Type.Union([Type.String(), Type.Integer(), Type.Null()])),
    office_locations: Opt(Type.Array(Type.Object({ address: Str(), city: Str(), country: Str() }, Closed))),
    parent_organization: Opt(NamedType),
    subsidiaries: Opt(Type.Array(NamedType)),
    products: Opt(Type.Array(Type.Object({ name: Str(), description: Str() }, Closed))),
    professional_url: Str(),
    professional_followers: Int(),
    social_a_url: Str(),
    social_b_url: Str(),
  },
  Closed,
)
export type Company = Static<typeof Company>

// ---- Patent (§2.3) ----

const CountryCode = Type.Object({ code: Str(), name: Str() }, Closed)

export const Patent = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    patent_id: Str(),
    title: Str(),
    abstract: Str(),
    status: Opt(Type.Union([Type.Literal('granted'), Type.Literal('applied'), Type.Literal('unknown')])),
    granted_date: Str(),
    created_at: Str(),
    family_number: Str(),
    tags: Strs(),
    classification: Strs(),
    classification_detail: Opt(Type.Array(Type.Object({ code: Str(), definition: Str() }, Closed))),
    applicants: Opt(
      Type.Array(
        Type.Object(
          {
            name: Str(),
            company_id: Str(),
            // §2.3 shows only these two keys of company_connection.
            company_connection: Opt(
              Type.Object({ company_id: Str(), country: Opt(Type.Union([Type.String(), CountryCode])) }, Closed),
            ),
            country: Opt(CountryCode),
          },
          Closed,
        ),
      ),
    ),
    inventors: Opt(Type.Array(Type.Object({ name: Str() }, Closed))),
    application: Opt(
      Type.Object(
        { number: Str(), filed: Str(), kind_code: Str(), office: Str(), office_name: Str(), type: Str() },
        Closed,
      ),
    ),
    priority: Opt(Type.Array(Type.Object({ number: Str(), date: Str() }, Closed))),
    publications: Opt(
      Type.Array(
        Type.Object(
          { number: Str(), date: Str(), granted: Opt(Type.Boolean()), kind_code: Str(), status: Str() },
          Closed,
        ),
      ),
    ),
  },
  Closed,
)
export type Patent = Static<typeof Patent>

// ---- News article (§2.4) ----

export const NewsArticle = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    title: Str(),
    author: Str(),
    summary: Str(),
    content: Str(),
    language: Str(),
    link: Str(),
    published_at: Str(),
    updated_at: Str(),
    tags: Strs(),
    products: Strs(),
    places: Opt(Type.Object({ cities: Strs(), countries: Strs() }, Closed)),
    publication: Opt(Type.Object({ domain: Str(), link: Str(), popularity_rank: Num(), title: Str() }, Closed)),
    companies: Opt(
      Type.Object({ direct_link: Opt(Type.Array(CompanyRef)), linked: Opt(Type.Array(CompanyRef)) }, Closed),
    ),
  },
  Closed,
)
export type NewsArticle = Static<typeof NewsArticle>

// ---- Market report (§2.5) ----

export const MarketReport = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    title: Str(),
    body: Str(),
    body_free: Str(),
    industry: Str(),
    published_date: Str(),
    publisher: Str(),
    url: Str(),
  },
  Closed,
)
export type MarketReport = Static<typeof MarketReport>

// ---- Person (designed; §2.6 does not show it) ----

/** One job. Dates are `YYYY-MM`; `end` null means the person still holds it. */
export const Employment = Type.Object(
  {
    company: Str(),
    // The company's key in the affiliation graph: its domain; null when the entry names the
    // employer only (matched by name, confidence `name`).
    company_id: Str(),
    domain: Str(),
    title: Str(),
    department: Str(),
    seniority: Str(),
    start: Str(),
    end: Str(),
  },
  Closed,
)
export type Employment = Static<typeof Employment>

/** One degree. Dates are `YYYY-MM`; an `end` after today is an expected graduation. */
export const Education = Type.Object(
  { school: Str(), school_id: Str(), degree: Str(), field: Str(), start: Str(), end: Str() },
  Closed,
)
export type Education = Static<typeof Education>

export const Person = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    name: Str(),
    first_name: Str(),
    last_name: Str(),
    headline: Str(),
    summary: Str(),
    title: Str(),
    // The entity id (platform §4.7 rule 1): `linkedin.com/in/<slug>`, normalised.
    profile_url: Str(),
    location: Opt(Place),
    current_employer: Opt(
      Type.Object(
        {
          company: Str(),
          company_id: Str(),
          domain: Str(),
          // As ingested, else the stored company's, read when the record is answered
          // (store/person-records.ts, docs/corpus.md §1.3): either ingest order gives the same answer.
          industry: Type.Optional(
            Type.Union([Type.String(), Type.Null()], {
              description:
                "The current employer's industry: as ingested with the person, else the industry of the stored company of the employer (by domain, else by the current job's company name), read when the record is answered; null when neither is known",
            }),
          ),
        },
        Closed,
      ),
    ),
    // Department, sub-department and seniority labels of the org-chart taxonomy (docs/corpus.md).
    department: Str(),
    sub_department: Str(),
    seniority: Str(),
    skills: Strs(),
    certifications: Strs(),
    languages: Strs(),
    employment_history: Opt(Type.Array(Employment)),
    education: Opt(Type.Array(Education)),
    has_direct_access_to_c_suite: Opt(Type.Boolean()),
    employment_type: Str(),
    governance_level: Strs(),
  },
  Closed,
)
export type Person = Static<typeof Person>

// ---- School (an education institution of the affiliation graph; not an EntityCategory) ----

export const School = Type.Object(
  {
    name: Str(),
    // The institution key (SharedInstitution.id for kind education): a slug such as `ashford-university`.
    school_id: Str(),
    domain: Str(),
    kind: Str(),
    city: Str(),
    country: Str(),
    professional_url: Str(),
  },
  Closed,
)
export type School = Static<typeof School>

// ---- Trend (designed) ----

export const Trend = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    name: Str(),
    description: Str(),
    category: Str(),
    // 0..100: how fast attention is growing now; direction says which way it moves.
    momentum: Num(),
    direction: Opt(Type.Union([Type.Literal('rising'), Type.Literal('stable'), Type.Literal('declining')])),
    growth_rate_pct: Num(),
    first_seen: Str(),
    last_updated: Str(),
    industries: Strs(),
    keywords: Strs(),
    related_companies: Opt(Type.Array(CompanyRef)),
    related_technologies: Strs(),
  },
  Closed,
)
export type Trend = Static<typeof Trend>

// ---- Academic report (designed) ----

export const AcademicReport = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    doi: Str(),
    title: Str(),
    abstract: Str(),
    // affiliation_id: a school_id or a company domain, so authors join the affiliation graph.
    authors: Opt(Type.Array(Type.Object({ name: Str(), affiliation: Str(), affiliation_id: Str() }, Closed))),
    venue: Str(),
    published: Str(),
    citations: Int(),
    fields: Strs(),
    keywords: Strs(),
    url: Str(),
    open_access: Opt(Type.Boolean()),
  },
  Closed,
)
export type AcademicReport = Static<typeof AcademicReport>

// ---- Funding round (designed; one element of a company's funding_rounds, standing alone) ----

export const FundingRound = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    company: Str(),
    company_domain: Str(),
    type: Str(),
    announced_on: Str(),
    amount_usd: Num(),
    currency: Str(),
    investors: Strs(),
    lead_investors: Strs(),
    industry: Str(),
    country: Str(),
    summary: Str(),
  },
  Closed,
)
export type FundingRound = Static<typeof FundingRound>

// ---- Job opening (designed) ----

export const JobOpening = Type.Object(
  {
    id: Str(),
    // The id the source gives the record (docs/ingest.md §2), e.g. `crm:123`.
    source_id: Str(),
    role: Str(),
    company: Str(),
    company_domain: Str(),
    location: Str(),
    city: Str(),
    country: Str(),
    remote: Opt(Type.Boolean()),
    department: Str(),
    seniority: Str(),
    posted_at: Str(),
    description: Str(),
    employment_type: Str(),
    salary_range: Opt(Type.Object({ min: Num(), max: Num(), currency: Str() }, Closed)),
    url: Str(),
  },
  Closed,
)
export type JobOpening = Static<typeof JobOpening>

export const RecordSchemas: Record<EntityCategory, TSchema> = {
  company: Company,
  person: Person,
  patent: Patent,
  news_article: NewsArticle,
  market_report: MarketReport,
  funding_round: FundingRound,
  academic_report: AcademicReport,
  trend: Trend,
  job_opening: JobOpening,
}

export interface RecordTypes {
  company: Company
  person: Person
  patent: Patent
  news_article: NewsArticle
  market_report: MarketReport
  funding_round: FundingRound
  academic_report: AcademicReport
  trend: Trend
  job_opening: JobOpening
}

export interface CategoryIdentifier {
  /** The field holding the entity id of platform §4.7 rule 1 (what lists store, what lookups take). */
  readonly id_field: string
  /** The field a `by: name` lookup matches (data-routes §4.3). */
  readonly name_field: string
  /** Upsert keys, first complete one wins: the fields that make two records the same record. */
  readonly keys: readonly (readonly string[])[]
}

// Identity of each category. Internal ids (`id`) are assigned by the store and never part of a key.
export const CATEGORY_IDENTIFIERS = {
  company: { id_field: 'domain', name_field: 'account_name', keys: [['domain'], ['professional_url']] },
  person: { id_field: 'profile_url', name_field: 'name', keys: [['profile_url']] },
  patent: { id_field: 'patent_id', name_field: 'title', keys: [['patent_id']] },
  academic_report: { id_field: 'doi', name_field: 'title', keys: [['doi']] },
  trend: { id_field: 'name', name_field: 'name', keys: [['name']] },
  news_article: { id_field: 'title', name_field: 'title', keys: [['link'], ['title', 'published_at']] },
  market_report: { id_field: 'title', name_field: 'title', keys: [['url'], ['title', 'publisher']] },
  funding_round: {
    id_field: 'company',
    name_field: 'company',
    keys: [
      ['company_domain', 'type', 'announced_on'],
      ['company', 'type', 'announced_on'],
    ],
  },
  job_opening: {
    id_field: 'role',
    name_field: 'role',
    keys: [
      ['company_domain', 'role', 'posted_at'],
      ['company', 'role', 'posted_at'],
    ],
  },
} as const satisfies Record<EntityCategory, CategoryIdentifier>
