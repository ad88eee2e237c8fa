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

/** Most connected first, then by profile URL (the facts' order; ranks are profile-URL order). */
export function rankConnected(persons: Connected[]): Connected[] {
  return [...persons].sort((x, y) => y.contacts - x.contacts || x.rank - y.rank)
}

/** Institutions by first-side people, then by id (the facts' order). */
export function rankInstitutions<T extends { id: string; people_first: number }>(list: T[]): T[] {
  return [...list].sort((x, y) => y.people_first - x.people_first || cmp(x.id, y.id))
}

export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
