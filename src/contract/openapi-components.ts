// Named component schemas of the published OpenAPI description (issue 29 item 1). These are the
// shapes the routes already validate and answer with (nothing here is used for validation): the
// description rewrites every place a route schema repeats one of them into a $ref, and types
// the two places the runtime schema leaves open (search filters, search rows) from the filter
// catalogue and the record shapes.
import { Type, type TSchema } from 'typebox'
import { errorCodes } from '../errors.ts'
import { Attribution, Degradation, ListEnvelope, Meta, Problem } from './common.ts'
import {
  AcademicReport,
  Company,
  CompanyFundingRound,
  CompanyRef,
  Deal,
  Education,
  Employment,
  ENTITY_CATEGORIES,
  FundingRound,
  JobOpening,
  MarketReport,
  NewsArticle,
  NumericRange,
  Patent,
  Person,
  Place,
  RecordSchemas,
  Trend,
  type EntityCategory,
} from './records.ts'
import { DOCUMENT_CATEGORIES, type DocumentCategory } from './search-catalogue.ts'
import {
  CompanyEntry,
  DocumentFilters,
  GeoFilter,
  GeoPlace,
  GtmFilters,
  SearchBody,
  SimilarBody,
  SortClause,
} from './search.ts'

const pascal = (s: string) =>
  s
    .split(/[_\-\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')

/** The component name of a category's record (`news_article` → `NewsArticle`). */
export const recordName = (c: EntityCategory) => pascal(c)
/** The component name of a document category's filter set (`patent` → `PatentFilters`). */
export const documentFiltersName = (c: DocumentCategory) => `${pascal(c)}Filters`
export const searchRowName = (c: EntityCategory) => `${pascal(c)}SearchRow`

/** Problem with `code` closed to the error catalogue (src/errors.ts). */
const ProblemDoc = {
  ...Problem,
  properties: {
    ...Problem.properties,
    code: { type: 'string', enum: [...errorCodes], description: 'Branch on this, never on detail (see /docs/errors)' },
  },
}

/** One search (or look-alike) row of a category: id, category, score beside the record's fields. */
function searchRow(c: EntityCategory): Record<string, unknown> {
  const record = RecordSchemas[c] as unknown as { properties: Record<string, unknown> }
  return {
    type: 'object',
    description: `A ${c.replace(/_/g, ' ')} row: id, category and score beside the fields of the ${recordName(c)} record`,
    required: ['id', 'category', 'score'],
    properties: {
      ...record.properties,
      id: { type: 'string', description: "The row id: a company's domain, else a 16-hex hash" },
      category: { type: 'string', const: c },
      score: { type: 'number', description: 'Relevance, higher first' },
    },
    additionalProperties: false,
  }
}

export const SearchRowDoc = {
  description: 'A search or look-alike row; `category` says which record fields it carries',
  oneOf: ENTITY_CATEGORIES.map((c) => ({ $ref: `#/components/schemas/${searchRowName(c)}` })),
  discriminator: {
    propertyName: 'category',
    mapping: Object.fromEntries(ENTITY_CATEGORIES.map((c) => [c, `#/components/schemas/${searchRowName(c)}`])),
  },
}

/** `filters` of a search body: the company/person catalogue, or one document category's own set. */
export const SearchFiltersDoc = {
  description:
    'Company and person searches take CompanyPersonFilters; a document category takes only its own set (a filter of another set is 422)',
  anyOf: [
    { $ref: '#/components/schemas/CompanyPersonFilters' },
    ...DOCUMENT_CATEGORIES.map((c) => ({ $ref: `#/components/schemas/${documentFiltersName(c)}` })),
  ],
}

/**
 * Shapes with a name, matched by content wherever a route schema repeats them. The order matters
 * where two could match one place: the first wins.
 */
export const NAMED_SCHEMAS: [string, TSchema | Record<string, unknown>][] = [
  ['Meta', Meta],
  ['Problem', ProblemDoc],
  ['Attribution', Attribution],
  ['Degradation', Degradation],
  ['Company', Company],
  ['Person', Person],
  ['Patent', Patent],
  ['NewsArticle', NewsArticle],
  ['MarketReport', MarketReport],
  ['FundingRound', FundingRound],
  ['AcademicReport', AcademicReport],
  ['Trend', Trend],
  ['JobOpening', JobOpening],
  ['Employment', Employment],
  ['Education', Education],
  ['NumericRange', NumericRange],
  ['CompanyRef', CompanyRef],
  ['Place', Place],
  ['CompanyFundingRound', CompanyFundingRound],
  ['Deal', Deal],
  ['SearchRequest', SearchBody],
  ['SimilarRequest', SimilarBody],
  ['SortClause', SortClause],
  ['CompanyPersonFilters', GtmFilters],
  ...DOCUMENT_CATEGORIES.map((c): [string, TSchema] => [documentFiltersName(c), DocumentFilters[c]]),
  ['CompanyEntry', CompanyEntry],
  ['GeoFilter', GeoFilter],
  ['GeoPlace', GeoPlace],
]

/** Components that no route schema repeats: added as they are. */
export const EXTRA_SCHEMAS: [string, Record<string, unknown>][] = [
  ...ENTITY_CATEGORIES.map((c): [string, Record<string, unknown>] => [searchRowName(c), searchRow(c)]),
  ['SearchRow', SearchRowDoc],
  ['SearchFilters', SearchFiltersDoc],
]

/** The list envelope's fields (§2.2) other than `results`, read off `ListEnvelope`: the `Envelope` component. */
export const ENVELOPE_FIELDS: readonly string[] = Object.keys(ListEnvelope(Type.Null()).properties).filter(
  (k) => k !== 'results',
)
