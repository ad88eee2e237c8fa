// Ingestion: NDJSON lines (or ready objects, for the demo) → validated, normalised, embedded and
// upserted records, in batches, in constant memory. Used by `dsp ingest`, POST /admin/v1/corpus/{category}
// and `dsp demo seed`. Rules and figures: docs/ingest.md.
import { adoptSourceRows } from './source-rows.ts'
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs'
import path from 'node:path'
import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import { sql } from 'kysely'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import { normaliseName } from '../../corpus/normalise.ts'
import { isZeroVector, type Embedder } from '../../retrieval/embedder/index.ts'
import type { CompiledQuery } from 'kysely'
import {
  findCompanyDomainsByName,
  findRecordHashes,
  rekeyNamedAffiliations,
  upsertInstitutions,
  writeBatchQuery,
  type BatchWrite,
  type CompanyRow,
  type DocumentRow,
  type InstitutionRow,
  type PersonRow,
  type StoredHash,
  type WrittenBatchRow,
  type WrittenRecord,
} from '../../store/corpus.ts'
import { withoutStatementDeadlines, type Db } from '../../store/db.ts'
import type { Deps } from '../types.ts'
import { TABLE_OF, refreshCorpusState } from './coverage.ts'
import { bumpGraphGeneration } from '../../store/graph-blocks.ts'
import { prepareRecord, type IngestCategory, type PreparedRecord } from './prepare.ts'
import {
  companyInstitution,
  companyRow,
  documentRow,
  namedCurrentEmployer,
  personGraph,
  personRow,
  recordTexts,
  schoolInstitution,
  type DocumentCategory,
  type VectorState,
} from './rows.ts'
import { vectorToBytes, type VectorUpdate } from './vectors.ts'
import { isBulkByDefault, startBulkLoad, type BulkLoadPhase, type BulkOptions, type BulkRun } from './bulk-load.ts'

// 500 rows per statement: measured on PGlite (docs/ingest.md §4), larger batches gained nothing
// and a company batch stays at ≈ 18k parameters, far under PostgreSQL's 65,535.
export const DEFAULT_BATCH_SIZE = 500
/**
 * A bulk load's batches: each commits its own transaction with COPYs, the statement and its progress
 * (seven round trips), so fewer, larger ones; the same rows whatever the size.
 */
export const BULK_BATCH_SIZE = 2000
/**
 * A batch is also cut once its records' JSON reaches this many characters: each column of a batch
 * travels as one JSON value (store/bulk.ts), and PostgreSQL refuses a jsonb over 256 MB. 500
 * demo persons are ≈ 1.5 MB; 500 records of 1 MB each would otherwise be one 500 MB parameter.
 */
export const DEFAULT_BATCH_MAX_CHARS = 16 * 1024 * 1024
export const INLINE_REJECTS = 100
/**
 * The longest stretch of this thread's work between two turns of the event loop. A batch statement
 * is megabytes: the socket takes what it can at once and the rest goes out, and the answer comes
 * back, only when the event loop turns. Without these turns the store waited for the rest of a
 * statement while this thread staged the next batch (docs/performance-ingest.md, ingest).
 */
const SLICE_MS = 4

/** Gives the event loop a turn once this thread has worked SLICE_MS since the last one. */
function timeSlicer(): () => Promise<void> | undefined {
  let since = performance.now()
  return () => {
    if (performance.now() - since < SLICE_MS) return undefined
    return setImmediatePromise().then(() => {
      since = performance.now()
    })
  }
}

export interface RejectEntry {
  /** 1-based line number in the input (the record's position for object sources). */
  line: number
  /** Every problem, joined by "; ". */
  reason: string
  problems: string[]
  /** The line was stored without the values its problems name (a warning, not a reject). */
  warning?: true
}

export interface IngestProgress {
  read: number
  upserted: number
  unchanged: number
  rejected: number
  duplicate: number
}

export interface IngestOptions {
  /** Where rejected lines go, one JSON object per line; created on the first reject. */
  rejectFile?: string
  onProgress?: (progress: IngestProgress) => void
  /** How fresh the data is (corpus_state.as_of); default now. Also the "today" of affiliation is_current. */
  asOf?: Date
  batchSize?: number
  /** Cut a batch once its records' canonical JSON holds this many characters (default 16 Mi). */
  batchMaxChars?: number
  /** Validate, look up what would be inserted, updated or unchanged, and write nothing. */
  dryRun?: boolean
  /**
   * A bulk first load (bulk-load.ts): indexes of empty tables built at the end, COPY on PostgreSQL,
   * resumable by its key. Schools and dry runs take the ordinary path.
   */
  bulk?: BulkOptions
  /**
   * No bulk choice made: the bulk path when the category is empty (bulk-load.ts isBulkByDefault),
   * keyed by what `key` returns (asked only then). Ignored when `bulk` is given.
   */
  autoBulk?: { key: () => Promise<string> }
  /** A bulk load rebuilding its indexes at the end. */
  onBulkPhase?: (phase: BulkLoadPhase) => void
}

export interface IngestSummary extends IngestProgress {
  category: IngestCategory
  inserted: number
  updated: number
  /** Rejected and duplicate lines by kind of problem. */
  reject_reasons: Record<string, number>
  dry_run: boolean
  /** The run took the bulk path (docs/ingest-bulk.md §1): asked for, or automatic for an empty category. */
  bulk: boolean
  seconds: number
  records_per_second: number
  /** Records written with a vector / without one (the embedder found no known word, or failed). */
  vectors: { embedded: number; missing: number }
  reject_file: string | null
  /** The first 100 rejects. */
  rejects: RejectEntry[]
  rejects_truncated: boolean
  /** Lines stored with a value left out or read in part (a bad optional cell, a year with a note). */
  warned: number
  /** Warned lines by kind of warning (the field and what was wrong with its value). */
  warning_reasons: Record<string, number>
  /** The first 100 warned lines, each with its values (also in the reject file, `"warning": true`). */
  warned_lines: RejectEntry[]
}

/** What was left out of a line stored all the same (a bad optional cell), one text per value. */
export interface RowWarning {
  line: number
  problems: string[]
}

/**
 * One input item: a parsed value (with the warnings of the lines it came from), or every problem
 * that kept the line from becoming one.
 */
export type Item = { line: number; value: unknown; warnings?: RowWarning[] } | { line: number; problems: string[] }

async function* parseLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Item> {
  let line = 0
  for await (const text of lines) {
    line++
    if (text.trim() === '') continue
    try {
      yield { line, value: JSON.parse(text) }
    } catch (e) {
      yield { line, problems: [`invalid JSON: ${(e as Error).message}`] }
    }
  }
}

async function* numbered(records: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<Item> {
  let line = 0
  for await (const value of records) yield { line: ++line, value }
}

/** Ingests NDJSON lines (blank lines are skipped but keep their line numbers). */
export function ingestLines(
  deps: Deps,
  category: IngestCategory,
  lines: AsyncIterable<string> | Iterable<string>,
  opts: IngestOptions = {},
) {
  return ingest(deps, category, parseLines(lines), opts)
}

/** Ingests items of any input format (formats.ts: NDJSON, JSON arrays, CSV, mapped or not). */
export function ingestItems(
  deps: Deps,
  category: IngestCategory,
  items: AsyncIterable<Item>,
  opts: IngestOptions = {},
) {
  return ingest(deps, category, items, opts)
}

/** Ingests ready objects (the demo generator) through the same validation and upsert path. */
export function ingestObjects(
  deps: Deps,
  category: IngestCategory,
  records: AsyncIterable<unknown> | Iterable<unknown>,
  opts: IngestOptions = {},
) {
  return ingest(deps, category, numbered(records), opts)
}

/**
 * The kind of a problem, for the summary: array positions and the quoted value left out
 * (`/employment_history/*\/start: expected string or null`, `/domain: not a domain name`).
 */
export function problemKind(problem: string): string {
  return problem
    .replace(/\/\d+(?=[/:])/g, '/*')
    .replace(/ \(".*\)$/, '')
    .replace(/^(invalid JSON|duplicate)\b.*$/, '$1')
}

class Rejects {
  readonly inline: RejectEntry[] = []
  readonly reasons = new Map<string, number>()
  readonly warnedInline: RejectEntry[] = []
  readonly warningReasons = new Map<string, number>()
  count = 0
  duplicates = 0
  warned = 0
  private out: WriteStream | null = null
  constructor(private readonly file: string | undefined) {}

  reject(line: number, problems: string[]): void {
    this.count++
    this.write({ line, reason: problems.join('; '), problems })
  }

  duplicate(line: number, problem: string): void {
    this.duplicates++
    this.write({ line, reason: problem, problems: [problem] })
  }

  /** A stored line's warnings (a gathered record's may come from several lines: counted once per line). */
  warn(warnings: readonly RowWarning[]): void {
    for (const w of warnings) {
      this.warned++
      this.write({ line: w.line, reason: w.problems.join('; '), problems: w.problems, warning: true })
    }
  }

  private write(entry: RejectEntry): void {
    const reasons = entry.warning ? this.warningReasons : this.reasons
    for (const kind of new Set(entry.problems.map(problemKind))) reasons.set(kind, (reasons.get(kind) ?? 0) + 1)
    const inline = entry.warning ? this.warnedInline : this.inline
    if (inline.length < INLINE_REJECTS) inline.push(entry)
    if (this.file === undefined) return
    if (!this.out) {
      mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true })
      this.out = createWriteStream(this.file)
    }
    this.out.write(JSON.stringify(entry) + '\n')
  }

  async close(): Promise<string | null> {
    if (!this.out) return null
    const out = this.out
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
    return this.file ?? null
  }
}

interface RunContext {
  deps: Deps
  category: IngestCategory
  asOf: Date
  asOfMonth: number
  embedder: Embedder | null
  /** Employer names resolved to domains during this run (null: no corpus company of that name). */
  nameCache: Map<string, string | null>
  /** Institution keys already written during this run. */
  knownInstitutions: Set<string>
  vectorsFailed: boolean
  /** A turn of the event loop when this thread has worked a slice (SLICE_MS). */
  slice: () => Promise<void> | undefined
  /** A bulk load's writes and progress; null: the ordinary ingest. */
  bulk: BulkRun | null
}

/** Running counts of one ingest (rejects and duplicates are counted by its Rejects). */
interface Totals {
  read: number
  inserted: number
  updated: number
  unchanged: number
  embedded: number
  missing: number
}

/** One ingest: its context, options, counts and rejects, shared by the stages below. */
interface Run {
  ctx: RunContext
  opts: IngestOptions
  started: number
  totals: Totals
  rejects: Rejects
  /** Keys (row ids) and source ids of this input, with the line that brought them (duplicates). */
  seenIds: Map<string, number>
  seenSources: Map<string, number>
  /** Items an earlier run of a resumed bulk load committed (checked again, not written). */
  resumeAfter: number
  progress: () => void
}

/**
 * An ingest in five stages, each a function below: open (the run, its index and a bulk load),
 * read and validate (each item: checks, normalisation, duplicates), map and write (per batch, in
 * the two-stage pipeline of `batchPipeline`), finish (figures, maintenance, the summary).
 */
async function ingest(
  deps: Deps,
  category: IngestCategory,
  items: AsyncIterable<Item>,
  opts: IngestOptions,
): Promise<IngestSummary> {
  const run = await openRun(deps, category, opts)
  const pipeline = batchPipeline(run)
  try {
    for await (const item of items) {
      const pending = await validateItem(run, item)
      if (pending !== null) await pipeline.add(pending)
    }
    await pipeline.drain()
    if (run.ctx.bulk) {
      await run.ctx.bulk.finish(opts.onBulkPhase)
      await run.ctx.bulk.close()
    }
  } catch (e) {
    await pipeline.abandon()
    // A load that cannot be resumed (keyed by its request) leaves no index dropped behind it.
    if (run.ctx.bulk && opts.bulk?.resumable === false)
      await run.ctx.bulk
        .finish()
        .catch((err: unknown) =>
          deps.log.warn({ category, err: (err as Error).message }, 'bulk load: indexes not rebuilt'),
        )
    await run.ctx.bulk?.close()
    // The first error is the one to report; a store that is down fails the follow-up work too.
    await settle(run).catch((err: unknown) =>
      deps.log.warn({ category, err: (err as Error).message }, 'ingest: figures not updated'),
    )
    await run.rejects.close().catch(() => null)
    recordMetrics(run)
    throw e
  }
  return finish(run)
}

/** Open: the run's context, the category's vector index and, for a bulk load, its start (or resume). */
async function openRun(deps: Deps, category: IngestCategory, opts: IngestOptions): Promise<Run> {
  const started = performance.now()
  const asOf = opts.asOf ?? deps.clock.now()
  const ctx: RunContext = {
    deps,
    category,
    asOf,
    asOfMonth: asOf.getUTCFullYear() * 100 + asOf.getUTCMonth() + 1,
    embedder: category === 'school' ? null : await deps.embedder(),
    nameCache: new Map(),
    knownInstitutions: new Set(),
    vectorsFailed: false,
    slice: timeSlicer(),
    bulk: null,
  }
  // Load (or rebuild) the index before the first batch, so each batch's vectors apply in order.
  if (category !== 'school' && !opts.dryRun) await deps.vectors.index(category)
  if (category !== 'school' && !opts.dryRun) {
    let bulk = opts.bulk
    if (!bulk && opts.autoBulk) {
      const auto = await isBulkByDefault(deps, category, opts.autoBulk.key)
      if (auto.bulk) bulk = { key: auto.key }
    }
    if (bulk) ctx.bulk = await startBulkLoad(deps, category, bulk)
  }
  const totals: Totals = { read: 0, inserted: 0, updated: 0, unchanged: 0, embedded: 0, missing: 0 }
  const rejects = new Rejects(opts.rejectFile)
  return {
    ctx,
    opts,
    started,
    totals,
    rejects,
    seenIds: new Map(),
    seenSources: new Map(),
    resumeAfter: ctx.bulk?.resumeAfter ?? 0,
    progress: () =>
      opts.onProgress?.({
        read: totals.read,
        upserted: totals.inserted + totals.updated,
        unchanged: totals.unchanged,
        rejected: rejects.count,
        duplicate: rejects.duplicates,
      }),
  }
}

/**
 * Read and validate one item: a line that cannot be read, fails its checks or repeats an earlier
 * line's key or source_id is reported (the first line wins); an item a resumed bulk load committed
 * before counts as unchanged. Returns the record to write, or null.
 */
async function validateItem(run: Run, item: Item): Promise<Pending | null> {
  const { ctx, totals, rejects } = run
  totals.read++
  await ctx.slice()
  if ('problems' in item) {
    rejects.reject(item.line, item.problems)
    return null
  }
  const prepared = prepareRecord(ctx.category, item.value, ctx.deps.secret)
  if (!prepared.ok) {
    rejects.reject(item.line, prepared.problems)
    return null
  }
  const p = prepared.value
  const firstLine = run.seenIds.get(p.id)
  if (firstLine !== undefined) {
    rejects.duplicate(item.line, `duplicate: same key as line ${firstLine} (${p.naturalKey})`)
    return null
  }
  const sourceLine = p.sourceId === null ? undefined : run.seenSources.get(p.sourceId)
  if (sourceLine !== undefined) {
    rejects.duplicate(item.line, `duplicate: same source_id as line ${sourceLine} (${p.sourceId})`)
    return null
  }
  run.seenIds.set(p.id, item.line)
  if (p.sourceId !== null) run.seenSources.set(p.sourceId, item.line)
  if (item.warnings) rejects.warn(item.warnings)
  // A resumed bulk load: this item's batch was committed by an earlier run (checked again above, not written).
  if (totals.read <= run.resumeAfter) {
    totals.unchanged++
    return null
  }
  return { ...p, line: item.line }
}

/**
 * Map and write: records gathered into batches, each read, staged and written in a two-stage
 * pipeline. A batch's store reads (stored hashes, employer names) go first; then the batch staged
 * before it is sent to the store, and this one is staged (texts, embeddings, rows, compiled
 * statements: the CPU-bound half) while that one is written. The store never waits for this
 * thread's staging and this thread never waits for a write it could overlap. A committed batch's
 * vectors go into the process index while the next batch's upsert runs (or at the end), always in
 * commit order. The reads of batch N+1 run before batch N is written: ids within a run are distinct
 * (duplicates are rejected in validateItem), so N's write cannot change what N+1 reads.
 */
function batchPipeline(run: Run) {
  const { ctx, opts, totals, rejects } = run
  const { deps, category } = ctx
  const batchSize = opts.batchSize ?? (ctx.bulk ? BULK_BATCH_SIZE : DEFAULT_BATCH_SIZE)
  const batchMaxChars = opts.batchMaxChars ?? DEFAULT_BATCH_MAX_CHARS
  let batch: Pending[] = []
  let batchChars = 0
  let writing: Promise<void> | null = null
  let staged: StagedBatch | null = null
  let unapplied: Committed | null = null
  const applyVectors = async () => {
    const c = unapplied
    unapplied = null
    if (c) await deps.vectors.apply(c.category, c.generation, c.updates)
  }
  const commitStaged = async (s: StagedBatch) => {
    const r = await commitBatch(ctx, s, applyVectors)
    await applyVectors()
    unapplied = r.vectors
    totals.inserted += r.inserted
    totals.updated += r.upserted - r.inserted
    totals.unchanged += r.unchanged
    totals.embedded += r.embedded
    totals.missing += r.missing
    run.progress()
  }
  /** Sends the staged batch to the store once the one before it is written. */
  const write = async () => {
    if (staged === null) return
    const s = staged
    staged = null
    if (writing) await writing
    writing = commitStaged(s)
    // Mark it handled at once; the error surfaces where it is awaited (next write or drain).
    writing.catch(() => {})
  }
  const flush = async () => {
    if (batch.length === 0) return
    const records = batch
    // Every item read so far is in this batch, an earlier one, or refused: the bulk load's progress once it commits.
    const throughItem = totals.read
    batch = []
    batchChars = 0
    await adoptSourceRows(deps, category, records, opts.dryRun === true)
    if (opts.dryRun) {
      const r = await dryRunBatch(ctx, records)
      for (const c of r.conflicts) rejects.duplicate(c.line, c.problem)
      totals.inserted += r.inserted
      totals.updated += r.updated
      totals.unchanged += r.unchanged
      run.progress()
      return
    }
    const read = await readBatch(ctx, records)
    await write()
    // The statement just sent goes out while the next batch is staged (in slices).
    await setImmediatePromise()
    staged = { ...(await stageBatch(ctx, records, read)), throughItem }
    for (const c of staged.conflicts) rejects.duplicate(c.line, c.problem)
  }
  return {
    async add(p: Pending) {
      batch.push(p)
      batchChars += p.json.length
      if (batch.length >= batchSize || batchChars >= batchMaxChars) await flush()
    },
    /** The last batch flushed, every batch written and its vectors applied. */
    async drain() {
      await flush()
      await write()
      if (writing) await writing
      writing = null
      await applyVectors()
    },
    /** After a failure: a batch in flight finishes (or fails); what committed is indexed. */
    async abandon() {
      await (writing as Promise<void> | null)?.catch(() => {})
      await applyVectors().catch(() => {})
    },
  }
}

/** What was committed stays committed: the index file and the figures follow it, even after a failure. */
async function settle(run: Run): Promise<void> {
  const { ctx, opts, totals } = run
  const { deps, category } = ctx
  if (opts.dryRun) return
  if (category !== 'school') await deps.vectors.save(category)
  await refreshCorpusState(deps.db, category, {
    asOf: totals.read > 0 ? ctx.asOf : null,
    now: deps.clock.now(),
    // A resumed bulk load's earlier runs never got here: its figures are counted whatever it wrote.
    recount: totals.inserted + totals.updated > 0 || ctx.bulk !== null,
    model: ctx.embedder?.name ?? null,
  })
}

function recordMetrics(run: Run): void {
  const { totals, rejects } = run
  run.ctx.deps.metrics.ingest(run.ctx.category, {
    ...totals,
    duplicate: rejects.duplicates,
    rejected: rejects.count,
  })
}

/** Finish: figures, the tables' maintenance after a large write, metrics and the summary. */
async function finish(run: Run): Promise<IngestSummary> {
  const { ctx, opts, totals, rejects } = run
  await settle(run)
  const upserted = totals.inserted + totals.updated
  // A bulk load ends with one analyse (its indexes were built on the full tables), however little this run wrote.
  if ((upserted >= MAINTAIN_AFTER || ctx.bulk !== null) && !opts.dryRun) await maintainTables(ctx.deps, ctx.category)
  const seconds = (performance.now() - run.started) / 1000
  recordMetrics(run)
  const sorted = (m: Map<string, number>) =>
    Object.fromEntries([...m].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)))
  return {
    category: ctx.category,
    read: totals.read,
    upserted,
    inserted: totals.inserted,
    updated: totals.updated,
    unchanged: totals.unchanged,
    duplicate: rejects.duplicates,
    rejected: rejects.count,
    reject_reasons: sorted(rejects.reasons),
    dry_run: opts.dryRun === true,
    bulk: ctx.bulk !== null,
    seconds: Math.round(seconds * 1000) / 1000,
    records_per_second: seconds > 0 ? Math.round(totals.read / seconds) : 0,
    vectors: { embedded: totals.embedded, missing: totals.missing },
    reject_file: await rejects.close(),
    rejects: rejects.inline,
    rejects_truncated: rejects.count + rejects.duplicates > rejects.inline.length,
    warned: rejects.warned,
    warning_reasons: sorted(rejects.warningReasons),
    warned_lines: rejects.warnedInline,
  }
}

/** An ingest that wrote at least this many records leaves its tables vacuumed and analysed. */
export const MAINTAIN_AFTER = 1000

const TABLES_OF: Record<IngestCategory, string[]> = {
  company: ['companies', 'institutions', 'record_vectors'],
  person: ['persons', 'affiliations', 'institutions', 'record_vectors'],
  school: ['institutions'],
  patent: ['documents', 'record_vectors'],
  news_article: ['documents', 'record_vectors'],
  market_report: ['documents', 'record_vectors'],
  funding_round: ['documents', 'record_vectors'],
  academic_report: ['documents', 'record_vectors'],
  trend: ['documents', 'record_vectors'],
  job_opening: ['documents', 'record_vectors'],
}

/**
 * VACUUM (ANALYZE) of the tables a large ingest wrote. The planner needs fresh statistics (a new
 * store has none: its searches and graph reads were planned as full scans), and index-only scans
 * need the visibility map only VACUUM sets. PGlite has no autovacuum and a PostgreSQL server may
 * run without it (this project's CI machine does), so the ingest does it itself. Not in a
 * transaction (VACUUM refuses one); a failure is logged, the ingest stands.
 */
async function maintainTables(deps: Deps, category: IngestCategory): Promise<void> {
  const started = performance.now()
  try {
    // VACUUM takes as long as the tables are large: no statement deadline (store/db.ts).
    await withoutStatementDeadlines(deps.store.db, async (db) => {
      for (const table of TABLES_OF[category]) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db)
    })
    deps.log.info({ category, ms: Math.round(performance.now() - started) }, 'ingest: tables vacuumed and analysed')
  } catch (e) {
    deps.log.warn(
      { category, err: (e as Error).message },
      'ingest: vacuum/analyze failed; queries may be planned on stale statistics',
    )
  }
}

/** A prepared record and the input line it came from. */
type Pending = PreparedRecord & { line: number }

/** A line not written: its web identifier is stored for another source_id. */
interface Conflict {
  line: number
  problem: string
}

interface BatchResult {
  inserted: number
  upserted: number
  unchanged: number
  embedded: number
  missing: number
}

const EMBED_CHUNK = 64

/** `items.map(fn)`, with a turn of the event loop whenever this thread has worked a slice (SLICE_MS). */
async function mapSliced<T, R>(ctx: RunContext, items: readonly T[], fn: (item: T, i: number) => R): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < items.length; i++) {
    out.push(fn(items[i]!, i))
    await ctx.slice()
  }
  return out
}

/** Embeds the records' texts; an embedder failure leaves them without vectors (counted, retried on re-ingest). */
async function embed(ctx: RunContext, category: EntityCategory, records: PreparedRecord[], texts: string[]) {
  const none = { vectors: records.map(() => null as Float32Array | null), model: null as string | null }
  if (!ctx.embedder || records.length === 0) return none
  try {
    // In chunks, a turn of the event loop between them (SLICE_MS).
    const vectors: Float32Array[] = []
    for (let i = 0; i < texts.length; i += EMBED_CHUNK) {
      vectors.push(...(await ctx.embedder.embed(texts.slice(i, i + EMBED_CHUNK))))
      await ctx.slice()
    }
    return { vectors: vectors.map((v) => (isZeroVector(v) ? null : v)), model: ctx.embedder.name }
  } catch (e) {
    if (!ctx.vectorsFailed)
      ctx.deps.log.warn({ category, err: (e as Error).message }, 'embedding failed; records stored without vectors')
    ctx.vectorsFailed = true
    return none
  }
}

/** A batch ready to write: what changed, its vectors and its statements, compiled (the CPU-bound half of a batch). */
interface StagedBatch {
  batch: PreparedRecord[]
  conflicts: Conflict[]
  changed: PreparedRecord[]
  embedded: { vectors: (Float32Array | null)[]; model: string | null }
  now: Date
  /** The batch's one statement (store/corpus.ts writeBatchQuery); null: nothing changed. */
  write: CompiledQuery<WrittenBatchRow> | null
  /** Companies: their institutions (written with the records). */
  institutions: InstitutionRow[]
  /** The batch statement's input (a bulk load COPYs it into its staging tables). */
  input: BatchWrite | null
  /** Input items up to which everything is in this batch, an earlier one or refused (set by ingest()). */
  throughItem?: number
}

/** A committed batch's vectors, for the process index. */
interface Committed {
  category: EntityCategory
  generation: number
  updates: VectorUpdate[]
}

/**
 * Records whose row (found by web identifier) is stored with another source_id: one company or
 * person stays one row, and the line is reported as a duplicate instead of overwriting it.
 */
function sourceConflicts(batch: Pending[], stored: Map<string, StoredHash>): Conflict[] {
  const out: Conflict[] = []
  for (const p of batch) {
    const s = stored.get(p.id)
    if (s && s.source_id !== null && p.sourceId !== null && s.source_id !== p.sourceId)
      out.push({ line: p.line, problem: `duplicate: ${p.naturalKey} is stored with source_id ${s.source_id}` })
  }
  return out
}

async function storedOf(ctx: RunContext, batch: Pending[]): Promise<Map<string, StoredHash>> {
  const table = TABLE_OF[ctx.category as EntityCategory]
  const rows = await findRecordHashes(
    ctx.deps.db,
    table,
    batch.map((p) => p.id),
  )
  return new Map(rows.map((s) => [s.id, s]))
}

/** A dry run's batch: what would be inserted, updated or left unchanged (content only; nothing embedded). */
async function dryRunBatch(ctx: RunContext, all: Pending[]) {
  if (ctx.category === 'school') return { conflicts: [], inserted: 0, updated: 0, unchanged: all.length }
  const stored = await storedOf(ctx, all)
  const conflicts = sourceConflicts(all, stored)
  const lines = new Set(conflicts.map((c) => c.line))
  const batch = all.filter((p) => !lines.has(p.line))
  const inserted = batch.filter((p) => !stored.has(p.id)).length
  const unchanged = batch.filter((p) => stored.get(p.id)?.record_hash === p.hash).length
  return { conflicts, inserted, updated: batch.length - inserted - unchanged, unchanged }
}

/** What a batch needs from the store before it is staged: its stored rows and, for persons, employer domains. */
interface BatchReads {
  stored: Map<string, StoredHash>
}

/** Unchanged: same content and embedded with today's embedder. Those are not embedded nor written. */
function isChanged(ctx: RunContext, stored: Map<string, StoredHash>, p: PreparedRecord): boolean {
  const s = stored.get(p.id)
  return !s || s.record_hash !== p.hash || s.embedded_with !== (ctx.embedder?.name ?? null)
}

/** A batch's store reads, done before the batch before it is written (the pipeline in ingest()). */
async function readBatch(ctx: RunContext, all: Pending[]): Promise<BatchReads> {
  if (ctx.category === 'school') return { stored: new Map() }
  const stored = await storedOf(ctx, all)
  if (ctx.category === 'person')
    await resolveNames(
      ctx,
      all.filter((p) => isChanged(ctx, stored, p)),
    )
  return { stored }
}

/** Stages a batch from its reads: no store round trip, so it overlaps the write of the batch before. */
async function stageBatch(ctx: RunContext, all: Pending[], reads: BatchReads): Promise<StagedBatch> {
  const { deps, category } = ctx
  const now = deps.clock.now()
  const { stored } = reads
  const conflicts = sourceConflicts(all, stored)
  const conflicting = new Set(conflicts.map((c) => c.line))
  const batch: PreparedRecord[] = conflicting.size === 0 ? all : all.filter((p) => !conflicting.has(p.line))
  const none = {
    batch,
    conflicts,
    changed: [],
    embedded: { vectors: [], model: null },
    now,
    write: null,
    institutions: [],
    input: null,
  }
  if (category === 'school') return { ...none, changed: batch }
  const table = TABLE_OF[category]
  const changed = batch.filter((p) => isChanged(ctx, stored, p))
  if (changed.length === 0) return none
  const texts = await mapSliced(ctx, changed, (p) => recordTexts(category, p.record))
  const embedded = await embed(
    ctx,
    category,
    changed,
    texts.map((t) => t.embed),
  )
  const states: VectorState[] = embedded.vectors.map((v) => ({ hasVector: v !== null, embeddedWith: embedded.model }))
  let rows: CompanyRow[] | PersonRow[] | DocumentRow[]
  let institutions: InstitutionRow[] = []
  let graph: BatchWrite['graph']
  if (category === 'company') {
    rows = await mapSliced(ctx, changed, (p, i) => companyRow(p, texts[i]!, states[i]!, now))
    institutions = changed.map((p) => companyInstitution(p, now)).filter((i): i is InstitutionRow => i !== null)
  } else if (category === 'person') {
    const resolve = (norm: string) => ctx.nameCache.get(norm) ?? null
    const graphs = await mapSliced(ctx, changed, (p) => personGraph(p.id, p.record, resolve, ctx.asOfMonth, now))
    rows = await mapSliced(ctx, changed, (p, i) => personRow(p, texts[i]!, states[i]!, now, graphs[i]!))
    // Every changed person's affiliations are replaced: the upsert may skip a person another
    // ingest wrote identically meanwhile, and then the same rows go back.
    const missing = new Map<string, InstitutionRow>()
    for (const g of graphs)
      for (const i of g.institutions)
        if (!ctx.knownInstitutions.has(i.inst_key) && !missing.has(i.inst_key)) missing.set(i.inst_key, i)
    for (const key of missing.keys()) ctx.knownInstitutions.add(key)
    graph = {
      personIds: changed.map((p) => p.id),
      affiliations: graphs.flatMap((g) => g.affiliations),
      institutions: [...missing.values()],
    }
  } else
    rows = await mapSliced(ctx, changed, (p, i) =>
      documentRow(category as DocumentCategory, p, texts[i]!, states[i]!, now),
    )
  const input: BatchWrite = {
    table,
    rows,
    corpus: CATEGORY_SOURCE_CORPUS[category],
    category,
    model: embedded.model ?? '',
    vectors: changed.map((p, i) => {
      const v = embedded.vectors[i]
      return { id: p.id, vector: v ? vectorToBytes(v) : null }
    }),
    graph,
  }
  const write = writeBatchQuery(deps.db, input, ctx.bulk?.sources(input))
  await ctx.slice()
  return { batch, conflicts, changed, embedded, now, write, institutions, input }
}

/**
 * Writes a staged batch: its one statement (atomic on its own), and for companies their
 * institutions and name re-keying with it in one transaction. `whileWriting` (the previous batch's
 * vectors into the process index) runs while the store executes the statement, so neither waits
 * for the other.
 */
async function commitBatch(
  ctx: RunContext,
  staged: StagedBatch,
  whileWriting: () => Promise<void>,
): Promise<BatchResult & { vectors: Committed | null }> {
  const { deps, category } = ctx
  const { batch, changed, embedded, now, write } = staged
  if (category === 'school') {
    const written = await deps.db.transaction().execute(async (tx) => {
      const n = await upsertInstitutions(
        tx,
        batch.map((p) => schoolInstitution(p, now)),
      )
      // Graph blocks carry institution names and types.
      if (n.written > 0) await bumpGraphGeneration(tx)
      return n
    })
    return {
      inserted: written.inserted,
      upserted: written.written,
      unchanged: batch.length - written.written,
      embedded: 0,
      missing: 0,
      vectors: null,
    }
  }
  if (write === null) {
    if (ctx.bulk) await ctx.bulk.write(staged.throughItem ?? 0, null, async () => undefined)
    return { inserted: 0, upserted: 0, unchanged: batch.length, embedded: 0, missing: 0, vectors: null }
  }
  const indexOf = new Map(changed.map((p, i) => [p.id, i]))
  const vectorOf = (id: string) => embedded.vectors[indexOf.get(id)!] ?? null

  const run = async (db: Db): Promise<{ written: WrittenRecord[]; generation: number }> => {
    const pending = db.executeQuery(write)
    pending.catch(() => {})
    // Let the statement go out before this thread turns to the index.
    await new Promise((resolve) => setImmediate(resolve))
    let sideError: unknown = null
    await whileWriting().catch((e: unknown) => (sideError = e))
    const rows = (await pending).rows
    if (sideError !== null) throw sideError
    if (rows.length === 0) throw new Error(`ingest: corpus_state has no row for ${CATEGORY_SOURCE_CORPUS[category]}`)
    const written: WrittenRecord[] = []
    for (const r of rows)
      if (r.id !== null) written.push({ id: r.id, vec_key: Number(r.vec_key), inserted: r.inserted === true })
    return { written, generation: Number(rows[0]!.generation) }
  }
  const withGraph = async (tx: Db) => {
    const r = await run(tx)
    const ids = new Set(r.written.map((w) => w.id))
    if (ids.size > 0)
      await writeCompanyGraph(
        ctx,
        tx,
        staged.institutions.filter((i) => ids.has(i.inst_key)),
      )
    return r
  }
  const { written, generation } = ctx.bulk
    ? await ctx.bulk.write(staged.throughItem ?? 0, staged.input, category === 'company' ? withGraph : run)
    : category === 'company'
      ? await deps.db.transaction().execute(withGraph)
      : await run(deps.db)

  const embeddedCount = written.filter((w) => vectorOf(w.id) !== null).length
  return {
    inserted: written.filter((w) => w.inserted).length,
    upserted: written.length,
    unchanged: batch.length - written.length,
    embedded: embeddedCount,
    missing: written.length - embeddedCount,
    vectors:
      written.length > 0
        ? { category, generation, updates: written.map((w) => ({ key: w.vec_key, vector: vectorOf(w.id) })) }
        : null,
  }
}

/** Employer names of a person batch (its jobs', and a current employer's named without a domain) → corpus company domains (ctx.nameCache), one query per batch for names not seen yet. */
async function resolveNames(ctx: RunContext, batch: PreparedRecord[]): Promise<void> {
  const wanted = new Set<string>()
  const want = (name: string) => {
    const norm = normaliseName(name)
    if (norm && !ctx.nameCache.has(norm)) wanted.add(norm)
  }
  for (const p of batch) {
    const employer = namedCurrentEmployer(p.record)
    if (employer !== null) want(employer)
    const jobs = p.record.employment_history
    if (!Array.isArray(jobs)) continue
    for (const job of jobs as Record<string, unknown>[]) {
      if (job?.company_id || typeof job?.company !== 'string') continue
      want(job.company)
    }
  }
  if (wanted.size > 0) {
    const found = await findCompanyDomainsByName(ctx.deps.db, [...wanted])
    for (const name of wanted) ctx.nameCache.set(name, null)
    // Ordered by domain: when two companies share a name, the first domain wins, deterministically.
    for (const f of found) if (ctx.nameCache.get(f.name_norm) === null) ctx.nameCache.set(f.name_norm, f.domain)
  }
}

async function writeCompanyGraph(ctx: RunContext, tx: Db, institutions: InstitutionRow[]) {
  // Graph blocks carry institution names and types.
  if ((await upsertInstitutions(tx, institutions)).written > 0) await bumpGraphGeneration(tx)
  for (const i of institutions) ctx.knownInstitutions.add(i.inst_key)
  const named = institutions
    .filter((i) => i.name_norm !== null)
    .map((i) => ({ name_norm: i.name_norm!, domain: i.inst_key }))
  // Persons and affiliations moved to a company's domain: graph blocks built before are stale.
  if ((await rekeyNamedAffiliations(tx, named)) > 0) await bumpGraphGeneration(tx)
}
