// A retrieval plan compiled to SQL: its filters to a WHERE on its category's table, its sort
// clauses (or the category's quality order) to an ORDER BY.
import { sql, type RawBuilder } from 'kysely'
import { normaliseCompanyPageUrl, normaliseDomain, normaliseName } from '../../corpus/normalise.ts'
import { SENIORITY_LADDER } from '../../corpus/taxonomy.ts'
import type { EntityCategory } from '../../contract/records.ts'
import * as q from '../../store/search.ts'
import {
  PERSON_SORTS,
  companyFilterCond,
  documentFilterCond,
  documentSortExpr,
  geoCond,
  personFilterCond,
  sourceExpr,
  type CompileContext,
  type GeoFilter,
} from '../../store/search-filters.ts'
import {
  DOCUMENT_FILTERS,
  DOCUMENT_SORT_SOURCES,
  GTM_FILTERS,
  filterSpec,
  type DocumentCategory,
  type GtmSortName,
} from '../../contract/search-catalogue.ts'
import type { Deps } from '../types.ts'
import { normaliseGeoFilter } from './places.ts'
import { ALIAS, TABLE, type RetrievalPlan } from './retrieval-plan.ts'

function compileContext(deps: Deps): CompileContext {
  const now = deps.clock.now()
  return {
    nowMonth: now.getUTCFullYear() * 100 + now.getUTCMonth() + 1,
    normaliseDomain,
    normaliseCompanyPage: normaliseCompanyPageUrl,
    normaliseName,
  }
}

/** The WHERE of a plan's filters on its category's table. Unknown names are refused earlier (validation). */
export function compileWhere(
  deps: Deps,
  plan: Pick<RetrievalPlan, 'category' | 'filters' | 'include_domains'>,
): RawBuilder<unknown> {
  const ctx = compileContext(deps)
  const table = TABLE[plan.category]
  const a = ALIAS[table]
  const parts: RawBuilder<unknown>[] = []
  const companyParts: RawBuilder<unknown>[] = []
  for (const [name, value] of Object.entries(plan.filters)) {
    if (value === undefined || value === null) continue
    if (table === 'documents') {
      const spec = DOCUMENT_FILTERS[plan.category as DocumentCategory].find((f) => f.name === name)
      if (spec) parts.push(documentFilterCond(a, spec, value))
      continue
    }
    if (name === 'geo') {
      parts.push(geoCond(a, table === 'companies' ? 'companies' : 'persons', normaliseGeoFilter(value as GeoFilter)))
      continue
    }
    const spec = filterSpec(name)
    if (!spec) continue
    if (table === 'companies') {
      const c = companyFilterCond(a, name, value, ctx)
      if (c) parts.push(c)
    } else {
      const personCond = spec.applies_to === 'person' ? personFilterCond(a, name, value, ctx) : null
      if (personCond) parts.push(personCond)
      else {
        const c = companyFilterCond('e', name, value, ctx)
        if (c) companyParts.push(c)
      }
    }
  }
  if (companyParts.length)
    parts.push(
      sql`exists (select 1 from companies e where e.domain = ${sql.ref(`${a}.company_domain`)} and ${q.and(companyParts)})`,
    )
  if (plan.include_domains.length) {
    const domains = plan.include_domains.map((d) => normaliseDomain(d) ?? d.toLowerCase())
    if (table === 'companies') parts.push(sql`${sql.ref('c.domain')} = any(${domains}::text[])`)
    else if (table === 'persons') parts.push(sql`${sql.ref('p.company_domain')} = any(${domains}::text[])`)
    else
      parts.push(
        sql`(${sql.ref('d.company_domain')} = any(${domains}::text[]) or coalesce(${sql.ref('d.company_domains')} && ${domains}::text[], false))`,
      )
  }
  return q.and(parts)
}

/** SQL of one sort clause on the category's table (validated against the catalogue before). */
function sortExpr(deps: Deps, category: EntityCategory, field: string): RawBuilder<unknown> {
  const table = TABLE[category]
  const a = ALIAS[table]
  if (table === 'documents') {
    const source = DOCUMENT_SORT_SOURCES[category as DocumentCategory][field]
    if (!source) throw new Error(`sort ${field}: no source for ${category} in DOCUMENT_SORT_SOURCES`)
    return documentSortExpr(a, source)
  }
  return gtmSortExpr(deps, table, field as GtmSortName)
}

/** A sort of the company and person catalogue (GTM_SORTS): a field without its case does not compile. */
function gtmSortExpr(deps: Deps, table: 'companies' | 'persons', field: GtmSortName): RawBuilder<unknown> {
  const a = ALIAS[table]
  const col = (c: string) => sql.ref(`${a}.${c}`)
  // Company fields on a person search read the employer.
  const company = (expr: (alias: string) => RawBuilder<unknown>) =>
    table === 'companies'
      ? expr('c')
      : sql`(select ${expr('e')} from companies e where e.domain = ${col('company_domain')})`
  switch (field) {
    case 'employee_count':
    case 'revenue':
    case 'founded_year':
    case 'industry':
    case 'operating_status':
    case 'job_openings':
    case 'professional_followers':
    case 'country_count':
    case 'total_funding':
    case 'last_funding_amount':
    case 'last_funding_date':
    case 'funding_stage': {
      // The company filter's catalogue row naming this sort orders by that filter's column or path.
      const byFilter = GTM_FILTERS.find(
        (f) => f.sort === field && f.applies_to === 'company' && !('compiled' in f.source),
      )
      if (!byFilter) throw new Error(`sort ${field}: no company filter row names it (search-catalogue.ts)`)
      return company((x) => sourceExpr(x, byFilter)!)
    }
    case 'company_name':
      return company((x) => sql.ref(`${x}.name`))
    case 'person_name':
    case 'title':
    case 'seniority':
    case 'department':
    case 'tenure':
    case 'years_worked':
    case 'current_job_start':
    case 'graduation_year':
      // Person-only: validateSort refuses them on a company search.
      if (table !== 'persons') throw new Error(`sort ${field} orders people only`)
      return PERSON_SORTS[field](a, { ...compileContext(deps), seniorityLadder: SENIORITY_LADDER })
    case 'country':
    case 'state':
    case 'city':
      return col(field)
    case 'region':
      return table === 'companies' ? sql`${col('region')}[1]` : q.jsonText(a, ['location', 'region'])
    case 'updated_at':
      return col('updated_at')
    default:
      return unknownSort(field)
  }
}

/** Reached only by a name outside GTM_SORTS: `field` is `never` once every sort has its case. */
function unknownSort(field: never): never {
  throw new Error(`sort ${String(field)}: not in GTM_SORTS`)
}

/** Engine ordering without a query: a quality ranking per category (biggest, most senior, newest). */
export function defaultOrder(category: EntityCategory): RawBuilder<unknown>[] {
  const table = TABLE[category]
  if (table === 'companies') return [sql`c.employee_count desc nulls last`, sql`c.id`]
  if (table === 'persons')
    return [sql`coalesce(array_position(${[...SENIORITY_LADDER]}::text[], p.seniority), 99)`, sql`p.id`]
  return [sql`d.published_at desc nulls last`, sql`d.id`]
}

export function orderBy(deps: Deps, plan: RetrievalPlan): RawBuilder<unknown>[] {
  if (plan.sort.length === 0) return defaultOrder(plan.category)
  const a = ALIAS[TABLE[plan.category]]
  return [
    ...plan.sort.map(
      (s) =>
        sql`${sortExpr(deps, plan.category, s.field)} ${sql.raw(s.direction === 'asc' ? 'asc' : 'desc')} nulls last`,
    ),
    sql.ref(`${a}.id`),
  ]
}
