// Deleting corpus records (issue 26 item 6): `dsp delete` and DELETE /admin/v1/corpus/{category}.
// A record goes with its vector (a tombstone in record_vectors, so every process's index drops it
// on catch-up), its affiliations (persons), and its place in lists, which then answer
// `unavailable_reason: not_found`. Rules: docs/ingest-operations.md §3.
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import { normaliseEntityId } from '../../corpus/normalise.ts'
import { deleteAffiliationsQuery } from '../../store/corpus-graph.ts'
import { deleteRecordsQuery, type DeletedRecord } from '../../store/corpus-records.ts'
import { nextVectorGeneration, upsertRecordVectors } from '../../store/corpus-vectors.ts'
import { bumpGraphGeneration } from '../../store/graph-blocks.ts'
import type { Deps } from '../types.ts'
import { TABLE_OF, refreshCorpusState } from './coverage.ts'
import { corpusChanged } from './live.ts'
import { corpusChangeCommitted } from '../monitors/corpus-changes.ts'

export interface DeleteSummary {
  category: EntityCategory
  requested: number
  deleted: number
  /** The ids that named no stored record. */
  not_found: string[]
}

/** Deletes records named by row id, source_id or entity id (domain, profile URL, …). */
export async function deleteRecords(deps: Deps, category: EntityCategory, input: string[]): Promise<DeleteSummary> {
  const ids = [...new Set(input.map((i) => i.trim()).filter((i) => i !== ''))]
  const entityIds = ids.map((i) => normaliseEntityId(category, i)).filter((i): i is string => i !== null)
  const deleted = await removeRecords(deps, category, ids, entityIds)
  const matched = new Set<string>()
  for (const d of deleted) for (const v of [d.id, d.source_id, d.entity_id]) if (v !== null) matched.add(v)
  const notFound = ids.filter((i) => !matched.has(i) && !matched.has(normaliseEntityId(category, i) ?? ''))
  // The ingest.completed event and the on_ingest monitors (domain/monitors/corpus-changes.ts).
  await corpusChangeCommitted(deps, {
    operation: 'delete',
    category,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    deleted: deleted.length,
  })
  return { category, requested: ids.length, deleted: deleted.length, not_found: notFound }
}

/**
 * Removes the records named by row id or source_id (`ids`) or by entity id (`entityIds`, already
 * normalised), with their vectors and affiliations, in one transaction; announces the change
 * (domain/corpus/live.ts). `--replace` ingests call it with source ids only.
 */
export async function removeRecords(
  deps: Deps,
  category: EntityCategory,
  ids: string[],
  entityIds: string[],
): Promise<DeletedRecord[]> {
  const table = TABLE_OF[category]
  const { deleted, generation } = await deps.db.transaction().execute(async (tx) => {
    const deleted = await deleteRecordsQuery(tx, table, table === 'documents' ? category : null, ids, entityIds)
    if (deleted.length === 0) return { deleted, generation: null }
    const generation = await nextVectorGeneration(tx, CATEGORY_SOURCE_CORPUS[category])
    await upsertRecordVectors(
      tx,
      deleted.map((d) => ({ vec_key: d.vec_key, category, model: '', vector: null, generation })),
    )
    if (category === 'person') {
      const q = deleteAffiliationsQuery(
        tx,
        deleted.map((d) => d.id),
      )
      if (q) await tx.executeQuery(q)
      await bumpGraphGeneration(tx)
    }
    return { deleted, generation }
  })
  if (generation !== null) {
    await deps.vectors.apply(
      category,
      generation,
      deleted.map((d) => ({ key: d.vec_key, vector: null })),
    )
    await deps.vectors.save(category)
    await refreshCorpusState(deps.db, category, {
      asOf: null,
      now: deps.clock.now(),
      recount: true,
      model: (await deps.embedder()).name,
    })
  }
  if (deleted.length > 0) await corpusChanged(deps, category)
  return deleted
}
