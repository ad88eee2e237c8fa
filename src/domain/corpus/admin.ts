// Operator-side corpus functions behind /admin/v1/corpus…: NDJSON ingest from a request stream,
// per-corpus status with content digests, and a paged export of stored records.
import path from 'node:path'
import {
  CATEGORY_SOURCE_CORPUS,
  SOURCE_CORPORA,
  type CorpusStatusResponse,
  type RecordsPage,
} from '../../contract/coverage.ts'
import type { EntityCategory, IngestCategory } from '../../contract/records.ts'
import { ApiError } from '../../errors.ts'
import { findCorpusStates } from '../../store/corpus.ts'
import { digestRecords } from '../../store/corpus-counts.ts'
import { findRecordsPage } from '../../store/corpus-records.ts'
import { randomId } from '../ids.ts'
import type { Deps } from '../types.ts'
import { TABLE_OF } from './coverage.ts'
import { InputError, openInput, type InputFormat } from './formats.ts'
import { MappingError, parseMapping, relationsOf } from './mapping.ts'
import { parseRenames } from './mapping-renames.ts'
import type { RelationCounts } from './relations.ts'
import type { IngestProgress } from './ingest.ts'
import { checkReplace, ingestLive, type LiveIngestSummary } from './replace.ts'

/** Cap of one NDJSON request body: a 512 MiB file streams through in constant memory. */
export const INGEST_BODY_LIMIT_BYTES = 512 * 1024 * 1024

/** Content types the ingest route takes, and the format each names (`auto`: detected from the first bytes). */
export const INGEST_CONTENT_TYPES: Record<string, InputFormat> = {
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/json': 'auto',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/gzip': 'auto',
  'application/x-gzip': 'auto',
  'application/octet-stream': 'auto',
}

export interface IngestBodyOptions {
  contentLength?: number
  asOf?: string
  format: InputFormat
  mapping?: string
  /** `field=column` pairs read over the mapping or the recognised header. */
  map?: string[]
  dryRun?: boolean
  delimiter?: string
  replace?: boolean
  source?: string
  /** Records per statement (default DEFAULT_BATCH_SIZE). */
  batchSize?: number
  /** A cell that cannot be read rejects its line (default: an optional value is left out, with a warning). */
  strict?: boolean
  /** Persons, one row per relation: the key and type columns and `type=kind` pairs. */
  relationKey?: string
  relationType?: string
  relation?: string[]
  /** A bulk load keyed by this request (docs/ingest-bulk.md §1): not resumable, its indexes rebuilt if it fails. */
  bulk?: boolean
}

export type IngestBodySummary = LiveIngestSummary & {
  format: string
  mapping: Record<string, string> | null
  relations?: RelationCounts
}

/**
 * Ingests a request body (NDJSON, a JSON array or CSV, gzip or not; the format named by its
 * Content-Type). Batches committed before an error (or before the body went over the cap) stay
 * committed; ingesting the same body again is idempotent. Rejects go to
 * DSP_DATA_DIR/rejects/<category>-<id>.jsonl.
 */
export async function ingestBody(
  deps: Deps,
  category: IngestCategory,
  body: AsyncIterable<Buffer>,
  opts: IngestBodyOptions,
): Promise<IngestBodySummary> {
  return (await openIngestBody(deps, category, body, opts))()
}

/**
 * ingestBody in two steps: the options are checked and the body's first bytes read (its format
 * detected, a CSV header mapped) before this resolves, so a refused request is refused before any
 * answer starts; the function it resolves to runs the ingest, calling onProgress once per
 * committed batch (the admin route streams these with progress=true).
 */
export async function openIngestBody(
  deps: Deps,
  category: IngestCategory,
  body: AsyncIterable<Buffer>,
  opts: IngestBodyOptions,
): Promise<(onProgress?: (p: IngestProgress) => void) => Promise<IngestBodySummary>> {
  const tooLarge = () =>
    new ApiError('request.too_large', `A body may hold at most ${INGEST_BODY_LIMIT_BYTES} bytes; split the file.`)
  if (opts.contentLength !== undefined && opts.contentLength > INGEST_BODY_LIMIT_BYTES) throw tooLarge()
  checkReplace(category, opts)
  let mapping = null
  if (opts.mapping !== undefined) {
    try {
      mapping = parseMapping(category, JSON.parse(opts.mapping))
    } catch (e) {
      if (!(e instanceof MappingError || e instanceof SyntaxError)) throw e
      throw new ApiError('request.invalid', `mapping: ${e.message}`)
    }
  }
  let renames: Record<string, string> = {}
  let relations = null
  try {
    renames = parseRenames(category, opts.map ?? [])
    relations = relationsOf(category, mapping, {
      key: opts.relationKey,
      type: opts.relationType,
      pairs: opts.relation,
    })
  } catch (e) {
    if (!(e instanceof MappingError)) throw e
    throw new ApiError('request.invalid', e.message)
  }
  const rejectFile = path.resolve(deps.config.DSP_DATA_DIR, 'rejects', `${category}-${randomId('ing', 8)}.jsonl`)
  const asApiError = (e: unknown) => (e instanceof InputError ? new ApiError('request.invalid', e.message) : e)
  let opened: Awaited<ReturnType<typeof openInput>>
  try {
    opened = await openInput(body, category, {
      format: opts.format,
      mapping,
      renames,
      relations,
      strict: opts.strict,
      delimiter: opts.delimiter,
      maxBytes: INGEST_BODY_LIMIT_BYTES,
      tooLarge,
    })
  } catch (e) {
    throw asApiError(e)
  }
  return async (onProgress) => {
    try {
      const summary = await ingestLive(deps, category, opened.items, {
        rejectFile,
        asOf: opts.asOf ? new Date(opts.asOf) : undefined,
        dryRun: opts.dryRun,
        replace: opts.replace,
        source: opts.source,
        batchSize: opts.batchSize,
        ...(opts.bulk
          ? {
              bulk: {
                key: `request:${randomId('blk', 16)}`,
                input: `POST /admin/v1/corpus/${category}?bulk=true`,
                resumable: false,
              },
            }
          : {}),
        onProgress,
      })
      return {
        ...summary,
        format: opened.format,
        mapping: opened.mapping(),
        ignored_columns: opened.ignored(),
        warnings: opened.warnings(),
        ...withRelations(opened.relations()),
      }
    } catch (e) {
      throw asApiError(e)
    }
  }
}

/** The summary's `relations`, present only for a file read one row per relation. */
export const withRelations = (counts: RelationCounts | null) => (counts === null ? {} : { relations: counts })

const CATEGORY_OF = Object.fromEntries(Object.entries(CATEGORY_SOURCE_CORPUS).map(([c, s]) => [s, c as EntityCategory]))

/** corpus_state plus, per record corpus, a digest of what is stored (comparing deployments or runs). */
export async function getCorpusStatus(deps: Deps): Promise<CorpusStatusResponse> {
  const states = new Map((await findCorpusStates(deps.db)).map((s) => [s.corpus, s]))
  const corpora = []
  for (const corpus of SOURCE_CORPORA) {
    const s = states.get(corpus)
    const category = CATEGORY_OF[corpus]
    const digest = category
      ? await digestRecords(deps.db, TABLE_OF[category], TABLE_OF[category] === 'documents' ? category : null)
      : null
    corpora.push({
      source_corpus: corpus,
      records: s?.record_count ?? 0,
      records_with_vector: s?.vector_count ?? null,
      as_of: s?.as_of ? new Date(s.as_of).toISOString() : null,
      updated_at: s?.updated_at ? new Date(s.updated_at).toISOString() : null,
      vector_generation: s?.vector_generation ?? 0,
      digest: digest?.digest ?? null,
    })
  }
  return { corpora, vector_index_sizes: await deps.vectors.sizes() }
}

/** Stored records of a category in row-id order, `limit` per page. */
export async function listCorpusRecords(
  deps: Deps,
  category: EntityCategory,
  after: string | null,
  limit: number,
): Promise<RecordsPage> {
  const table = TABLE_OF[category]
  const rows = await findRecordsPage(deps.db, table, table === 'documents' ? category : null, after, limit + 1)
  const page = rows.slice(0, limit)
  return {
    records: page.map((r) => ({
      id: r.id,
      internal_id: String(r.vec_key),
      record: r.record as Record<string, unknown>,
    })),
    next_after: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  }
}
