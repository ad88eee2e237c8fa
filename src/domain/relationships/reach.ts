// POST /v1/relationships/reach (data-routes §2.9, §4.4): the people one or several seed persons
// (row ids of POST /v1/relationships) can reach at one or several target companies, and through
// which institutions. `limit` applies per company; totals are exact across companies and an upper
// bound across several seeds (someone reachable by two counts twice).
import { envelope } from '../../contract/common.ts'
import type { ReachBody, ReachInstitution, ReachPerson } from '../../contract/relationships.ts'
import * as store from '../../store/relationships.ts'
import type { Population } from '../../store/relationships.ts'
import { fingerprint, issueCursor, planOrCursor } from '../cursors.ts'
import type { Deps } from '../types.ts'
import { invalid, resolveCompany, resolvePeople, type ResolvedCompany } from './anchors.ts'
import {
  attribution,
  chainOf,
  degradation,
  institutionInfo,
  personFields,
  reachText,
  readGraph,
  viaOf,
  type Charge,
  type Ctx,
} from './common.ts'
import { snapshotOf } from '../credits/metering.ts'
import { joinCompanyAndSeeds } from './block-join.ts'
import type { Basis, InstitutionKind, Match } from './graph-columns.ts'
import { cmp, type Connected } from './graph-connection.ts'
import { connectSides } from './graph-join.ts'

export const DEFAULT_REACH_LIMIT = 10

export interface ReachPlan {
  seeds: string[]
  targets: (ResolvedCompany & { same_as: number | null })[]
  connection_basis: Basis
  institution_type: InstitutionKind | null
  exclude_current: boolean
  chain: string
}

export async function planReach(
  deps: Deps,
  body: Omit<ReachBody, 'cursor' | 'limit'>,
  chain: string,
): Promise<ReachPlan> {
  if ((body.person === undefined) === (body.people === undefined))
    throw invalid('Send exactly one of person and people.', [body.person === undefined ? 'person' : 'people'], null)
  const seeds =
    body.person !== undefined
      ? await resolvePeople(deps, [body.person], 'person')
      : await resolvePeople(deps, body.people!, 'people')
  const targets: ReachPlan['targets'] = []
  for (const [i, c] of body.companies.entries()) {
    const resolved = await resolveCompany(deps, { value: c.value, ...(c.by ? { by: c.by } : {}) }, ['companies', i])
    const earlier = targets.findIndex((t) => t.key === resolved.key)
    targets.push({ ...resolved, same_as: earlier >= 0 ? earlier : null })
  }
  return {
    seeds: [...new Set(seeds.map((s) => s.id))],
    targets,
    connection_basis: body.connection_basis ?? 'overlapping',
    institution_type: body.institution_type ?? null,
    exclude_current: body.exclude_current ?? false,
    chain,
  }
}

interface TargetAnswer {
  index: number
  population: Population
  ranked: Connected[]
}

export interface ReachComputed {
  targets: TargetAnswer[]
  institutions: ReachInstitution[]
  seedTotals: Map<string, number>
}

const EVERYONE = { country: null, department: null, seniority: null }

/** Every target company's reachable people, ranked: reached by more seeds, then through more institutions, then by profile URL. */
export async function computeReach(deps: Deps, plan: ReachPlan): Promise<ReachComputed> {
  const rules = { exclude_current: plan.exclude_current, kind: plan.institution_type, only: null }
  const targets: TargetAnswer[] = []
  const perInstitution = new Map<string, { kind: InstitutionKind; match: Match; people: number }>()
  const seedTotals = new Map(plan.seeds.map((s) => [s, 0]))
  for (const [index, target] of plan.targets.entries()) {
    if (target.same_as !== null) continue
    // The target's people are the first side (seeds are never their own targets): each row is a
    // reached person, its contacts the seeds reaching it.
    const population: Population = { company_key: target.key, filter: EVERYONE, exclude_ids: plan.seeds }
    const edges = await joinCompanyAndSeeds(deps, population, plan.seeds, rules)
    const connection = connectSides(edges, { basis: plan.connection_basis, required: null, listContacts: true })
    const ranked = [...connection.persons].sort(
      (x, y) => y.contacts - x.contacts || y.via.length - x.via.length || x.rank - y.rank,
    )
    // A person works at one company: the targets' people never overlap, so counts add up.
    for (const t of connection.institutions) {
      const entry = perInstitution.get(t.id) ?? { kind: t.kind, match: t.match, people: 0 }
      if (entry.match === 'name') entry.match = t.match
      entry.people += t.first
      perInstitution.set(t.id, entry)
    }
    for (const r of ranked)
      for (const s of r.contactList!) seedTotals.set(plan.seeds[s]!, (seedTotals.get(plan.seeds[s]!) ?? 0) + 1)
    targets.push({ index, population, ranked })
  }
  const info = await institutionInfo(deps, perInstitution.keys())
  const institutions = [...perInstitution.entries()]
    .map(([id, e]) => ({
      id,
      kind: e.kind,
      match_confidence: e.match as ReachInstitution['match_confidence'],
      name: info.get(id)?.name ?? null,
      people_at_target: e.people,
    }))
    .sort((x, y) => y.people_at_target - x.people_at_target || cmp(x.id, y.id))
  return { targets, institutions, seedTotals }
}

/** §2.9: with one person and one company, targets, seeds, target_index and reached_by are all null. */
const isSimple = (plan: ReachPlan) => plan.seeds.length === 1 && plan.targets.length === 1

/** Rows [offset, offset + limit) of every target company, in target order. */
export async function reachPage(
  deps: Deps,
  plan: ReachPlan,
  computed: ReachComputed,
  offset: number,
  limit: number,
  ctx: Ctx,
  onCursorPage: boolean,
) {
  const simple = isSimple(plan)
  const results = await reachResults(deps, plan, await pageSlices(deps, computed, offset, limit), simple)
  const perTarget = new Map(computed.targets.map((t) => [t.index, t.ranked.length]))
  const seedSum = [...computed.seedTotals.values()].reduce((a, b) => a + b, 0)
  const distinct = [...perTarget.values()].reduce((a, b) => a + b, 0)
  const more = computed.targets.some((t) => t.ranked.length > offset + limit)
  return {
    page: {
      ...envelope(results, {
        total: seedSum,
        total_is_estimate: seedSum !== distinct,
        resolved_search: reachResolvedSearch(plan),
        attribution: await attribution(deps),
        degradation: degradation(ctx.credential),
      }),
      connection_basis: plan.connection_basis,
      institutions: computed.institutions,
      targets: simple ? null : targetTotals(plan, perTarget),
      seeds: simple
        ? null
        : plan.seeds.map((id) => ({ id, total: computed.seedTotals.get(id) ?? 0, total_is_estimate: false })),
    },
    more,
    onCursorPage,
  }
}

interface PageSlice {
  index: number
  rows: { person: store.RankedPerson; connected: Connected }[]
}

/** Each target's rows [offset, offset + limit) with their people read. */
async function pageSlices(deps: Deps, computed: ReachComputed, offset: number, limit: number): Promise<PageSlice[]> {
  const slices: PageSlice[] = []
  for (const t of computed.targets) {
    const rows = t.ranked.slice(offset, offset + limit)
    const people = new Map(
      (
        await store.findRankedPersons(
          deps.db,
          t.population,
          rows.map((r) => r.rank),
        )
      ).map((p) => [p.rank, p]),
    )
    slices.push({ index: t.index, rows: rows.map((connected) => ({ person: people.get(connected.rank)!, connected })) })
  }
  return slices
}

/** The page's rows as answered, with their institutions' names. */
async function reachResults(deps: Deps, plan: ReachPlan, slices: PageSlice[], simple: boolean): Promise<ReachPerson[]> {
  const info = await institutionInfo(
    deps,
    slices.flatMap((s) => s.rows.flatMap((r) => r.connected.via.map((v) => v.inst))),
  )
  return slices.flatMap((s) =>
    s.rows.map(({ person, connected }) => ({
      ...personFields(person),
      via: viaOf(connected.via, info),
      target_index: simple ? null : s.index,
      // Seed indices come ascending: reached_by keeps the seeds' order.
      reached_by: simple ? null : connected.contactList!.map((i) => plan.seeds[i]!),
    })),
  )
}

function reachResolvedSearch(plan: ReachPlan) {
  return {
    parser_version: 'none',
    category: 'person',
    query: null,
    filters: {
      seeds: plan.seeds,
      companies: plan.targets.map((t) => ({
        value: t.value,
        by: t.by,
        detected_as: t.detected_as,
        id: t.id,
        name: t.name,
        domain: t.domain,
      })),
      connection_basis: plan.connection_basis,
      institution_type: plan.institution_type,
      exclude_current: plan.exclude_current,
    },
    filters_source: 'caller',
    sort: [
      { field: 'reached_by', direction: 'desc' },
      { field: 'via', direction: 'desc' },
      { field: 'profile_url', direction: 'asc' },
    ],
    conflicts: [],
    overrides: [],
  }
}

/** Each requested company's total; a repeated one answers with the first one's. */
function targetTotals(plan: ReachPlan, perTarget: Map<number, number>) {
  return plan.targets.map((t, index) => ({
    index,
    value: t.value,
    cid: t.id,
    name: t.name,
    domain: t.domain,
    total: perTarget.get(t.same_as ?? index) ?? 0,
    total_is_estimate: false,
    same_as: t.same_as,
  }))
}

export type ReachEnvelope = Awaited<ReturnType<typeof reachPage>>['page']

interface CursorPayload {
  plan: ReachPlan
  offset: number
  delivered: number
}

/** POST /v1/relationships/reach. Positions count the rows delivered across pages, so a block is charged once. */
export async function findReach(
  deps: Deps,
  body: ReachBody,
  ctx: Ctx,
): Promise<{ envelope: ReachEnvelope; charge: Charge }> {
  const limit = body.limit ?? DEFAULT_REACH_LIMIT
  const fp = fingerprint({ ...body, cursor: undefined, limit: undefined } as Record<string, unknown>)
  const onCursorPage = Boolean(body.cursor)
  const { plan, offset, delivered, page, more } = await readGraph(deps, async (deps) => {
    const { plan, offset, delivered } = await planOrCursor<ReachPlan>(
      deps,
      'relationships.reach',
      fp,
      body.cursor,
      limit,
      () => planReach(deps, body, chainOf(ctx)),
    )
    const computed = await computeReach(deps, plan)
    return { plan, offset, delivered, ...(await reachPage(deps, plan, computed, offset, limit, ctx, onCursorPage)) }
  })
  const next = more
    ? issueCursor(deps, 'relationships.reach', fp, {
        plan,
        offset: offset + limit,
        delivered: delivered + page.results.length,
      } satisfies CursorPayload)
    : null
  const env = { ...page, has_more: next !== null, next_cursor: next }
  return {
    envelope: env,
    charge: {
      action_type: 'dsp.relationships',
      positions: page.results.map((_, i) => delivered + i),
      scope: plan.chain,
      query: reachText(body),
      request: { method: 'POST', path: '/v1/relationships/reach', body },
      plan: page.resolved_search,
      result_count: page.results.length,
      result_total: page.total,
      result_total_is_estimate: page.total_is_estimate,
      ...snapshotOf(env, onCursorPage),
    },
  }
}
