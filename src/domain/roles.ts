// What each platform role may do (contract §2.8, §4.6, §5.6), and the dashboard operations it
// gates: managing API keys and paying for a top-up. Sessions: domain/sessions.ts.
import { ApiError } from '../errors.ts'
import * as accounts from '../store/accounts.ts'
import * as sessions from '../store/sessions.ts'
import { apiKeyView, createApiKey, revokeApiKey, type ApiKeyView } from './api-keys.ts'
import { completeTopup } from './topups.ts'
import {
  ROLES,
  SCOPES,
  type Credential,
  type Deps,
  type Environment,
  type MemberState,
  type Role,
  type Scope,
} from './types.ts'

/**
 * Role → scopes a session holds. Scopes are about data and runs; spending authority is a
 * separate permission (billing), so a developer holds all five scopes (an agent integration
 * needs dsp.agents.write) but cannot buy credits. A viewer reads and cannot start agent runs.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  dsp_owner: SCOPES,
  dsp_admin: SCOPES,
  dsp_developer: SCOPES,
  dsp_viewer: ['dsp.search.read', 'dsp.entities.read', 'dsp.usage.read', 'dsp.agents.read'],
}

/** Billing permission (pay for a top-up, payment.forbidden otherwise) and seeing/revoking every key of the workspace. */
const ADMIN_ROLES: readonly Role[] = ['dsp_owner', 'dsp_admin']

export const isRole = (value: string | null): value is Role =>
  value !== null && (ROLES as readonly string[]).includes(value)

/** A member holds scopes only while active with a role; not_activated holds none until it activates. */
export function scopesFor(role: string | null, state: string): readonly Scope[] {
  return isRole(role) && state === 'active' ? ROLE_SCOPES[role] : []
}

export interface Permissions {
  billing: boolean
  manage_all_keys: boolean
}

export function permissionsFor(role: string | null, state: string): Permissions {
  const admin = isRole(role) && state === 'active' && ADMIN_ROLES.includes(role)
  return { billing: admin, manage_all_keys: admin }
}

/** The membership as it is now (not as it was at sign-in): a demotion applies at once. */
async function currentPermissions(deps: Deps, credential: Credential): Promise<Permissions> {
  if (credential.kind !== 'session' || credential.user_id === null) return { billing: false, manage_all_keys: false }
  const m = await sessions.findMembership(deps.db, credential.workspace_id, credential.user_id)
  return m ? permissionsFor(m.role, m.state as MemberState) : { billing: false, manage_all_keys: false }
}

export type KeyStatus = 'active' | 'revoked' | 'expired'
export type SessionKeyView = ApiKeyView & { created_by_user_id: number | null; status: KeyStatus }

export interface CreateKeyBody {
  environment: Environment
  scopes?: Scope[]
  expires_in_days?: number
  name?: string | null
}

/**
 * §4.6: omitted scopes and expiry → every scope the role holds (all five for owner, admin and
 * developer) and 365 days. A member cannot mint a key stronger than the session: asking for a
 * scope the role lacks is 403 auth.insufficient_scope.
 */
export async function createKey(
  deps: Deps,
  credential: Credential,
  body: CreateKeyBody,
): Promise<SessionKeyView & { secret: string }> {
  const scopes = body.scopes ?? [...credential.scopes]
  const missing = scopes.filter((s) => !credential.scopes.includes(s))
  if (scopes.length === 0 || missing.length > 0) {
    throw new ApiError(
      'auth.insufficient_scope',
      `Your role cannot grant ${missing.join(', ') || 'any scope'}; a key can hold at most: ${credential.scopes.join(', ') || 'none'}.`,
      {
        extra: {
          accepted_scopes: [...credential.scopes],
          held_scopes: [...credential.scopes],
          requested_scopes: scopes,
        },
      },
    )
  }
  const key = await createApiKey(deps, {
    workspace_id: credential.workspace_id,
    environment: body.environment,
    scopes,
    expires_in_days: body.expires_in_days ?? 365,
    name: body.name ?? null,
    created_by_user_id: credential.user_id,
  })
  return { ...key, created_by_user_id: credential.user_id, status: 'active' }
}

/** Owner and admin see every key of the workspace (operator-made ones too); other roles see the keys they created. */
export async function listKeys(deps: Deps, credential: Credential): Promise<SessionKeyView[]> {
  const { manage_all_keys } = await currentPermissions(deps, credential)
  const rows = manage_all_keys
    ? await sessions.listWorkspaceApiKeys(deps.db, credential.workspace_id)
    : await accounts.listApiKeysCreatedBy(deps.db, credential.workspace_id, credential.user_id!)
  const nowMs = deps.clock.nowMs()
  return rows.map((row) => ({
    ...apiKeyView(row),
    created_by_user_id: row.created_by_user_id,
    status: row.revoked_at !== null ? 'revoked' : row.expires_at.getTime() <= nowMs ? 'expired' : 'active',
  }))
}

/** Immediate (§3.5). A key the member may not manage is not found, exactly like a missing one; revoking twice is fine. */
export async function revokeKey(deps: Deps, credential: Credential, keyId: string): Promise<void> {
  const row = await accounts.findApiKey(deps.db, keyId)
  const { manage_all_keys } = await currentPermissions(deps, credential)
  const visible =
    row !== undefined &&
    row.workspace_id === credential.workspace_id &&
    (manage_all_keys || row.created_by_user_id === credential.user_id)
  if (!visible) throw new ApiError('request.invalid', `No key ${keyId} among the keys you manage.`, { status: 404 })
  await revokeApiKey(deps, keyId, credential.workspace_id)
}

/** The dashboard checkout (§2.7): a person with billing permission pays with the local provider. */
export async function checkoutTopup(deps: Deps, credential: Credential, topupId: string, credits: number) {
  const { billing } = await currentPermissions(deps, credential)
  if (!billing)
    throw new ApiError('payment.forbidden', 'Buying credits needs the owner or admin role in this workspace.')
  return completeTopup(deps, topupId, credits, { workspace_id: credential.workspace_id, user_id: credential.user_id })
}
