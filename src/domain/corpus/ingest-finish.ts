// Finishing an ingest: the vector index saved and the corpus figures refreshed for what committed
// (after a failure too), the tables vacuumed and analysed after a large write, the metrics and the
// summary.
import { refreshCorpusState } from './coverage.ts'
import { maintainTables } from './maintain-tables.ts'
import type { IngestSummary, Run } from './ingest-types.ts'

/** What was committed stays committed: the index file and the figures follow it, even after a failure. */
export async function settle(run: Run): Promise<void> {
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

export function recordMetrics(run: Run): void {
  const { totals, rejects } = run
  run.ctx.deps.metrics.ingest(run.ctx.category, {
    ...totals,
    duplicate: rejects.duplicates,
    rejected: rejects.count,
  })
}

/** Finish: figures, the tables' maintenance after a large write, metrics and the summary. */
export async function finish(run: Run): Promise<IngestSummary> {
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
