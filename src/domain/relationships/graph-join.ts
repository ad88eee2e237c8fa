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
import { arrange, queriesPerInstitution, type Arranged, type Few } from './graph-arrange.ts'
import { listOf, popcount } from './graph-bits.ts'
import {
  columns,
  countingSort,
  MATCHES,
  merge,
  NO_START,
  NONE,
  OPEN,
  stronger,
  type Basis,
  type Columns,
  type JoinInput,
} from './graph-columns.ts'
import { finish, missingRequired, Tally, type Connected, type Connection, type Via } from './graph-connection.ts'
import { addReach, emptyReach, reachAt, Scan, singleUnionPeople, type Reach } from './graph-reach.ts'

export interface JoinOptions {
  basis: Basis
  /** all: a person must connect through every institution of `required`. */
  required: readonly string[] | null
  /** Keep each row's contacts (only when the other side is small: reach seeds). */
  listContacts?: boolean
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
