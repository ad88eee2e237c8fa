// Search queries over the corpus tables: filters compiled to SQL, full-text candidates, vector
// key lookups, counts and ordered pages. The domain (domain/search/) decides what to ask.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from './db.ts'
import { answeredPersonRecord } from './person-records.ts'

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

/** A search table with its alias (c, p or d), as every statement here names it. */
export function from(table: SearchTable) {
  const alias = table === 'companies' ? 'c' : table === 'persons' ? 'p' : 'd'
  return { alias, from: sql`${sql.table(table)} as ${sql.raw(alias)}` }
}

/** The filters' WHERE with a document category's slice and a candidate pool's ids. */
export function baseWhere(q: {
  table: SearchTable
  category: string | null
  where: RawBuilder<unknown>
  ids?: string[]
}) {
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

/**
 * The number of records passing `where`, estimated from a sample of `percent` % of the table's
 * pages (TABLESAMPLE SYSTEM, a fixed seed, so one question gets one estimate while the data stays
 * the same): the sampled matches scaled up. At 100 % it is the exact count. SYSTEM reads only the
 * sampled pages; BERNOULLI reads every page to pick its rows, which made the estimate slower than
 * the exact count it replaces (500,000 people: 434 ms against 96 ms; SYSTEM 174 ms, within 1 %).
 */
export async function sampledCount(
  db: Db,
  q: { table: SearchTable; category: string | null; where: RawBuilder<unknown>; percent: number },
): Promise<number> {
  return (await sampledCountWithError(db, q)).estimate
}

/**
 * sampledCount with its standard error. SYSTEM keeps each page with probability p, so the estimate
 * is Σ matches / p over the sampled pages and its variance (1 − p) / p² × Σ matches² (the
 * Horvitz–Thompson estimator of a Poisson sample of pages). Matches spread over many pages give a
 * small error; matches packed on few pages (a file loaded in the order of the filtered column)
 * a large one, as it should. A page without a match adds nothing to either sum, so only the
 * matching rows are grouped by page: their page number is read from the ctid as text, which cost
 * more than the filter itself when every sampled row was grouped (an industry in 314,000 companies:
 * 21.6 ms against 11.8 ms).
 */
export async function sampledCountWithError(
  db: Db,
  q: { table: SearchTable; category: string | null; where: RawBuilder<unknown>; percent: number },
): Promise<{ estimate: number; standardError: number }> {
  const t = from(q.table)
  const percent = Math.min(100, Math.max(0.01, q.percent))
  const p = Number(percent.toFixed(4)) / 100
  const r = await sql<{ matched: number; squares: number }>`
    select coalesce(sum(m), 0)::float8 as matched, coalesce(sum(m * m), 0)::float8 as squares
    from (select count(*) as m from ${t.from}
          tablesample system (${sql.lit(p * 100)}) repeatable (27)
          where ${baseWhere(q)}
          group by (${sql.ref(`${t.alias}.ctid`)}::text::point)[0]) pages`.execute(db)
  const matched = Number(r.rows[0]?.matched ?? 0)
  const squares = Number(r.rows[0]?.squares ?? 0)
  return { estimate: Math.round(matched / p), standardError: Math.sqrt((1 - p) * squares) / p }
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

/**
 * Document frequencies of lexemes in a table (a document category's slice): how many records hold
 * each, one GIN lookup per lexeme, counted up to `cap` + 1, and how many records there are.
 */
export async function documentFrequencies(
  db: Db,
  q: { table: SearchTable; category: string | null; lexemes: string[]; withTotal: boolean; cap: number },
): Promise<{ df: Map<string, number>; total: number | null }> {
  const t = from(q.table)
  const slice = q.table === 'documents' ? sql` and ${sql.ref(`${t.alias}.category`)} = ${q.category}` : sql``
  const cols = q.lexemes.map(
    (l, i) =>
      sql`(select count(*) from (select 1 from ${t.from} where ${sql.ref(`${t.alias}.tsv`)} @@ ${`'${l}'`}::tsquery${slice} limit ${q.cap + 1}) x)::int as ${sql.ref(`f${i}`)}`,
  )
  if (q.withTotal) cols.push(sql`(select count(*) from ${t.from} where true${slice})::int as ${sql.ref('n')}`)
  if (cols.length === 0) return { df: new Map(), total: null }
  const r = await sql<Record<string, number>>`select ${sql.join(cols)}`.execute(db)
  const row = r.rows[0] ?? {}
  return {
    df: new Map(q.lexemes.map((l, i) => [l, Number(row[`f${i}`] ?? 0)])),
    total: q.withTotal ? Number(row.n ?? 0) : null,
  }
}

/** Heap pages a search table holds now (the slices lexemeFrequenciesInPages reads). */
export async function tablePages(db: Db, table: SearchTable): Promise<number> {
  const r = await sql<{
    n: number
  }>`select (pg_relation_size(${table}::regclass) / current_setting('block_size')::int)::int as n`.execute(db)
  return Number(r.rows[0]?.n ?? 0)
}

/**
 * Document frequencies of the lexemes of the records on heap pages `from` … `to` (open-ended when
 * null) of a table (a document category's slice): ts_stat over those records, one statement, and
 * how many records they are. Summed over every page, they are the counts documentFrequencies reads
 * one lexeme at a time.
 */
export async function lexemeFrequenciesInPages(
  db: Db,
  q: { table: SearchTable; category: string | null; from: number; to: number | null },
): Promise<{ df: [string, number][]; records: number }> {
  if (q.category !== null && !/^[a-z_]+$/.test(q.category)) throw new Error(`not a category: ${q.category}`)
  const pages = [
    `ctid >= '(${Math.max(0, Math.floor(q.from))},0)'::tid`,
    ...(q.to === null ? [] : [`ctid < '(${Math.max(0, Math.floor(q.to))},0)'::tid`]),
    ...(q.category === null ? [] : [`category = '${q.category}'`]),
  ].join(' and ')
  const t = from(q.table)
  const r = await sql<{ records: number; words: string[] | null; ndocs: number[] | null }>`
    select (select count(*) from ${t.from} where ${sql.raw(pages)})::int as records,
      array_agg(word) as words, array_agg(ndoc) as ndocs
    from ts_stat(${`select tsv from ${q.table} where ${pages}`})`.execute(db)
  const row = r.rows[0]
  const words = row?.words ?? []
  const ndocs = row?.ndocs ?? []
  return { df: words.map((w, i) => [w, Number(ndocs[i])]), records: Number(row?.records ?? 0) }
}

/**
 * Every lexeme's document frequency over a whole table (a category of documents) in one statement,
 * the most frequent first, at most `max`: PostgreSQL aggregates them (ts_stat, in the server's
 * memory) and sends only what is kept, where summing slices here held every lexeme of the table in
 * this process at once (≈ 240 MB for 1.23M people). `complete`: no lexeme was left out.
 */
export async function lexemeFrequenciesTop(
  db: Db,
  q: { table: SearchTable; category: string | null; max: number },
): Promise<{ df: [string, number][]; records: number; complete: boolean }> {
  if (q.category !== null && !/^[a-z_]+$/.test(q.category)) throw new Error(`not a category: ${q.category}`)
  const where = q.category === null ? 'true' : `category = '${q.category}'`
  const t = from(q.table)
  const records = await sql<{ n: number }>`select count(*)::int as n from ${t.from} where ${sql.raw(where)}`.execute(db)
  const r = await sql<{ word: string; ndoc: number }>`select word, ndoc from
    ts_stat(${`select tsv from ${q.table} where ${where}`}) order by ndoc desc, word limit ${q.max + 1}`.execute(db)
  const rows = r.rows
  return {
    df: rows.slice(0, q.max).map((x) => [x.word, Number(x.ndoc)]),
    records: Number(records.rows[0]?.n ?? 0),
    complete: rows.length <= q.max,
  }
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

/**
 * The planner's estimate of the records passing `where` (EXPLAIN, no rows read: about a
 * millisecond). From the table's statistics, so it can be off, most for text matches and for
 * filters that depend on each other; callers use it only to skip a read its size makes useless.
 */
export async function plannedRows(
  db: Db,
  q: { table: SearchTable; category: string | null; where: RawBuilder<unknown> },
): Promise<number> {
  const t = from(q.table)
  const r = await sql<
    Record<string, unknown>
  >`explain (format json) select 1 from ${t.from} where ${baseWhere(q)}`.execute(db)
  const cell = Object.values(r.rows[0] ?? {})[0]
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }]
  return plan[0].Plan['Plan Rows']
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
 * The records of `ids` as search rows read them, without the keys a row sets itself (id,
 * category, score). A person's is its answered record (answeredPersonRecord: the employer's
 * industry filled in).
 */
export async function rowRecordsByIds(
  db: Db,
  table: SearchTable,
  ids: string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map()
  const t = from(table)
  const record = table === 'persons' ? answeredPersonRecord(t.alias) : sql.ref(`${t.alias}.record`)
  const r = await sql<{
    id: string
    record: Record<string, unknown>
  }>`select ${sql.ref(`${t.alias}.id`)} as id, ${record} - 'id' - 'category' - 'score' as record from ${t.from} where ${sql.ref(`${t.alias}.id`)} = any(${ids}::text[])`.execute(
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

/**
 * The person parser's vocabularies (src/domain/search/parser-people.ts), most common first: the
 * schools and former employers of the affiliation graph, the companies people work at, the
 * degrees, fields of study and governance levels of the person records, and former job titles.
 */
export async function peopleVocabulary(db: Db, limit: number): Promise<Record<PeopleVocabularyName, string[]>> {
  const rows = async (q: RawBuilder<{ v: string | null }>) =>
    (await q.execute(db)).rows.map((r) => r.v).filter((v): v is string => typeof v === 'string' && v.length > 0)
  // Several vocabularies from one pass over their rows (on a large corpus each pass takes seconds,
  // 6.8M affiliations ≈ 15 s): `counts` gives (k, v, n), and each vocabulary `k` is ranked on its
  // own (most common first, then by value) and cut at `max` in the statement.
  const ranked = async (counts: RawBuilder<unknown>, max: number) => {
    const r = await sql<{ k: string; v: string | null }>`select k, v from (
        select k, v, row_number() over (partition by k order by n desc, v) as r from (${counts}) g
        where v is not null) t
      where r <= ${max} order by k, r`.execute(db)
    const out = new Map<string, string[]>()
    for (const { k, v } of r.rows) {
      if (typeof v !== 'string' || v.length === 0) continue
      const values = out.get(k)
      if (values) values.push(v)
      else out.set(k, [v])
    }
    return out
  }
  // Schools: names of education institutions; former employers: names and domains of the
  // institutions of employments no longer current (schools' domains are not counted).
  const institutions = ranked(
    sql`select f.kind || case when grouping(i.name) = 0 then ':name' else ':domain' end as k,
        case when grouping(i.name) = 0 then i.name else i.domain end as v, count(*) n
      from affiliations f join institutions i on i.inst_key = f.inst_key
      where f.kind = 'education' or (f.kind = 'employment' and not f.is_current)
      group by grouping sets ((f.kind, i.name), (f.kind, i.domain))
      having not (f.kind = 'education' and grouping(i.name) = 1)`,
    limit,
  )
  const education = ranked(
    sql`select x.k, x.v, count(*) n
      from persons p, jsonb_array_elements(coalesce(p.record->'education', '[]'::jsonb)) e,
        lateral (values ('degree', e->>'degree'), ('field', e->>'field')) as x(k, v)
      where x.v is not null group by 1, 2`,
    500,
  )
  const [byInstitution, byEducation, companies, companyDomains, governance, pastTitles] = await Promise.all([
    institutions,
    education,
    rows(
      sql<{ v: string | null }>`select name as v from companies where name is not null order by name limit ${limit}`,
    ),
    rows(
      sql<{
        v: string | null
      }>`select domain as v from companies where domain is not null order by domain limit ${limit}`,
    ),
    rows(
      sql<{
        v: string | null
      }>`select g as v, count(*) n from persons p, unnest(p.governance_level) g group by 1 order by n desc, v limit 50`,
    ),
    rows(sql<{ v: string | null }>`select f.title as v, count(*) n from affiliations f
        where f.kind = 'employment' and not f.is_current and f.title is not null
        group by 1 order by n desc, v limit ${limit}`),
  ])
  return {
    schools: byInstitution.get('education:name') ?? [],
    past_employers: byInstitution.get('employment:name') ?? [],
    past_employer_domains: byInstitution.get('employment:domain') ?? [],
    companies,
    company_domains: companyDomains,
    degrees: byEducation.get('degree') ?? [],
    fields_of_study: byEducation.get('field') ?? [],
    governance_levels: governance,
    past_titles: pastTitles,
  }
}

export type PeopleVocabularyName =
  | 'schools'
  | 'past_employers'
  | 'past_employer_domains'
  | 'companies'
  | 'company_domains'
  | 'degrees'
  | 'fields_of_study'
  | 'governance_levels'
  | 'past_titles'

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
