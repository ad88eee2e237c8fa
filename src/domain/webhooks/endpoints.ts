// Webhook endpoints of a workspace (issue 42 item 1): create (secret shown once; Idempotency-Key
// replays), read, list, update, delete, rotate the secret (the old one keeps signing for 24 h)
// and send a test event. A URL is checked as a safe target (targets.ts) before anything is written.
import { randomBytes } from 'node:crypto'
import { envelope } from '../../contract/common.ts'
import { MAX_ENDPOINTS, type CreateWebhookBody, type UpdateWebhookBody, type Webhook } from '../../contract/webhooks.ts'
import { ApiError } from '../../errors.ts'
import { forgetWebhook } from '../../store/monitors.ts'
import * as store from '../../store/webhooks.ts'
import { randomId } from '../ids.ts'
import type { Credential, Deps } from '../types.ts'
import { emitEvent, notifyDeliveries } from './events.ts'
import { checkTarget, TargetRefused } from './targets.ts'
import { readDelivery } from './deliveries.ts'
import { endpointView, notFound, visibleEndpoint } from './views.ts'

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_OVERLAP_MS = 24 * 3600 * 1000

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`

/** A refused URL is 422 request.invalid naming the reason, at ["body", "url"]. */
async function checkUrl(deps: Deps, url: string): Promise<void> {
  try {
    await checkTarget(url, deps.config)
  } catch (e) {
    if (!(e instanceof TargetRefused)) throw e
    throw new ApiError('request.invalid', `The webhook URL is refused: ${e.message}.`, {
      status: 422,
      extra: { errors: [{ type: 'url_refused', loc: ['body', 'url'], msg: e.message, input: url, ctx: {} }] },
    })
  }
}

/** Answers a replayed Idempotency-Key: what that create answered (with its secret), or null. */
export async function findWebhookReplay(deps: Deps, credential: Credential, key: string | undefined) {
  if (!key) return null
  const row = await store.findEndpointByIdempotencyKey(deps.db, credential.workspace_id, key)
  return row ? { ...endpointView(row), secret: row.secret } : null
}

export async function createWebhook(
  deps: Deps,
  credential: Credential,
  body: CreateWebhookBody,
  idempotencyKey: string | undefined,
): Promise<{ created: boolean; webhook: Webhook & { secret: string } }> {
  await checkUrl(deps, body.url)
  if ((await store.countEndpoints(deps.db, credential.workspace_id)) >= MAX_ENDPOINTS)
    throw new ApiError('request.invalid', `A workspace has at most ${MAX_ENDPOINTS} webhooks; delete one first.`, {
      status: 422,
    })
  const now = deps.clock.now()
  try {
    const row = await store.insertEndpoint(deps.db, {
      id: randomId('wh', 12),
      workspace_id: credential.workspace_id,
      url: body.url,
      events: JSON.stringify(body.events),
      description: body.description ?? null,
      secret: newSecret(),
      is_enabled: true,
      idempotency_key: idempotencyKey ?? null,
      created_at: now,
      updated_at: now,
    })
    return { created: true, webhook: { ...endpointView(row), secret: row.secret } }
  } catch (e) {
    // Two creates with one key at once: the loser answers what the winner created.
    const replay = await findWebhookReplay(deps, credential, idempotencyKey)
    if (replay) return { created: false, webhook: replay }
    throw e
  }
}

export async function listWebhooks(deps: Deps, credential: Credential) {
  return envelope((await store.findEndpoints(deps.db, credential.workspace_id)).map(endpointView))
}

export async function getWebhook(deps: Deps, credential: Credential, id: string) {
  return endpointView(await visibleEndpoint(deps, credential, id))
}

export async function updateWebhook(deps: Deps, credential: Credential, id: string, body: UpdateWebhookBody) {
  await visibleEndpoint(deps, credential, id)
  if (body.url !== undefined) await checkUrl(deps, body.url)
  const row = await store.updateEndpoint(deps.db, credential.workspace_id, id, {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    // Enabling clears the streak and the reason: the endpoint starts afresh.
    ...(body.enabled === true ? { is_enabled: true, disabled_reason: null, failing_since: null } : {}),
    ...(body.enabled === false ? { is_enabled: false } : {}),
    updated_at: deps.clock.now(),
  })
  if (!row) throw notFound(id)
  return endpointView(row)
}

/** Deletes the endpoint, and its id from the workspace's monitors' `webhook_ids`, in one transaction. */
export async function deleteWebhook(deps: Deps, credential: Credential, id: string): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (tx) => {
    if (!(await store.deleteEndpoint(tx, credential.workspace_id, id))) return false
    await forgetWebhook(tx, credential.workspace_id, id)
    return true
  })
  if (!deleted) throw notFound(id)
}

/** A new secret, shown once; the previous one also signs deliveries for 24 h so receivers can switch. */
export async function rotateWebhookSecret(deps: Deps, credential: Credential, id: string) {
  const current = await visibleEndpoint(deps, credential, id)
  const now = deps.clock.now()
  const row = await store.updateEndpoint(deps.db, credential.workspace_id, id, {
    secret: newSecret(),
    previous_secret: current.secret,
    previous_secret_expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS),
    updated_at: now,
  })
  if (!row) throw notFound(id)
  return { ...endpointView(row), secret: row.secret }
}

/** Records a webhook.test event and queues its one delivery to this endpoint (even when it is not subscribed). */
export async function sendTestWebhook(deps: Deps, credential: Credential, id: string) {
  const endpoint = await visibleEndpoint(deps, credential, id)
  if (!endpoint.is_enabled)
    throw new ApiError('request.invalid', 'The webhook is disabled; enable it (PATCH enabled: true) first.', {
      status: 422,
    })
  const { delivery_ids } = await deps.db
    .transaction()
    .execute((tx) =>
      emitEvent(
        tx,
        deps.clock,
        credential.workspace_id,
        'webhook.test',
        { webhook_id: id, message: 'A test event sent on request.' },
        { to: endpoint },
      ),
    )
  notifyDeliveries()
  return readDelivery(deps, credential.workspace_id, id, delivery_ids[0]!)
}
