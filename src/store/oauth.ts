// Queries of the OAuth tables (migration 0023; types: tables.ts). Codes and tokens are keyed by SHA-256 hashes.
import type { Db } from './db.ts'

export async function insertClient(
  db: Db,
  row: { client_id: string; client_name: string | null; redirect_uris: string[]; created_at: Date },
) {
  await db
    .insertInto('oauth_clients')
    .values({ ...row, redirect_uris: JSON.stringify(row.redirect_uris) })
    .execute()
}

export function findClient(db: Db, clientId: string) {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst()
}

export async function insertGrant(
  db: Db,
  row: { id: string; client_id: string; workspace_id: string; user_id: number; scopes: string[]; created_at: Date },
) {
  await db.insertInto('oauth_grants').values(row).execute()
}

export async function insertCode(
  db: Db,
  row: { code_hash: string; grant_id: string; redirect_uri: string; code_challenge: string; expires_at: Date },
) {
  await db.insertInto('oauth_codes').values(row).execute()
}

/** Marks the code used and answers it with its grant, or null when it was already used (or is unknown). */
export function useCode(db: Db, codeHash: string, now: Date) {
  return db
    .updateTable('oauth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning(['grant_id', 'redirect_uri', 'code_challenge', 'expires_at'])
    .executeTakeFirst()
}

export function findCode(db: Db, codeHash: string) {
  return db.selectFrom('oauth_codes').select(['grant_id']).where('code_hash', '=', codeHash).executeTakeFirst()
}

export async function insertTokens(
  db: Db,
  rows: { token_hash: string; grant_id: string; kind: 'access' | 'refresh'; created_at: Date; expires_at: Date }[],
) {
  await db.insertInto('oauth_tokens').values(rows).execute()
}

/** Marks a refresh token used (rotation) and answers its grant, or null when it was used already. */
export function useRefreshToken(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('oauth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'refresh')
    .where('used_at', 'is', null)
    .returning(['grant_id', 'expires_at'])
    .executeTakeFirst()
}

export function findToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('oauth_tokens')
    .select(['grant_id', 'kind', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** A grant with its client and the member's current membership (a demotion or removal applies at once). */
export function findGrant(db: Db, grantId: string) {
  return db
    .selectFrom('oauth_grants')
    .innerJoin('oauth_clients', 'oauth_clients.client_id', 'oauth_grants.client_id')
    .innerJoin('memberships', (j) =>
      j
        .onRef('memberships.user_id', '=', 'oauth_grants.user_id')
        .onRef('memberships.workspace_id', '=', 'oauth_grants.workspace_id'),
    )
    .select([
      'oauth_grants.id',
      'oauth_grants.client_id',
      'oauth_grants.workspace_id',
      'oauth_grants.user_id',
      'oauth_grants.scopes',
      'oauth_grants.revoked_at',
      'oauth_grants.last_used_at',
      'oauth_clients.client_name',
      'memberships.organisation_id',
      'memberships.role',
      'memberships.state',
    ])
    .where('oauth_grants.id', '=', grantId)
    .executeTakeFirst()
}

export async function touchGrant(db: Db, grantId: string, at: Date) {
  await db.updateTable('oauth_grants').set({ last_used_at: at }).where('id', '=', grantId).execute()
}

export async function revokeGrant(
  db: Db,
  grantId: string,
  now: Date,
  member?: { workspace_id: string; user_id: number },
) {
  let q = db
    .updateTable('oauth_grants')
    .set({ revoked_at: now })
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
  if (member) q = q.where('workspace_id', '=', member.workspace_id).where('user_id', '=', member.user_id)
  const r = await q.executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** A member's grants still in force, newest first, with the latest expiry of their refresh tokens. */
export function listGrants(db: Db, workspaceId: string, userId: number, now: Date) {
  return db
    .selectFrom('oauth_grants')
    .innerJoin('oauth_clients', 'oauth_clients.client_id', 'oauth_grants.client_id')
    .select((eb) => [
      'oauth_grants.id',
      'oauth_grants.client_id',
      'oauth_clients.client_name',
      'oauth_grants.scopes',
      'oauth_grants.created_at',
      'oauth_grants.last_used_at',
      eb
        .selectFrom('oauth_tokens')
        .select((e) => e.fn.max('oauth_tokens.expires_at').as('x'))
        .whereRef('oauth_tokens.grant_id', '=', 'oauth_grants.id')
        .where('oauth_tokens.kind', '=', 'refresh')
        .where('oauth_tokens.used_at', 'is', null)
        .as('expires_at'),
    ])
    .where('oauth_grants.workspace_id', '=', workspaceId)
    .where('oauth_grants.user_id', '=', userId)
    .where('oauth_grants.revoked_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('oauth_tokens')
          .select('oauth_tokens.grant_id')
          .whereRef('oauth_tokens.grant_id', '=', 'oauth_grants.id')
          .where('oauth_tokens.expires_at', '>', now)
          .where('oauth_tokens.used_at', 'is', null),
      ),
    )
    .orderBy('oauth_grants.created_at', 'desc')
    .execute()
}
