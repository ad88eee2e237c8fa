// Organisations, workspaces and members (contract §2.8, §4.5). One platform workspace per
// organisation; users hold a role and a member state in the organisation.
import { ApiError } from '../errors.ts'
import * as store from '../store/accounts.ts'
import { announceTokenChange } from './api-keys.ts'
import { ensureAccounts, grantCredits, toMilli } from './credits/ledger.ts'
import { randomId } from './ids.ts'
import type { Credential, Deps, MemberState, Role } from './types.ts'

export interface CreateWorkspaceInput {
  name: string
  credits?: number
  shared_credits?: number
  purchased?: boolean
}

/** `credits` opens the workspace's own allocation; without it the workspace spends the organisation pool. */
export async function createWorkspace(
  deps: Deps,
  input: CreateWorkspaceInput,
): Promise<{ workspace_id: string; organisation_id: string }> {
  const now = deps.clock.now()
  const organisation_id = randomId('org')
  const workspace_id = randomId('ws')
  await deps.db.transaction().execute(async (tx) => {
    await store.insertOrganisation(tx, { id: organisation_id, name: input.name, created_at: now })
    await store.insertWorkspace(tx, {
      id: workspace_id,
      organisation_id,
      name: input.name,
      has_allocation: input.credits !== undefined,
      has_purchased: input.purchased ?? false,
      created_at: now,
    })
    await ensureAccounts(tx, workspace_id, organisation_id, now)
  })
  if (input.credits !== undefined)
    await grantCredits(deps, workspace_id, toMilli(input.credits), 'allocated', 'grant', 'workspace created')
  if (input.shared_credits !== undefined)
    await grantCredits(deps, workspace_id, toMilli(input.shared_credits), 'shared', 'grant', 'workspace created')
  return { workspace_id, organisation_id }
}

export async function requireWorkspace(deps: Deps, workspaceId: string) {
  const ws = await store.findWorkspace(deps.db, workspaceId)
  if (!ws) throw new ApiError('request.invalid', `No workspace ${workspaceId}.`, { status: 404 })
  return ws
}

export interface AddMemberInput {
  email: string
  role: Role | null
  state: MemberState
  password_hash: string | null
}

export async function addMember(deps: Deps, workspaceId: string, input: AddMemberInput): Promise<{ user_id: number }> {
  const ws = await requireWorkspace(deps, workspaceId)
  const now = deps.clock.now()
  const added = await deps.db.transaction().execute(async (tx) => {
    const existing = await store.findUserByEmail(tx, input.email)
    let userId = existing?.id
    if (userId === undefined)
      userId = await store.insertUser(tx, { email: input.email, password_hash: input.password_hash, created_at: now })
    else if (input.password_hash)
      await tx.updateTable('users').set({ password_hash: input.password_hash }).where('id', '=', userId).execute()
    await store.upsertMembership(tx, {
      organisation_id: ws.organisation_id,
      workspace_id: workspaceId,
      user_id: userId,
      role: input.role,
      state: input.state,
      created_at: now,
    })
    return { user_id: userId }
  })
  // A changed role or state bounds the member's OAuth tokens at once, cached ones included.
  await announceTokenChange(deps, added)
  return added
}

export interface MemberLookup {
  email: string
  found: boolean
  role: Role | null
  state: MemberState | 'unknown'
  user_id: number | null
}

/** §4.5: case-insensitive, always within the credential's own organisation. */
export async function resolveMember(deps: Deps, credential: Credential, email: string): Promise<MemberLookup> {
  const m = await store.findMemberByEmail(deps.db, credential.organisation_id, email)
  if (!m) return { email, found: false, role: null, state: 'unknown', user_id: null }
  return { email, found: true, role: m.role as Role | null, state: m.state as MemberState, user_id: m.user_id }
}
