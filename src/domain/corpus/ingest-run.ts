// Opening an ingest: its context (embedder, caches, the event-loop slicer), the category's vector
// index loaded before the first batch, and a bulk load started or resumed when one is asked for or
// chosen for an empty category (bulk-load.ts).
import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import type { Deps } from '../types.ts'
import { isBulkByDefault, startBulkLoad } from './bulk-load.ts'
import { Rejects } from './ingest-rejects.ts'
import type { IngestOptions, Run, RunContext, Totals } from './ingest-types.ts'
import type { IngestCategory } from '../../contract/records.ts'

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

/** Open: the run's context, the category's vector index and, for a bulk load, its start (or resume). */
export async function openRun(deps: Deps, category: IngestCategory, opts: IngestOptions): Promise<Run> {
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
      if (auto.bulk) bulk = { key: auto.key, input: opts.autoBulk.input }
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
