// buildServer: the one Fastify instance `dsp serve` and the tests run. Every route module is
// registered in the one visible list below, so this file shows the whole API.
import { maxHeaderSize } from 'node:http'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { Ajv } from 'ajv'
import addFormatsImport from 'ajv-formats'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Deps } from '../domain/types.ts'
import { randomId } from '../domain/ids.ts'
import { clientErrorHandler, frameworkErrorHandler, MAX_PARAM_LENGTH, registerErrorHandling } from './plugins/errors.ts'
import { registerJsonBody } from './plugins/json-body.ts'
import { safeUrl, SECRET_HEADER_PATHS } from './log-safety.ts'
import { registerEnvelope } from './plugins/envelope.ts'
import { registerAuth, type SessionResolver } from './plugins/auth.ts'
import { registerOpenApi, type PublicRoute } from './plugins/openapi.ts'
import { healthRoutes } from './routes/health.ts'
import { accountRoutes } from './routes/account.ts'
import { searchRoutes } from './routes/search.ts'
import { usageRoutes } from './routes/usage.ts'
import { billingRoutes } from './routes/billing.ts'
import { registerMetering } from './plugins/metering.ts'
import { registerObservability } from './plugins/metrics.ts'
import { registerTracing } from './plugins/tracing.ts'
import { trackHandlers, type InFlight } from './plugins/in-flight.ts'
import { docsRoutes } from './routes/docs.ts'
import { adminRoutes } from './admin/index.ts'
import { entityRoutes } from './routes/entities.ts'
import { orgChartRoutes } from './routes/org-chart.ts'
import { relationshipRoutes } from './routes/relationships.ts'
import { authRoutes, sessionResolver } from './routes/auth.ts'
import { keyRoutes } from './routes/keys.ts'
import { dashboardRoutes } from './routes/dashboard.ts'
import { filterRoutes } from './routes/filters.ts'
import { coverageRoutes } from './routes/coverage.ts'
import { listRoutes } from './routes/lists.ts'
import { feedbackRoutes } from './routes/feedback.ts'
import { agentRunRoutes } from './routes/agent-runs.ts'
import { agentRunEventRoutes } from './routes/agent-run-events.ts'
import { mcpRoutes } from './routes/mcp.ts'
import { oauthRoutes } from './routes/oauth.ts'
import { webhookRoutes } from './routes/webhooks.ts'
import { monitorRoutes } from './routes/monitors.ts'
import './types.ts'

export interface BuiltServer {
  app: FastifyInstance
  publicRoutes: () => PublicRoute[]
  /** Route handlers still running (a client gone away does not stop its handler). */
  inFlight: InFlight
}

export async function buildServer(
  deps: Deps,
  options: { sessions?: SessionResolver | null; logger?: boolean } = {},
): Promise<BuiltServer> {
  // Read per error: publicUrl is final only once the server listens (port 0 in tests).
  const docsUrl = () => (deps.config.DSP_ERROR_DOCS_URL ?? `${deps.publicUrl}/docs/errors`).replace(/\/$/, '')
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: deps.config.DSP_LOG_LEVEL,
            redact: SECRET_HEADER_PATHS,
            serializers: {
              // Fastify's own request line, with the URL's secrets redacted (log-safety.ts).
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: safeUrl(req.url),
                remoteAddress: req.ip,
              }),
            },
          },
    bodyLimit: deps.config.DSP_BODY_LIMIT_BYTES,
    genReqId: () => randomId('req', 10),
    // Behind a TLS-terminating proxy, X-Forwarded-Proto makes request.protocol https (Secure session cookie).
    trustProxy: deps.config.DSP_TRUST_PROXY === '1',
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      disableRequestLogging: deps.config.DSP_LOG_LEVEL !== 'debug' && deps.config.DSP_LOG_LEVEL !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // A request without Host reaches the envelope's hook, which answers problem+json (Node's check answers an empty 400).
    http: { requireHostHeader: false },
    // Refusals before routing (bad URL encoding, a path segment too long) and by Node's HTTP
    // parser (headers or URL over the header cap, malformed HTTP) answer problem+json too.
    frameworkErrors: frameworkErrorHandler(docsUrl),
    clientErrorHandler: clientErrorHandler(docsUrl, maxHeaderSize),
  }).withTypeProvider<TypeBoxTypeProvider>()

  // Bodies are JSON and are never coerced (coercion would turn a null into "" or false inside a
  // nullable union); query strings and path params are text and are coerced to their types.
  // Unknown fields stay errors (removeAdditional false), never silently dropped.
  const ajvOptions = {
    removeAdditional: false,
    useDefaults: true,
    allErrors: true,
    verbose: true,
    strict: false,
    // multipleOf: 0.001 on credit amounts: 4.27 / 0.001 is 4269.999… in floating point, so the
    // quotient is compared with its rounding to 6 places instead of to an exact integer.
    multipleOfPrecision: 6,
  } as const
  const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv
  const bodyAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: false }))
  const textAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: 'array' }))
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema))
  // JSON only: any other content type is 415 request.unsupported (§7).
  app.removeContentTypeParser(['text/plain'])
  registerJsonBody(app)
  const inFlight = trackHandlers(app)
  registerErrorHandling(app, docsUrl)
  registerObservability(app, deps)
  registerTracing(app, deps)
  registerEnvelope(app, deps)
  // Dashboard sessions (routes/auth.ts) unless a caller passes its own resolver (null: keys only).
  registerAuth(app, deps, options.sessions === undefined ? sessionResolver(deps) : options.sessions)
  registerMetering(app, deps)
  const openapi = await registerOpenApi(app)

  await app.register(healthRoutes, { deps })
  await app.register(docsRoutes)
  await app.register(accountRoutes, { deps })
  await app.register(searchRoutes, { deps })
  await app.register(usageRoutes, { deps })
  await app.register(billingRoutes, { deps })
  await app.register(authRoutes, { deps })
  await app.register(keyRoutes, { deps })
  await app.register(dashboardRoutes, { deps })
  await app.register(filterRoutes, { deps })
  await app.register(coverageRoutes, { deps })
  await app.register(listRoutes, { deps })
  await app.register(feedbackRoutes, { deps })
  await app.register(entityRoutes, { deps })
  await app.register(orgChartRoutes, { deps })
  await app.register(relationshipRoutes, { deps })
  await app.register(agentRunRoutes, { deps })
  await app.register(agentRunEventRoutes, { deps })
  await app.register(webhookRoutes, { deps })
  await app.register(monitorRoutes, { deps })
  await app.register(mcpRoutes, { deps })
  await app.register(oauthRoutes, { deps })
  if (deps.config.DSP_ADMIN_TOKEN) await app.register(adminRoutes, { deps, token: deps.config.DSP_ADMIN_TOKEN })

  await app.ready()
  return { app, publicRoutes: openapi.publicRoutes, inFlight }
}
