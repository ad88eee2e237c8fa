// POST /v1/relationships/ask (data-routes §2.9, §4.4): a question in words, read once by
// reader.ts and answered as relationships, reach, institutions, compare or fan_out. The cursor
// carries the worked-out plan, so later pages never re-read the question. Prices (platform §8):
// like the route it ran, billed as dsp.relationships.ask; compare and fan_out are charged for
// all the rows they deliver, counted as one answer (docs/relationships.md).
import { envelope } from '../../contract/common.ts'
import type { AskBody } from '../../contract/relationships.ts'
import { fingerprint, issueCursor, planOrCursor } from '../cursors.ts'
import type { Deps } from '../types.ts'
import { attribution, chainOf, degradation, readGraph, type Charge, type Ctx } from './common.ts'
import { snapshotOf } from '../credits/metering.ts'
import {
  computeRelationships,
  DEFAULT_LIMIT,
  planRelationships,
  relationshipsPage,
  type RelationshipsEnvelope,
} from './index.ts'
import type { RelationshipsPlan } from './plan.ts'
import {
  institutionsAnswer,
  institutionsCharge,
  planInstitutions,
  type InstitutionsEnvelope,
  type InstitutionsPlan,
} from './institutions.ts'
import { computeReach, planReach, reachPage, type ReachEnvelope, type ReachPlan } from './reach.ts'
import { readQuestion, READER_VERSION } from './reader.ts'

/** People shown per drill-down of a fan-out. */
export const DRILL_DOWN_ROWS = 5
const ACTION = 'dsp.relationships.ask'

type Resolved =
  | { route: 'relationships'; plan: RelationshipsPlan }
  | { route: 'reach'; plan: ReachPlan }
  | { route: 'institutions'; plan: InstitutionsPlan }
  | { route: 'compare'; sides: RelationshipsPlan[] }
  | { route: 'fan_out'; plan: RelationshipsPlan; k: number }

interface AskPlan {
  resolved: Resolved
  span: string
  warnings: string[]
  chain: string
}

interface CursorPayload {
  plan: AskPlan
  offset: number
  delivered: number
}

async function planAsk(deps: Deps, query: string, chain: string): Promise<AskPlan> {
  const read = await readQuestion(deps, query)
  const extra = { query, parser_version: READER_VERSION, chain }
  const q = read.question
  let resolved: Resolved
  switch (q.route) {
    case 'relationships':
      resolved = { route: 'relationships', plan: await planRelationships(deps, q.body, extra) }
      break
    case 'reach':
      resolved = { route: 'reach', plan: await planReach(deps, q.body, chain) }
      break
    case 'institutions':
      resolved = { route: 'institutions', plan: await planInstitutions(deps, q.body, extra) }
      break
    case 'compare': {
      const sides: RelationshipsPlan[] = []
      for (const side of q.sides) sides.push(await planRelationships(deps, side, extra))
      resolved = { route: 'compare', sides }
      break
    }
    case 'fan_out':
      resolved = { route: 'fan_out', plan: await planRelationships(deps, q.body, extra), k: q.k }
      break
  }
  return { resolved, span: read.span, warnings: read.warnings, chain }
}

const EMPTY = { relationships: null, reach: null, institutions: null, compare: null, fan_out: null }

interface Answer {
  body: Record<string, unknown> & {
    results: unknown[]
    total: number
    total_is_estimate: boolean
    resolved_search: Record<string, unknown> | null
  }
  /** Rows of this page that are charged, counted from the first page's first row. */
  rows: number
  more: boolean
  searches: number
  institutions?: InstitutionsEnvelope
}

async function run(
  deps: Deps,
  plan: AskPlan,
  offset: number,
  limit: number,
  ctx: Ctx,
  onCursorPage: boolean,
): Promise<Answer> {
  const r = plan.resolved
  switch (r.route) {
    case 'relationships': {
      const computed = await computeRelationships(deps, r.plan)
      const page = await relationshipsPage(deps, r.plan, computed, offset, limit, ctx, onCursorPage)
      const more = page.results.length === limit && offset + limit < page.total
      return { body: { ...page, relationships: page }, rows: page.results.length, more, searches: 1 }
    }
    case 'reach': {
      const computed = await computeReach(deps, r.plan)
      const { page, more } = await reachPage(deps, r.plan, computed, offset, limit, ctx, onCursorPage)
      return { body: { ...page, reach: page }, rows: page.results.length, more, searches: computed.targets.length }
    }
    case 'institutions': {
      const env = await institutionsAnswer(deps, r.plan, limit, ctx)
      return {
        body: { ...env, institutions: env },
        rows: env.results.length,
        more: false,
        searches: 1,
        institutions: env,
      }
    }
    case 'compare':
      return runCompare(deps, r.sides, limit, ctx)
    case 'fan_out':
      return runFanOut(deps, r.plan, r.k, plan.chain, limit, ctx)
  }
}

/** Each side's first page, and which side has strictly the most connected people. */
async function runCompare(deps: Deps, plans: RelationshipsPlan[], limit: number, ctx: Ctx): Promise<Answer> {
  const sides: RelationshipsEnvelope[] = []
  for (const side of plans)
    sides.push(await relationshipsPage(deps, side, await computeRelationships(deps, side), 0, limit, ctx, false))
  const totals = sides.map((s) => s.total)
  const best = Math.max(...totals)
  const stronger = totals.filter((t) => t === best).length === 1 ? totals.indexOf(best) : null
  const compare = { comparable: true, connection_basis: plans[0]!.connection_basis, sides, stronger }
  const body = {
    ...envelope([], {
      total: totals.reduce((a, b) => a + b, 0),
      attribution: await attribution(deps),
      degradation: degradation(ctx.credential),
    }),
    compare,
  }
  return { body, rows: sides.reduce((n, s) => n + s.results.length, 0), more: false, searches: sides.length }
}

/** The first page, and for each of its top k people with a profile, whom they reach at the target company. */
async function runFanOut(
  deps: Deps,
  plan: RelationshipsPlan,
  k: number,
  chain: string,
  limit: number,
  ctx: Ctx,
): Promise<Answer> {
  const computed = await computeRelationships(deps, plan)
  const page = await relationshipsPage(deps, plan, computed, 0, limit, ctx, false)
  const top = page.results.slice(0, Math.min(k, page.results.length))
  const drill_downs = []
  const skipped: string[] = []
  for (const person of top) {
    if (!person.profile_url) {
      skipped.push(person.id)
      continue
    }
    drill_downs.push(await drillDown(deps, plan, person, chain, ctx))
  }
  const fan_out = { ...page, drill_downs, k: top.length, skipped }
  return {
    body: { ...page, fan_out },
    rows: page.results.length + drill_downs.reduce((n, d) => n + d.results.length, 0),
    more: false,
    searches: 1 + drill_downs.length,
  }
}

/** Whom one person of a fan-out reaches at the plan's second company: its first DRILL_DOWN_ROWS. */
async function drillDown(
  deps: Deps,
  plan: RelationshipsPlan,
  person: RelationshipsEnvelope['results'][number],
  chain: string,
  ctx: Ctx,
) {
  const target = plan.companies[1]!
  const reachPlan: ReachPlan = {
    seeds: [person.id],
    targets: [{ ...target, people: null, same_as: null }],
    connection_basis: plan.connection_basis,
    institution_type: plan.institution_type,
    exclude_current: plan.exclude_current,
    chain,
  }
  const reached = await computeReach(deps, reachPlan)
  const { page: drilled } = await reachPage(deps, reachPlan, reached, 0, DRILL_DOWN_ROWS, ctx, false)
  return {
    person_id: person.id,
    name: person.name,
    target: target.domain,
    total: drilled.total,
    total_is_estimate: drilled.total_is_estimate,
    institutions: drilled.institutions,
    results: drilled.results,
  }
}

/**
 * POST /v1/relationships/ask. Exactly one of relationships, reach, institutions, compare and
 * fan_out is set; only relationships and reach answers page.
 */
export async function askRelationships(
  deps: Deps,
  body: AskBody,
  ctx: Ctx,
): Promise<{ envelope: Record<string, unknown>; charge: Charge }> {
  const limit = body.limit ?? DEFAULT_LIMIT
  const fp = fingerprint({ query: body.query })
  const onCursorPage = Boolean(body.cursor)
  const { plan, offset, delivered, answer } = await readGraph(deps, async (deps) => {
    const { plan, offset, delivered } = await planOrCursor<AskPlan>(
      deps,
      'relationships.ask',
      fp,
      body.cursor,
      limit,
      () => planAsk(deps, body.query, chainOf(ctx)),
    )
    return { plan, offset, delivered, answer: await run(deps, plan, offset, limit, ctx, onCursorPage) }
  })
  const next = answer.more
    ? issueCursor(deps, 'relationships.ask', fp, {
        plan,
        offset: offset + limit,
        delivered: delivered + answer.rows,
      } satisfies CursorPayload)
    : null
  const env = askEnvelope(plan, answer, { has_more: next !== null, next_cursor: next })
  const request = { method: 'POST', path: '/v1/relationships/ask', body }
  const charge: Charge = answer.institutions
    ? institutionsCharge(answer.institutions, request, plan.chain, body.query, ACTION)
    : {
        action_type: ACTION,
        positions: Array.from({ length: answer.rows }, (_, i) => delivered + i),
        scope: plan.chain,
        query: body.query,
        request,
        plan: { route: plan.resolved.route, span: plan.span, resolved_search: answer.body.resolved_search },
        result_count: answer.rows,
        result_total: answer.body.total,
        result_total_is_estimate: answer.body.total_is_estimate,
        ...snapshotOf(env, onCursorPage),
      }
  return { envelope: env, charge }
}

/**
 * The answer's envelope: the route's own envelope fields at the top (without the route-specific
 * ones), the route's answer under its name and the others null; relationships and reach answers
 * carry the paging there too.
 */
function askEnvelope(plan: AskPlan, answer: Answer, paging: { has_more: boolean; next_cursor: string | null }) {
  const route = plan.resolved.route
  const nested = (key: 'relationships' | 'reach') =>
    answer.body[key] ? { [key]: { ...(answer.body[key] as RelationshipsEnvelope | ReachEnvelope), ...paging } } : {}
  const {
    relationships: _r,
    reach: _re,
    institutions: _i,
    compare: _c,
    fan_out: _f,
    breakdown: _b,
    connection_basis: _cb,
    targets: _t,
    seeds: _s,
    truncated: _tr,
    ...top
  } = answer.body
  return {
    ...top,
    ...paging,
    route,
    reading: { span: plan.span, searches: answer.searches, warnings: plan.warnings },
    ...EMPTY,
    [route]: answer.body[route],
    ...nested('relationships'),
    ...nested('reach'),
  }
}
