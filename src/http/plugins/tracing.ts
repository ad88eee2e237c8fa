// One server span per request when tracing is on (src/tracing.ts), a child of the incoming W3C
// `traceparent` (so it joins the caller's trace). `request.traceSpan` lets a route hand the trace
// on: an agent-run start keeps its span's traceparent with the run, and the worker's span for the
// run joins it. Docs: docs/deploy-operations.md §1.
import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../domain/types.ts'
import type { TraceSpan } from '../../tracing.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's span, when tracing is on. */
    traceSpan?: TraceSpan
  }
}

export function registerTracing(app: FastifyInstance, deps: Deps): void {
  const tracing = deps.tracing
  if (!tracing) return
  app.addHook('onRequest', async (request) => {
    request.traceSpan = tracing.start(request.method, {
      kind: 'server',
      attributes: { 'http.request.method': request.method, 'dsp.request_id': request.id },
      parent: request.headers,
    })
  })
  app.addHook('onResponse', async (request, reply) => {
    const span = request.traceSpan
    if (!span) return
    const route = request.routeOptions.url
    if (route) {
      span.rename(`${request.method} ${route}`)
      span.setAttributes({ 'http.route': route })
    }
    span.setAttributes({ 'http.response.status_code': reply.statusCode })
    if (reply.statusCode >= 500) span.fail()
    span.end()
  })
}
