// Monitors as they run (issue 42 item 5), over the tables of migration 0034: who a monitor acts
// for (user_id beside key_id), its runs as a durable queue (a lease like webhook deliveries, the
// agent run a run waits for, the history run it was billed under), and the credits.low alert of
// a workspace (a threshold and whether it is armed).
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('monitors').addColumn('user_id', 'integer').execute()
  await db.schema.alterTable('monitors').addColumn('last_run_at', 'timestamptz').execute()
  await db.schema.alterTable('monitor_runs').addColumn('workspace_id', 'text').execute()
  await db.schema
    .alterTable('monitor_runs')
    .addColumn('trigger', 'text', (c) => c.notNull().defaultTo('schedule'))
    .execute()
  await db.schema.alterTable('monitor_runs').addColumn('lease_owner', 'text').execute()
  await db.schema.alterTable('monitor_runs').addColumn('lease_expires_at', 'timestamptz').execute()
  await db.schema.alterTable('monitor_runs').addColumn('agent_run_id', 'text').execute()
  await db.schema.alterTable('monitor_runs').addColumn('usage_run_id', 'bigint').execute()
  await db.schema.alterTable('monitor_runs').addColumn('started_at', 'timestamptz').execute()
  // The claim: pending runs, and running ones whose lease lapsed.
  await sql`create index monitor_runs_due_idx on monitor_runs (status, created_at) where status in ('pending', 'running', 'waiting')`.execute(
    db,
  )
  await db.schema
    .createIndex('monitor_runs_monitor_idx')
    .on('monitor_runs')
    .columns(['monitor_id', 'created_at desc', 'id desc'])
    .execute()
  await sql`create index monitors_due_idx on monitors (next_run_at) where is_enabled and next_run_at is not null`.execute(
    db,
  )

  await db.schema
    .createTable('credit_alerts')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('threshold_milli', 'bigint', (c) => c.notNull())
    // True while the spendable balance is at or above the threshold: crossing below fires once and disarms.
    .addColumn('is_armed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
}
