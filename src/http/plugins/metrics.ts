// Observability of the HTTP server, in one plugin: one access-log line per request at `info`
// (request id, method, route, status, milliseconds, credential; never a secret: log-safety.ts),
// W3C Trace Context (`traceparent`) accepted and put on every log line of its request, request
// counts and latencies for Prometheus, and the /metrics endpoint: on the API port behind
// DSP_METRICS_TOKEN (Authorization: Bearer), or on a port of its own (DSP_METRICS_PORT).
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Deps } from '../../domain/types.ts'
import { ApiError, catalogue, type ErrorCode } from '../../errors.ts'
import { safeUrl } from '../log-safety.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The W3C trace id and parent span id of a valid `traceparent` header. */
    trace: { trace_id: string; parent_id: string } | null
  }
}

// version-traceid-parentid-flags; an all-zero trace or parent id is invalid (W3C Trace Context §3.2).
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/

/** The trace id and parent id of a W3C `traceparent` value; null when it is not one. */
export function parseTraceparent(value: unknown): { trace_id: string; parent_id: string } | null {
  if (typeof value !== 'string') return null
  const m = TRACEPARENT.exec(value.trim())
  if (!m) return null
  const [, version, traceId, parentId, , rest] = m
  // Version ff is forbidden; version 00 has nothing after the flags.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null
  if (/^0+$/.test(traceId!) || /^0+$/.test(parentId!)) return null
  return { trace_id: traceId!, parent_id: parentId! }
}

const digest = (s: string) => createHash('sha256').update(s).digest()

/** Whether an Authorization header carries the metrics token (compared in constant time). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return m !== null && timingSafeEqual(digest(m[1]!), expected)
}

/** Who made the request, as logs may name it: the key id, or the dashboard user. */
function credentialId(request: FastifyRequest): string | null {
  const c = request.credential
  if (!c) return null
  return c.key_id ?? (c.user_id !== null ? `user:${c.user_id}` : null)
}

export function registerObservability(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('trace', null)
  app.addHook('onRequest', async (request) => {
    const trace = parseTraceparent(request.headers.traceparent)
    if (!trace) return
    request.trace = trace
    request.log = request.log.child(trace)
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const ms = reply.elapsedTime
    deps.metrics.request(request.method, route, reply.statusCode, ms / 1000)
    request.log.info(
      {
        method: request.method,
        route,
        url: safeUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
        credential_id: credentialId(request),
      },
      'request',
    )
  })

  // Served on the API port only with a token and without a port of its own; outside OpenAPI.
  const token = deps.config.DSP_METRICS_TOKEN
  if (!token || deps.config.DSP_METRICS_PORT !== undefined) return
  const expected = digest(token)
  app.get('/metrics', { schema: { hide: true }, config: { auth: 'none', meta: false } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected))
      throw new ApiError('auth.unauthorized', 'GET /metrics needs header Authorization: Bearer <DSP_METRICS_TOKEN>.')
    const { contentType, body } = await deps.metrics.expose()
    return reply.type(contentType).send(body)
  })
}

/**
 * With DSP_METRICS_PORT, /metrics on a listener of its own (DSP_HOST, that port), for `dsp serve`
 * and `dsp worker` alike; still behind DSP_METRICS_TOKEN when that is set. Null without the setting.
 */
export async function listenMetrics(deps: Deps): Promise<{ server: Server; address: string } | null> {
  const port = deps.config.DSP_METRICS_PORT
  if (port === undefined) return null
  const token = deps.config.DSP_METRICS_TOKEN
  const expected = token ? digest(token) : null
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const problem = (status: number, code: ErrorCode, detail: string) => {
      res.writeHead(status, { 'content-type': 'application/problem+json' })
      res.end(
        JSON.stringify({ type: 'about:blank', title: catalogue[code].title, status, code, detail, instance: path }),
      )
    }
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return problem(404, 'request.invalid', 'Only GET /metrics is served on this port.')
    if (expected && !bearerMatches(req.headers.authorization, expected))
      return problem(401, 'auth.unauthorized', 'GET /metrics needs header Authorization: Bearer <DSP_METRICS_TOKEN>.')
    deps.metrics.expose().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType })
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      (e: unknown) => {
        deps.log.warn({ err: (e as Error).message }, 'metrics not collected')
        problem(500, 'internal', 'The metrics could not be collected.')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, deps.config.DSP_HOST, () => resolve())
  })
  const a = server.address()
  const address = typeof a === 'object' && a ? `http://${deps.config.DSP_HOST}:${a.port}` : String(a)
  return { server, address }
}
