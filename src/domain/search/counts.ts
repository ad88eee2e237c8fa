// How many records a search finds: counted exactly up to COUNT_CAP, estimated from a sample past it.
import type { RawBuilder } from 'kysely'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import * as q from '../../store/search.ts'
import type { Deps } from '../types.ts'
import { corpusStates } from './corpus-states.ts'
import { TABLE, docCategoryOf } from './retrieval-plan.ts'

/**
 * Counts are exact up to here; past it, `total` is an estimate from a sample of the table
 * (countOrEstimate; total_is_estimate, universe_is_exact false).
 */
export const COUNT_CAP = 10_000
/**
 * Rows of the table the estimate past the cap reads (a sample of the table's pages holding this
 * many rows on average, the whole table when it is smaller). A count past the cap is ≥ 10,001
 * records, so the sample holds ≥ 10,001 × 30,000 / N of them: ≥ 300 on a table of a million rows,
 * a relative standard error ≤ 6 % when matches are spread over the pages, more when rows that
 * match sit together (pages are sampled whole).
 */
export const ESTIMATE_SAMPLE_ROWS = 30_000

/** The share (%) of a table of `rows` rows whose pages hold ESTIMATE_SAMPLE_ROWS on average; 10 when unknown. */
export function samplePercent(rows: number | null): number {
  return rows && rows > 0 ? (100 * ESTIMATE_SAMPLE_ROWS) / rows : 10
}

/** How many rows a category's table holds, from the corpora's states (kept at ingest). */
async function tableRows(deps: Deps, category: EntityCategory): Promise<number | null> {
  const table = TABLE[category]
  const corpora = new Set(
    (Object.keys(TABLE) as EntityCategory[]).filter((c) => TABLE[c] === table).map((c) => CATEGORY_SOURCE_CORPUS[c]),
  )
  const states = (await corpusStates(deps)).filter((st) => corpora.has(st.corpus as never))
  if (states.length === 0) return null
  return states.reduce((n, st) => n + Number(st.record_count ?? 0), 0)
}

/**
 * Standard errors below its estimate a page sample must be to stand for a count past COUNT_CAP on
 * its own: past the cap with ≈ 99.9 % confidence (one-sided, normal approximation).
 */
export const PAST_CAP_ERRORS = 3

/**
 * The records passing `where`: counted exactly up to COUNT_CAP; past it, estimated from a sample
 * of the table (ESTIMATE_SAMPLE_ROWS), never less than the cap + 1 the count saw. On a table
 * larger than the sample, the sample is read first: when it puts the matches past the cap by more
 * than PAST_CAP_ERRORS standard errors, the exact count (up to 10,001 rows read, 150–320 ms for a
 * word in an industry of a million companies) is not needed, and the estimate is the answer.
 */
export async function countOrEstimate(
  deps: Deps,
  category: EntityCategory,
  args: { where: RawBuilder<unknown> },
): Promise<{ count: number; estimated: boolean }> {
  const table = TABLE[category]
  const scope = { table, category: docCategoryOf(category), where: args.where }
  const percent = samplePercent(await tableRows(deps, category))
  const early = percent < 100 ? await q.sampledCountWithError(deps.db, { ...scope, percent }) : null
  if (early && early.estimate - PAST_CAP_ERRORS * early.standardError > COUNT_CAP)
    return { count: early.estimate, estimated: true }
  const counted = await q.countMatches(deps.db, { ...scope, cap: COUNT_CAP })
  if (!counted.capped) return { count: counted.count, estimated: false }
  const estimate = early?.estimate ?? (await q.sampledCount(deps.db, { ...scope, percent }))
  return { count: Math.max(COUNT_CAP + 1, estimate), estimated: true }
}
