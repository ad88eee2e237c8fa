// The MCP server over Streamable HTTP at /mcp (issue 29 item 3; docs/integrations-mcp.md). Stateless:
// each POST gets its own SDK server and transport, answered as JSON. A credential is required
// (an API key in X-API-Key, or an OAuth access token as Bearer): each tool call is sent to its
// REST route in process (fastify.inject) with the caller's own credential header, so it is
// authorised, metered and billed exactly as that route. Tool calls are throttled per credential
// (contract §8: 60 a minute, then 429 quota.burst_exceeded with Retry-After).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { ApiError } from '../../errors.ts'
import type { Credential, Deps } from '../../domain/types.ts'
import { rateLimitHeaders, type WindowRule } from '../../limiter/index.ts'
import { createMcpServer } from '../../mcp/server.ts'
import type { SendRequest } from '../../mcp/tools.ts'
import { GENERIC_UNAUTHORIZED } from '../plugins/auth.ts'

export const MCP_PATH = '/mcp'
export const MCP_TOOL_THROTTLE: readonly WindowRule[] = [{ name: 'mcp', limit: 60, windowSeconds: 60 }]

/** The throttle's bucket: one per credential (an API key, an OAuth grant). */
export const credentialBucket = (c: Credential) => `mcp:${c.kind}:${c.grant_id ?? c.key_id ?? c.workspace_id}`

/** How many tools/call requests a JSON-RPC body holds (a batch counts each). */
function toolCalls(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body]
  return messages.filter((m) => (m as { method?: unknown } | null)?.method === 'tools/call').length
}

/** Sends a tool's REST request in process with the caller's credential header. */
export function injector(app: FastifyInstance, request: FastifyRequest): SendRequest {
  const credentialHeaders: Record<string, string> = {}
  for (const h of ['x-api-key', 'authorization'] as const) {
    const v = request.headers[h]
    if (typeof v === 'string') credentialHeaders[h] = v
  }
  return async (tool) => {
    const res = await app.inject({
      method: tool.method,
      url: tool.path,
      headers: {
        ...credentialHeaders,
        ...(tool.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(tool.idempotencyKey !== undefined ? { 'idempotency-key': tool.idempotencyKey } : {}),
      },
      ...(tool.body !== undefined ? { payload: JSON.stringify(tool.body) } : {}),
    })
    let body: unknown = null
    try {
      body = res.body ? JSON.parse(res.body) : null
    } catch {
      body = { detail: res.body }
    }
    const retryAfter = res.headers['retry-after']
    return { status: res.statusCode, retryAfter: retryAfter === undefined ? null : String(retryAfter), body }
  }
}

export const mcpRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const root = app
  // A 401 names the protected-resource metadata, where MCP clients find the authorization server (RFC 9728 §5.1).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 401)
      reply.header(
        'WWW-Authenticate',
        `Bearer resource_metadata="${deps.publicUrl}/.well-known/oauth-protected-resource${MCP_PATH}"`,
      )
    return payload
  })
  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: MCP_PATH,
    config: { auth: 'credential', meta: false },
    handler: async (request, reply) => {
      const credential = request.credential!
      // A dashboard session is not an MCP credential (its cookie and CSRF token belong to the browser).
      if (credential.kind === 'session') throw new ApiError('auth.unauthorized', GENERIC_UNAUTHORIZED)
      // Stateless: no stream for the server to push on (GET) and no session to end (DELETE).
      if (request.method !== 'POST')
        return reply
          .code(405)
          .header('Allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages.' },
            id: null,
          })
      const calls = toolCalls(request.body)
      for (let i = 0; i < calls; i++) {
        const r = await deps.limiter.hit(credentialBucket(credential), MCP_TOOL_THROTTLE)
        if (!r.allowed)
          throw new ApiError(
            'quota.burst_exceeded',
            `This credential made ${r.rule.limit} MCP tool calls in the last minute, its limit; wait ${r.retryAfterSeconds} s.`,
            { retryAfter: r.retryAfterSeconds, headers: rateLimitHeaders(MCP_TOOL_THROTTLE, r) },
          )
      }
      const server = createMcpServer({ send: injector(root, request) })
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      reply.hijack()
      reply.raw.setHeader('X-Request-Id', request.id)
      reply.raw.setHeader('Cache-Control', 'no-store')
      reply.raw.on('close', () => {
        void transport.close()
        void server.close()
      })
      await server.connect(transport)
      await transport.handleRequest(request.raw, reply.raw, request.body)
    },
  })
}
