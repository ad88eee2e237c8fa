// POST /v1/relationships (data-routes §2.9, §4.4): people at one company connected to people at
// another through shared institutions (between_companies), or affiliated with named institutions
// (via_institution); or the same asked in words (`query`, read by reader.ts). Signed cursors carry
// the resolved plan (plan.ts), so later pages never re-resolve names or re-read the question.
import { envelope } from '../../contract/common.ts'
import type {
  Breakdown,
  RelationshipsBody,
  RelationshipPerson,
  SharedInstitution,
} from '../../contract/relationships.ts'
import * as store from '../../store/relationships.ts'
import type { Population } from '../../store/relationships.ts'
import { fingerprint, issueCursor, planOrCursor } from '../cursors.ts'
import type { Deps } from '../types.ts'
import {
  invalid,
  peopleFilter,
  resolveCompany,
  resolveInstitution,
  type ResolvedCompany,
  type ResolvedInstitution,
} from './anchors.ts'
import {
  attribution,
  chainOf,
  companyContexts,
  degradation,
  institutionInfo,
  personFields,
  readGraph,
  relationshipsText,
  viaOf,
  type Charge,
  type Ctx,
  type InstitutionNames,
} from './common.ts'
import { snapshotOf } from '../credits/metering.ts'
import { joinCompanies } from './block-join.ts'
import { affiliatedWith } from './graph-affiliated.ts'
import { joinOfRows } from './graph-columns.ts'
import { cmp, rankInstitutions, type Connected, type Connection } from './graph-connection.ts'
import { connectSides } from './graph-join.ts'
import { resolvedSearch, type RelationshipsPlan } from './plan.ts'
import { readQuestion, READER_VERSION, refuse, type StructuredRelationships } from './reader.ts'

export const DEFAULT_LIMIT = 10
/**
 * A page names the answer's institutions with the most people, at most this many (the institutions
 * route's largest page): two large companies share thousands, mostly through one person each.
 */
const MAX_INSTITUTIONS = 100
const DEFAULT_MAX_GROUPS = 10
const STRUCTURED_FIELDS = [
  'relation',
  'companies',
  'institutions',
  'institutions_combine',
  'institution_type',
  'connection_basis',
  'exclude_current',
  'include_company_context',
  'breakdown',
] as const

/** Resolves and checks a structured request (§4.4): two companies between, one company via institutions. */
export async function planRelationships(
  deps: Deps,
  body: StructuredRelationships,
  extra: { query: string | null; parser_version: string; chain: string },
): Promise<RelationshipsPlan> {
  const relation = body.relation ?? 'between_companies'
  const named = body.companies ?? []
  const wanted = relation === 'between_companies' ? 2 : 1
  if (named.length !== wanted) {
    throw invalid(
      relation === 'between_companies'
        ? "between_companies takes two companies: the first one's people are returned."
        : 'via_institution takes one company, whose people are returned.',
      ['companies'],
      named.length,
    )
  }
  if (relation === 'via_institution' && !body.institutions?.length)
    throw invalid('via_institution needs at least one institution.', ['institutions'], body.institutions ?? null)
  const companies: ResolvedCompany[] = []
  for (const [i, c] of named.entries()) companies.push(await resolveCompany(deps, c, ['companies', i]))
  if (companies.length === 2 && companies[0]!.key === companies[1]!.key)
    throw invalid(
      'Both entries name the same company; relationships connect two different companies.',
      ['companies', 1],
      named[1]!.value,
    )
  const institutions: ResolvedInstitution[] = []
  for (const [i, inst] of (body.institutions ?? []).entries()) {
    const resolved = await resolveInstitution(deps, inst, ['institutions', i])
    if (!institutions.some((x) => x.id === resolved.id)) institutions.push(resolved)
  }
  return {
    relation,
    companies,
    institutions,
    institutions_combine: body.institutions_combine ?? 'any',
    institution_type: body.institution_type ?? null,
    connection_basis: body.connection_basis ?? 'overlapping',
    exclude_current: body.exclude_current ?? false,
    include_company_context: body.include_company_context ?? false,
    breakdown: body.breakdown
      ? { group_by: body.breakdown.group_by, max_groups: body.breakdown.max_groups ?? DEFAULT_MAX_GROUPS }
      : null,
    ...extra,
  }
}

export interface Computed {
  /** How many people of the first company are connected. */
  total: number
  /** The first k of them, best first (ranks into `population`), their contacts counted. */
  top: (k: number) => Connected[]
  population: Population
  institutions: SharedInstitution[]
  breakdown: Breakdown | null
  /** Names and kinds of every institution in the answer (rows' via included). */
  info: InstitutionNames
  /** Ids of the population's people by rank, when the graph read knows them (a company's block). */
  idsOf: ((ranks: number[]) => string[]) | null
}

/**
 * The whole answer (every connected person found, every institution tallied); pages are slices of
 * its order, whose contacts are counted as far as a page reaches. SQL reads only what can connect;
 * graph-join.ts counts it (docs/relationships.md §1).
 */
export async function computeRelationships(deps: Deps, plan: RelationshipsPlan): Promise<Computed> {
  const named = plan.institutions.length > 0 ? plan.institutions.map((i) => i.id) : null
  const [a, b] = plan.companies as [ResolvedCompany, ResolvedCompany | undefined]
  const population: Population = { company_key: a.key, filter: peopleFilter(a.people), exclude_ids: [] }
  const { connection, info, idsOf } = b
    ? await connectCompanies(deps, plan, population, b, named)
    : await affiliateWithInstitutions(deps, plan, population, named!)
  const institutions = sharedInstitutions(connection, info)
  const breakdown = plan.breakdown ? await breakdownOf(deps, plan, population, connection.persons, institutions) : null
  const total = connection.persons.length
  return { total, top: connection.top, population, institutions, breakdown, info, idsOf }
}

/** A connection with the names of its institutions and, when the read knows them, the first side's ids. */
type Joined = { connection: Connection } & Pick<Computed, 'info' | 'idsOf'>

/** between_companies: the first company's people connected to the second's through shared institutions. */
async function connectCompanies(
  deps: Deps,
  plan: RelationshipsPlan,
  population: Population,
  b: ResolvedCompany,
  named: string[] | null,
): Promise<Joined> {
  const second: Population = { company_key: b.key, filter: peopleFilter(b.people), exclude_ids: [] }
  const edges = await joinCompanies(deps, population, second, {
    exclude_current: plan.exclude_current,
    kind: plan.institution_type,
    only: named,
  })
  const connection = connectSides(edges, {
    basis: plan.connection_basis,
    required: plan.institutions_combine === 'all' ? named : null,
  })
  // The first company's block names every institution of the join.
  return { connection, info: edges.info, idsOf: edges.firstIds }
}

/** via_institution: the company's people affiliated with the named institutions. */
async function affiliateWithInstitutions(
  deps: Deps,
  plan: RelationshipsPlan,
  population: Population,
  named: string[],
): Promise<Joined> {
  const edges = await store.findInstitutionEdges(
    deps.db,
    population,
    named,
    plan.institution_type,
    plan.exclude_current,
  )
  const connection = affiliatedWith(joinOfRows(edges.first, edges.second), named, {
    basis: plan.connection_basis,
    excludeCurrent: plan.exclude_current,
    combine: plan.institutions_combine,
  })
  const info = await institutionInfo(
    deps,
    connection.institutions.map((t) => t.id),
  )
  return { connection, info, idsOf: null }
}

/** The connection's institutions, named, most first-side people first. */
function sharedInstitutions(connection: Connection, info: InstitutionNames): SharedInstitution[] {
  return rankInstitutions(
    connection.institutions.map((t) => ({
      id: t.id,
      kind: t.kind,
      match_confidence: t.match,
      name: info.get(t.id)?.name ?? null,
      people_first: t.first,
      people_second: t.second,
    })),
  )
}

async function breakdownOf(
  deps: Deps,
  plan: RelationshipsPlan,
  population: Population,
  connected: Connected[],
  institutions: SharedInstitution[],
): Promise<Breakdown> {
  const { group_by, max_groups } = plan.breakdown!
  let groups: Breakdown['groups']
  if (group_by === 'institution') {
    groups = institutions.map((i) => ({ key: i.id, kind: i.kind, label: i.name ?? i.id, people: i.people_first }))
  } else {
    const counts = await store.countRankedPersonsBy(
      deps.db,
      population,
      connected.map((r) => r.rank),
      group_by,
    )
    groups = counts
      .map(({ key, people }) => ({ key, kind: null, label: key, people }))
      .sort((x, y) => y.people - x.people || cmp(x.key, y.key))
  }
  return {
    // §2.9: several institutions required at once make the breakdown approximate by contract.
    exact: !(plan.institutions_combine === 'all' && plan.institutions.length > 1),
    group_by,
    groups: groups.slice(0, max_groups),
    more_groups: groups.length > max_groups,
  }
}

/** One page of a computed answer as a relationships envelope (next_cursor set by the caller). */
export async function relationshipsPage(
  deps: Deps,
  plan: RelationshipsPlan,
  computed: Computed,
  offset: number,
  limit: number,
  ctx: Ctx,
  onCursorPage: boolean,
) {
  const slice = computed.top(offset + limit).slice(offset)
  const info = computed.info
  const ranks = slice.map((c) => c.rank)
  const people = computed.idsOf
    ? await personsByIds(deps, ranks, computed.idsOf(ranks))
    : new Map((await store.findRankedPersons(deps.db, computed.population, ranks)).map((p) => [p.rank, p]))
  const persons = slice.map((c) => people.get(c.rank)!)
  const contexts = plan.include_company_context ? await companyContexts(deps, persons) : null
  const results: RelationshipPerson[] = slice.map((connected, i) => ({
    ...personFields(persons[i]!),
    via: viaOf(connected.via, info),
    number_of_contacts_overlapping_tenure_with: connected.contacts,
    company_context: contexts ? (contexts.get(persons[i]!.company_domain ?? '') ?? null) : null,
  }))
  return {
    ...envelope(results, {
      total: computed.total,
      resolved_search: resolvedSearch(plan, onCursorPage),
      attribution: await attribution(deps),
      degradation: degradation(ctx.credential),
    }),
    breakdown: computed.breakdown,
    connection_basis: plan.connection_basis,
    institutions: computed.institutions.slice(0, MAX_INSTITUTIONS),
    institutions_truncated: computed.institutions.length > MAX_INSTITUTIONS,
  }
}

/** People by id, keyed by their ranks (same order). */
async function personsByIds(deps: Deps, ranks: number[], ids: string[]): Promise<Map<number, store.GraphPerson>> {
  const byId = new Map((await store.findPersons(deps.db, 'id', ids)).map((p) => [p.id, p]))
  return new Map(ranks.map((r, i) => [r, byId.get(ids[i]!)!]))
}

export type RelationshipsEnvelope = Awaited<ReturnType<typeof relationshipsPage>>

interface CursorPayload {
  plan: RelationshipsPlan
  offset: number
}

const fingerprintOf = (body: RelationshipsBody) =>
  fingerprint({ ...body, cursor: undefined, limit: undefined } as Record<string, unknown>)

/** A question in words on the typed route: only a relationships question is answered here. */
async function planFromQuery(deps: Deps, body: RelationshipsBody, chain: string): Promise<RelationshipsPlan> {
  const sent = STRUCTURED_FIELDS.filter((f) => body[f] !== undefined)
  if (sent.length)
    throw invalid(
      `query is sent instead of the structured fields, never with them (${sent.join(', ')}).`,
      [sent[0]!],
      body[sent[0]!],
    )
  const read = await readQuestion(deps, body.query!)
  const q = read.question
  if (q.route === 'compare' || q.route === 'fan_out')
    throw refuse(
      'compound_unsupported',
      `This asks for a ${q.route === 'compare' ? 'comparison' : 'drill-down'} as well as the relationships; the ask route answers it.`,
      'POST /v1/relationships/ask',
    )
  if (q.route !== 'relationships')
    throw refuse(
      'wrong_route',
      `This is a ${q.route} question.`,
      q.route === 'reach' ? 'POST /v1/relationships/reach' : 'POST /v1/relationships/institutions',
    )
  return planRelationships(deps, q.body, { query: body.query!, parser_version: READER_VERSION, chain })
}

/**
 * POST /v1/relationships. Charged by the caller once the answer is ready: positions are absolute
 * row positions, so pages (or a retry under the same scope) never pay for a block twice.
 */
export async function findRelationships(
  deps: Deps,
  body: RelationshipsBody,
  ctx: Ctx,
): Promise<{ envelope: RelationshipsEnvelope; charge: Charge }> {
  const limit = body.limit ?? DEFAULT_LIMIT
  const fp = fingerprintOf(body)
  const onCursorPage = Boolean(body.cursor)
  const answer = await readGraph(deps, async (deps) => {
    const { plan, offset } = await planOrCursor<RelationshipsPlan>(deps, 'relationships', fp, body.cursor, limit, () =>
      body.query !== undefined
        ? planFromQuery(deps, body, chainOf(ctx))
        : planRelationships(deps, body, { query: null, parser_version: 'none', chain: chainOf(ctx) }),
    )
    const computed = await computeRelationships(deps, plan)
    return {
      plan,
      offset,
      computed,
      page: await relationshipsPage(deps, plan, computed, offset, limit, ctx, onCursorPage),
    }
  })
  const { plan, offset, page } = answer
  const next = offset + page.results.length
  const more = page.results.length === limit && next < page.total
  const env = {
    ...page,
    has_more: more,
    next_cursor: more ? issueCursor(deps, 'relationships', fp, { plan, offset: next } satisfies CursorPayload) : null,
  }
  return {
    envelope: env,
    charge: {
      action_type: 'dsp.relationships',
      positions: page.results.map((_, i) => offset + i),
      scope: plan.chain,
      query: relationshipsText(body),
      request: { method: 'POST', path: '/v1/relationships', body },
      plan: page.resolved_search,
      result_count: page.results.length,
      result_total: page.total,
      result_total_is_estimate: false,
      ...snapshotOf(env, onCursorPage),
    },
  }
}
