// Billed routes: every one charges in its handler once the answer is ready, through charge()
// (domain credits/metering.ts, chargeCall), which commits before the answer leaves. This plugin
// sets meta.credits_charged from it and closes the run once the response has gone out: `ok`, or
// `failed` if the connection broke first.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  chargeCall,
  finishCharge,
  flushFinishedRuns,
  idempotencyScope,
  type ChargeInput,
} from '../../domain/credits/metering.ts'
import type { Deps } from '../../domain/types.ts'
import { flushShown, recordShown } from '../../domain/agent-runs/ceiling.ts'

declare module 'fastify' {
  interface FastifyRequest {
    meteredRunId: number | null
    /** Records this billed answer showed, for the per-credential entity ceiling (§8). */
    shownRecords: { category: string; id: string }[] | null
  }
}

/** Every `{id, category}` row of an answer, and the matches of record lookups. */
function collectShown(payload: unknown): { category: string; id: string }[] {
  const out: { category: string; id: string }[] = []
  const results = (payload as { results?: unknown } | null)?.results
  if (!Array.isArray(results)) return out
  for (const row of results as Record<string, unknown>[]) {
    if (typeof row?.category !== 'string') continue
    if (Array.isArray(row.matches)) {
      for (const m of row.matches as Record<string, unknown>[])
        if (typeof m?.id === 'string') out.push({ category: row.category, id: m.id })
    } else if (typeof row.id === 'string') out.push({ category: row.category, id: row.id })
  }
  return out
}

/** The Idempotency-Key header as sent (an empty one kept: agent runs refuse it), else undefined. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key']
  return typeof key === 'string' ? key : undefined
}

/** The charge scope a billed call's Idempotency-Key names (domain credits/metering.ts), or null without one. */
export function requestScope(deps: Deps, request: FastifyRequest): string | null {
  return idempotencyScope(deps, request.credential!, idempotencyKey(request) || undefined, request.body)
}

/**
 * Charges a billed call from its handler once its answer is built; `scope` defaults to the
 * request's Idempotency-Key scope. `shown` names the records of an answer the route serialised
 * itself (search), which the preSerialization hook cannot read.
 */
export async function charge(
  deps: Deps,
  request: FastifyRequest,
  input: Omit<ChargeInput, 'scope'> & { scope?: string | null },
  shown?: { category: string; id: string }[],
) {
  const scope = input.scope !== undefined ? input.scope : requestScope(deps, request)
  const result = await chargeCall(
    deps,
    { credential: request.credential!, request_id: request.id },
    { ...input, scope },
  )
  request.creditsCharged = result.credits_charged
  deps.metrics.creditsCharged(input.action_type, request.credential!.environment, result.credits_charged)
  request.meteredRunId = result.run_id
  if (shown) request.shownRecords = shown
  return result
}

export function registerMetering(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('meteredRunId', null)
  app.decorateRequest('shownRecords', null)
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (request.meteredRunId !== null && reply.statusCode < 300 && typeof payload !== 'string')
      request.shownRecords = collectShown(payload)
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    if (request.meteredRunId === null) return
    // The entity ceiling counts distinct records shown by every billed route (written off the answer's path).
    if (request.shownRecords?.length && request.credential) recordShown(deps, request.credential, request.shownRecords)
    finishCharge(deps, request.meteredRunId, reply.statusCode < 400 && !request.raw.aborted, reply.elapsedTime)
  })
  // What is queued goes to the store before the server lets go of it.
  app.addHook('onClose', async () => {
    await flushShown(deps)
    await flushFinishedRuns(deps)
  })
}
