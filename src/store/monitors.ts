// Queries of the monitor tables (migrations 0034, 0042; types: tables-runs.ts): monitors, their runs (a durable queue
// claimed with `for update skip locked` and a lease), what each monitor has delivered, and the
// credits.low alert of a workspace. Every workspace query filters on workspace_id in the query.
// Rules: domain/monitors/.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely'
import type { Db } from './db.ts'
import type { MonitorRunsTable, MonitorsTable } from './tables-runs.ts'

export type MonitorRow = Selectable<MonitorsTable>
export type MonitorRunRow = Selectable<MonitorRunsTable>

export function insertMonitor(db: Db, row: Insertable<MonitorsTable>) {
  return db.insertInto('monitors').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findMonitors(db: Db, workspaceId: string) {
  return db
    .selectFrom('monitors')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function findMonitor(db: Db, workspaceId: string, id: string) {
  return db
    .selectFrom('monitors')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function findMonitorById(db: Db, id: string) {
  return db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findMonitorByIdempotencyKey(db: Db, workspaceId: string, key: string) {
  return db
    .selectFrom('monitors')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
}

export function countMonitors(db: Db, workspaceId: string) {
  return db
    .selectFrom('monitors')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))
}

export function updateMonitor(db: Db, workspaceId: string, id: string, values: Updateable<MonitorsTable>) {
  return db
    .updateTable('monitors')
    .set(values)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteMonitor(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('monitors')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** Enabled cron monitors whose tick is due. */
export function findDueMonitors(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('monitors')
    .selectAll()
    .where('is_enabled', '=', true)
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .execute()
}

/**
 * Claims a monitor's tick: moves next_run_at from the tick to `next` only if it still holds the
 * tick. Of two processes that saw the same tick due, one updates a row; the other, after waiting
 * for the first one's row lock, finds next_run_at changed and updates none.
 */
export async function advanceTick(db: Db, id: string, tick: Date, next: Date | null, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('monitors')
    .set({ next_run_at: next, last_run_at: now })
    .where('id', '=', id)
    .where('next_run_at', '=', tick)
    .where('is_enabled', '=', true)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Enabled monitors of `on_ingest` (every workspace: an operator ingest concerns them all). */
export function findIngestMonitors(db: Db) {
  return db
    .selectFrom('monitors')
    .select(['id', 'workspace_id'])
    .where('is_enabled', '=', true)
    .where('schedule', '=', 'on_ingest')
    .execute()
}

/** A run queued for a tick; the unique (monitor_id, tick) makes a second queueing of one tick a no-op. */
export async function insertRunOnce(db: Db, row: Insertable<MonitorRunsTable>): Promise<boolean> {
  const r = await db
    .insertInto('monitor_runs')
    .values(row)
    .onConflict((oc) => oc.columns(['monitor_id', 'tick']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

export function insertRun(db: Db, row: Insertable<MonitorRunsTable>) {
  return db.insertInto('monitor_runs').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findRun(db: Db, monitorId: string, id: string) {
  return db
    .selectFrom('monitor_runs')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function findRuns(db: Db, monitorId: string, q: { after?: { created_at: Date; id: string }; limit: number }) {
  let query = db.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', monitorId)
  if (q.after) {
    const { created_at, id } = q.after
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', created_at), eb.and([eb('created_at', '=', created_at), eb('id', '<', id)])]),
    )
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}

/**
 * Claims up to `limit` runs to work on: pending ones, running ones whose lease lapsed (their
 * process died), and waiting ones (an agent run started) whose lease lapsed, `for update skip
 * locked` so concurrent claimers take disjoint rows; the lease is written in the same statement.
 */
export async function claimRuns(
  db: Db,
  owner: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<MonitorRunRow[]> {
  const rows = await sql<MonitorRunRow>`
    update monitor_runs r
       set status = case when r.status = 'waiting' then 'waiting' else 'running' end,
           lease_owner = ${owner}, lease_expires_at = ${leaseUntil},
           started_at = coalesce(r.started_at, ${now})
     where r.id in (
       select id from monitor_runs
        where status = 'pending'
           or (status in ('running', 'waiting') and lease_expires_at < ${now})
        order by created_at
        limit ${limit}
        for update skip locked)
    returning r.*`.execute(db)
  return rows.rows
}

/** A run's outcome, written only while this owner holds its lease. */
export async function finishRun(
  db: Db,
  id: string,
  owner: string,
  values: Updateable<MonitorRunsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('monitor_runs')
    .set(values)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Finished runs created before `before` (retention; what the monitors delivered stays in monitor_seen). */
export async function deleteRunsBefore(db: Db, before: Date): Promise<number> {
  const r = await db
    .deleteFrom('monitor_runs')
    .where('created_at', '<', before)
    .where('status', 'in', ['succeeded', 'failed'])
    .executeTakeFirst()
  return Number(r.numDeletedRows)
}

/** Of `ids`, those the monitor has not delivered yet. */
export async function findUnseen(db: Db, monitorId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const seen = await db
    .selectFrom('monitor_seen')
    .select('record_id')
    .where('monitor_id', '=', monitorId)
    .where('record_id', 'in', ids)
    .execute()
  const known = new Set(seen.map((s) => s.record_id))
  return new Set(ids.filter((i) => !known.has(i)))
}

/** Marks records delivered; returns those this call marked (another run that marked one first keeps it). */
export async function insertSeen(db: Db, monitorId: string, ids: readonly string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .insertInto('monitor_seen')
    .values(ids.map((record_id) => ({ monitor_id: monitorId, record_id, seen_at: now })))
    .onConflict((oc) => oc.columns(['monitor_id', 'record_id']).doNothing())
    .returning('record_id')
    .execute()
  return rows.map((r) => r.record_id)
}

export function findCreditAlert(db: Db, workspaceId: string) {
  return db.selectFrom('credit_alerts').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst()
}

export function upsertCreditAlert(db: Db, workspaceId: string, thresholdMilli: number, armed: boolean, now: Date) {
  return db
    .insertInto('credit_alerts')
    .values({ workspace_id: workspaceId, threshold_milli: thresholdMilli, is_armed: armed, updated_at: now })
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({ threshold_milli: thresholdMilli, is_armed: armed, updated_at: now }),
    )
    .execute()
}

export function deleteCreditAlert(db: Db, workspaceId: string) {
  return db.deleteFrom('credit_alerts').where('workspace_id', '=', workspaceId).execute()
}

/**
 * Moves the workspace's alert to what its spendable balance says now, in one statement: armed
 * while spendable >= threshold, disarmed below. Returns the row only when it changed, with the
 * balance it was decided on; a row that comes back disarmed has just crossed below (fire once).
 * The row lock serialises two processes deciding at once, so only one sees the change.
 */
export async function settleCreditAlert(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<{ is_armed: boolean; threshold_milli: number; spendable_milli: number } | null> {
  const spendable = sql`coalesce(dsp_spendable_milli(dsp_spending_account(w.has_allocation, w.id, w.organisation_id), ${now.toISOString()}::timestamptz), 0)`
  const r = await sql<{ is_armed: boolean; threshold_milli: string | number; spendable_milli: string | number }>`
    update credit_alerts a
       set is_armed = not a.is_armed, updated_at = ${now}
      from workspaces w
     where a.workspace_id = ${workspaceId} and w.id = a.workspace_id
       and a.is_armed <> (${spendable} >= a.threshold_milli)
    returning a.is_armed, a.threshold_milli, ${spendable} as spendable_milli`.execute(db)
  const row = r.rows[0]
  return row
    ? {
        is_armed: row.is_armed,
        threshold_milli: Number(row.threshold_milli),
        spendable_milli: Number(row.spendable_milli),
      }
    : null
}

/** A deleted webhook leaves every monitor's `webhook_ids` of its workspace (the rest of each list stays). */
export async function forgetWebhook(db: Db, workspaceId: string, webhookId: string): Promise<void> {
  await db
    .updateTable('monitors')
    .set({ webhook_ids: sql<string>`webhook_ids - ${webhookId}::text` })
    .where('workspace_id', '=', workspaceId)
    .where(sql<boolean>`webhook_ids ? ${webhookId}::text`)
    .execute()
}
