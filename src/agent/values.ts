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
