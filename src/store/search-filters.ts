// Compiles the search request's typed filters (contract/search-catalogue.ts) into SQL conditions
// on the category's table. Company filters on a person search read the person's current employer.
import { sql, type RawBuilder } from 'kysely'
import { and, jsonNumber, jsonText, like, or } from './search.ts'

export interface ListFilter {
  include?: string[]
  exclude?: string[]
}
export interface RangeFilter {
  min?: number
  max?: number
}
export interface DateFilter {
  from?: string
  to?: string
}
export interface CompanyEntry {
  value: string
  by: 'domain' | 'name' | 'li' | 'id'
}
export interface CompanyFilter {
  include?: CompanyEntry[]
  exclude?: CompanyEntry[]
}
export interface GeoPlace {
  value: string
  level: 'country' | 'state' | 'city' | 'region'
}
export interface GeoFilter {
  include?: GeoPlace[]
  exclude?: GeoPlace[]
}

export type FilterValue = ListFilter | RangeFilter | DateFilter | CompanyFilter | GeoFilter | boolean
export type Filters = Record<string, FilterValue>

const ref = (a: string, c: string) => sql.ref(`${a}.${c}`)
const lowerIn = (expr: RawBuilder<unknown>, values: string[]) =>
  sql`lower(${expr}) = any(${values.map((v) => v.toLowerCase())}::text[])`

function listCond(expr: RawBuilder<unknown>, f: ListFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (f.include?.length) parts.push(lowerIn(expr, f.include))
  if (f.exclude?.length) parts.push(sql`(${expr} is null or not ${lowerIn(expr, f.exclude)})`)
  return and(parts)
}

function arrayCond(expr: RawBuilder<unknown>, f: ListFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (f.include?.length) parts.push(sql`${expr} && ${f.include}::text[]`)
  if (f.exclude?.length) parts.push(sql`not coalesce(${expr} && ${f.exclude}::text[], false)`)
  return and(parts)
}

function textCond(expr: RawBuilder<unknown>, f: ListFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (f.include?.length) parts.push(or(f.include.map((v) => sql`${expr} ilike ${like(v)}`)))
  if (f.exclude?.length)
    parts.push(sql`not coalesce(${or(f.exclude.map((v) => sql`${expr} ilike ${like(v)}`))}, false)`)
  return and(parts)
}

function rangeCond(expr: RawBuilder<unknown>, f: RangeFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (f.min !== undefined) parts.push(sql`${expr} >= ${f.min}`)
  if (f.max !== undefined) parts.push(sql`${expr} <= ${f.max}`)
  return and(parts)
}

/** A month (2024-02) as a day: its first as a lower bound, its last as an upper one (a month is no PostgreSQL date). */
function dayOf(iso: string, last: boolean): string {
  if (iso.length !== 7) return iso
  if (!last) return `${iso}-01`
  // Day 0 of the next month; the year moved into 2000–2399 (Date.UTC reads 0–99 as 19xx), same leap years.
  const days = new Date(Date.UTC(2000 + (Number(iso.slice(0, 4)) % 400), Number(iso.slice(5, 7)), 0)).getUTCDate()
  return `${iso}-${days}`
}

function dateCond(expr: RawBuilder<unknown>, f: DateFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (f.from !== undefined) parts.push(sql`${expr} >= ${dayOf(f.from, false)}::date`)
  if (f.to !== undefined) parts.push(sql`${expr} <= ${dayOf(f.to, true)}::date`)
  return and(parts)
}

/** yyyymm integer → months since year 0, so month arithmetic is a subtraction. */
const monthIndex = (expr: RawBuilder<unknown>) => sql`((${expr}) / 100 * 12 + (${expr}) % 100)`
const yyyymm = (iso: string) => Number(iso.slice(0, 4)) * 100 + Number(iso.slice(5, 7) || '1')

export interface CompileContext {
  /** The clock's current month as yyyymm (tenure and years worked). */
  nowMonth: number
  normaliseDomain: (v: string) => string | null
  normaliseCompanyPage: (v: string) => string | null
  normaliseName: (v: string) => string
}

function companyEntryCond(a: string, e: CompanyEntry, ctx: CompileContext): RawBuilder<unknown> {
  switch (e.by) {
    case 'domain':
      return sql`${ref(a, 'domain')} = ${ctx.normaliseDomain(e.value) ?? e.value.toLowerCase()}`
    case 'li':
      return sql`${ref(a, 'professional_url')} = ${ctx.normaliseCompanyPage(e.value) ?? e.value}`
    case 'id':
      return sql`${ref(a, 'id')} = ${e.value}`
    case 'name':
      return sql`${ref(a, 'name_norm')} = ${ctx.normaliseName(e.value)}`
  }
}

function companyEntriesCond(a: string, f: CompanyFilter, ctx: CompileContext): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (f.include?.length) parts.push(or(f.include.map((e) => companyEntryCond(a, e, ctx))))
  if (f.exclude?.length) parts.push(sql`not ${or(f.exclude.map((e) => companyEntryCond(a, e, ctx)))}`)
  return and(parts)
}

/** A company filter on the companies table (alias `a`). Null when `name` is not a company filter. */
export function companyFilterCond(
  a: string,
  name: string,
  v: FilterValue,
  ctx: CompileContext,
): RawBuilder<unknown> | null {
  const L = v as ListFilter
  const R = v as RangeFilter
  switch (name) {
    case 'industry':
    case 'sub_industry':
    case 'funding_stage':
    case 'growth_stage':
    case 'ipo_status':
    case 'ownership':
    case 'operating_status':
      return listCond(ref(a, name), L)
    case 'employee_count':
    case 'revenue':
    case 'founded_year':
    case 'total_funding':
      return rangeCond(ref(a, name), R)
    case 'last_funding_amount':
      return rangeCond(jsonNumber(a, ['last_funding_amount']), R)
    case 'last_funding_date':
      return dateCond(ref(a, 'last_funding_date'), v as DateFilter)
    case 'technology':
    case 'company_keyword':
    case 'company_types':
    case 'business_models':
    case 'naics':
    case 'sic':
    case 'investors':
      return arrayCond(ref(a, name), L)
    case 'company':
      return companyEntriesCond(a, v as CompanyFilter, ctx)
    case 'hiring_role':
    case 'hiring_location': {
      const field = name === 'hiring_role' ? sql`j.name` : sql`(j.record->>'location')`
      const one = (x: string) =>
        sql`exists (select 1 from documents j where j.category = 'job_opening' and j.company_domain = ${ref(a, 'domain')} and ${field} ilike ${like(x)})`
      const parts: RawBuilder<unknown>[] = []
      if (L.include?.length) parts.push(or(L.include.map(one)))
      if (L.exclude?.length) parts.push(sql`not ${or(L.exclude.map(one))}`)
      return and(parts)
    }
    case 'job_openings':
      return rangeCond(jsonNumber(a, ['job_openings']), R)
    case 'professional_followers':
      return rangeCond(jsonNumber(a, ['professional_followers']), R)
    case 'country_count':
      return rangeCond(jsonNumber(a, ['global_presence', 'country_count']), R)
    case 'govt_non_govt':
    case 'profit_non_profit':
    case 'business_classification':
      return listCond(jsonText(a, [name]), L)
    case 'parent_organization':
      return textCond(jsonText(a, ['parent_organization', 'name']), L)
  }
  return null
}

/** A person filter on the persons table (alias `a`). Null when `name` is not a person filter. */
export function personFilterCond(
  a: string,
  name: string,
  v: FilterValue,
  ctx: CompileContext,
): RawBuilder<unknown> | null {
  const L = v as ListFilter
  const R = v as RangeFilter
  const D = v as DateFilter
  const pid = ref(a, 'id')
  const past = (cond: (x: string) => RawBuilder<unknown>) => {
    const parts: RawBuilder<unknown>[] = []
    if (L.include?.length) parts.push(or(L.include.map(cond)))
    if (L.exclude?.length) parts.push(sql`not ${or(L.exclude.map(cond))}`)
    return and(parts)
  }
  switch (name) {
    case 'person':
      return textCond(ref(a, 'name'), L)
    case 'title':
      return textCond(ref(a, 'title'), L)
    case 'headline':
      return textCond(jsonText(a, ['headline']), L)
    case 'department': {
      // One list mixes both levels (§4.6): a value matches the department or the sub-department.
      const parts: RawBuilder<unknown>[] = []
      if (L.include?.length)
        parts.push(or([lowerIn(ref(a, 'department'), L.include), lowerIn(ref(a, 'sub_department'), L.include)]))
      if (L.exclude?.length)
        parts.push(
          sql`not coalesce(${or([lowerIn(ref(a, 'department'), L.exclude), lowerIn(ref(a, 'sub_department'), L.exclude)])}, false)`,
        )
      return and(parts)
    }
    case 'seniority':
    case 'employment_type':
      return listCond(ref(a, name), L)
    case 'skills':
    case 'certifications':
    case 'languages':
    case 'governance_level':
      return arrayCond(ref(a, name), L)
    case 'has_direct_access_to_c_suite':
      return sql`${ref(a, name)} = ${v as boolean}`
    case 'university':
      return past(
        (x) =>
          sql`exists (select 1 from affiliations f join institutions i on i.inst_key = f.inst_key where f.person_id = ${pid} and f.kind = 'education' and i.name ilike ${like(x)})`,
      )
    case 'degree':
    case 'field_of_study': {
      const key = name === 'degree' ? 'degree' : 'field'
      return past(
        (x) =>
          sql`exists (select 1 from jsonb_array_elements(coalesce(${ref(a, 'record')}->'education', '[]'::jsonb)) e where e->>${key} ilike ${like(x)})`,
      )
    }
    case 'employment_history':
      return past(
        (x) =>
          sql`exists (select 1 from affiliations f join institutions i on i.inst_key = f.inst_key where f.person_id = ${pid} and f.kind = 'employment' and not f.is_current and (i.name ilike ${like(x)} or i.domain = ${x.toLowerCase()}))`,
      )
    case 'past_title':
      return past(
        (x) =>
          sql`exists (select 1 from affiliations f where f.person_id = ${pid} and f.kind = 'employment' and not f.is_current and f.title ilike ${like(x)})`,
      )
    case 'tenure':
      return rangeCond(
        sql`(${(ctx.nowMonth / 100) | 0} * 12 + ${ctx.nowMonth % 100} - ${monthIndex(ref(a, 'current_start_month'))})`,
        R,
      )
    case 'years_worked':
      return rangeCond(
        sql`((${(ctx.nowMonth / 100) | 0} * 12 + ${ctx.nowMonth % 100} - ${monthIndex(ref(a, 'career_start_month'))}) / 12.0)`,
        R,
      )
    case 'current_job_start': {
      const parts: RawBuilder<unknown>[] = []
      if (D.from) parts.push(sql`${ref(a, 'current_start_month')} >= ${yyyymm(D.from)}`)
      if (D.to) parts.push(sql`${ref(a, 'current_start_month')} <= ${yyyymm(D.to)}`)
      return and(parts)
    }
    case 'graduation_year': {
      const year = sql`(case when e->>'end' ~ '^[0-9]{4}' then substr(e->>'end', 1, 4)::int end)`
      const inner = rangeCond(year, R)
      return sql`exists (select 1 from jsonb_array_elements(coalesce(${ref(a, 'record')}->'education', '[]'::jsonb)) e where ${inner})`
    }
  }
  return null
}

export function geoCond(a: string, table: 'companies' | 'persons', g: GeoFilter): RawBuilder<unknown> {
  const place = (p: GeoPlace) => {
    if (p.level === 'region') {
      return table === 'companies'
        ? sql`exists (select 1 from unnest(${ref(a, 'region')}) r where lower(r) = ${p.value.toLowerCase()})`
        : sql`lower(${jsonText(a, ['location', 'region'])}) = ${p.value.toLowerCase()}`
    }
    return sql`lower(${ref(a, p.level)}) = ${p.value.toLowerCase()}`
  }
  const parts: RawBuilder<unknown>[] = []
  if (g.include?.length) parts.push(or(g.include.map(place)))
  if (g.exclude?.length) parts.push(sql`not coalesce(${or(g.exclude.map(place))}, false)`)
  return and(parts)
}

export interface DocumentFilterSource {
  kind: 'list' | 'array' | 'text' | 'range' | 'date_range' | 'boolean' | 'company'
  source: { column: string } | { path: string[] }
}

export function documentFilterCond(a: string, spec: DocumentFilterSource, v: FilterValue): RawBuilder<unknown> {
  const isCol = 'column' in spec.source
  const text = isCol
    ? ref(a, (spec.source as { column: string }).column)
    : jsonText(a, (spec.source as { path: string[] }).path)
  switch (spec.kind) {
    case 'list':
      return listCond(text, v as ListFilter)
    case 'text':
      return textCond(
        isCol
          ? text
          : sql`(${ref(a, 'record')} #> ${`{${(spec.source as { path: string[] }).path.join(',')}}`}::text[])::text`,
        v as ListFilter,
      )
    case 'array': {
      const path = (spec.source as { path: string[] }).path
      const L = v as ListFilter
      const arr = sql`(${ref(a, 'record')} #> ${`{${path.join(',')}}`}::text[])`
      const parts: RawBuilder<unknown>[] = []
      if (L.include?.length) parts.push(sql`coalesce(${arr} ?| ${L.include}::text[], false)`)
      if (L.exclude?.length) parts.push(sql`not coalesce(${arr} ?| ${L.exclude}::text[], false)`)
      return and(parts)
    }
    case 'range':
      return rangeCond(isCol ? text : jsonNumber(a, (spec.source as { path: string[] }).path), v as RangeFilter)
    case 'date_range': {
      const expr = isCol
        ? text
        : sql`(case when ${text} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then substr(${text}, 1, 10)::date end)`
      return dateCond(expr, v as DateFilter)
    }
    default:
      return sql`true`
  }
}
