// The input of the affiliation-graph counts (graph-join.ts, graph-affiliated.ts): each side's
// affiliations as typed columns, the codes they use (months with NO_START and OPEN, matches,
// kinds), the Interner that gives both sides one set of institution ids, and the grouping by
// person the counts walk. docs/relationships.md §1.1 has the mechanics.
import type { GraphEdge } from '../../store/relationships.ts'

export type Basis = 'overlapping' | 'shared'
export type InstitutionKind = 'employment' | 'education'
/** The kind of affiliation an institution of this type (company or school) holds. */
export const kindOfType = (type: string): InstitutionKind => (type === 'school' ? 'education' : 'employment')
export type Match = 'url' | 'edu' | 'name'

/** The end month of an affiliation that has not ended, and the start of one whose start is unknown. */
export const OPEN = 0x7fffffff
export const NO_START = -1
/** Match confidences by code (EdgeColumns.match). */
export const MATCHES: readonly Match[] = ['name', 'url', 'edu']
export const KINDS: readonly InstitutionKind[] = ['employment', 'education']
export const NAME = 0
export const NONE = -1

/** An institution is as strongly matched as the strongest affiliation that reached it (name is the weak one). */
export const stronger = (current: number, next: number) => (current === NAME ? next : current)
/** The same, NONE standing for nothing reached yet. */
export const merge = (found: number, next: number) =>
  found === NONE ? next : next === NONE ? found : stronger(found, next)

/** Strings ↔ small integers in first-seen order: a join's institution keys (shared by both sides), a block's dictionaries. */
export class Interner {
  readonly keys: string[] = []
  private readonly ids = new Map<string, number>()
  of(key: string): number {
    let id = this.ids.get(key)
    if (id === undefined) {
      id = this.keys.length
      this.ids.set(key, id)
      this.keys.push(key)
    }
    return id
  }
  /** The id of a key already seen, or -1. */
  find(key: string): number {
    return this.ids.get(key) ?? -1
  }
}

/**
 * One side's usable affiliations in columns, as the join reads them: `person` is the rank in the
 * side's population (or the seed's index), `inst` an id of the join's Interner, months with
 * NO_START (-1) for an unknown start and OPEN for an affiliation that has not ended.
 */
export interface EdgeColumns {
  person: Int32Array
  /** Everyone (via_institution): the rank in the first population of the same person, or -1; null: none. */
  self: Int32Array | null
  inst: Int32Array
  start: Int32Array
  end: Int32Array
  /** 0 name, 1 url, 2 edu. */
  match: Uint8Array
  /** 0 employment, 1 education. */
  kind: Uint8Array
}

/** Both sides of a join over one set of institution ids. */
export interface JoinInput {
  insts: string[]
  first: EdgeColumns
  second: EdgeColumns
}

/** Rows (as the store reads them) into columns, interning institution keys into `insts`. */
export function edgeColumns(rows: readonly GraphEdge[], insts: Interner): EdgeColumns {
  const n = rows.length
  const c: EdgeColumns = {
    person: new Int32Array(n),
    self: new Int32Array(n),
    inst: new Int32Array(n),
    start: new Int32Array(n),
    end: new Int32Array(n),
    match: new Uint8Array(n),
    kind: new Uint8Array(n),
  }
  for (let i = 0; i < n; i++) {
    const r = rows[i]!
    c.person[i] = r.person
    c.self![i] = r.first_rank ?? -1
    c.inst[i] = insts.of(r.inst_key)
    c.start[i] = r.start_month ?? NO_START
    c.end[i] = r.end_month ?? OPEN
    c.match[i] = MATCHES.indexOf(r.match_confidence)
    c.kind[i] = r.kind === 'education' ? 1 : 0
  }
  return c
}

/** Both sides' rows as one join input. */
export function joinOfRows(first: readonly GraphEdge[], second: readonly GraphEdge[]): JoinInput {
  const insts = new Interner()
  return { first: edgeColumns(first, insts), second: edgeColumns(second, insts), insts: insts.keys }
}

/** One side's affiliations in columns, grouped by person. */
export interface Columns extends EdgeColumns {
  self: Int32Array
  /** 1 + the highest person index. */
  people: number
  /** Rows of person p, by institution: order[offsets[p]] .. order[offsets[p + 1] - 1]. */
  offsets: Int32Array
  order: Int32Array
}

/** Row indices stably counting-sorted by key (keys in 0 .. range - 1), taken in the order of `rows`. */
export function countingSort(
  rows: Int32Array,
  key: Int32Array,
  range: number,
): { order: Int32Array; offsets: Int32Array } {
  const offsets = new Int32Array(range + 1)
  for (let i = 0; i < rows.length; i++) offsets[key[rows[i]!]! + 1]!++
  for (let g = 0; g < range; g++) offsets[g + 1]! += offsets[g]!
  const fill = offsets.slice(0, range)
  const order = new Int32Array(rows.length)
  for (let i = 0; i < rows.length; i++) order[fill[key[rows[i]!]!]!++] = rows[i]!
  return { order, offsets }
}

/** 0, 1, …, n - 1. */
export function allRows(n: number): Int32Array {
  const rows = new Int32Array(n)
  for (let i = 0; i < n; i++) rows[i] = i
  return rows
}

/** Columns grouped by person, each person's rows by institution. */
export function columns(c: EdgeColumns): Columns {
  const n = c.person.length
  let people = 0
  let insts = 0
  for (let i = 0; i < n; i++) {
    if (c.person[i]! >= people) people = c.person[i]! + 1
    if (c.inst[i]! >= insts) insts = c.inst[i]! + 1
  }
  // Two stable counting sorts: by institution, then by person. A person's rows come out by
  // institution, then in row order.
  const { order, offsets } = countingSort(countingSort(allRows(n), c.inst, insts).order, c.person, people)
  return { ...c, self: c.self ?? new Int32Array(n).fill(-1), offsets, order, people }
}
