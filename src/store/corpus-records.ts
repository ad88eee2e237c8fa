// Stored records read and deleted by id: the hashes of existing rows (to skip unchanged ones),
// pages of records in id order (export), and deletes by row id, source id or entity id.
import { sql } from 'kysely'
import type { RecordTable } from './corpus.ts'
import { anyText } from './corpus-columns.ts'
import type { Db } from './db.ts'

export interface StoredHash {
  id: string
  source_id: string | null
  record_hash: string
  embedded_with: string | null
}

/** Hash and embedder of the records that exist among `ids` (to skip unchanged ones before embedding). */
export async function findRecordHashes(db: Db, table: RecordTable, ids: string[]): Promise<StoredHash[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom(table)
    .select(['id', 'source_id', 'record_hash', 'embedded_with'])
    .where('id', '=', anyText(ids))
    .execute()
}

/** Stored records of a table (a category's slice of documents) in id order, for export. */
export async function findRecordsPage(
  db: Db,
  table: RecordTable,
  category: string | null,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; vec_key: number; record: unknown }[]> {
  let query = db.selectFrom(table).select(['id', 'vec_key', 'record']).orderBy('id').limit(limit)
  if (category !== null) query = query.where(sql.ref('category'), '=', category)
  if (afterId !== null) query = query.where('id', '>', afterId)
  return query.execute()
}

export interface DeletedRecord {
  id: string
  vec_key: number
  source_id: string | null
  entity_id: string | null
}

/**
 * Deletes the records of a table (a category's slice of documents) named by row id, source_id,
 * or entity id (a company's domain, a person's profile URL; values arrive normalised).
 */
export async function deleteRecordsQuery(
  db: Db,
  table: RecordTable,
  category: string | null,
  ids: string[],
  entityIds: string[],
): Promise<DeletedRecord[]> {
  if (ids.length === 0 && entityIds.length === 0) return []
  const entity = table === 'companies' ? 'domain' : table === 'persons' ? 'profile_url' : null
  return (
    await sql<DeletedRecord>`delete from ${sql.table(table)}
    where (id = any(${ids}::text[]) or source_id = any(${ids}::text[])
      ${entity ? sql`or ${sql.ref(entity)} = any(${entityIds}::text[])` : sql``})
      ${category !== null ? sql`and category = ${category}` : sql``}
    returning id, vec_key, source_id, ${entity ? sql.ref(entity) : sql`null::text`} as entity_id`.execute(db)
  ).rows
}
