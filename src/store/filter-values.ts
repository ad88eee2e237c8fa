// Filter-value queries (data-routes §4.6): the distinct values of a column or of a path into the
// record jsonb, most common first, one page at a time; and companies by name. The domain
// (domain/search/filter-values.ts) decides which source a filter name reads.
import type { ValueLocation } from '../contract/search-catalogue.ts'
import { sql, type RawBuilder } from 'kysely'
import type { Db } from './db.ts'

/**
 * Where a filter's values live. A column is text (or text[] with `array`); a path into `record`
 * may end at a scalar or an array, whose elements are strings or objects (`each` names the key
 * read from an object, default `name`).
 */
/** A catalogue value location (contract/search-catalogue.ts ValueLocation), narrowed to one parent's values or not. */
export interface ValueSource extends ValueLocation {
  /** Only rows whose `column` equals `value` (case-insensitive): the sub-industries of one industry. */
  parent?: { column: string; value: string }
}

export interface ValuePageQuery {
  /** Case-insensitive substring; null = every value. */
  search: string | null
  limit: number
  offset: number
  /** Only the `top` most common values count (bounded vocabularies); null = all. */
  top: number | null
}

export interface ValuePage<T> {
  total: number
  rows: T[]
}

/** `%…%` for ILIKE with the wildcard characters of the input taken literally (backslash is the default escape). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`
}

function pathArray(path: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`array[${sql.join(path.map((p) => sql`${p}`))}]::text[]`
}

/** `select v from …` for one source: one row per value occurrence. */
function valuesOf(s: ValueSource): RawBuilder<unknown> {
  const t = sql.ref('t')
  const conditions: RawBuilder<unknown>[] = []
  if (s.table === 'documents') conditions.push(sql`t.category = ${s.category ?? ''}`)
  if (s.parent) conditions.push(sql`lower(${sql.ref(`t.${s.parent.column}`)}) = lower(${s.parent.value})`)
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
  const from = sql`${sql.table(s.table)} as ${t}`
  if (s.column !== undefined) {
    const col = sql.ref(`t.${s.column}`)
    return s.array
      ? sql`select x.v from ${from} cross join lateral unnest(${col}) as x(v) ${where}`
      : sql`select ${col}::text as v from ${from} ${where}`
  }
  // A scalar is wrapped in a one-element array so scalars and arrays unnest the same way.
  const at = sql`t.record #> ${pathArray(s.path ?? [])}`
  const ended = s.endedOnly ? sql`where e ->> 'end' is not null` : sql``
  return sql`select x.v from ${from} cross join lateral (
      select case when jsonb_typeof(e) = 'object' then e ->> ${s.each ?? 'name'} else e #>> '{}' end as v
      from jsonb_array_elements(case when jsonb_typeof(${at}) = 'array' then ${at} else jsonb_build_array(${at}) end) as e ${ended}
    ) as x ${where}`
}

/**
 * Distinct values over one or more sources (geo names read companies and persons), most common
 * first, ties by value. One statement: the grouped values, the count of groups and the page.
 */
export async function findValuePage(
  db: Db,
  sources: readonly ValueSource[],
  q: ValuePageQuery,
): Promise<ValuePage<string>> {
  const union = sql.join(sources.map(valuesOf), sql` union all `)
  const matches = q.search === null ? sql`` : sql`and v ilike ${containsPattern(q.search)}`
  const { rows } = await sql<{ total: number; page: string[] | null }>`
    with vals as (${union}),
    grouped as (
      select v, count(*) as n from vals where v is not null and v <> '' ${matches}
      group by v order by n desc, v limit ${q.top}
    ),
    page as (select v, n from grouped order by n desc, v limit ${q.limit} offset ${q.offset})
    select (select count(*)::int from grouped) as total,
           (select array_agg(v order by n desc, v) from page) as page`.execute(db)
  const row = rows[0]
  return { total: row?.total ?? 0, rows: row?.page ?? [] }
}

export interface CompanyMatch {
  id: string
  name: string
  domain: string | null
}

/** Companies whose name contains `search`: names starting with it first, then by name (trigram index on name). */
export async function findCompaniesByName(
  db: Db,
  search: string,
  limit: number,
  offset: number,
): Promise<ValuePage<CompanyMatch>> {
  const pattern = containsPattern(search)
  const base = db
    .selectFrom('companies')
    .where('name', 'is not', null)
    .where(sql<boolean>`name ilike ${pattern}`)
  const counted = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst()
  const rows = await base
    .select(['id', 'name', 'domain'])
    .orderBy(sql`starts_with(lower(name), lower(${search}))`, 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
  return { total: counted?.n ?? 0, rows: rows as CompanyMatch[] }
}
