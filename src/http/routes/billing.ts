// Top-up links (contract §2.7, §3.3, §4.4). Rules: domain/topups.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CompleteTopupBody, TopupCreated, TopupParams, TopupStatus } from '../../contract/usage.ts'
import { checkoutTopup } from '../../domain/roles.ts'
import { createTopupIntent, getTopupIntent } from '../../domain/topups.ts'
import type { Deps } from '../../domain/types.ts'

export const billingRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/billing/top-up/intents',
    {
      schema: {
        operationId: 'createTopupIntent',
        summary: 'A link a person opens to buy credits',
        tags: ['billing'],
        response: { 201: TopupCreated },
      },
      config: { outage: 'credits.unavailable', scopes: ['dsp.usage.read'], errors: ['request.unsupported'] },
    },
    async (request, reply) => reply.code(201).send(await createTopupIntent(deps, request.credential!)),
  )

  app.get(
    '/v1/billing/top-up/intents/:topup_id',
    {
      schema: {
        operationId: 'getTopupIntent',
        summary: 'Status of a top-up',
        tags: ['billing'],
        params: TopupParams,
        response: { 200: TopupStatus },
      },
      config: { outage: 'credits.unavailable', scopes: ['dsp.usage.read'], errors: ['payment.topup_not_found'] },
    },
    async (request) => getTopupIntent(deps, request.credential!, request.params.topup_id),
  )

  // The dashboard's checkout page (session only, hidden from the public OpenAPI): the person pays
  // with the built-in local provider and the intent completes. Billing permission: owner, admin.
  app.post(
    '/v1/billing/top-up/intents/:topup_id/checkout',
    {
      schema: {
        operationId: 'checkoutTopup',
        summary: 'Pay for a top-up from the dashboard',
        tags: ['billing'],
        params: TopupParams,
        body: CompleteTopupBody,
        response: { 200: TopupStatus },
      },
      config: {
        auth: 'session',
        outage: 'payment.unavailable',
        errors: [
          'auth.session_required',
          'auth.csrf',
          'payment.forbidden',
          'payment.invalid_amount',
          'payment.topup_not_found',
          'payment.unavailable',
          'quota.burst_exceeded',
        ],
      },
    },
    async (request) => checkoutTopup(deps, request.credential!, request.params.topup_id, request.body.credits),
  )
}
