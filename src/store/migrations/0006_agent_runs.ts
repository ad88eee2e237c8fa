// Agent runs (contract §2.12, §3.1, §4.9, §6): the durable run queue, step checkpoints, the
// event log the SSE stream replays, the answer's rows, and the distinct records shown per
// credential (the entity ceiling). Design: docs/agent-runs.md.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per accepted run: the request, the worker lease, the answer and the settlement.
  // (workspace_id, idempotency_key) is unique: keys are scoped to the workspace and never expire.
  await db.schema
    .createTable('agent_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('effort', 'text', (c) => c.notNull())
    // The tier the engine runs: the effort asked, or auto's choice once the plan is made.
    .addColumn('tier', 'text')
    .addColumn('criteria', 'jsonb', (c) => c.notNull())
    .addColumn('enrichments', 'jsonb', (c) => c.notNull())
    .addColumn('exclusion', 'jsonb', (c) => c.notNull())
    .addColumn('hold_id', 'text', (c) => c.notNull())
    .addColumn('usage_run_id', 'bigint')
    // Limiter token of the start slot this run holds until it is terminal.
    .addColumn('start_slot', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // Worker lease: `attempts` is the fencing token (every claim increments it; a commit from an
    // older attempt matches no row).
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coverage', 'jsonb')
    .addColumn('degradation', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('error', 'text')
    .addColumn('exclusions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('insights', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('insight_sources', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('columns', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('stop_reason', 'text')
    .addColumn('result_count', 'integer')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('settlement', 'text')
    .addColumn('credits_charged_milli', 'bigint')
    .addColumn('effort_ran', 'text')
    .addUniqueConstraint('agent_runs_idempotency_uq', ['workspace_id', 'idempotency_key'])
    .execute()
  await db.schema
    .createIndex('agent_runs_workspace_idx')
    .on('agent_runs')
    .columns(['workspace_id', 'created_at'])
    .execute()
  // The claim scans pending runs and running runs whose lease expired.
  await db.schema.createIndex('agent_runs_claim_idx').on('agent_runs').columns(['status', 'lease_expires_at']).execute()

  // Checkpoints: a step's output is committed with its events, so a run picked up again after
  // its worker died skips the steps already done and never repeats their events.
  await db.schema
    .createTable('agent_run_steps')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('output', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_run_steps_pk', ['run_id', 'name'])
    .execute()

  // The event log: seq is the SSE id, allocated from agent_runs.event_seq under the run's row lock.
  await db.schema
    .createTable('agent_run_events')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_run_events_pk', ['run_id', 'seq'])
    .execute()

  await db.schema
    .createTable('agent_run_rows')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('row', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_run_rows_pk', ['run_id', 'position'])
    .execute()

  // Distinct records shown per credential (`<key_id>` or `user:<id>`), entity = `<category>:<id>`.
  // The ceiling counts rows whose last_shown_at is within 30 days.
  await db.schema
    .createTable('entity_exposures')
    .addColumn('credential', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('first_shown_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_shown_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('entity_exposures_pk', ['credential', 'entity'])
    .execute()
  await db.schema
    .createIndex('entity_exposures_recent_idx')
    .on('entity_exposures')
    .columns(['credential', 'last_shown_at'])
    .execute()
}
