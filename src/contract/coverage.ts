// GET /v1/coverage (data-routes §4.2) and the closed set source_corpus (§2.7) that attribution and
// degradation entries name. Figures come from domain/corpus/coverage.ts; docs: docs/corpus-storage.md §3.
import { Type, type Static } from 'typebox'
import { Nullable, WithMeta } from './common.ts'
import { INGEST_CATEGORIES, type EntityCategory } from './records.ts'

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

const Share = (description = 'Fraction of the records, 4 decimals') =>
  Type.Number({ minimum: 0, maximum: 1, description })

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
      Type.String({
        format: 'date-time',
        description: 'How fresh the data is: the as_of of the latest ingest; null when empty',
      }),
    ),
    records_with_vector: Nullable(
      Type.Integer({
        minimum: 0,
        description: 'Records with an embedding; null where nothing is embedded (graph corpora)',
      }),
    ),
    vector_share: Nullable(Share('records_with_vector / records; null when empty or not embedded')),
    vector_coverage_incomplete: Type.Boolean({
      description:
        'Some records lack a vector: meaning-based search misses them (search reports the degradation of the same name)',
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
    corpora: Type.Array(CorpusCoverage, {
      description: 'Every source_corpus, in the closed set order, empty ones included',
    }),
  },
  { description: 'What the index holds per corpus' },
)
export type CoverageResponse = Static<typeof CoverageResponse>

// ---- Operator shapes (/admin/v1/corpus…, outside the public API; docs/ingest-operations.md §1) ----

export const IngestCategoryName = Type.Enum([...INGEST_CATEGORIES])

export const RejectEntry = Type.Object(
  {
    line: Type.Integer({ minimum: 1 }),
    reason: Type.String({ description: 'Every problem of the line, separated by "; "' }),
    problems: Type.Array(Type.String(), { description: 'Every problem of the line, one per field' }),
    warning: Type.Optional(
      Type.Literal(true, { description: 'The line was stored, without the values its problems name' }),
    ),
  },
  { additionalProperties: false },
)

export const IngestSummary = Type.Object(
  {
    category: IngestCategoryName,
    read: Type.Integer({ minimum: 0, description: 'Non-blank lines read' }),
    upserted: Type.Integer({ minimum: 0, description: 'Records inserted or changed (inserted + updated)' }),
    inserted: Type.Integer({ minimum: 0, description: 'Records new to the store' }),
    updated: Type.Integer({ minimum: 0, description: 'Stored records whose content changed' }),
    unchanged: Type.Integer({ minimum: 0, description: 'Records already stored exactly so (nothing written)' }),
    duplicate: Type.Integer({
      minimum: 0,
      description:
        'Lines with the key of an earlier line of the same input, or a web identifier another source_id holds (not written; in the reject file)',
    }),
    rejected: Type.Integer({ minimum: 0, description: 'Lines that are not a valid record (not written)' }),
    reject_reasons: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
      description: 'Rejected and duplicate lines counted by kind of problem (a line with two problems counts in both)',
    }),
    dry_run: Type.Boolean({ description: 'True when the input was only validated (nothing written)' }),
    bulk: Type.Boolean({
      description:
        'True when the records were stored as a bulk load (bulk=true; docs/ingest-bulk.md §1: indexes of empty tables built once at the end, COPY on PostgreSQL)',
    }),
    format: Type.Optional(Type.String({ description: 'The input format read: ndjson, json, csv or tsv' })),
    mapping: Type.Optional(
      Nullable(
        Type.Record(Type.String(), Type.String(), {
          description: 'The mapping in effect, column → field; null when records were taken as they are',
        }),
      ),
    ),
    ignored_columns: Type.Optional(
      Type.Array(Type.String(), { description: 'Columns of a CSV header that no field took (not read)' }),
    ),
    warnings: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'What the recognised header leaves out that a data team would want to know before trusting the load, e.g. no column recognised as the name of the records',
      }),
    ),
    seconds: Type.Number(),
    records_per_second: Type.Integer({ minimum: 0 }),
    vectors: Type.Object(
      { embedded: Type.Integer({ minimum: 0 }), missing: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
    reject_file: Nullable(
      Type.String({
        description: 'Path on the server of the reject file (JSON lines), null when nothing was rejected',
      }),
    ),
    rejects: Type.Array(RejectEntry, { description: 'The first 100 rejects' }),
    rejects_truncated: Type.Boolean(),
    warned: Type.Integer({
      minimum: 0,
      description:
        'Lines stored with a value left out (an optional cell that cannot be read) or read in part (a year with a note); in the reject file with "warning": true',
    }),
    warning_reasons: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
      description: 'Warned lines counted by field and kind of warning',
    }),
    warned_lines: Type.Array(RejectEntry, { description: 'The first 100 warned lines, with their values' }),
    relations: Type.Optional(
      Type.Object(
        {
          key: Type.String({ description: "The column holding the person's key" }),
          type: Type.String({ description: 'The column holding the relation type' }),
          rows: Type.Integer({ minimum: 0, description: 'Rows read' }),
          persons: Type.Integer({ minimum: 0, description: 'Records the rows were gathered into' }),
          employment: Type.Integer({ minimum: 0, description: 'Rows read as a job of employment_history' }),
          education: Type.Integer({ minimum: 0, description: 'Rows read as a degree of education' }),
          ignored: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
            description: 'Rows of the relation types mapped to nothing, by type',
          }),
        },
        {
          additionalProperties: false,
          description: 'Present when the file holds one row per relation (docs/ingest-formats.md §1)',
        },
      ),
    ),
    replaced: Type.Optional(
      Type.Object(
        {
          sources: Type.Array(Type.String(), { description: 'The sources replaced (source_id prefixes before ":")' }),
          removed: Type.Integer({
            minimum: 0,
            description:
              'Stored records of those sources the input no longer sends, removed (a dry run: that would be)',
          }),
          removed_ids: Type.Array(Type.String(), { description: 'Their source_ids, the first 100' }),
          skipped: Nullable(Type.String({ description: 'Why nothing was removed, when records were not sent' })),
        },
        { additionalProperties: false, description: 'Present on a replace ingest (docs/ingest-operations.md §3)' },
      ),
    ),
  },
  { additionalProperties: false },
)
export type IngestSummary = Static<typeof IngestSummary>

export const IngestParams = Type.Object({ category: IngestCategoryName }, { additionalProperties: false })
export const IngestQuery = Type.Object(
  {
    as_of: Type.Optional(Type.String({ format: 'date-time', description: 'Freshness of the data; default now' })),
    dry_run: Type.Optional(Type.Boolean({ description: 'Validate and count; write nothing' })),
    mapping: Type.Optional(
      Type.String({ maxLength: 65536, description: 'A mapping (docs/ingest-formats.md §1) as JSON text' }),
    ),
    map: Type.Optional(
      Type.Array(Type.String({ minLength: 3, maxLength: 400 }), {
        maxItems: 200,
        description:
          'field=column: read a field from a CSV column or a JSON key (repeatable: map=account_name=Security&map=source_id=CIK); the other columns are still recognised, or read by the mapping',
      }),
    ),
    delimiter: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1,
        description: 'CSV field delimiter (default: `,`, or the `;`, tab or `|` of a header line that holds no comma)',
      }),
    ),
    replace: Type.Optional(
      Type.Boolean({ description: "Remove the stored records of the input's sources that it no longer sends" }),
    ),
    source: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'The source a replace ingest replaces (default: those the input names)',
      }),
    ),
    batch_size: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description: 'Records per statement (default 500; 2,000 for a bulk load)',
      }),
    ),
    bulk: Type.Optional(
      Type.Boolean({
        description:
          'Store the records as a bulk load (docs/ingest-bulk.md §1): the secondary indexes of the tables this category writes that hold no row yet are dropped and built once at the end, batches go by COPY on PostgreSQL. For a first load of a large body into an empty category; default false (a server has other writers, so no load is bulk unless asked). Keyed by the request: it is not resumed by a later one, and a load that fails rebuilds its indexes before the error is answered. Refused with 422 request.invalid, before anything is written, while another bulk load of the category (a stopped `dsp ingest --bulk`) is unfinished: the detail names it and how to end it. Ignored for schools and dry runs.',
      }),
    ),
    strict: Type.Optional(
      Type.Boolean({
        description:
          'A cell that cannot be read rejects its line (default: an optional value is left out and the line stored, with a warning)',
      }),
    ),
    relation_key: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 400,
        description: "Persons, one row per relation: the column holding the person's key (rows gathered per key)",
      }),
    ),
    relation_type: Type.Optional(
      Type.String({ minLength: 1, maxLength: 400, description: 'The column holding the relation type' }),
    ),
    relation: Type.Optional(
      Type.Array(Type.String({ minLength: 3, maxLength: 400 }), {
        maxItems: 200,
        description:
          'type=kind, kind employment, education or ignore (repeatable; default employment=employment, education=education; other types ignored and counted)',
      }),
    ),
    progress: Type.Optional(
      Type.Boolean({
        description:
          'Answer NDJSON: a {"progress"} line per committed batch, then {"summary"} (or {"error"} if the ingest fails after the answer started)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const SeedDemoBody = Type.Object(
  {
    scale: Type.Optional(Type.Enum(['small', 'medium', 'large'])),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
)

export const SeedDemoResponse = Type.Object(
  {
    scale: Type.String(),
    seed: Type.Integer(),
    seconds: Type.Number(),
    /** Null when only a prefix was stored (`dsp demo seed --limit`): the facts hold for the whole corpus. */
    facts_file: Type.Union([Type.String(), Type.Null()]),
    categories: Type.Array(IngestSummary),
  },
  { additionalProperties: false },
)

export const CorpusStatusResponse = Type.Object(
  {
    corpora: Type.Array(
      Type.Object(
        {
          source_corpus: SourceCorpus,
          records: Type.Integer({ minimum: 0 }),
          records_with_vector: Nullable(Type.Integer({ minimum: 0 })),
          as_of: Nullable(Type.String({ format: 'date-time' })),
          updated_at: Nullable(Type.String({ format: 'date-time' })),
          vector_generation: Type.Integer({ minimum: 0 }),
          digest: Nullable(
            Type.String({ description: 'md5 over (id, record hash) in id order: equal digests, equal stored records' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    vector_index_sizes: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
      description: 'Vectors held by this process per loaded category index',
    }),
  },
  { additionalProperties: false },
)
export type CorpusStatusResponse = Static<typeof CorpusStatusResponse>

export const RecordsPageQuery = Type.Object(
  {
    after: Type.Optional(Type.String({ description: "Row id to continue after (the previous page's next_after)" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
)

export const RecordsPage = Type.Object(
  {
    records: Type.Array(
      Type.Object(
        {
          id: Type.String({ description: 'Row id: the domain or 16-hex hash search hits carry' }),
          internal_id: Type.String({ description: 'The internal id (by: id lookups)' }),
          record: Type.Object({}, { additionalProperties: true }),
        },
        { additionalProperties: false },
      ),
    ),
    next_after: Nullable(Type.String()),
  },
  { additionalProperties: false },
)
export type RecordsPage = Static<typeof RecordsPage>
