// Metering: runs (usage history), the units already charged per charge scope (idempotent
// retries and cursor re-sends), top-up intents, agent-run credit holds.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_runs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('action_type', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('credits_charged_milli', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('query', 'text')
    .addColumn('result_count', 'integer')
    .addColumn('result_total', 'integer')
    .addColumn('result_total_is_estimate', 'boolean')
    .addColumn('request', 'jsonb')
    .addColumn('plan', 'jsonb')
    .addColumn('snapshot', 'jsonb')
    .addColumn('snapshot_state', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('agent_run_id', 'text')
    .execute()
  await db.schema.createIndex('usage_runs_key_idx').on('usage_runs').columns(['key_id', 'occurred_at']).execute()
  await db.schema.createIndex('usage_runs_user_idx').on('usage_runs').columns(['user_id', 'occurred_at']).execute()
  await db.schema
    .createIndex('usage_runs_workspace_idx')
    .on('usage_runs')
    .columns(['workspace_id', 'occurred_at'])
    .execute()
  await db.schema.createIndex('usage_runs_request_idx').on('usage_runs').column('request_id').execute()
  await db.schema.createIndex('usage_runs_occurred_idx').on('usage_runs').column('occurred_at').execute()

  // (scope, unit) is charged once: a retried Idempotency-Key or a re-sent cursor finds its
  // units here and costs nothing.
  await db.schema
    .createTable('charged_units')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('run_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('charged_units_pk', ['scope', 'unit'])
    .execute()
  await db.schema.createIndex('charged_units_created_idx').on('charged_units').column('created_at').execute()

  await sql`create sequence topup_order_seq start 1000`.execute(db)
  await db.schema
    .createTable('topups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('credits_added_milli', 'bigint')
    .addColumn('order_id', 'bigint')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_by_key_id', 'text')
    .addColumn('created_by_user_id', 'integer')
    .addColumn('completed_by_user_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('credit_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('amount_milli', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('charged_milli', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lapses_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('credit_holds_open_idx').on('credit_holds').columns(['status', 'lapses_at']).execute()
}
