// Staging a batch of an ingest: its store reads (stored hashes, employer domains), then, with no
// store round trip, what changed, its embeddings, rows and graph, and its one compiled statement.
// Also a dry run's batch, counted from the same reads.
import type { CompiledQuery } from 'kysely'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import { normaliseName } from '../../corpus/normalise.ts'
import { isZeroVector } from '../../retrieval/embedder/index.ts'
import type { CompanyRow, DocumentRow, InstitutionRow, PersonRow } from '../../store/corpus.ts'
import { writeBatchQuery, type BatchWrite, type WrittenBatchRow } from '../../store/corpus-batch.ts'
import { findCompanyDomainsByName } from '../../store/corpus-graph.ts'
import { findRecordHashes, type StoredHash } from '../../store/corpus-records.ts'
import { TABLE_OF } from './coverage.ts'
import type { Pending, RunContext } from './ingest-types.ts'
import type { PreparedRecord } from './prepare.ts'
import { namedCurrentEmployer, personGraph } from './person-graph.ts'
import { recordTexts } from './record-texts.ts'
import {
  companyInstitution,
  companyRow,
  documentRow,
  personRow,
  type DocumentCategory,
  type VectorState,
} from './rows.ts'
import { vectorToBytes } from './vectors.ts'

/** A line not written: its web identifier is stored for another source_id. */
export interface Conflict {
  line: number
  problem: string
}

const EMBED_CHUNK = 64

/** `items.map(fn)`, with a turn of the event loop whenever this thread has worked a slice (SLICE_MS, ingest-run.ts). */
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
export interface StagedBatch {
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
  /** Input items up to which everything is in this batch, an earlier one or refused (set by the batch pipeline, ingest-batches.ts). */
  throughItem?: number
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
export async function dryRunBatch(ctx: RunContext, all: Pending[]) {
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
export interface BatchReads {
  stored: Map<string, StoredHash>
}

/** Unchanged: same content and embedded with today's embedder. Those are not embedded nor written. */
function isChanged(ctx: RunContext, stored: Map<string, StoredHash>, p: PreparedRecord): boolean {
  const s = stored.get(p.id)
  return !s || s.record_hash !== p.hash || s.embedded_with !== (ctx.embedder?.name ?? null)
}

/** A batch's store reads, done before the batch before it is written (the pipeline of ingest-batches.ts). */
export async function readBatch(ctx: RunContext, all: Pending[]): Promise<BatchReads> {
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
export async function stageBatch(ctx: RunContext, all: Pending[], reads: BatchReads): Promise<StagedBatch> {
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
