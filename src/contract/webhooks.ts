// Webhook endpoints, the workspace's events and their deliveries (issue 42; docs/integrations-webhooks.md).
// The event types are one catalogue: the create and update bodies, the events filter, the
// OpenAPI `webhooks` section and the docs read it. Rules: domain/webhooks/.
import { Type, type Static, type TSchema } from 'typebox'
import { Credits, ListEnvelope, Nullable, Strict, Timestamp, WithMeta } from './common.ts'
import { Monitor, MonitorRun } from './monitors.ts'

/** Every event type, with what its `data` holds (the resource as its read route answers it). */
export const EVENT_TYPES = {
  'agent_run.completed': { data: 'The run as GET /v1/agents/runs/{run_id} answers it' },
  'agent_run.failed': { data: 'The run as GET /v1/agents/runs/{run_id} answers it' },
  'agent_run.cancelled': { data: 'The run as GET /v1/agents/runs/{run_id} answers it' },
  'monitor.matched': {
    data: "The monitor as GET /v1/monitors/{monitor_id} answers it, its run as GET /v1/monitors/{monitor_id}/runs lists it, and only the records not delivered before, as the search (or the agent run's results) answers them: {monitor, run, records}",
  },
  'ingest.completed': {
    data: 'An operator ingest or delete that committed: {id, operation: ingest|delete, category, counts: {<category>: {inserted, updated, unchanged, rejected, deleted}}, completed_at}; recorded in every workspace with an endpoint subscribed to it',
  },
  'credits.low': {
    data: "The workspace's spendable balance went below its threshold (PATCH /v1/events/settings): {available, threshold}; once per crossing",
  },
  'list.updated': { data: 'The saved list as GET /v1/lists answers it, and the change' },
  'webhook.test': { data: 'The endpoint sent to: {webhook_id, message}' },
  'webhook.disabled': {
    data: 'The endpoint disabled after failing too long, as GET /v1/webhooks/{webhook_id} answers it',
  },
} as const satisfies Record<string, { data: string }>
export type EventType = keyof typeof EVENT_TYPES
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[]

/** Most endpoints one workspace may have. */
export const MAX_ENDPOINTS = 20

export const EventTypeName = Type.Enum([...EVENT_TYPE_NAMES], { description: 'An event type' })

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'Where deliveries are POSTed: https (http only when the operator allows it); a host resolving to a loopback, link-local or private address is refused unless the operator allows that range',
})
const Events = Type.Array(EventTypeName, {
  minItems: 1,
  maxItems: EVENT_TYPE_NAMES.length,
  uniqueItems: true,
  description: 'The event types sent to this endpoint (webhook.test is always sent on request)',
})
const Description = Type.String({ maxLength: 500 })

export const CreateWebhookBody = Strict({ url: Url, events: Events, description: Type.Optional(Description) })
export type CreateWebhookBody = Static<typeof CreateWebhookBody>

export const UpdateWebhookBody = Strict(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Nullable(Description)),
    enabled: Type.Optional(
      Type.Boolean({ description: 'false pauses deliveries; true re-enables a disabled endpoint' }),
    ),
  },
  { minProperties: 1 },
)
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>

export const CreateHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Optional. A key already used in the workspace answers 200 with what it created, whatever the body',
    }),
  ),
})

const webhookFields = {
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(EventTypeName),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  disabled_reason: Nullable(Type.String({ description: 'Why the service disabled the endpoint; null when enabled' })),
  failing_since: Nullable(Timestamp),
  previous_secret_expires_at: Nullable(
    Type.String({ format: 'date-time', description: 'After a rotation: until when the old secret also signs' }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
}
export const Webhook = Type.Object(webhookFields, { additionalProperties: false })
export type Webhook = Static<typeof Webhook>

export const WebhookResponse = WithMeta(webhookFields)
export const WebhookWithSecret = WithMeta({
  ...webhookFields,
  secret: Type.String({ description: 'The signing secret (whsec_…), shown only here; verify deliveries with it' }),
})
export const WebhookList = ListEnvelope(Webhook)
export const WebhookParams = Strict({ webhook_id: Type.String({ minLength: 1, maxLength: 100 }) })
export const DeliveryParams = Strict({
  webhook_id: Type.String({ minLength: 1, maxLength: 100 }),
  delivery_id: Type.String({ minLength: 1, maxLength: 100 }),
})

export const EventView = Type.Object(
  {
    id: Type.String(),
    type: EventTypeName,
    created_at: Timestamp,
    data: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: false },
)
export type EventView = Static<typeof EventView>
export const EventList = ListEnvelope(EventView)
export const EventsQuery = Strict({
  type: Type.Optional(EventTypeName),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
})

export const Attempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    started_at: Timestamp,
    status_code: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when none came" })),
    latency_ms: Type.Integer({ minimum: 0 }),
    error: Nullable(Type.String({ description: 'Timeout, refused target, connection error; null on an answer' })),
    succeeded: Type.Boolean(),
  },
  { additionalProperties: false },
)

const deliveryFields = {
  id: Type.String({ description: 'The webhook-id header: the same on every attempt' }),
  event_id: Type.String(),
  event_type: EventTypeName,
  status: Type.Enum(['pending', 'sending', 'succeeded', 'failed']),
  attempt_count: Type.Integer({ minimum: 0 }),
  next_attempt_at: Nullable(Timestamp),
  last_status_code: Nullable(Type.Integer()),
  created_at: Timestamp,
  attempts: Type.Array(Attempt),
}
export const Delivery = Type.Object(deliveryFields, { additionalProperties: false })
export type Delivery = Static<typeof Delivery>
export const DeliveryResponse = WithMeta(deliveryFields)
export const DeliveryList = ListEnvelope(Delivery)
export const DeliveriesQuery = Strict({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
})

/** An example of each event type's payload (the body a receiver gets), for the OpenAPI `webhooks` section. */
const EXAMPLE_RUN = {
  run_id: 'run_8f2k1m0q9x3z',
  status: 'completed',
  query: 'cloud database companies',
  result_count: 12,
}
export const EVENT_EXAMPLES: Record<EventType, Record<string, unknown>> = {
  'agent_run.completed': EXAMPLE_RUN,
  'agent_run.failed': { ...EXAMPLE_RUN, status: 'failed', result_count: 0, error: 'The agent engine failed.' },
  'agent_run.cancelled': { ...EXAMPLE_RUN, status: 'cancelled', result_count: 0, error: 'Cancelled by request.' },
  'monitor.matched': {
    monitor: {
      id: 'mon_4h7d2k9s1a0b',
      name: 'New fintech companies',
      kind: 'search',
      search: { query: 'fintech companies in Germany', mode: 'fast' },
      agent_run: null,
      schedule: 'on_ingest',
      webhook_ids: null,
      enabled: true,
      environment: 'live',
      next_run_at: null,
      last_run_at: '2026-01-15T10:29:58.000Z',
      created_at: '2026-01-10T09:00:00.000Z',
      updated_at: '2026-01-10T09:00:00.000Z',
    },
    run: {
      id: 'mrun_0a9s8d7f6g5h',
      monitor_id: 'mon_4h7d2k9s1a0b',
      trigger: 'ingest',
      tick: 'ingest:ing_9k2j4h6g8f0d',
      status: 'succeeded',
      matched_count: 14,
      new_count: 1,
      credits_charged: 0.28,
      event_id: 'evt_1a2b3c4d5e6f',
      agent_run_id: null,
      error: null,
      created_at: '2026-01-15T10:29:58.000Z',
      started_at: '2026-01-15T10:29:58.100Z',
      finished_at: '2026-01-15T10:29:58.400Z',
    },
    records: [{ id: 'northwind-payments.example', category: 'company', score: 0.82, name: 'Northwind Payments' }],
  },
  'ingest.completed': {
    id: 'ing_9k2j4h6g8f0d',
    operation: 'ingest',
    category: 'company',
    counts: { company: { inserted: 120, updated: 4, unchanged: 880, rejected: 2, deleted: 0 } },
    completed_at: '2026-01-15T10:29:58.000Z',
  },
  'credits.low': { available: 4.5, threshold: 10 },
  'list.updated': {
    list: { id: '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f', name: 'Cloud databases', item_count: 3 },
    change: 'items_added',
    added: 1,
  },
  'webhook.test': { webhook_id: 'wh_2k4m6p8r0t1v', message: 'A test event sent on request.' },
  'webhook.disabled': { id: 'wh_2k4m6p8r0t1v', enabled: false, disabled_reason: 'Every delivery failed for 72 hours.' },
}

const IngestCounts = Type.Object(
  {
    inserted: Type.Integer({ minimum: 0 }),
    updated: Type.Integer({ minimum: 0 }),
    unchanged: Type.Integer({ minimum: 0 }),
    rejected: Type.Integer({ minimum: 0, description: 'Rejected and duplicate lines' }),
    deleted: Type.Integer({ minimum: 0, description: 'Records removed (a delete, or a replace ingest)' }),
  },
  { additionalProperties: false },
)

/** The declared `data` of the event types whose payload is not a resource declared elsewhere. */
export const EVENT_DATA: Partial<Record<EventType, TSchema>> = {
  'monitor.matched': Type.Object(
    {
      monitor: Monitor,
      run: MonitorRun,
      records: Type.Array(
        Type.Object(
          { id: Type.String(), category: Type.String() },
          { additionalProperties: true, description: 'A row as the search (or the agent run) answers it' },
        ),
        { description: 'Only the records this monitor had not delivered before' },
      ),
    },
    { additionalProperties: false },
  ),
  'ingest.completed': Type.Object(
    {
      id: Type.String({ description: 'The ingest: the tick of the on_ingest monitor runs it queued' }),
      operation: Type.Enum(['ingest', 'delete']),
      category: Type.String(),
      counts: Type.Record(Type.String(), IngestCounts, { description: 'Per category' }),
      completed_at: Timestamp,
    },
    { additionalProperties: false },
  ),
  'credits.low': Type.Object(
    {
      available: { ...Credits, description: 'The spendable balance when it crossed below' },
      threshold: { ...Credits, description: 'The workspace threshold (GET /v1/events/settings)' },
    },
    { additionalProperties: false },
  ),
}
