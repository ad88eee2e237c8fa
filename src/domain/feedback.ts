// Feedback reports, the tag vocabulary and votes (contract §2.11, §3.6, §4.8). Reports and votes
// are private to the credential that filed them. Queries: store/feedback.ts. Design notes:
// docs/lists-and-feedback.md.
import { flushFinishedRuns } from './credits/metering.ts'
import type { CreateReportBody, ReportsQuery, ReportView, VoteBody, VoteView } from '../contract/feedback.ts'
import { ApiError } from '../errors.ts'
import * as store from '../store/feedback.ts'
import type { FeedbackReportRow, FeedbackVoteRow } from '../store/feedback.ts'
import * as usage from '../store/usage.ts'
import type { UsageRunRow } from '../store/usage.ts'
import { randomId } from './ids.ts'
import { guarded } from './guard.ts'
import type { Credential, Deps } from './types.ts'
import { RETENTION_DAYS, runSummary, visibility } from './usage.ts'

export const TAG_VOCAB_VERSION = 2
/** §8: a report can be checked against the page-1 snapshot for 30 days. */
export const SNAPSHOT_RETENTION_DAYS = 30
const DAY_MS = 86_400_000

type Level = 'result' | 'result_set'

export interface TagDescriptor {
  tag: string
  label: string
  description: string
  applies_to: Level | 'any'
  requires_comment: boolean
}

// §4.8 rule 4: the closed vocabulary, version 2. Adding a tag bumps the version.
export const FEEDBACK_TAGS: readonly TagDescriptor[] = [
  {
    tag: 'irrelevant',
    label: 'Irrelevant',
    description: 'The result does not match what was asked.',
    applies_to: 'result',
    requires_comment: false,
  },
  {
    tag: 'wrong_entity',
    label: 'Wrong entity',
    description: 'The row is a different company, person or document than the one it claims to be.',
    applies_to: 'result',
    requires_comment: false,
  },
  {
    tag: 'stale',
    label: 'Out of date',
    description: "The record's data is no longer current.",
    applies_to: 'result',
    requires_comment: false,
  },
  {
    tag: 'data_quality',
    label: 'Data quality',
    description: 'Fields of the record are wrong, missing or malformed.',
    applies_to: 'result',
    requires_comment: false,
  },
  {
    tag: 'duplicate',
    label: 'Duplicate',
    description: 'The same entity appears more than once.',
    applies_to: 'result',
    requires_comment: false,
  },
  {
    tag: 'bad_ranking',
    label: 'Bad ranking',
    description: 'The best matches are not at the top.',
    applies_to: 'result_set',
    requires_comment: false,
  },
  {
    tag: 'missing',
    label: 'Missing results',
    description: 'Entities that should be there are absent (name them in expected.should_include).',
    applies_to: 'result_set',
    requires_comment: false,
  },
  {
    tag: 'no_results',
    label: 'No results',
    description: 'Nothing came back although matches exist.',
    applies_to: 'result_set',
    requires_comment: false,
  },
  {
    tag: 'too_few',
    label: 'Too few results',
    description: 'Fewer results came back than the question deserves.',
    applies_to: 'result_set',
    requires_comment: false,
  },
  {
    tag: 'too_many',
    label: 'Too many results',
    description: 'The set is broader than asked; constraints were not applied.',
    applies_to: 'result_set',
    requires_comment: false,
  },
  {
    tag: 'other',
    label: 'Other',
    description: 'Anything else; say what in the comment.',
    applies_to: 'any',
    requires_comment: true,
  },
]
const TAGS = new Map(FEEDBACK_TAGS.map((t) => [t.tag, t]))

/** Report statuses: filing sets `received`; the others are for triage (no route moves them yet). */
export const REPORT_STATUSES = ['received', 'in_review', 'resolved', 'dismissed'] as const
export const SUBJECT_KINDS = ['request', 'agent_run', 'help'] as const

export function listFeedbackTags() {
  return { tags: FEEDBACK_TAGS.map((t) => ({ ...t })), version: TAG_VOCAB_VERSION }
}

/** Reports and votes belong to one credential: its key, or the signed-in user. */
const ownerOf = (credential: Credential) => credential.key_id ?? `user:${credential.user_id}`

/** A 422 in the shape of a validation error, naming the field (`loc`) and what is wrong. */
function invalid(
  loc: (string | number)[],
  msg: string,
  input: unknown,
  ctx: Record<string, unknown> | null = null,
): ApiError {
  return new ApiError('request.invalid', msg, {
    extra: { errors: [{ type: 'value_error', loc, msg, input: input ?? null, ctx }] },
  })
}

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim().length > 0

/** §4.8 rules 1–4, before anything is read or written. Returns the tags, each once, in order. */
export function checkReport(body: CreateReportBody): string[] {
  const help = body.context === 'help'
  const target = body.target
  if (!help && !body.subject_ref)
    throw invalid(['body', 'subject_ref'], "subject_ref is required unless context is 'help'.", null)
  if (target.kind === 'result' && !present(target.entity_id))
    throw invalid(
      ['body', 'target', 'entity_id'],
      'target.kind result requires target.entity_id (the id as returned in the row).',
      target.entity_id,
    )
  if (target.kind === 'result_set' && target.entity_id !== undefined && target.entity_id !== null)
    throw invalid(
      ['body', 'target', 'entity_id'],
      'target.kind result_set takes no target.entity_id; omit it.',
      target.entity_id,
    )
  if (help && target.kind !== 'result_set')
    throw invalid(['body', 'target', 'kind'], "With context 'help', target.kind must be result_set.", target.kind)
  const tags = [...new Set(body.tags ?? [])]
  if (help && tags.length === 0 && !present(body.comment))
    throw invalid(['body', 'comment'], "With context 'help', send a comment or at least one tag.", body.comment)
  tags.forEach((tag) => {
    const i = (body.tags ?? []).indexOf(tag)
    const d = TAGS.get(tag)
    if (!d)
      throw invalid(
        ['body', 'tags', i],
        `Unknown tag '${tag}'. Valid tags: ${FEEDBACK_TAGS.map((t) => t.tag).join(', ')}.`,
        tag,
        { allowed: FEEDBACK_TAGS.map((t) => t.tag) },
      )
    if (d.applies_to !== 'any' && d.applies_to !== target.kind)
      throw invalid(['body', 'tags', i], `Tag '${tag}' applies to ${d.applies_to} targets, not ${target.kind}.`, tag, {
        applies_to: d.applies_to,
      })
    if (d.requires_comment && !present(body.comment))
      throw invalid(['body', 'comment'], `Tag '${tag}' requires a comment.`, body.comment ?? null)
  })
  return tags
}

/** Result ids of a page-1 snapshot: rows carry `id` (search rows) or are ids themselves. */
function snapshotIds(snapshot: unknown): Set<string> {
  const results = (snapshot as { results?: unknown } | null)?.results
  const ids = new Set<string>()
  if (!Array.isArray(results)) return ids
  for (const r of results) {
    if (typeof r === 'string' || typeof r === 'number') ids.add(String(r))
    else if (r && typeof r === 'object' && 'id' in r && (typeof r.id === 'string' || typeof r.id === 'number'))
      ids.add(String(r.id))
  }
  return ids
}

/**
 * §4.8 rule 5: true only when the run's page-1 snapshot exists and is within the 30-day
 * retention, and (for a single result) the target entity_id is among its result ids.
 */
async function verifyTarget(deps: Deps, run: UsageRunRow | null, target: CreateReportBody['target']): Promise<boolean> {
  if (!run || run.agent_run_id !== null) return false
  if (!usage.hasSnapshot(run) || run.snapshot_state !== 'available') return false
  if (deps.clock.nowMs() - run.occurred_at.getTime() > SNAPSHOT_RETENTION_DAYS * DAY_MS) return false
  if (target.kind === 'result_set') return true
  return snapshotIds(await usage.readSnapshot(run)).has(String(target.entity_id))
}

/** The history run a subject_ref names, within the 90-day window; 404 feedback.subject_not_found otherwise. */
async function findSubject(
  deps: Deps,
  credential: Credential,
  ref: NonNullable<CreateReportBody['subject_ref']>,
): Promise<UsageRunRow> {
  const since = new Date(deps.clock.nowMs() - RETENTION_DAYS * DAY_MS)
  // A run's snapshot is written with its closing, after the answer: what this server queued first.
  await flushFinishedRuns(deps)
  const run =
    ref.kind === 'request'
      ? await usage
          .visibleRuns(deps.db, visibility(credential))
          .selectAll('usage_runs')
          .where('usage_runs.request_id', '=', ref.id)
          .where('usage_runs.occurred_at', '>=', since)
          .orderBy('usage_runs.occurred_at', 'desc')
          .executeTakeFirst()
      : await store.findAgentRunUsage(deps.db, credential.workspace_id, ref.id, since)
  if (!run) {
    const what = ref.kind === 'request' ? 'request_id' : 'run_id'
    throw new ApiError(
      'feedback.subject_not_found',
      `No ${what} ${ref.id} in your history (unknown, older than ${RETENTION_DAYS} days, or not yours).`,
    )
  }
  return run
}

function subjectOf(deps: Deps, run: UsageRunRow) {
  const s = runSummary(deps, run)
  return {
    action_type: s.action_type,
    occurred_at: s.occurred_at,
    query: s.query,
    result_count: s.result_count,
    result_total: run.result_total,
    result_total_is_estimate: run.result_total_is_estimate,
    run_id: s.id,
    status: s.status,
  }
}

/** Files a report (§4.8). Nothing is stored unless every rule passes and the subject is found. */
export async function fileFeedback(deps: Deps, credential: Credential, body: CreateReportBody) {
  const tags = checkReport(body)
  return guarded(deps, 'feedback', 'feedback.unavailable', async () => {
    const run = body.subject_ref ? await findSubject(deps, credential, body.subject_ref) : null
    const expected = body.expected
      ? {
          note: body.expected.note ?? null,
          should_include: body.expected.should_include ?? [],
          should_exclude: body.expected.should_exclude ?? [],
        }
      : null
    const row = await store.insertReport(deps.db, {
      id: randomId('fb'),
      workspace_id: credential.workspace_id,
      filer: ownerOf(credential),
      key_id: credential.key_id,
      user_id: credential.user_id,
      created_at: deps.clock.now(),
      status: 'received',
      sentiment: body.sentiment ?? 'bad',
      comment: body.comment ?? null,
      context: body.context ?? null,
      expected: expected === null ? null : JSON.stringify(expected),
      subject_kind: body.context === 'help' ? 'help' : body.subject_ref!.kind,
      subject_id: body.subject_ref?.id ?? null,
      subject: run ? JSON.stringify(subjectOf(deps, run)) : null,
      tags,
      tag_vocab_version: TAG_VOCAB_VERSION,
      target_kind: body.target.kind,
      target_entity_id: body.target.entity_id ?? null,
      target_entity_type: body.target.entity_type ?? null,
      target_verified: await verifyTarget(deps, run, body.target),
    })
    return {
      created_at: row.created_at.toISOString(),
      feedback_id: row.id,
      tag_vocab_version: row.tag_vocab_version,
      target_verified: row.target_verified,
    }
  })
}

function reportView(r: FeedbackReportRow): ReportView {
  return {
    feedback_id: r.id,
    created_at: r.created_at.toISOString(),
    comment: r.comment,
    expected: (r.expected ?? null) as ReportView['expected'],
    sentiment: r.sentiment as ReportView['sentiment'],
    status: r.status,
    subject: (r.subject ?? null) as ReportView['subject'],
    subject_id: r.subject_id,
    subject_kind: r.subject_kind as ReportView['subject_kind'],
    tag_vocab_version: r.tag_vocab_version,
    tags: r.tags,
    target_entity_id: r.target_entity_id,
    target_kind: r.target_kind as ReportView['target_kind'],
    target_verified: r.target_verified,
  }
}

function checkFilter(name: string, value: string | undefined, allowed: readonly string[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw invalid(['query', name], `Unknown ${name} '${value}'. Valid values: ${allowed.join(', ')}.`, value, {
      allowed: [...allowed],
    })
  }
}

/** §4.8: the credential's own reports, newest first; filters outside the vocabulary are 422, not an empty page. */
export async function listFeedback(deps: Deps, credential: Credential, q: ReportsQuery) {
  checkFilter(
    'tag',
    q.tag,
    FEEDBACK_TAGS.map((t) => t.tag),
  )
  checkFilter('subject_kind', q.subject_kind, SUBJECT_KINDS)
  checkFilter('status', q.status, REPORT_STATUSES)
  const limit = q.limit ?? 50
  const offset = q.offset ?? 0
  return guarded(deps, 'feedback', 'feedback.unavailable', async () => {
    const { rows, total } = await store.findReports(
      deps.db,
      ownerOf(credential),
      { subject_id: q.subject_id, status: q.status, tag: q.tag, subject_kind: q.subject_kind },
      limit,
      offset,
    )
    return { limit, offset, total, results: rows.map(reportView) }
  })
}

// ---- Votes (§3.6, §4.8) ----

export const VOTE_REASONS: Record<Level, readonly string[]> = {
  result_set: ['not_relevant', 'missing_expected', 'too_few', 'wrong_or_outdated', 'other'],
  result: ['wrong_entity', 'outdated', 'duplicate', 'missing_info', 'other'],
}

/** The vote rules of §4.8; each violation is a 422 naming the field. */
export function checkVote(body: VoteBody): void {
  const hasEntity = body.entity_id !== undefined && body.entity_id !== null
  if (body.level === 'result_set') {
    if (body.vote === 'flag')
      throw invalid(['body', 'vote'], 'A result_set vote is like or dislike; flag is for a single result.', body.vote)
    if (hasEntity)
      throw invalid(['body', 'entity_id'], 'A result_set vote takes no entity_id; omit it.', body.entity_id)
  } else {
    if (body.vote !== 'flag')
      throw invalid(['body', 'vote'], `A result vote is flag; ${body.vote} is for the result_set level.`, body.vote)
    if (!hasEntity) throw invalid(['body', 'entity_id'], 'A result vote requires entity_id.', null)
  }
  const reason = body.reason_code ?? null
  if (reason !== null) {
    if (body.vote === 'like') throw invalid(['body', 'reason_code'], 'A like takes no reason_code.', reason)
    if (!VOTE_REASONS[body.level].includes(reason))
      throw invalid(
        ['body', 'reason_code'],
        `Unknown reason_code '${reason}' for level ${body.level}. Valid: ${VOTE_REASONS[body.level].join(', ')}.`,
        reason,
        { allowed: [...VOTE_REASONS[body.level]] },
      )
  }
  if (body.text !== undefined && body.text !== null && reason === null)
    throw invalid(['body', 'text'], 'text is accepted only with a reason_code.', body.text)
}

function voteView(v: FeedbackVoteRow): VoteView {
  return {
    vote_id: v.id,
    request_id: v.request_id,
    level: v.level as VoteView['level'],
    entity_category: v.entity_category as VoteView['entity_category'],
    entity_id: v.entity_id,
    vote: v.vote as VoteView['vote'],
    reason_code: v.reason_code,
    text: v.text,
    created_at: v.created_at.toISOString(),
  }
}

/**
 * Records a vote (§3.6): one active vote per (request_id, level, and entity_id for a flag) per
 * credential. A different vote replaces it; an identical one changes nothing (`changed` false).
 * Not checked against history: a vote on an expired run is still recorded.
 */
export async function castVote(deps: Deps, credential: Credential, body: VoteBody) {
  checkVote(body)
  const voter = ownerOf(credential)
  const entityKey = body.level === 'result' ? body.entity_id! : ''
  return guarded(deps, 'feedback', 'feedback.unavailable', async () => {
    const written = await store.upsertVote(deps.db, {
      id: randomId('vote'),
      workspace_id: credential.workspace_id,
      voter,
      request_id: body.request_id,
      level: body.level,
      entity_key: entityKey,
      entity_category: body.entity_category,
      entity_id: body.level === 'result' ? body.entity_id! : null,
      vote: body.vote,
      reason_code: body.reason_code ?? null,
      text: body.text ?? null,
      created_at: deps.clock.now(),
    })
    if (written) return { changed: true, vote: voteView(written) }
    const active = await store.findVote(deps.db, voter, body.request_id, body.level, entityKey)
    if (!active) throw new ApiError('internal', 'The active vote vanished while it was being compared.')
    return { changed: false, vote: voteView(active) }
  })
}

/** The credential's active votes on one request, oldest first. */
export async function listVotes(deps: Deps, credential: Credential, requestId: string) {
  return guarded(deps, 'feedback', 'feedback.unavailable', async () => ({
    request_id: requestId,
    votes: (await store.findVotes(deps.db, ownerOf(credential), requestId)).map(voteView),
  }))
}
