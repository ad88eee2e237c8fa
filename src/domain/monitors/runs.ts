// A monitor's run (issue 42 item 5): asks the saved question under the credential that created
// the monitor, bills it as the question's own route would (a search through chargeCall, an agent
// run through its hold and settlement; test keys free), marks the records as delivered and emits
// monitor.matched with only the ones it had not delivered before. Runs are a durable queue
// (store/monitors.ts claimRuns): a run whose process died is claimed again once its lease lapses,
// and asking again costs nothing more, since the charge scope is the run's id (chargeChain).
import { EventEmitter } from 'node:events'
import type { Monitor, MonitorRun } from '../../contract/monitors.ts'
import type { SearchBody } from '../../contract/search.ts'
import type { StartRunBody } from '../../contract/agent-runs.ts'
import { ApiError } from '../../errors.ts'
import * as agentStore from '../../store/agent-runs.ts'
import * as store from '../../store/monitors.ts'
import type { Db } from '../../store/db.ts'
import { startAgentRun } from '../agent-runs/index.ts'
import { settleRun } from '../agent-runs/settle.ts'
import { TERMINAL } from '../agent-runs/views.ts'
import { toCredits } from '../credits/ledger.ts'
import { chargeCall, finishCharge } from '../credits/metering.ts'
import { onReplica } from '../replicas.ts'
import { searchRecords } from '../search/index.ts'
import type { Credential, Deps, Scope } from '../types.ts'
import { emitEvent, notifyDeliveries } from '../webhooks/events.ts'

/** Lease of a claimed run: a search's deadline and a margin to record its outcome. */
const RUN_LEASE_MS = 120_000
/** How often a run waiting for its agent run looks again (clock time). */
const AGENT_RECHECK_MS = 2_000
/** Most rows of a finished agent run compared (its answer's cap). */
const AGENT_ROWS_MAX = 1000

const bus = new EventEmitter()
bus.setMaxListeners(0)

/** Wakes this process's monitor runner; other processes find queued runs at their next poll. */
export function notifyMonitorRuns(): void {
  bus.emit('due')
}

export function onMonitorRuns(listener: () => void): () => void {
  bus.on('due', listener)
  return () => bus.off('due', listener)
}

export const runLeaseMs = () => RUN_LEASE_MS

export function monitorView(row: store.MonitorRow): Monitor {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    search: row.kind === 'search' ? (row.request as Record<string, unknown>) : null,
    agent_run: row.kind === 'agent_run' ? (row.request as Record<string, unknown>) : null,
    schedule: row.schedule,
    webhook_ids: (row.webhook_ids as string[] | null) ?? null,
    enabled: row.is_enabled,
    environment: row.environment,
    next_run_at: row.next_run_at?.toISOString() ?? null,
    last_run_at: row.last_run_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export function runView(row: store.MonitorRunRow): MonitorRun {
  return {
    id: row.id,
    monitor_id: row.monitor_id,
    trigger: row.trigger as MonitorRun['trigger'],
    tick: row.tick,
    status: row.status,
    matched_count: row.matched_count,
    new_count: row.new_count,
    credits_charged: toCredits(Number(row.credits_charged_milli)),
    event_id: row.event_id,
    agent_run_id: row.agent_run_id,
    error: row.error,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  }
}

class RunRefused extends Error {}

/**
 * The credential a monitor acts with: the key (or member) that created it, in its workspace. A
 * revoked or expired key, or a member removed from the workspace, stops its monitors' runs (each
 * fails, naming why) rather than spending on.
 */
export async function monitorCredential(db: Db, m: store.MonitorRow, now: Date): Promise<Credential> {
  const ws = await db
    .selectFrom('workspaces')
    .select('organisation_id')
    .where('id', '=', m.workspace_id)
    .executeTakeFirst()
  if (!ws) throw new RunRefused('the workspace is gone')
  let scopes: Scope[] = []
  if (m.key_id) {
    const key = await db
      .selectFrom('api_keys')
      .select(['revoked_at', 'expires_at', 'scopes'])
      .where('id', '=', m.key_id)
      .executeTakeFirst()
    if (!key || key.revoked_at) throw new RunRefused('the API key that created this monitor is revoked')
    if (key.expires_at <= now) throw new RunRefused('the API key that created this monitor has expired')
    scopes = key.scopes as Scope[]
  } else if (m.user_id !== null) {
    // A member's monitor runs while the member still belongs to the workspace, with a role.
    const member = await db
      .selectFrom('memberships')
      .select(['role', 'state'])
      .where('workspace_id', '=', m.workspace_id)
      .where('user_id', '=', m.user_id)
      .executeTakeFirst()
    if (!member || member.role === null || member.state !== 'active')
      throw new RunRefused('the member who created this monitor no longer belongs to the workspace')
  }
  return {
    kind: m.key_id ? 'api_key' : 'session',
    workspace_id: m.workspace_id,
    organisation_id: ws.organisation_id,
    key_id: m.key_id,
    user_id: m.user_id,
    environment: m.environment,
    scopes,
  }
}

/** Runs a monitor's saved search once and charges it; the rows of its page and what it charged. */
export async function askSearch(
  deps: Deps,
  credential: Credential,
  monitor: { id: string; request: unknown },
  runId: string,
): Promise<{ rows: Record<string, unknown>[]; charged_milli: number; usage_run_id: number }> {
  const started = performance.now()
  const body = monitor.request as SearchBody
  // The run's id is the request id: the charge scope (chargeChain) is the same on a retry of the run.
  const ctx = { request_id: runId, idempotency_scope: null }
  const answer = await onReplica(deps, (reads) => searchRecords(reads, credential, body, ctx))
  const charged = await chargeCall(
    deps,
    { credential, request_id: runId },
    {
      ...answer.charge,
      request: { method: 'POST', path: '/v1/search', body, monitor_id: monitor.id, monitor_run_id: runId },
    },
  )
  deps.metrics.creditsCharged(answer.charge.action_type, credential.environment, charged.credits_charged)
  finishCharge(deps, charged.run_id, true, performance.now() - started)
  const rows = answer.envelope.results as unknown as Record<string, unknown>[]
  return { rows, charged_milli: Math.round(charged.credits_charged * 1000), usage_run_id: charged.run_id }
}

/**
 * Marks the rows delivered and records the run's outcome in one transaction; emits
 * monitor.matched with the rows this run was the first to mark (none for a baseline). Returns
 * false when this process no longer holds the run (`owner` given and the lease lapsed).
 */
export async function recordMatches(
  deps: Deps,
  tx: Db,
  m: store.MonitorRow,
  run: store.MonitorRunRow,
  rows: Record<string, unknown>[],
  outcome: { charged_milli: number; usage_run_id: number | null; owner: string | null },
): Promise<store.MonitorRunRow> {
  const now = deps.clock.now()
  const ids = [...new Set(rows.map((r) => String(r.id)))]
  const fresh = new Set(await store.insertSeen(tx, m.id, ids, now))
  const records = rows.filter((r) => fresh.delete(String(r.id)))
  const done: store.MonitorRunRow = {
    ...run,
    status: 'succeeded',
    matched_count: rows.length,
    new_count: run.trigger === 'baseline' ? 0 : records.length,
    credits_charged_milli: Number(run.credits_charged_milli) + outcome.charged_milli,
    usage_run_id: outcome.usage_run_id ?? run.usage_run_id,
    finished_at: now,
    lease_owner: null,
    lease_expires_at: null,
    error: null,
  }
  if (run.trigger !== 'baseline' && records.length > 0) {
    const { event } = await emitEvent(
      tx,
      deps.clock,
      m.workspace_id,
      'monitor.matched',
      { monitor: monitorView(m), run: runView(done), records },
      { endpointIds: (m.webhook_ids as string[] | null) ?? null },
    )
    done.event_id = event.id
  }
  const values = {
    status: done.status,
    matched_count: done.matched_count,
    new_count: done.new_count,
    credits_charged_milli: done.credits_charged_milli,
    usage_run_id: done.usage_run_id,
    event_id: done.event_id,
    error: null,
    finished_at: now,
    lease_owner: null,
    lease_expires_at: null,
  }
  if (outcome.owner === null) await tx.updateTable('monitor_runs').set(values).where('id', '=', run.id).execute()
  else if (!(await store.finishRun(tx, run.id, outcome.owner, values))) throw new LostLease()
  return done
}

class LostLease extends Error {}

/** Works on one claimed run: asks, or (agent runs) starts and later reads; records the outcome. */
export async function workOnRun(deps: Deps, owner: string, run: store.MonitorRunRow): Promise<void> {
  const m = await store.findMonitorById(deps.db, run.monitor_id)
  if (!m) return
  const fail = (error: string) =>
    store.finishRun(deps.db, run.id, owner, {
      status: 'failed',
      error,
      finished_at: deps.clock.now(),
      lease_owner: null,
      lease_expires_at: null,
    })
  try {
    const credential = await monitorCredential(deps.db, m, deps.clock.now())
    if (m.kind === 'search') {
      const asked = await askSearch(deps, credential, m, run.id)
      await deps.db.transaction().execute((tx) =>
        recordMatches(deps, tx, m, run, asked.rows, {
          charged_milli: asked.charged_milli,
          usage_run_id: asked.usage_run_id,
          owner,
        }),
      )
      notifyDeliveries()
      return
    }
    await workOnAgentRun(deps, owner, m, run, credential)
  } catch (e) {
    if (e instanceof LostLease) return
    if (e instanceof RunRefused) return void (await fail(e.message))
    if (e instanceof ApiError) return void (await fail(`${e.code}: ${e.detail}`))
    deps.log.warn({ monitor_run_id: run.id, err: (e as Error).message }, 'monitor run failed')
    await fail('The run failed on our side; the next tick runs again.').catch(() => undefined)
  }
}

/** An agent-run monitor: start the run (waiting), then, once it is over, settle it and compare its rows. */
async function workOnAgentRun(
  deps: Deps,
  owner: string,
  m: store.MonitorRow,
  run: store.MonitorRunRow,
  credential: Credential,
): Promise<void> {
  const recheck = () => new Date(deps.clock.nowMs() + AGENT_RECHECK_MS)
  if (!run.agent_run_id) {
    // The monitor run's id is the Idempotency-Key: a retried start answers the same agent run.
    const started = await startAgentRun(deps, credential, m.request as StartRunBody, {
      idempotency_key: run.id,
      request_id: run.id,
    })
    await store.finishRun(deps.db, run.id, owner, {
      status: 'waiting',
      agent_run_id: started.handle.run_id,
      lease_owner: null,
      lease_expires_at: recheck(),
    })
    return
  }
  const agentRun = await agentStore.findRunById(deps.db, run.agent_run_id)
  if (!agentRun) throw new RunRefused('the agent run it started is gone')
  if (!TERMINAL.has(agentRun.status)) {
    await store.finishRun(deps.db, run.id, owner, { lease_owner: null, lease_expires_at: recheck() })
    return
  }
  // Settling bills the run at its tier's price (nothing for a failed or cancelled one).
  const settled = await settleRun(deps, agentRun)
  if (agentRun.status !== 'completed')
    throw new RunRefused(`the agent run ${agentRun.id} ended ${agentRun.status}: ${agentRun.error ?? 'no answer'}`)
  const rows = (await agentStore.pageRows(deps.db, agentRun.id, 0, AGENT_ROWS_MAX)).map(
    (r) => r.row as Record<string, unknown>,
  )
  await deps.db.transaction().execute((tx) =>
    recordMatches(deps, tx, m, run, rows, {
      charged_milli: Number(settled.run.credits_charged_milli ?? 0),
      usage_run_id: settled.run.usage_run_id,
      owner,
    }),
  )
  notifyDeliveries()
}
