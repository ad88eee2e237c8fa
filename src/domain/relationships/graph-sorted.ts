// Sorted lists of the affiliation-graph counts: one institution's second-side affiliations sorted
// by one month, with the ready unions of people of each leading run when they pay, and how a
// leading run (or the difference of two) is found and added to a bitset. docs/relationships.md §1.1.
import { orInto, setBit } from './graph-bits.ts'
import { NAME, stronger, type Columns } from './graph-columns.ts'

/**
 * Second-side affiliations with one institution, sorted by one month (a start or an end), in
 * columns of their own (a scan reads memory in order). The rows matching a query are often a
 * leading run ("started by M", "still there at M"): its people are then the union kept at the end
 * of each distinct month, when the list is worth it.
 */
export class Sorted {
  /**
   * With unions: index one past the last row of each distinct month (one group of all rows when
   * whole), and how many people the rows before it hold. The unions themselves (group g: words
   * g × words .. (g + 1) × words - 1) are built when first read (`union`): a count that only
   * bounds contacts never reads them (topByBounds).
   */
  groupEnd: Int32Array | null = null
  groupPeople: Int32Array | null = null
  words = 0
  private built: Uint32Array | null = null
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
  /** Whether the list keeps unions. */
  get unioned(): boolean {
    return this.groupEnd !== null
  }
  /** The unions, built on the first read; null without them. */
  get union(): Uint32Array | null {
    if (!this.groupEnd) return null
    return (this.built ??= buildUnions(this))
  }
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
export const UNION_MIN_ROWS = 32
const UNION_MAX_WORDS = 2 ** 21

/**
 * One institution's rows sorted by `key` (descending: latest first), with unions of people per
 * month (one union of all when `wholeOnly`) when they pay for `queries` reads of `words` words.
 */
export function sorted(
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
  const out = sortedRows(c, rows, key, other, descending)
  if (n < UNION_MIN_ROWS || words === 0 || queries === 0) return out
  const groups = wholeOnly ? 1 : distinctMonths(out.keys)
  if ((groups + queries) * words >= (queries * n) / 2 || groups * words > UNION_MAX_WORDS) return out
  addGroups(out, groups, words, wholeOnly, c.people)
  return out
}

/** The rows in month order, in columns of their own, with the running strongest match and strong count. */
function sortedRows(c: Columns, rows: number[], key: Int32Array, other: Int32Array, descending: boolean): Sorted {
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
  return out
}

/** How many distinct months a sorted list holds. */
function distinctMonths(keys: Int32Array): number {
  let groups = 1
  for (let i = 1; i < keys.length; i++) if (keys[i] !== keys[i - 1]) groups++
  return groups
}

/** A person stamp per list (distinct people per group), reused from list to list. */
let seen = new Int32Array(0)
let seenMark = 0

/** Sets the list's groups (one per month, or one when whole) and the people each one's rows hold. */
function addGroups(out: Sorted, groups: number, words: number, wholeOnly: boolean, people: number): void {
  const n = out.keys.length
  if (seen.length < people) seen = new Int32Array(people)
  const mark = ++seenMark
  const ends = new Int32Array(groups)
  const held = new Int32Array(groups)
  let distinct = 0
  for (let i = 0, g = 0; i < n; i++) {
    const q = out.people[i]!
    if (seen[q] !== mark) {
      seen[q] = mark
      distinct++
    }
    if (i + 1 === n || (!wholeOnly && out.keys[i + 1] !== out.keys[i])) {
      held[g] = distinct
      ends[g++] = i + 1
    }
  }
  out.groupEnd = ends
  out.groupPeople = held
  out.words = words
}

/** The list's unions: one array (one allocation per list), each union a copy of the previous one plus a month. */
function buildUnions(out: Sorted): Uint32Array {
  const ends = out.groupEnd!
  const words = out.words
  const union = new Uint32Array(ends.length * words)
  let at = 0
  for (let i = 0, g = 0; i < out.keys.length; i++) {
    const q = out.people[i]!
    union[at + (q >>> 5)]! |= 1 << (q & 31)
    if (i + 1 === ends[g]) {
      g++
      if (g < ends.length) {
        union.copyWithin(at + words, at, at + words)
        at += words
      }
    }
  }
  return union
}

/** How many leading rows have a month ≤ limit (ascending) or ≥ limit (descending). */
export function leading(list: Sorted, limit: number, descending: boolean): number {
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

/** How many people the first `count` rows of a list with unions hold. */
export function unionPeople(list: Sorted, count: number): number {
  return list.groupPeople![groupOf(list, count)]!
}

/** Adds the people of the first `count` rows. */
export function addLeading(list: Sorted, count: number, bits: Uint32Array) {
  if (count === 0) return
  if (list.union) return orInto(bits, list.union, unionAt(list, count))
  for (let i = 0; i < count; i++) setBit(bits, list.people[i]!)
}

/** Adds the people of the first `count` rows of `take` who are not among the first `drop` rows of `skip`. */
export function addDifference(take: Sorted, count: number, skip: Sorted, drop: number, bits: Uint32Array) {
  const a = take.union!
  const at = unionAt(take, count)
  if (drop === 0) return orInto(bits, a, at)
  const b = skip.union!
  const bt = unionAt(skip, drop)
  for (let w = 0; w < bits.length; w++) bits[w]! |= a[at + w]! & ~b[bt + w]!
}
