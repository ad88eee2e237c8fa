// Reads of the affiliation graph for the relationships routes: a company's current people and
// their affiliations, everyone affiliated with given institutions, and anchor resolution. The
// graph joins themselves run in domain/relationships/graph.ts over what these return.
import { sql } from 'kysely'
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

export interface AffiliationEdge {
  person_id: string
  inst_key: string
  kind: 'employment' | 'education'
  start_month: number | null
  end_month: number | null
  is_current: boolean
  match_confidence: 'url' | 'edu' | 'name'
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

export interface InstitutionRef {
  inst_key: string
  type: 'company' | 'school'
  name: string | null
  name_norm: string | null
  domain: string | null
  professional_url: string | null
}

const PERSON_COLUMNS = ['id', 'profile_url', 'name', 'title', 'department', 'seniority', 'country', 'company_domain', 'company_key', 'company_name'] as const
const EDGE_COLUMNS = ['person_id', 'inst_key', 'kind', 'start_month', 'end_month', 'is_current', 'match_confidence'] as const

/** A company's current people (persons.company_key: its domain, or name:<normalised>), under the side's filters. */
export async function findPopulation(db: Db, companyKey: string, filter: PeopleFilter): Promise<GraphPerson[]> {
  let query = db.selectFrom('persons').select(PERSON_COLUMNS).where('company_key', '=', companyKey)
  if (filter.country) query = query.where(sql<boolean>`lower(country) = any(${filter.country}::text[])`)
  if (filter.department) query = query.where('department', 'in', filter.department)
  if (filter.seniority) query = query.where('seniority', 'in', filter.seniority)
  return query.execute() as Promise<GraphPerson[]>
}

export async function findPersons(db: Db, by: 'id' | 'profile_url', values: string[]): Promise<GraphPerson[]> {
  if (values.length === 0) return []
  return db.selectFrom('persons').select(PERSON_COLUMNS).where(by, 'in', values).execute() as Promise<GraphPerson[]>
}

/**
 * Affiliations of the given people, optionally only with the given institutions. `any(array)`
 * keeps the primary key (person_id, ordinal) in play: a join is planned as a full scan.
 */
export async function findAffiliationsOfPersons(db: Db, personIds: string[], instKeys: string[] | null = null): Promise<AffiliationEdge[]> {
  if (personIds.length === 0 || (instKeys && instKeys.length === 0)) return []
  let query = db.selectFrom('affiliations').select(EDGE_COLUMNS).where(sql<boolean>`person_id = any(${personIds}::text[])`)
  if (instKeys) query = query.where(sql<boolean>`inst_key = any(${instKeys}::text[])`)
  return query.execute() as Promise<AffiliationEdge[]>
}

/** Everyone's affiliations with the given institutions (served by affiliations_inst_idx alone). */
export async function findAffiliationsOfInstitutions(db: Db, instKeys: string[]): Promise<AffiliationEdge[]> {
  if (instKeys.length === 0) return []
  return db.selectFrom('affiliations').select(EDGE_COLUMNS).where(sql<boolean>`inst_key = any(${instKeys}::text[])`).execute() as Promise<AffiliationEdge[]>
}

const COMPANY_COLUMNS = sql`id, domain, name, name_norm, professional_url, vec_key`

export async function findCompanies(db: Db, by: 'domain' | 'professional_url' | 'id' | 'vec_key', value: string): Promise<CompanyRef[]> {
  const column = sql.ref(by)
  const cast = by === 'vec_key' ? sql`${value}::bigint` : sql`${value}`
  const r = await sql<CompanyRef>`select ${COMPANY_COLUMNS}, 1::real as similarity from companies where ${column} = ${cast} order by id limit 2`.execute(db)
  return r.rows
}

/**
 * Companies a name may mean: exact normalised-name matches first, then trigram neighbours and
 * names that start with it as a whole word, best first (similarity, then size).
 */
export async function findCompanyNameCandidates(db: Db, name: string, nameNorm: string, limit: number): Promise<CompanyRef[]> {
  const r = await sql<CompanyRef>`select ${COMPANY_COLUMNS}, (case when name_norm = ${nameNorm} then 2 else similarity(name, ${name}) end)::real as similarity
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
  return db.selectFrom('institutions').select(INSTITUTION_COLUMNS).where(sql<boolean>`inst_key = any(${keys}::text[])`).execute()
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
  return db.selectFrom('institutions').select(INSTITUTION_COLUMNS).where('professional_url', '=', url).orderBy('inst_key').limit(5).execute()
}

/** Institutions with exactly this normalised name (companies and schools alike). */
export async function findInstitutionsByNameNorms(db: Db, nameNorms: string[]): Promise<InstitutionRef[]> {
  if (nameNorms.length === 0) return []
  return db.selectFrom('institutions').select(INSTITUTION_COLUMNS).where(sql<boolean>`name_norm = any(${nameNorms}::text[])`).orderBy('inst_key').execute()
}

/** Institutions whose name starts with these words (a partial name such as `Lumina`), of one type. */
export async function findInstitutionsByNamePrefix(db: Db, nameNorm: string, type: 'company' | 'school' | null, limit: number): Promise<InstitutionRef[]> {
  let query = db.selectFrom('institutions').select(INSTITUTION_COLUMNS).where('name_norm', 'like', `${likePrefix(nameNorm)} %`)
  if (type) query = query.where('type', '=', type)
  return query.orderBy('name_norm').limit(limit).execute()
}

export async function findCompanyContexts(db: Db, domains: string[]) {
  if (domains.length === 0) return []
  return db.selectFrom('companies').select(['domain', 'name', 'industry', 'employee_count', 'country']).where(sql<boolean>`domain = any(${domains}::text[])`).execute()
}

/** Distinct people countries (the question reader's vocabulary), most common first. */
export async function findPersonCountries(db: Db, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('persons').select('country').where('country', 'is not', null).groupBy('country').orderBy(sql`count(*)`, 'desc').limit(limit).execute()
  return rows.map((r) => r.country!).filter(Boolean)
}
