// Monitors of a workspace (issue 42 item 5): create (Idempotency-Key replays), read, list, update,
// delete, and their runs. A search monitor asks its question once at creation, as its baseline:
// that run is billed like any other, validates the search exactly as POST /v1/search does (its
// errors are the route's own), and records what already matches, so later runs deliver only
// records that are new. An agent-run monitor queues its baseline run. Runs: runs.ts; ticks: schedule.ts.
import { hash } from 'node:crypto'
import { envelope } from '../../contract/common.ts'
import {
  MAX_MONITORS,
  ON_INGEST,
  type CreateMonitorBody,
  type Monitor,
  type UpdateMonitorBody,
} from '../../contract/monitors.ts'
import { ApiError } from '../../errors.ts'
import * as store from '../../store/monitors.ts'
import { findEndpoints } from '../../store/webhooks.ts'
import { fingerprint, issueCursor, readCursor } from '../cursors.ts'
import { randomId } from '../ids.ts'
import type { Credential, Deps } from '../types.ts'
import { askSearch, monitorView, notifyMonitorRuns, recordMatches, runView } from './runs.ts'
import { nextTick, parseSchedule } from './schedule.ts'

const notFound = (id: string) => new ApiError('request.invalid', `No monitor ${id} in this workspace.`, { status: 404 })

const invalid = (msg: string, loc: string[], type = 'value_error') =>
  new ApiError('request.invalid', msg, {
    status: 422,
    extra: { errors: [{ type, loc, msg, input: null, ctx: {} }] },
  })

async function visibleMonitor(deps: Deps, credential: Credential, id: string) {
  const row = await store.findMonitor(deps.db, credential.workspace_id, id)
  if (!row) throw notFound(id)
  return row
}

/** Every named webhook must be an endpoint of this workspace (422 naming the first that is not). */
async function checkWebhookIds(deps: Deps, workspaceId: string, ids: readonly string[] | null | undefined) {
  if (!ids?.length) return
  const known = new Set((await findEndpoints(deps.db, workspaceId)).map((e) => e.id))
  const i = ids.findIndex((id) => !known.has(id))
  if (i >= 0) throw invalid(`No webhook ${ids[i]} in this workspace.`, ['body', 'webhook_ids', String(i)])
}

/** Answers a replayed Idempotency-Key: the monitor that create made, or null. */
export async function findMonitorReplay(deps: Deps, credential: Credential, key: string | undefined) {
  if (!key) return null
  const row = await store.findMonitorByIdempotencyKey(deps.db, credential.workspace_id, key)
  return row ? monitorView(row) : null
}

/**
 * Creates a monitor. A search monitor's baseline run asks its question now and is charged now
 * (402 credits.insufficient creates nothing); `credits_charged` is what it cost.
 */
export async function createMonitor(
  deps: Deps,
  credential: Credential,
  body: CreateMonitorBody,
  idempotencyKey: string | undefined,
): Promise<{ created: boolean; monitor: Monitor; credits_charged: number }> {
  if ((body.search === undefined) === (body.agent_run === undefined))
    throw invalid(
      'Send exactly one of `search` and `agent_run`: the question the monitor asks.',
      ['body', 'search'],
      'missing',
    )
  if (body.search?.cursor)
    throw invalid('A monitor asks for the first page: leave `cursor` out.', ['body', 'search', 'cursor'])
  parseSchedule(body.schedule)
  await checkWebhookIds(deps, credential.workspace_id, body.webhook_ids)
  if ((await store.countMonitors(deps.db, credential.workspace_id)) >= MAX_MONITORS)
    throw invalid(`A workspace has at most ${MAX_MONITORS} monitors; delete one first.`, ['body'])
  const now = deps.clock.now()
  const enabled = body.enabled ?? true
  const kind = body.search ? ('search' as const) : ('agent_run' as const)
  const request = body.search ?? body.agent_run!
  const id = randomId('mon', 12)
  const baseline = {
    // With an Idempotency-Key, two creates racing on one key ask under one charge scope (the run's
    // id is the scope: runs.ts askSearch), so the one that loses the insert is not charged again;
    // the UTC day is part of it, as in every idempotency scope (credits/metering.ts).
    id: idempotencyKey
      ? `mrun_${hash('sha256', `${credential.workspace_id}\u0000${now.toISOString().slice(0, 10)}\u0000${idempotencyKey}`, 'hex').slice(0, 12)}`
      : randomId('mrun', 12),
    monitor_id: id,
    workspace_id: credential.workspace_id,
    tick: 'baseline',
    trigger: 'baseline',
    status: 'pending' as const,
    created_at: now,
  }
  // The baseline search runs before anything is written: an invalid search, or one the credits
  // cannot pay for, leaves nothing behind.
  const asked = kind === 'search' ? await askSearch(deps, credential, { id, request }, baseline.id) : null
  try {
    const row = await deps.db.transaction().execute(async (tx) => {
      const m = await store.insertMonitor(tx, {
        id,
        workspace_id: credential.workspace_id,
        key_id: credential.key_id,
        user_id: credential.user_id,
        environment: credential.environment,
        name: body.name,
        kind,
        request: JSON.stringify(request),
        schedule: body.schedule,
        webhook_ids: body.webhook_ids ? JSON.stringify(body.webhook_ids) : null,
        is_enabled: enabled,
        next_run_at: enabled ? nextTick(body.schedule, now) : null,
        idempotency_key: idempotencyKey ?? null,
        created_at: now,
        updated_at: now,
      })
      const run = await store.insertRun(tx, asked ? { ...baseline, status: 'running', started_at: now } : baseline)
      if (asked)
        await recordMatches(deps, tx, m, run, asked.rows, {
          charged_milli: asked.charged_milli,
          usage_run_id: asked.usage_run_id,
          owner: null,
        })
      return m
    })
    if (!asked) notifyMonitorRuns()
    return { created: true, monitor: monitorView(row), credits_charged: (asked?.charged_milli ?? 0) / 1000 }
  } catch (e) {
    // Two creates with one key at once: the loser answers what the winner created.
    const replay = await findMonitorReplay(deps, credential, idempotencyKey)
    if (replay) return { created: false, monitor: replay, credits_charged: 0 }
    throw e
  }
}

export async function listMonitors(deps: Deps, credential: Credential) {
  return envelope((await store.findMonitors(deps.db, credential.workspace_id)).map(monitorView))
}

export async function getMonitor(deps: Deps, credential: Credential, id: string) {
  return monitorView(await visibleMonitor(deps, credential, id))
}

export async function updateMonitor(deps: Deps, credential: Credential, id: string, body: UpdateMonitorBody) {
  const current = await visibleMonitor(deps, credential, id)
  if (body.schedule !== undefined) parseSchedule(body.schedule)
  if (body.webhook_ids !== undefined) await checkWebhookIds(deps, credential.workspace_id, body.webhook_ids)
  const now = deps.clock.now()
  const schedule = body.schedule ?? current.schedule
  const enabled = body.enabled ?? current.is_enabled
  // A new schedule, or a resumed monitor, starts from the next tick after now (no catching up).
  const reschedule = body.schedule !== undefined || body.enabled !== undefined
  const row = await store.updateMonitor(deps.db, credential.workspace_id, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.schedule !== undefined ? { schedule } : {}),
    ...(body.webhook_ids !== undefined
      ? { webhook_ids: body.webhook_ids ? JSON.stringify(body.webhook_ids) : null }
      : {}),
    ...(body.enabled !== undefined ? { is_enabled: enabled } : {}),
    ...(reschedule ? { next_run_at: enabled && schedule !== ON_INGEST ? nextTick(schedule, now) : null } : {}),
    updated_at: now,
  })
  if (!row) throw notFound(id)
  return monitorView(row)
}

/** Deletes the monitor with its runs and what it delivered; a run under way records nothing. */
export async function deleteMonitor(deps: Deps, credential: Credential, id: string): Promise<void> {
  if (!(await store.deleteMonitor(deps.db, credential.workspace_id, id))) throw notFound(id)
}

interface RunsCursor {
  c: string
  i: string
}

/** GET /v1/monitors/{id}/runs: newest first. */
export async function listMonitorRuns(
  deps: Deps,
  credential: Credential,
  id: string,
  q: { limit?: number; cursor?: string },
) {
  await visibleMonitor(deps, credential, id)
  const limit = q.limit ?? 25
  const fp = fingerprint({ monitor: id })
  const after = q.cursor ? readCursor<RunsCursor>(deps, 'monitor_runs', fp, q.cursor) : null
  const rows = await store.findRuns(deps.db, id, {
    after: after ? { created_at: new Date(after.c), id: after.i } : undefined,
    limit: limit + 1,
  })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const next =
    rows.length > limit && last
      ? issueCursor(deps, 'monitor_runs', fp, { c: last.created_at.toISOString(), i: last.id } satisfies RunsCursor)
      : null
  return envelope(page.map(runView), { next_cursor: next, total: page.length, total_is_estimate: next !== null })
}

/** Runs are kept 90 days, like usage history; a monitor's delivered records stay for as long as it lives. */
export const MONITOR_RUN_RETENTION_DAYS = 90

export function pruneMonitorRuns(deps: Deps): Promise<number> {
  return store.deleteRunsBefore(deps.db, new Date(deps.clock.nowMs() - MONITOR_RUN_RETENTION_DAYS * 24 * 3600 * 1000))
}
