// The affiliation-graph counts behind every relationships answer, over the affiliations the
// company graph blocks (blocks.ts) or store/relationships.ts hand over. A connection is a shared institution, not acquaintance:
// the semantics are exactly the demo generator's facts (docs/corpus-demo.md §1.4), so tests can assert
// whole answers. Open ends (still there, or an education that ends after the corpus date) never end.
//
// Why counting is not SQL: a row's contacts are *distinct* people on the other side, so SQL has
// to produce every connected pair. Medium corpus, Lumina Cloud × Brightwave Payments (8,081 ×
// 6,904 people): 17M candidate and 3.8M distinct connected pairs, 34 s as a PostgreSQL join.
// Here each person's contacts are one bitset over the other side, and most of an institution's
// matches are a prefix of its affiliations sorted by month ("started by M", "still there at M"),
// kept as a ready union; ended × ended overlaps are a difference of two such unions. No pair is
// ever produced (docs/relationships.md §1.1 has the mechanics, docs/relationships-graph.md §3 the figures).
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
const KINDS: readonly InstitutionKind[] = ['employment', 'education']
const NAME = 0
const NONE = -1

/** An institution is as strongly matched as the strongest affiliation that reached it (name is the weak one). */
const stronger = (current: number, next: number) => (current === NAME ? next : current)
/** The same, NONE standing for nothing reached yet. */
const merge = (found: number, next: number) => (found === NONE ? next : next === NONE ? found : stronger(found, next))

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
interface Columns extends EdgeColumns {
  self: Int32Array
  /** 1 + the highest person index. */
  people: number
  /** Rows of person p, by institution: order[offsets[p]] .. order[offsets[p + 1] - 1]. */
  offsets: Int32Array
  order: Int32Array
}

/** Row indices stably counting-sorted by key (keys in 0 .. range - 1), taken in the order of `rows`. */
function countingSort(rows: Int32Array, key: Int32Array, range: number): { order: Int32Array; offsets: Int32Array } {
  const offsets = new Int32Array(range + 1)
  for (let i = 0; i < rows.length; i++) offsets[key[rows[i]!]! + 1]!++
  for (let g = 0; g < range; g++) offsets[g + 1]! += offsets[g]!
  const fill = offsets.slice(0, range)
  const order = new Int32Array(rows.length)
  for (let i = 0; i < rows.length; i++) order[fill[key[rows[i]!]!]!++] = rows[i]!
  return { order, offsets }
}

/** 0, 1, …, n - 1. */
function allRows(n: number): Int32Array {
  const rows = new Int32Array(n)
  for (let i = 0; i < n; i++) rows[i] = i
  return rows
}

function columns(c: EdgeColumns): Columns {
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

const setBit = (bits: Uint32Array, q: number) => {
  bits[q >>> 5]! |= 1 << (q & 31)
}

/** target |= source[at .. at + target.length - 1] */
function orInto(target: Uint32Array, source: Uint32Array, at = 0) {
  for (let w = 0; w < target.length; w++) target[w]! |= source[at + w]!
}

/** Set bits of bits[at .. at + words - 1]. */
function popcount(bits: Uint32Array, at = 0, words = bits.length): number {
  let n = 0
  for (let w = at; w < at + words; w++) {
    let v = bits[w]!
    v -= (v >>> 1) & 0x55555555
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
  }
  return n
}

/**
 * Second-side affiliations with one institution, sorted by one month (a start or an end), in
 * columns of their own (a scan reads memory in order). The rows matching a query are often a
 * leading run ("started by M", "still there at M"): its people are then the union kept at the end
 * of each distinct month, when the list is worth it.
 */
class Sorted {
  /** Index one past the last row of each distinct month, and the union of people before it (group g: words g × words .. (g + 1) × words - 1). */
  groupEnd: Int32Array | null = null
  union: Uint32Array | null = null
  words = 0
  /** How many people each union holds, counted when first asked (-1: not yet). */
  unionPeople: Int32Array | null = null
  constructor(
    /** The sorted month, the other month, the person and the match of each row. */
    readonly keys: Int32Array,
    readonly other: Int32Array,
    readonly people: Int32Array,
    readonly matches: Uint8Array,
    /** Strongest match of rows 0..i. */
    readonly runMatch: Uint8Array,
    /** How many of rows 0..i are matched more strongly than by name. */
    readonly strong: Int32Array,
  ) {}
  static empty(n: number): Sorted {
    return new Sorted(
      new Int32Array(n),
      new Int32Array(n),
      new Int32Array(n),
      new Uint8Array(n),
      new Uint8Array(n),
      new Int32Array(n),
    )
  }
}

/**
 * Unions cost (months + queries) × words to build and use; scanning a run costs about
 * queries × rows / 2. Short lists are always scanned, and one list's unions stay under 8 MB.
 */
const UNION_MIN_ROWS = 32
const UNION_MAX_WORDS = 2 ** 21

function sorted(
  c: Columns,
  rows: number[],
  key: Int32Array,
  other: Int32Array,
  descending: boolean,
  words: number,
  queries: number,
  wholeOnly = false,
): Sorted {
  const n = rows.length
  // Each row packed under its month for a numeric sort, no comparator: a month (< 2^20) times a
  // power of two above the row count stays an exact double.
  const scale = 2 ** Math.ceil(Math.log2(c.person.length + 1))
  const packed = new Float64Array(n)
  for (let i = 0; i < n; i++) packed[i] = (descending ? -key[rows[i]!]! : key[rows[i]!]!) * scale + rows[i]!
  packed.sort()
  const out = Sorted.empty(n)
  let match = NAME
  let strong = 0
  for (let i = 0; i < n; i++) {
    const b = packed[i]! - Math.floor(packed[i]! / scale) * scale
    out.keys[i] = key[b]!
    out.other[i] = other[b]!
    out.people[i] = c.person[b]!
    out.matches[i] = c.match[b]!
    out.runMatch[i] = match = i === 0 ? c.match[b]! : stronger(match, c.match[b]!)
    out.strong[i] = strong += c.match[b] === NAME ? 0 : 1
  }
  if (n < UNION_MIN_ROWS || words === 0 || queries === 0) return out
  let groups = 1
  if (!wholeOnly) for (let i = 1; i < n; i++) if (out.keys[i] !== out.keys[i - 1]) groups++
  if ((groups + queries) * words >= (queries * n) / 2 || groups * words > UNION_MAX_WORDS) return out
  // All unions in one array (one allocation per list), each a copy of the previous one plus a month.
  const ends = new Int32Array(wholeOnly ? 1 : groups)
  const union = new Uint32Array((wholeOnly ? 1 : groups) * words)
  let at = 0
  for (let i = 0, g = 0; i < n; i++) {
    const q = out.people[i]!
    union[at + (q >>> 5)]! |= 1 << (q & 31)
    if (i + 1 === n || (!wholeOnly && out.keys[i + 1] !== out.keys[i])) {
      ends[g++] = i + 1
      if (i + 1 < n) {
        union.copyWithin(at + words, at, at + words)
        at += words
      }
    }
  }
  out.groupEnd = ends
  out.union = union
  out.words = words
  return out
}

/** How many leading rows have a month ≤ limit (ascending) or ≥ limit (descending). */
function leading(list: Sorted, limit: number, descending: boolean): number {
  let lo = 0
  let hi = list.keys.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (descending ? list.keys[mid]! >= limit : list.keys[mid]! <= limit) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The union holding the people of the first `count` rows of a list with unions. `count` always ends a month: equal months are all in or all out. */
function groupOf(list: Sorted, count: number): number {
  let lo = 0
  let hi = list.groupEnd!.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list.groupEnd![mid]! < count) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Where that union starts in list.union. */
function unionAt(list: Sorted, count: number): number {
  return groupOf(list, count) * list.words
}

/** How many people the first `count` rows of a list with unions hold (counted once per union). */
function unionPeople(list: Sorted, count: number): number {
  const g = groupOf(list, count)
  list.unionPeople ??= new Int32Array(list.groupEnd!.length).fill(-1)
  if (list.unionPeople[g]! < 0) list.unionPeople[g] = popcount(list.union!, g * list.words, list.words)
  return list.unionPeople[g]!
}

/** The people one reach holds when that is a single union (no scan, no difference), else -1. */
function singleUnionPeople(at: Arranged, r: Reach): number {
  if (r.to > r.from || r.pairsTo > r.pairsFrom) return -1
  const lists = (r.everyone > 0 ? 1 : 0) + (r.open > 0 ? 1 : 0) + (r.ended > 0 ? 1 : 0)
  if (lists !== 1) return -1
  const list = r.everyone > 0 ? at.everyone : r.open > 0 ? at.open : at.endedByEnd
  return list.union ? unionPeople(list, r.everyone + r.open + r.ended) : -1
}

/** Adds the people of the first `count` rows. */
function addLeading(list: Sorted, count: number, bits: Uint32Array) {
  if (count === 0) return
  if (list.union) return orInto(bits, list.union, unionAt(list, count))
  for (let i = 0; i < count; i++) setBit(bits, list.people[i]!)
}

/** Adds the people of the first `count` rows of `take` who are not among the first `drop` rows of `skip`. */
function addDifference(take: Sorted, count: number, skip: Sorted, drop: number, bits: Uint32Array) {
  const a = take.union!
  const at = unionAt(take, count)
  if (drop === 0) return orInto(bits, a, at)
  const b = skip.union!
  const bt = unionAt(skip, drop)
  for (let w = 0; w < bits.length; w++) bits[w]! |= a[at + w]! & ~b[bt + w]!
}

/** The second side at one institution, arranged for `reachAt`. */
class Arranged {
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
interface Solo {
  byEnd: Sorted
  byStart: Sorted
  code: number
  multi: Sorted
}

/**
 * Every second-side row grouped by institution (Arranged.from .. to), in columns of their own:
 * the few-rows institutions' rows, and what institution tallies count (secondCounts).
 */
interface Few {
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
  if (!byEnd.union || !byStart.union) return null
  return { byEnd, byStart, code, multi: sorted(c, multi, c.start, c.end, false, 0, 0) }
}

/**
 * `queries`: how many first-side rows will ask about each institution (decides the unions). An
 * institution with few rows keeps them unsorted (Few): checking each costs less than sorting.
 */
function arrange(
  c: Columns,
  { queries, open: openQueries }: Queries,
  words: number,
  overlapping: boolean,
): { arranged: Arranged[]; few: Few } {
  const n = c.inst.length
  const { order, offsets } = countingSort(allRows(n), c.inst, queries.length)
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
    if (overlapping) {
      const open: number[] = []
      const ended: number[] = []
      for (const b of rows) if (c.start[b] !== NO_START) (c.end[b] === OPEN ? open : ended).push(b)
      if (open.length) at.open = sorted(c, open, c.start, c.end, false, words, queries[inst]!)
      // Unions by end serve open first-side rows; solo sets serve ended ones.
      const endedQueries = queries[inst]! - openQueries[inst]!
      if (ended.length >= UNION_MIN_ROWS && endedQueries > 0) at.solo = soloOf(c, ended, rowsOf, words, endedQueries)
      if (ended.length && (openQueries[inst]! > 0 || !at.solo))
        at.endedByEnd = sorted(c, ended, c.end, c.start, true, openQueries[inst]! > 0 ? words : 0, openQueries[inst]!)
      // Ended first-side rows without solo sets scan these.
      if (ended.length && endedQueries > 0 && !at.solo) at.endedByStart = sorted(c, ended, c.start, c.end, false, 0, 0)
    } else at.everyone = sorted(c, rows, c.start, c.end, false, words, queries[inst]!, true)
  }
  return { arranged: out, few }
}

/** How many first-side rows will ask about each institution, and how many of them are still open. */
interface Queries {
  queries: Int32Array
  open: Int32Array
}

function queriesPerInstitution(first: Columns, instCount: number): Queries {
  const out = { queries: new Int32Array(instCount), open: new Int32Array(instCount) }
  for (let a = 0; a < first.inst.length; a++) {
    out.queries[first.inst[a]!]!++
    if (first.end[a] === OPEN) out.open[first.inst[a]!]!++
  }
  return out
}

/**
 * Who one person's affiliations with one institution reach: leading runs of the sorted lists
 * (nested sets, so the union over several people is the longest run) and people found by scan.
 */
class Reach {
  everyone = 0
  open = 0
  ended = 0
  /** People found by scan: scan.people[from .. to - 1]. */
  from: number
  to: number
  /** Solo differences reached: (by-end count, by-start count) pairs in scan.pairs[pairsFrom .. pairsTo - 1]. */
  pairsFrom: number
  pairsTo: number
  /** Strongest match among the reached rows, NONE when nothing was reached. */
  match = NONE
  /** The institution, the first reaching row's kind, and the person's rows there (first.order[rowsFrom .. rowsTo - 1]): a person's reaches, connectSides. */
  inst = 0
  kind = NONE
  rowsFrom = 0
  rowsTo = 0
  constructor(from: number, pairsFrom: number) {
    this.from = this.to = from
    this.pairsFrom = this.pairsTo = pairsFrom
  }
  /** Empty again, for reuse. */
  reset(from: number, pairsFrom: number): this {
    this.everyone = this.open = this.ended = 0
    this.from = this.to = from
    this.pairsFrom = this.pairsTo = pairsFrom
    this.match = NONE
    return this
  }
}

/** One person's scanned people, reused from person to person. */
class Scan {
  people = new Int32Array(1 << 12)
  length = 0
  pairs = new Int32Array(1 << 8)
  pairsLength = 0
  reset() {
    this.length = 0
    this.pairsLength = 0
  }
  addPair(byEnd: number, byStart: number) {
    if (this.pairsLength + 2 > this.pairs.length) {
      const grown = new Int32Array(this.pairs.length * 2)
      grown.set(this.pairs)
      this.pairs = grown
    }
    this.pairs[this.pairsLength++] = byEnd
    this.pairs[this.pairsLength++] = byStart
  }
  /** Room for `more` entries. */
  reserve(more: number) {
    if (this.length + more <= this.people.length) return
    const grown = new Int32Array(Math.max(this.people.length * 2, this.length + more))
    grown.set(this.people.subarray(0, this.length))
    this.people = grown
  }
}

const emptyReach = (scan: Scan): Reach => new Reach(scan.length, scan.pairsLength)

/**
 * Adds what the interval [start, end] reaches at this institution. Overlapping: both starts known,
 * start ≤ other end and other start ≤ end (months, both inclusive; OPEN never ends). Returns the
 * strongest match among the rows it reached, or NONE.
 */
function reachAt(
  at: Arranged,
  few: Few,
  start: number,
  end: number,
  overlapping: boolean,
  r: Reach,
  scan: Scan,
): number {
  if (at.few) {
    if (overlapping && start === NO_START) return NONE
    scan.reserve(at.to - at.from)
    let found = NONE
    // Few rows: the scan keeps row indices (Few's), not people.
    for (let i = at.from; i < at.to; i++) {
      if (overlapping && (few.start[i] === NO_START || few.start[i]! > end || few.end[i]! < start)) continue
      scan.people[scan.length++] = i
      found = found === NONE || found === NAME ? few.match[i]! : found
    }
    r.to = scan.length
    return found
  }
  if (!overlapping) {
    const n = at.everyone.keys.length
    r.everyone = n
    return n > 0 ? at.everyone.runMatch[n - 1]! : NONE
  }
  if (start === NO_START) return NONE
  let found = NONE
  // Still-open rows match when they started by `end`.
  const open = leading(at.open, end, false)
  if (open > 0) {
    r.open = Math.max(r.open, open)
    found = at.open.runMatch[open - 1]!
  }
  const solo = at.solo
  if (solo && end !== OPEN) {
    // Both ended: solo rows as a difference of two unions, the others scanned.
    const byEnd = leading(solo.byEnd, start, true)
    if (start > end) {
      // An interval that ends before it starts (never in practice): the solo rows are scanned.
      found = merge(found, scanEnded(solo.byEnd, byEnd, start, end, scan, true))
      r.to = scan.length
    } else {
      const byStart = leading(solo.byStart, end + 1, true)
      if (byEnd > byStart) {
        found = merge(
          found,
          solo.byEnd.strong[byEnd - 1]! - (byStart > 0 ? solo.byStart.strong[byStart - 1]! : 0) > 0 ? solo.code : NAME,
        )
        scan.addPair(byEnd, byStart)
        r.pairsTo = scan.pairsLength
      }
    }
    const multi = leading(solo.multi, end, false)
    if (multi > 0) {
      found = merge(found, scanEnded(solo.multi, multi, start, end, scan, false))
      r.to = scan.length
    }
    return found
  }
  // Ended rows must have ended at or after `start`; when this interval is open, that is all.
  const stillThere = leading(at.endedByEnd, start, true)
  if (stillThere === 0) return found
  if (end === OPEN) {
    r.ended = Math.max(r.ended, stillThere)
    return merge(found, at.endedByEnd.runMatch[stillThere - 1]!)
  }
  // Both ended: scan the shorter of the two candidate runs, checking the other bound.
  const startedBy = leading(at.endedByStart, end, false)
  const byEnd = stillThere <= startedBy
  found = merge(
    found,
    byEnd
      ? scanEnded(at.endedByEnd, stillThere, start, end, scan, true)
      : scanEnded(at.endedByStart, startedBy, start, end, scan, false),
  )
  r.to = scan.length
  return found
}

/**
 * The ended rows among the first `count` that intersect [start, end], into `scan`; their strongest
 * match. Sorted by end (descending), a row's other month is its start; sorted by start, its end.
 */
function scanEnded(list: Sorted, count: number, start: number, end: number, scan: Scan, byEnd: boolean): number {
  scan.reserve(count)
  const out = scan.people
  const other = list.other
  let length = scan.length
  let found = NONE
  for (let i = 0; i < count; i++) {
    if (byEnd ? other[i]! > end : other[i]! < start) continue
    out[length++] = list.people[i]!
    found = found === NONE || found === NAME ? list.matches[i]! : found
  }
  scan.length = length
  return found
}

function addReach(at: Arranged, r: Reach, scan: Scan | null, bits: Uint32Array, few: Few) {
  addLeading(at.everyone, r.everyone, bits)
  addLeading(at.open, r.open, bits)
  addLeading(at.endedByEnd, r.ended, bits)
  if (scan) addFound(at, r, scan, bits, few)
}

/** Adds what the reach found beside leading runs: scanned people (Few's rows, at a few-rows institution) and solo differences. */
function addFound(at: Arranged, r: Reach, scan: Scan, bits: Uint32Array, few: Few) {
  if (at.few) for (let i = r.from; i < r.to; i++) setBit(bits, few.people[scan.people[i]!]!)
  else for (let i = r.from; i < r.to; i++) setBit(bits, scan.people[i]!)
  for (let i = r.pairsFrom; i < r.pairsTo; i += 2)
    addDifference(at.solo!.byEnd, scan.pairs[i]!, at.solo!.byStart, scan.pairs[i + 1]!, bits)
}

export interface Via {
  inst: string
  match: Match
}

export interface Connected {
  /** Rank in the first population (profile-URL order). */
  rank: number
  /** Distinct people on the other side. */
  contacts: number
  /** Second-side indices of those people, ascending, when asked for (reach: the seeds). */
  contactList: number[] | null
  via: Via[]
}

export interface InstitutionTally {
  id: string
  kind: InstitutionKind
  match: Match
  /** Distinct connected first-side people. */
  first: number
  /** Distinct second-side people connected to them (0 via institutions). */
  second: number
}

export interface Connection {
  /** Connected people of the first population, by rank. */
  persons: Connected[]
  institutions: InstitutionTally[]
}

export interface JoinOptions {
  basis: Basis
  /** all: a person must connect through every institution of `required`. */
  required: readonly string[] | null
  /** Keep each row's contacts (only when the other side is small: reach seeds). */
  listContacts?: boolean
}

class Tally {
  match = NAME
  first = 0
  constructor(readonly kind: number) {}
}

const missingRequired = (required: readonly string[] | null, via: Via[]) =>
  required !== null && required.some((id) => !via.some((v) => v.inst === id))

function listOf(bits: Uint32Array): number[] {
  const out: number[] = []
  for (let w = 0; w < bits.length; w++) for (let b = 0; b < 32; b++) if (bits[w]! & (1 << b)) out.push(w * 32 + b)
  return out
}

/**
 * How many second-side people each tallied institution connects to its connected first-side
 * people: the rows there that intersect some of their rows (`counted`), counted once per person.
 * Their rows' intervals are merged first, so each second-side row is one binary search. A row
 * of theirs that reached nothing intersects no row here, so all their rows at the institution can
 * be merged. Shared basis: every row there.
 */
function secondCounts(
  first: Columns,
  counted: Uint8Array,
  few: Few,
  arranged: Arranged[],
  tallies: (Tally | undefined)[],
  people: number,
  overlapping: boolean,
): Int32Array {
  const out = new Int32Array(tallies.length)
  const stamp = new Int32Array(people)
  const rows = new Int32Array(counted.length)
  let n = 0
  for (let a = 0; a < counted.length; a++)
    if (counted[a] && (!overlapping || first.start[a] !== NO_START)) rows[n++] = a
  const { order, offsets } = countingSort(rows.subarray(0, n), first.inst, tallies.length)
  let starts = new Int32Array(64)
  let ends = new Int32Array(64)
  for (let inst = 0; inst < tallies.length; inst++) {
    const t = tallies[inst]
    if (!t || t.first === 0) continue
    const at = arranged[inst]!
    let merged = 0
    if (overlapping) {
      const from = offsets[inst]!
      const k = offsets[inst + 1]! - from
      if (k > starts.length) {
        starts = new Int32Array(2 * k)
        ends = new Int32Array(2 * k)
      }
      // Their intervals by start (packed for a numeric sort), merged where they overlap or touch.
      const packed = new Float64Array(k)
      for (let i = 0; i < k; i++)
        packed[i] =
          first.start[order[from + i]!]! * 2 ** 31 +
          (first.end[order[from + i]!]! === OPEN ? 2 ** 31 - 1 : first.end[order[from + i]!]!)
      packed.sort()
      for (let i = 0; i < k; i++) {
        const s = Math.floor(packed[i]! / 2 ** 31)
        const e = packed[i]! - s * 2 ** 31
        if (merged > 0 && s <= ends[merged - 1]! + 1) ends[merged - 1] = Math.max(ends[merged - 1]!, e)
        else {
          starts[merged] = s
          ends[merged++] = e
        }
      }
    }
    let count = 0
    for (let i = at.from; i < at.to; i++) {
      if (overlapping) {
        const s = few.start[i]!
        if (s === NO_START) continue
        // The first merged interval ending at or after this row's start must start by its end.
        let lo = 0
        let hi = merged
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          if (ends[mid]! < s) lo = mid + 1
          else hi = mid
        }
        if (lo === merged || starts[lo]! > few.end[i]!) continue
      }
      const q = few.people[i]!
      if (stamp[q] === inst + 1) continue
      stamp[q] = inst + 1
      count++
    }
    out[inst] = count
  }
  return out
}

function finish(
  insts: readonly string[],
  tallies: (Tally | undefined)[],
  persons: Connected[],
  second: Int32Array | null,
): Connection {
  const institutions: InstitutionTally[] = []
  tallies.forEach((t, i) => {
    if (!t || t.first === 0) return
    institutions.push({
      id: insts[i]!,
      kind: KINDS[t.kind]!,
      match: MATCHES[t.match]!,
      first: t.first,
      second: second ? second[i]! : 0,
    })
  })
  return { persons, institutions }
}

/**
 * People of the first side connected to people of the second: P and Q share an institution and,
 * for `overlapping`, some affiliation of each with it intersects in time (months, both ends
 * inclusive; a missing start overlaps nothing). Both sides arrive already filtered to usable
 * affiliations at shared institutions, and never hold the same person (two companies, or a
 * company without the seeds). With `required`, P must connect through each of them, and only
 * those P are tallied.
 */
export function connectSides(edges: JoinInput, opts: JoinOptions): Connection {
  const insts = edges.insts
  const first = columns(edges.first)
  const second = columns(edges.second)
  const words = (second.people + 31) >>> 5
  const { arranged, few } = arrange(
    second,
    queriesPerInstitution(first, insts.length),
    words,
    opts.basis === 'overlapping',
  )
  const overlapping = opts.basis === 'overlapping'
  const contacts = new Uint32Array(words)
  const scan = new Scan()
  const tallies: (Tally | undefined)[] = []
  const persons: Connected[] = []
  // First-side rows at institutions through which their person is counted.
  const counted = new Uint8Array(first.person.length)
  // One person's reaches, reused from person to person: reached[0 .. n - 1].
  const reached: Reach[] = []
  // The columns as locals: one shape each in the loop below.
  const { offsets, order, inst: instOf, start: startOf, end: endOf, kind: kindOf, match: matchOf } = first
  for (let p = 0; p < first.people; p++) {
    const to = offsets[p + 1]!
    if (offsets[p] === to) continue
    scan.reset()
    let n = 0
    // P's rows come grouped by institution: k .. next - 1 share one.
    for (let k = offsets[p]!, next = k; k < to; k = next) {
      const inst = instOf[order[k]!]!
      while (next < to && instOf[order[next]!] === inst) next++
      const reach =
        n < reached.length ? reached[n]!.reset(scan.length, scan.pairsLength) : (reached[n] = emptyReach(scan))
      let kind = NONE
      for (let j = k; j < next; j++) {
        const a = order[j]!
        const found = reachAt(arranged[inst]!, few, startOf[a]!, endOf[a]!, overlapping, reach, scan)
        if (found === NONE) continue
        if (kind === NONE) kind = kindOf[a]!
        reach.match = merge(merge(reach.match, matchOf[a]!), found)
      }
      if (kind === NONE) continue
      reach.inst = inst
      reach.kind = kind
      reach.rowsFrom = k
      reach.rowsTo = next
      n++
    }
    if (n === 0) continue
    const via = new Array<Via>(n)
    for (let i = 0; i < n; i++) via[i] = { inst: insts[reached[i]!.inst]!, match: MATCHES[reached[i]!.match]! }
    if (missingRequired(opts.required, via)) continue
    // One union alone (most people: their one shared employer): its count is kept.
    let count = !opts.listContacts && n === 1 ? singleUnionPeople(arranged[reached[0]!.inst]!, reached[0]!) : -1
    if (count < 0 || opts.listContacts) {
      contacts.fill(0)
      for (let i = 0; i < n; i++) addReach(arranged[reached[i]!.inst]!, reached[i]!, scan, contacts, few)
      count = popcount(contacts)
    }
    persons.push({ rank: p, contacts: count, contactList: opts.listContacts ? listOf(contacts) : null, via })
    for (let i = 0; i < n; i++) {
      const reach = reached[i]!
      const { inst, kind } = reach
      let t = tallies[inst]
      if (!t) tallies[inst] = t = new Tally(kind)
      t.first++
      t.match = stronger(t.match, reach.match)
      for (let j = reach.rowsFrom; j < reach.rowsTo; j++) counted[order[j]!] = 1
    }
  }
  return finish(
    insts,
    tallies,
    persons,
    secondCounts(first, counted, few, arranged, tallies, second.people, overlapping),
  )
}

/**
 * People of a population affiliated with named institutions (relation via_institution). P
 * qualifies through I when affiliated with it; with exclude_current, only once every affiliation
 * with I has ended (they have left I). Contacts are the other people anywhere in the graph who were
 * at a qualifying institution with them (overlapping in time for `overlapping`): the second side
 * holds everyone's usable affiliations with the named institutions, P's own among them.
 */
export function affiliatedWith(
  edges: JoinInput,
  named: readonly string[],
  opts: { basis: Basis; excludeCurrent: boolean; combine: 'any' | 'all' },
): Connection {
  const insts = edges.insts
  const first = columns(edges.first)
  const second = columns(edges.second)
  const words = (second.people + 31) >>> 5
  const { arranged, few } = arrange(
    second,
    queriesPerInstitution(first, insts.length),
    words,
    opts.basis === 'overlapping',
  )
  // Everyone's index of each first-side person: nobody is their own contact.
  const selfOf = new Map<number, number>()
  for (let b = 0; b < second.self.length; b++) if (second.self[b]! >= 0) selfOf.set(second.self[b]!, second.person[b]!)
  const overlapping = opts.basis === 'overlapping'
  const contacts = new Uint32Array(words)
  const scan = new Scan()
  const tallies: (Tally | undefined)[] = []
  const persons: Connected[] = []
  const required = opts.combine === 'all' ? named : null
  for (let p = 0; p < first.people; p++) {
    const to = first.offsets[p + 1]!
    if (first.offsets[p] === to) continue
    // Institutions P qualifies through, with the first row's kind and the strongest of P's own matches.
    const through: { inst: number; from: number; to: number; kind: number; match: number }[] = []
    for (let k = first.offsets[p]!, next = k; k < to; k = next) {
      const inst = first.inst[first.order[k]!]!
      let match = NONE
      let left = true
      for (; next < to && first.inst[first.order[next]!] === inst; next++) {
        match = merge(match, first.match[first.order[next]!]!)
        left &&= first.end[first.order[next]!] !== OPEN
      }
      if (!opts.excludeCurrent || left)
        through.push({ inst, from: k, to: next, kind: first.kind[first.order[k]!]!, match })
    }
    if (through.length === 0) continue
    const via = through.map((t) => ({ inst: insts[t.inst]!, match: MATCHES[t.match]! }))
    if (missingRequired(required, via)) continue
    contacts.fill(0)
    for (const t of through) {
      scan.reset()
      const reach = emptyReach(scan)
      for (let j = t.from; j < t.to; j++)
        reachAt(
          arranged[t.inst]!,
          few,
          first.start[first.order[j]!]!,
          first.end[first.order[j]!]!,
          overlapping,
          reach,
          scan,
        )
      addReach(arranged[t.inst]!, reach, scan, contacts, few)
    }
    const self = selfOf.get(p)
    if (self !== undefined) contacts[self >>> 5]! &= ~(1 << (self & 31))
    persons.push({ rank: p, contacts: popcount(contacts), contactList: null, via })
    for (const t of through) {
      let tally = tallies[t.inst]
      if (!tally) tallies[t.inst] = tally = new Tally(t.kind)
      tally.first++
      tally.match = stronger(tally.match, t.match)
    }
  }
  return finish(insts, tallies, persons, null)
}

/** Most connected first, then by profile URL (the facts' order; ranks are profile-URL order). */
export function rankConnected(persons: Connected[]): Connected[] {
  return [...persons].sort((x, y) => y.contacts - x.contacts || x.rank - y.rank)
}

/** Institutions by first-side people, then by id (the facts' order). */
export function rankInstitutions<T extends { id: string; people_first: number }>(list: T[]): T[] {
  return [...list].sort((x, y) => y.people_first - x.people_first || cmp(x.id, y.id))
}

export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
