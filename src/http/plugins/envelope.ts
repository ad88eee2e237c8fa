// Cross-cutting response parts: X-Request-Id on every answer, Cache-Control: no-store on every
// answer of /v1, `meta` on every 2xx of /v1 (contract §2.2), the 400 for a request without Host,
// the 422 for `page`/`offset` on cursor routes (§7), and the 422 for text the store cannot keep.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { assertStorableText } from '../../contract/validation.ts'
import { ApiError } from '../../errors.ts'
import type { Deps } from '../../domain/types.ts'

export function registerEnvelope(app: FastifyInstance, deps: Deps) {
  // Callback hooks (not async): no promise and no extra microtask turn on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id)
    // Answers of /v1 are the caller's own (balances, history, new keys' secrets): no cache keeps them.
    if (underV1(request)) reply.header('Cache-Control', 'no-store')
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400. Node's own check (off in
    // server.ts) answers it with an empty body; this one answers the contract's problem.
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      done(new ApiError('request.invalid', 'An HTTP/1.1 request needs a Host header.', { status: 400 }))
      return
    }
    done()
  })

  // One hook for both checks (each hook is a step of every request).
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkBeforeValidation(request)
    } catch (e) {
      done(e as Error)
      return
    }
    done()
  })

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const wantsMeta = request.routeOptions.config.meta ?? underV1(request)
    if (
      !wantsMeta ||
      reply.statusCode >= 300 ||
      payload === null ||
      typeof payload !== 'object' ||
      Array.isArray(payload)
    )
      return payload
    return { ...(payload as Record<string, unknown>), meta: metaFor(deps, request) }
  })
}

/**
 * The route's own path, not request.url: a request target in absolute form
 * (`GET http://host/v1/credits`) reaches the same route with a URL that starts with the origin.
 */
const underV1 = (request: FastifyRequest) => (request.routeOptions.url ?? request.url).startsWith('/v1/')

function checkBeforeValidation(request: FastifyRequest): void {
  // Text PostgreSQL cannot keep (NUL, an unpaired surrogate) is a 422 before any handler runs;
  // it used to reach the store and answer 500.
  assertStorableText('body', request.body)
  assertStorableText('query', request.query)
  assertStorableText('path', request.params)
  if (!request.routeOptions.config.cursor) return
  const q = request.query as Record<string, unknown> | undefined
  for (const p of ['page', 'offset']) {
    if (q && p in q) {
      throw new ApiError('request.invalid', `This route pages with cursor; \`${p}\` is not accepted.`, {
        extra: {
          errors: [
            {
              type: 'extra_forbidden',
              loc: ['query', p],
              msg: 'Cursor routes reject page and offset',
              input: q[p],
              ctx: null,
            },
          ],
        },
      })
    }
  }
}

/** §2.2 `meta` of a 2xx answer. */
export function metaFor(deps: Deps, request: FastifyRequest) {
  const credential = request.credential
  return {
    request_id: request.id,
    environment: credential?.environment ?? 'live',
    as_of: deps.clock.now().toISOString(),
    credential: credential?.kind ?? 'api_key',
    credits_charged: request.creditsCharged,
  }
}

/**
 * An answer its route serialised itself (search, while its charge settled), with `meta` added
 * as the last field. A string payload skips preSerialization, so the route calls this.
 */
export function withMeta(deps: Deps, request: FastifyRequest, json: string): string {
  return `${json.slice(0, -1)},"meta":${JSON.stringify(metaFor(deps, request))}}`
}
