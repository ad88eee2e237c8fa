// What an affiliation-graph count answers (Connection: connected people, institution tallies),
// how the tallies become it, and the order the answers list people and institutions in.
import { KINDS, MATCHES, NAME, stronger, type InstitutionKind, type Match } from './graph-columns.ts'

export interface Via {
  inst: string
  match: Match
}

export interface Connected {
  /** Rank in the first population (profile-URL order). */
  rank: number
  /** Distinct people on the other side; -1 in `Connection.persons` when they are counted on demand (`top`). */
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
  /** The first k connected people of the answer's order (rankConnected), their contacts counted. */
  top: (k: number) => Connected[]
}

export class Tally {
  match = NAME
  first = 0
  constructor(readonly kind: number) {}
}

/** One more connected first-side person at institution `inst`, reached through a match of strength `match`. */
export function tallyPerson(tallies: (Tally | undefined)[], inst: number, kind: number, match: number) {
  let tally = tallies[inst]
  if (!tally) tallies[inst] = tally = new Tally(kind)
  tally.first++
  tally.match = stronger(tally.match, match)
}

export const missingRequired = (required: readonly string[] | null, via: Via[]) =>
  required !== null && required.some((id) => !via.some((v) => v.inst === id))

export function finish(
  insts: readonly string[],
  tallies: (Tally | undefined)[],
  persons: Connected[],
  second: Int32Array | null,
  top: Connection['top'] = ranking(persons),
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
  return { persons, institutions, top }
}

/** `top` of people whose contacts are all counted: the whole order, sorted once. */
function ranking(persons: Connected[]): Connection['top'] {
  let ranked: Connected[] | null = null
  return (k) => (ranked ??= rankConnected(persons)).slice(0, k)
}

/** Most connected first, then by profile URL (the facts' order; ranks are profile-URL order). */
export function rankConnected(persons: Connected[]): Connected[] {
  if (!byRank(persons)) return [...persons].sort((x, y) => y.contacts - x.contacts || x.rank - y.rank)
  // The counts arrive by rank: a stable counting sort by contacts keeps ties by rank (tens of
  // thousands of people sort in passes over them, not a comparison sort).
  return Array.from(byBound(Int32Array.from(persons, (p) => p.contacts)), (i) => persons[i]!)
}

/**
 * The first k people of the answer's order when each one's contacts have an upper bound
 * (`bounds[i]` for persons[i], by rank) and counting them exactly (`countOf(i)`) costs more. The k
 * people with the largest bounds are counted, then everyone whose bound reaches the k-th most
 * contacts found among them: nobody left can have more. Between the large corpus's two largest
 * companies, the first page counts 58 of 19,937 connected people (docs/relationships.md §1, step 3).
 */
export function topByBounds(
  persons: Connected[],
  bounds: Int32Array,
  k: number,
  countOf: (i: number) => number,
): Connected[] {
  const n = persons.length
  if (n === 0 || k <= 0) return []
  const order = byBound(bounds.subarray(0, n))
  const counted: Connected[] = []
  let next = 0
  const countDownTo = (least: number) => {
    for (; next < n && bounds[order[next]!]! >= least; next++)
      counted.push({ ...persons[order[next]!]!, contacts: countOf(order[next]!) })
  }
  countDownTo(bounds[order[Math.min(k, n) - 1]!]!)
  const kth = counted.map((p) => p.contacts).sort((x, y) => y - x)[Math.min(k, counted.length) - 1]!
  countDownTo(kth)
  return counted.sort((x, y) => y.contacts - x.contacts || x.rank - y.rank).slice(0, k)
}

/** Indices by value, largest first, ties in index order (a stable counting sort). */
function byBound(bounds: Int32Array): Int32Array {
  let most = 0
  for (const b of bounds) most = Math.max(most, b)
  const starts = new Int32Array(most + 2)
  for (const b of bounds) starts[most - b + 1]!++
  for (let c = 1; c <= most + 1; c++) starts[c]! += starts[c - 1]!
  const order = new Int32Array(bounds.length)
  for (let i = 0; i < bounds.length; i++) order[starts[most - bounds[i]!]!++] = i
  return order
}

const byRank = (persons: Connected[]) => persons.every((p, i) => i === 0 || persons[i - 1]!.rank < p.rank)

/** Institutions by first-side people, then by id (the facts' order). */
export function rankInstitutions<T extends { id: string; people_first: number }>(list: T[]): T[] {
  return [...list].sort((x, y) => y.people_first - x.people_first || cmp(x.id, y.id))
}

export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
