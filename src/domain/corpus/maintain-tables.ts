// After a large write (an ingest past MAINTAIN_AFTER records, a bulk load's end): the tables it
// wrote vacuumed and analysed (ingest-finish.ts, bulk-load.ts).
import { sql } from 'kysely'
import type { IngestCategory } from '../../contract/records.ts'
import { withoutStatementDeadlines } from '../../store/db.ts'
import type { Deps } from '../types.ts'

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
