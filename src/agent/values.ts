// Filters checked on a row's own values: the evidence of a filter (the field and the value the
// record holds), and the value filters (a bound on a number or a date a record may lack) that a
// run checks itself on the candidates found without them, so it can say how many records lacked
// the value and, at medium effort and above, keep them when the filter was only implied by the
// query's text.
import type { RunCategory } from '../contract/agent-runs.ts'
import type { DateFilter, Filters, GeoFilter, RangeFilter } from '../store/search-filters.ts'

/** Value filters of companies: the filter, the record field it bounds, and the field in words. */
export const VALUE_FIELDS: Record<string, { field: string; label: string; kind: 'number' | 'date' }> = {
  founded_year: { field: 'founded_year', label: 'founding year', kind: 'number' },
  employee_count: { field: 'employee_count', label: 'headcount', kind: 'number' },
  revenue: { field: 'revenue', label: 'revenue', kind: 'number' },
  total_funding: { field: 'total_funding', label: 'total funding', kind: 'number' },
  last_funding_amount: { field: 'last_funding_amount', label: 'last round amount', kind: 'number' },
  last_funding_date: { field: 'last_funding_date', label: 'last funding date', kind: 'date' },
  professional_followers: { field: 'professional_followers', label: 'follower count', kind: 'number' },
}

export interface ValueFilter {
  key: string
  field: string
  label: string
  /** From the query's own text (relaxable at medium effort and above) or from a criterion (never relaxed). */
  origin: 'query' | 'criterion'
}

/** The value filters among a run's filters (company runs only). */
export function valueFilters(category: RunCategory, filters: Filters, queryFilters: Filters): ValueFilter[] {
  if (category !== 'company') return []
  return Object.keys(filters)
    .filter((k) => k in VALUE_FIELDS)
    .map((k) => ({
      key: k,
      field: VALUE_FIELDS[k]!.field,
      label: VALUE_FIELDS[k]!.label,
      origin:
        k in queryFilters && JSON.stringify(queryFilters[k]) === JSON.stringify(filters[k]) ? 'query' : 'criterion',
    }))
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)

/** A value filter on one record: met, not met, or unknown (the record lacks the value). */
export function checkValue(
  key: string,
  filter: unknown,
  record: Record<string, unknown>,
): 'met' | 'not_met' | 'unknown' {
  const spec = VALUE_FIELDS[key]
  if (!spec) return 'unknown'
  const value = record[spec.field]
  if (!present(value)) return 'unknown'
  if (spec.kind === 'date') {
    const d = String(value).slice(0, 10)
    const f = filter as DateFilter
    if (f.from && d < f.from.slice(0, 10)) return 'not_met'
    if (f.to && d > f.to.slice(0, 10)) return 'not_met'
    return 'met'
  }
  const n = Number(value)
  if (!Number.isFinite(n)) return 'unknown'
  const f = filter as RangeFilter
  if (f.min !== undefined && n < f.min) return 'not_met'
  if (f.max !== undefined && n > f.max) return 'not_met'
  return 'met'
}

const show = (v: unknown): string =>
  Array.isArray(v) ? v.map(show).join(', ') : v && typeof v === 'object' ? JSON.stringify(v) : String(v)

/** The record's own value behind a filter it passed: `country: Germany`, `founded_year: 2017`. */
export function filterEvidence(
  category: RunCategory,
  key: string,
  filter: unknown,
  record: Record<string, unknown>,
): string | null {
  const at = (path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>((v, p) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined), record)
  if (key === 'geo') {
    const levels = (filter as GeoFilter).include?.map((p) => p.level) ?? []
    const base = category === 'person' ? 'location.' : ''
    const found: string[] = []
    for (const l of new Set(levels)) {
      if (l === 'region') continue
      const v = at(`${base}${l}`)
      if (present(v)) found.push(`${base}${l}: ${show(v)}`)
    }
    if (found.length) return found.join('; ')
    const region = at(category === 'person' ? 'location.region' : 'region')
    return present(region) ? `region: ${show(region)}` : null
  }
  const candidates =
    category === 'person' ? [key, `current_employer.${key}`, `location.${key}`] : [VALUE_FIELDS[key]?.field ?? key, key]
  for (const path of candidates) {
    const v = at(path)
    if (present(v)) return `${path}: ${show(v)}`
  }
  return null
}

/** A person filter judged on the record's own fields: its verdict and the values that decided it. */
export interface PersonCheck {
  verdict: 'met' | 'not_met' | 'unknown'
  evidence: string
}

interface Job {
  company?: string | null
  domain?: string | null
  title?: string | null
  start?: string | null
  end?: string | null
}
interface Degree {
  school?: string | null
  degree?: string | null
  field?: string | null
}

/** yyyy-mm[-dd] → months since year 0; null when it is no date. */
const monthOf = (s: unknown): number | null => {
  const m = typeof s === 'string' ? /^(\d{4})-(\d{2})/.exec(s) : null
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : null
}
const inRange = (n: number, f: RangeFilter) =>
  (f.min === undefined || n >= f.min) && (f.max === undefined || n <= f.max)
const listOf = (f: unknown) => {
  const L = f as { include?: unknown[]; exclude?: unknown[] }
  const words = (xs: unknown[] | undefined) =>
    (xs ?? []).map((x) => (typeof x === 'string' ? x : String((x as { value?: unknown }).value ?? ''))).filter(Boolean)
  return { include: words(L.include), exclude: words(L.exclude) }
}
/** As the index compares these values: case-insensitive, the value inside the field (`ilike %v%`). */
const holds = (field: unknown, value: string) =>
  typeof field === 'string' && field.toLowerCase().includes(value.toLowerCase())
const span = (j: Job) => `${j.start ?? '?'} to ${j.end ?? 'now'}`
const degreeText = (d: Degree) => {
  const about = [d.degree, d.field].filter(Boolean).join(', ')
  return `${d.school ?? 'unknown school'}${about ? ` (${about})` : ''}`
}
/** Include: any value held; exclude: none. */
function listVerdict<T>(items: T[], filter: unknown, held: (item: T, value: string) => boolean) {
  const L = listOf(filter)
  const hit = L.include.length ? items.find((i) => L.include.some((v) => held(i, v))) : undefined
  const banned = items.find((i) => L.exclude.some((v) => held(i, v)))
  const verdict: PersonCheck['verdict'] = banned || (L.include.length && !hit) ? 'not_met' : 'met'
  return { verdict, shown: banned ?? hit }
}

/**
 * A person filter judged on the record's own fields, against the run's clock `now` (the test clock
 * in tests): time in the current job, years worked and when the current job started, schools,
 * degrees and fields, former employers and titles, governance. The evidence names the values that
 * decided it ("current job: Software Engineer at Ledgerly since 2026-08 (3 months in role)"). A
 * record lacking the field leaves the filter unknown. Null for the filters this does not judge.
 */
export function personFilterCheck(
  key: string,
  filter: unknown,
  record: Record<string, unknown>,
  now: Date,
): PersonCheck | null {
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
  const jobs = (Array.isArray(record.employment_history) ? record.employment_history : []) as Job[]
  const education = (Array.isArray(record.education) ? record.education : []) as Degree[]
  const current = jobs.find((j) => j.end === null || j.end === undefined)
  const ended = jobs.filter((j) => j.end !== null && j.end !== undefined)
  const currentText = (j: Job) => `${j.title ?? 'current job'}${j.company ? ` at ${j.company}` : ''}`
  switch (key) {
    case 'tenure': {
      const start = monthOf(current?.start)
      if (!current || start === null) return { verdict: 'unknown', evidence: 'current job start: unknown' }
      const months = nowMonth - start
      return {
        verdict: inRange(months, filter as RangeFilter) ? 'met' : 'not_met',
        evidence: `current job: ${currentText(current)} since ${current.start} (${months} ${months === 1 ? 'month' : 'months'} in role)`,
      }
    }
    case 'current_job_start': {
      const start = monthOf(current?.start)
      if (!current || start === null) return { verdict: 'unknown', evidence: 'current job start: unknown' }
      const f = filter as DateFilter
      const from = monthOf(f.from)
      const to = monthOf(f.to)
      const met = (from === null || start >= from) && (to === null || start <= to)
      return {
        verdict: met ? 'met' : 'not_met',
        evidence: `current job: ${currentText(current)} since ${current.start}`,
      }
    }
    case 'years_worked': {
      const starts = jobs
        .map((j) => ({ j, m: monthOf(j.start) }))
        .filter((x): x is { j: Job; m: number } => x.m !== null)
      if (!starts.length) return { verdict: 'unknown', evidence: 'first job start: unknown' }
      const first = starts.reduce((a, b) => (b.m < a.m ? b : a))
      const years = (nowMonth - first.m) / 12
      return {
        verdict: inRange(years, filter as RangeFilter) ? 'met' : 'not_met',
        evidence: `first job: ${currentText(first.j)} from ${first.j.start} (${Math.floor(years * 10) / 10} years worked)`,
      }
    }
    case 'university':
    case 'degree':
    case 'field_of_study': {
      const part = key === 'university' ? 'school' : key === 'degree' ? 'degree' : 'field'
      const known = education.filter((d) => typeof d[part] === 'string' && d[part] !== '')
      if (!known.length) return { verdict: 'unknown', evidence: `education: no ${part} on record` }
      const { verdict, shown } = listVerdict(known, filter, (d, v) => holds(d[part], v))
      return {
        verdict,
        evidence: `education: ${shown ? degreeText(shown) : known.map(degreeText).join('; ')}`,
      }
    }
    case 'employment_history':
    case 'past_title': {
      if (!jobs.length) return { verdict: 'unknown', evidence: 'employment_history: none on record' }
      const { verdict, shown } = listVerdict(ended, filter, (j, v) =>
        key === 'past_title' ? holds(j.title, v) : holds(j.company, v) || j.domain?.toLowerCase() === v.toLowerCase(),
      )
      const show = (j: Job) => `${j.title ? `${j.title} at ` : ''}${j.company ?? j.domain ?? '?'} (${span(j)})`
      return {
        verdict,
        evidence: `${key === 'past_title' ? 'past title' : 'employment_history'}: ${
          shown ? show(shown) : ended.length ? ended.map(show).join('; ') : 'no former job'
        }`,
      }
    }
    case 'governance_level': {
      const levels = Array.isArray(record.governance_level) ? (record.governance_level as string[]) : []
      const { verdict } = listVerdict(levels, filter, (g, v) => g.toLowerCase() === v.toLowerCase())
      return { verdict, evidence: `governance_level: ${levels.length ? levels.join(', ') : 'none'}` }
    }
    default:
      return null
  }
}
