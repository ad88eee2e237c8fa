// Indexes that serve a broad search in the order it reads (docs/performance-search.md, "At a
// million companies"): the list and place filters compare lower(column), so an index on the bare
// column cannot serve them; the default company order and the descending sorts are `desc nulls
// last`, which an ascending index read backwards cannot give (it yields nulls first); the people's
// quality order is an expression over the seniority ladder. With these,
// a whole industry in quality order reads its first page from the index instead of every row of
// the industry, and the bounded text candidates (store/search-text.ts) walk the quality order.
import { sql, type Kysely } from 'kysely'

/**
 * Company columns that list and place filters compare as lower(column), each indexed with the
 * quality order after it: a value's records are read best first, and a broad word within one
 * industry reads its bounded candidates from there.
 */
const COMPANY_LOWER = [
  'industry',
  'sub_industry',
  'country',
  'state',
  'city',
  'funding_stage',
  'growth_stage',
  'ipo_status',
  'ownership',
  'operating_status',
]
/** Company sort columns read `desc nulls last` (the default order is employee_count's). */
const COMPANY_DESC = ['revenue', 'founded_year', 'total_funding', 'last_funding_date']
/** A person's place on the seniority ladder, as compile.ts seniorityRank writes it. */
const SENIORITY_RANK =
  "coalesce(array_position(array['C-Suite','VP','Director / Head','Manager','IC','Entry','In Training']::text[], seniority), 99)"
/** Person columns that list and place filters compare as lower(column), with the people's quality order after it. */
const PERSON_LOWER = ['department', 'seniority', 'country', 'state', 'city']

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const create = (name: string, table: string, expression: string) =>
    sql`create index if not exists ${sql.raw(name)} on ${sql.raw(table)} (${sql.raw(expression)})`.execute(db)
  const companyQuality = 'employee_count desc nulls last, id'
  for (const c of COMPANY_LOWER) await create(`companies_${c}_lower_idx`, 'companies', `lower(${c}), ${companyQuality}`)
  await create('companies_quality_idx', 'companies', companyQuality)
  for (const c of COMPANY_DESC) await create(`companies_${c}_desc_idx`, 'companies', `${c} desc nulls last`)
  // The people's quality order (domain/search/compile.ts seniorityRank), the ladder as it is written there.
  const personQuality = `(${SENIORITY_RANK}), id`
  for (const c of PERSON_LOWER) await create(`persons_${c}_lower_idx`, 'persons', `lower(${c}), ${personQuality}`)
  await create('persons_quality_idx', 'persons', personQuality)
}
