// OAuth 2.1 for MCP clients and other OAuth clients (issue 29 item 4; docs/integrations.md):
// clients registered dynamically, grants a signed-in member consented to, one-time authorization
// codes and access and refresh tokens. Codes and tokens are stored only as SHA-256 hashes (the
// primary key), like sessions (0004): a database dump holds nothing a client could send.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('client_name', 'text')
    .addColumn('redirect_uris', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.client_id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('oauth_grants_member_idx')
    .on('oauth_grants')
    .columns(['workspace_id', 'user_id'])
    .execute()
  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createTable('oauth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // A refresh token is used once: exchanging it sets used_at (rotation); a second use revokes the grant.
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('oauth_tokens_grant_idx').on('oauth_tokens').column('grant_id').execute()
}
