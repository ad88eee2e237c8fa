// Cross-cutting request and response parts: X-Request-Id on every answer, Cache-Control: no-store
// on every answer of /v1, `meta` on every 2xx of /v1 (contract §2.2), the 400 for a request
// without Host or with the asterisk form (`GET *`), the closed query string of every /v1 and health route (§7, §9: an unknown
// parameter is 422), the 422 for `page`/`offset` on cursor routes (§7), and the 422 for text the
// store cannot keep.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { assertStorableText } from '../../contract/validation.ts'
import { ApiError } from '../../errors.ts'
import type { Deps } from '../../domain/types.ts'

export function registerEnvelope(app: FastifyInstance, deps: Deps) {
  // Every route registered after this hook (all of them: server.ts registers plugins first).
  app.addHook('onRoute', closeQueryString)

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
    // RFC 9112 §3.2.4: the asterisk form (`* HTTP/1.1`) names no resource and is for OPTIONS only;
    // nothing here answers OPTIONS *, so every method is told so instead of being routed to `/`.
    if (request.raw.url === '*') {
      done(
        new ApiError(
          'request.invalid',
          'The request target `*` names no resource: send a path such as /v1/search (see /openapi.json).',
          { status: 400 },
        ),
      )
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
  // §7: cursor routes reject `page` and `offset`, in the query string and in a JSON body alike.
  const errors = []
  for (const [where, part] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    if (part === null || typeof part !== 'object' || Array.isArray(part)) continue
    for (const p of ['page', 'offset'])
      if (Object.hasOwn(part, p))
        errors.push({
          type: 'extra_forbidden',
          loc: [where, p],
          msg: 'Cursor routes reject page and offset; send the next_cursor of the previous page',
          input: (part as Record<string, unknown>)[p],
          ctx: null,
        })
  }
  if (errors.length > 0) {
    const first = errors[0]!
    throw new ApiError('request.invalid', `This route pages with cursor; \`${first.loc[1]}\` is not accepted.`, {
      extra: { errors },
    })
  }
}

const NO_QUERY = { type: 'object', properties: {}, additionalProperties: false } as const

/**
 * onRoute: every /v1 and health route gets a closed query string (a route without a
 * `querystring` schema takes none; a declared one is closed if it is not already), so an unknown
 * parameter is a 422 `extra_forbidden` at `["query", name]` from the validator itself. A route
 * whose body or query string takes `cursor` is a cursor route (`config.cursor`).
 */
function closeQueryString(route: RouteOptions): void {
  if (!(route.url.startsWith('/v1/') || route.url === '/healthz' || route.url === '/readyz')) return
  const schema = (route.schema ?? {}) as Record<string, unknown>
  const declared = schema.querystring as Record<string, unknown> | undefined
  const querystring = declared
    ? declared.additionalProperties === undefined
      ? { ...declared, additionalProperties: false }
      : declared
    : NO_QUERY
  route.schema = { ...schema, querystring }
  const takesCursor = [schema.body, declared].some(
    (part) =>
      typeof part === 'object' && part !== null && 'cursor' in ((part as { properties?: object }).properties ?? {}),
  )
  if (takesCursor) route.config = { ...(route.config ?? {}), cursor: true }
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
