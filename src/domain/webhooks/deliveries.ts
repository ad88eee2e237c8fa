// Delivery attempts and their outcome (issue 42 item 3): after each attempt one transaction
// records it, moves the delivery (succeeded; pending again after an exponential backoff with
// jitter; failed once DSP_WEBHOOKS_RETRY_HOURS have passed since it was created) and the
// endpoint's failure streak, disabling an endpoint failing for DSP_WEBHOOKS_DISABLE_AFTER_HOURS
// (event webhook.disabled). The outcome is written only while this process holds the lease, so
// an attempt whose lease lapsed (another process took the delivery over) changes nothing.
import { envelope } from '../../contract/common.ts'
import type { Delivery, EventType } from '../../contract/webhooks.ts'
import * as store from '../../store/webhooks.ts'
import type { Db } from '../../store/db.ts'
import { ApiError } from '../../errors.ts'
import { fingerprint, issueCursor, readCursor } from '../cursors.ts'
import type { Credential, Deps } from '../types.ts'
import { emitEvent, notifyDeliveries } from './events.ts'
import { sendAttempt } from './send.ts'
import { endpointView, visibleEndpoint } from './views.ts'

const HOUR_MS = 3600 * 1000
/** The longest wait between two attempts. */
const MAX_DELAY_MS = 6 * HOUR_MS

/** Delay before attempt `attempt + 1`: base · 2^(attempt−1), capped at 6 h, ±20 % jitter. */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random()): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS)
  return Math.round(plain * (0.8 + 0.4 * random))
}

/** Lease of a claimed delivery: the attempt's deadline and a margin to write its outcome. */
export const leaseMs = (deps: Deps) => deps.config.DSP_WEBHOOKS_TIMEOUT_MS + 20_000

class LostLease extends Error {}

/** Sends one claimed delivery and records the outcome. */
export async function attemptDelivery(deps: Deps, owner: string, d: store.DeliveryRow): Promise<void> {
  const endpoint = await deps.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', d.endpoint_id)
    .executeTakeFirst()
  const now0 = deps.clock.now()
  if (!endpoint || !endpoint.is_enabled) {
    await store.finishClaimedDelivery(deps.db, d.id, owner, d.attempt_count, {
      status: 'failed',
      next_attempt_at: null,
      last_error: 'the endpoint is disabled',
      updated_at: now0,
    })
    return
  }
  const secrets = [endpoint.secret]
  if (endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now0)
    secrets.push(endpoint.previous_secret)
  const startedAt = deps.clock.now()
  const outcome = await sendAttempt(deps.config, { url: endpoint.url, secrets }, d)
  let disabled = false
  try {
    await deps.db.transaction().execute(async (tx) => {
      const now = deps.clock.now()
      await store.insertAttempt(tx, {
        delivery_id: d.id,
        attempt: d.attempt_count,
        started_at: startedAt,
        latency_ms: outcome.latency_ms,
        status_code: outcome.status_code,
        error: outcome.error,
        is_success: outcome.succeeded,
      })
      const ep = await store.lockEndpoint(tx, d.endpoint_id)
      let next: Date | null = null
      if (!outcome.succeeded && now.getTime() - d.created_at.getTime() < deps.config.DSP_WEBHOOKS_RETRY_HOURS * HOUR_MS)
        next = new Date(now.getTime() + retryDelayMs(d.attempt_count, deps.config.DSP_WEBHOOKS_RETRY_BASE_MS))
      const ok = await store.finishClaimedDelivery(tx, d.id, owner, d.attempt_count, {
        status: outcome.succeeded ? 'succeeded' : next ? 'pending' : 'failed',
        next_attempt_at: next,
        last_status_code: outcome.status_code,
        last_error: outcome.error,
        updated_at: now,
      })
      if (!ok) throw new LostLease()
      if (!ep) return
      if (outcome.succeeded) {
        if (ep.failing_since) await store.updateEndpointById(tx, ep.id, { failing_since: null })
        return
      }
      const since = ep.failing_since ?? now
      if (!ep.failing_since) await store.updateEndpointById(tx, ep.id, { failing_since: now })
      if (ep.is_enabled && now.getTime() - since.getTime() >= deps.config.DSP_WEBHOOKS_DISABLE_AFTER_HOURS * HOUR_MS) {
        const reason = `Every delivery failed for ${deps.config.DSP_WEBHOOKS_DISABLE_AFTER_HOURS} hours (last: ${outcome.error ?? 'failure'}).`
        await store.updateEndpointById(tx, ep.id, { is_enabled: false, disabled_reason: reason, updated_at: now })
        const disabledRow = { ...ep, is_enabled: false, disabled_reason: reason, failing_since: since, updated_at: now }
        await emitEvent(tx, deps.clock, ep.workspace_id, 'webhook.disabled', endpointView(disabledRow))
        disabled = true
      }
    })
  } catch (e) {
    if (e instanceof LostLease) return
    throw e
  }
  if (disabled) {
    deps.log.warn({ webhook_id: d.endpoint_id }, 'webhook endpoint disabled after failing too long')
    notifyDeliveries()
  }
}

function deliveryView(d: store.DeliveryRow, attempts: store.AttemptRow[]): Delivery {
  return {
    id: d.id,
    event_id: d.event_id,
    event_type: d.event_type as EventType,
    status: d.status,
    attempt_count: attempts.length,
    next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
    last_status_code: d.last_status_code,
    created_at: d.created_at.toISOString(),
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      started_at: a.started_at.toISOString(),
      status_code: a.status_code,
      latency_ms: a.latency_ms,
      error: a.error,
      succeeded: a.is_success,
    })),
  }
}

/**
 * Deliveries and their attempts read in one snapshot: an attempt and its delivery's new status are
 * written in one transaction, so read apart a delivery could show an attempt while still `sending`.
 */
function oneSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(read)
}

export async function readDelivery(deps: Deps, workspaceId: string, endpointId: string, id: string): Promise<Delivery> {
  const found = await oneSnapshot(deps.db, async (tx) => {
    const d = await store.findDelivery(tx, workspaceId, endpointId, id)
    return d ? { d, attempts: await store.findAttempts(tx, [d.id]) } : null
  })
  if (!found) throw new ApiError('request.invalid', `No delivery ${id} of this webhook.`, { status: 404 })
  return deliveryView(found.d, found.attempts)
}

interface DeliveriesCursor {
  c: string
  i: string
}

/** GET /v1/webhooks/{id}/deliveries: newest first, each with its attempts. */
export async function listWebhookDeliveries(
  deps: Deps,
  credential: Credential,
  webhookId: string,
  q: { limit?: number; cursor?: string },
) {
  await visibleEndpoint(deps, credential, webhookId)
  const limit = q.limit ?? 25
  const fp = fingerprint({ webhook: webhookId })
  const after = q.cursor ? readCursor<DeliveriesCursor>(deps, 'webhook_deliveries', fp, q.cursor) : null
  const { rows, attempts } = await oneSnapshot(deps.db, async (tx) => {
    const rows = await store.findDeliveries(tx, credential.workspace_id, webhookId, {
      after: after ? { created_at: new Date(after.c), id: after.i } : undefined,
      limit: limit + 1,
    })
    const ids = rows.slice(0, limit).map((d) => d.id)
    return { rows, attempts: await store.findAttempts(tx, ids) }
  })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const next =
    rows.length > limit && last
      ? issueCursor(deps, 'webhook_deliveries', fp, { c: last.created_at.toISOString(), i: last.id })
      : null
  return envelope(
    page.map((d) =>
      deliveryView(
        d,
        attempts.filter((a) => a.delivery_id === d.id),
      ),
    ),
    { next_cursor: next, total: page.length, total_is_estimate: next !== null },
  )
}

/** POST …/deliveries/{id}/redeliver: the same delivery (same webhook-id, same body) queued for one more attempt now. */
export async function redeliverWebhookDelivery(
  deps: Deps,
  credential: Credential,
  webhookId: string,
  deliveryId: string,
) {
  const endpoint = await visibleEndpoint(deps, credential, webhookId)
  if (!endpoint.is_enabled)
    throw new ApiError('request.invalid', 'The webhook is disabled; enable it (PATCH enabled: true) first.', {
      status: 422,
    })
  const existing = await store.findDelivery(deps.db, credential.workspace_id, webhookId, deliveryId)
  if (!existing) throw new ApiError('request.invalid', `No delivery ${deliveryId} of this webhook.`, { status: 404 })
  await store.requeueDelivery(deps.db, credential.workspace_id, deliveryId, deps.clock.now())
  notifyDeliveries()
  return readDelivery(deps, credential.workspace_id, webhookId, deliveryId)
}
