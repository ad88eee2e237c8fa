// GET /v1/coverage (data-routes §4.2) and the closed set source_corpus (§2.7) that attribution and
// degradation entries name. Figures come from domain/corpus/coverage.ts; docs: docs/corpus.md §8.
import { Type, type Static } from 'typebox'
import { Nullable, WithMeta } from './common.ts'
import type { EntityCategory } from './records.ts'

/**
 * §2.7: the first four values name the GTM entity graph, the rest the document corpora. Closed:
 * adding a value is a contract change.
 */
export const SOURCE_CORPORA = [
  'gtm_companies',
  'gtm_people',
  'gtm_affiliations',
  'gtm_institutions',
  'patents',
  'news',
  'market_reports',
  'funding_rounds',
  'academic_reports',
  'trends',
  'job_openings',
] as const
export const SourceCorpus = Type.Enum(SOURCE_CORPORA)
export type SourceCorpus = (typeof SOURCE_CORPORA)[number]

/** The corpus each category's records come from (attribution of a hit, degradation of a search). */
export const CATEGORY_SOURCE_CORPUS = {
  company: 'gtm_companies',
  person: 'gtm_people',
  patent: 'patents',
  news_article: 'news',
  market_report: 'market_reports',
  funding_round: 'funding_rounds',
  academic_report: 'academic_reports',
  trend: 'trends',
  job_opening: 'job_openings',
} as const satisfies Record<EntityCategory, SourceCorpus>

const Share = (description = 'Fraction of the records, 4 decimals') => Type.Number({ minimum: 0, maximum: 1, description })

export const CorpusCoverage = Type.Object(
  {
    source_corpus: SourceCorpus,
    category: Nullable(
      Type.Enum(Object.keys(CATEGORY_SOURCE_CORPUS) as EntityCategory[], {
        description: 'The entity category whose records this corpus holds; null for affiliations and institutions',
      }),
    ),
    records: Type.Integer({ minimum: 0, description: 'Records held (affiliation rows, institutions)' }),
    as_of: Nullable(
      Type.String({ format: 'date-time', description: 'How fresh the data is: the as_of of the latest ingest; null when empty' }),
    ),
    records_with_vector: Nullable(
      Type.Integer({ minimum: 0, description: 'Records with an embedding; null where nothing is embedded (graph corpora)' }),
    ),
    vector_share: Nullable(Share('records_with_vector / records; null when empty or not embedded')),
    vector_coverage_incomplete: Type.Boolean({
      description: 'Some records lack a vector: meaning-based search misses them (search reports the degradation of the same name)',
    }),
    fields: Type.Record(Type.String(), Nullable(Share()), {
      description: 'Per major field, the share of records that carry a value; null when the corpus is empty',
    }),
  },
  { additionalProperties: false },
)
export type CorpusCoverage = Static<typeof CorpusCoverage>

export const CoverageResponse = WithMeta(
  {
    corpora: Type.Array(CorpusCoverage, { description: 'Every source_corpus, in the closed set order, empty ones included' }),
  },
  { description: 'What the index holds per corpus' },
)
export type CoverageResponse = Static<typeof CoverageResponse>
