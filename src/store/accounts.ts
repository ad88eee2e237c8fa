// Queries for organisations, workspaces, users, memberships and API keys.
import type { Db } from './db.ts'
import type { ApiKeysTable } from './tables.ts'
import type { Selectable, Insertable } from 'kysely'

export type ApiKeyRow = Selectable<ApiKeysTable>

export async function insertOrganisation(db: Db, row: { id: string; name: string; created_at: Date }) {
  await db.insertInto('organisations').values(row).execute()
}

export async function insertWorkspace(
  db: Db,
  row: {
    id: string
    organisation_id: string
    name: string
    has_allocation: boolean
    has_purchased: boolean
    created_at: Date
  },
) {
  await db
    .insertInto('workspaces')
    .values({ ...row, allocation_expires_at: null })
    .execute()
}

export function findWorkspace(db: Db, workspaceId: string) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirst()
}

export async function markWorkspacePurchased(db: Db, workspaceId: string) {
  await db.updateTable('workspaces').set({ has_purchased: true }).where('id', '=', workspaceId).execute()
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst()
}

export async function insertUser(
  db: Db,
  row: { email: string; password_hash: string | null; created_at: Date },
): Promise<number> {
  const r = await db
    .insertInto('users')
    .values({ ...row, email_lower: row.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

export async function upsertMembership(
  db: Db,
  row: {
    organisation_id: string
    workspace_id: string
    user_id: number
    role: string | null
    state: string
    created_at: Date
  },
) {
  await db
    .insertInto('memberships')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['organisation_id', 'user_id'])
        .doUpdateSet({ role: row.role, state: row.state, workspace_id: row.workspace_id }),
    )
    .execute()
}

/** Member lookup (§4.5): tenant scoping is part of the query. */
export function findMemberByEmail(db: Db, organisationId: string, email: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id as user_id', 'users.email', 'memberships.role', 'memberships.state'])
    .where('memberships.organisation_id', '=', organisationId)
    .where('users.email_lower', '=', email.toLowerCase())
    .executeTakeFirst()
}

export async function insertApiKey(db: Db, row: Insertable<ApiKeysTable>) {
  await db.insertInto('api_keys').values(row).execute()
}

/**
 * A key that can be used at `now`, with its workspace's organisation, in one statement: a revoked
 * or expired key is not found, exactly like an unknown one (same statement, same work).
 */
export function findLiveApiKeyByHash(db: Db, secretHash: string, now: Date) {
  return db
    .selectFrom('api_keys')
    .innerJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .selectAll('api_keys')
    .select('workspaces.organisation_id')
    .where('api_keys.secret_hash', '=', secretHash)
    .where('api_keys.revoked_at', 'is', null)
    .where('api_keys.expires_at', '>', now)
    .executeTakeFirst()
}

export function findApiKey(db: Db, keyId: string) {
  return db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst()
}

export function listApiKeysCreatedBy(db: Db, workspaceId: string, userId: number) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('created_by_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute()
}

/** Returns the revoked key's hash (for cache invalidation), or undefined when there was nothing to revoke. */
export async function revokeApiKeyRow(db: Db, keyId: string, at: Date, workspaceId?: string) {
  let q = db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', keyId).where('revoked_at', 'is', null)
  if (workspaceId) q = q.where('workspace_id', '=', workspaceId)
  return q.returning(['secret_hash']).executeTakeFirst()
}

export async function touchApiKey(db: Db, keyId: string, at: Date) {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute()
}
