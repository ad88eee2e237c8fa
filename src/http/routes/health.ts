// Health routes (contract §1, §4.1): no credential; readiness gates only on hard dependencies and
// on start-up work still under way. Also `GET /`, which sends a browser to the dashboard (when it is
// served) and any other client to the API reference.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HealthResponse, ReadinessResponse } from '../../contract/health.ts'
import { checkReadiness } from '../../domain/health.ts'
import type { Deps } from '../../domain/types.ts'
import { VERSION } from '../../version.ts'

export const healthRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/healthz',
    {
      schema: { operationId: 'getLiveness', summary: 'Liveness', tags: ['health'], response: { 200: HealthResponse } },
      config: { auth: 'none', meta: false },
    },
    async () => ({ status: 'ok', version: VERSION, time: deps.clock.now().toISOString() }),
  )

  app.get('/', { schema: { hide: true }, config: { auth: 'none', meta: false } }, async (request, reply) => {
    const accept = request.headers.accept ?? ''
    const browser = /\btext\/html\b/i.test(accept) && deps.config.DSP_DASHBOARD === '1'
    return reply.header('Vary', 'Accept').redirect(browser ? '/dashboard' : '/docs', 302)
  })

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
