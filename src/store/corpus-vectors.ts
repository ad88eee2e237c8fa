// Stored vectors (record_vectors) and a corpus's vector generation: the vectors written, the
// generation moved on or read, and the vectors written after a generation (an index catching up).
import { bulkRows, type BulkColumns } from './bulk.ts'
import { bulkInsert } from './corpus-columns.ts'
import type { Db } from './db.ts'

export async function upsertRecordVectors(
  db: Db,
  rows: { vec_key: number; category: string; model: string; vector: Uint8Array | null; generation: number }[],
): Promise<void> {
  if (rows.length === 0) return
  await bulkInsert(db, 'record_vectors', VECTOR_BULK, bulkRows(VECTOR_BULK, rows))
    .onConflict((oc) =>
      oc.column('vec_key').doUpdateSet({
        model: (eb) => eb.ref('excluded.model'),
        vector: (eb) => eb.ref('excluded.vector'),
        generation: (eb) => eb.ref('excluded.generation'),
      }),
    )
    .execute()
}

const VECTOR_BULK: BulkColumns = {
  vec_key: 'int8',
  category: 'text',
  model: 'text',
  vector: 'bytea',
  generation: 'int8',
}

/**
 * Next vector generation of a corpus. The row lock serialises concurrent writers of one corpus,
 * so generation order is commit order and a reader that sees generation G sees every row ≤ G.
 */
export async function nextVectorGeneration(db: Db, corpus: string): Promise<number> {
  const row = await db
    .updateTable('corpus_state')
    .set((eb) => ({ vector_generation: eb('vector_generation', '+', 1) }))
    .where('corpus', '=', corpus)
    .returning('vector_generation')
    .executeTakeFirstOrThrow()
  return row.vector_generation
}

export async function findVectorGeneration(db: Db, corpus: string): Promise<number> {
  const row = await db
    .selectFrom('corpus_state')
    .select('vector_generation')
    .where('corpus', '=', corpus)
    .executeTakeFirst()
  return row?.vector_generation ?? 0
}

/** Stored vectors of a category written after `generation`, in vec_key pages (keyset). */
export async function findVectorsSince(
  db: Db,
  category: string,
  generation: number,
  afterKey: number,
  limit: number,
): Promise<{ vec_key: number; vector: Uint8Array | null; generation: number; model: string }[]> {
  return db
    .selectFrom('record_vectors')
    .select(['vec_key', 'vector', 'generation', 'model'])
    .where('category', '=', category)
    .where('generation', '>', generation)
    .where('vec_key', '>', afterKey)
    .orderBy('vec_key')
    .limit(limit)
    .execute()
}
