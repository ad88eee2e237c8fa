// Wire types the dashboard reads. Imported type-only from src/contract (the dashboard imports
// nothing else from src/); where a contract file does not exist yet, the shape is written from
// the spec and says so.
import type { Static } from 'typebox'
import type { CreditBalanceResponse } from '../../src/contract/account.ts'
import type {
  MembersResponse as MembersResponseSchema,
  SessionView as SessionViewSchema,
} from '../../src/contract/auth.ts'
import type { Meta as MetaType, Problem as ProblemType } from '../../src/contract/common.ts'
import type {
  CreatedKey as CreatedKeySchema,
  CreateKeyBody as CreateKeyBodySchema,
  KeysResponse as KeysResponseSchema,
} from '../../src/contract/keys.ts'
import type {
  CreateMonitorBody as CreateMonitorBodyType,
  Monitor as MonitorType,
  MonitorRun as MonitorRunType,
} from '../../src/contract/monitors.ts'
import type { FilterValuesResponse } from '../../src/contract/filters.ts'
import type { AddItemsResponse, ListItemsPage, ListsResponse, SavedListResponse } from '../../src/contract/lists.ts'
import type { EntityCategory as EntityCategoryType } from '../../src/contract/records.ts'
import type {
  Effort as AgentEffort,
  ResultColumn,
  ResultRow,
  RunCategory as AgentRunCategory,
  RunHandle,
  RunListItem as RunListItemSchema,
  RunRead,
  StartRunBody,
} from '../../src/contract/agent-runs.ts'
import type {
  Delivery as DeliverySchema,
  EventType,
  Webhook as WebhookSchema,
  WebhookWithSecret as WebhookWithSecretSchema,
} from '../../src/contract/webhooks.ts'
import type {
  ActionType as ActionTypeName,
  HistoryRunDetail,
  HistoryRunSummary,
  MetricsResponse,
  TopupCreated,
  TopupStatus,
} from '../../src/contract/usage.ts'

export type Meta = MetaType
export type ActionType = ActionTypeName
export type Problem = ProblemType
export type SessionView = Static<typeof SessionViewSchema>
export type MembersResponse = Static<typeof MembersResponseSchema>
export type KeysResponse = Static<typeof KeysResponseSchema>
export type CreatedKey = Static<typeof CreatedKeySchema>
export type CreateKeyBody = Static<typeof CreateKeyBodySchema>
export type Credits = Static<typeof CreditBalanceResponse>
export type Metrics = Static<typeof MetricsResponse>
export type HistoryRow = Static<typeof HistoryRunSummary>
export type History = Envelope<HistoryRow>
export type HistoryDetail = Static<typeof HistoryRunDetail>
export type TopupIntent = Static<typeof TopupCreated>
export type Topup = Static<typeof TopupStatus>
export type Lists = Static<typeof ListsResponse>
export type SavedList = Static<typeof SavedListResponse>
export type ListItems = Static<typeof ListItemsPage>
export type AddItemsResult = Static<typeof AddItemsResponse>
export type FilterValues = Static<typeof FilterValuesResponse>
export type EntityCategory = EntityCategoryType
export type Scope = SessionView['scopes'][number]

export const SCOPES = [
  'dsp.search.read',
  'dsp.entities.read',
  'dsp.usage.read',
  'dsp.agents.read',
  'dsp.agents.write',
] as const satisfies readonly Scope[]

export const CATEGORIES = [
  'company',
  'person',
  'patent',
  'news_article',
  'market_report',
  'funding_round',
  'academic_report',
  'trend',
  'job_opening',
] as const satisfies readonly EntityCategory[]

/** The list envelope (§2.2) with the rows of search (`id`, `category`, `score` plus the record's fields). */
export interface Envelope<Row> {
  results: Row[]
  total: number
  total_is_estimate: boolean
  has_more: boolean
  next_cursor: string | null
  resolved_search: Record<string, unknown> | null
  suggestion: { kind: string; category: string | null; message: string } | null
  coverage: Record<string, unknown> | null
  degradation: { reason: string; detail: string; impact: string; source_corpus: string | null }[]
  columns: Record<string, unknown>[] | null
  meta: Meta
}

export type SearchRow = { id: string; category: EntityCategory; score: number } & Record<string, unknown>

export interface SearchBody {
  query?: string | null
  category?: EntityCategory
  mode?: 'fast' | 'auto' | 'deep'
  filters?: Record<string, unknown>
  limit?: number
  cursor?: string | null
}

/** data-routes §2.1: one hit per input id, in order. */
export interface EntityHit {
  id: string
  category: EntityCategory
  found: boolean
  matches: Record<string, unknown>[]
}

// Agent runs (§2.12, §4.9, contract/agent-runs.ts) and their event stream (docs/agent-runs.md §7).
export type Effort = AgentEffort
export type RunCategory = AgentRunCategory
export type AgentRunHandle = Static<typeof RunHandle>
export type AgentRun = Static<typeof RunRead>
export type RunListItem = Static<typeof RunListItemSchema>
/** A results row; `record` and `enrichments` are open objects (any field). */
export type RunResultRow = Omit<Static<typeof ResultRow>, 'record' | 'enrichments'> & {
  record: Record<string, unknown>
  enrichments: Record<string, unknown>
}
export type RunColumn = Static<typeof ResultColumn>
export type RunResultsPage = Omit<Envelope<RunResultRow>, 'columns'> & { columns: RunColumn[] | null }
export type RunStartBody = Static<typeof StartRunBody>

// Webhooks (issue 42, contract/webhooks.ts).
export type Webhook = Static<typeof WebhookSchema>
export type WebhookWithSecret = Static<typeof WebhookWithSecretSchema>
/** GET /v1/webhooks: the list envelope of endpoints. */
export type WebhookList = Pick<Envelope<Webhook>, 'results' | 'has_more' | 'next_cursor' | 'meta'>
export type Delivery = Static<typeof DeliverySchema>
export type DeliveryList = Pick<Envelope<Delivery>, 'results' | 'has_more' | 'next_cursor' | 'meta'>
export type WebhookEventType = EventType

/** Every event type an endpoint can subscribe to, with what it says (contract/webhooks.ts EVENT_TYPES). */
export const WEBHOOK_EVENTS = [
  { type: 'agent_run.completed', help: 'An agent run finished with its rows' },
  { type: 'agent_run.failed', help: 'An agent run failed' },
  { type: 'agent_run.cancelled', help: 'An agent run was cancelled' },
  { type: 'monitor.matched', help: 'A monitor found new records' },
  { type: 'list.updated', help: 'A saved list changed' },
  { type: 'credits.low', help: 'The balance fell below its threshold' },
  { type: 'ingest.completed', help: 'An operator loaded or deleted records' },
  { type: 'webhook.disabled', help: 'An endpoint was disabled after failing for too long' },
  { type: 'webhook.test', help: 'A test sent on request (always sent when asked)' },
] as const satisfies readonly { type: EventType; help: string }[]

/** One server-sent event as received: names and payloads are the engine's (§6 shows none). */
export interface StreamEvent {
  id: string | null
  event: string
  data: string
}

// Monitors (issue 42 item 5).
export type Monitor = MonitorType
export type MonitorRun = MonitorRunType
export type CreateMonitorBody = CreateMonitorBodyType
