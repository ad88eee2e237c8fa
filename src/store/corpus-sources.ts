// Source ids of stored records by source (docs/corpus.md §6.8–6.9): what a `--replace` ingest
// compares with what its input sent. A source is the part of a source_id before its first ':'.
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
