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
  isCompanyFilterName,
  isPersonFilterName,
  type CompanyFilterName,
  type DocumentCategory,
  type DocumentFilterSpec,
  type GtmSortName,
  type PersonFilterName,
} from '../../contract/search-catalogue.ts'
import {
  COMPANY_FILTER_SHAPES,
  GTM_FILTER_SHAPES,
  throwUnknownFilters,
  type FilterShape,
} from '../../contract/filter-errors.ts'
import type { Deps } from '../types.ts'
import { normaliseGeoFilter } from './places.ts'
import { ALIAS, TABLE, type RetrievalPlan } from './retrieval-plan.ts'

function compileContext(now: Date): CompileContext {
  return {
    nowMonth: now.getUTCFullYear() * 100 + now.getUTCMonth() + 1,
    normaliseDomain,
    normaliseCompanyPage: normaliseCompanyPageUrl,
    normaliseName,
  }
}

type Where = Pick<RetrievalPlan, 'category' | 'filters' | 'include_domains'>

/** The WHERE of a plan's filters on its category's table, at the clock's now (tenure, years worked). */
export function compileWhere(deps: Deps, plan: Where): RawBuilder<unknown> {
  return filtersWhere(plan, deps.clock.now())
}

/**
 * What compiles a filter on a category's table: a document category's own row, geo, a company row
 * (on a person search: the person's current employer) or a person row. Only the names of the
 * category's catalogue resolve to one (resolveFilter).
 */
type Compiler =
  | { on: 'document'; spec: DocumentFilterSpec }
  | { on: 'geo' }
  | { on: 'company'; name: CompanyFilterName }
  | { on: 'employer'; name: CompanyFilterName }
  | { on: 'person'; name: PersonFilterName }

/** The compiler of one name on a category's table; null when the category's catalogue lacks it. */
function resolveFilter(category: EntityCategory, name: string): Compiler | null {
  const table = TABLE[category]
  if (table === 'documents') {
    const spec = DOCUMENT_FILTERS[category as DocumentCategory].find((f) => f.name === name)
    return spec ? { on: 'document', spec } : null
  }
  if (name === 'geo') return { on: 'geo' }
  if (isCompanyFilterName(name)) return table === 'companies' ? { on: 'company', name } : { on: 'employer', name }
  if (isPersonFilterName(name) && table === 'persons') return { on: 'person', name }
  return null
}

/** The filters a category's search takes: what a name its catalogue lacks is told instead. */
function catalogueOf(category: EntityCategory): readonly FilterShape[] {
  const table = TABLE[category]
  if (table === 'documents') return DOCUMENT_FILTERS[category as DocumentCategory]
  return table === 'companies' ? COMPANY_FILTER_SHAPES : GTM_FILTER_SHAPES
}

/**
 * The WHERE of a plan's filters at `now`. Every name is resolved first: one the category's
 * catalogue lacks (validation refuses them, so only a plan built elsewhere can carry one) is the
 * 422 of an unknown filter, before any SQL; never a filter dropped, never a 500.
 */
export function filtersWhere(plan: Where, now: Date): RawBuilder<unknown> {
  const present = Object.entries(plan.filters).filter(([, value]) => value !== undefined && value !== null)
  const resolved = present.map(([name, value]) => ({ name, value, compiler: resolveFilter(plan.category, name) }))
  const unknown = resolved.filter((r) => r.compiler === null).map((r) => r.name)
  if (unknown.length) throwUnknownFilters(unknown, plan.filters, catalogueOf(plan.category))

  const ctx = compileContext(now)
  const table = TABLE[plan.category]
  const a = ALIAS[table]
  const parts: RawBuilder<unknown>[] = []
  const employerParts: RawBuilder<unknown>[] = []
  for (const { value, compiler } of resolved) {
    const c = compiler!
    switch (c.on) {
      case 'document':
        parts.push(documentFilterCond(a, c.spec, value))
        break
      case 'geo':
        parts.push(geoCond(a, table === 'companies' ? 'companies' : 'persons', normaliseGeoFilter(value as GeoFilter)))
        break
      case 'company':
        parts.push(companyFilterCond(a, c.name, value, ctx))
        break
      case 'employer':
        employerParts.push(companyFilterCond('e', c.name, value, ctx))
        break
      case 'person':
        parts.push(personFilterCond(a, c.name, value, ctx))
        break
      default:
        return unknownCompiler(c)
    }
  }
  if (employerParts.length)
    parts.push(
      sql`exists (select 1 from companies e where e.domain = ${sql.ref(`${a}.company_domain`)} and ${q.and(employerParts)})`,
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

/** Reached only by a Compiler without its case: `c` is `never` once every one has its case. */
function unknownCompiler(c: never): never {
  throw new Error(`filter compiler ${JSON.stringify(c)}: no case in filtersWhere`)
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
      return PERSON_SORTS[field](a, { ...compileContext(deps.clock.now()), seniorityLadder: SENIORITY_LADDER })
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

/**
 * A person's place on the seniority ladder (0 highest, 99 off it): the people's quality order. The
 * ladder is written as a literal, not a parameter, so that the expression is the one
 * persons_quality_idx holds (migration 0048) and the planner reads people in that order from it.
 */
export function seniorityRank(alias: string): RawBuilder<number> {
  const ladder = SENIORITY_LADDER.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')
  return sql<number>`coalesce(array_position(array[${sql.raw(ladder)}]::text[], ${sql.ref(`${alias}.seniority`)}), 99)`
}

/** Engine ordering without a query: a quality ranking per category (biggest, most senior, newest). */
export function defaultOrder(category: EntityCategory): RawBuilder<unknown>[] {
  const table = TABLE[category]
  if (table === 'companies') return [sql`c.employee_count desc nulls last`, sql`c.id`]
  if (table === 'persons') return [seniorityRank('p'), sql`p.id`]
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
