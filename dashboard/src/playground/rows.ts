// How a result row reads to a person: its name, title and employer (people), location and
// industry, and the reference a saved list takes. Search rows and agent-run rows are the same
// flattened records (§2.2): a company's `location` is a string, a person's an object.
import type { EntityCategory, SearchRow } from '../types.ts'

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null)
const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null

export function rowName(r: SearchRow): string {
  return str(r.account_name) ?? str(r.name) ?? str(r.full_name) ?? str(r.title) ?? r.id
}

export function rowLocation(r: SearchRow): string | null {
  if (str(r.location)) return str(r.location)
  const place = obj(r.location) ?? r
  const parts = [place.city, place.state, place.country].map(str).filter((x): x is string => Boolean(x))
  // "Hamburg, Hamburg, Germany" says the city-state once.
  return parts.filter((p, i) => parts.indexOf(p) === i).join(', ') || null
}

/** A company's industry; a person's is their current employer's. */
export function rowIndustry(r: SearchRow): string | null {
  const employer = obj(r.current_employer)
  return str(r.industry) ?? str(employer?.industry) ?? null
}

export function rowTitle(r: SearchRow): string | null {
  return r.category === 'person' ? (str(r.title) ?? str(r.headline)) : null
}

/** A person's department (the org-chart taxonomy's label); null for other rows. */
export function rowDepartment(r: SearchRow): string | null {
  return r.category === 'person' ? str(r.department) : null
}

export function rowEmployer(r: SearchRow): string | null {
  const employer = obj(r.current_employer)
  return str(employer?.company) ?? str(employer?.domain) ?? str(r.company_name)
}

export function rowDomain(r: SearchRow): string | null {
  if (r.category === 'company') return str(r.domain) ?? r.id
  return str(obj(r.current_employer)?.domain)
}

export type EntityRef = { entity_category: EntityCategory; entity_id: string }

/**
 * What a saved list takes for the row: a company by its domain, a person by the profile URL
 * (platform §4.7 rule 1), a document by the id the lookup route takes. Null when the row has none.
 */
export function entityRef(r: SearchRow): EntityRef | null {
  if (r.category === 'company') {
    const id = str(r.domain) ?? r.id
    return id ? { entity_category: 'company', entity_id: id } : null
  }
  if (r.category === 'person') {
    const url = str(r.profile_url)
    return url ? { entity_category: 'person', entity_id: url } : null
  }
  return r.id ? { entity_category: r.category, entity_id: r.id } : null
}

/** True when the rows are companies and people: the readable table; other categories keep their fields. */
export const isGtm = (rows: SearchRow[]) =>
  rows.length > 0 && rows.every((r) => r.category === 'company' || r.category === 'person')

// ---- CSV (RFC 4180: every field quoted, quotes doubled, CRLF line ends) ----

export const CSV_COLUMNS = [
  'id',
  'category',
  'name',
  'title',
  'employer',
  'location',
  'industry',
  'domain',
  'profile_url',
  'score',
] as const

export function csvOf(rows: SearchRow[]): string {
  const cell = (v: string | number | null) => `"${String(v ?? '').replace(/"/g, '""')}"`
  const lines = rows.map((r) =>
    [
      r.id,
      r.category,
      rowName(r),
      rowTitle(r),
      rowEmployer(r),
      rowLocation(r),
      rowIndustry(r),
      rowDomain(r),
      str(r.profile_url),
      typeof r.score === 'number' ? r.score : null,
    ]
      .map(cell)
      .join(','),
  )
  return [CSV_COLUMNS.map(cell).join(','), ...lines].join('\r\n') + '\r\n'
}

/** Saves text as a file in the browser (no server round trip). */
export function download(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
