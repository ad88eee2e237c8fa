// Organisations, workspaces, users, memberships, API keys and the credits ledger.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)

  await db.schema
    .createTable('deployment_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('has_allocation', 'boolean', (c) => c.notNull())
    .addColumn('has_purchased', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allocation_expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('workspaces_organisation_idx').on('workspaces').column('organisation_id').execute()

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('memberships')
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['organisation_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('name', 'text')
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('display_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('api_keys_workspace_idx').on('api_keys').column('workspace_id').execute()
  await db.schema.createIndex('api_keys_creator_idx').on('api_keys').column('created_by_user_id').execute()

  await db.schema
    .createTable('credit_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('workspace_id', 'text', (c) => c.references('workspaces.id'))
    .addColumn('pool', 'text', (c) => c.notNull())
    .addColumn('granted_milli', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_milli', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_milli', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('credit_accounts.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_milli', 'bigint', (c) => c.notNull())
    .addColumn('reserved_delta_milli', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('hold_id', 'text')
    .addColumn('run_id', 'bigint')
    .addColumn('key_id', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('action_type', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ledger_account_idx').on('ledger_entries').columns(['account_id', 'id']).execute()
  await db.schema.createIndex('ledger_key_time_idx').on('ledger_entries').columns(['key_id', 'created_at']).execute()
  await db.schema.createIndex('ledger_hold_idx').on('ledger_entries').column('hold_id').execute()
}
