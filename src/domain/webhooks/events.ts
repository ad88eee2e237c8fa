// The workspace's events (issue 42 item 2): recorded once, fanned out as one delivery per
// subscribed enabled endpoint in the same transaction as the change that caused them (a run's
// end, a list change…), so an event is never lost or sent for a change that rolled back. Kept
// 30 days; GET /v1/events lists them newest first.
import { EventEmitter } from 'node:events'
import type { Clock } from '../../clock.ts'
import { envelope } from '../../contract/common.ts'
import type { EventType, EventView } from '../../contract/webhooks.ts'
import type { Db } from '../../store/db.ts'
import * as store from '../../store/webhooks.ts'
import { fingerprint, issueCursor, readCursor } from '../cursors.ts'
import { randomId } from '../ids.ts'
import type { Credential, Deps } from '../types.ts'

export const EVENT_RETENTION_DAYS = 30
const DAY_MS = 24 * 3600 * 1000

const bus = new EventEmitter()
bus.setMaxListeners(0)

/** Wakes this process's dispatcher; other processes find new deliveries at their next poll. */
export function notifyDeliveries(): void {
  bus.emit('due')
}

export function onDeliveries(listener: () => void): () => void {
  bus.on('due', listener)
  return () => bus.off('due', listener)
}

export function eventView(row: store.EventRow): EventView {
  return {
    id: row.id,
    type: row.type as EventType,
    created_at: row.created_at.toISOString(),
    data: row.data as Record<string, unknown>,
  }
}

/**
 * Records an event and queues its deliveries (one per enabled endpoint subscribed to the type,
 * only `to` for a test event, or the enabled ones of `endpointIds` for a monitor that names them). Call inside the transaction of the change; call
 * notifyDeliveries() once it has committed.
 */
export async function emitEvent(
  db: Db,
  clock: Clock,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
  options: { to?: store.EndpointRow; endpointIds?: readonly string[] | null } = {},
): Promise<{ event: EventView; delivery_ids: string[] }> {
  const now = clock.now()
  const row = await store.insertEvent(db, {
    id: randomId('evt', 12),
    workspace_id: workspaceId,
    type,
    data: JSON.stringify(data),
    created_at: now,
  })
  const event = eventView(row)
  // A monitor naming its webhooks sends to those (enabled) endpoints, whatever types they subscribe to.
  const only = options.endpointIds ? new Set(options.endpointIds) : null
  const targets = options.to
    ? [options.to]
    : (await store.findEnabledEndpoints(db, workspaceId)).filter((e) =>
        only ? only.has(e.id) : (e.events as string[]).includes(type),
      )
  const body = JSON.stringify(event)
  const deliveries = targets.map((endpoint) => ({
    id: randomId('msg', 12),
    workspace_id: workspaceId,
    endpoint_id: endpoint.id,
    event_id: event.id,
    event_type: type,
    body,
    status: 'pending' as const,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  }))
  await store.insertDeliveries(db, deliveries)
  return { event, delivery_ids: deliveries.map((d) => d.id) }
}

/** emitEvent on its own (no surrounding change), then wakes the dispatcher. */
export async function emitEventNow(
  deps: Deps,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<void> {
  await deps.db.transaction().execute((tx) => emitEvent(tx, deps.clock, workspaceId, type, data))
  notifyDeliveries()
}

interface EventsCursor {
  c: string
  i: string
}

/** GET /v1/events: newest first, 30 days, optional type filter, keyset cursor. */
export async function listEvents(
  deps: Deps,
  credential: Credential,
  q: { type?: EventType; limit?: number; cursor?: string },
) {
  const limit = q.limit ?? 25
  const fp = fingerprint({ workspace: credential.workspace_id, type: q.type ?? null })
  const after = q.cursor ? readCursor<EventsCursor>(deps, 'events', fp, q.cursor) : null
  const since = new Date(deps.clock.nowMs() - EVENT_RETENTION_DAYS * DAY_MS)
  const rows = await store.findEvents(deps.db, credential.workspace_id, {
    since,
    types: q.type ? [q.type] : undefined,
    after: after ? { created_at: new Date(after.c), id: after.i } : undefined,
    limit: limit + 1,
  })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const next =
    rows.length > limit && last
      ? issueCursor(deps, 'events', fp, { c: last.created_at.toISOString(), i: last.id } satisfies EventsCursor)
      : null
  return envelope(page.map(eventView), { next_cursor: next, total: page.length, total_is_estimate: next !== null })
}

/** Retention: events (and their deliveries) older than 30 days. */
export function pruneEvents(deps: Deps): Promise<number> {
  return store.deleteEventsBefore(deps.db, new Date(deps.clock.nowMs() - EVENT_RETENTION_DAYS * DAY_MS))
}
