// Queries for usage runs (history), charged units and credit holds.
import { sql, type Insertable, type Selectable } from 'kysely'
import type { Db, UsageRunsTable } from './db.ts'

export type UsageRunRow = Selectable<UsageRunsTable>

export async function insertRun(db: Db, row: Insertable<UsageRunsTable>): Promise<number> {
  const r = await db.insertInto('usage_runs').values(row).returning('id').executeTakeFirstOrThrow()
  return r.id
}

/** Inserts the units not yet charged under `scope`; returns those that are new. */
export async function claimUnits(db: Db, scope: string, units: string[], runId: number, at: Date): Promise<string[]> {
  if (units.length === 0) return []
  const rows = await db.insertInto('charged_units')
    .values(units.map((unit) => ({ scope, unit, run_id: runId, created_at: at })))
    .onConflict((oc) => oc.columns(['scope', 'unit']).doNothing())
    .returning('unit')
    .execute()
  return rows.map((r) => r.unit)
}

export async function setRunCharge(db: Db, runId: number, milli: number) {
  await db.updateTable('usage_runs').set({ credits_charged_milli: milli }).where('id', '=', runId).execute()
}

export interface FinishedRun {
  id: number
  status: 'ok' | 'failed'
  error_code: string | null
  latency_ms: number
  finished_at: Date
}

/** Closes many runs in one statement. */
export async function finishRuns(db: Db, runs: FinishedRun[]) {
  if (runs.length === 0) return
  const values = sql.join(runs.map((r) => sql`(${r.id}::bigint, ${r.status}::text, ${r.error_code}::text, ${r.latency_ms}::integer, ${r.finished_at}::timestamptz)`))
  await sql`update usage_runs u set status = v.status, error_code = v.error_code, latency_ms = v.latency_ms, finished_at = v.finished_at
    from (values ${values}) as v(id, status, error_code, latency_ms, finished_at)
    where u.id = v.id`.execute(db)
}

export interface RunVisibility {
  workspace_id: string
  /** API key: its own runs. */
  key_id?: string
  /** Session: the user's runs plus those of every key the user created (revoked included). */
  user_id?: number
}

export function visibleRuns(db: Db, v: RunVisibility) {
  let q = db.selectFrom('usage_runs').where('usage_runs.workspace_id', '=', v.workspace_id)
  if (v.key_id !== undefined) q = q.where('usage_runs.key_id', '=', v.key_id)
  else if (v.user_id !== undefined) {
    const userId = v.user_id
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('usage_runs.user_id', '=', userId), eb('usage_runs.key_id', 'is', null)]),
        eb('usage_runs.key_id', 'in', eb.selectFrom('api_keys').select('api_keys.id').where('api_keys.created_by_user_id', '=', userId)),
      ]),
    )
  }
  return q
}

export async function deleteRunsBefore(db: Db, cutoff: Date): Promise<number> {
  const r = await db.deleteFrom('usage_runs').where('occurred_at', '<', cutoff).executeTakeFirst()
  await db.deleteFrom('charged_units').where('created_at', '<', cutoff).execute()
  return Number(r.numDeletedRows)
}

export function dayBucketExpression(granularity: 'hour' | 'day' | 'month') {
  return sql<Date>`date_trunc(${granularity}, occurred_at at time zone 'UTC') at time zone 'UTC'`
}
