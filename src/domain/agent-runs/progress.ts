// What the engine and its workers write (docs/agent-runs.md): claims with a lease, step
// checkpoints committed together with their events, completion, failure and retry. Every write
// of a claim is fenced by its attempt number: once a run is cancelled or claimed again (its
// lease expired), the older claim's writes match no row and it stops (LostClaim).
import { isConnectionError } from '../guard.ts'
import { ApiError, DependencyError } from '../../errors.ts'
import * as store from '../../store/agent-runs.ts'
import type { AgentRunRow, AgentRunUpdate, NewEvent } from '../../store/agent-runs.ts'
import type { Deps } from '../types.ts'
import { notifyRun } from './signals.ts'
import { releaseSlot } from './slots.ts'
import { runView } from './views.ts'
import { emitEvent, notifyDeliveries } from '../webhooks/events.ts'
import type { Db } from '../../store/db.ts'

/**
 * The run's webhook event (agent_run.completed, failed or cancelled) with the run as its read
 * route answers it, in the transaction that ended the run; call notifyDeliveries() after it commits.
 */
export async function emitRunEnded(deps: Deps, tx: Db, runId: string): Promise<void> {
  const run = await store.findRunById(tx, runId)
  if (!run || (run.status !== 'completed' && run.status !== 'failed' && run.status !== 'cancelled')) return
  await emitEvent(tx, deps.clock, run.workspace_id, `agent_run.${run.status}`, runView(run))
}

/** A run claimed by one worker: `attempt` fences every write. */
export interface Claim {
  run: AgentRunRow
  attempt: number
  owner: string
}

/** The claim is gone: the run was cancelled or another worker holds it now. */
export class LostClaim extends Error {
  constructor(runId: string) {
    super(`run ${runId}: claim lost (cancelled or claimed again)`)
  }
}

/** A failed attempt is retried this many times (transient outages), then the run fails. */
export const MAX_ATTEMPTS = 3

const leaseUntil = (deps: Deps) => new Date(deps.clock.nowMs() + deps.config.DSP_AGENT_LEASE_SECONDS * 1000)
const at = (deps: Deps) => deps.clock.now().toISOString()

export async function claimAgentRun(deps: Deps, owner: string): Promise<Claim | null> {
  const claim = await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock.now()
    const c = await store.claimRun(tx, owner, now, leaseUntil(deps))
    if (!c) return null
    if (c.wasPending)
      await store.appendEvents(
        tx,
        c.run.id,
        [{ event: 'status', data: { status: 'running', at: now.toISOString() } }],
        now,
      )
    return { run: c.run, attempt: c.run.attempts, owner }
  })
  if (claim) notifyRun(claim.run.id)
  return claim
}

/** Outputs of the steps already committed (a run picked up again skips them). */
export async function loadCheckpoint(deps: Deps, claim: Claim): Promise<Map<string, unknown>> {
  const steps = await store.findSteps(deps.db, claim.run.id)
  return new Map(steps.map((s) => [s.name, s.output]))
}

/** Commits one step: its output, its events and any run fields, and renews the lease. */
export async function commitStep(
  deps: Deps,
  claim: Claim,
  name: string,
  output: unknown,
  events: NewEvent[],
  fields: AgentRunUpdate = {},
): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock.now()
    if (
      !(await store.updateClaimedRun(tx, claim.run.id, claim.attempt, {
        ...fields,
        lease_expires_at: leaseUntil(deps),
        updated_at: now,
      }))
    )
      throw new LostClaim(claim.run.id)
    await store.insertStep(tx, {
      run_id: claim.run.id,
      name,
      attempt: claim.attempt,
      output: JSON.stringify(output ?? null),
      created_at: now,
    })
    await store.appendEvents(tx, claim.run.id, events, now)
  })
  notifyRun(claim.run.id)
}

export interface RunAnswer {
  summary: string
  coverage: Record<string, unknown>
  degradation: unknown[]
  exclusions: string[]
  insights: unknown[]
  insight_sources: unknown[]
  columns: unknown[]
  stop_reason: string
}

/** The run's last commit: rows, answer, status completed, and the closing events. */
export async function completeRun(
  deps: Deps,
  claim: Claim,
  answer: RunAnswer,
  rows: { entity_id: string; row: unknown }[],
  events: NewEvent[],
): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock.now()
    const ok = await store.updateClaimedRun(tx, claim.run.id, claim.attempt, {
      status: 'completed',
      finished_at: now,
      updated_at: now,
      lease_owner: null,
      lease_expires_at: null,
      summary: answer.summary,
      coverage: JSON.stringify(answer.coverage),
      degradation: JSON.stringify(answer.degradation),
      exclusions: JSON.stringify(answer.exclusions),
      insights: JSON.stringify(answer.insights),
      insight_sources: JSON.stringify(answer.insight_sources),
      columns: JSON.stringify(answer.columns),
      stop_reason: answer.stop_reason,
      result_count: rows.length,
    })
    if (!ok) throw new LostClaim(claim.run.id)
    await store.insertRows(tx, claim.run.id, rows)
    await store.appendEvents(
      tx,
      claim.run.id,
      [
        ...events,
        { event: 'status', data: { status: 'completed', at: now.toISOString() } },
        {
          event: 'done',
          data: {
            status: 'completed',
            result_count: rows.length,
            stop_reason: answer.stop_reason,
            at: now.toISOString(),
          },
        },
      ],
      now,
    )
    await emitRunEnded(deps, tx, claim.run.id)
  })
  notifyRun(claim.run.id)
  notifyDeliveries()
  await releaseSlot(deps, claim.run)
}

/** Transient: an outage of the store or the retrieval engine, worth another attempt. */
export function isTransient(e: unknown): boolean {
  if (e instanceof ApiError) return e.code === 'upstream.unavailable' || e.code === 'upstream.timeout'
  return e instanceof DependencyError || isConnectionError(e)
}

/**
 * After an attempt threw: a transient error with attempts left gives the run back to the queue
 * (claimable again after a backoff of 2^attempt seconds); otherwise the run fails, charged nothing.
 */
export async function failAttempt(deps: Deps, claim: Claim, error: unknown): Promise<'retry' | 'failed'> {
  if (isTransient(error) && claim.attempt < MAX_ATTEMPTS) {
    const retryAt = new Date(deps.clock.nowMs() + 2 ** claim.attempt * 1000)
    const ok = await store.updateClaimedRun(deps.db, claim.run.id, claim.attempt, {
      lease_owner: null,
      lease_expires_at: retryAt,
      updated_at: deps.clock.now(),
    })
    if (!ok) throw new LostClaim(claim.run.id)
    return 'retry'
  }
  const message =
    error instanceof ApiError ? error.detail : 'The agent engine failed while running this run; nothing is charged.'
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock.now()
    const ok = await store.updateClaimedRun(tx, claim.run.id, claim.attempt, {
      status: 'failed',
      error: message,
      stop_reason: 'error',
      finished_at: now,
      updated_at: now,
      lease_owner: null,
      lease_expires_at: null,
    })
    if (!ok) throw new LostClaim(claim.run.id)
    await store.appendEvents(
      tx,
      claim.run.id,
      [
        { event: 'status', data: { status: 'failed', at: at(deps) } },
        { event: 'done', data: { status: 'failed', error: message, at: at(deps) } },
      ],
      now,
    )
    await emitRunEnded(deps, tx, claim.run.id)
  })
  notifyRun(claim.run.id)
  notifyDeliveries()
  await releaseSlot(deps, claim.run)
  return 'failed'
}
