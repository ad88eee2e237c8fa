// Records linked to a page of companies by their domain, for an agent run's enrichment columns
// (src/agent/links.ts): funding rounds and job openings (documents.company_domain), the people
// whose current title names a chief executive or a founder, and current headcount per department
// (persons.company_domain, served by persons_company_org_idx).
import { sql } from 'kysely'
import type { Db } from './db.ts'

export async function fundingRoundsOf(
  db: Db,
  domains: string[],
): Promise<{ company_domain: string; record: unknown }[]> {
  if (!domains.length) return []
  const rows = await db
    .selectFrom('documents')
    .select(['company_domain', 'record'])
    .where('category', '=', 'funding_round')
    .where('company_domain', 'in', domains)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ company_domain: r.company_domain!, record: r.record }))
}

export async function jobOpeningCounts(db: Db, domains: string[]): Promise<Map<string, number>> {
  if (!domains.length) return new Map()
  const rows = await db
    .selectFrom('documents')
    .select(['company_domain', sql<number>`count(*)::int`.as('count')])
    .where('category', '=', 'job_opening')
    .where('company_domain', 'in', domains)
    .groupBy('company_domain')
    .execute()
  return new Map(rows.map((r) => [r.company_domain!, Number(r.count)]))
}

/** Current people whose title matches the pattern (a PostgreSQL case-insensitive regular expression). */
export async function peopleTitled(
  db: Db,
  domains: string[],
  pattern: string,
): Promise<{ company_domain: string; id: string; name: string | null; title: string | null }[]> {
  if (!domains.length) return []
  const rows = await db
    .selectFrom('persons')
    .select(['company_domain', 'id', 'name', 'title'])
    .where('company_domain', 'in', domains)
    .where(sql<boolean>`title ~* ${pattern}`)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ company_domain: r.company_domain!, id: r.id, name: r.name, title: r.title }))
}

export async function departmentCounts(
  db: Db,
  domains: string[],
): Promise<{ company_domain: string; department: string | null; count: number }[]> {
  if (!domains.length) return []
  const rows = await db
    .selectFrom('persons')
    .select(['company_domain', 'department', sql<number>`count(*)::int`.as('count')])
    .where('company_domain', 'in', domains)
    .groupBy(['company_domain', 'department'])
    .execute()
  return rows.map((r) => ({ company_domain: r.company_domain!, department: r.department, count: Number(r.count) }))
}
