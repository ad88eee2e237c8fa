// The affiliation-graph joins behind every relationships answer, as pure functions over edges
// (store/relationships.ts reads them). A connection is a shared institution, not acquaintance:
// the semantics are exactly the demo generator's facts (docs/corpus.md §4.4), so tests can assert
// whole answers. Open ends (still there, or an education that ends after the corpus date) never end.
import type { AffiliationEdge } from '../../store/relationships.ts'

export type Basis = 'overlapping' | 'shared'
export type InstitutionKind = 'employment' | 'education'
export type Match = 'url' | 'edu' | 'name'

export interface Edge {
  person: string
  inst: string
  kind: InstitutionKind
  start: number | null
  /** Null while it lasts. */
  end: number | null
  match: Match
}

export function edgeOf(row: AffiliationEdge): Edge {
  return { person: row.person_id, inst: row.inst_key, kind: row.kind, start: row.start_month, end: row.is_current ? null : row.end_month, match: row.match_confidence }
}

/** Month ranges, both ends inclusive; an affiliation without a start overlaps nothing. */
export function overlaps(a: Edge, b: Edge): boolean {
  if (a.start === null || b.start === null) return false
  return a.start <= (b.end ?? Infinity) && b.start <= (a.end ?? Infinity)
}

/** An institution is as strongly matched as the strongest affiliation that reached it (name is the weak one). */
const stronger = (current: Match, next: Match): Match => (current === 'name' && next !== 'name' ? next : current)

export interface GraphOptions {
  basis: Basis
  /** Only ended affiliations count, on both sides. */
  excludeCurrent: boolean
  type: InstitutionKind | null
  /** Connections only through these institutions (null: any). */
  only: ReadonlySet<string> | null
  /** all: a person must connect through every institution of `only`. */
  combine: 'any' | 'all'
}

export interface Connected {
  id: string
  /** Distinct people on the other side. */
  contacts: Set<string>
  via: Map<string, Match>
}

export interface InstitutionTally {
  kind: InstitutionKind
  match: Match
  first: Set<string>
  second: Set<string>
}

export interface Connection {
  /** Connected people of the first population (unordered). */
  persons: Connected[]
  institutions: Map<string, InstitutionTally>
  second: Set<string>
}

function usable(opts: Pick<GraphOptions, 'excludeCurrent' | 'type' | 'only'>) {
  return (e: Edge) => (!opts.excludeCurrent || e.end !== null) && (opts.type === null || e.kind === opts.type) && (opts.only === null || opts.only.has(e.inst))
}

function byInstitution(edges: readonly Edge[]): Map<string, Edge[]> {
  const map = new Map<string, Edge[]>()
  for (const e of edges) {
    let list = map.get(e.inst)
    if (!list) map.set(e.inst, (list = []))
    list.push(e)
  }
  return map
}

function byPerson(edges: readonly Edge[]): Map<string, Edge[]> {
  const map = new Map<string, Edge[]>()
  for (const e of edges) {
    let list = map.get(e.person)
    if (!list) map.set(e.person, (list = []))
    list.push(e)
  }
  return map
}

/**
 * People of the first population connected to people of the second: P and Q share an institution
 * and, for `overlapping`, some affiliation of each with it intersects in time. With combine all,
 * P must connect through every institution of `only`, and only those P are tallied.
 */
export function connectPopulations(first: readonly Edge[], second: readonly Edge[], opts: GraphOptions): Connection {
  const ok = usable(opts)
  const secondByInst = byInstitution(second.filter(ok))
  const candidates: { id: string; perInst: Map<string, { q: Set<string>; match: Match; kind: InstitutionKind }> }[] = []
  for (const [pid, edges] of byPerson(first.filter(ok))) {
    const perInst = new Map<string, { q: Set<string>; match: Match; kind: InstitutionKind }>()
    for (const a of edges) {
      for (const b of secondByInst.get(a.inst) ?? []) {
        if (b.person === pid) continue
        if (opts.basis === 'overlapping' && !overlaps(a, b)) continue
        let tally = perInst.get(a.inst)
        if (!tally) perInst.set(a.inst, (tally = { q: new Set(), match: a.match, kind: a.kind }))
        tally.q.add(b.person)
        tally.match = stronger(stronger(tally.match, a.match), b.match)
      }
    }
    if (perInst.size === 0) continue
    if (opts.combine === 'all' && opts.only && [...opts.only].some((i) => !perInst.has(i))) continue
    candidates.push({ id: pid, perInst })
  }
  const institutions = new Map<string, InstitutionTally>()
  const allSecond = new Set<string>()
  const persons: Connected[] = candidates.map(({ id, perInst }) => {
    const contacts = new Set<string>()
    const via = new Map<string, Match>()
    for (const [inst, t] of perInst) {
      via.set(inst, t.match)
      let tally = institutions.get(inst)
      if (!tally) institutions.set(inst, (tally = { kind: t.kind, match: t.match, first: new Set(), second: new Set() }))
      tally.match = stronger(tally.match, t.match)
      tally.first.add(id)
      for (const q of t.q) {
        contacts.add(q)
        tally.second.add(q)
        allSecond.add(q)
      }
    }
    return { id, contacts, via }
  })
  return { persons, institutions, second: allSecond }
}

/**
 * People of a population affiliated with named institutions (relation via_institution). A person
 * qualifies through I when affiliated with it; with exclude_current, only once every affiliation
 * with I has ended (they have left I). Contacts are the other people anywhere in the graph who were
 * at a qualifying institution with them (overlapping in time for `overlapping`).
 */
export function affiliatedWith(population: readonly Edge[], everyone: readonly Edge[], named: readonly string[], opts: Omit<GraphOptions, 'only'>): Connection {
  const namedSet = new Set(named)
  const typed = (e: Edge) => namedSet.has(e.inst) && (opts.type === null || e.kind === opts.type)
  const othersByInst = byInstitution(everyone.filter((e) => typed(e) && (!opts.excludeCurrent || e.end !== null)))
  const institutions = new Map<string, InstitutionTally>()
  const persons: Connected[] = []
  for (const [pid, edges] of byPerson(population.filter(typed))) {
    const perInst = byInstitution(edges)
    const through = [...perInst.entries()].filter(([, list]) => !opts.excludeCurrent || list.every((e) => e.end !== null))
    if (through.length === 0) continue
    if (opts.combine === 'all' && named.some((i) => !through.some(([inst]) => inst === i))) continue
    const contacts = new Set<string>()
    const via = new Map<string, Match>()
    for (const [inst, list] of through) {
      let match = list[0]!.match
      for (const e of list) match = stronger(match, e.match)
      via.set(inst, match)
      let tally = institutions.get(inst)
      if (!tally) institutions.set(inst, (tally = { kind: list[0]!.kind, match, first: new Set(), second: new Set() }))
      tally.match = stronger(tally.match, match)
      tally.first.add(pid)
      for (const b of othersByInst.get(inst) ?? []) {
        if (b.person === pid || contacts.has(b.person)) continue
        if (opts.basis === 'overlapping' && !list.some((a) => overlaps(a, b))) continue
        contacts.add(b.person)
      }
    }
    persons.push({ id: pid, contacts, via })
  }
  return { persons, institutions, second: new Set() }
}

/** Most connected first, then by profile URL (the facts' order), so pages are stable. */
export function rankConnected(persons: Connected[], profileOf: (id: string) => string): Connected[] {
  return [...persons].sort((x, y) => y.contacts.size - x.contacts.size || cmp(profileOf(x.id), profileOf(y.id)))
}

/** Institutions by first-side people, then by id (the facts' order). */
export function rankInstitutions<T extends { id: string; people_first: number }>(list: T[]): T[] {
  return [...list].sort((x, y) => y.people_first - x.people_first || cmp(x.id, y.id))
}

export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
