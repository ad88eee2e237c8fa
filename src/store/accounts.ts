// Queries for organisations, workspaces, users, memberships and API keys.
import type { Db, ApiKeysTable } from './db.ts'
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

export function findApiKeyByHash(db: Db, secretHash: string) {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst()
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

export function workspaceOrganisation(db: Db, workspaceId: string) {
  return db.selectFrom('workspaces').select(['organisation_id']).where('id', '=', workspaceId).executeTakeFirst()
}
