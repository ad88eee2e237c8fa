// A page's rows: the ranked records read from the store, each with id, category and score (§2.2).
import type { EntityCategory } from '../../contract/records.ts'
import * as q from '../../store/search.ts'
import type { Deps } from '../types.ts'
import { TABLE, type Hit } from './retrieval-plan.ts'

/** A page row: the record's fields, then the three guaranteed keys (§2.2). */
export type Row = Record<string, unknown> & { id: string; category: EntityCategory; score: number }

/**
 * Records of the page as rows: each record's fields with id, category and score appended (§2.2),
 * in the page's order; a record gone since it was ranked is left out.
 */
export async function buildRows(deps: Deps, category: EntityCategory, hits: Hit[]): Promise<Row[]> {
  // Fault injection's `records`: the reads of a ranked page's records (DSP_FAULTS=1).
  if (deps.faults.modeOf('records') !== null) await deps.faults.check('records', deps.config.DSP_RETRIEVAL_TIMEOUT_MS)
  const records = await q.rowRecordsByIds(
    deps.db,
    TABLE[category],
    hits.map((h) => h.id),
  )
  return hits.flatMap((h) => {
    const record = records.get(h.id)
    return record === undefined ? [] : [{ ...record, id: h.id, category, score: h.score }]
  })
}
