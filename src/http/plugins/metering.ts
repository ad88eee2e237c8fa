// Billed routes: the charge happens in the handler once the answer is ready (domain
// credits/metering.ts, chargeCall). This plugin sets meta.credits_charged from it and closes the
// run once the response has gone out: `ok`, or `failed` if the connection broke first.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { chargeCall, finishCharge, idempotencyScope, type ChargeInput } from '../../domain/credits/metering.ts'
import type { Deps } from '../../domain/types.ts'

declare module 'fastify' {
  interface FastifyRequest {
    meteredRunId: number | null
  }
}

/** Charges a billed call from its handler; `scope` defaults to the request's Idempotency-Key scope. */
export async function charge(deps: Deps, request: FastifyRequest, input: Omit<ChargeInput, 'scope'> & { scope?: string | null }) {
  const key = request.headers['idempotency-key']
  const scope = input.scope !== undefined ? input.scope : idempotencyScope(deps, request.credential!, typeof key === 'string' && key.length > 0 ? key : undefined, request.body)
  const result = await chargeCall(deps, { credential: request.credential!, request_id: request.id }, { ...input, scope })
  request.creditsCharged = result.credits_charged
  request.meteredRunId = result.run_id
  return result
}

export function registerMetering(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('meteredRunId', null)
  app.addHook('onResponse', async (request, reply) => {
    if (request.meteredRunId === null) return
    await finishCharge(deps, request.meteredRunId, reply.statusCode < 400 && !request.raw.aborted, reply.elapsedTime).catch((e: unknown) =>
      request.log.warn({ err: (e as Error).message, run_id: request.meteredRunId }, 'could not close run'),
    )
  })
}
