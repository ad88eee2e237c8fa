// Filter values and sort fields (data-routes §2.10, §4.6, §4.7). Names and categories in the path
// are free strings: an unknown one is a 422 listing the accepted values (the routes have no 404),
// checked by domain/search/filter-values.ts and domain/search/sorts.ts.
import { Type, type Static } from 'typebox'
import { Nullable, Strict, WithMeta } from './common.ts'
import { ENTITY_CATEGORIES } from './records.ts'
import { FILTER_VALUE_NAME_COUNT } from './search-catalogue.ts'

const EntityCategory = Type.Enum([...ENTITY_CATEGORIES])

const Search = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Case-insensitive substring, applied before paging',
})
// The upper bound only keeps the offset inside a 64-bit integer; no list comes near it.
const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number; 20 values a page' })

export const FilterValuesParams = Strict({
  name: Type.String({
    description: `FilterName: one of ${FILTER_VALUE_NAME_COUNT} (every company or person filter except geo, plus country, state, city, region)`,
  }),
})
export type FilterValuesParams = Static<typeof FilterValuesParams>

export const FilterValuesQuery = Strict({
  search: Type.Optional(Search),
  page: Type.Optional(Page),
  level: Type.Optional(
    Type.Enum(['parents', 'children'], { description: 'industry, sub_industry and department only; not with parent' }),
  ),
  parent: Type.Optional(
    Type.String({
      minLength: 1,
      description: "One parent's children (industry, sub_industry, department); not with level",
    }),
  ),
})
export type FilterValuesQuery = Static<typeof FilterValuesQuery>

export const FilterValueItem = Strict(
  {
    value: Type.String(),
    name: Nullable(Type.String()),
    domain: Nullable(Type.String()),
    id: Nullable(Type.String()),
  },
  { description: 'Aligned with values; name, domain and id are set for the company filter only' },
)
export type FilterValueItem = Static<typeof FilterValueItem>

const pageFields = {
  values: Type.Array(Type.String(), { description: 'Empty for filters with no fixed vocabulary' }),
  items: Type.Array(FilterValueItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ description: 'Always 20' }),
  has_more: Type.Boolean(),
}

export const FilterValuesResponse = WithMeta({ filter: Type.String({ description: 'FilterName' }), ...pageFields })
export type FilterValuesResponse = Static<typeof FilterValuesResponse>

export const DocumentFilterValuesParams = Strict({
  category: Type.String({
    description:
      'A document category: patent, news_article, market_report, funding_round, academic_report, trend, job_opening',
  }),
  name: Type.String({ description: 'The filter, spelled as the search request spells it' }),
})
export type DocumentFilterValuesParams = Static<typeof DocumentFilterValuesParams>

export const DocumentFilterValuesQuery = Strict({ search: Type.Optional(Search), page: Type.Optional(Page) })
export type DocumentFilterValuesQuery = Static<typeof DocumentFilterValuesQuery>

export const DocumentFilterValuesResponse = WithMeta({ category: EntityCategory, filter: Type.String(), ...pageFields })
export type DocumentFilterValuesResponse = Static<typeof DocumentFilterValuesResponse>

export const SortsParams = Strict({ category: Type.String({ description: 'EntityCategory: one of the nine' }) })
export type SortsParams = Static<typeof SortsParams>

const Direction = Type.Enum(['asc', 'desc'])

export const SortFieldInfo = Strict({
  field: Type.String(),
  label: Type.String(),
  kind: Type.Enum(['number', 'date', 'text']),
  group: Nullable(
    Type.Enum(['identity', 'location', 'professional', 'firmographic', 'funding'], {
      description: 'null on a document category',
    }),
  ),
  definition: Nullable(Type.String()),
  directions: Type.Array(Direction, { description: 'Always both today' }),
  default_direction: Direction,
  direction_labels: Strict(
    { asc: Type.String(), desc: Type.String() },
    { description: 'How each direction reads, e.g. tenure: shortest and longest first' },
  ),
  applies_to: Type.Array(Type.Enum(['company', 'person']), {
    description: 'company, person or both; empty on a document category',
  }),
})
export type SortFieldInfo = Static<typeof SortFieldInfo>

export const SortCatalogueResponse = WithMeta({
  category: EntityCategory,
  directions: Type.Array(Direction),
  total: Type.Integer({ minimum: 0 }),
  sorts: Type.Array(SortFieldInfo, { description: 'Empty: the category cannot be ordered explicitly' }),
})
export type SortCatalogueResponse = Static<typeof SortCatalogueResponse>
