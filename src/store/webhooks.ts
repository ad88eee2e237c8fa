// Queries of the webhook tables (migration 0034; types: tables-runs.ts): endpoints, events, the delivery queue with
// its lease, and attempts. Every workspace query filters on workspace_id in the query itself.
// Rules: domain/webhooks/.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely'
import type { Db } from './db.ts'
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './tables-runs.ts'

export type EndpointRow = Selectable<WebhookEndpointsTable>
export type EventRow = Selectable<WebhookEventsTable>
export type DeliveryRow = Selectable<WebhookDeliveriesTable>
export type AttemptRow = Selectable<WebhookAttemptsTable>

export function insertEndpoint(db: Db, row: Insertable<WebhookEndpointsTable>) {
  return db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findEndpoints(db: Db, workspaceId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function findEndpoint(db: Db, workspaceId: string, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function findEndpointByIdempotencyKey(db: Db, workspaceId: string, key: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
}

export function countEndpoints(db: Db, workspaceId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))
}

export function updateEndpoint(db: Db, workspaceId: string, id: string, values: Updateable<WebhookEndpointsTable>) {
  return db
    .updateTable('webhook_endpoints')
    .set(values)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** The endpoint row locked for an attempt's outcome (failing_since, disabling). */
export function lockEndpoint(db: Db, id: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function updateEndpointById(db: Db, id: string, values: Updateable<WebhookEndpointsTable>) {
  return db.updateTable('webhook_endpoints').set(values).where('id', '=', id).execute()
}

export async function deleteEndpoint(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('webhook_endpoints')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** Enabled endpoints of a workspace (the event fan-out). */
export function findEnabledEndpoints(db: Db, workspaceId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('is_enabled', '=', true)
    .execute()
}

export function insertEvent(db: Db, row: Insertable<WebhookEventsTable>) {
  return db.insertInto('webhook_events').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findEvent(db: Db, workspaceId: string, id: string) {
  return db
    .selectFrom('webhook_events')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Newest first after the keyset (created_at, id), kept since `since`. */
export function findEvents(
  db: Db,
  workspaceId: string,
  q: { since: Date; types?: readonly string[]; after?: { created_at: Date; id: string }; limit: number },
) {
  let query = db
    .selectFrom('webhook_events')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', q.since)
  if (q.types && q.types.length > 0) query = query.where('type', 'in', q.types)
  if (q.after) {
    const { created_at, id } = q.after
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', created_at), eb.and([eb('created_at', '=', created_at), eb('id', '<', id)])]),
    )
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}

export function insertDeliveries(db: Db, rows: Insertable<WebhookDeliveriesTable>[]) {
  if (rows.length === 0) return Promise.resolve([])
  return db.insertInto('webhook_deliveries').values(rows).execute()
}

export function findDelivery(db: Db, workspaceId: string, endpointId: string, id: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function findDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
  q: { after?: { created_at: Date; id: string }; limit: number },
) {
  let query = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('endpoint_id', '=', endpointId)
  if (q.after) {
    const { created_at, id } = q.after
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', created_at), eb.and([eb('created_at', '=', created_at), eb('id', '<', id)])]),
    )
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}

export function findAttempts(db: Db, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([] as AttemptRow[])
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempt')
    .execute()
}

/**
 * Claims up to `limit` deliveries that are due (pending and past next_attempt_at, or sending with
 * a lapsed lease: the process that held it died), `for update skip locked` so concurrent claimers
 * take disjoint rows; the lease is written in the same statement.
 */
export async function claimDueDeliveries(
  db: Db,
  owner: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DeliveryRow[]> {
  const rows = await sql<DeliveryRow>`
    update webhook_deliveries d
       set status = 'sending', lease_owner = ${owner}, lease_expires_at = ${leaseUntil},
           attempt_count = d.attempt_count + 1, updated_at = ${now}
     where d.id in (
       select id from webhook_deliveries
        where (status = 'pending' and next_attempt_at <= ${now})
           or (status = 'sending' and lease_expires_at < ${now})
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning d.*`.execute(db)
  return rows.rows
}

/** An attempt's outcome, written only while this owner still holds the lease. */
export async function finishClaimedDelivery(
  db: Db,
  id: string,
  owner: string,
  attempt: number,
  values: Updateable<WebhookDeliveriesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({ ...values, lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('attempt_count', '=', attempt)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export function insertAttempt(db: Db, row: Insertable<WebhookAttemptsTable>) {
  return db
    .insertInto('webhook_attempts')
    .values(row)
    .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
    .execute()
}

export function requeueDelivery(db: Db, workspaceId: string, id: string, now: Date) {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('status', '!=', 'sending')
    .returningAll()
    .executeTakeFirst()
}

/** Events older than `before` and their deliveries (retention). */
export async function deleteEventsBefore(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('webhook_events').where('created_at', '<', before).executeTakeFirst()
  return Number(r.numDeletedRows)
}
