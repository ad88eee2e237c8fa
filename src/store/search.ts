// Search queries over the corpus tables: filters compiled to SQL, full-text candidates, vector
// key lookups, counts and ordered pages. The domain (domain/search/) decides what to ask.
import { sql, type RawBuilder } from 'kysely'
import { tsqueryText } from '../retrieval/fulltext.ts'
import type { Db } from './db.ts'

export type SearchTable = 'companies' | 'persons' | 'documents'

export interface Condition {
  sql: RawBuilder<unknown>
}

const TRUE = sql`true`

export function and(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  if (parts.length === 0) return TRUE
  return sql`(${sql.join(parts, sql` and `)})`
}

export function or(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  if (parts.length === 0) return sql`false`
  return sql`(${sql.join(parts, sql` or `)})`
}

/** A numeric read of a jsonb path that never fails on a non-number. */
export function jsonNumber(alias: string, path: string[]): RawBuilder<number> {
  const p = sql`${sql.ref(`${alias}.record`)} #> ${`{${path.join(',')}}`}::text[]`
  return sql<number>`(case when jsonb_typeof(${p}) = 'number' then (${p})::text::float8 end)`
}

export function jsonText(alias: string, path: string[]): RawBuilder<string> {
  return sql<string>`(${sql.ref(`${alias}.record`)} #>> ${`{${path.join(',')}}`}::text[])`
}

export const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface PageQuery {
  table: SearchTable
  /** documents only */
  category: string | null
  where: RawBuilder<unknown>
  /** Restrict to these ids (a fused candidate pool), in any order. */
  ids?: string[]
  orderBy: RawBuilder<unknown>[]
  limit: number
  offset: number
}

function from(table: SearchTable) {
  const alias = table === 'companies' ? 'c' : table === 'persons' ? 'p' : 'd'
  return { alias, from: sql`${sql.table(table)} as ${sql.raw(alias)}` }
}

function baseWhere(q: { table: SearchTable; category: string | null; where: RawBuilder<unknown>; ids?: string[] }) {
  const { alias } = from(q.table)
  const parts = [q.where]
  if (q.table === 'documents') parts.push(sql`${sql.ref(`${alias}.category`)} = ${q.category}`)
  if (q.ids) parts.push(q.ids.length ? sql`${sql.ref(`${alias}.id`)} = any(${q.ids}::text[])` : sql`false`)
  return and(parts)
}

export async function countMatches(
  db: Db,
  q: { table: SearchTable; category: string | null; where: RawBuilder<unknown>; cap: number },
): Promise<{ count: number; capped: boolean }> {
  const t = from(q.table)
  // Counting stops at the cap: an exact count of a huge match set costs more than it tells.
  const r = await sql<{
    n: number
  }>`select count(*)::int as n from (select 1 from ${t.from} where ${baseWhere(q)} limit ${q.cap + 1}) x`.execute(db)
  const n = Number(r.rows[0]?.n ?? 0)
  return { count: Math.min(n, q.cap), capped: n > q.cap }
}

export async function pageRows(
  db: Db,
  q: PageQuery,
): Promise<{ id: string; vec_key: number; record: Record<string, unknown>; updated_at: Date }[]> {
  const t = from(q.table)
  const order = q.orderBy.length ? sql`order by ${sql.join(q.orderBy)}` : sql``
  const r = await sql<{ id: string; vec_key: number; record: Record<string, unknown>; updated_at: Date }>`
    select ${sql.ref(`${t.alias}.id`)} as id, ${sql.ref(`${t.alias}.vec_key`)} as vec_key, ${sql.ref(`${t.alias}.record`)} as record, ${sql.ref(`${t.alias}.updated_at`)} as updated_at
    from ${t.from} where ${baseWhere(q)} ${order} limit ${q.limit} offset ${q.offset}`.execute(db)
  return r.rows
}

/** Full-text candidates: ids ranked by ts_rank_cd against an OR of the query's terms. */
/** `all`: every term must occur (AND); `any`: one is enough (OR). */
export type TextMatch = 'all' | 'any'

/** The terms' tsquery (retrieval/fulltext.ts), or null when only stop words are left: nothing matches. */
function tsquery(terms: string[], match: TextMatch) {
  const text = tsqueryText(terms, match)
  return text === null ? null : sql`${text}::tsquery`
}

export async function textCandidates(
  db: Db,
  q: {
    table: SearchTable
    category: string | null
    where: RawBuilder<unknown>
    terms: string[]
    limit: number
    match: TextMatch
  },
): Promise<{ id: string; rank: number }[]> {
  if (q.terms.length === 0) return []
  const t = from(q.table)
  const tsq = tsquery(q.terms, q.match)
  if (tsq === null) return []
  const r = await sql<{ id: string; rank: number }>`
    select ${sql.ref(`${t.alias}.id`)} as id, ts_rank_cd(${sql.ref(`${t.alias}.tsv`)}, ${tsq}) as rank
    from ${t.from}
    where ${baseWhere(q)} and ${sql.ref(`${t.alias}.tsv`)} @@ ${tsq}
    order by rank desc, ${sql.ref(`${t.alias}.id`)} limit ${q.limit}`.execute(db)
  return r.rows.map((x) => ({ id: x.id, rank: Number(x.rank) }))
}

/** How many records the text matches (the universe of a text search), counted up to a cap. */
export async function countTextMatches(
  db: Db,
  q: {
    table: SearchTable
    category: string | null
    where: RawBuilder<unknown>
    terms: string[]
    cap: number
    match: TextMatch
  },
) {
  if (q.terms.length === 0) return { count: 0, capped: false }
  const t = from(q.table)
  const tsq = tsquery(q.terms, q.match)
  if (tsq === null) return { count: 0, capped: false }
  return countMatches(db, { ...q, where: and([q.where, sql`${sql.ref(`${t.alias}.tsv`)} @@ ${tsq}`]) })
}

/** ids and vector keys of the records passing the filters, when there are at most `max` of them. */
export async function filteredKeys(
  db: Db,
  q: { table: SearchTable; category: string | null; where: RawBuilder<unknown>; max: number },
): Promise<{ id: string; vec_key: number }[] | null> {
  const t = from(q.table)
  const r = await sql<{
    id: string
    vec_key: number
  }>`select ${sql.ref(`${t.alias}.id`)} as id, ${sql.ref(`${t.alias}.vec_key`)} as vec_key from ${t.from} where ${baseWhere(q)} limit ${q.max + 1}`.execute(
    db,
  )
  return r.rows.length > q.max ? null : r.rows
}

/** Maps vector keys back to ids, keeping only records that pass the filters. */
export async function idsForKeys(
  db: Db,
  q: { table: SearchTable; category: string | null; where: RawBuilder<unknown>; keys: number[] },
): Promise<Map<number, string>> {
  if (q.keys.length === 0) return new Map()
  const t = from(q.table)
  const r = await sql<{
    id: string
    vec_key: number
  }>`select ${sql.ref(`${t.alias}.id`)} as id, ${sql.ref(`${t.alias}.vec_key`)} as vec_key from ${t.from} where ${baseWhere(q)} and ${sql.ref(`${t.alias}.vec_key`)} = any(${q.keys}::bigint[])`.execute(
    db,
  )
  return new Map(r.rows.map((x) => [Number(x.vec_key), x.id]))
}

export async function recordsByIds(db: Db, table: SearchTable, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { id: string; vec_key: number; record: Record<string, unknown>; updated_at: Date }>()
  const t = from(table)
  const r = await sql<{
    id: string
    vec_key: number
    record: Record<string, unknown>
    updated_at: Date
  }>`select ${sql.ref(`${t.alias}.id`)} as id, ${sql.ref(`${t.alias}.vec_key`)} as vec_key, ${sql.ref(`${t.alias}.record`)} as record, ${sql.ref(`${t.alias}.updated_at`)} as updated_at from ${t.from} where ${sql.ref(`${t.alias}.id`)} = any(${ids}::text[])`.execute(
    db,
  )
  return new Map(r.rows.map((x) => [x.id, x]))
}

/**
 * The records of `ids` as JSON text, as the store prints them (never parsed here: search splices
 * them into its answer), without the keys a row sets itself (id, category, score).
 */
export async function recordTextsByIds(db: Db, table: SearchTable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const t = from(table)
  const r = await sql<{
    id: string
    record: string
  }>`select ${sql.ref(`${t.alias}.id`)} as id, (${sql.ref(`${t.alias}.record`)} - 'id' - 'category' - 'score')::text as record from ${t.from} where ${sql.ref(`${t.alias}.id`)} = any(${ids}::text[])`.execute(
    db,
  )
  return new Map(r.rows.map((x) => [x.id, x.record]))
}

/** Distinct values of a column with their counts, most common first (the parser's vocabularies). */
export async function vocabulary(
  db: Db,
  table: SearchTable,
  column: string,
  isArray: boolean,
  limit: number,
): Promise<string[]> {
  const t = from(table)
  const col = sql.ref(`${t.alias}.${column}`)
  const r = isArray
    ? await sql<{
        v: string
      }>`select v, count(*) n from ${t.from}, unnest(${col}) v group by v order by n desc, v limit ${limit}`.execute(db)
    : await sql<{
        v: string
      }>`select ${col} as v, count(*) n from ${t.from} where ${col} is not null group by ${col} order by n desc, v limit ${limit}`.execute(
        db,
      )
  return r.rows.map((x) => x.v)
}

/** Stored vectors of the given keys (look-alike anchors). */
export async function vectorsByKeys(db: Db, keys: number[]): Promise<Map<number, Uint8Array>> {
  if (keys.length === 0) return new Map()
  const r = await sql<{
    vec_key: number
    vector: Uint8Array | null
  }>`select vec_key, vector from record_vectors where vec_key = any(${keys}::bigint[])`.execute(db)
  return new Map(r.rows.filter((x) => x.vector !== null).map((x) => [Number(x.vec_key), x.vector!]))
}

export interface AnchorRow {
  id: string
  vec_key: number
  domain: string | null
  name: string | null
}

/** One company per anchor: by domain, company page URL, or the best-ranked name match. */
export async function findAnchor(db: Db, by: 'domain' | 'li_url' | 'name', value: string): Promise<AnchorRow | null> {
  const cols = sql`id, vec_key, domain, name`
  const r =
    by === 'domain'
      ? await sql<AnchorRow>`select ${cols} from companies where domain = ${value} limit 1`.execute(db)
      : by === 'li_url'
        ? await sql<AnchorRow>`select ${cols} from companies where professional_url = ${value} limit 1`.execute(db)
        : await sql<AnchorRow>`select ${cols} from companies where name % ${value} or name_norm = ${value.toLowerCase()} order by (name_norm = ${value.toLowerCase()}) desc, similarity(name, ${value}) desc, employee_count desc nulls last limit 1`.execute(
            db,
          )
  return r.rows[0] ?? null
}
