// Exact answers over the generated people, for tests to assert: org-chart headcounts per company
// and relationship answers for chosen company pairs and institutions. Semantics: docs/corpus-demo.md.
import type { Person } from '../../contract/records.ts'
import { normaliseName } from '../normalise.ts'
import { NOW_MONTH, monthString } from './context.ts'

export type ConnectionBasis = 'overlapping' | 'shared'
export type InstitutionKind = 'employment' | 'education'
/** How an affiliation was tied to its institution (data-routes §2.9 match_confidence). */
export type MatchConfidence = 'url' | 'edu' | 'name'

export interface HeadcountCell {
  department: string
  seniority: string
  count: number
}

export interface CompanyHeadcount {
  domain: string
  name: string
  /** Everyone whose current job is at the company, Others included. */
  total: number
  /** Sparse: a pair with nobody is absent. Includes the `Others` department and seniority. */
  cells: HeadcountCell[]
  /** Per department and sub-department label (`Uncategorized` when the title names none). */
  sub_departments: { department: string; sub_department: string; count: number }[]
}

export interface InstitutionFact {
  id: string
  kind: InstitutionKind
  name: string
  match_confidence: MatchConfidence
  people_first: number
  people_second: number
}

export interface RelationshipFact {
  first: string
  second: string
  connection_basis: ConnectionBasis
  exclude_current: boolean
  people_first: number
  people_second: number
  institutions: InstitutionFact[]
  /** People of the first company with at least one connection, most connected first. */
  persons: { profile_url: string; contacts: number; via: string[] }[]
}

export interface ViaInstitutionFact {
  company: string
  institution: string
  kind: InstitutionKind
  /** Profile URLs of the company's current people with any affiliation to the institution. */
  people: string[]
  /** Of those, the ones whose every affiliation to it has ended (exclude_current: true). */
  former: string[]
}

export interface DemoFacts {
  now: string
  headcount: CompanyHeadcount[]
  relationships: RelationshipFact[]
  via_institution: ViaInstitutionFact[]
}

export interface Affiliation {
  id: string
  kind: InstitutionKind
  name: string
  match: MatchConfidence
  start: string | null
  /** Null while it lasts (an education end after today also counts as ongoing). */
  end: string | null
}

const NOW = monthString(NOW_MONTH)

/**
 * A person's institutions: employers keyed by domain (url), employers named without a domain
 * resolved through `domainByName` to a corpus company (name) or kept as `name:<normalised>`,
 * schools keyed by school_id (edu).
 */
export function affiliationsOf(person: Person, domainByName: ReadonlyMap<string, string>): Affiliation[] {
  const out: Affiliation[] = []
  for (const job of person.employment_history ?? []) {
    const name = job.company ?? ''
    const resolved = job.company_id ?? domainByName.get(normaliseName(name)) ?? null
    const id = resolved ?? `name:${normaliseName(name)}`
    out.push({
      id,
      kind: 'employment',
      name,
      match: job.company_id ? 'url' : 'name',
      start: job.start ?? null,
      end: job.end ?? null,
    })
  }
  for (const degree of person.education ?? []) {
    if (!degree.school_id) continue
    const end = degree.end && degree.end > NOW ? null : (degree.end ?? null)
    out.push({
      id: degree.school_id,
      kind: 'education',
      name: degree.school ?? '',
      match: 'edu',
      start: degree.start ?? null,
      end,
    })
  }
  return out
}

function overlaps(a: Affiliation, b: Affiliation): boolean {
  if (!a.start || !b.start) return false
  return a.start <= (b.end ?? NOW) && b.start <= (a.end ?? NOW)
}

interface Member {
  profile: string
  affiliations: Affiliation[]
}

export function relationshipFact(
  first: { domain: string; people: readonly Member[] },
  second: { domain: string; people: readonly Member[] },
  basis: ConnectionBasis,
  excludeCurrent: boolean,
): RelationshipFact {
  const usable = (a: Affiliation) => !excludeCurrent || a.end !== null
  const bySecond = new Map<string, { q: number; a: Affiliation }[]>()
  second.people.forEach((q, qi) => {
    for (const a of q.affiliations.filter(usable)) {
      let list = bySecond.get(a.id)
      if (!list) bySecond.set(a.id, (list = []))
      list.push({ q: qi, a })
    }
  })
  const perInstitution = new Map<string, { info: Affiliation; p: Set<number>; q: Set<number> }>()
  const persons: RelationshipFact['persons'] = []
  const allQ = new Set<number>()
  first.people.forEach((p, pi) => {
    const contacts = new Set<number>()
    const via = new Set<string>()
    for (const a of p.affiliations.filter(usable)) {
      for (const { q, a: b } of bySecond.get(a.id) ?? []) {
        if (basis === 'overlapping' && !overlaps(a, b)) continue
        contacts.add(q)
        via.add(a.id)
        allQ.add(q)
        let inst = perInstitution.get(a.id)
        if (!inst) perInstitution.set(a.id, (inst = { info: a, p: new Set(), q: new Set() }))
        // The institution is as strongly matched as the strongest affiliation that reached it.
        if (inst.info.match === 'name' && (a.match !== 'name' || b.match !== 'name'))
          inst.info = a.match !== 'name' ? a : b
        inst.p.add(pi)
        inst.q.add(q)
      }
    }
    if (contacts.size > 0) persons.push({ profile_url: p.profile, contacts: contacts.size, via: [...via].sort() })
  })
  persons.sort((x, y) => y.contacts - x.contacts || (x.profile_url < y.profile_url ? -1 : 1))
  const institutions = [...perInstitution.entries()]
    .map(([id, { info, p, q }]): InstitutionFact => ({
      id,
      kind: info.kind,
      name: info.name,
      match_confidence: info.match,
      people_first: p.size,
      people_second: q.size,
    }))
    .sort((x, y) => y.people_first - x.people_first || (x.id < y.id ? -1 : 1))
  return {
    first: first.domain,
    second: second.domain,
    connection_basis: basis,
    exclude_current: excludeCurrent,
    people_first: persons.length,
    people_second: allQ.size,
    institutions,
    persons,
  }
}

export function viaInstitutionFact(
  company: string,
  people: readonly Member[],
  institution: string,
): ViaInstitutionFact {
  const matched: string[] = []
  const former: string[] = []
  let kind: InstitutionKind = 'employment'
  for (const p of people) {
    const hits = p.affiliations.filter((a) => a.id === institution)
    if (hits.length === 0) continue
    kind = hits[0]?.kind ?? kind
    matched.push(p.profile)
    if (hits.every((a) => a.end !== null)) former.push(p.profile)
  }
  return { company, institution, kind, people: matched.sort(), former: former.sort() }
}

export class HeadcountTally {
  private readonly cells = new Map<string, number>()
  private readonly subs = new Map<string, number>()
  total = 0

  constructor(
    readonly domain: string,
    readonly name: string,
  ) {}

  add(person: Person): void {
    this.total++
    const department = person.department ?? 'Others'
    const cell = `${department}\u0000${person.seniority ?? 'Others'}`
    this.cells.set(cell, (this.cells.get(cell) ?? 0) + 1)
    const sub = `${department}\u0000${person.sub_department ?? 'Uncategorized'}`
    this.subs.set(sub, (this.subs.get(sub) ?? 0) + 1)
  }

  result(): CompanyHeadcount {
    const split = (key: string) => key.split('\u0000') as [string, string]
    return {
      domain: this.domain,
      name: this.name,
      total: this.total,
      cells: [...this.cells.entries()].sort().map(([k, count]) => {
        const [department, seniority] = split(k)
        return { department, seniority, count }
      }),
      sub_departments: [...this.subs.entries()].sort().map(([k, count]) => {
        const [department, sub_department] = split(k)
        return { department, sub_department, count }
      }),
    }
  }
}
