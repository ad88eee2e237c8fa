// Compiles the search request's typed filters (contract/search-catalogue.ts) into SQL conditions
// on the category's table. Company filters on a person search read the person's current employer.
// A filter whose catalogue row names a column or a JSON path compiles from its kind; one marked
// `compiled` has its SQL here, in COMPANY_COMPILED or PERSON_COMPILED, typed over exactly those
// names: a catalogue entry without a compilation is a compile error, never a filter ignored.
import { sql, type RawBuilder } from 'kysely'
import {
  COMPANY_FILTER_TABLE,
  PERSON_FILTER_TABLE,
  type CompanyFilterName,
  type PersonFilterName,
  type DocumentSortSource,
  type PersonSortName,
  type CompiledFilterName,
  type FilterSource,
  type FilterSpec,
  type DocumentFilterSpec,
} from '../contract/search-catalogue.ts'
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
/**
 * One value is compared with `=`, not `= any(array)`: PostgreSQL then walks the column's index in
 * the category's quality order (the `lower(column), quality` indexes) and stops at the page's end.
 * With `= any`, it walked the whole quality index instead when its estimate of the filters was too
 * high (title "director" among C-Suite people: 0 of 1.23M, 2.4 s against 0.15 s).
 */
const lowerIn = (expr: RawBuilder<unknown>, values: string[]) => {
  const lowered = [...new Set(values.map((v) => v.toLowerCase()))]
  return lowered.length === 1 ? sql`lower(${expr}) = ${lowered[0]}` : sql`lower(${expr}) = any(${lowered}::text[])`
}

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

type Compile = (a: string, v: FilterValue, ctx: CompileContext) => RawBuilder<unknown>

/**
 * The value a catalogue row names, as SQL on alias `a` (a number for ranges, else text): what
 * its filter compares and what its sort field orders by. Null for a row with SQL of its own.
 */
export function sourceExpr(a: string, spec: Pick<FilterSpec, 'source' | 'kind'>): RawBuilder<unknown> | null {
  const source = spec.source
  if ('compiled' in source) return null
  if ('column' in source) return ref(a, source.column)
  return spec.kind === 'range' ? jsonNumber(a, [...source.path]) : jsonText(a, [...source.path])
}

/** A filter whose catalogue row names a column or a JSON path: compiled from its kind. */
function fromSource(a: string, spec: FilterSpec, v: FilterValue): RawBuilder<unknown> {
  const source = spec.source
  if ('compiled' in source) throw new Error(`filter ${spec.name} has SQL of its own`)
  const isCol = 'column' in source
  const text = isCol ? ref(a, source.column) : jsonText(a, [...source.path])
  switch (spec.kind) {
    case 'list':
      return listCond(text, v as ListFilter)
    case 'array':
      if (!isCol) throw new Error(`filter ${spec.name}: an array filter reads a text[] column`)
      return arrayCond(text, v as ListFilter)
    case 'text':
      return textCond(text, v as ListFilter)
    case 'range':
      return rangeCond(isCol ? text : jsonNumber(a, [...source.path]), v as RangeFilter)
    case 'date_range':
      return dateCond(text, v as DateFilter)
    case 'boolean':
      return sql`${text} = ${v as boolean}`
    case 'company':
      throw new Error(`filter ${spec.name}: a company filter has SQL of its own`)
  }
}

/** Company filters with SQL of their own: exactly the company table's `compiled` rows (a missing one does not compile). */
const COMPANY_COMPILED: Record<CompiledFilterName<typeof COMPANY_FILTER_TABLE>, Compile> = {
  company: (a, v, ctx) => companyEntriesCond(a, v as CompanyFilter, ctx),
  hiring_role: (a, v) => hiringCond(a, sql`j.name`, v as ListFilter),
  hiring_location: (a, v) => hiringCond(a, sql`(j.record->>'location')`, v as ListFilter),
}

function hiringCond(a: string, field: RawBuilder<unknown>, L: ListFilter): RawBuilder<unknown> {
  const one = (x: string) =>
    sql`exists (select 1 from documents j where j.category = 'job_opening' and j.company_domain = ${ref(a, 'domain')} and ${field} ilike ${like(x)})`
  const parts: RawBuilder<unknown>[] = []
  if (L.include?.length) parts.push(or(L.include.map(one)))
  if (L.exclude?.length) parts.push(sql`not ${or(L.exclude.map(one))}`)
  return and(parts)
}

/** include (any) and exclude (none) of one condition per value. */
function eachValue(L: ListFilter, cond: (x: string) => RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (L.include?.length) parts.push(or(L.include.map(cond)))
  if (L.exclude?.length) parts.push(sql`not ${or(L.exclude.map(cond))}`)
  return and(parts)
}

/** Person filters with SQL of their own: exactly the person table's `compiled` rows (a missing one does not compile). */
const PERSON_COMPILED: Record<CompiledFilterName<typeof PERSON_FILTER_TABLE>, Compile> = {
  department: (a, v) => {
    // One list mixes both levels (§4.6): a value matches the department or the sub-department.
    const L = v as ListFilter
    const parts: RawBuilder<unknown>[] = []
    if (L.include?.length)
      parts.push(or([lowerIn(ref(a, 'department'), L.include), lowerIn(ref(a, 'sub_department'), L.include)]))
    if (L.exclude?.length)
      parts.push(
        sql`not coalesce(${or([lowerIn(ref(a, 'department'), L.exclude), lowerIn(ref(a, 'sub_department'), L.exclude)])}, false)`,
      )
    return and(parts)
  },
  university: (a, v) =>
    eachValue(
      v as ListFilter,
      (x) =>
        sql`exists (select 1 from affiliations f join institutions i on i.inst_key = f.inst_key where f.person_id = ${ref(a, 'id')} and f.kind = 'education' and i.name ilike ${like(x)})`,
    ),
  degree: (a, v) => educationCond(a, 'degree', v as ListFilter),
  field_of_study: (a, v) => educationCond(a, 'field', v as ListFilter),
  employment_history: (a, v) =>
    eachValue(
      v as ListFilter,
      (x) =>
        sql`exists (select 1 from affiliations f join institutions i on i.inst_key = f.inst_key where f.person_id = ${ref(a, 'id')} and f.kind = 'employment' and not f.is_current and (i.name ilike ${like(x)} or i.domain = ${x.toLowerCase()}))`,
    ),
  past_title: (a, v) =>
    eachValue(
      v as ListFilter,
      (x) =>
        sql`exists (select 1 from affiliations f where f.person_id = ${ref(a, 'id')} and f.kind = 'employment' and not f.is_current and f.title ilike ${like(x)})`,
    ),
  tenure: (a, v, ctx) =>
    rangeCond(
      sql`(${(ctx.nowMonth / 100) | 0} * 12 + ${ctx.nowMonth % 100} - ${monthIndex(ref(a, 'current_start_month'))})`,
      v as RangeFilter,
    ),
  years_worked: (a, v, ctx) =>
    rangeCond(
      sql`((${(ctx.nowMonth / 100) | 0} * 12 + ${ctx.nowMonth % 100} - ${monthIndex(ref(a, 'career_start_month'))}) / 12.0)`,
      v as RangeFilter,
    ),
  current_job_start: (a, v) => {
    const D = v as DateFilter
    const parts: RawBuilder<unknown>[] = []
    if (D.from) parts.push(sql`${ref(a, 'current_start_month')} >= ${yyyymm(D.from)}`)
    if (D.to) parts.push(sql`${ref(a, 'current_start_month')} <= ${yyyymm(D.to)}`)
    return and(parts)
  },
  graduation_year: (a, v) => {
    const year = sql`(case when e->>'end' ~ '^[0-9]{4}' then substr(e->>'end', 1, 4)::int end)`
    const inner = rangeCond(year, v as RangeFilter)
    return sql`exists (select 1 from jsonb_array_elements(coalesce(${ref(a, 'record')}->'education', '[]'::jsonb)) e where ${inner})`
  },
}

function educationCond(a: string, key: 'degree' | 'field', L: ListFilter): RawBuilder<unknown> {
  return eachValue(
    L,
    (x) =>
      sql`exists (select 1 from jsonb_array_elements(coalesce(${ref(a, 'record')}->'education', '[]'::jsonb)) e where e->>${key} ilike ${like(x)})`,
  )
}

/** A company filter on the companies table (alias `a`): its row's own SQL, or its kind's on its column or path. */
export function companyFilterCond(
  a: string,
  name: CompanyFilterName,
  v: FilterValue,
  ctx: CompileContext,
): RawBuilder<unknown> {
  const row: Omit<FilterSpec, 'name'> = COMPANY_FILTER_TABLE[name]
  if (isCompiledName(COMPANY_FILTER_TABLE, name)) return COMPANY_COMPILED[name](a, v, ctx)
  return fromSource(a, { name, ...row }, v)
}

/** A person filter on the persons table (alias `a`), as companyFilterCond. */
export function personFilterCond(
  a: string,
  name: PersonFilterName,
  v: FilterValue,
  ctx: CompileContext,
): RawBuilder<unknown> {
  const row: Omit<FilterSpec, 'name'> = PERSON_FILTER_TABLE[name]
  if (isCompiledName(PERSON_FILTER_TABLE, name)) return PERSON_COMPILED[name](a, v, ctx)
  return fromSource(a, { name, ...row }, v)
}

/** Whether a table's row carries SQL of its own: then its name is one its COMPILED table is typed over. */
function isCompiledName<T extends Record<string, { source: FilterSource }>>(
  table: T,
  name: keyof T,
): name is CompiledFilterName<T> {
  return 'compiled' in table[name]!.source
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

export type DocumentFilterSource = Pick<DocumentFilterSpec, 'kind' | 'source'>

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
  }
}

// ---- sorts ----------------------------------------------------------------------------------

/** A document sort field's ORDER BY value (DOCUMENT_SORT_SOURCES): its column, or its path as a number, date text or text. */
export function documentSortExpr(a: string, source: DocumentSortSource): RawBuilder<unknown> {
  if ('column' in source) return ref(a, source.column)
  return source.kind === 'number' ? jsonNumber(a, [...source.path]) : jsonText(a, [...source.path])
}

/** The seniority ladder, highest first (taxonomy SENIORITY_LADDER), passed in to keep the store free of the taxonomy. */
export interface PersonSortContext extends CompileContext {
  seniorityLadder: readonly string[]
}

/** Months between a yyyymm column and now. */
const monthsSince = (a: string, column: string, ctx: CompileContext) =>
  sql`(${Math.floor(ctx.nowMonth / 100) * 12 + (ctx.nowMonth % 100)} - ${monthIndex(ref(a, column))})`

/**
 * The ORDER BY value of every person sort field on the persons table `a`: one entry per sort a
 * person filter row names (PersonSortName), so a catalogue row with a sort and no SQL here does
 * not compile. A row reading a column orders by it (person_name, title, department).
 */
export const PERSON_SORTS: Record<PersonSortName, (a: string, ctx: PersonSortContext) => RawBuilder<unknown>> = {
  person_name: (a) => ref(a, 'name'),
  title: (a) => ref(a, 'title'),
  department: (a) => ref(a, 'department'),
  seniority: (a, ctx) =>
    sql`(8 - coalesce(array_position(${[...ctx.seniorityLadder]}::text[], ${ref(a, 'seniority')}), 8))`,
  tenure: (a, ctx) => monthsSince(a, 'current_start_month', ctx),
  years_worked: (a, ctx) => monthsSince(a, 'career_start_month', ctx),
  current_job_start: (a) => ref(a, 'current_start_month'),
  graduation_year: (a) =>
    sql`(select max(case when e->>'end' ~ '^[0-9]{4}' then substr(e->>'end', 1, 4)::int end) from jsonb_array_elements(coalesce(${ref(a, 'record')}->'education', '[]'::jsonb)) e)`,
}
