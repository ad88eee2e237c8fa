// The machine-readable description (contract §1): generated from the route schemas by
// @fastify/swagger, then completed from each route's config: x-scopes, the Idempotency-Key
// header on billed routes and problem+json error responses built from the error catalogue.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { catalogue, type ErrorCode } from '../../errors.ts'
import { Problem } from '../../contract/common.ts'

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
        version: '1.0.0',
        description:
          'Search, look-alikes, record lookup, relationships and org charts over a graph of companies and people plus seven document corpora; asynchronous agent runs; credits, keys, lists and feedback. Authenticate with `X-API-Key` (server side only). Errors are `application/problem+json`; branch on `code` (see /docs/errors).',
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
        schemas: { Problem: Problem as unknown as Record<string, unknown> },
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
        if (scopes.length > 0) op.security = [{ apiKey: [] }]
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
          ...(scopes.length ? COMMON_ERRORS : (['request.invalid', 'internal'] as ErrorCode[])),
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
        const ok = responses['200'] as Record<string, unknown> | undefined
        if (config.serverTiming && ok)
          ok.headers = {
            ...(ok.headers as object | undefined),
            'Server-Timing': { description: config.serverTiming, schema: { type: 'string' } },
          }
        op.responses = responses
      }
    }
    return doc
  }

  app.get('/openapi.json', { config: { meta: false } }, async () =>
    complete(structuredClone(app.swagger() as unknown as Record<string, unknown>)),
  )

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    transformSpecification: (spec) => complete(structuredClone(spec as Record<string, unknown>)),
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
