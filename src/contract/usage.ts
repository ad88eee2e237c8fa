// Usage, history, key usage and top-up shapes (contract §2.5, §2.6, §2.7, §4.2–4.4).
import { Type, type Static } from 'typebox'
import {
  Credits,
  ListEnvelope,
  MAX_SAFE_INTEGER,
  Nullable,
  Strict,
  Timestamp,
  TimestampParam,
  WithMeta,
} from './common.ts'

/**
 * §2.6: the closed set of 13 action types, the one list of them. Pricing is a Record over it (a
 * missing price does not compile), the history schema enumerates it, the dashboard labels it.
 */
export const ACTION_TYPES = [
  'dsp.search.fast',
  'dsp.search.auto',
  'dsp.search.deep',
  'dsp.similar',
  'dsp.entities',
  'dsp.relationships',
  'dsp.relationships.ask',
  'dsp.org_chart',
  'dsp.agent.run.minimal',
  'dsp.agent.run.low',
  'dsp.agent.run.medium',
  'dsp.agent.run.high',
  'dsp.agent.run.xhigh',
] as const
export type ActionType = (typeof ACTION_TYPES)[number]

export const ActionTypeName = Type.Enum([...ACTION_TYPES])

export const HistoryRunSummary = Type.Object({
  id: Type.Integer(),
  action_type: ActionTypeName,
  actor_type: Type.Enum(['user', 'api_key']),
  credits_charged: Credits,
  environment: Type.Enum(['live', 'test']),
  error_code: Nullable(
    Type.String({
      description:
        'incomplete (never finished; its charge stands) or unsettled (agent run whose hold lapsed unread; cost nothing)',
    }),
  ),
  latency_ms: Nullable(Type.Integer()),
  occurred_at: Timestamp,
  query: Nullable(Type.String()),
  result_count: Nullable(Type.Integer()),
  status: Type.Enum(['pending', 'ok', 'failed']),
})

export const HistoryQuery = Strict({
  cursor: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  action_type: Type.Optional(Type.Array(ActionTypeName)),
  from: Type.Optional(TimestampParam),
  to: Type.Optional(TimestampParam),
})
export type HistoryQuery = Static<typeof HistoryQuery>

export const HistoryPage = ListEnvelope(HistoryRunSummary)

export const HistoryRunParams = Strict({ run_id: Type.Integer({ minimum: 1, maximum: MAX_SAFE_INTEGER }) })

export const HistoryRunDetail = WithMeta({
  ...HistoryRunSummary.properties,
  request_id: Type.String({ description: 'meta.request_id of the charged response' }),
  request: Nullable(
    Type.Object({}, { additionalProperties: true, description: 'The original request: method, path, query and body' }),
  ),
  plan: Nullable(
    Type.Object({}, { additionalProperties: true, description: 'The resolved plan (resolved_search for searches)' }),
  ),
  snapshot: Nullable(
    Type.Object(
      {},
      { additionalProperties: true, description: 'Page 1 of a search as it was answered; replays for free' },
    ),
  ),
  snapshot_state: Type.Enum(['available', 'not_a_search', 'not_first_page', 'too_large', 'expired', 'not_recorded'], {
    description:
      "available: snapshot holds page 1. not_a_search: only searches keep one. not_first_page: a cursor page. too_large: page 1 was over the size kept. expired: past the 30-day snapshot retention. not_recorded: the route keeps none, or the run's detail (written a moment after its charge) never reached the store.",
  }),
})

export const MetricsQuery = Strict({
  from: Type.Optional({ ...TimestampParam, description: 'Default 30 days before `to`; 1970 to 9999' }),
  to: Type.Optional({ ...TimestampParam, description: 'Default now; 1970 to 9999' }),
  action_type: Type.Optional(Type.Array(ActionTypeName)),
})

export const MetricsResponse = WithMeta({
  from: Timestamp,
  to: Timestamp,
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      runs: Type.Integer(),
      failed_runs: Type.Integer(),
      credits: Credits,
    }),
    { description: 'One entry per UTC day of the window, zero-filled' },
  ),
  by_action_type: Type.Array(Type.Object({ action_type: ActionTypeName, runs: Type.Integer(), credits: Credits })),
  total_runs: Type.Integer(),
  total_credits: Credits,
})

export const KeyUsageQuery = Strict({
  granularity: Type.Optional(Type.Enum(['hour', 'day', 'month', 'total'], { default: 'day' })),
  from: Type.Optional(TimestampParam),
  to: Type.Optional(TimestampParam),
})

export const KeyUsageResponse = WithMeta({
  key_id: Nullable(
    Type.String({
      description: "The calling key; null for a session (then: the user's runs and those of the keys the user created)",
    }),
  ),
  granularity: Type.Enum(['hour', 'day', 'month', 'total']),
  period_from: Timestamp,
  period_to: Timestamp,
  buckets: Type.Array(
    Type.Object({
      period_start: Timestamp,
      action_type: Nullable(Type.String()),
      credits: Credits,
      requests: Type.Integer(),
    }),
  ),
  total_credits: Credits,
  total_requests: Type.Integer(),
})

export const TopupCreated = WithMeta({
  topup_id: Type.String(),
  url: Type.String({ format: 'uri' }),
  expires_at: Timestamp,
})
export const TopupStatus = WithMeta({
  topup_id: Type.String(),
  status: Type.Enum(['pending', 'completed']),
  credits_added: Nullable(Credits),
  order_id: Nullable(Type.Integer()),
  expires_at: Timestamp,
})
export const TopupParams = Strict({ topup_id: Type.String({ minLength: 1, maxLength: 100 }) })
export const CompleteTopupBody = Strict({ credits: Type.Number() })
