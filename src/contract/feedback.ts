// Feedback reports, the tag vocabulary and votes (contract §2.11, §3.6, §4.8). Rules and the
// vocabulary itself: domain/feedback.ts.
import { Type, type Static } from 'typebox'
import { MAX_SAFE_INTEGER, Nullable, Strict, Timestamp, WithMeta } from './common.ts'
import { EntityCategoryName } from './lists.ts'

export const TargetKind = Type.Enum(['result', 'result_set'])
export const TagLevel = Type.Enum(['result', 'result_set', 'any'])

export const SubjectRef = Strict({
  id: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'kind request: meta.request_id of a response; kind agent_run: a run_id',
  }),
  kind: Type.Enum(['request', 'agent_run']),
})

export const FeedbackTarget = Strict({
  kind: TargetKind,
  entity_id: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 128,
        description: 'The id as returned in the row; required for result, omitted for result_set',
      }),
    ),
  ),
  entity_type: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
})

export const Expected = Strict({
  note: Type.Optional(Nullable(Type.String())),
  should_include: Type.Optional(Type.Array(Type.String(), { maxItems: 200 })),
  should_exclude: Type.Optional(Type.Array(Type.String(), { maxItems: 200 })),
})

export const CreateReportBody = Strict({
  comment: Type.Optional(Nullable(Type.String())),
  context: Type.Optional(Nullable(Type.Literal('help'))),
  expected: Type.Optional(Nullable(Expected)),
  sentiment: Type.Optional(Type.Enum(['bad', 'good'], { default: 'bad' })),
  subject_ref: Type.Optional(Nullable(SubjectRef)),
  tags: Type.Optional(
    Type.Array(Type.String({ maxLength: 32 }), {
      maxItems: 10,
      description: 'From the closed vocabulary of GET /v1/feedback/tags',
    }),
  ),
  target: FeedbackTarget,
})
export type CreateReportBody = Static<typeof CreateReportBody>

export const ReportCreated = WithMeta({
  created_at: Timestamp,
  feedback_id: Type.String(),
  tag_vocab_version: Type.Integer({ default: 2 }),
  target_verified: Type.Boolean({
    description:
      'false: the record could not be checked (snapshot past 30 days, page too large to keep, no snapshot, or an agent run); the report is stored anyway',
  }),
})

export const ReportSubject = Type.Object(
  {
    action_type: Type.String(),
    occurred_at: Timestamp,
    query: Nullable(Type.String()),
    result_count: Nullable(Type.Integer()),
    result_total: Nullable(Type.Integer()),
    result_total_is_estimate: Nullable(Type.Boolean()),
    run_id: Type.Integer({ description: 'The usage history run id' }),
    status: Type.String(),
  },
  { description: 'The history run the report is about, as it was when the report was filed' },
)

export const ExpectedView = Type.Object({
  note: Nullable(Type.String()),
  should_include: Type.Array(Type.String()),
  should_exclude: Type.Array(Type.String()),
})

export const ReportView = Type.Object({
  feedback_id: Type.String(),
  created_at: Timestamp,
  comment: Nullable(Type.String()),
  expected: Nullable(ExpectedView),
  sentiment: Type.Enum(['bad', 'good']),
  status: Type.String({ description: 'received, in_review, resolved or dismissed' }),
  subject: Nullable(ReportSubject),
  subject_id: Nullable(Type.String()),
  subject_kind: Type.Enum(['request', 'agent_run', 'help']),
  tag_vocab_version: Type.Integer(),
  tags: Type.Array(Type.String()),
  target_entity_id: Nullable(Type.String()),
  target_kind: TargetKind,
  target_verified: Type.Boolean(),
})
export type ReportView = Static<typeof ReportView>

export const ReportsQuery = Strict({
  subject_id: Type.Optional(Type.String({ maxLength: 128 })),
  status: Type.Optional(
    Type.String({ maxLength: 16, description: 'received, in_review, resolved or dismissed; other values are 422' }),
  ),
  tag: Type.Optional(
    Type.String({ maxLength: 32, description: 'A tag of the published vocabulary; other values are 422' }),
  ),
  subject_kind: Type.Optional(
    Type.String({ maxLength: 32, description: 'request, agent_run or help; other values are 422' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INTEGER, default: 0 })),
})
export type ReportsQuery = Static<typeof ReportsQuery>

export const ReportsPage = WithMeta({
  limit: Type.Integer(),
  offset: Type.Integer(),
  total: Type.Integer({ minimum: 0, description: 'All reports of this credential matching the filters' }),
  results: Type.Array(ReportView, { description: 'Newest first' }),
})

export const TagDescriptor = Type.Object({
  tag: Type.String(),
  label: Type.String(),
  description: Type.String(),
  applies_to: TagLevel,
  requires_comment: Type.Boolean({ default: false }),
})

export const TagsResponse = WithMeta({ tags: Type.Array(TagDescriptor), version: Type.Integer() })

// ---- Votes (§3.6) ----

export const VoteLevel = Type.Enum(['result_set', 'result'])
export const VoteValue = Type.Enum(['like', 'dislike', 'flag'])

export const VoteBody = Strict({
  request_id: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'meta.request_id, or the run_id of an agent run',
  }),
  level: VoteLevel,
  entity_category: EntityCategoryName,
  entity_id: Type.Optional(
    Nullable(Type.String({ minLength: 1, maxLength: 255, description: 'Required for result, refused for result_set' })),
  ),
  vote: VoteValue,
  reason_code: Type.Optional(Nullable(Type.String({ maxLength: 32, description: 'Per level; never with like' }))),
  text: Type.Optional(Nullable(Type.String({ maxLength: 2000, description: 'Only with a reason_code' }))),
})
export type VoteBody = Static<typeof VoteBody>

export const VoteView = Type.Object({
  vote_id: Type.String(),
  request_id: Type.String(),
  level: VoteLevel,
  entity_category: EntityCategoryName,
  entity_id: Nullable(Type.String()),
  vote: VoteValue,
  reason_code: Nullable(Type.String()),
  text: Nullable(Type.String()),
  created_at: Timestamp,
})
export type VoteView = Static<typeof VoteView>

export const VoteResponse = WithMeta({
  changed: Type.Boolean({ description: 'false: an identical vote was already active' }),
  vote: VoteView,
})

export const VotesQuery = Strict({ request_id: Type.String({ minLength: 1, maxLength: 128 }) })

export const VotesResponse = WithMeta({
  request_id: Type.String(),
  votes: Type.Array(VoteView, { description: 'Active votes, oldest first' }),
})
