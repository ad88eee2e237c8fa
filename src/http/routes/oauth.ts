// OAuth 2.1 endpoints for MCP clients (issue 29 item 4; docs/integrations.md "OAuth"). Rules:
// http/oauth/service.ts. The server is its own authorization server:
//   GET  /.well-known/oauth-protected-resource[/mcp]   RFC 9728 protected-resource metadata
//   GET  /.well-known/oauth-authorization-server        RFC 8414 authorization-server metadata
//   POST /oauth/register                                RFC 7591 dynamic client registration
//   GET  /oauth/authorize                               sends the browser to the dashboard's consent page
//   POST /oauth/token, POST /oauth/revoke               form or JSON bodies; RFC 6749 error bodies
// and, for the dashboard (session routes): the client shown on the consent page, the member's
// decision, and the member's grants (listed and revoked).
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { Strict } from '../../contract/common.ts'
import { SCOPES, type Deps } from '../../domain/types.ts'
import { ApiError } from '../../errors.ts'
import { sessionOf } from './auth.ts'
import { MCP_PATH } from './mcp.ts'
import * as oauth from '../oauth/service.ts'

const hide = { hide: true }
const noAuth = { auth: 'none' as const }

const ConsentBody = Strict({
  client_id: Type.String({ minLength: 1, maxLength: 100 }),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
  response_type: Type.String({ maxLength: 20 }),
  code_challenge: Type.String({ maxLength: 200 }),
  code_challenge_method: Type.String({ maxLength: 20 }),
  scope: Type.Optional(Type.String({ maxLength: 500 })),
  state: Type.Optional(Type.String({ maxLength: 2000 })),
  resource: Type.Optional(Type.String({ maxLength: 2000 })),
  scopes: Type.Array(Type.String({ maxLength: 50 }), {
    maxItems: SCOPES.length,
    description: 'The scopes the member grants',
  }),
  approve: Type.Boolean(),
})

export function protectedResourceMetadata(deps: Deps): OAuthProtectedResourceMetadata {
  return {
    resource: `${deps.publicUrl}${MCP_PATH}`,
    authorization_servers: [deps.publicUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Data Platform API',
    resource_documentation: `${deps.publicUrl}/docs`,
  }
}

export const protectedResourceMetadataUrl = (deps: Deps) =>
  `${deps.publicUrl}/.well-known/oauth-protected-resource${MCP_PATH}`

function sendOAuthError(reply: FastifyReply, e: oauth.OAuthError) {
  return reply
    .code(e.status)
    .header('Cache-Control', 'no-store')
    .type('application/json')
    .send({ error: e.error, error_description: e.description })
}

/** A consent-page fault as the contract's problem (the dashboard shows its detail). */
const asProblem = (e: oauth.OAuthError) =>
  new ApiError('request.invalid', e.description, { status: 422, extra: { oauth_error: e.error } })

export const oauthRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // Token and revocation requests are form-encoded (RFC 6749 §4.1.3); only in this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  const resourceMetadata = async (_request: unknown, reply: FastifyReply) =>
    reply.header('Cache-Control', 'public, max-age=3600').send(protectedResourceMetadata(deps))
  app.get('/.well-known/oauth-protected-resource', { schema: hide, config: noAuth }, resourceMetadata)
  app.get(`/.well-known/oauth-protected-resource${MCP_PATH}`, { schema: hide, config: noAuth }, resourceMetadata)

  app.get('/.well-known/oauth-authorization-server', { schema: hide, config: noAuth }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').send({
      issuer: deps.publicUrl,
      authorization_endpoint: `${deps.publicUrl}/oauth/authorize`,
      token_endpoint: `${deps.publicUrl}/oauth/token`,
      registration_endpoint: `${deps.publicUrl}/oauth/register`,
      revocation_endpoint: `${deps.publicUrl}/oauth/revoke`,
      scopes_supported: [...SCOPES],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${deps.publicUrl}/docs`,
    } satisfies OAuthMetadata),
  )

  app.post('/oauth/register', { schema: hide, config: noAuth }, async (request, reply) => {
    try {
      const client = await oauth.registerClient(deps, (request.body ?? {}) as oauth.RegisterBody)
      return reply.code(201).header('Cache-Control', 'no-store').send(client)
    } catch (e) {
      if (e instanceof oauth.OAuthError) return sendOAuthError(reply, e)
      throw e
    }
  })

  // The browser arrives here from the client; the member signs in (if needed) and consents in the dashboard.
  app.get('/oauth/authorize', { schema: hide, config: noAuth }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>
    const checked = await oauth.checkAuthorizeRequest(deps, query)
    if (!checked.ok) {
      if (checked.redirect) return reply.redirect(checked.redirect, 302)
      throw new ApiError('request.invalid', `${checked.error}: ${checked.description}`, { status: 400 })
    }
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') params.set(k, v)
    return reply.redirect(`/dashboard/oauth/consent?${params.toString()}`, 302)
  })

  app.post('/oauth/token', { schema: hide, config: noAuth }, async (request, reply) => {
    try {
      const tokens = await oauth.token(deps, (request.body ?? {}) as Record<string, unknown>)
      return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(tokens)
    } catch (e) {
      if (e instanceof oauth.OAuthError) return sendOAuthError(reply, e)
      throw e
    }
  })

  app.post('/oauth/revoke', { schema: hide, config: noAuth }, async (request, reply) => {
    try {
      await oauth.revoke(deps, (request.body ?? {}) as Record<string, unknown>)
      return reply.code(200).header('Cache-Control', 'no-store').send({})
    } catch (e) {
      if (e instanceof oauth.OAuthError) return sendOAuthError(reply, e)
      throw e
    }
  })

  // Dashboard (session) routes: the consent page and the member's token list.
  app.get(
    '/v1/oauth/clients/:client_id',
    {
      schema: { params: Strict({ client_id: Type.String({ minLength: 1, maxLength: 100 }) }) },
      config: { auth: 'session' },
    },
    async (request) => {
      const client = await oauth.clientView(deps, request.params.client_id)
      if (!client) throw new ApiError('request.invalid', 'Unknown OAuth client.', { status: 404 })
      return client
    },
  )

  app.post('/v1/oauth/consent', { schema: { body: ConsentBody }, config: { auth: 'session' } }, async (request) => {
    const member = sessionOf(request).credential
    try {
      return await oauth.consent(deps, member, request.body)
    } catch (e) {
      if (e instanceof oauth.OAuthError) throw asProblem(e)
      throw e
    }
  })

  app.get('/v1/oauth/grants', { config: { auth: 'session' } }, async (request) => ({
    results: await oauth.listGrants(deps, sessionOf(request).credential),
  }))

  app.delete(
    '/v1/oauth/grants/:grant_id',
    {
      schema: { params: Strict({ grant_id: Type.String({ minLength: 1, maxLength: 100 }) }) },
      config: { auth: 'session' },
    },
    async (request, reply) => {
      const revoked = await oauth.revokeMemberGrant(deps, sessionOf(request).credential, request.params.grant_id)
      if (!revoked) throw new ApiError('request.invalid', 'No such grant in force.', { status: 404 })
      return reply.code(204).send()
    },
  )
}
