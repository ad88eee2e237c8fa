// One source_id, one row (docs/ingest-formats.md §2): a company or person first stored by its source_id
// alone and sent again with a web identifier (or the other way round, or with a changed one) is the
// same record. Before a batch is staged, each of its lines whose source_id is stored under another
// row id is pointed at that row: when the line brings a web identifier whose row id is free, the
// stored row takes that id (a re-key: its internal id, vector and a person's affiliations stay),
// otherwise the line takes the stored row's id. A dry run only points the line at the stored row.
import { findRowsBySourceId, findStoredIds, rekeyRows } from '../../store/corpus-sources.ts'
import type { Deps } from '../types.ts'
import type { IngestCategory } from '../../contract/records.ts'
import type { PreparedRecord } from './prepare.ts'

export async function adoptSourceRows(
  deps: Deps,
  category: IngestCategory,
  batch: PreparedRecord[],
  dryRun: boolean,
): Promise<void> {
  if (category !== 'company' && category !== 'person') return
  const table = category === 'company' ? 'companies' : 'persons'
  const withSource = batch.filter((p) => p.sourceId !== null)
  if (withSource.length === 0) return
  const stored = new Map(
    (
      await findRowsBySourceId(
        deps.db,
        table,
        withSource.map((p) => p.sourceId!),
      )
    ).map((r) => [r.source_id, r]),
  )
  const moved = withSource.filter((p) => {
    const s = stored.get(p.sourceId!)
    return s !== undefined && s.id !== p.id
  })
  if (moved.length === 0) return
  const idsInBatch = new Set(batch.map((p) => p.id))
  const hasWebId = (p: PreparedRecord) => !p.naturalKey.startsWith('source_id=')
  const taken = dryRun
    ? new Set<string>()
    : await findStoredIds(
        deps.db,
        table,
        moved.filter(hasWebId).map((p) => p.id),
      )
  const rekeys: { from: string; to: string }[] = []
  for (const p of moved) {
    const s = stored.get(p.sourceId!)!
    // Another line of the batch already names the stored row: leave this one as it is.
    if (idsInBatch.has(s.id)) continue
    if (!dryRun && hasWebId(p) && !taken.has(p.id)) rekeys.push({ from: s.id, to: p.id })
    else if (!hasWebId(p) || !taken.has(p.id)) p.id = s.id
  }
  await rekeyRows(deps.db, table, rekeys)
}
