// Monitors (issue 42 item 5): a saved search or agent-run question run on a cron schedule (UTC)
// or after every operator ingest, delivering only records it has not delivered before as a
// monitor.matched event. The request and response shapes the dashboard and the SDK read are
// the consts below. Rules: domain/monitors/.
import { Type, type Static } from 'typebox'
import { Credits, ListEnvelope, Nullable, Strict, Timestamp, WithMeta } from './common.ts'
import { SearchBody } from './search.ts'
import { StartRunBody } from './agent-runs.ts'

/** Most monitors one workspace may have. */
export const MAX_MONITORS = 50
/** Most webhooks one monitor may name. */
export const MAX_MONITOR_WEBHOOKS = 20
/** The schedule that runs a monitor after each operator ingest or delete commits. */
export const ON_INGEST = 'on_ingest'

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })
const Schedule = Type.String({
  minLength: 1,
  maxLength: 100,
  description:
    'A cron expression of 5 fields (minute hour day-of-month month day-of-week) or a nickname (@hourly, @daily, @weekly, @monthly), read in UTC; or "on_ingest": after every operator ingest or delete',
  examples: ['0 8 * * 1-5', '@daily', 'on_ingest'],
})
const WebhookIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  maxItems: MAX_MONITOR_WEBHOOKS,
  uniqueItems: true,
  description:
    "Only these endpoints of the workspace receive this monitor's monitor.matched events (whatever event types they subscribe to); absent or null: every enabled endpoint subscribed to monitor.matched",
})

// `search` and `agent_run` are the routes' own schemas as they are, so the description names them
// (SearchRequest with its typed filters, StartAgentRunRequest) instead of copying them.
export const CreateMonitorBody = Strict(
  {
    name: Name,
    search: Type.Optional(SearchBody),
    agent_run: Type.Optional(StartRunBody),
    schedule: Schedule,
    webhook_ids: Type.Optional(Nullable(WebhookIds)),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  {
    description:
      'Exactly one of `search` (a POST /v1/search body without cursor: the question each run asks) and `agent_run` (a POST /v1/agents/runs body: each run starts an agent run with it)',
  },
)
export type CreateMonitorBody = Static<typeof CreateMonitorBody>

/** The question stays as created (a changed question would make "already delivered" meaningless): create another monitor. */
export const UpdateMonitorBody = Strict(
  {
    name: Type.Optional(Name),
    schedule: Type.Optional(Schedule),
    webhook_ids: Type.Optional(Nullable(WebhookIds)),
    enabled: Type.Optional(
      Type.Boolean({ description: 'false pauses the monitor; true resumes it from the next tick' }),
    ),
  },
  { minProperties: 1 },
)
export type UpdateMonitorBody = Static<typeof UpdateMonitorBody>

export const MonitorParams = Strict({ monitor_id: Type.String({ minLength: 1, maxLength: 100 }) })
export const MonitorRunsQuery = Strict({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
})

const monitorFields = {
  id: Type.String(),
  name: Type.String(),
  kind: Type.Enum(['search', 'agent_run']),
  search: Nullable(Type.Object({}, { additionalProperties: true, description: 'The saved search body' })),
  agent_run: Nullable(Type.Object({}, { additionalProperties: true, description: 'The saved agent-run start body' })),
  schedule: Type.String(),
  webhook_ids: Nullable(Type.Array(Type.String())),
  enabled: Type.Boolean(),
  environment: Type.Enum(['live', 'test'], {
    description: 'The environment of the key that created it: runs of a test-key monitor are free',
  }),
  next_run_at: Nullable(
    Type.String({ format: 'date-time', description: 'The next cron tick; null for on_ingest or paused' }),
  ),
  last_run_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
}
export const Monitor = Type.Object(monitorFields, { additionalProperties: false })
export type Monitor = Static<typeof Monitor>
export const MonitorResponse = WithMeta(monitorFields)
export const MonitorList = ListEnvelope(Monitor)

const runFields = {
  id: Type.String(),
  monitor_id: Type.String(),
  trigger: Type.Enum(['baseline', 'schedule', 'ingest'], {
    description:
      'baseline: the run at creation, which records what already matches and delivers nothing; schedule: a cron tick; ingest: an operator ingest or delete',
  }),
  tick: Type.String({ description: 'The cron tick (ISO time), the ingest it answers, or "baseline"' }),
  status: Type.Enum(['pending', 'running', 'waiting', 'succeeded', 'failed'], {
    description: 'waiting: an agent-run monitor waits for the run it started',
  }),
  matched_count: Type.Integer({ minimum: 0, description: 'Records the question returned' }),
  new_count: Type.Integer({
    minimum: 0,
    description: 'Of those, records not delivered before (sent in monitor.matched)',
  }),
  credits_charged: Credits,
  event_id: Nullable(Type.String({ description: 'The monitor.matched event; null when nothing was new' })),
  agent_run_id: Nullable(Type.String()),
  error: Nullable(Type.String()),
  created_at: Timestamp,
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
}
export const MonitorRun = Type.Object(runFields, { additionalProperties: false })
export type MonitorRun = Static<typeof MonitorRun>
export const MonitorRunList = ListEnvelope(MonitorRun)

/** A monitor.matched event's data: the monitor, the run, and only the new records. */
export interface MonitorMatched {
  monitor: Monitor
  run: MonitorRun
  records: Record<string, unknown>[]
}

export const CreditAlert = WithMeta({
  credits_low_threshold: Nullable(
    Type.Number({ description: 'credits.low fires once when the spendable balance goes below this; null: never' }),
  ),
  armed: Type.Boolean({
    description: 'true while the balance is at or above the threshold: the next crossing below fires credits.low',
  }),
  spendable: Credits,
})
export const UpdateCreditAlertBody = Strict({
  credits_low_threshold: Nullable(Type.Number({ minimum: 0, maximum: 1e9, multipleOf: 0.001 })),
})
export type UpdateCreditAlertBody = Static<typeof UpdateCreditAlertBody>
