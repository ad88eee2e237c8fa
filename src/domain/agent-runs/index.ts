// Agent runs (contract §2.12, §3.1, §3.2, §4.9, §6, §7): start with its idempotency, quota,
// ceiling and hold; the run read that settles; list; cancel; results; the event log the stream
// replays. The engine that does the work is src/agent/, run by the worker in src/jobs/.
// Design: docs/agent-runs.md.
import { envelope } from '../../contract/common.ts'
import type { Effort, ResultRow, RunCategory, StartRunBody } from '../../contract/agent-runs.ts'
import { AGENT_LIMITS } from '../../contract/agent-runs.ts'
import { hash } from 'node:crypto'
import { ApiError } from '../../errors.ts'
import * as store from '../../store/agent-runs.ts'
import type { AgentRunRow } from '../../store/agent-runs.ts'
import * as usage from '../../store/usage.ts'
import { placeHold } from '../credits/holds.ts'
import { pendingRun } from '../credits/metering.ts'
import { fingerprint, issueCursor, readCursor } from '../cursors.ts'
import { attributionFor } from '../search/engine.ts'
import { randomId } from '../ids.ts'
import type { Credential, Deps } from '../types.ts'
import { checkEntityCeiling, recordShown } from './ceiling.ts'
import { engineAccepts, withAgentStore } from './guard.ts'
import { notifyQueued, notifyRun } from './signals.ts'
import { emitRunEnded } from './progress.ts'
import { notifyDeliveries } from '../webhooks/events.ts'
import { settleRun } from './settle.ts'
import type { StartOutcome } from './starts.ts'
import { releaseSlot, slotKey, START_CONCURRENCY, START_SLOT_TTL_SECONDS } from './slots.ts'
import { holdMilli, tierAction } from './tiers.ts'
import { listItemView, runView, TERMINAL } from './views.ts'

export { recordShown } from './ceiling.ts'
export { runView } from './views.ts'

export const CONCURRENCY_RETRY_AFTER_SECONDS = 30

/** §4.9: a unique string per intent, 1..255 characters; anything else is 400 request.invalid. */
export function checkIdempotencyKey(value: string | string[] | undefined): string {
  const key = Array.isArray(value) ? value[0] : value
  const problem =
    key === undefined
      ? 'is missing'
      : key.length === 0
        ? 'is empty'
        : key.length > AGENT_LIMITS.idempotency_key
          ? `is ${key.length} characters long (at most ${AGENT_LIMITS.idempotency_key})`
          : null
  if (problem !== null || key === undefined) {
    throw new ApiError(
      'request.invalid',
      `Header Idempotency-Key ${problem}: starting a run needs a unique key per intent, at most ${AGENT_LIMITS.idempotency_key} characters. Nothing was started or held.`,
      {
        status: 400,
        extra: {
          errors: [
            {
              type: key === undefined ? 'missing' : 'string_length',
              loc: ['header', 'Idempotency-Key'],
              msg: `Idempotency-Key ${problem}`,
              input: key === undefined ? null : key.slice(0, 300),
              ctx: { min_length: 1, max_length: AGENT_LIMITS.idempotency_key },
            },
          ],
        },
      },
    )
  }
  return key
}

const notFound = (runId: string) =>
  new ApiError('request.invalid', `No agent run ${runId} in your workspace.`, { status: 404 })

async function visibleRun(deps: Deps, credential: Credential, runId: string): Promise<AgentRunRow> {
  const run = await withAgentStore(deps, () => store.findRun(deps.db, credential.workspace_id, runId))
  if (!run) throw notFound(runId)
  return run
}

class IdempotentReplay extends Error {}

/**
 * §4.9: the run an Idempotency-Key already names in the workspace, or null. Checked before the
 * body is validated, so a reused key answers 200 with the original handle whatever the body says.
 */
export async function findReplay(
  deps: Deps,
  credential: Credential,
  idempotencyKey: string | string[] | undefined,
): Promise<StartOutcome['handle'] | null> {
  const key = checkIdempotencyKey(idempotencyKey)
  // A start with this key under way in this process: its run, once made, is the answer.
  const starting = deps.agentStarts.get(startKey(credential, key))
  if (starting) {
    const made = await starting.catch(() => null)
    if (made) return made.handle
  }
  const run = await withAgentStore(deps, () => store.findRunByKey(deps.db, credential.workspace_id, key))
  return run ? { run_id: run.id, status: run.status } : null
}

const startKey = (credential: Credential, key: string) => `${credential.workspace_id}\u0000${key}`

/**
 * Starts a run (§3.1): a key already used in the workspace returns its run unchanged (200).
 * Otherwise, in order: the start slot (429 quota.concurrency_exceeded), the entity ceiling (429
 * quota.entity_ceiling), the engine's acceptance (502/503 upstream.unavailable), then one
 * transaction that places the hold (402 credits.insufficient), records the run with its history
 * row and its first event. Nothing is held or started unless all of it commits.
 */
export async function startAgentRun(
  deps: Deps,
  credential: Credential,
  body: StartRunBody,
  ctx: { idempotency_key: string | string[] | undefined; request_id: string; traceparent?: string | null },
): Promise<StartOutcome> {
  const key = checkIdempotencyKey(ctx.idempotency_key)
  // Simultaneous starts with one key in this process: one makes the run, the others answer it (200).
  const flight = startKey(credential, key)
  const earlier = deps.agentStarts.get(flight)
  if (earlier) {
    const made = await earlier.catch(() => null)
    if (made) return { created: false, handle: made.handle }
  }
  const starting = startOnce(deps, credential, body, key, ctx.request_id, ctx.traceparent ?? null)
  deps.agentStarts.set(flight, starting)
  try {
    return await starting
  } finally {
    if (deps.agentStarts.get(flight) === starting) deps.agentStarts.delete(flight)
  }
}

async function startOnce(
  deps: Deps,
  credential: Credential,
  body: StartRunBody,
  key: string,
  requestId: string,
  traceparent: string | null,
): Promise<StartOutcome> {
  const replay = async () => {
    const run = await withAgentStore(deps, () => store.findRunByKey(deps.db, credential.workspace_id, key))
    return run ? { created: false, handle: { run_id: run.id, status: run.status } } : null
  }
  const earlier = await replay()
  if (earlier) return earlier

  // One slot per intent: starts of one key in several processes hold the same lease (its token
  // names the key), so duplicates are never refused for the slots they would take.
  const token = `start:${hash('sha256', `${credential.workspace_id}\u0000${key}`, 'hex').slice(0, 32)}`
  const slot = await deps.limiter.acquire(slotKey(credential), START_CONCURRENCY, START_SLOT_TTL_SECONDS, token)
  if (!slot.allowed) {
    // A duplicate may have made the run meanwhile (its slot was this one): that run is the answer.
    const made = await replay()
    if (made) return made
    throw new ApiError(
      'quota.concurrency_exceeded',
      `This credential already has ${slot.inFlight} agent runs started and not yet finished (at most ${START_CONCURRENCY}). Retry with the same Idempotency-Key after Retry-After.`,
      { retryAfter: CONCURRENCY_RETRY_AFTER_SECONDS },
    )
  }
  let accepted = false
  try {
    await withAgentStore(deps, () => checkEntityCeiling(deps, credential))
    await engineAccepts(deps)
    const effort: Effort = body.effort ?? 'medium'
    const category: RunCategory = body.category ?? 'company'
    const runId = randomId('run')
    const now = deps.clock.now()
    const actionType = tierAction(effort === 'auto' ? 'xhigh' : effort)
    try {
      await withAgentStore(deps, () =>
        deps.db.transaction().execute(async (tx) => {
          const holdId = await placeHold(deps, credential, holdMilli(effort), actionType, tx)
          const usageRunId = await usage.insertRun(
            tx,
            pendingRun(credential, now, {
              action_type: actionType,
              query: body.query,
              request_id: requestId,
              request: { method: 'POST', path: '/v1/agents/runs', body },
              agent_run_id: runId,
            }),
          )
          const inserted = await store.insertRun(tx, {
            id: runId,
            workspace_id: credential.workspace_id,
            key_id: credential.key_id,
            user_id: credential.user_id,
            environment: credential.environment,
            idempotency_key: key,
            status: 'pending',
            query: body.query,
            category,
            effort,
            tier: effort === 'auto' ? null : effort,
            criteria: JSON.stringify(body.criteria ?? []),
            enrichments: JSON.stringify(body.enrichments ?? []),
            exclusion: JSON.stringify(body.exclusion ?? []),
            hold_id: holdId,
            usage_run_id: usageRunId,
            start_slot: slot.token,
            request_id: requestId,
            traceparent,
            created_at: now,
            started_at: null,
            finished_at: null,
            updated_at: now,
            lease_owner: null,
            lease_expires_at: null,
            coverage: null,
            error: null,
            stop_reason: null,
            result_count: null,
            settled_at: null,
            settlement: null,
            credits_charged_milli: null,
            effort_ran: null,
          })
          // Two starts raced on one key: this one rolls back (hold and history row included).
          if (!inserted) throw new IdempotentReplay()
          await store.appendEvents(
            tx,
            runId,
            [{ event: 'status', data: { status: 'pending', at: now.toISOString() } }],
            now,
          )
        }),
      )
    } catch (e) {
      if (e instanceof IdempotentReplay) {
        const winner = await replay()
        if (winner) {
          // The winner's run holds this same lease: it is not given back here.
          accepted = true
          return winner
        }
      }
      throw e
    }
    accepted = true
    notifyQueued()
    return { created: true, handle: { run_id: runId, status: 'pending' } }
  } finally {
    // A failed start gives its lease back, unless a duplicate's run holds it.
    if (!accepted && !(await replay().catch(() => null))) await deps.limiter.release(slotKey(credential), slot.token)
  }
}

/** §3.1: the first read of a finished run settles it; `charged_milli` is what this read charged. */
export async function getAgentRun(deps: Deps, credential: Credential, runId: string) {
  const run = await visibleRun(deps, credential, runId)
  const settled = await settleRun(deps, run)
  return { run: runView(settled.run), charged_milli: settled.charged_milli }
}

/** §4.9: the workspace's runs, newest first; no cursor; never settles. */
export async function listAgentRuns(deps: Deps, credential: Credential, q: { limit?: number }) {
  const rows = await withAgentStore(deps, () => store.listRuns(deps.db, credential.workspace_id, q.limit ?? 25))
  return { results: rows.map(listItemView) }
}

/**
 * Cancel (design: docs/agent-runs.md): a pending or running run becomes cancelled, its hold is
 * released whole and the call settles it. A run already terminal is returned unchanged and
 * settled like a read (a completed run is charged its tier then). Always 200 with the run.
 */
export async function cancelAgentRun(
  deps: Deps,
  credential: Credential,
  runId: string,
  body: { reason?: string } | null,
) {
  await visibleRun(deps, credential, runId)
  const cancelled = await withAgentStore(deps, () =>
    deps.db.transaction().execute(async (tx) => {
      const run = await store.lockRun(tx, credential.workspace_id, runId)
      if (!run) throw notFound(runId)
      if (TERMINAL.has(run.status)) return null
      const now = deps.clock.now()
      const error = body?.reason ? `Cancelled: ${body.reason}` : 'Cancelled by request.'
      await store.updateRun(tx, runId, {
        status: 'cancelled',
        error,
        stop_reason: 'cancelled',
        finished_at: now,
        updated_at: now,
        lease_owner: null,
        lease_expires_at: null,
      })
      await store.appendEvents(
        tx,
        runId,
        [
          { event: 'status', data: { status: 'cancelled', at: now.toISOString() } },
          { event: 'done', data: { status: 'cancelled', error, at: now.toISOString() } },
        ],
        now,
      )
      await emitRunEnded(deps, tx, runId)
      return run
    }),
  )
  if (cancelled) {
    notifyRun(runId)
    notifyDeliveries()
    await releaseSlot(deps, cancelled)
  }
  const run = await visibleRun(deps, credential, runId)
  const settled = await settleRun(deps, run)
  return { run: runView(settled.run), charged_milli: settled.charged_milli }
}

/** §4.9: the answer's rows in the list envelope; free; never settles. Feeds the entity ceiling. */
export async function listAgentRunResults(
  deps: Deps,
  credential: Credential,
  runId: string,
  q: { cursor?: string | null; limit?: number },
) {
  const run = await visibleRun(deps, credential, runId)
  const limit = q.limit ?? 25
  const fp = fingerprint({ run_id: runId })
  const offset = q.cursor ? readCursor<{ o: number }>(deps, 'agent-results', fp, q.cursor).o : 0
  const completed = run.status === 'completed'
  const rows = completed ? await withAgentStore(deps, () => store.pageRows(deps.db, runId, offset, limit + 1)) : []
  const page = rows.slice(0, limit).map((r) => r.row as ResultRow)
  const total = run.result_count ?? 0
  const more = rows.length > limit
  recordShown(
    deps,
    credential,
    page.map((r) => ({ category: r.category, id: r.id })),
  )
  const view = runView(run)
  return envelope(page, {
    total,
    next_cursor: more ? issueCursor(deps, 'agent-results', fp, { o: offset + page.length }) : null,
    coverage: completed ? view.coverage : null,
    attribution: completed ? await attributionFor(deps, run.category as RunCategory) : [],
    degradation: view.degradation,
    columns: view.columns,
  })
}

/** The run the event stream follows (404 like every other read of a foreign run). */
export async function findRunForEvents(deps: Deps, credential: Credential, runId: string) {
  const run = await visibleRun(deps, credential, runId)
  return { run_id: run.id, status: run.status }
}

/** Events after `afterSeq`, oldest first, and whether the run is terminal (its stream can end once they are sent). */
export async function readRunEvents(deps: Deps, runId: string, afterSeq: number, limit = 200) {
  // Status first: a terminal run's last events were committed with its status, so they are all read below.
  const run = await store.findRunById(deps.db, runId)
  const events = await store.readEvents(deps.db, runId, afterSeq, limit)
  return {
    events: events.map((e) => ({ id: e.seq, event: e.event, data: e.data })),
    terminal: run ? TERMINAL.has(run.status) : true,
    last_seq: run?.event_seq ?? 0,
  }
}

/** Readiness of the agent engine: its queue table answers. */
export async function agentEngineProbe(deps: Deps): Promise<void> {
  await deps.db.selectFrom('agent_runs').select('id').limit(1).execute()
}
