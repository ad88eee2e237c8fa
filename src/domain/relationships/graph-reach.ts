// Who one first-side person's affiliations with one institution reach on the arranged second side
// (graph-arrange.ts): leading runs of sorted lists, solo differences and people found by scan
// (Reach, Scan), and how a reach is added to the person's contacts bitset.
import type { Arranged, Few, Solo } from './graph-arrange.ts'
import { setBit } from './graph-bits.ts'
import { NAME, NO_START, NONE, OPEN, merge } from './graph-columns.ts'
import { addDifference, addLeading, leading, unionPeople, type Sorted } from './graph-sorted.ts'

/**
 * Who one person's affiliations with one institution reach: leading runs of the sorted lists
 * (nested sets, so the union over several people is the longest run) and people found by scan.
 */
export class Reach {
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
export class Scan {
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

export const emptyReach = (scan: Scan): Reach => new Reach(scan.length, scan.pairsLength)

/**
 * Adds what the interval [start, end] reaches at this institution. Overlapping: both starts known,
 * start ≤ other end and other start ≤ end (months, both inclusive; OPEN never ends). Returns the
 * strongest match among the rows it reached, or NONE.
 */
export function reachAt(
  at: Arranged,
  few: Few,
  start: number,
  end: number,
  overlapping: boolean,
  r: Reach,
  scan: Scan,
): number {
  if (at.few) return reachFew(at, few, start, end, overlapping, r, scan)
  if (!overlapping) return reachEveryone(at, r)
  if (start === NO_START) return NONE
  const found = reachOpen(at, end, r)
  if (at.solo && end !== OPEN) return reachSolo(at.solo, start, end, found, r, scan)
  return reachEnded(at, start, end, found, r, scan)
}

/** Few rows: each checked, the scan keeping row indices (Few's), not people. */
function reachFew(at: Arranged, few: Few, start: number, end: number, overlapping: boolean, r: Reach, scan: Scan) {
  if (overlapping && start === NO_START) return NONE
  scan.reserve(at.to - at.from)
  let found = NONE
  for (let i = at.from; i < at.to; i++) {
    if (overlapping && (few.start[i] === NO_START || few.start[i]! > end || few.end[i]! < start)) continue
    scan.people[scan.length++] = i
    found = found === NONE || found === NAME ? few.match[i]! : found
  }
  r.to = scan.length
  return found
}

/** Shared basis: every row. */
function reachEveryone(at: Arranged, r: Reach): number {
  const n = at.everyone.keys.length
  r.everyone = n
  return n > 0 ? at.everyone.runMatch[n - 1]! : NONE
}

/** Still-open rows match when they started by `end`. */
function reachOpen(at: Arranged, end: number, r: Reach): number {
  const open = leading(at.open, end, false)
  if (open === 0) return NONE
  r.open = Math.max(r.open, open)
  return at.open.runMatch[open - 1]!
}

/** Both ended, with solo sets: solo rows as a difference of two unions, the others scanned. */
function reachSolo(solo: Solo, start: number, end: number, found: number, r: Reach, scan: Scan): number {
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

/** Ended rows without solo sets: those that ended at or after `start` and, for an ended interval, did not start after `end`. */
function reachEnded(at: Arranged, start: number, end: number, found: number, r: Reach, scan: Scan): number {
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

export function addReach(at: Arranged, r: Reach, scan: Scan | null, bits: Uint32Array, few: Few) {
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

/** The people one reach holds when that is a single union (no scan, no difference), else -1. */
export function singleUnionPeople(at: Arranged, r: Reach): number {
  if (r.to > r.from || r.pairsTo > r.pairsFrom) return -1
  const lists = (r.everyone > 0 ? 1 : 0) + (r.open > 0 ? 1 : 0) + (r.ended > 0 ? 1 : 0)
  if (lists !== 1) return -1
  const list = r.everyone > 0 ? at.everyone : r.open > 0 ? at.open : at.endedByEnd
  return list.unioned ? unionPeople(list, r.everyone + r.open + r.ended) : -1
}
