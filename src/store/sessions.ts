// Queries for dashboard sessions, the memberships a session runs as and the keys it manages
// (contract §4.6, §5.7).
import type { Insertable } from 'kysely'
import type { Db } from './db.ts'
import type { SessionsTable } from './tables.ts'

export async function insertSession(db: Db, row: Insertable<SessionsTable>) {
  await db.insertInto('sessions').values(row).execute()
}

/**
 * The live session with its user and membership, in one query: the role and state are read on
 * every request, so a demotion or removal applies to the next request of an open session.
 */
export function findLiveSession(db: Db, sessionId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('memberships', (j) =>
      j
        .onRef('memberships.user_id', '=', 'sessions.user_id')
        .onRef('memberships.workspace_id', '=', 'sessions.workspace_id'),
    )
    .innerJoin('workspaces', 'workspaces.id', 'sessions.workspace_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.workspace_id',
      'sessions.csrf_token',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'users.email',
      'memberships.organisation_id',
      'memberships.role',
      'memberships.state',
      'workspaces.name as workspace_name',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()
}

export type LiveSessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>

export async function touchSession(db: Db, sessionId: string, at: Date) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute()
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

export async function deleteExpiredSessionsOfUser(db: Db, userId: number, now: Date) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute()
}

/** Every membership of a user with its workspace name, oldest first. */
export function findMembershipsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select([
      'memberships.organisation_id',
      'memberships.workspace_id',
      'memberships.role',
      'memberships.state',
      'memberships.created_at',
      'workspaces.name as workspace_name',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .execute()
}

export function findMembership(db: Db, workspaceId: string, userId: number) {
  return db
    .selectFrom('memberships')
    .select(['role', 'state'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function activateMembership(db: Db, workspaceId: string, userId: number) {
  await db
    .updateTable('memberships')
    .set({ state: 'active' })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('state', '=', 'not_activated')
    .execute()
}

export function listWorkspaceMembers(db: Db, workspaceId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id as user_id', 'users.email', 'memberships.role', 'memberships.state', 'memberships.created_at'])
    .where('memberships.workspace_id', '=', workspaceId)
    .orderBy('memberships.created_at')
    .orderBy('users.id')
    .execute()
}

/** Every key of a workspace, newest first (owner and admin in the dashboard). */
export function listWorkspaceApiKeys(db: Db, workspaceId: string) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}
