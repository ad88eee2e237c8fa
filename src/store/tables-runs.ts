// The agent-run tables (migration 0006), the monitor tables (migrations 0034, 0042) and the
// webhook tables (migration 0034) as the store's types, with their SQL column names. Queries:
// agent-runs.ts, monitors.ts and webhooks.ts. This module imports nothing of ours.
import type { ColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type Json = ColumnType<unknown, string, string>
type JsonDefault = ColumnType<unknown, string | undefined, string>

export type AgentRunStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled'

export interface AgentRunsTable {
  id: string
  workspace_id: string
  key_id: string | null
  user_id: number | null
  environment: 'live' | 'test'
  idempotency_key: string
  status: AgentRunStatus
  query: string
  category: string
  effort: string
  tier: string | null
  criteria: Json
  enrichments: Json
  exclusion: Json
  hold_id: string
  usage_run_id: number | null
  start_slot: string | null
  request_id: string
  /** The W3C traceparent of the start request's span (tracing on), for the worker's span. */
  traceparent: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  started_at: Timestamp | null
  finished_at: Timestamp | null
  updated_at: Timestamp
  lease_owner: string | null
  lease_expires_at: Timestamp | null
  attempts: ColumnType<number, number | undefined, number>
  event_seq: ColumnType<number, number | undefined, number>
  summary: ColumnType<string, string | undefined, string>
  coverage: Json | null
  degradation: JsonDefault
  error: string | null
  exclusions: JsonDefault
  insights: JsonDefault
  insight_sources: JsonDefault
  columns: JsonDefault
  stop_reason: string | null
  result_count: number | null
  settled_at: Timestamp | null
  settlement: string | null
  credits_charged_milli: number | null
  effort_ran: string | null
}

export interface AgentRunStepsTable {
  run_id: string
  name: string
  attempt: number
  output: Json
  created_at: Timestamp
}

export interface AgentRunEventsTable {
  run_id: string
  seq: number
  event: string
  data: Json
  created_at: Timestamp
}

export interface AgentRunRowsTable {
  run_id: string
  position: number
  entity_id: string
  row: Json
}

export interface EntityExposuresTable {
  credential: string
  entity: string
  first_shown_at: Timestamp
  last_shown_at: Timestamp
}

export interface AgentRunTables {
  agent_runs: AgentRunsTable
  agent_run_steps: AgentRunStepsTable
  agent_run_events: AgentRunEventsTable
  agent_run_rows: AgentRunRowsTable
  entity_exposures: EntityExposuresTable
}

export interface MonitorsTable {
  id: string
  workspace_id: string
  key_id: string | null
  user_id: number | null
  environment: 'live' | 'test'
  name: string
  kind: 'search' | 'agent_run'
  request: Json
  schedule: string
  webhook_ids: ColumnType<unknown, string | null, string | null>
  is_enabled: boolean
  next_run_at: Timestamp | null
  last_run_at: Timestamp | null
  idempotency_key: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type MonitorRunStatus = 'pending' | 'running' | 'waiting' | 'succeeded' | 'failed'

export interface MonitorRunsTable {
  id: string
  monitor_id: string
  workspace_id: string | null
  tick: string
  trigger: ColumnType<string, string | undefined, string>
  status: MonitorRunStatus
  new_count: ColumnType<number, number | undefined, number>
  matched_count: ColumnType<number, number | undefined, number>
  credits_charged_milli: ColumnType<number, number | undefined, number>
  event_id: string | null
  error: string | null
  lease_owner: string | null
  lease_expires_at: Timestamp | null
  agent_run_id: string | null
  usage_run_id: ColumnType<number | null, number | null | undefined, number | null>
  started_at: Timestamp | null
  created_at: Timestamp
  finished_at: Timestamp | null
}

export interface MonitorSeenTable {
  monitor_id: string
  record_id: string
  seen_at: Timestamp
}

export interface CreditAlertsTable {
  workspace_id: string
  threshold_milli: ColumnType<number, number, number>
  is_armed: boolean
  updated_at: Timestamp
}

export interface MonitorTables {
  monitors: MonitorsTable
  monitor_runs: MonitorRunsTable
  monitor_seen: MonitorSeenTable
  credit_alerts: CreditAlertsTable
}

export interface WebhookEndpointsTable {
  id: string
  workspace_id: string
  url: string
  events: Json
  description: string | null
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: Timestamp | null
  is_enabled: boolean
  disabled_reason: string | null
  failing_since: Timestamp | null
  idempotency_key: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WebhookEventsTable {
  id: string
  workspace_id: string
  type: string
  data: Json
  created_at: Timestamp
}

export type DeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed'

export interface WebhookDeliveriesTable {
  id: string
  workspace_id: string
  endpoint_id: string
  event_id: string
  event_type: string
  body: string
  status: DeliveryStatus
  attempt_count: ColumnType<number, number | undefined, number>
  next_attempt_at: Timestamp | null
  lease_owner: string | null
  lease_expires_at: Timestamp | null
  last_status_code: number | null
  last_error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WebhookAttemptsTable {
  delivery_id: string
  attempt: number
  started_at: Timestamp
  latency_ms: number
  status_code: number | null
  error: string | null
  is_success: boolean
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable
  webhook_events: WebhookEventsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
}
