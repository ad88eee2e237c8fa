// POST /v1/relationships/institutions (data-routes §2.9, §4.4): the employers and schools that
// connect two companies' people, nobody ranked; one page only (`truncated` says more qualified),
// billed 2 credits flat as dsp.relationships when it returns any.
import { envelope } from '../../contract/common.ts'
import type { InstitutionsBody } from '../../contract/relationships.ts'
import { normaliseName } from '../../corpus/normalise.ts'
import { INSTITUTIONS_FLAT_MILLI } from '../credits/pricing.ts'
import type { Deps } from '../types.ts'
import { attribution, chainOf, degradation, institutionsText, readGraph, type Charge, type Ctx } from './common.ts'
import { snapshotOf } from '../credits/metering.ts'
import { computeRelationships, planRelationships } from './index.ts'
import { resolvedSearch, type RelationshipsPlan } from './plan.ts'

export const DEFAULT_INSTITUTIONS_LIMIT = 25

export interface InstitutionsPlan {
  relationships: RelationshipsPlan
  name_starts_with: string | null
}

export async function planInstitutions(
  deps: Deps,
  body: Omit<InstitutionsBody, 'limit'>,
  extra: { query: string | null; parser_version: string; chain: string },
): Promise<InstitutionsPlan> {
  const relationships = await planRelationships(
    deps,
    {
      relation: 'between_companies',
      companies: body.companies,
      institution_type: body.institution_type ?? null,
      connection_basis: body.connection_basis,
      exclude_current: body.exclude_current,
    },
    extra,
  )
  return { relationships, name_starts_with: body.name_starts_with ? normaliseName(body.name_starts_with) : null }
}

export async function institutionsAnswer(deps: Deps, plan: InstitutionsPlan, limit: number, ctx: Ctx) {
  const computed = await computeRelationships(deps, plan.relationships)
  const prefix = plan.name_starts_with
  const qualifying =
    prefix === null
      ? computed.institutions
      : computed.institutions.filter((i) => normaliseName(i.name ?? i.id).startsWith(prefix))
  const rs = resolvedSearch(plan.relationships, false)
  return {
    // §2.9: one page only, so has_more is structurally false; truncated says more qualified.
    ...envelope(qualifying.slice(0, limit), {
      total: qualifying.length,
      resolved_search: { ...rs, filters: { ...rs.filters, name_starts_with: plan.name_starts_with } },
      attribution: await attribution(deps),
      degradation: degradation(ctx.credential),
    }),
    truncated: qualifying.length > limit,
    connection_basis: plan.relationships.connection_basis,
  }
}

export type InstitutionsEnvelope = Awaited<ReturnType<typeof institutionsAnswer>>

/** The flat price: the call's one unit when it returns any institution. */
export function institutionsCharge(
  env: InstitutionsEnvelope,
  request: unknown,
  scope: string,
  query: string | null,
  action = 'dsp.relationships',
): Charge {
  return {
    action_type: action,
    positions: env.results.length > 0 ? [0] : [],
    flat_milli: INSTITUTIONS_FLAT_MILLI,
    scope,
    query,
    request,
    plan: env.resolved_search,
    result_count: env.results.length,
    result_total: env.total,
    result_total_is_estimate: false,
    ...snapshotOf(env, false),
  }
}

export async function findSharedInstitutions(
  deps: Deps,
  body: InstitutionsBody,
  ctx: Ctx,
): Promise<{ envelope: InstitutionsEnvelope; charge: Charge }> {
  const env = await readGraph(deps, async (deps) => {
    const plan = await planInstitutions(deps, body, { query: null, parser_version: 'none', chain: chainOf(ctx) })
    return institutionsAnswer(deps, plan, body.limit ?? DEFAULT_INSTITUTIONS_LIMIT, ctx)
  })
  return {
    envelope: env,
    charge: institutionsCharge(
      env,
      { method: 'POST', path: '/v1/relationships/institutions', body },
      chainOf(ctx),
      institutionsText(body),
    ),
  }
}
