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
  const place = obj(r.location) ?? r
  const parts = str(r.location)
    ? str(r.location)!
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [place.city, place.state, place.country].map(str).filter((x): x is string => Boolean(x))
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

type Cell = string | number | null

/** Every readable cell a company or person CSV can carry, in file order. */
const GTM_CELLS = {
  id: (r: SearchRow): Cell => r.id,
  category: (r: SearchRow): Cell => r.category,
  name: rowName,
  title: rowTitle,
  employer: rowEmployer,
  location: rowLocation,
  industry: rowIndustry,
  domain: rowDomain,
  profile_url: (r: SearchRow): Cell => str(r.profile_url),
  score: (r: SearchRow): Cell => (typeof r.score === 'number' ? r.score : null),
} satisfies Record<string, (r: SearchRow) => Cell>
type GtmColumn = keyof typeof GTM_CELLS

/** A category's own columns: a company file has no person columns (title, employer, profile_url). */
export const CSV_COLUMNS: { company: readonly GtmColumn[]; person: readonly GtmColumn[] } = {
  company: ['id', 'category', 'name', 'location', 'industry', 'domain', 'score'],
  person: ['id', 'category', 'name', 'title', 'employer', 'location', 'industry', 'domain', 'profile_url', 'score'],
}

const cellText = (v: unknown): Cell =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number)

/**
 * The rows as CSV with the columns of their category: companies and people get the readable cells
 * (a page of both, the person columns); another category its rows' own fields, in the order first
 * seen, between id, category and name and the score.
 */
export function csvOf(rows: SearchRow[]): string {
  const cell = (v: Cell) => `"${String(v ?? '').replace(/"/g, '""')}"`
  let header: string[]
  let line: (r: SearchRow) => Cell[]
  if (isGtm(rows)) {
    const columns = rows.some((r) => r.category === 'person') ? CSV_COLUMNS.person : CSV_COLUMNS.company
    header = [...columns]
    line = (r) => columns.map((c) => GTM_CELLS[c](r))
  } else {
    const fixed = ['id', 'category', 'name', 'score']
    const own = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => !fixed.includes(k))
    header = ['id', 'category', 'name', ...own, 'score']
    line = (r) => [r.id, r.category, rowName(r), ...own.map((k) => cellText(r[k])), GTM_CELLS.score(r)]
  }
  const lines = rows.map((r) => line(r).map(cell).join(','))
  return [header.map(cell).join(','), ...lines].join('\r\n') + '\r\n'
}

/** The rows a download writes: the selected ones in page order, or every row when none is selected. */
export function rowsToDownload<T>(rows: T[], selected: ReadonlySet<number>): T[] {
  return selected.size === 0 ? rows : rows.filter((_, i) => selected.has(i))
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
