// Counts and fingerprints of the corpus tables: records, vectors and fields present per table
// (coverage), the affiliation and institution figures, and an order-independent digest.
import { sql } from 'kysely'
import type { RecordTable } from './corpus.ts'
import type { Db } from './db.ts'

/** A present value: not missing, not JSON null, not an empty string, array or object. */
function jsonPresent(field: string) {
  return sql<boolean>`coalesce(record -> ${field} not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb), false)`
}

/**
 * Record count, vector count and, per field, how many records carry it: one scan of the table
 * (a category's slice of documents). Fields are top-level record fields. `model` counts only the
 * vectors that embedder made (`embedded_with`), the ones its index holds; null counts any vector.
 */
export async function countRecordFields(
  db: Db,
  table: RecordTable,
  category: string | null,
  fields: readonly string[],
  model: string | null,
): Promise<{ records: number; vectors: number; fields: Record<string, number> }> {
  const selections = [
    sql<number>`count(*)::int`.as('records'),
    model === null
      ? sql<number>`count(*) filter (where has_vector)::int`.as('vectors')
      : sql<number>`count(*) filter (where has_vector and embedded_with = ${model})::int`.as('vectors'),
    ...fields.map((f, i) => sql<number>`count(*) filter (where ${jsonPresent(f)})::int`.as(`f${i}`)),
  ]
  let query = db.selectFrom(table).select(selections)
  if (category !== null) query = query.where(sql.ref('category'), '=', category)
  const row = (await query.executeTakeFirstOrThrow()) as Record<string, number>
  return {
    records: row.records ?? 0,
    vectors: row.vectors ?? 0,
    fields: Object.fromEntries(fields.map((f, i) => [f, row[`f${i}`] ?? 0])),
  }
}

export async function countAffiliations(db: Db): Promise<{ records: number; fields: Record<string, number> }> {
  const row = await db
    .selectFrom('affiliations')
    .select([
      sql<number>`count(*)::int`.as('records'),
      sql<number>`count(*) filter (where kind = 'employment')::int`.as('employment'),
      sql<number>`count(*) filter (where kind = 'education')::int`.as('education'),
      sql<number>`count(start_month)::int`.as('start_month'),
      sql<number>`count(end_month)::int`.as('end_month'),
      sql<number>`count(*) filter (where match_confidence = 'url')::int`.as('match_url'),
      sql<number>`count(*) filter (where match_confidence = 'edu')::int`.as('match_edu'),
      sql<number>`count(*) filter (where match_confidence = 'name')::int`.as('match_name'),
    ])
    .executeTakeFirstOrThrow()
  const { records, ...fields } = row
  return { records, fields }
}

export async function countInstitutions(db: Db): Promise<{ records: number; fields: Record<string, number> }> {
  const row = await db
    .selectFrom('institutions')
    .select([
      sql<number>`count(*)::int`.as('records'),
      sql<number>`count(*) filter (where type = 'company')::int`.as('company'),
      sql<number>`count(*) filter (where type = 'school')::int`.as('school'),
      sql<number>`count(domain)::int`.as('domain'),
      sql<number>`count(professional_url)::int`.as('professional_url'),
    ])
    .executeTakeFirstOrThrow()
  const { records, ...fields } = row
  return { records, fields }
}

/** Order-independent fingerprint of what a table holds for a category: same ids and records ⇔ same digest. */
export async function digestRecords(
  db: Db,
  table: RecordTable,
  category: string | null,
): Promise<{ records: number; digest: string | null }> {
  let query = db
    .selectFrom(table)
    .select([
      sql<number>`count(*)::int`.as('records'),
      sql<string | null>`md5(string_agg(id || ':' || record_hash, ',' order by id))`.as('digest'),
    ])
  if (category !== null) query = query.where(sql.ref('category'), '=', category)
  return query.executeTakeFirstOrThrow()
}
