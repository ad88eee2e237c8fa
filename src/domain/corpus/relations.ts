// Long-format person files: one row per relation (a person's employer, school, membership …), the
// person's key repeated on each. The rows of one key are gathered into one record, each row's
// organisation going where its relation type says (employment history, education, or nowhere).
// How a mapping names them: mapping.ts (`relations`); where it runs: formats.ts. Rules: docs/ingest-formats.md §1.
import type { Item } from './ingest-item.ts'
import type { RowWarning } from './ingest-rejects.ts'

/** Where a relation type's rows go: a job of `employment_history`, a degree of `education`, or nowhere (counted). */
export const RELATION_KINDS = ['employment', 'education', 'ignore'] as const
export type RelationKind = (typeof RELATION_KINDS)[number]

export interface RelationRule {
  /** The column (or JSON key) holding the person's key, repeated on each of the person's rows. */
  key: string
  /** The column holding the relation type. */
  type: string
  /** Relation type (lower case, trimmed) → kind; a type not named here is ignored and counted. */
  kinds: Record<string, RelationKind>
}

/** Without `--relation`, the two types most files spell so. */
const DEFAULT_KINDS: Record<string, RelationKind> = { employment: 'employment', education: 'education' }

export class RelationError extends Error {}

/**
 * A rule from the key and type columns and `type=kind` pairs (`--relation employment=employment`,
 * the route's `relation=`, a mapping file's `relations.types`) over `base` (a mapping file's kinds, or
 * employment and education as themselves). Throws RelationError naming what is wrong.
 */
export function relationRule(
  input: { key?: unknown; type?: unknown; types?: Record<string, unknown> | readonly string[] },
  base: Record<string, RelationKind> = DEFAULT_KINDS,
): RelationRule {
  if (typeof input.key !== 'string' || input.key.trim() === '')
    throw new RelationError('relations need the column holding the person\'s key (--relation-key, "key")')
  if (typeof input.type !== 'string' || input.type.trim() === '')
    throw new RelationError('relations need the column holding the relation type (--relation-type, "type")')
  const kinds: Record<string, RelationKind> = { ...base }
  const entries: [string, unknown][] = Array.isArray(input.types)
    ? input.types.map((pair) => {
        const at = pair.indexOf('=')
        if (at < 0)
          throw new RelationError(`relation ${JSON.stringify(pair)}: write type=kind, e.g. employer=employment`)
        return [pair.slice(0, at), pair.slice(at + 1).trim()]
      })
    : Object.entries(input.types ?? {})
  for (const [type, kind] of entries) {
    if (!(RELATION_KINDS as readonly unknown[]).includes(kind))
      throw new RelationError(
        `relation ${type}: the kind is one of ${RELATION_KINDS.join(', ')}, not ${JSON.stringify(kind)}`,
      )
    if (type.trim() === '') throw new RelationError('relation =kind: name the relation type')
    kinds[type.trim().toLowerCase()] = kind as RelationKind
  }
  return { key: input.key.trim(), type: input.type.trim(), kinds }
}

/** What the gathering did, for the summary (`relations`). */
export interface RelationCounts {
  key: string
  type: string
  /** Rows read (rows rejected on their own included). */
  rows: number
  /** Records the rows made. */
  persons: number
  employment: number
  education: number
  /** Rows of a type mapped to nothing (or named nowhere), by type. */
  ignored: Record<string, number>
}

export function emptyCounts(rule: RelationRule): RelationCounts {
  return { key: rule.key, type: rule.type, rows: 0, persons: 0, employment: 0, education: 0, ignored: {} }
}

/** One row of a long file: its person's key and relation type, and the item its columns map to. */
export interface RelationRow {
  key: string | null
  type: string | null
  item: Item
}

/**
 * Rows of one person may lie this many rows apart. A group not touched for this many rows is
 * complete and goes on to be stored, so memory holds at most this many rows' persons, whatever
 * the file's size; a sorted file (the usual export) never comes near it.
 */
export const RELATION_WINDOW_ROWS = 10_000

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

interface Group {
  line: number
  record: Obj
  warnings: RowWarning[]
  /** Row number of the group's last row (for the window). */
  last: number
}

const same = (a: Obj, b: Obj) => JSON.stringify(a) === JSON.stringify(b)

function push(record: Obj, field: 'employment_history' | 'education', item: Obj): void {
  const list = Array.isArray(record[field]) ? (record[field] as Obj[]) : []
  if (!list.some((x) => isObj(x) && same(x, item))) list.push(item)
  record[field] = list
}

/**
 * One row into its person's record. The row's `current_employer` names the relation's
 * organisation and its `title` the job's title: they go where the relation's kind says, never to
 * the record's current employer. Person fields (name, source_id, location …) come from the first
 * row that gives them; numbered employment and education columns are added as they are.
 */
function mergeRow(target: Obj, row: Obj, kind: RelationKind, type: string, counts: RelationCounts): void {
  const org = isObj(row.current_employer) ? row.current_employer : null
  const title = text(row.title)
  delete row.current_employer
  delete row.title
  for (const field of ['employment_history', 'education'] as const) {
    const list = row[field]
    delete row[field]
    if (Array.isArray(list)) for (const item of list) if (isObj(item)) push(target, field, item)
  }
  for (const [field, value] of Object.entries(row)) if (target[field] === undefined) target[field] = value
  if (kind === 'ignore') {
    counts.ignored[type] = (counts.ignored[type] ?? 0) + 1
    return
  }
  counts[kind]++
  const company = text(org?.company)
  if (kind === 'employment') {
    const job: Obj = {}
    if (company) job.company = company
    for (const id of ['company_id', 'domain'] as const) if (text(org?.[id])) job[id] = text(org?.[id])
    if (Object.keys(job).length === 0) return
    if (title) job.title = title
    push(target, 'employment_history', job)
    if (title && target.title === undefined) target.title = title
  } else if (company) push(target, 'education', { school: company })
}

/**
 * The rows of a long file, gathered per key into one record each (yielded with the line of its
 * first row, and its rows' warnings). A row without a key, or a row whose person was stored more
 * than RELATION_WINDOW_ROWS rows before, is rejected on its own; a row that does not map is too.
 */
export async function* gatherRelations(
  rows: AsyncIterable<RelationRow>,
  rule: RelationRule,
  counts: RelationCounts,
): AsyncGenerator<Item> {
  const open = new Map<string, Group>()
  const closed = new Set<string>()
  const finish = (g: Group): Item => {
    counts.persons++
    return g.warnings.length > 0
      ? { line: g.line, value: g.record, warnings: g.warnings }
      : { line: g.line, value: g.record }
  }
  let n = 0
  for await (const { key, type, item } of rows) {
    n++
    counts.rows++
    if (!('value' in item) || !isObj(item.value)) {
      yield item
      continue
    }
    if (key === null) {
      yield { line: item.line, problems: [`no person key: the relation key column "${rule.key}" is blank`] }
      continue
    }
    if (closed.has(key)) {
      yield {
        line: item.line,
        problems: [
          `relation of ${key} more than ${RELATION_WINDOW_ROWS} rows after the person's other rows, which are stored: sort the file by "${rule.key}"`,
        ],
      }
      continue
    }
    const t = (type ?? '').toLowerCase()
    const kind = rule.kinds[t] ?? 'ignore'
    let g = open.get(key)
    if (g) open.delete(key)
    else g = { line: item.line, record: {}, warnings: [], last: n }
    mergeRow(g.record, item.value, kind, t || '(blank)', counts)
    if (item.warnings) g.warnings.push(...item.warnings)
    g.last = n
    // Re-inserted last: the map runs from the least recently touched group.
    open.set(key, g)
    for (const [k, old] of open) {
      if (n - old.last < RELATION_WINDOW_ROWS) break
      open.delete(k)
      closed.add(k)
      yield finish(old)
    }
  }
  for (const g of open.values()) yield finish(g)
}

// ---- Recognising the shape ----

/** Column names (lower case, `_` between words) that say a row holds one relation's type. */
const TYPE_COLUMN = /^(relation|relationship|affiliation|link|connection|association)(_?(type|kind))?$|^(type|kind)$/

/** A relation type's likely kind, for the suggestion. */
function likelyKind(type: string): RelationKind {
  if (/employ|work|job|position|career|staff/.test(type)) return 'employment'
  if (/educat|school|stud|alum|degree|academ|universit|college/.test(type)) return 'education'
  return 'ignore'
}

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

/**
 * The warning for a person file read row by row that holds one row per relation: a column named
 * as a relation type (`relation_type`) with few values, and the column of the records' key
 * (`keyColumns`: profile URL or source id, in that order) repeated among the sampled rows. It
 * says how to map the file (flags, route options, mapping section); null when the rows do not look so.
 */
export function relationShapeWarning(
  header: readonly string[],
  keyColumns: readonly string[],
  sample: readonly Record<string, unknown>[],
): string | null {
  const value = (row: Record<string, unknown>, column: string) => {
    const v = row[column]
    return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''
  }
  const typeColumn = header.find((h) => {
    if (!TYPE_COLUMN.test(norm(h))) return false
    const values = new Set(sample.map((r) => value(r, h)).filter((v) => v !== ''))
    return values.size > 0 && values.size <= 20
  })
  if (typeColumn === undefined) return null
  const key = keyColumns.find((column) => {
    const seen = new Set<string>()
    for (const row of sample) {
      const v = value(row, column)
      if (v === '') continue
      if (seen.has(v)) return true
      seen.add(v)
    }
    return false
  })
  if (key === undefined) return null
  const types = [...new Set(sample.map((r) => value(r, typeColumn).toLowerCase()).filter((v) => v !== ''))]
  const flag = (s: string) => (/^[\w.:=-]+$/.test(s) ? s : JSON.stringify(s))
  const pairs = types.map((t) => `${t}=${likelyKind(t)}`)
  return (
    `the file has several rows per person ("${key}" repeats), one per relation ("${typeColumn}": ${types.join(', ')}): ` +
    `read as it is, each person's later rows are duplicates and every relation's organisation becomes current_employer; ` +
    `gather them with --relation-key ${flag(key)} --relation-type ${flag(typeColumn)} ` +
    pairs.map((p) => `--relation ${flag(p)}`).join(' ') +
    ` (the route's relation_key, relation_type and relation=type=kind; a mapping file's "relations", docs/ingest-formats.md §1)`
  )
}
