// A webhook endpoint as its read routes answer it, and the lookup that answers 404 for an endpoint
// of another workspace. Used by endpoints.ts and deliveries.ts alike.
import type { EventType, Webhook } from '../../contract/webhooks.ts'
import { ApiError } from '../../errors.ts'
import * as store from '../../store/webhooks.ts'
import type { Credential, Deps } from '../types.ts'

export function endpointView(row: store.EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as EventType[],
    description: row.description,
    enabled: row.is_enabled,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since?.toISOString() ?? null,
    previous_secret_expires_at: row.previous_secret_expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export const notFound = (id: string) =>
  new ApiError('request.invalid', `No webhook ${id} in this workspace.`, { status: 404 })

export async function visibleEndpoint(deps: Deps, credential: Credential, id: string): Promise<store.EndpointRow> {
  const row = await store.findEndpoint(deps.db, credential.workspace_id, id)
  if (!row) throw notFound(id)
  return row
}
