// Finishing an ingest: the vector index saved and the corpus figures refreshed for what committed
// (after a failure too), the tables vacuumed and analysed after a large write, the metrics and the
// summary.
import { sql } from 'kysely'
import { withoutStatementDeadlines } from '../../store/db.ts'
import type { Deps } from '../types.ts'
import { refreshCorpusState } from './coverage.ts'
import type { IngestSummary, Run } from './ingest-types.ts'
import type { IngestCategory } from '../../contract/records.ts'

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
export async function maintainTables(deps: Deps, category: IngestCategory): Promise<void> {
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
