// A mapping applied to one row (column → text): each column's text read by its rule (numbers,
// booleans, dates, months, years, lists, prefixes), one-line places split into their parts, and
// numbered columns gathered into lists; unreadable values are warnings or problems.
import type { DateFormat, FieldRule, Mapping, PlaceTargets } from './mapping.ts'
import { splitPlace } from './normalise-places.ts'

const DATE_SUBFIELDS = new Set(['start', 'end'])

const MONTHS = /^(\d{4})(?:[-/](\d{1,2}))?$/

/** A date text → `YYYY-MM-DD` (or `YYYY-MM`, `YYYY` when that is all it says); null when unreadable. */
export function readDate(text: string, format: DateFormat = 'auto'): string | null {
  const t = text.trim()
  const pad = (n: string) => n.padStart(2, '0')
  const valid = (y: string, m: string, d?: string) => {
    const mm = Number(m)
    const dd = d === undefined ? 1 : Number(d)
    if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null
    return d === undefined ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`
  }
  if (format !== 'auto') {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t)
    if (!m) return null
    return format === 'MM/DD/YYYY' ? valid(m[3]!, m[1]!, m[2]!) : valid(m[3]!, m[2]!, m[1]!)
  }
  const month = MONTHS.exec(t)
  if (month) return month[2] === undefined ? month[1]! : valid(month[1]!, month[2])
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t)
  if (iso) return valid(iso[1]!, iso[2]!, iso[3]!)
  return null
}

/** A value read (`note`: read in part, e.g. a year with a note), or what the text is not. */
type Converted = { ok: true; value: unknown; note?: string } | { ok: false; what: string }

/** A year followed by a note or more years (`2013 (1888)`, `1975/1977 (1997)`): read as its first year. */
const YEAR_WITH_NOTE = /^(\d{4})(?:\s*[(/,;–-]|\s+\S)/

const ENDLESS = new Set(['present', 'current', 'now', 'ongoing', 'today'])

function convert(text: string, rule: Pick<FieldRule, 'type' | 'split' | 'format' | 'prefix'>): Converted {
  const t = text.trim()
  const bad = (what: string): Converted => ({ ok: false, what: `not ${what}` })
  switch (rule.type) {
    case 'integer':
    case 'number': {
      const n = Number(t.replace(/[,_\s]/g, '').replace(/^\$/, ''))
      if (!Number.isFinite(n)) return bad(rule.type === 'integer' ? 'an integer' : 'a number')
      if (rule.type === 'integer' && !Number.isInteger(n)) return bad('an integer')
      return { ok: true, value: n }
    }
    case 'boolean': {
      const v = t.toLowerCase()
      if (['true', 'yes', 'y', '1'].includes(v)) return { ok: true, value: true }
      if (['false', 'no', 'n', '0'].includes(v)) return { ok: true, value: false }
      return bad('true or false')
    }
    case 'year': {
      const d = readDate(t, rule.format)
      if (d) return { ok: true, value: Number(d.slice(0, 4)) }
      const first = YEAR_WITH_NOTE.exec(t)
      if (first) return { ok: true, value: Number(first[1]), note: 'a year with a note, read as its first year' }
      return bad('a year or a date')
    }
    case 'date': {
      const d = readDate(t, rule.format)
      return d ? { ok: true, value: d } : bad('a date')
    }
    case 'month': {
      if (ENDLESS.has(t.toLowerCase())) return { ok: true, value: null }
      const d = readDate(t, rule.format)
      return d ? { ok: true, value: d.slice(0, 7) } : bad('a year or year-month')
    }
    case 'list': {
      const items = t
        .split(rule.split ?? ';')
        .map((s) => s.trim())
        .filter((s) => s !== '')
      return { ok: true, value: items }
    }
    default:
      return { ok: true, value: (rule.prefix ?? '') + t }
  }
}

export function getPath(source: Record<string, unknown>, path: string): unknown {
  let o: unknown = source
  for (const part of path.split('.')) {
    if (o === null || typeof o !== 'object') return undefined
    o = (o as Record<string, unknown>)[part]
  }
  return o
}

export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.')
  let o = target
  for (const part of parts.slice(0, -1)) {
    const next = o[part]
    if (next === null || typeof next !== 'object') o[part] = {}
    o = o[part] as Record<string, unknown>
  }
  o[parts[parts.length - 1]!] = value
}

export interface ApplyOptions {
  /** A value that cannot be read rejects its row (otherwise it is left out, with a warning). */
  strict?: boolean
  /** Fields whose value must be read whatever `strict` says: the identifiers (`identifierFields`). */
  required?: ReadonlySet<string>
}

/**
 * One row (column → text) → a record of the category's shape, or every problem of the row. A
 * value that cannot be read is left out of the record with a warning (`…: not an integer, left
 * out ("many")`), unless `strict` or its field is required; a value read in part (a year with a
 * note) is read with a warning, or rejects the row when `strict`.
 */
export function applyMapping(
  mapping: Mapping,
  row: Record<string, unknown>,
  opts: ApplyOptions = {},
): { ok: true; value: Record<string, unknown>; warnings: string[] } | { ok: false; problems: string[] } {
  const record: Record<string, unknown> = {}
  const reader = rowReader(row, opts)
  const places = readFields(mapping, row, opts, reader, record)
  fillPlaces(record, places)
  readGroups(mapping, reader, record)
  const { problems, warnings } = reader
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: record, warnings }
}

/** How one row is read: its columns' texts, and each value read or noted as a warning or a problem. */
interface RowReader {
  problems: string[]
  warnings: string[]
  /** The value read, or undefined when it is left out (with its warning or problem noted). */
  read: (path: string, column: string, t: string, c: Converted, required: boolean) => unknown
  /** A column's text (a JSON value as JSON text); null when missing or blank. */
  text: (column: string) => string | null
}

function rowReader(row: Record<string, unknown>, opts: ApplyOptions): RowReader {
  const problems: string[] = []
  const warnings: string[] = []
  const read = (path: string, column: string, t: string, c: Converted, required: boolean): unknown => {
    const at = `${path}: column "${column}"`
    const quoted = JSON.stringify(t.trim().slice(0, 100))
    if (c.ok && c.note === undefined) return c.value
    if (c.ok && !opts.strict) {
      warnings.push(`${at}: ${c.note} (${quoted})`)
      return c.value
    }
    const what = c.ok ? 'not a year or a date' : c.what
    if (opts.strict || required) problems.push(`${at}: ${what} (${quoted})`)
    else warnings.push(`${at}: ${what}, left out (${quoted})`)
    return undefined
  }
  const text = (column: string): string | null => {
    const v = row[column]
    if (v === undefined || v === null) return null
    const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v as number)
    return s.trim() === '' ? null : s
  }
  return { problems, warnings, read, text }
}

/** Each field read from its column into the record; the one-line places are returned for fillPlaces. */
function readFields(
  mapping: Mapping,
  row: Record<string, unknown>,
  opts: ApplyOptions,
  { read, text }: RowReader,
  record: Record<string, unknown>,
): [PlaceTargets, string][] {
  const places: [PlaceTargets, string][] = []
  for (const [field, rule] of Object.entries(mapping.fields)) {
    const raw = row[rule.column]
    // A JSON input's lists and objects are taken as they are; its numbers and booleans are read
    // by the rule like a CSV cell, so a numeric id becomes a text (with its prefix) and a string
    // field never holds a number.
    if (raw !== null && typeof raw === 'object') {
      setPath(record, field, raw)
      continue
    }
    const t = text(rule.column)
    if (t === null) continue
    if (rule.place) {
      places.push([rule.place, t])
      continue
    }
    const value = read(
      `/${field.replaceAll('.', '/')}`,
      rule.column,
      t,
      convert(t, rule),
      opts.required?.has(field) === true,
    )
    if (value !== undefined) setPath(record, field, value)
  }
  return places
}

function fillPlaces(record: Record<string, unknown>, places: [PlaceTargets, string][]): void {
  // A one-line place fills the parts its own columns (City, Country …) left empty.
  for (const [to, t] of places) {
    if (to.text) setPath(record, to.text, t.trim())
    const parts = splitPlace(t)
    for (const part of ['city', 'state', 'country'] as const) {
      const target = to[part]
      const value = parts?.[part]
      if (target && value && getPath(record, target) === undefined) setPath(record, target, value)
    }
  }
}

/** Numbered columns gathered into the lists of objects they make (`employment_history`, `education`). */
function readGroups(mapping: Mapping, { read, text }: RowReader, record: Record<string, unknown>): void {
  for (const [group, rule] of Object.entries(mapping.groups)) {
    const items: Record<string, unknown>[] = []
    for (let n = 1; n <= rule.max; n++) {
      const item: Record<string, unknown> = {}
      for (const [sub, pattern] of Object.entries(rule.fields)) {
        const column = pattern.replace('*', String(n))
        const t = text(column)
        if (t === null) continue
        const c: Converted = DATE_SUBFIELDS.has(sub)
          ? convert(t, { type: 'month', format: 'auto' })
          : { ok: true, value: t.trim() }
        const value = read(`/${group}/${items.length}/${sub}`, column, t, c, false)
        if (value !== undefined) item[sub] = value
      }
      if (Object.keys(item).length > 0) items.push(item)
    }
    if (items.length > 0) record[group] = items
  }
}
