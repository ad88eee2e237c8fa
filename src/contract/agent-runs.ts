// Agent runs (contract §2.12, §4.9, §6): the start body, the handle, the run read, the list item,
// the cancel body, the results rows and their columns. Rules: domain/agent-runs/. Event names and
// payloads of the stream are documented in docs/agent-runs.md (an SSE stream has no JSON schema).
import { Type, type Static } from 'typebox'
import { Credits, Degradation, ListEnvelope, Nullable, Strict, Timestamp, WithMeta } from './common.ts'

export const EFFORTS = ['minimal', 'low', 'medium', 'high', 'xhigh', 'auto'] as const
export type Effort = (typeof EFFORTS)[number]
export const TIERS = ['minimal', 'low', 'medium', 'high', 'xhigh'] as const
export type Tier = (typeof TIERS)[number]
export const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]
export const RUN_CATEGORIES = ['company', 'person'] as const
export type RunCategory = (typeof RUN_CATEGORIES)[number]

export const AGENT_LIMITS = {
  query: 4000,
  criteria: 10,
  enrichments: 20,
  exclusion: 1000,
  idempotency_key: 255,
} as const

export const StartRunBody = Strict({
  query: Type.String({
    minLength: 1,
    maxLength: AGENT_LIMITS.query,
    pattern: '\\S',
    description: 'What to find, 1..4000 characters',
  }),
  category: Type.Optional(Type.Enum([...RUN_CATEGORIES], { default: 'company', description: 'What each row is' })),
  effort: Type.Optional(
    Type.Enum([...EFFORTS], {
      default: 'medium',
      description:
        'Budget tier (searches, candidates examined, depth); auto picks one from the query and holds 85 credits while it chooses',
    }),
  ),
  criteria: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
      maxItems: AGENT_LIMITS.criteria,
      description: 'Up to 10; a row must satisfy every one to be kept',
    }),
  ),
  enrichments: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: AGENT_LIMITS.enrichments,
      description:
        'Up to 20 column names filled on every row from record fields; a column no field supports comes back empty, never guessed',
    }),
  ),
  exclusion: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
      maxItems: AGENT_LIMITS.exclusion,
      description:
        'Up to 1000 record ids (row ids, domains or profile URLs) left out of the answer; coverage is still measured against the whole matching set',
    }),
  ),
})
export type StartRunBody = Static<typeof StartRunBody>

export const StartRunHeaders = Type.Object(
  {
    'idempotency-key': Type.String({
      minLength: 1,
      maxLength: AGENT_LIMITS.idempotency_key,
      description:
        'Required. A unique string per intent, scoped to the workspace, never expiring: a reused key returns the original run (200) whatever the body says. Missing, empty or over 255 characters: 400 request.invalid.',
    }),
  },
  { additionalProperties: true },
)

export const RunHandle = WithMeta({
  run_id: Type.String(),
  status: Type.Enum([...RUN_STATUSES]),
})
export type RunHandle = Static<typeof RunHandle>

export const Insight = Type.Object({
  statement: Type.String({ description: 'A statement about the market or the technology, taken from its sources' }),
  kind: Type.Enum(['market', 'technology', 'news']),
  citations: Type.Array(Type.String(), {
    minItems: 1,
    description: 'ids of insight_sources entries; an uncited statement is never returned',
  }),
})

export const InsightSource = Type.Object({
  id: Type.String({ description: 'The document id (as search rows give it)' }),
  category: Type.Enum(['news_article', 'market_report', 'academic_report']),
  title: Nullable(Type.String()),
  published: Nullable(Type.String({ description: 'Publication date' })),
  publisher: Nullable(Type.String({ description: 'Publisher, venue or outlet' })),
  url: Nullable(Type.String({ description: "The document's own link, when the record has one" })),
})

export const ResultColumn = Type.Object({
  name: Type.String({ description: 'The column as requested' }),
  source: Nullable(Type.String({ description: 'The record field it is filled from; null when no field supports it' })),
  supported: Type.Boolean(),
  filled: Type.Integer({ minimum: 0, description: 'Rows with a value' }),
})
export type ResultColumn = Static<typeof ResultColumn>

/** §2.2: the extra columns of an enriched answer; null for a plain entity table (a run without enrichments). */
export const RunColumns = Type.Union([Type.Array(ResultColumn), Type.Null()], {
  description:
    'The enrichment columns of the answer table, in the order requested; null when the run asked for no enrichments (a plain entity table) and until the run completes',
})

export const RunRead = WithMeta({
  run_id: Type.String(),
  status: Type.Enum([...RUN_STATUSES]),
  query: Type.String(),
  category: Type.Enum([...RUN_CATEGORIES]),
  effort: Type.Enum([...EFFORTS], { description: 'The tier requested' }),
  effort_ran: Nullable(
    Type.Enum([...TIERS], {
      description: 'The tier actually run and charged; null until settled; for auto, the tier chosen',
    }),
  ),
  credits_charged: Nullable(Credits),
  summary: Type.String({
    description: 'Two or three sentences on what came back and the bar actually applied; empty until completed',
  }),
  coverage: Nullable(
    Type.Object({}, { additionalProperties: true, description: 'The coverage object of §2.2; null until completed' }),
  ),
  degradation: Type.Array(Degradation),
  error: Nullable(Type.String()),
  exclusions: Type.Array(Type.String(), { description: 'What was left out and why' }),
  insights: Type.Array(Insight),
  insight_sources: Type.Array(InsightSource),
  stop_reason: Nullable(
    Type.String({ description: 'exhausted, candidate_budget, search_budget, no_matches, cancelled or error' }),
  ),
  result_count: Nullable(Type.Integer({ minimum: 0, description: 'Rows in the answer; null until completed' })),
  columns: RunColumns,
  created_at: Timestamp,
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
})
export type RunRead = Static<typeof RunRead>

export const RunListItem = Type.Object({
  run_id: Type.String(),
  status: Type.Enum([...RUN_STATUSES]),
  query: Nullable(Type.String()),
  created_at: Timestamp,
  finished_at: Nullable(Timestamp),
})
export type RunListItem = Static<typeof RunListItem>

export const ListRunsQuery = Strict({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })) })
export const RunList = WithMeta({ results: Type.Array(RunListItem) })

export const RunParams = Strict({ run_id: Type.String({ minLength: 1, maxLength: 100 }) })

export const CancelRunBody = Nullable(
  Strict(
    { reason: Type.Optional(Type.String({ maxLength: 500, description: "Kept as the run's error" })) },
    { description: 'Optional' },
  ),
)

export const ResultsQuery = Strict({
  cursor: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
})

export const CriterionCheck = Type.Object({
  criterion: Type.String(),
  passed: Type.Boolean(),
  verdict: Type.Optional(
    Type.Enum(['met', 'not_met', 'unknown'], {
      description: 'met; not_met; unknown: the record lacks what would decide it (such a row is never kept)',
    }),
  ),
  proven_by: Type.Enum(['query', 'judged'], {
    description: "query: a filter of every search proved it; judged: checked against the record's text",
  }),
  evidence: Nullable(
    Type.String({
      description:
        "The record's own value that proved it (`employee_count: 120`), or the words of the record that matched",
    }),
  ),
})

export const FilterCheck = Type.Object({
  filter: Type.String({ description: 'A filter read from the query, in words (`location: Germany`)' }),
  verdict: Type.Enum(['met', 'unknown'], {
    description:
      "met; unknown: the record lacks the value and the filter, only implied by the query's text, was relaxed",
  }),
  evidence: Nullable(Type.String({ description: "The record's own value (`country: Germany`), or `field: unknown`" })),
})

export const TopicMatch = Type.Object({
  field: Nullable(Type.String({ description: 'The first field carrying the topic' })),
  evidence: Nullable(Type.String({ description: 'The words around it' })),
  words: Type.Array(Type.String(), { description: "The topic's words the record carries" }),
})

export const ResultRow = Type.Object({
  id: Type.String({ description: "The record id as search rows give it (a company's domain, else a 16-hex hash)" }),
  category: Type.Enum([...RUN_CATEGORIES]),
  score: Type.Number({
    description:
      "0..1: how strongly the record carries the run's topic and how early the searches found it; rows come best first; a row kept by a relaxed filter scores below 0.5",
  }),
  position: Type.Integer({ minimum: 0 }),
  record: Type.Object({}, { additionalProperties: true, description: 'The record, as search returns it' }),
  enrichments: Type.Object(
    {},
    {
      additionalProperties: true,
      description: 'One key per requested column: its value, or null when no field supports it or the record lacks it',
    },
  ),
  criteria: Type.Array(CriterionCheck),
  filters: Type.Optional(
    Type.Array(FilterCheck, { description: 'Each filter read from the query, checked on the row' }),
  ),
  topic: Type.Optional(
    Type.Union([TopicMatch, Type.Null()], {
      description:
        "Where the record carries the run's topic (the query's words no filter took); null without topic words",
    }),
  ),
  unknown: Type.Optional(
    Type.Array(Type.String(), {
      description: 'Fields whose value the record lacks, kept because the filter on them was relaxed',
    }),
  ),
})
export type ResultRow = Static<typeof ResultRow>

export const ResultsPage = ListEnvelope(ResultRow, { columns: RunColumns })
