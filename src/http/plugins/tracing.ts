// OpenTelemetry trace export, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: one server span per
// request, a child of the incoming W3C `traceparent` (so it joins the caller's trace), sent in
// batches over OTLP/HTTP (protobuf) to <endpoint>/v1/traces. The SDK loads only when the setting
// is there: a server without it, and `dsp --help`, never pay for it. Docs: docs/deploy.md §2.
import { readFile } from 'node:fs/promises'
import type { Span } from '@opentelemetry/api'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Deps } from '../../domain/types.ts'

/** The OTLP/HTTP traces address of an OTLP base endpoint (the exporters' own convention). */
export function tracesUrl(endpoint: string): string {
  return endpoint.replace(/\/+$/, '') + '/v1/traces'
}

export async function registerTracing(app: FastifyInstance, deps: Deps): Promise<void> {
  const endpoint = deps.config.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!endpoint) return
  const [api, { BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, core] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
    ])
  const pkg = await readFile(new URL('../../../package.json', import.meta.url), 'utf8')
  const { version } = JSON.parse(pkg) as { version: string }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': deps.config.OTEL_SERVICE_NAME,
      'service.version': version,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(endpoint) }))],
  })
  const tracer = provider.getTracer('dsp')
  const propagator = new core.W3CTraceContextPropagator()
  const spans = new WeakMap<FastifyRequest, Span>()

  app.addHook('onRequest', async (request) => {
    const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter)
    const span = tracer.startSpan(
      request.method,
      {
        kind: api.SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'dsp.request_id': request.id },
      },
      parent,
    )
    spans.set(request, span)
  })
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request)
    if (!span) return
    const route = request.routeOptions.url
    span.updateName(route ? `${request.method} ${route}` : request.method)
    if (route) span.setAttribute('http.route', route)
    span.setAttribute('http.response.status_code', reply.statusCode)
    if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR })
    span.end()
  })
  // Spans still in the batch go out before the server stops.
  app.addHook('onClose', async () => {
    await provider.shutdown().catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'trace export failed'))
  })
}
