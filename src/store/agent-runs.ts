// Queries of the agent-run tables (migration 0006; types: tables-runs.ts): the run queue with its lease, step
// checkpoints, the event log, answer rows and entity exposures. The domain
// (domain/agent-runs/) opens the transactions and decides what to ask.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely'
import type { Db } from './db.ts'
import type { AgentRunEventsTable, AgentRunStepsTable, AgentRunsTable } from './tables-runs.ts'

export type AgentRunRow = Selectable<AgentRunsTable>
export type AgentRunUpdate = Updateable<AgentRunsTable>
export type AgentRunEventRow = Selectable<AgentRunEventsTable>

/** Inserts a run unless its idempotency key is taken in the workspace; true when inserted. */
export async function insertRun(db: Db, row: Insertable<AgentRunsTable>): Promise<boolean> {
  const r = await db
    .insertInto('agent_runs')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

export function findRunByKey(db: Db, workspaceId: string, idempotencyKey: string): Promise<AgentRunRow | undefined> {
  return db
    .selectFrom('agent_runs')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst()
}

export function findRun(db: Db, workspaceId: string, runId: string): Promise<AgentRunRow | undefined> {
  return db
    .selectFrom('agent_runs')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', runId)
    .executeTakeFirst()
}

export function lockRun(db: Db, workspaceId: string, runId: string): Promise<AgentRunRow | undefined> {
  return db
    .selectFrom('agent_runs')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', runId)
    .forUpdate()
    .executeTakeFirst()
}

export function findRunById(db: Db, runId: string): Promise<AgentRunRow | undefined> {
  return db.selectFrom('agent_runs').selectAll().where('id', '=', runId).executeTakeFirst()
}

export function listRuns(db: Db, workspaceId: string, limit: number) {
  return db
    .selectFrom('agent_runs')
    .select(['id', 'status', 'query', 'created_at', 'finished_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export async function updateRun(db: Db, runId: string, fields: AgentRunUpdate): Promise<void> {
  await db.updateTable('agent_runs').set(fields).where('id', '=', runId).execute()
}

/**
 * Claims the oldest runnable run: pending, or running with an expired lease (its worker died).
 * `for update skip locked`: concurrent workers never claim the same row and never wait on
 * each other. Increments `attempts`, the fencing token of every later commit.
 */
export async function claimRun(
  db: Db,
  owner: string,
  now: Date,
  leaseUntil: Date,
): Promise<{ run: AgentRunRow; wasPending: boolean } | null> {
  const candidate = await db
    .selectFrom('agent_runs')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', now)])]),
    )
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst()
  if (!candidate) return null
  const run = await db
    .updateTable('agent_runs')
    .set((eb) => ({
      status: 'running',
      lease_owner: owner,
      lease_expires_at: leaseUntil,
      attempts: eb('attempts', '+', 1),
      started_at: eb.fn.coalesce('started_at', sql<Date>`${now}::timestamptz`),
      updated_at: now,
    }))
    .where('id', '=', candidate.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return { run, wasPending: candidate.status === 'pending' }
}

/** Extends the lease of the claim `attempt`, while the run is still running; false when the claim is gone (cancelled or re-claimed). */
export async function renewLease(
  db: Db,
  runId: string,
  attempt: number,
  leaseUntil: Date,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('agent_runs')
    .set({ lease_expires_at: leaseUntil, updated_at: now })
    .where('id', '=', runId)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

/** Updates the run only if `attempt` still holds it; false otherwise. */
export async function updateClaimedRun(
  db: Db,
  runId: string,
  attempt: number,
  fields: AgentRunUpdate,
): Promise<boolean> {
  const r = await db
    .updateTable('agent_runs')
    .set(fields)
    .where('id', '=', runId)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

export interface NewEvent {
  event: string
  data: Record<string, unknown>
}

/** Appends events with the next sequence numbers; the update locks the run row, so sequences never interleave. */
export async function appendEvents(db: Db, runId: string, events: NewEvent[], at: Date): Promise<number> {
  if (events.length === 0) return 0
  const r = await db
    .updateTable('agent_runs')
    .set((eb) => ({ event_seq: eb('event_seq', '+', events.length) }))
    .where('id', '=', runId)
    .returning('event_seq')
    .executeTakeFirstOrThrow()
  const first = r.event_seq - events.length + 1
  await db
    .insertInto('agent_run_events')
    .values(
      events.map((e, i) => ({
        run_id: runId,
        seq: first + i,
        event: e.event,
        data: JSON.stringify(e.data),
        created_at: at,
      })),
    )
    .execute()
  return r.event_seq
}

export function readEvents(db: Db, runId: string, afterSeq: number, limit: number): Promise<AgentRunEventRow[]> {
  return db
    .selectFrom('agent_run_events')
    .selectAll()
    .where('run_id', '=', runId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute()
}

export async function insertStep(db: Db, row: Insertable<AgentRunStepsTable>): Promise<void> {
  await db
    .insertInto('agent_run_steps')
    .values(row)
    .onConflict((oc) => oc.columns(['run_id', 'name']).doNothing())
    .execute()
}

export function findSteps(db: Db, runId: string) {
  return db.selectFrom('agent_run_steps').select(['name', 'output']).where('run_id', '=', runId).execute()
}

export async function insertRows(db: Db, runId: string, rows: { entity_id: string; row: unknown }[]): Promise<void> {
  await db.deleteFrom('agent_run_rows').where('run_id', '=', runId).execute()
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200)
    await db
      .insertInto('agent_run_rows')
      .values(
        chunk.map((r, j) => ({ run_id: runId, position: i + j, entity_id: r.entity_id, row: JSON.stringify(r.row) })),
      )
      .execute()
  }
}

export function pageRows(db: Db, runId: string, offset: number, limit: number) {
  return db
    .selectFrom('agent_run_rows')
    .select(['position', 'row'])
    .where('run_id', '=', runId)
    .where('position', '>=', offset)
    .orderBy('position')
    .limit(limit)
    .execute()
}

/**
 * A record shown again within this long keeps the date it has: the 30-day window's count is off
 * by at most this much at its edge, and a credential that shows the same records many times a
 * minute writes no new row versions (each refresh rewrote its row and its index entries).
 */
export const EXPOSURE_REFRESH_MS = 60_000

/** Marks entities shown to a credential now (first_shown_at kept, last_shown_at refreshed once older than EXPOSURE_REFRESH_MS). */
export async function recordExposures(db: Db, credential: string, entities: string[], at: Date): Promise<void> {
  const unique = [...new Set(entities)]
  const stale = new Date(at.getTime() - EXPOSURE_REFRESH_MS)
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500)
    await db
      .insertInto('entity_exposures')
      .values(chunk.map((entity) => ({ credential, entity, first_shown_at: at, last_shown_at: at })))
      .onConflict((oc) =>
        oc
          .columns(['credential', 'entity'])
          .doUpdateSet({ last_shown_at: at })
          .where('entity_exposures.last_shown_at', '<', stale),
      )
      .execute()
  }
}

export async function countExposures(db: Db, credential: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('entity_exposures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('credential', '=', credential)
    .where('last_shown_at', '>=', since)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

export async function deleteExposuresBefore(db: Db, cutoff: Date): Promise<number> {
  const r = await db.deleteFrom('entity_exposures').where('last_shown_at', '<', cutoff).executeTakeFirst()
  return Number(r.numDeletedRows)
}

/** Closes the history row of a settled agent run (usage_runs.agent_run_id). */
export async function settleUsageRun(
  db: Db,
  usageRunId: number,
  fields: {
    status: 'ok' | 'failed'
    error_code: string | null
    credits_charged_milli: number
    action_type: string | null
    result_count: number | null
    latency_ms: number
    finished_at: Date
  },
): Promise<void> {
  const { action_type, ...rest } = fields
  await db
    .updateTable('usage_runs')
    .set({ ...rest, ...(action_type ? { action_type } : {}) })
    .where('id', '=', usageRunId)
    .where('agent_run_id', 'is not', null)
    .execute()
}
