// Webhook endpoints, their deliveries and the workspace's events (issue 42). Shapes:
// contract/webhooks.ts. Rules: domain/webhooks/. This file only translates HTTP into domain calls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  CreateHeaders,
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryList,
  DeliveryParams,
  DeliveryResponse,
  EventList,
  EventsQuery,
  UpdateWebhookBody,
  WebhookList,
  WebhookParams,
  WebhookResponse,
  WebhookWithSecret,
} from '../../contract/webhooks.ts'
import * as endpoints from '../../domain/webhooks/endpoints.ts'
import * as deliveries from '../../domain/webhooks/deliveries.ts'
import * as events from '../../domain/webhooks/events.ts'
import { getEventSettings, updateEventSettings } from '../../domain/webhooks/credits-low.ts'
import { CreditAlert, UpdateCreditAlertBody } from '../../contract/monitors.ts'
import type { Deps, Scope } from '../../domain/types.ts'

const write: readonly Scope[] = ['dsp.agents.write']
const read: readonly Scope[] = ['dsp.agents.read', 'dsp.agents.write']
const tags = ['webhooks']
const cursorErrors = ['pagination.cursor_invalid', 'pagination.cursor_expired'] as const

export const webhookRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        summary: 'Add a webhook endpoint; its signing secret is shown once',
        tags,
        headers: CreateHeaders,
        body: CreateWebhookBody,
        response: { 200: WebhookWithSecret, 201: WebhookWithSecret },
      },
      config: { scopes: write, errors: ['request.invalid'] },
      // An Idempotency-Key already used in the workspace answers 200 with what it created.
      preValidation: async (request, reply) => {
        const replay = await endpoints.findWebhookReplay(deps, request.credential!, request.headers['idempotency-key'])
        if (replay) return reply.code(200).send(replay)
      },
    },
    async (request, reply) => {
      const { created, webhook } = await endpoints.createWebhook(
        deps,
        request.credential!,
        request.body,
        request.headers['idempotency-key'],
      )
      return reply.code(created ? 201 : 200).send(webhook)
    },
  )

  app.get(
    '/v1/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        summary: "The workspace's webhook endpoints, newest first",
        tags,
        response: { 200: WebhookList },
      },
      config: { scopes: read },
    },
    async (request) => endpoints.listWebhooks(deps, request.credential!),
  )

  app.get(
    '/v1/webhooks/:webhook_id',
    {
      schema: {
        operationId: 'getWebhook',
        summary: 'One webhook endpoint',
        tags,
        params: WebhookParams,
        response: { 200: WebhookResponse },
      },
      config: { scopes: read, errors: ['request.invalid'] },
    },
    async (request) => endpoints.getWebhook(deps, request.credential!, request.params.webhook_id),
  )

  app.patch(
    '/v1/webhooks/:webhook_id',
    {
      schema: {
        operationId: 'updateWebhook',
        summary: 'Change the URL, the events, the description, or enable or disable the endpoint',
        tags,
        params: WebhookParams,
        body: UpdateWebhookBody,
        response: { 200: WebhookResponse },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request) => endpoints.updateWebhook(deps, request.credential!, request.params.webhook_id, request.body),
  )

  app.delete(
    '/v1/webhooks/:webhook_id',
    {
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Delete an endpoint and its deliveries',
        tags,
        params: WebhookParams,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request, reply) => {
      await endpoints.deleteWebhook(deps, request.credential!, request.params.webhook_id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/v1/webhooks/:webhook_id/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: 'A new signing secret, shown once; the old one also signs for 24 hours',
        tags,
        params: WebhookParams,
        response: { 200: WebhookWithSecret },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request) => endpoints.rotateWebhookSecret(deps, request.credential!, request.params.webhook_id),
  )

  app.post(
    '/v1/webhooks/:webhook_id/test',
    {
      schema: {
        operationId: 'sendTestWebhook',
        summary: 'Send a webhook.test event to this endpoint; answers its delivery',
        tags,
        params: WebhookParams,
        response: { 202: DeliveryResponse },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request, reply) =>
      reply.code(202).send(await endpoints.sendTestWebhook(deps, request.credential!, request.params.webhook_id)),
  )

  app.get(
    '/v1/webhooks/:webhook_id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "The endpoint's deliveries, newest first, with every attempt's status and latency",
        tags,
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: DeliveryList },
      },
      config: { scopes: read, errors: ['request.invalid', ...cursorErrors] },
    },
    async (request) =>
      deliveries.listWebhookDeliveries(deps, request.credential!, request.params.webhook_id, request.query),
  )

  app.post(
    '/v1/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
    {
      schema: {
        operationId: 'redeliverWebhookDelivery',
        summary: 'Send a delivery again (same webhook-id and body)',
        tags,
        params: DeliveryParams,
        response: { 202: DeliveryResponse },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await deliveries.redeliverWebhookDelivery(
            deps,
            request.credential!,
            request.params.webhook_id,
            request.params.delivery_id,
          ),
        ),
  )

  app.get(
    '/v1/events',
    {
      schema: {
        operationId: 'listEvents',
        summary: "The workspace's events of the last 30 days, newest first",
        tags,
        querystring: EventsQuery,
        response: { 200: EventList },
      },
      config: { scopes: read, errors: ['request.invalid', ...cursorErrors] },
    },
    async (request) => events.listEvents(deps, request.credential!, request.query),
  )

  app.get(
    '/v1/events/settings',
    {
      schema: {
        operationId: 'getEventSettings',
        summary: "The workspace's event settings: the credits.low threshold",
        tags,
        response: { 200: CreditAlert },
      },
      config: { scopes: read },
    },
    async (request) => getEventSettings(deps, request.credential!),
  )

  app.patch(
    '/v1/events/settings',
    {
      schema: {
        operationId: 'updateEventSettings',
        summary: 'Set the credits.low threshold (null: no alert)',
        description:
          'credits.low fires once when the spendable balance goes below the threshold, and again only after the balance has come back to it or above (a top-up re-arms it). A balance already below fires at once.',
        tags,
        body: UpdateCreditAlertBody,
        response: { 200: CreditAlert },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request) => updateEventSettings(deps, request.credential!, request.body),
  )
}
