// OpenTelemetry trace export, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. One tracer per
// process, sending spans in batches over OTLP/HTTP to <endpoint>/v1/traces: the HTTP server's span
// per request (http/plugins/tracing.ts) and the worker's span per agent-run attempt
// (jobs/agent-worker.ts), which joins the trace of the request that started the run through the
// W3C `traceparent` kept with the run. The SDK loads only when the setting is there: a server
// without it, and `dsp --help`, never pay for it. Docs: docs/deploy-operations.md §1.
import { readFile } from 'node:fs/promises'
import type { Logger } from 'pino'
import type { Config } from './config.ts'

type Attributes = Record<string, string | number | boolean>

export interface TraceSpan {
  /** This span as a W3C `traceparent` value, for work that continues elsewhere (a queued run). */
  traceparent(): string
  setAttributes(attributes: Attributes): void
  rename(name: string): void
  /** Marks the span failed (an answer ≥ 500, a run attempt that failed). */
  fail(message?: string): void
  end(): void
}

export interface Tracing {
  /**
   * Starts a span. `parent` is the caller's context: request headers carrying `traceparent`, or a
   * `traceparent` value; without a valid one the span starts a trace of its own.
   */
  start(
    name: string,
    options: { kind: 'server' | 'consumer'; attributes?: Attributes; parent?: Record<string, unknown> | string | null },
  ): TraceSpan
  /** Sends what is still in the batch, then stops. */
  shutdown(): Promise<void>
}

/** The OTLP/HTTP traces address of an OTLP base endpoint (the exporters' own convention). */
export function tracesUrl(endpoint: string): string {
  return endpoint.replace(/\/+$/, '') + '/v1/traces'
}

export async function openTracing(config: Readonly<Config>, log: Logger): Promise<Tracing | null> {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!endpoint) return null
  const [api, { BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, core] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
    ])
  const pkg = await readFile(new URL('../package.json', import.meta.url), 'utf8')
  const { version } = JSON.parse(pkg) as { version: string }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME, 'service.version': version }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(endpoint) }))],
  })
  const tracer = provider.getTracer('dsp')
  const propagator = new core.W3CTraceContextPropagator()
  const kinds = { server: api.SpanKind.SERVER, consumer: api.SpanKind.CONSUMER } as const

  return {
    start(name, { kind, attributes, parent }) {
      const carrier = typeof parent === 'string' ? { traceparent: parent } : (parent ?? {})
      const context = propagator.extract(api.ROOT_CONTEXT, carrier, api.defaultTextMapGetter)
      const span = tracer.startSpan(name, { kind: kinds[kind], attributes }, context)
      return {
        traceparent() {
          const c = span.spanContext()
          return `00-${c.traceId}-${c.spanId}-0${(c.traceFlags & 1).toString(16)}`
        },
        setAttributes: (a) => void span.setAttributes(a),
        rename: (n) => void span.updateName(n),
        fail: (message) => void span.setStatus({ code: api.SpanStatusCode.ERROR, message }),
        end: () => span.end(),
      }
    },
    shutdown: () =>
      provider.shutdown().catch((e: unknown) => log.warn({ err: (e as Error).message }, 'trace export failed')),
  }
}
