// Org chart queries (data-routes §4.5): one company's current people, narrowed by the filters,
// grouped by department × seniority, by sub-department, or by place. Shape served by
// persons_company_org_idx (company_domain, department, seniority). Rules: domain/org-chart.ts.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Database, Db } from './db.ts'

/** Whose people: by employer domain, or by institution key (`name:<normalised>`) for a company without one. */
export type Population = { company_domain: string } | { company_key: string }

export interface PlaceFilter {
  /** Lower-cased values, any of which matches. */
  values: string[]
  /** Also match people with no value at this level. */
  unknown: boolean
}

export interface PeopleFilters {
  country: PlaceFilter | null
  state: PlaceFilter | null
  city: PlaceFilter | null
  employment_type: string[] | null
  governance_level: string[] | null
  has_direct_access_to_c_suite: boolean | null
}

export const NO_FILTERS: PeopleFilters = {
  country: null,
  state: null,
  city: null,
  employment_type: null,
  governance_level: null,
  has_direct_access_to_c_suite: null,
}

type Eb = ExpressionBuilder<Database, 'persons'>

// OR within a level, AND across levels and filters; a null has_direct_access_to_c_suite matches neither true nor false.
function where(eb: Eb, population: Population, f: PeopleFilters): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [
    'company_domain' in population
      ? eb('company_domain', '=', population.company_domain)
      : eb('company_key', '=', population.company_key),
  ]
  for (const level of ['country', 'state', 'city'] as const) {
    const p = f[level]
    if (!p) continue
    const any: Expression<SqlBool>[] = []
    if (p.values.length > 0) any.push(eb(eb.fn<string>('lower', [level]), 'in', p.values))
    if (p.unknown) any.push(eb(level, 'is', null))
    all.push(eb.or(any))
  }
  if (f.employment_type) all.push(eb(eb.fn<string>('lower', ['employment_type']), 'in', f.employment_type))
  if (f.governance_level) all.push(sql<SqlBool>`governance_level && array[${sql.join(f.governance_level)}]::text[]`)
  if (f.has_direct_access_to_c_suite !== null)
    all.push(eb('has_direct_access_to_c_suite', '=', f.has_direct_access_to_c_suite))
  return eb.and(all)
}

/** Headcount per (department, seniority) pair, nulls included: every person is in exactly one group. */
export async function countByDepartmentAndSeniority(
  db: Db,
  population: Population,
  filters: PeopleFilters,
): Promise<{ department: string | null; seniority: string | null; count: number }[]> {
  return db
    .selectFrom('persons')
    .select(['department', 'seniority', sql<number>`count(*)::int`.as('count')])
    .where((eb) => where(eb, population, filters))
    .groupBy(['department', 'seniority'])
    .execute()
}

export async function countBySubDepartment(
  db: Db,
  population: Population,
  filters: PeopleFilters,
): Promise<{ department: string | null; sub_department: string | null; seniority: string | null; count: number }[]> {
  return db
    .selectFrom('persons')
    .select(['department', 'sub_department', 'seniority', sql<number>`count(*)::int`.as('count')])
    .where((eb) => where(eb, population, filters))
    .groupBy(['department', 'sub_department', 'seniority'])
    .execute()
}

/** Headcount per value of one place level (null: people with no value there). */
export async function countByPlace(
  db: Db,
  population: Population,
  level: 'country' | 'state' | 'city',
): Promise<{ value: string | null; count: number }[]> {
  return db
    .selectFrom('persons')
    .select([sql.ref<string | null>(level).as('value'), sql<number>`count(*)::int`.as('count')])
    .where((eb) => where(eb, population, NO_FILTERS))
    .groupBy(level)
    .execute()
}

/** The company behind a page URL (the largest record with it): its domain, else its normalised name. */
export async function findCompanyByPageUrl(
  db: Db,
  url: string,
): Promise<{ domain: string | null; name_norm: string | null } | undefined> {
  return db
    .selectFrom('companies')
    .select(['domain', 'name_norm'])
    .where('professional_url', '=', url)
    .orderBy(sql`employee_count desc nulls last`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
}
