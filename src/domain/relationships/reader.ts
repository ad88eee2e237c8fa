// The question reader of POST /v1/relationships/ask and of `query` on POST /v1/relationships
// (reader version `rel-rules-1`): finds the companies, schools and people a question names
// against the graph's own institutions, then routes it by fixed rules to relationships, reach,
// institutions, compare or fan_out, as the structured request the typed route would take.
// What it cannot read is refused with a kind of data-routes §4.4; nothing is guessed.
import type { InstitutionsBody, ReachBody, RefusalKind, RelationshipsBody } from '../../contract/relationships.ts'
import { ApiError } from '../../errors.ts'
import type { Deps } from '../types.ts'
import { countries, findMentions, type Mention } from './reader-mentions.ts'
import {
  BOTH_PERSON,
  COMPARE_CUE,
  CONNECT_CUE,
  FAN_OUT_CUE,
  FORMER_AT,
  INSTITUTIONS_CUE,
  institutionType,
  PAST,
  peopleOf,
  PRE_RESOLVE,
  SECOND_QUESTION,
  SHARED_BASIS,
  TENANT,
  TENANT_LIST,
  TENANT_PRONOUN,
} from './reader-words.ts'

export const READER_VERSION = 'rel-rules-1'
/** Graph reads one ask may run: a compare of four sides, or a page plus four drill-downs. */
export const SEARCH_BUDGET = 5
export const DEFAULT_FAN_OUT_K = 3

export type StructuredRelationships = Omit<RelationshipsBody, 'query' | 'cursor' | 'limit'>

export type Question =
  | { route: 'relationships'; body: StructuredRelationships }
  | { route: 'reach'; body: Omit<ReachBody, 'cursor' | 'limit'> }
  | { route: 'institutions'; body: Omit<InstitutionsBody, 'limit'> }
  | { route: 'compare'; sides: StructuredRelationships[] }
  | { route: 'fan_out'; body: StructuredRelationships; k: number }

export interface ReadQuestion {
  question: Question
  span: string
  warnings: string[]
}

export function refuse(kind: RefusalKind, detail: string, tryInstead?: string): ApiError {
  return new ApiError('request.unsupported', detail, {
    status: 422,
    extra: { kind, ...(tryInstead ? { try_instead: tryInstead } : {}) },
  })
}

const companyAnchor = (m: Mention) => ({ value: m.key, by: 'domain' as const })
const institutionAnchor = (m: Mention) => ({
  value: m.key,
  by: 'inst_key' as const,
  kind: m.kind === 'school' ? ('school' as const) : ('company' as const),
})

/**
 * Reads a question into one route and its structured request. Order of the rules: what the
 * corpus cannot know about the caller, then the names, then the shape of the question.
 */
export async function readQuestion(deps: Deps, query: string): Promise<ReadQuestion> {
  // Lower-cased char by char, so offsets stay those of the query.
  const lower = [...query].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('')
  const warnings: string[] = []
  refuseCallerSide(query, lower)
  const mentions = await findMentions(deps, query, warnings)
  // The cues are read with the names blanked out: "Goldwell Education" is not a question about schools.
  const t = mentions.reduce((s, m) => s.slice(0, m.start) + ' '.repeat(m.end - m.start) + s.slice(m.end), lower)
  const companies = mentions.filter((m) => m.kind === 'company')
  const others = mentions.filter((m) => m.kind === 'school' || m.kind === 'employer')
  const persons = mentions.filter((m) => m.kind === 'person')
  refuseShape(t, companies, persons)
  const span = query.slice(Math.min(...mentions.map((m) => m.start)), Math.max(...mentions.map((m) => m.end))).trim()
  const basis = SHARED_BASIS.test(t) ? ('shared' as const) : ('overlapping' as const)
  const type = institutionType(t)
  const common = { connection_basis: basis, ...(type ? { institution_type: type } : {}) }
  const out = (question: Question, words = span): ReadQuestion => ({ question, span: words, warnings })
  const r: Reading = { t, companies, others, persons, basis, common, out }

  if (persons.length > 0) return reachQuestion(r)
  if (INSTITUTIONS_CUE.test(t)) return institutionsQuestion(r)
  if (COMPARE_CUE.test(t)) return compareQuestion(r)
  if (companies.length > 2)
    throw refuse(
      'route_ambiguous',
      'The question names more than two companies without saying how they compare.',
      'compare A and B connections to C, or one pair per request',
    )
  const countryNames = await countries(deps)
  if (companies.length === 2) return twoCompaniesQuestion(r, countryNames)
  return oneCompanyQuestion(r, countryNames)
}

/** What the route rules read once the names are found. */
interface Reading {
  /** The question lower-cased, its names blanked out. */
  t: string
  companies: Mention[]
  /** Schools and employers without a company record. */
  others: Mention[]
  persons: Mention[]
  basis: 'shared' | 'overlapping'
  common: { connection_basis: 'shared' | 'overlapping'; institution_type?: 'employment' | 'education' }
  out: (question: Question, words?: string) => ReadQuestion
}

/** Refuses what the corpus cannot know about the caller: their own lists, their own organisation, companies picked by resemblance. */
function refuseCallerSide(query: string, lower: string): void {
  if (TENANT_LIST.test(lower))
    throw refuse(
      'needs_tenant_list',
      'The question works from a list held in your own systems; send its companies by domain instead.',
      'POST /v1/relationships with companies by domain',
    )
  if (TENANT.test(lower) || TENANT_PRONOUN.test(query))
    throw refuse(
      'no_tenant_context',
      'The question uses your own organisation as a side; this service does not know who "we" are. Name the company instead.',
      'Name your company, e.g. "people at acme.com connected to brightwave.com"',
    )
  if (PRE_RESOLVE.test(lower))
    throw refuse(
      'needs_pre_resolve',
      'The companies are picked by resemblance, competition or ownership; resolve them first and name them.',
      'POST /v1/similar, then ask about the companies it returns',
    )
}

/** Refuses a question of a shape this graph does not answer: one person at both companies, no name it knows, two questions at once. */
function refuseShape(t: string, companies: Mention[], persons: Mention[]): void {
  if (BOTH_PERSON.test(t)) {
    const [a, b] = companies
    throw refuse(
      'impossible_on_this_corpus',
      'A connection here is a shared institution between two people; one person who worked at both companies is not a relationship this graph answers.',
      a && b
        ? `POST /v1/relationships with relation via_institution, companies [${a.key}] and institutions [${b.key}]: people now at ${a.name ?? a.key} who used to work at ${b.name ?? b.key}`
        : 'relation via_institution: people now at one company who used to work at the other',
    )
  }
  if (companies.length === 0 && persons.length === 0)
    throw refuse(
      'no_anchor',
      'The question names no company or person the graph knows; name them (by domain is safest).',
    )
  if (SECOND_QUESTION.test(t.trim().replace(/\?\s*$/, '')))
    throw refuse('compound_unsupported', 'The question asks two things at once; ask one per request.')
}

/** People named: reach into the companies named. */
function reachQuestion({ companies, persons, common, out }: Reading): ReadQuestion {
  if (companies.length === 0) throw refuse('no_anchor', 'Name the company (or companies) to reach into.')
  const people = persons.map((p) => p.key)
  return out({
    route: 'reach',
    body: {
      ...(people.length === 1 ? { person: people[0]! } : { people }),
      companies: companies.map(companyAnchor),
      ...common,
    },
  })
}

/** Shared employers and schools between two companies. */
function institutionsQuestion({ t, companies, basis, out }: Reading): ReadQuestion {
  if (companies.length !== 2)
    throw refuse(
      companies.length > 2 ? 'compound_over_budget' : 'no_anchor',
      'Shared employers and schools are read between exactly two companies.',
    )
  const instType = /\b(?:schools?|universit(?:y|ies)|colleges?|alma maters?)\b/.test(t)
    ? 'education'
    : /\b(?:employers?|companies|workplaces?)\b/.test(t)
      ? 'employment'
      : null
  return out({
    route: 'institutions',
    body: {
      companies: companies.map(companyAnchor),
      connection_basis: basis,
      ...(instType ? { institution_type: instType } : {}),
    },
  })
}

/** Several companies compared by their connections to one target. */
function compareQuestion({ t, companies, common, out }: Reading): ReadQuestion {
  if (companies.length < 3)
    throw refuse(
      'route_ambiguous',
      'A comparison needs the companies compared and the company they connect to.',
      'compare A and B connections to C',
    )
  const target =
    companies.find((c) => /\b(?:to|with)\s+$/.test(t.slice(Math.max(0, c.start - 6), c.start))) ??
    companies[companies.length - 1]!
  const sides = companies.filter((c) => c !== target)
  if (sides.length > SEARCH_BUDGET - 1)
    throw refuse(
      'compound_over_budget',
      `Comparing ${sides.length} companies needs ${sides.length} graph reads; one request runs at most ${SEARCH_BUDGET - 1} sides.`,
    )
  return out({
    route: 'compare',
    sides: sides.map((s) => ({
      relation: 'between_companies',
      companies: [companyAnchor(s), companyAnchor(target)],
      ...common,
    })),
  })
}

/** Two companies: people now at one who used to work at the other, or the people connected between them (fanned out when asked). */
function twoCompaniesQuestion(r: Reading, countryNames: string[]): ReadQuestion {
  const { t, companies, out } = r
  // "who at A used to work at B", "former B people at A": B is an employer institution of A's people.
  const formerOf = companies.find((c) => FORMER_AT.test(t.slice(Math.max(0, c.start - 30), c.start)))
  if (formerOf) return formerEmployerQuestion(r, formerOf, countryNames)
  const body = betweenCompaniesBody(r, countryNames)
  if (FAN_OUT_CUE.test(t)) return out({ route: 'fan_out', body, k: fanOutSize(t) })
  return out({ route: 'relationships', body })
}

/** People now at one company who used to work at `formerOf` (and at the schools and employers named). */
function formerEmployerQuestion(
  { t, companies, others, basis, out }: Reading,
  formerOf: Mention,
  countryNames: string[],
): ReadQuestion {
  const [a, b] = companies as [Mention, Mention]
  const population = formerOf === a ? b : a
  return out({
    route: 'relationships',
    body: {
      relation: 'via_institution',
      companies: [{ ...companyAnchor(population), ...withPeople(peopleOf(t, countryNames)) }],
      institutions: [institutionAnchor(formerOf), ...others.map(institutionAnchor)],
      ...(others.length ? { institutions_combine: 'all' as const } : {}),
      connection_basis: basis,
    },
  })
}

/** between_companies, each side's people read from its own part of the question (cut at the connect cue). */
function betweenCompaniesBody(
  { t, companies, others, common }: Reading,
  countryNames: string[],
): StructuredRelationships {
  const [a, b] = companies as [Mention, Mention]
  const between = t.slice(a.end, b.start)
  const cueBetween = CONNECT_CUE.exec(between)
  if (!cueBetween && !CONNECT_CUE.test(t))
    throw refuse(
      'route_ambiguous',
      'The question names two companies but not what to find between them: connected people, or shared employers and schools.',
      'people at A connected to B, or shared employers of A and B',
    )
  const cut = cueBetween ? a.end + cueBetween.index : b.start
  return {
    relation: 'between_companies',
    companies: [
      { ...companyAnchor(a), ...withPeople(peopleOf(t.slice(0, cut), countryNames)) },
      { ...companyAnchor(b), ...withPeople(peopleOf(t.slice(cut), countryNames)) },
    ],
    ...(others.length ? { institutions: others.map(institutionAnchor) } : {}),
    ...(PAST.test(t) ? { exclude_current: true } : {}),
    ...common,
  }
}

/** How many of the top people to drill into ("top 3"; DEFAULT_FAN_OUT_K when not said), within the search budget. */
function fanOutSize(t: string): number {
  const k = Number(/\btop\s+(\d+)\b/.exec(t)?.[1] ?? DEFAULT_FAN_OUT_K)
  if (k < 1) throw refuse('route_ambiguous', 'Drill into at least one person.')
  if (1 + k > SEARCH_BUDGET)
    throw refuse(
      'compound_over_budget',
      `Drilling into ${k} people needs ${1 + k} graph reads; one request runs at most ${SEARCH_BUDGET} (top ${SEARCH_BUDGET - 1}).`,
    )
  return k
}

/** One company and schools or employers: its people affiliated with them. */
function oneCompanyQuestion({ t, companies, others, basis, out }: Reading, countryNames: string[]): ReadQuestion {
  const [a] = companies as [Mention]
  if (others.length === 0)
    throw refuse(
      'no_anchor',
      'The question names one company; name a second company or a school or employer to connect through.',
      'people at A connected to B, or who at A went to school X',
    )
  return out({
    route: 'relationships',
    body: {
      relation: 'via_institution',
      companies: [{ ...companyAnchor(a), ...withPeople(peopleOf(t, countryNames)) }],
      institutions: others.map(institutionAnchor),
      ...(others.length > 1 && /\bboth\b|\ball of\b/.test(t) ? { institutions_combine: 'all' as const } : {}),
      ...(PAST.test(t) ? { exclude_current: true } : {}),
      connection_basis: basis,
    },
  })
}

const withPeople = <P>(people: P | undefined) => (people ? { people } : {})
