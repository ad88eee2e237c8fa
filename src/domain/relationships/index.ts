// POST /v1/relationships (data-routes §2.9, §4.4): people at one company connected to people at
// another through shared institutions (between_companies), or affiliated with named institutions
// (via_institution); or the same asked in words (`query`, read by reader.ts). Signed cursors carry
// the resolved plan, so later pages never re-resolve names or re-read the question.
import { envelope } from '../../contract/common.ts'
import type { Breakdown, RelationshipsBody, RelationshipPerson, SharedInstitution } from '../../contract/relationships.ts'
import * as store from '../../store/relationships.ts'
import type { GraphPerson } from '../../store/relationships.ts'
import { checkDepth, fingerprint, issueCursor, readCursor } from '../cursors.ts'
import type { Deps } from '../types.ts'
import { invalid, peopleFilter, resolveCompany, resolveInstitution, type ResolvedCompany, type ResolvedInstitution } from './anchors.ts'
import { attribution, chainOf, companyContexts, degradation, institutionInfo, personFields, readGraph, snapshotOf, viaOf, type Charge, type Ctx, type InstitutionInfo } from './common.ts'
import { affiliatedWith, connectPopulations, edgeOf, rankConnected, rankInstitutions, type Basis, type Connected, type InstitutionKind } from './graph.ts'
import { readQuestion, READER_VERSION, refuse, type StructuredRelationships } from './reader.ts'

export const DEFAULT_LIMIT = 10
const DEFAULT_MAX_GROUPS = 10
const STRUCTURED_FIELDS = ['relation', 'companies', 'institutions', 'institutions_combine', 'institution_type', 'connection_basis', 'exclude_current', 'include_company_context', 'breakdown'] as const

/** The worked-out request: what a cursor carries. */
export interface RelationshipsPlan {
  relation: 'between_companies' | 'via_institution'
  companies: ResolvedCompany[]
  institutions: ResolvedInstitution[]
  institutions_combine: 'any' | 'all'
  institution_type: InstitutionKind | null
  connection_basis: Basis
  exclude_current: boolean
  include_company_context: boolean
  breakdown: { group_by: Breakdown['group_by']; max_groups: number } | null
  query: string | null
  /** The reader's version when the plan came from words; 'none' otherwise. */
  parser_version: string
  chain: string
}

/** Resolves and checks a structured request (§4.4): two companies between, one company via institutions. */
export async function planRelationships(deps: Deps, body: StructuredRelationships, extra: { query: string | null; parser_version: string; chain: string }): Promise<RelationshipsPlan> {
  const relation = body.relation ?? 'between_companies'
  const named = body.companies ?? []
  const wanted = relation === 'between_companies' ? 2 : 1
  if (named.length !== wanted) {
    throw invalid(relation === 'between_companies' ? 'between_companies takes two companies: the first one\'s people are returned.' : 'via_institution takes one company, whose people are returned.', ['companies'], named.length)
  }
  if (relation === 'via_institution' && !body.institutions?.length) throw invalid('via_institution needs at least one institution.', ['institutions'], body.institutions ?? null)
  const companies: ResolvedCompany[] = []
  for (const [i, c] of named.entries()) companies.push(await resolveCompany(deps, c, ['companies', i]))
  if (companies.length === 2 && companies[0]!.key === companies[1]!.key) throw invalid('Both entries name the same company; relationships connect two different companies.', ['companies', 1], named[1]!.value)
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
    breakdown: body.breakdown ? { group_by: body.breakdown.group_by, max_groups: body.breakdown.max_groups ?? DEFAULT_MAX_GROUPS } : null,
    ...extra,
  }
}

export interface Computed {
  ranked: { person: GraphPerson; connected: Connected }[]
  institutions: SharedInstitution[]
  breakdown: Breakdown | null
  /** Names and kinds of every institution in the answer (rows' via included). */
  info: Map<string, InstitutionInfo>
}

/** The whole answer (every connected person ranked, every institution tallied); pages are slices of it. */
export async function computeRelationships(deps: Deps, plan: RelationshipsPlan): Promise<Computed> {
  const named = plan.institutions.length > 0 ? plan.institutions.map((i) => i.id) : null
  const [a, b] = plan.companies as [ResolvedCompany, ResolvedCompany | undefined]
  const first = await store.findPopulation(deps.db, a.key, peopleFilter(a.people))
  const firstEdges = (await store.findAffiliationsOfPersons(deps.db, first.map((p) => p.id), named)).map(edgeOf)
  const opts = { basis: plan.connection_basis, excludeCurrent: plan.exclude_current, type: plan.institution_type, combine: plan.institutions_combine }
  let connection
  if (b) {
    const second = await store.findPopulation(deps.db, b.key, peopleFilter(b.people))
    // Only institutions the first side touches can connect: the second side's read is narrowed to them.
    const keys = named ?? [...new Set(firstEdges.map((e) => e.inst))]
    const secondEdges = (await store.findAffiliationsOfPersons(deps.db, second.map((p) => p.id), keys)).map(edgeOf)
    connection = connectPopulations(firstEdges, secondEdges, { ...opts, only: named ? new Set(named) : null })
  } else {
    const everyone = (await store.findAffiliationsOfInstitutions(deps.db, named!)).map(edgeOf)
    connection = affiliatedWith(firstEdges, everyone, named!, opts)
  }
  const people = new Map(first.map((p) => [p.id, p]))
  const ranked = rankConnected(connection.persons, (id) => people.get(id)!.profile_url).map((c) => ({ person: people.get(c.id)!, connected: c }))
  const info = await institutionInfo(deps, connection.institutions.keys())
  const institutions = rankInstitutions(
    [...connection.institutions.entries()].map(([id, t]) => ({ id, kind: t.kind, match_confidence: t.match, name: info.get(id)?.name ?? null, people_first: t.first.size, people_second: t.second.size })),
  )
  return { ranked, institutions, breakdown: plan.breakdown ? breakdownOf(plan, ranked, institutions) : null, info }
}

function breakdownOf(plan: RelationshipsPlan, ranked: Computed['ranked'], institutions: SharedInstitution[]): Breakdown {
  const { group_by, max_groups } = plan.breakdown!
  let groups: Breakdown['groups']
  if (group_by === 'institution') {
    groups = institutions.map((i) => ({ key: i.id, kind: i.kind, label: i.name ?? i.id, people: i.people_first }))
  } else {
    const counts = new Map<string, number>()
    for (const { person } of ranked) {
      const value = person[group_by] ?? 'Unknown'
      counts.set(value, (counts.get(value) ?? 0) + 1)
    }
    groups = [...counts.entries()].map(([key, people]) => ({ key, kind: null, label: key, people })).sort((x, y) => y.people - x.people || (x.key < y.key ? -1 : 1))
  }
  return {
    // §2.9: several institutions required at once make the breakdown approximate by contract.
    exact: !(plan.institutions_combine === 'all' && plan.institutions.length > 1),
    group_by,
    groups: groups.slice(0, max_groups),
    more_groups: groups.length > max_groups,
  }
}

export function resolvedSearch(plan: RelationshipsPlan, onCursorPage: boolean) {
  return {
    parser_version: onCursorPage ? 'none' : plan.parser_version,
    category: 'person',
    query: plan.query,
    filters: {
      relation: plan.relation,
      companies: plan.companies.map((c) => ({ value: c.value, by: c.by, detected_as: c.detected_as, id: c.id, name: c.name, domain: c.domain, people: c.people })),
      institutions: plan.institutions.map((i) => ({ value: i.value, by: i.by, id: i.id, kind: i.kind, name: i.name })),
      institutions_combine: plan.institutions_combine,
      institution_type: plan.institution_type,
      connection_basis: plan.connection_basis,
      exclude_current: plan.exclude_current,
      include_company_context: plan.include_company_context,
      breakdown: plan.breakdown,
    },
    filters_source: plan.query ? 'parser' : 'caller',
    sort: [{ field: 'number_of_contacts_overlapping_tenure_with', direction: 'desc' }, { field: 'profile_url', direction: 'asc' }],
    conflicts: [],
    overrides: [],
  }
}

/** One page of a computed answer as a relationships envelope (next_cursor set by the caller). */
export async function relationshipsPage(deps: Deps, plan: RelationshipsPlan, computed: Computed, offset: number, limit: number, ctx: Ctx, onCursorPage: boolean) {
  const slice = computed.ranked.slice(offset, offset + limit)
  const info = computed.info
  const contexts = plan.include_company_context ? await companyContexts(deps, slice.map((r) => r.person)) : null
  const results: RelationshipPerson[] = slice.map(({ person, connected }) => ({
    ...personFields(person),
    via: viaOf(connected.via, info),
    number_of_contacts_overlapping_tenure_with: connected.contacts.size,
    company_context: contexts ? (contexts.get(person.company_domain ?? '') ?? null) : null,
  }))
  return {
    ...envelope(results, {
      total: computed.ranked.length,
      resolved_search: resolvedSearch(plan, onCursorPage),
      attribution: await attribution(deps),
      degradation: degradation(ctx.credential),
    }),
    breakdown: computed.breakdown,
    connection_basis: plan.connection_basis,
    institutions: computed.institutions,
  }
}

export type RelationshipsEnvelope = Awaited<ReturnType<typeof relationshipsPage>>

interface CursorPayload {
  plan: RelationshipsPlan
  offset: number
}

const fingerprintOf = (body: RelationshipsBody) => fingerprint({ ...body, cursor: undefined, limit: undefined } as Record<string, unknown>)

/** A question in words on the typed route: only a relationships question is answered here. */
async function planFromQuery(deps: Deps, body: RelationshipsBody, chain: string): Promise<RelationshipsPlan> {
  const sent = STRUCTURED_FIELDS.filter((f) => body[f] !== undefined)
  if (sent.length) throw invalid(`query is sent instead of the structured fields, never with them (${sent.join(', ')}).`, [sent[0]!], body[sent[0]!])
  const read = await readQuestion(deps, body.query!)
  const q = read.question
  if (q.route === 'compare' || q.route === 'fan_out') throw refuse('compound_unsupported', `This asks for a ${q.route === 'compare' ? 'comparison' : 'drill-down'} as well as the relationships; the ask route answers it.`, 'POST /v1/relationships/ask')
  if (q.route !== 'relationships') throw refuse('wrong_route', `This is a ${q.route} question.`, q.route === 'reach' ? 'POST /v1/relationships/reach' : 'POST /v1/relationships/institutions')
  return planRelationships(deps, q.body, { query: body.query!, parser_version: READER_VERSION, chain })
}

/**
 * POST /v1/relationships. Charged by the caller once the answer is ready: positions are absolute
 * row positions, so pages (or a retry under the same scope) never pay for a block twice.
 */
export async function findRelationships(deps: Deps, body: RelationshipsBody, ctx: Ctx): Promise<{ envelope: RelationshipsEnvelope; charge: Charge }> {
  const limit = body.limit ?? DEFAULT_LIMIT
  const fp = fingerprintOf(body)
  const onCursorPage = Boolean(body.cursor)
  const answer = await readGraph(deps, async () => {
    let plan: RelationshipsPlan
    let offset = 0
    if (body.cursor) {
      ;({ plan, offset } = readCursor<CursorPayload>(deps, 'relationships', fp, body.cursor))
      checkDepth(offset, limit)
    } else if (body.query !== undefined) {
      plan = await planFromQuery(deps, body, chainOf(ctx))
    } else {
      plan = await planRelationships(deps, body, { query: null, parser_version: 'none', chain: chainOf(ctx) })
    }
    const computed = await computeRelationships(deps, plan)
    return { plan, offset, computed, page: await relationshipsPage(deps, plan, computed, offset, limit, ctx, onCursorPage) }
  })
  const { plan, offset, page } = answer
  const next = offset + page.results.length
  const more = page.results.length === limit && next < page.total
  const env = { ...page, has_more: more, next_cursor: more ? issueCursor(deps, 'relationships', fp, { plan, offset: next } satisfies CursorPayload) : null }
  return {
    envelope: env,
    charge: {
      action_type: 'dsp.relationships',
      positions: page.results.map((_, i) => offset + i),
      scope: plan.chain,
      query: plan.query,
      request: { method: 'POST', path: '/v1/relationships', body },
      plan: page.resolved_search,
      result_count: page.results.length,
      result_total: page.total,
      result_total_is_estimate: false,
      ...snapshotOf(env, onCursorPage),
    },
  }
}

