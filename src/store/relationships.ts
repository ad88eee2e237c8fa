// Reads of the affiliation graph for the relationships routes, and anchor resolution. The joins
// are narrowed here in SQL (populations, usable affiliations, only institutions both sides touch)
// and counted in domain/relationships/graph-join.ts: docs/relationships.md §1 says why the split.
import { sql, type RawBuilder, type Selectable } from 'kysely'
import type { InstitutionsTable } from './tables-corpus.ts'
import type { Db } from './db.ts'

export interface PeopleFilter {
  /** Lower-cased. */
  country: string[] | null
  department: string[] | null
  seniority: string[] | null
}

export interface GraphPerson {
  id: string
  profile_url: string
  name: string | null
  title: string | null
  department: string | null
  seniority: string | null
  country: string | null
  company_domain: string | null
  company_key: string | null
  company_name: string | null
}

/**
 * A company's current people (persons.company_key: its domain, or name:<normalised>) under the
 * side's filters, minus some people (reach: the seeds). Each gets a rank: its position in
 * profile-URL byte order, the answers' tie-break, so ranks order rows without reading URLs.
 */
export interface Population {
  company_key: string
  filter: PeopleFilter
  exclude_ids: string[]
}

/** Which affiliations may connect (docs/relationships.md §1). */
export interface EdgeRules {
  /** Only ended affiliations. */
  exclude_current: boolean
  kind: 'employment' | 'education' | null
  /** Only these institutions (null: any). */
  only: string[] | null
}

export interface GraphEdge {
  /** The person's rank in its population (seeds: position in the seed list; everyone: a dense index). */
  person: number
  /** Everyone (via_institution): the person's rank in the first population, when they are in it. */
  first_rank: number | null
  inst_key: string
  kind: 'employment' | 'education'
  start_month: number | null
  /** Null while it lasts (is_current). */
  end_month: number | null
  match_confidence: 'url' | 'edu' | 'name'
}

export interface SideEdges {
  first: GraphEdge[]
  second: GraphEdge[]
}

export type RankedPerson = GraphPerson & { rank: number }

/** A person's rank in a population: position in profile-URL byte order (graph blocks use the same). */
export const PROFILE_RANK = sql<number>`(row_number() over (order by profile_url collate "C"))::int - 1`

function populationQuery(p: Population, columns: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  const f = p.filter
  return sql`select id, ${PROFILE_RANK} as rank ${columns}
    from persons
    where company_key = ${p.company_key}
      ${f.country ? sql`and lower(country) = any(${f.country}::text[])` : sql``}
      ${f.department ? sql`and department = any(${f.department}::text[])` : sql``}
      ${f.seniority ? sql`and seniority = any(${f.seniority}::text[])` : sql``}
      ${p.exclude_ids.length > 0 ? sql`and id <> all(${p.exclude_ids}::text[])` : sql``}`
}

const seedsQuery = (ids: string[]) =>
  sql`select id, (ord - 1)::int as rank from unnest(${ids}::text[]) with ordinality as s(id, ord)`

function usable(rules: EdgeRules): RawBuilder<unknown> {
  return sql`true
    ${rules.exclude_current ? sql`and not a.is_current and a.end_month is not null` : sql``}
    ${rules.kind ? sql`and a.kind = ${rules.kind}` : sql``}
    ${rules.only ? sql`and a.inst_key = any(${rules.only}::text[])` : sql``}`
}

const EDGE = sql`a.inst_key, a.kind, a.start_month, case when a.is_current then null else a.end_month end as end_month, a.match_confidence`

/** Named people's usable affiliations (reach seeds): `person` is the seed's index in `ids`. */
export async function findSeedEdges(db: Db, ids: string[], rules: EdgeRules): Promise<GraphEdge[]> {
  if (ids.length === 0) return []
  const r = await sql<GraphEdge>`with q as (${seedsQuery(ids)})
    select q.rank as person, null::int as first_rank, ${EDGE} from q join affiliations a on a.person_id = q.id where ${usable(rules)}`.execute(
    db,
  )
  return r.rows
}

/**
 * via_institution: a population's affiliations with the named institutions (first side; every one,
 * exclude_current is judged per institution by the caller), and everyone's usable affiliations
 * with them (second side, from affiliations_inst_idx alone), each marked with its rank on the
 * first side when the person is in the population (nobody is their own contact).
 */
export async function findInstitutionEdges(
  db: Db,
  first: Population,
  named: string[],
  kind: EdgeRules['kind'],
  excludeCurrent: boolean,
): Promise<SideEdges> {
  if (named.length === 0) return { first: [], second: [] }
  const typed = sql`a.inst_key = any(${named}::text[]) ${kind ? sql`and a.kind = ${kind}` : sql``}`
  const r = await sql<GraphEdge & { side: number }>`with
    p as materialized (${populationQuery(first)}),
    everyone as materialized (select a.person_id, ${EDGE} from affiliations a where ${typed} ${excludeCurrent ? sql`and not a.is_current and a.end_month is not null` : sql``})
    select 1 as side, p.rank as person, ${EDGE}, null::int as first_rank from p join affiliations a on a.person_id = p.id where ${typed} and a.holder_key = ${first.company_key}
    union all
    select 2 as side, (dense_rank() over (order by e.person_id))::int - 1 as person, e.inst_key, e.kind, e.start_month, e.end_month, e.match_confidence, p.rank as first_rank
    from everyone e left join p on p.id = e.person_id`.execute(db)
  return splitSides(r.rows)
}

function splitSides(rows: (GraphEdge & { side: number })[]): SideEdges {
  const out: SideEdges = { first: [], second: [] }
  for (const row of rows) (row.side === 1 ? out.first : out.second).push(row)
  return out
}

const PERSON_COLUMNS = [
  'id',
  'profile_url',
  'name',
  'title',
  'department',
  'seniority',
  'country',
  'company_domain',
  'company_key',
  'company_name',
] as const

/** People of a population by rank (a page of an answer). */
export async function findRankedPersons(db: Db, population: Population, ranks: number[]): Promise<RankedPerson[]> {
  if (ranks.length === 0) return []
  const r = await sql<RankedPerson>`with p as (${populationQuery(population)})
    select ${sql.join(PERSON_COLUMNS.map((c) => sql.ref(`persons.${c}`)))}, p.rank
    from p join persons on persons.id = p.id
    where p.rank = any(${ranks}::int[])`.execute(db)
  return r.rows
}

/** How many of a population's ranked people hold each value of a person field (null: 'Unknown'). */
export async function countRankedPersonsBy(
  db: Db,
  population: Population,
  ranks: number[],
  field: 'department' | 'seniority' | 'country',
): Promise<{ key: string; people: number }[]> {
  if (ranks.length === 0) return []
  const r = await sql<{
    key: string
    people: number
  }>`with p as (${populationQuery(population, sql`, ${sql.ref(field)} as value`)})
    select coalesce(value, 'Unknown') as key, count(*)::int as people from p where rank = any(${ranks}::int[]) group by 1`.execute(
    db,
  )
  return r.rows
}

export async function findPersons(db: Db, by: 'id' | 'profile_url', values: string[]): Promise<GraphPerson[]> {
  if (values.length === 0) return []
  return db.selectFrom('persons').select(PERSON_COLUMNS).where(by, 'in', values).execute() as Promise<GraphPerson[]>
}

export interface CompanyRef {
  id: string
  domain: string | null
  name: string | null
  name_norm: string | null
  professional_url: string | null
  vec_key: number
  similarity: number
}

/** An institution as the graph names it: its row without the record and the write time. */
export type InstitutionRef = Omit<Selectable<InstitutionsTable>, 'record' | 'updated_at'>

const COMPANY_COLUMNS = sql`id, domain, name, name_norm, professional_url, vec_key`

export async function findCompanies(
  db: Db,
  by: 'domain' | 'professional_url' | 'id' | 'vec_key',
  value: string,
): Promise<CompanyRef[]> {
  const column = sql.ref(by)
  const cast = by === 'vec_key' ? sql`${value}::bigint` : sql`${value}`
  const r =
    await sql<CompanyRef>`select ${COMPANY_COLUMNS}, 1::real as similarity from companies where ${column} = ${cast} order by id limit 2`.execute(
      db,
    )
  return r.rows
}

/**
 * Companies a name may mean: exact normalised-name matches first, then trigram neighbours and
 * names that start with it as a whole word, best first (similarity, then size).
 */
export async function findCompanyNameCandidates(
  db: Db,
  name: string,
  nameNorm: string,
  limit: number,
): Promise<CompanyRef[]> {
  const r =
    await sql<CompanyRef>`select ${COMPANY_COLUMNS}, (case when name_norm = ${nameNorm} then 2 else similarity(name, ${name}) end)::real as similarity
    from companies
    where name_norm = ${nameNorm} or name % ${name} or name_norm like ${likePrefix(nameNorm) + ' %'}
    order by (name_norm = ${nameNorm}) desc, similarity(name, ${name}) desc, employee_count desc nulls last, id
    limit ${limit}`.execute(db)
  return r.rows
}

const likePrefix = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const INSTITUTION_COLUMNS = ['inst_key', 'type', 'name', 'name_norm', 'domain', 'professional_url'] as const

export async function findInstitutionsByKeys(db: Db, keys: string[]): Promise<InstitutionRef[]> {
  if (keys.length === 0) return []
  return db
    .selectFrom('institutions')
    .select(INSTITUTION_COLUMNS)
    .where(sql<boolean>`inst_key = any(${keys}::text[])`)
    .execute()
}

/** Institutions keyed by these values, or whose domain they are (a school's domain is not its key). */
export async function findInstitutionsByKeysOrDomains(db: Db, values: string[]): Promise<InstitutionRef[]> {
  if (values.length === 0) return []
  return db
    .selectFrom('institutions')
    .select(INSTITUTION_COLUMNS)
    .where(sql<boolean>`inst_key = any(${values}::text[]) or domain = any(${values}::text[])`)
    .orderBy('inst_key')
    .execute()
}

export async function findInstitutionsByPageUrl(db: Db, url: string): Promise<InstitutionRef[]> {
  return db
    .selectFrom('institutions')
    .select(INSTITUTION_COLUMNS)
    .where('professional_url', '=', url)
    .orderBy('inst_key')
    .limit(5)
    .execute()
}

/** Institutions with exactly this normalised name (companies and schools alike). */
export async function findInstitutionsByNameNorms(db: Db, nameNorms: string[]): Promise<InstitutionRef[]> {
  if (nameNorms.length === 0) return []
  return db
    .selectFrom('institutions')
    .select(INSTITUTION_COLUMNS)
    .where(sql<boolean>`name_norm = any(${nameNorms}::text[])`)
    .orderBy('inst_key')
    .execute()
}

/** Institutions whose name starts with these words (a partial name such as `Lumina`), of one type. */
export async function findInstitutionsByNamePrefix(
  db: Db,
  nameNorm: string,
  type: 'company' | 'school' | null,
  limit: number,
): Promise<InstitutionRef[]> {
  let query = db
    .selectFrom('institutions')
    .select(INSTITUTION_COLUMNS)
    .where('name_norm', 'like', `${likePrefix(nameNorm)} %`)
  if (type) query = query.where('type', '=', type)
  return query.orderBy('name_norm').limit(limit).execute()
}

export async function findCompanyContexts(db: Db, domains: string[]) {
  if (domains.length === 0) return []
  return db
    .selectFrom('companies')
    .select(['domain', 'name', 'industry', 'employee_count', 'country'])
    .where(sql<boolean>`domain = any(${domains}::text[])`)
    .execute()
}

/** Distinct people countries (the question reader's vocabulary), most common first. */
export async function findPersonCountries(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('persons')
    .select('country')
    .where('country', 'is not', null)
    .groupBy('country')
    .orderBy(sql`count(*)`, 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => r.country!).filter(Boolean)
}
