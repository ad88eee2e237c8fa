// The batch pipeline of an ingest: validated records gathered into batches (cut by count or by
// size), each read, staged (ingest-stage.ts) and written (ingest-commit.ts) two in flight, and the
// committed vectors applied to the process index in commit order.
import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import { commitBatch, type Committed } from './ingest-commit.ts'
import { dryRunBatch, readBatch, stageBatch, type StagedBatch } from './ingest-stage.ts'
import type { Pending, Run } from './ingest-types.ts'
import { adoptSourceRows } from './source-rows.ts'

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
export function batchPipeline(run: Run) {
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
