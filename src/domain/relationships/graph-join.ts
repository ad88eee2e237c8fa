// The affiliation-graph counts behind every relationships answer between two sides, over the
// affiliations the company graph blocks (block-join.ts) or store/relationships.ts hand over. A
// connection is a shared institution, not acquaintance: the semantics are exactly the demo
// generator's facts (docs/corpus-demo.md §1.4), so tests can assert whole answers. Open ends (still
// there, or an education that ends after the corpus date) never end.
//
// Why counting is not SQL: a row's contacts are *distinct* people on the other side, so SQL has
// to produce every connected pair. Medium corpus, Lumina Cloud × Brightwave Payments (8,081 ×
// 6,904 people): 17M candidate and 3.8M distinct connected pairs, 34 s as a PostgreSQL join.
// Here each person's contacts are one bitset over the other side, and most of an institution's
// matches are a prefix of its affiliations sorted by month ("started by M", "still there at M"),
// kept as a ready union; ended × ended overlaps are a difference of two such unions. No pair is
// ever produced (docs/relationships.md §1.1 has the mechanics, docs/relationships-graph.md §3 the figures).
import { arrangeJoin, type Arranged, type ArrangedJoin, type Few } from './graph-arrange.ts'
import { listOf, popcount } from './graph-bits.ts'
import {
  countingSort,
  MATCHES,
  merge,
  NO_START,
  NONE,
  OPEN,
  type Basis,
  type Columns,
  type JoinInput,
} from './graph-columns.ts'
import {
  finish,
  missingRequired,
  topByBounds,
  tallyPerson,
  type Connected,
  type Connection,
  type Tally,
  type Via,
} from './graph-connection.ts'
import { addReach, emptyReach, reachAt, Scan, singleUnionPeople, type Reach } from './graph-reach.ts'
import { unionPeople, type Sorted } from './graph-sorted.ts'

export interface JoinOptions {
  basis: Basis
  /** all: a person must connect through every institution of `required`. */
  required: readonly string[] | null
  /**
   * Keep each row's contacts (only when the other side is small: reach seeds); everyone's contacts
   * are then counted. Otherwise they are counted for the people `top` asks for (topByBounds).
   */
  listContacts?: boolean
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
  const join = arrangeJoin(edges, opts.basis)
  const first = join.first
  const contacts = new Uint32Array(join.words)
  const scan = new Scan()
  const tallies: (Tally | undefined)[] = []
  const persons: Connected[] = []
  // First-side rows at institutions through which their person is counted.
  const counted = new Uint8Array(first.person.length)
  // One person's reaches, reused from person to person: reached[0 .. n - 1].
  const reached: Reach[] = []
  const listing = opts.listContacts === true
  // Without lists, each person's contacts are bounded now and counted when `top` asks.
  let bounds: Int32Array = new Int32Array(listing ? 0 : 1024)
  for (let p = 0; p < first.people; p++) {
    const n = reachesOf(join, p, reached, scan)
    if (n === 0) continue
    const via = new Array<Via>(n)
    for (let i = 0; i < n; i++) via[i] = { inst: insts[reached[i]!.inst]!, match: MATCHES[reached[i]!.match]! }
    if (missingRequired(opts.required, via)) continue
    if (listing) {
      const count = contactsOf(join, reached, n, scan, contacts, true)
      persons.push({ rank: p, contacts: count, contactList: listOf(contacts), via })
    } else {
      if (persons.length === bounds.length) bounds = grow(bounds)
      bounds[persons.length] = boundOf(join, reached, n, scan)
      persons.push({ rank: p, contacts: -1, contactList: null, via })
    }
    tallyReaches(tallies, reached, n, first.order, counted)
  }
  const second = secondCounts(join, counted, tallies)
  if (listing) return finish(insts, tallies, persons, second)
  const countOf = (i: number) => {
    const n = reachesOf(join, persons[i]!.rank, reached, scan)
    return contactsOf(join, reached, n, scan, contacts, false)
  }
  return finish(insts, tallies, persons, second, (k) => topByBounds(persons, bounds, k, countOf))
}

/**
 * At least as many second-side people as reached[0 .. n - 1] hold, without a bitset: each part's
 * people (a union's count, kept; a solo difference's rows, one per person; scanned rows) added up,
 * at most everyone. Exact for one union alone.
 */
function boundOf(join: ArrangedJoin, reached: Reach[], n: number, scan: Scan): number {
  let bound = 0
  for (let i = 0; i < n; i++) {
    const r = reached[i]!
    const at = join.arranged[r.inst]!
    bound += runPeople(at.everyone, r.everyone) + runPeople(at.open, r.open) + runPeople(at.endedByEnd, r.ended)
    for (let k = r.pairsFrom; k < r.pairsTo; k += 2) bound += scan.pairs[k]! - scan.pairs[k + 1]!
    bound += r.to - r.from
  }
  return Math.min(bound, join.second.people)
}

/** The people of a list's first `count` rows: its union's count, or the rows. */
const runPeople = (list: Sorted, count: number) => (count > 0 && list.unioned ? unionPeople(list, count) : count)

function grow(a: Int32Array): Int32Array {
  const out = new Int32Array(a.length * 2)
  out.set(a)
  return out
}

/**
 * What person p's rows reach, one Reach per institution through which something is reached, into
 * reached[0 .. n - 1] (reused, grown as needed); returns n.
 */
function reachesOf(join: ArrangedJoin, p: number, reached: Reach[], scan: Scan): number {
  // The columns as locals: one shape each in the loop below.
  const { offsets, order, inst: instOf, start: startOf, end: endOf, kind: kindOf, match: matchOf } = join.first
  const { arranged, few, overlapping } = join
  const to = offsets[p + 1]!
  if (offsets[p] === to) return 0
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
  return n
}

/**
 * How many distinct second-side people reached[0 .. n - 1] hold. One union alone (most people:
 * their one shared employer) has its count kept; otherwise, and always with `listContacts`, the
 * people are gathered in `contacts`.
 */
function contactsOf(
  join: ArrangedJoin,
  reached: Reach[],
  n: number,
  scan: Scan,
  contacts: Uint32Array,
  listContacts: boolean,
): number {
  const count = !listContacts && n === 1 ? singleUnionPeople(join.arranged[reached[0]!.inst]!, reached[0]!) : -1
  if (count >= 0 && !listContacts) return count
  contacts.fill(0)
  for (let i = 0; i < n; i++) addReach(join.arranged[reached[i]!.inst]!, reached[i]!, scan, contacts, join.few)
  return popcount(contacts)
}

/** Tallies a connected person at each institution reached, and marks their rows there as counted. */
function tallyReaches(
  tallies: (Tally | undefined)[],
  reached: Reach[],
  n: number,
  order: Int32Array,
  counted: Uint8Array,
) {
  for (let i = 0; i < n; i++) {
    const reach = reached[i]!
    tallyPerson(tallies, reach.inst, reach.kind, reach.match)
    for (let j = reach.rowsFrom; j < reach.rowsTo; j++) counted[order[j]!] = 1
  }
}

/**
 * How many second-side people each tallied institution connects to its connected first-side
 * people: the rows there that intersect some of their rows (`counted`), counted once per person.
 * Their rows' intervals are merged first, so each second-side row is one binary search. A row
 * of theirs that reached nothing intersects no row here, so all their rows at the institution can
 * be merged. Shared basis: every row there.
 */
function secondCounts(join: ArrangedJoin, counted: Uint8Array, tallies: (Tally | undefined)[]): Int32Array {
  const { first, arranged, few, overlapping } = join
  const out = new Int32Array(tallies.length)
  const stamp = new Int32Array(join.second.people)
  const { order, offsets } = countedByInstitution(first, counted, overlapping, tallies.length)
  const merged = new MergedIntervals()
  for (let inst = 0; inst < tallies.length; inst++) {
    const t = tallies[inst]
    if (!t || t.first === 0) continue
    if (overlapping) merged.mergeRows(first, order, offsets[inst]!, offsets[inst + 1]!)
    out[inst] = peopleMet(arranged[inst]!, few, overlapping, merged, stamp, inst + 1)
  }
  return out
}

/** The counted first-side rows (overlapping: those with a start) grouped by institution. */
function countedByInstitution(
  first: Columns,
  counted: Uint8Array,
  overlapping: boolean,
  instCount: number,
): { order: Int32Array; offsets: Int32Array } {
  const rows = new Int32Array(counted.length)
  let n = 0
  for (let a = 0; a < counted.length; a++)
    if (counted[a] && (!overlapping || first.start[a] !== NO_START)) rows[n++] = a
  return countingSort(rows.subarray(0, n), first.inst, instCount)
}

/**
 * Intervals merged where they overlap or touch, by start: [starts[i], ends[i]] for i < length.
 * Reused from institution to institution.
 */
class MergedIntervals {
  starts = new Int32Array(64)
  ends = new Int32Array(64)
  length = 0

  /** The intervals of first-side rows order[from .. to - 1]. */
  mergeRows(first: Columns, order: Int32Array, from: number, to: number) {
    const k = to - from
    if (k > this.starts.length) {
      this.starts = new Int32Array(2 * k)
      this.ends = new Int32Array(2 * k)
    }
    const { starts, ends } = this
    // Their intervals by start (packed for a numeric sort), merged where they overlap or touch.
    const packed = new Float64Array(k)
    for (let i = 0; i < k; i++)
      packed[i] =
        first.start[order[from + i]!]! * 2 ** 31 +
        (first.end[order[from + i]!]! === OPEN ? 2 ** 31 - 1 : first.end[order[from + i]!]!)
    packed.sort()
    let merged = 0
    for (let i = 0; i < k; i++) {
      const s = Math.floor(packed[i]! / 2 ** 31)
      const e = packed[i]! - s * 2 ** 31
      if (merged > 0 && s <= ends[merged - 1]! + 1) ends[merged - 1] = Math.max(ends[merged - 1]!, e)
      else {
        starts[merged] = s
        ends[merged++] = e
      }
    }
    this.length = merged
  }
}

/**
 * The distinct second-side people at one institution whose rows intersect one of the merged
 * intervals (shared basis: all its rows), each counted once: `stamp` marks them with `mark`.
 */
function peopleMet(
  at: Arranged,
  few: Few,
  overlapping: boolean,
  intervals: MergedIntervals,
  stamp: Int32Array,
  mark: number,
): number {
  const { starts, ends } = intervals
  const merged = overlapping ? intervals.length : 0
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
    if (stamp[q] === mark) continue
    stamp[q] = mark
    count++
  }
  return count
}
