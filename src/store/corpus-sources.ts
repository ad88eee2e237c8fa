// Source ids of stored records by source (docs/ingest-formats.md §2, docs/ingest-operations.md §3):
// what a `--replace` ingest compares with what its input sent. A source is the part of a source_id
// before its first ':'.
import { sql } from 'kysely'
import type { Db } from './db.ts'
import type { RecordTable } from './corpus.ts'

/** The stored source_ids that start with `prefix` (`crm:`), of a table (a category's slice of documents). */
export async function findSourceIdsWithPrefix(
  db: Db,
  table: RecordTable,
  category: string | null,
  prefix: string,
): Promise<string[]> {
  const rows = await sql<{ source_id: string }>`select source_id from ${sql.table(table)}
    where source_id is not null and starts_with(source_id, ${prefix})
      ${category !== null ? sql`and category = ${category}` : sql``}
    order by source_id`.execute(db)
  return rows.rows.map((r) => r.source_id)
}

export interface SourceRow {
  id: string
  source_id: string
  /** The stored web identifier (company domain or page URL, person profile URL), null without one. */
  web_id: string | null
}

/** Stored companies or persons holding these source_ids. */
export async function findRowsBySourceId(
  db: Db,
  table: 'companies' | 'persons',
  sourceIds: string[],
): Promise<SourceRow[]> {
  if (sourceIds.length === 0) return []
  const web = table === 'companies' ? sql`coalesce(domain, professional_url)` : sql`profile_url`
  return (
    await sql<SourceRow>`select id, source_id, ${web} as web_id from ${sql.table(table)}
      where source_id = any(${sourceIds}::text[])`.execute(db)
  ).rows
}

/** Ids among `ids` that are stored. */
export async function findStoredIds(db: Db, table: 'companies' | 'persons', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await sql<{ id: string }>`select id from ${sql.table(table)} where id = any(${ids}::text[])`.execute(db)
  return new Set(rows.rows.map((r) => r.id))
}

/**
 * Gives a stored company or person a new row id (its internal id, vector and content stay; a
 * person's affiliations follow). One transaction.
 */
export async function rekeyRows(
  db: Db,
  table: 'companies' | 'persons',
  moves: { from: string; to: string }[],
): Promise<void> {
  if (moves.length === 0) return
  const from = moves.map((m) => m.from)
  const to = moves.map((m) => m.to)
  await db.transaction().execute(async (tx) => {
    await sql`update ${sql.table(table)} t set id = m.to_id
      from unnest(${from}::text[], ${to}::text[]) as m(from_id, to_id) where t.id = m.from_id`.execute(tx)
    if (table === 'persons')
      await sql`update affiliations a set person_id = m.to_id
        from unnest(${from}::text[], ${to}::text[]) as m(from_id, to_id) where a.person_id = m.from_id`.execute(tx)
  })
}
