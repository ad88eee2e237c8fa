// A bulk first load (`dsp ingest --bulk`, the large demo seed; docs/ingest-bulk.md §1): the ordinary
// ingest (ingest.ts: the same parsing, validation, duplicates, rows, embeddings, batch statement and
// reject file) with three differences, all here. The tables the load writes that are empty when it
// starts lose their secondary indexes until it ends (GIN indexes of full text and trigrams cost more
// to keep up row by row than to build once); on PostgreSQL each batch is COPYed into staging tables
// on the load's own connection and the batch statement reads them; and each batch commits together
// with the load's progress (bulk_loads), so a load stopped at any point is started again with the
// same input and goes on after its last committed batch, with nothing written twice.
import type { EntityCategory } from '../../contract/records.ts'
import {
  CopyConnection,
  dropIndexes,
  findBulkLoad,
  findDroppableIndexes,
  findUnfinishedBulkLoad,
  isCategoryEmpty,
  isTableEmpty,
  rebuildIndex,
  type BulkLoadListed,
  stagedBatchSources,
  updateBulkLoad,
  insertBulkLoad,
} from '../../store/bulk-loads.ts'
import type { BatchSources, BatchWrite } from '../../store/corpus-batch.ts'
import { withoutStatementDeadlines, type Db } from '../../store/db.ts'
import type { DroppedIndex } from '../../store/tables-corpus.ts'
import { ApiError } from '../../errors.ts'
import type { Deps } from '../types.ts'
import { refreshCorpusState, TABLE_OF } from './coverage.ts'
import { maintainTables } from './maintain-tables.ts'

export interface BulkOptions {
  /**
   * What names the input: a hash of its bytes and of the options that shape its items. A load of
   * the same category and key goes on after the items it committed (all of them, once it finished).
   */
  key: string
  /** What the load reads, in words, for `dsp bulk-loads` and refusals: a file's path, a command. */
  input?: string
  /**
   * False: keyed by its request (POST /admin/v1/corpus/{category}?bulk=true), so no later run can
   * go on with it; a failed load rebuilds its indexes before the error is answered.
   */
  resumable?: boolean
}

export interface BulkLoadPhase {
  phase: 'indexing'
  /** Indexes rebuilt so far, of `total`. */
  done: number
  total: number
}

export interface BulkRun {
  /** Input items an earlier run committed: validated again (same rejects), not written again. */
  readonly resumeAfter: number
  /** A batch statement's sources: staging tables on PostgreSQL (COPY), JSON-array parameters on PGlite. */
  sources(b: BatchWrite): BatchSources | undefined
  /** Runs a batch's writes in one transaction with the load's progress (every item up to `throughItem`). */
  write<T>(throughItem: number, batch: BatchWrite | null, fn: (tx: Db) => Promise<T>): Promise<T>
  /** Every batch committed: rebuilds the dropped indexes and marks the load done. */
  finish(onPhase?: (p: BulkLoadPhase) => void): Promise<void>
  close(): Promise<void>
}

/**
 * Whether an ingest given no bulk choice takes the bulk path (docs/ingest-bulk.md §1, "Automatic"):
 * the category holds no record yet and no other bulk load of it is unfinished (two loads would
 * share one set of dropped indexes), or the unfinished load is this input's own (a stopped
 * automatic load goes on where it stopped). `key` is asked for only then: it may read the whole input.
 */
export async function isBulkByDefault(
  deps: Deps,
  category: EntityCategory,
  key: () => Promise<string>,
): Promise<{ bulk: false } | { bulk: true; key: string }> {
  const table = TABLE_OF[category]
  if ((await findUnfinishedBulkLoad(deps.db, category)) === null)
    return (await isCategoryEmpty(deps.db, table, table === 'documents' ? category : null))
      ? { bulk: true, key: await key() }
      : { bulk: false }
  const k = await key()
  const own = await findBulkLoad(deps.db, category, k)
  return own !== null && own.state !== 'done' ? { bulk: true, key: k } : { bulk: false }
}

/** The tables a load of a category writes whose indexes it may drop (institutions are small and read by the load). */
function tablesOf(category: EntityCategory): string[] {
  const table = TABLE_OF[category]
  return category === 'person' ? [table, 'affiliations', 'record_vectors'] : [table, 'record_vectors']
}

/**
 * Starts a load, or resumes the one of the same input. A new load drops the secondary indexes of the
 * tables it writes that hold no row yet, after recording them in its bulk_loads row (one
 * transaction), so whichever run finishes the load rebuilds them. A load that finished, started
 * again, checks its input again and writes nothing (to store a file again into a store that
 * changed since, ingest it without --bulk).
 */
export async function startBulkLoad(deps: Deps, category: EntityCategory, opts: BulkOptions): Promise<BulkRun> {
  // PostgreSQL: the load's own connection, without statement deadlines (DROP INDEX waits for readers).
  const copy = deps.store.kind === 'postgres' && deps.store.url ? await CopyConnection.open(deps.store.url) : null
  try {
    const db = copy?.db ?? deps.db
    const stored = await findBulkLoad(db, category, opts.key)
    if (stored === null) {
      // Two loads of one category would share one set of dropped indexes, and the first one's,
      // never finished, would stay dropped: a new input waits until the unfinished load ends.
      const other = await findUnfinishedBulkLoad(db, category)
      if (other) throw new ApiError('request.invalid', unfinishedLoadDetail(other))
    }
    // A finished load run again goes over its input as a resumed one would, writing nothing.
    let dropped: DroppedIndex[] =
      stored?.state === 'loading' || stored?.state === 'indexing' ? stored.dropped_indexes : []
    if (stored === null) {
      dropped = await db.transaction().execute(async (tx) => {
        await insertBulkLoad(tx, category, opts.key, opts.input ?? null, deps.clock.now())
        const indexes: DroppedIndex[] = []
        for (const table of tablesOf(category))
          if (await isTableEmpty(tx, table)) indexes.push(...(await findDroppableIndexes(tx, table)))
        await updateBulkLoad(tx, category, opts.key, { dropped_indexes: indexes, now: deps.clock.now() })
        await dropIndexes(tx, indexes)
        return indexes
      })
    }
    await copy?.prepare(TABLE_OF[category])
    const resumeAfter = stored?.committed_items ?? 0
    deps.log.info(
      { category, resumed_after: resumeAfter, dropped_indexes: dropped.map((i) => i.name) },
      stored ? 'bulk load resumed' : 'bulk load started',
    )
    return bulkRun(deps, category, opts.key, copy, resumeAfter, dropped)
  } catch (e) {
    await copy?.close()
    throw e
  }
}

function bulkRun(
  deps: Deps,
  category: EntityCategory,
  key: string,
  copy: CopyConnection | null,
  resumeAfter: number,
  dropped: DroppedIndex[],
): BulkRun {
  const db = copy?.db ?? deps.db
  return {
    resumeAfter,
    sources: (b) => (copy ? stagedBatchSources(b) : undefined),
    write: (throughItem, batch, fn) =>
      db.transaction().execute(async (tx) => {
        if (copy && batch) await copy.copyBatch(batch)
        const result = await fn(tx)
        await updateBulkLoad(tx, category, key, { committed_items: throughItem, now: deps.clock.now() })
        return result
      }),
    async finish(onPhase) {
      await updateBulkLoad(db, category, key, { state: 'indexing', now: deps.clock.now() })
      const started = performance.now()
      for (let i = 0; i < dropped.length; i++) {
        onPhase?.({ phase: 'indexing', done: i, total: dropped.length })
        await rebuildIndex(db, dropped[i]!)
      }
      onPhase?.({ phase: 'indexing', done: dropped.length, total: dropped.length })
      await updateBulkLoad(db, category, key, { state: 'done', now: deps.clock.now() })
      if (dropped.length > 0)
        deps.log.info(
          { category, indexes: dropped.length, seconds: Math.round(performance.now() - started) / 1000 },
          'bulk load: indexes rebuilt',
        )
    },
    close: async () => copy?.close(),
  }
}

/** Why a new input is refused while another load of its category is unfinished, and what ends that one. */
function unfinishedLoadDetail(other: BulkLoadListed): string {
  const from = other.input ? ` of ${other.input}` : ''
  return (
    `A bulk load${from} into ${other.category} is unfinished (${other.committed_items} items committed, ` +
    `${other.dropped_indexes.length} indexes dropped until it ends; started ${other.started_at.toISOString()}). ` +
    `Run that load again to finish it (the same input and options), or end it where it stopped with ` +
    `\`dsp bulk-loads finish ${other.category}\`; then load this input.`
  )
}

export interface FinishedBulkLoad {
  category: string
  input: string | null
  committed_items: number
  indexes: number
  seconds: number
}

/**
 * Ends a category's unfinished load where it stopped (`dsp bulk-loads finish`): the records it
 * committed stay, the indexes it dropped are built again, it is marked done, and the category's
 * tables are analysed and its figures counted again, as the load's own end would have done. For a
 * load whose input is gone or broken; one that can still run is better finished by running it.
 */
export async function finishStoppedBulkLoad(
  deps: Deps,
  category: EntityCategory,
  opts: { asOf?: Date; onPhase?: (p: BulkLoadPhase) => void } = {},
): Promise<FinishedBulkLoad> {
  const load = await findUnfinishedBulkLoad(deps.db, category)
  if (!load) throw new ApiError('request.invalid', `No bulk load of ${category} is unfinished: nothing to finish.`)
  const started = performance.now()
  // Index builds take as long as the tables are large: no statement deadline.
  await withoutStatementDeadlines(deps.store.db, (db) =>
    bulkRun({ ...deps, db }, category, load.input_key, null, load.committed_items, load.dropped_indexes).finish(
      opts.onPhase,
    ),
  )
  await maintainTables(deps, category)
  await refreshCorpusState(deps.db, category, {
    // A stopped load never said how fresh its data is (its own end would have): only when told.
    asOf: opts.asOf ?? null,
    now: deps.clock.now(),
    recount: true,
    model: (await deps.embedder()).name,
  })
  return {
    category,
    input: load.input,
    committed_items: load.committed_items,
    indexes: load.dropped_indexes.length,
    seconds: Math.round(performance.now() - started) / 1000,
  }
}
