// API keys for the dashboard (contract §4.6, §3.5): session only. Shapes: contract/keys.ts.
// Rules: domain/roles.ts (what a role may grant and see) over domain/api-keys.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CreatedKey, CreateKeyBody, KeyParams, KeysResponse } from '../../contract/keys.ts'
import { createKey, listKeys, revokeKey } from '../../domain/roles.ts'
import type { Deps } from '../../domain/types.ts'

export const keyRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/keys',
    {
      schema: {
        operationId: 'createKey',
        summary: 'Create an API key; the secret is in this answer only',
        tags: ['keys'],
        body: CreateKeyBody,
        response: { 201: CreatedKey },
      },
      config: {
        outage: 'auth.unavailable',
        auth: 'session',
        errors: ['auth.session_required', 'auth.csrf', 'auth.insufficient_scope', 'quota.burst_exceeded'],
      },
    },
    async (request, reply) => reply.code(201).send(await createKey(deps, request.credential!, request.body)),
  )

  app.get(
    '/v1/keys',
    {
      schema: {
        operationId: 'listKeys',
        summary: 'Your keys (every key of the workspace for owner and admin), newest first',
        tags: ['keys'],
        response: { 200: KeysResponse },
      },
      config: {
        outage: 'auth.unavailable',
        auth: 'session',
        errors: ['auth.session_required', 'quota.burst_exceeded'],
      },
    },
    async (request) => ({ keys: await listKeys(deps, request.credential!) }),
  )

  app.delete(
    '/v1/keys/:key_id',
    {
      schema: {
        operationId: 'revokeKey',
        summary: 'Revoke a key; the next request with it is 401',
        tags: ['keys'],
        params: KeyParams,
      },
      config: {
        outage: 'auth.unavailable',
        auth: 'session',
        errors: ['auth.session_required', 'auth.csrf', 'request.invalid', 'quota.burst_exceeded'],
      },
    },
    async (request, reply) => {
      await revokeKey(deps, request.credential!, request.params.key_id)
      return reply.code(204).send()
    },
  )
}
