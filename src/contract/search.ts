// Search and look-alikes (data-routes §4.1, §2.2 rows, platform §2.2 envelope): request bodies,
// the typed filter catalogue, and the response envelope.
import { Type, type Static, type TSchema } from 'typebox'
import { ListEnvelope, Nullable, Strict } from './common.ts'
import { ENTITY_CATEGORIES } from './records.ts'
import { DOCUMENT_FILTERS, GTM_FILTERS, type DocumentCategory, type FilterKind } from './search-catalogue.ts'

export const SEARCH_LIMIT = { min: 1, max: 100, default: 25 }
export const SIMILAR_ANCHORS_MAX = 10

const Values = Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 100 })
export const ListFilter = Strict({ include: Type.Optional(Values), exclude: Type.Optional(Values) })
export const RangeFilter = Strict({ min: Type.Optional(Type.Number()), max: Type.Optional(Type.Number()) })
/** A catalogue row's `integer` range: a fraction or a value outside 32 bits is refused here, not by PostgreSQL. */
const INT32 = Type.Integer({ minimum: -(2 ** 31), maximum: 2 ** 31 - 1 })
const IntegerRangeFilter = Strict({ min: Type.Optional(INT32), max: Type.Optional(INT32) })
/**
 * A calendar day (2024-02-29), a date-time, or a month (2024-02), from year 0001: what the store
 * can cast to a date. 2020-02-30, year 0000 or trailing text answered 500 before.
 */
const FROM_YEAR_1 = '^(?!0000)'
const IsoDate = Type.Union([
  Type.String({ format: 'date', pattern: FROM_YEAR_1 }),
  Type.String({ format: 'date-time', pattern: FROM_YEAR_1 }),
  Type.String({ pattern: '^(?!0000)\\d{4}-(0[1-9]|1[0-2])$' }),
])
export const DateFilter = Strict({ from: Type.Optional(IsoDate), to: Type.Optional(IsoDate) })
export const CompanyEntry = Strict({
  value: Type.String({ minLength: 1, maxLength: 300 }),
  by: Type.Enum(['domain', 'name', 'li', 'id']),
})
export const CompanyFilter = Strict({
  include: Type.Optional(Type.Array(CompanyEntry, { maxItems: 100 })),
  exclude: Type.Optional(Type.Array(CompanyEntry, { maxItems: 100 })),
})
export const GeoPlace = Strict({
  value: Type.String({ minLength: 1, maxLength: 200 }),
  level: Type.Enum(['country', 'state', 'city', 'region']),
})
export const GeoFilter = Strict({
  include: Type.Optional(Type.Array(GeoPlace, { maxItems: 100 })),
  exclude: Type.Optional(Type.Array(GeoPlace, { maxItems: 100 })),
})

const KIND_SCHEMA: Record<FilterKind, TSchema> = {
  list: ListFilter,
  array: ListFilter,
  text: ListFilter,
  range: RangeFilter,
  date_range: DateFilter,
  boolean: Type.Boolean(),
  company: CompanyFilter,
}

/** Company and person filters: every typed filter of the catalogue plus `geo`. Unknown names are 422. */
export const GtmFilters = Strict(
  Object.fromEntries([
    ...GTM_FILTERS.map((f) => [
      f.name,
      Type.Optional({
        ...(f.integer ? IntegerRangeFilter : KIND_SCHEMA[f.kind]),
        description: f.description,
      }),
    ]),
    ['geo', Type.Optional(GeoFilter)],
  ]),
  { description: 'Company and person filters (see GET /v1/search/filters/{name} for values)' },
)

/** Each document category's own small set; GTM-only filters are refused (422), never ignored. */
export const DocumentFilters: Record<DocumentCategory, TSchema> = Object.fromEntries(
  Object.entries(DOCUMENT_FILTERS).map(([c, specs]) => [
    c,
    Strict(
      Object.fromEntries(
        specs.map((s) => [s.name, Type.Optional({ ...KIND_SCHEMA[s.kind], description: s.description })]),
      ),
    ),
  ]),
) as unknown as Record<DocumentCategory, TSchema>

export const Category = Type.Enum([...ENTITY_CATEGORIES])
export const SortClause = Strict({
  field: Type.String({ minLength: 1, maxLength: 64 }),
  direction: Type.Optional(Type.Enum(['asc', 'desc'])),
})

export const SearchBody = Strict({
  query: Type.Optional(
    Nullable(
      Type.String({ maxLength: 2000, description: 'The words to match; may be omitted when filters are given' }),
    ),
  ),
  category: Type.Optional(Category),
  mode: Type.Optional(
    Type.Enum(['fast', 'auto', 'deep'], {
      default: 'auto',
      description:
        'fast: words by meaning, no parser. auto: a parser extracts filters. deep: several steps, slowest, priced highest',
    }),
  ),
  filters: Type.Optional(
    Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'Company/person: the typed catalogue (GtmFilters); document categories: their own sets',
      },
    ),
  ),
  include_domains: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 1000 })),
  sort: Type.Optional(Type.Array(SortClause, { maxItems: 3 })),
  limit: Type.Optional(
    Type.Integer({ minimum: SEARCH_LIMIT.min, maximum: SEARCH_LIMIT.max, default: SEARCH_LIMIT.default }),
  ),
  cursor: Type.Optional(Nullable(Type.String({ maxLength: 8000 }))),
})
export type SearchBody = Static<typeof SearchBody>

export const SearchRow = Type.Object(
  { id: Type.String(), category: Category, score: Type.Number() },
  {
    additionalProperties: true,
    description:
      "id (a company's domain, else a 16-hex hash), category, score, beside the flattened record fields of the category",
  },
)

export const SearchResponse = ListEnvelope(SearchRow)

export const SimilarBody = Strict({
  anchors: Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
    minItems: 1,
    maxItems: SIMILAR_ANCHORS_MAX,
    description: 'Companies to resemble: domains, company page URLs or names (detected per anchor)',
  }),
  filters: Type.Optional(Type.Object({}, { additionalProperties: true })),
  limit: Type.Optional(
    Type.Integer({ minimum: SEARCH_LIMIT.min, maximum: SEARCH_LIMIT.max, default: SEARCH_LIMIT.default }),
  ),
  cursor: Type.Optional(Nullable(Type.String({ maxLength: 8000 }))),
})
export type SimilarBody = Static<typeof SimilarBody>
