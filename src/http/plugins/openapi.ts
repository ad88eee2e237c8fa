// The machine-readable description (contract §1): generated from the route schemas by
// @fastify/swagger, then completed from each route's config: x-scopes, the Idempotency-Key
// header on billed routes and problem+json error responses built from the error catalogue.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { docsUiOptions } from './docs-ui.ts'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { Type } from 'typebox'
import { catalogue, type ErrorCode } from '../../errors.ts'
import { ListEnvelope } from '../../contract/common.ts'
import { ENVELOPE_FIELDS, EXTRA_SCHEMAS, NAMED_SCHEMAS } from '../../contract/openapi-components.ts'
import { SCOPE_HELP } from '../../contract/keys.ts'
import { SearchRow } from '../../contract/search.ts'
import { RECORDED_EXAMPLES } from '../../contract/examples-recorded.ts'
import { EVENT_DATA, EVENT_EXAMPLES, EVENT_TYPE_NAMES, EVENT_TYPES } from '../../contract/webhooks.ts'
import { VERSION } from '../../version.ts'

/** Errors every credentialed route can answer (§4 preamble). */
const COMMON_ERRORS: ErrorCode[] = [
  'auth.unauthorized',
  'auth.invalid_key',
  'auth.browser_origin',
  'auth.insufficient_scope',
  'auth.unavailable',
  'request.invalid',
  'internal',
]
const BODY_ERRORS: ErrorCode[] = ['request.unsupported', 'request.too_large']
const BILLED_ERRORS: ErrorCode[] = ['credits.insufficient', 'credits.unavailable', 'credits.unknown_action']

export interface PublicRoute {
  method: string
  path: string
  scopes: readonly string[]
  billed: boolean
}

/** Routes an API key can call: credentialed /v1 routes, plus the health routes and other no-credential /v1 routes. */
function isPublic(route: RouteOptions): boolean {
  const config = (route.config ?? {}) as { auth?: string; scopes?: readonly string[] }
  if (
    route.url.startsWith('/admin') ||
    route.url.startsWith('/docs') ||
    route.url.startsWith('/dashboard') ||
    route.url === '/openapi.json'
  )
    return false
  if (config.auth === 'session' || route.url.startsWith('/v1/auth/')) return false
  return route.url.startsWith('/v1/') || route.url === '/healthz' || route.url === '/readyz'
}

export const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

export async function registerOpenApi(app: FastifyInstance) {
  const routes = new Map<string, RouteOptions>()
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const m of methods)
      if (m !== 'HEAD' && isPublic(route)) routes.set(`${m.toLowerCase()} ${toOpenApiPath(route.url)}`, route)
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Data Platform API',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        version: VERSION,
        description:
          'Search, look-alikes, record lookup, relationships and org charts over a graph of companies and people plus seven document corpora; asynchronous agent runs; credits, keys, lists and feedback. Authenticate with `X-API-Key` (server side only) or an OAuth access token as `Authorization: Bearer` (docs/integrations.md). Errors are `application/problem+json`; branch on `code` (see /docs/errors).',
      },
      servers: [{ url: '/', description: 'This server (clients set their own base URL)' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (server side only).' },
          // Every route that takes a key also takes an OAuth access token as Bearer (docs/integrations.md).
          oauth: {
            type: 'oauth2',
            description:
              'OAuth 2.1 authorization code with PKCE (S256) for public clients such as MCP clients; clients register at /oauth/register. The access token goes in `Authorization: Bearer`.',
            flows: {
              authorizationCode: {
                authorizationUrl: '/oauth/authorize',
                tokenUrl: '/oauth/token',
                refreshUrl: '/oauth/token',
                scopes: { ...SCOPE_HELP },
              },
            },
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const hide = !isPublic(route as RouteOptions)
      return { schema: { ...(schema ?? {}), hide } as typeof schema, url }
    },
  })

  const complete = (doc: Record<string, unknown>) => {
    const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>
    for (const [p, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const route = routes.get(`${method} ${p}`)
        if (!route) continue
        const config = (route.config ?? {}) as {
          scopes?: readonly string[]
          billed?: boolean
          errors?: readonly ErrorCode[]
          outage?: ErrorCode
          auth?: string
          serverTiming?: string
        }
        const scopes = config.scopes ?? []
        op['x-scopes'] = [...scopes]
        if (scopes.length > 0) op.security = [{ apiKey: [] }, { oauth: [...scopes] }]
        else op.security = []
        const params = (op.parameters ?? []) as Record<string, unknown>[]
        if (config.billed && !params.some((x) => x.name === 'Idempotency-Key')) {
          params.push({
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Optional. The same key with the same body, credential and UTC day is a retry: rows already charged are not charged again (§4.10).',
            schema: { type: 'string', maxLength: 255 },
          })
        }
        op.parameters = params
        const codes = new Set<ErrorCode>([
          ...(scopes.length ? [...COMMON_ERRORS, ...THROTTLED] : (['request.invalid', 'internal'] as ErrorCode[])),
          ...(route.method !== 'GET' ? BODY_ERRORS : []),
          ...(config.billed ? BILLED_ERRORS : []),
          ...(config.errors ?? []),
          ...(config.outage ? [config.outage] : []),
        ])
        const responses = (op.responses ?? {}) as Record<string, unknown>
        const byStatus = new Map<number, ErrorCode[]>()
        // A code's secondary statuses (request.invalid's 400 and 404…) are declared only where the route names the code.
        for (const c of codes)
          for (const s of config.errors?.includes(c) ? catalogue[c].status : catalogue[c].status.slice(0, 1))
            byStatus.set(s, [...(byStatus.get(s) ?? []), c])
        for (const [status, list] of byStatus) {
          if (responses[String(status)]) continue
          responses[String(status)] = {
            description: list.map((c) => `\`${c}\`: ${catalogue[c].meaning}`).join(' '),
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          }
        }
        for (const status of ['429', '503', '504']) {
          const r = responses[status] as Record<string, unknown> | undefined
          if (r) r.headers = { ...(r.headers as object | undefined), 'Retry-After': RETRY_AFTER }
        }
        if (codes.has('quota.burst_exceeded') && responses['429'])
          (responses['429'] as { headers: object }).headers = {
            ...(responses['429'] as { headers: object }).headers,
            ...RATE_LIMIT_HEADERS,
          }
        // A route without a success schema never answers 2xx (the export routes: 404; the filter
        // route without a name: 422): @fastify/swagger's placeholder 200 is not declared.
        for (const [status, r] of Object.entries(responses))
          if (/^2\d\d$/.test(status) && status !== '204' && !(r as { content?: unknown }).content)
            delete responses[status]
        const ok = responses['200'] as Record<string, unknown> | undefined
        if (config.serverTiming && ok)
          ok.headers = {
            ...(ok.headers as object | undefined),
            'Server-Timing': { description: config.serverTiming, schema: { type: 'string' } },
          }
        op.responses = responses
      }
    }
    return withWebhooks(withExamples(nameComponents(doc)))
  }
  // Routes are fixed once the app is ready: the description is built once.
  let built: Record<string, unknown> | null = null
  const description = () => (built ??= complete(structuredClone(app.swagger() as unknown as Record<string, unknown>)))

  app.get('/openapi.json', { config: { meta: false } }, async () => description())

  await app.register(swaggerUi, {
    ...docsUiOptions,
    transformSpecification: () => structuredClone(description()),
    transformSpecificationClone: false,
  })

  return {
    publicRoutes: (): PublicRoute[] =>
      [...routes.entries()].map(([k, r]) => {
        const config = (r.config ?? {}) as { scopes?: string[]; billed?: boolean }
        return {
          method: k.split(' ')[0]!.toUpperCase(),
          path: k.split(' ')[1]!,
          scopes: config.scopes ?? [],
          billed: config.billed === true,
        }
      }),
  }
}

/**
 * A credentialed route also takes a dashboard session, whose throttle (30 requests a minute, 500 a
 * day: src/domain/sessions.ts) answers 429 quota.burst_exceeded with the RateLimit fields.
 */
const THROTTLED: ErrorCode[] = ['quota.burst_exceeded']

/** The IETF RateLimit fields a throttle's 429 carries (src/limiter rateLimitHeaders). */
const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description:
      'Sent with quota.burst_exceeded: the refusing policy, the requests left in its window and the seconds until one frees (draft-ietf-httpapi-ratelimit-headers), e.g. `"session-minute";r=0;t=42`',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description:
      'Sent with quota.burst_exceeded: every policy of the throttle, with its quota and window in seconds, e.g. `"session-minute";q=30;w=60, "session-day";q=500;w=86400`',
    schema: { type: 'string' },
  },
}

const RETRY_AFTER = {
  description: 'Seconds to wait before retrying (RFC 9110 §10.2.3)',
  schema: { type: 'integer', minimum: 1 },
}

type Json = Record<string, unknown>

/**
 * Every operation's recorded example (src/contract/examples.ts, examples-recorded.ts): the
 * parameters' values, the request body and the answer under the status the server gave.
 */
function withExamples(doc: Json): Json {
  for (const ops of Object.values(doc.paths as Record<string, Record<string, Json>>))
    for (const op of Object.values(ops)) {
      const example = RECORDED_EXAMPLES[op.operationId as string]
      if (!example) continue
      const values: Record<string, Record<string, unknown> | undefined> = {
        path: example.params,
        query: example.query,
        header: example.headers,
      }
      for (const p of (op.parameters ?? []) as Json[]) {
        const given = Object.entries(values[p.in as string] ?? {}).find(
          ([k]) => k.toLowerCase() === (p.name as string).toLowerCase(),
        )
        if (given) p.example = given[1]
      }
      const named = (value: unknown) => ({ [op.operationId as string]: { summary: example.summary, value } })
      const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
        'application/json'
      ]
      if (body && example.body !== undefined) body.examples = named(example.body)
      const answer = (op.responses as Record<string, Json>)[String(example.status)]
      const media = Object.values((answer?.content ?? {}) as Record<string, Json>)[0]
      if (media && example.answer !== undefined) media.examples = named(example.answer)
    }
  return doc
}

const SCHEMA_REF = '#/components/schemas/'

/** JSON with sorted keys: two schemas with one content have one text. */
function canon(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

/** Every subschema equal to a named one becomes a $ref to it (examples are left as they are). */
function refWalk(node: unknown, byCanon: Map<string, string>, self?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => refWalk(n, byCanon, self))
  if (!node || typeof node !== 'object') return node
  const name = byCanon.get(canon(node))
  if (name && name !== self) return { $ref: SCHEMA_REF + name }
  return Object.fromEntries(
    Object.entries(node as Json).map(([k, v]) => [
      k,
      k === 'examples' || k === 'example' ? v : refWalk(v, byCanon, self),
    ]),
  )
}

/** An enum of strings says its type (`type: string`): generated clients type it instead of `unknown`. */
function withEnumType(v: Json): Json {
  const e = v.enum
  return Array.isArray(e) && !('type' in v) && e.every((x) => typeof x === 'string') ? { type: 'string', ...v } : v
}

/** Every enum of strings in the description says `type: string`. */
const typedEnums = (node: unknown): unknown =>
  JSON.parse(JSON.stringify(node), (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? withEnumType(v as Json) : v,
  )

/** A schema as @fastify/swagger prints it: `const: x` is `enum: [x]`, `patternProperties: {'^.*$': s}` is `additionalProperties: s`. */
function asSwaggerWrites(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema), (_k, v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v
    let out = v as Json
    out = withEnumType(out)
    if ('const' in out) {
      const { const: c, ...rest } = out
      out = { ...rest, enum: [c] }
    }
    const pp = out.patternProperties as Json | undefined
    if (pp && Object.keys(pp).length === 1 && '^.*$' in pp) {
      const { patternProperties: _pp, ...rest } = out
      out = { ...rest, additionalProperties: pp['^.*$'] }
    }
    return out
  })
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const ENVELOPE = (() => {
  const e = JSON.parse(JSON.stringify(ListEnvelope(Type.Object({})))) as Json & {
    properties: Json
    required: string[]
  }
  delete e.properties.results
  delete e.additionalProperties
  return {
    ...e,
    description:
      'The list envelope (§2.2): every field always present; has_more is true exactly when next_cursor is set',
    required: e.required.filter((r) => r !== 'results'),
  }
})()

/**
 * Named components (issue 29): the shapes of openapi-components.ts wherever a route repeats them,
 * the filters and rows the runtime schema leaves open typed per category, and every request body
 * and success answer under the operation's name (`SearchRecordsRequest`, `SearchRecordsResponse`).
 * List answers are the `Envelope` plus their own `results`.
 */
function nameComponents(doc: Json): Json {
  const named = NAMED_SCHEMAS.map(([n, s]): [string, Json] => [n, asSwaggerWrites(s) as Json])
  const byCanon = new Map<string, string>()
  for (const [n, s] of named) if (!byCanon.has(canon(s))) byCanon.set(canon(s), n)
  byCanon.set(canon(asSwaggerWrites(SearchRow)), 'SearchRow')
  const schemas: Json = {}
  for (const [n, s] of named) schemas[n] = refWalk(s, byCanon, n)
  for (const [n, s] of EXTRA_SCHEMAS) schemas[n] = refWalk(asSwaggerWrites(s), byCanon, n)
  // The runtime bodies keep `filters` open (each category's set is checked in the domain); the description types them.
  ;(schemas.SearchRequest as { properties: Json }).properties.filters = { $ref: SCHEMA_REF + 'SearchFilters' }
  ;(schemas.SimilarRequest as { properties: Json }).properties.filters = { $ref: SCHEMA_REF + 'CompanyPersonFilters' }

  const paths = refWalk(typedEnums(doc.paths), byCanon) as Record<string, Record<string, Json>>
  const hoist = (content: Json | undefined, name: string) => {
    const media = content?.['application/json'] as Json | undefined
    const schema = media?.schema as Json | undefined
    if (!media || !schema || '$ref' in schema) return
    const envelope = ENVELOPE_FIELDS.every((f) => f in ((schema.properties as Json | undefined) ?? {}))
    if (envelope) {
      const props = { ...(schema.properties as Json) }
      for (const f of ENVELOPE_FIELDS) delete props[f]
      const own = Object.keys(props)
      schemas[name] = {
        allOf: [
          { $ref: SCHEMA_REF + 'Envelope' },
          {
            type: 'object',
            required: ((schema.required as string[] | undefined) ?? []).filter((r) => own.includes(r)),
            properties: props,
          },
        ],
      }
    } else schemas[name] = schema
    media.schema = { $ref: SCHEMA_REF + name }
  }
  for (const ops of Object.values(paths))
    for (const op of Object.values(ops)) {
      const id = pascal(op.operationId as string)
      hoist((op.requestBody as Json | undefined)?.content as Json | undefined, `${id}Request`)
      const responses = op.responses as Record<string, Json>
      const ok = Object.keys(responses).filter((s) => /^2\d\d$/.test(s))
      for (const s of Object.keys(responses))
        hoist(
          responses[s]!.content as Json | undefined,
          ok.length === 1 && s === ok[0] ? `${id}Response` : `${id}Response${s}`,
        )
    }
  const components = (doc.components ?? {}) as Json
  return {
    ...doc,
    paths,
    components: { ...components, schemas: { Envelope: refWalk(asSwaggerWrites(ENVELOPE), byCanon), ...schemas } },
  }
}

/**
 * The `webhooks` section (OpenAPI 3.1): one POST per event type, the body a receiver gets
 * ({id, type, created_at, data}) with an example, signed per Standard Webhooks (docs/integrations-webhooks.md).
 */
function withWebhooks(doc: Json): Json {
  const schemas = (doc.components as { schemas: Json }).schemas
  const webhooks: Json = {}
  for (const type of EVENT_TYPE_NAMES) {
    const name = `${type
      .split(/[._]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('')}Event`
    schemas[name] = {
      type: 'object',
      description: `The ${type} event: data is ${EVENT_TYPES[type].data.charAt(0).toLowerCase()}${EVENT_TYPES[type].data.slice(1)}`,
      required: ['id', 'type', 'created_at', 'data'],
      properties: {
        id: { type: 'string', description: 'The event id (GET /v1/events)' },
        type: { type: 'string', enum: [type] },
        created_at: { type: 'string', format: 'date-time' },
        data: EVENT_DATA[type]
          ? { ...(JSON.parse(JSON.stringify(EVENT_DATA[type])) as Json), description: EVENT_TYPES[type].data }
          : { type: 'object', additionalProperties: true, description: EVENT_TYPES[type].data },
      },
      additionalProperties: false,
    }
    webhooks[type] = {
      post: {
        operationId: `on${name}`,
        summary: `${type}: ${EVENT_TYPES[type].data}`,
        description:
          'POSTed to every enabled endpoint subscribed to this type, with the headers webhook-id (the same on every retry), webhook-timestamp and webhook-signature (Standard Webhooks; verify with the endpoint secret).',
        tags: ['webhooks'],
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: SCHEMA_REF + name },
              examples: {
                [type]: {
                  summary: type,
                  value: {
                    id: 'evt_1a2b3c4d5e6f',
                    type,
                    created_at: '2026-01-15T10:30:00.000Z',
                    data: EVENT_EXAMPLES[type],
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Any 2xx: received. Anything else, a timeout or a redirect: retried with backoff.' },
          '400': { description: 'Any other answer is a failure; the delivery is retried.' },
        },
      },
    }
  }
  return { ...doc, webhooks }
}
