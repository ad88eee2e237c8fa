// Operator routes for the platform's Do-Not-Contact list (contract §4.7 rule 3). Registered inside
// the admin plugin (admin/index.ts), so X-Admin-Token is checked there. Rules: domain/lists.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SuppressionBody, SuppressionResponse } from '../../contract/lists.ts'
import { liftSuppression, suppressEntity } from '../../domain/lists.ts'
import type { Deps } from '../../domain/types.ts'

export const suppressionRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // 201 with the normalised id and how many list items the suppression removed (every workspace).
  app.post(
    '/admin/v1/suppressions',
    { schema: { body: SuppressionBody, response: { 201: SuppressionResponse } } },
    async (request, reply) => reply.code(201).send(await suppressEntity(deps, request.body)),
  )

  // Idempotent; items removed while it was suppressed are not restored.
  app.delete(
    '/admin/v1/suppressions',
    { schema: { body: SuppressionBody, response: { 200: SuppressionResponse } } },
    async (request) => liftSuppression(deps, request.body),
  )
}
