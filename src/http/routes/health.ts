// Health routes (contract §1, §4.1): no credential; readiness gates only on hard dependencies.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HealthResponse, ReadinessResponse } from '../../contract/health.ts'
import { checkReadiness } from '../../domain/health.ts'
import type { Deps } from '../../domain/types.ts'

export const healthRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/healthz',
    {
      schema: { operationId: 'getLiveness', summary: 'Liveness', tags: ['health'], response: { 200: HealthResponse } },
      config: { auth: 'none', meta: false },
    },
    async () => ({ status: 'ok', version: '1.0.0', time: deps.clock.now().toISOString() }),
  )

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'checkReadiness',
        summary: 'Readiness: reachability of each dependency',
        tags: ['health'],
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
      config: { auth: 'none', meta: false },
    },
    async (_request, reply) => {
      const r = await checkReadiness(deps)
      return reply
        .code(r.ready ? 200 : 503)
        .send({ status: r.ready ? 'ready' : 'not_ready', dependencies: r.dependencies })
    },
  )
}
