// Bulk first loads (`dsp ingest --bulk`, docs/ingest-bulk.md §1): one row per load of one input into
// one category, keyed by the input's hash, so a load stopped at any point (kill -9 included) is
// started again from its last committed batch, and the indexes it dropped are rebuilt by whichever
// run finishes it.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists bulk_loads (
    category text not null,
    -- sha-256 of the input and of the options that shape its items (format, mapping…); the demo
    -- seed names its scale, seed and limit.
    input_key text not null,
    -- loading: batches committing; indexing: every batch committed, dropped indexes being rebuilt; done.
    state text not null check (state in ('loading', 'indexing', 'done')),
    -- Input items (lines, or gathered records) up to which every item is committed or refused.
    committed_items bigint not null default 0,
    -- The indexes this load dropped ({table, name, definition}), rebuilt when it ends.
    dropped_indexes jsonb not null default '[]',
    started_at timestamptz not null,
    updated_at timestamptz not null,
    primary key (category, input_key)
  )`.execute(db)
}
