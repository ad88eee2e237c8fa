// The affiliation graph's tables as the ingest writes them: institutions upserted, a batch's
// persons' affiliations deleted, and affiliations named by a company's name moved to its domain.
import { sql, type CompiledQuery } from 'kysely'
import { bulkRows } from './bulk.ts'
import type { InstitutionRow } from './corpus.ts'
import { anyText, bulkInsert, INSTITUTION_BULK } from './corpus-columns.ts'
import type { Db } from './db.ts'

/** Deletes the affiliations of these persons (before their new ones are inserted). */
export function deleteAffiliationsQuery(db: Db, personIds: string[]): CompiledQuery | null {
  if (personIds.length === 0) return null
  return db.deleteFrom('affiliations').where('person_id', '=', anyText(personIds)).compile()
}

/**
 * Institutions from company and school records: their own record wins over what affiliations
 * named. Rows whose values are all unchanged are not written; returns how many were, and how
 * many of those were new.
 */
export async function upsertInstitutions(
  db: Db,
  rows: InstitutionRow[],
): Promise<{ written: number; inserted: number }> {
  if (rows.length === 0) return { written: 0, inserted: 0 }
  const current = sql`(institutions.type, institutions.name, institutions.domain, institutions.professional_url, institutions.record)`
  const incoming = sql`(excluded.type, excluded.name, excluded.domain, excluded.professional_url, excluded.record)`
  const written = await bulkInsert(
    db,
    'institutions',
    INSTITUTION_BULK,
    bulkRows(INSTITUTION_BULK, rows as unknown as Record<string, unknown>[]),
  )
    .onConflict((oc) =>
      oc
        .column('inst_key')
        .doUpdateSet({
          type: (eb) => eb.ref('excluded.type'),
          name: (eb) => eb.ref('excluded.name'),
          name_norm: (eb) => eb.ref('excluded.name_norm'),
          domain: (eb) => eb.ref('excluded.domain'),
          professional_url: (eb) => eb.ref('excluded.professional_url'),
          record: (eb) => eb.ref('excluded.record'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        })
        .where(sql<boolean>`${current} is distinct from ${incoming}`),
    )
    .returning(['inst_key', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute()
  return { written: written.length, inserted: written.filter((w) => w.inserted).length }
}

/** Domains of companies by normalised name (affiliations that name an employer without its domain). */
export async function findCompanyDomainsByName(
  db: Db,
  names: string[],
): Promise<{ name_norm: string; domain: string }[]> {
  if (names.length === 0) return []
  const rows = await db
    .selectFrom('companies')
    .select(['name_norm', 'domain'])
    .where('name_norm', '=', anyText(names))
    .where('domain', 'is not', null)
    .orderBy('domain')
    .execute()
  return rows as { name_norm: string; domain: string }[]
}

/**
 * Affiliations keyed `name:<normalised>` before their company arrived move to its domain (and so
 * do persons whose current job it is, with every affiliation they hold), so the graph does not
 * depend on ingesting companies before persons; the `name:` institution goes. So do persons whose
 * current company is only a name (no job behind it). Returns the affiliation and person rows moved.
 */
export async function rekeyNamedAffiliations(
  db: Db,
  companies: { name_norm: string; domain: string }[],
): Promise<number> {
  if (companies.length === 0) return 0
  const values = sql.join(companies.map((c) => sql`(${'name:' + c.name_norm}, ${c.domain})`))
  const res = await sql`update affiliations a set inst_key = v.domain
    from (values ${values}) as v(named, domain) where a.inst_key = v.named`.execute(db)
  const moved = Number(res.numAffectedRows ?? 0)
  // A person's current company can be a name with no affiliation behind it (a current employer
  // named without a domain or a job: domain/corpus/person-graph.ts personGraph).
  const persons = await sql`update persons p set company_key = v.domain,
      company_domain = coalesce(p.company_domain, v.domain)
    from (values ${values}) as v(named, domain) where p.company_key = v.named`.execute(db)
  if (moved > 0) {
    await sql`update affiliations a set holder_key = v.domain
      from (values ${values}) as v(named, domain) where a.holder_key = v.named`.execute(db)
    await db
      .deleteFrom('institutions')
      .where(
        'inst_key',
        'in',
        companies.map((c) => 'name:' + c.name_norm),
      )
      .execute()
  }
  return moved + Number(persons.numAffectedRows ?? 0)
}
