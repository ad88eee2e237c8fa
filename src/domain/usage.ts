// Usage history, run detail, daily metrics and key usage (contract §2.5, §2.6, §3.4, §4.2, §4.3).
// Who sees what: an API key its own runs; a session the signed-in user's runs plus those of
// every key that user created (revoked included). Runs older than 90 days are gone.
import { sql } from 'kysely'
import { ApiError } from '../errors.ts'
import * as usage from '../store/usage.ts'
import type { UsageRunRow } from '../store/usage.ts'
import { toCredits } from './credits/ledger.ts'
import { flushFinishedRuns } from './credits/metering.ts'
import { fingerprint, issueCursor, readCursor } from './cursors.ts'
import { guarded } from './guard.ts'
import type { Credential, Deps } from './types.ts'
import type { ActionType } from '../contract/usage.ts'
import { HOLD_LAPSE_SECONDS } from './credits/holds.ts'

export const RETENTION_DAYS = 90
/** A run still pending this long after its charge never finished (§3.4). */
export const INCOMPLETE_AFTER_MS = 10 * 60 * 1000

export function visibility(credential: Credential): usage.RunVisibility {
  if (credential.kind === 'api_key') return { workspace_id: credential.workspace_id, key_id: credential.key_id! }
  return { workspace_id: credential.workspace_id, user_id: credential.user_id! }
}

const retentionCutoff = (deps: Deps) => new Date(deps.clock.nowMs() - RETENTION_DAYS * 86_400_000)

export type HistoryRunSummary = {
  id: number
  action_type: ActionType
  actor_type: 'user' | 'api_key'
  credits_charged: number
  environment: 'live' | 'test'
  error_code: string | null
  latency_ms: number | null
  occurred_at: string
  query: string | null
  result_count: number | null
  status: 'pending' | 'ok' | 'failed'
}

/** The columns a history row shows (runSummary): a page of them never reads the runs' details. */
const SUMMARY_COLUMNS = [
  'id',
  'action_type',
  'actor_type',
  'credits_charged_milli',
  'environment',
  'error_code',
  'latency_ms',
  'occurred_at',
  'query',
  'result_count',
  'status',
  'agent_run_id',
] as const

export function runSummary(deps: Deps, r: Pick<UsageRunRow, (typeof SUMMARY_COLUMNS)[number]>): HistoryRunSummary {
  // An agent run is pending until it is settled; unread when its hold lapses, it failed unsettled (§3.4).
  const isAgentRun = r.agent_run_id !== null
  const stale =
    r.status === 'pending' &&
    deps.clock.nowMs() - r.occurred_at.getTime() > (isAgentRun ? HOLD_LAPSE_SECONDS * 1000 : INCOMPLETE_AFTER_MS)
  return {
    id: r.id,
    action_type: r.action_type as ActionType,
    actor_type: r.actor_type,
    credits_charged: toCredits(r.credits_charged_milli),
    environment: r.environment,
    error_code: stale ? (isAgentRun ? 'unsettled' : 'incomplete') : r.error_code,
    latency_ms: r.latency_ms,
    occurred_at: r.occurred_at.toISOString(),
    query: r.query,
    result_count: r.result_count,
    status: stale ? 'failed' : r.status,
  }
}

export interface HistoryQuery {
  cursor?: string
  limit?: number
  action_type?: string[]
  from?: string
  to?: string
}

export async function listHistory(deps: Deps, credential: Credential, q: HistoryQuery) {
  // Runs close a moment after their response (domain/write-behind.ts): this server's closures first.
  await flushFinishedRuns(deps)
  const limit = q.limit ?? 25
  const fp = fingerprint({
    action_type: [...(q.action_type ?? [])].sort(),
    from: q.from ?? null,
    to: q.to ?? null,
    who: credential.key_id ?? credential.user_id,
  })
  const after = q.cursor ? readCursor<{ o: number; i: number }>(deps, 'history', fp, q.cursor) : null
  let base = usage
    .visibleRuns(deps.db, visibility(credential))
    .where('usage_runs.occurred_at', '>=', retentionCutoff(deps))
  if (q.action_type?.length) base = base.where('usage_runs.action_type', 'in', q.action_type)
  if (q.from) base = base.where('usage_runs.occurred_at', '>=', new Date(q.from))
  if (q.to) base = base.where('usage_runs.occurred_at', '<=', new Date(q.to))
  let page = base.select(SUMMARY_COLUMNS.map((c) => `usage_runs.${c}` as const))
  if (after) {
    const at = new Date(after.o)
    page = page.where((eb) =>
      eb.or([
        eb('usage_runs.occurred_at', '<', at),
        eb.and([eb('usage_runs.occurred_at', '=', at), eb('usage_runs.id', '<', after.i)]),
      ]),
    )
  }
  const [rows, count] = await Promise.all([
    page
      .orderBy('usage_runs.occurred_at', 'desc')
      .orderBy('usage_runs.id', 'desc')
      .limit(limit + 1)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  const more = rows.length > limit
  const pageRows = rows.slice(0, limit)
  const last = pageRows[pageRows.length - 1]
  return {
    results: pageRows.map((r) => runSummary(deps, r)),
    total: Number(count.n),
    next_cursor: more && last ? issueCursor(deps, 'history', fp, { o: last.occurred_at.getTime(), i: last.id }) : null,
  }
}

const SNAPSHOT_RETENTION_MS = 30 * 86_400_000

export async function getHistoryRun(deps: Deps, credential: Credential, runId: number) {
  // Runs close a moment after their response (domain/write-behind.ts): this server's closures first.
  await flushFinishedRuns(deps)
  const row = await usage
    .visibleRuns(deps.db, visibility(credential))
    .selectAll('usage_runs')
    .where('usage_runs.id', '=', runId)
    .where('usage_runs.occurred_at', '>=', retentionCutoff(deps))
    .executeTakeFirst()
  if (!row)
    throw new ApiError(
      'history.not_found',
      `No run ${runId} in your history (unknown, older than ${RETENTION_DAYS} days, or another credential's).`,
    )
  const snapshotExpired =
    usage.hasSnapshot(row) && deps.clock.nowMs() - row.occurred_at.getTime() > SNAPSHOT_RETENTION_MS
  return {
    ...runSummary(deps, row),
    request_id: row.request_id,
    request: row.request ?? null,
    plan: row.plan ?? null,
    snapshot: snapshotExpired ? null : await usage.readSnapshot(row),
    snapshot_state: snapshotExpired ? 'expired' : row.snapshot_state,
  }
}

export interface MetricsQuery {
  from?: string
  to?: string
  action_type?: string[]
}

const MAX_METRICS_DAYS = 366

export async function getUsageMetrics(deps: Deps, credential: Credential, q: MetricsQuery) {
  // Runs close a moment after their response (domain/write-behind.ts): this server's closures first.
  await flushFinishedRuns(deps)
  const to = q.to ? new Date(q.to) : deps.clock.now()
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * 86_400_000)
  if (from > to) throw new ApiError('request.invalid', '`from` must not be after `to`.')
  if (to.getTime() - from.getTime() > MAX_METRICS_DAYS * 86_400_000)
    throw new ApiError('request.invalid', `The window is at most ${MAX_METRICS_DAYS} days.`)
  let base = usage
    .visibleRuns(deps.db, visibility(credential))
    .where('usage_runs.occurred_at', '>=', from)
    .where('usage_runs.occurred_at', '<=', to)
    .where('usage_runs.occurred_at', '>=', retentionCutoff(deps))
  if (q.action_type?.length) base = base.where('usage_runs.action_type', 'in', q.action_type)
  const rows = await base
    .select([
      sql<string>`to_char(usage_runs.occurred_at at time zone 'UTC', 'YYYY-MM-DD')`.as('date'),
      'usage_runs.action_type',
      (eb) => eb.fn.countAll<number>().as('runs'),
      sql<number>`count(*) filter (where usage_runs.status = 'failed')`.as('failed'),
      (eb) => eb.fn.sum<number>('usage_runs.credits_charged_milli').as('milli'),
    ])
    .groupBy([sql`1`, 'usage_runs.action_type'])
    .execute()
  const days = new Map<string, { date: string; runs: number; failed_runs: number; credits_milli: number }>()
  for (
    let d = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
    d <= to.getTime();
    d += 86_400_000
  ) {
    const date = new Date(d).toISOString().slice(0, 10)
    days.set(date, { date, runs: 0, failed_runs: 0, credits_milli: 0 })
  }
  const byAction = new Map<string, { action_type: ActionType; runs: number; credits_milli: number }>()
  for (const r of rows) {
    const day = days.get(r.date) ?? { date: r.date, runs: 0, failed_runs: 0, credits_milli: 0 }
    day.runs += Number(r.runs)
    day.failed_runs += Number(r.failed)
    day.credits_milli += Number(r.milli ?? 0)
    days.set(r.date, day)
    const a = byAction.get(r.action_type) ?? { action_type: r.action_type as ActionType, runs: 0, credits_milli: 0 }
    a.runs += Number(r.runs)
    a.credits_milli += Number(r.milli ?? 0)
    byAction.set(r.action_type, a)
  }
  const dayList = [...days.values()].sort((a, b) => a.date.localeCompare(b.date))
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    days: dayList.map((d) => ({
      date: d.date,
      runs: d.runs,
      failed_runs: d.failed_runs,
      credits: toCredits(d.credits_milli),
    })),
    by_action_type: [...byAction.values()]
      .sort((a, b) => a.action_type.localeCompare(b.action_type))
      .map((a) => ({ action_type: a.action_type, runs: a.runs, credits: toCredits(a.credits_milli) })),
    total_runs: dayList.reduce((s, d) => s + d.runs, 0),
    total_credits: toCredits(dayList.reduce((s, d) => s + d.credits_milli, 0)),
  }
}

export interface KeyUsageQuery {
  granularity?: 'hour' | 'day' | 'month' | 'total'
  from?: string
  to?: string
}

/** §2.5: buckets per period and action type. A session gets the same answer over its own runs, with key_id null. */
export async function getKeyUsage(deps: Deps, credential: Credential, q: KeyUsageQuery) {
  // Runs close a moment after their response (domain/write-behind.ts): this server's closures first.
  await flushFinishedRuns(deps)
  return guarded(deps, 'ledger', 'credits.unavailable', async () => {
    const granularity = q.granularity ?? 'day'
    const to = q.to ? new Date(q.to) : deps.clock.now()
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * 86_400_000)
    if (from > to) throw new ApiError('request.invalid', '`from` must not be after `to`.')
    const base = usage
      .visibleRuns(deps.db, visibility(credential))
      .where('usage_runs.occurred_at', '>=', from)
      .where('usage_runs.occurred_at', '<=', to)
    const period =
      granularity === 'total'
        ? sql<Date>`${from.toISOString()}::timestamptz`
        : sql<Date>`date_trunc(${granularity}, usage_runs.occurred_at at time zone 'UTC') at time zone 'UTC'`
    const rows = await base
      .select([
        period.as('period_start'),
        'usage_runs.action_type',
        (eb) => eb.fn.countAll<number>().as('requests'),
        (eb) => eb.fn.sum<number>('usage_runs.credits_charged_milli').as('milli'),
      ])
      .groupBy([sql`1`, 'usage_runs.action_type'])
      .orderBy(sql`1`)
      .orderBy('usage_runs.action_type')
      .execute()
    const buckets = rows.map((r) => ({
      period_start: new Date(r.period_start).toISOString(),
      action_type: r.action_type as string | null,
      credits: toCredits(Number(r.milli ?? 0)),
      requests: Number(r.requests),
    }))
    return {
      key_id: credential.key_id,
      granularity,
      period_from: from.toISOString(),
      period_to: to.toISOString(),
      buckets,
      total_credits: toCredits(rows.reduce((s, r) => s + Number(r.milli ?? 0), 0)),
      total_requests: rows.reduce((s, r) => s + Number(r.requests), 0),
    }
  })
}

/** Job usage.retention: removes runs (and their charged units) older than 90 days. */
export async function pruneHistory(deps: Deps): Promise<number> {
  return usage.deleteRunsBefore(deps.db, retentionCutoff(deps))
}
