// The second side of an affiliation-graph count arranged once per answer, institution by
// institution (Arranged): few rows kept unsorted, or sorted lists (open, ended, everyone) and solo
// sets for ended × ended overlaps, chosen by how many first-side rows will ask. docs/relationships.md §1.1.
import {
  allRows,
  columns,
  countingSort,
  NAME,
  NO_START,
  OPEN,
  type Basis,
  type Columns,
  type JoinInput,
} from './graph-columns.ts'
import { Sorted, sorted, UNION_MIN_ROWS } from './graph-sorted.ts'

/** The second side at one institution, arranged for `reachAt`. */
export class Arranged {
  /** Every row (shared basis: all of them match). */
  everyone: Sorted = NOBODY
  /** Rows still open, with a start: by start ascending. */
  open: Sorted = NOBODY
  /** Ended rows with a start: by end descending, and by start ascending (only without solo sets). */
  endedByEnd: Sorted = NOBODY
  endedByStart: Sorted = NOBODY
  /** Ended rows as two sets of unions, when worth it (Solo). */
  solo: Solo | null = null
  /** Few rows (under UNION_MIN_ROWS): not sorted, checked one by one. */
  few = false
  /** The institution's rows in Few: from .. to - 1. */
  from = 0
  to = 0
}

/**
 * An institution's ended rows, for intervals that have ended too. A row overlaps [start, end] when
 * it ended at or after `start` and did not start after `end`; the rows that started after `end`
 * all ended after `start`, so the people reached are those of a leading run by end (descending)
 * minus those of a leading run by start (descending), two unions and no scan. That holds per
 * person only for people with one such row here (and a start not after its end): the others
 * (`multi`) are scanned. Used only when every row's match is the same beside name (`code`), so
 * the strongest match reached does not depend on the order rows are met in.
 */
export interface Solo {
  byEnd: Sorted
  byStart: Sorted
  code: number
  multi: Sorted
}

/**
 * Every second-side row grouped by institution (Arranged.from .. to), in columns of their own:
 * the few-rows institutions' rows, and what institution tallies count (secondCounts).
 */
export interface Few {
  people: Int32Array
  start: Int32Array
  end: Int32Array
  match: Uint8Array
}

const NOBODY = Sorted.empty(0)
const NOWHERE = new Arranged()

/** Solo sets of an institution's ended rows, or null when they would not be exact or not pay. */
function soloOf(c: Columns, ended: number[], rowsOf: Int32Array, words: number, queries: number): Solo | null {
  let code = NAME
  for (const b of ended) {
    const m = c.match[b]!
    if (m === NAME) continue
    if (code !== NAME && m !== code) return null
    code = m
  }
  for (const b of ended) rowsOf[c.person[b]!]!++
  const solo: number[] = []
  const multi: number[] = []
  for (const b of ended) (rowsOf[c.person[b]!] === 1 && c.start[b]! <= c.end[b]! ? solo : multi).push(b)
  for (const b of ended) rowsOf[c.person[b]!] = 0
  if (solo.length < UNION_MIN_ROWS) return null
  const byEnd = sorted(c, solo, c.end, c.start, true, words, queries)
  const byStart = sorted(c, solo, c.start, c.end, true, words, queries)
  if (!byEnd.unioned || !byStart.unioned) return null
  return { byEnd, byStart, code, multi: sorted(c, multi, c.start, c.end, false, 0, 0) }
}

/**
 * `queries`: how many first-side rows will ask about each institution (decides the unions). An
 * institution with few rows keeps them unsorted (Few): checking each costs less than sorting.
 */
export function arrange(
  c: Columns,
  { queries, open: openQueries }: Queries,
  words: number,
  overlapping: boolean,
): { arranged: Arranged[]; few: Few } {
  const n = c.inst.length
  const { order, offsets } = countingSort(allRows(n), c.inst, queries.length)
  const few = fewColumns(c, order)
  const out = new Array<Arranged>(queries.length).fill(NOWHERE)
  const rowsOf = new Int32Array(c.people)
  for (let inst = 0; inst < queries.length; inst++) {
    const from = offsets[inst]!
    const to = offsets[inst + 1]!
    if (queries[inst] === 0 || from === to) continue
    const at = new Arranged()
    at.from = from
    at.to = to
    out[inst] = at
    if (to - from < UNION_MIN_ROWS) {
      at.few = true
      continue
    }
    const rows = Array.from(order.subarray(from, to))
    if (overlapping) arrangeByTime(at, c, rows, queries[inst]!, openQueries[inst]!, words, rowsOf)
    else at.everyone = sorted(c, rows, c.start, c.end, false, words, queries[inst]!, true)
  }
  return { arranged: out, few }
}

/** Every row's columns in `order` (grouped by institution). */
function fewColumns(c: Columns, order: Int32Array): Few {
  const n = order.length
  const few: Few = {
    people: new Int32Array(n),
    start: new Int32Array(n),
    end: new Int32Array(n),
    match: new Uint8Array(n),
  }
  for (let i = 0; i < n; i++) {
    const b = order[i]!
    few.people[i] = c.person[b]!
    few.start[i] = c.start[b]!
    few.end[i] = c.end[b]!
    few.match[i] = c.match[b]!
  }
  return few
}

/**
 * Overlapping basis: one institution's rows with a start, open ones by start, ended ones as solo
 * sets or sorted by end and start, as its `queries` first-side rows (`openQueries` of them open) need.
 */
function arrangeByTime(
  at: Arranged,
  c: Columns,
  rows: number[],
  queries: number,
  openQueries: number,
  words: number,
  rowsOf: Int32Array,
) {
  const open: number[] = []
  const ended: number[] = []
  for (const b of rows) if (c.start[b] !== NO_START) (c.end[b] === OPEN ? open : ended).push(b)
  if (open.length) at.open = sorted(c, open, c.start, c.end, false, words, queries)
  // Unions by end serve open first-side rows; solo sets serve ended ones.
  const endedQueries = queries - openQueries
  if (ended.length >= UNION_MIN_ROWS && endedQueries > 0) at.solo = soloOf(c, ended, rowsOf, words, endedQueries)
  if (ended.length && (openQueries > 0 || !at.solo))
    at.endedByEnd = sorted(c, ended, c.end, c.start, true, openQueries > 0 ? words : 0, openQueries)
  // Ended first-side rows without solo sets scan these.
  if (ended.length && endedQueries > 0 && !at.solo) at.endedByStart = sorted(c, ended, c.start, c.end, false, 0, 0)
}

/** How many first-side rows will ask about each institution, and how many of them are still open. */
export interface Queries {
  queries: Int32Array
  open: Int32Array
}

export function queriesPerInstitution(first: Columns, instCount: number): Queries {
  const out = { queries: new Int32Array(instCount), open: new Int32Array(instCount) }
  for (let a = 0; a < first.inst.length; a++) {
    out.queries[first.inst[a]!]!++
    if (first.end[a] === OPEN) out.open[first.inst[a]!]!++
  }
  return out
}

/** Both sides of a join in columns, the second arranged for the rows of the first. */
export interface ArrangedJoin {
  first: Columns
  second: Columns
  arranged: Arranged[]
  few: Few
  /** Words of a bitset over the second side's people. */
  words: number
  overlapping: boolean
}

/** The start of every affiliation-graph count (connectSides, affiliatedWith). */
export function arrangeJoin(edges: JoinInput, basis: Basis): ArrangedJoin {
  const first = columns(edges.first)
  const second = columns(edges.second)
  const words = (second.people + 31) >>> 5
  const overlapping = basis === 'overlapping'
  const { arranged, few } = arrange(second, queriesPerInstitution(first, edges.insts.length), words, overlapping)
  return { first, second, arranged, few, words, overlapping }
}
