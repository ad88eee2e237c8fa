// Company graph blocks (docs/relationships-graph.md): one company's current people and all their
// affiliations, packed into one value, so a relationships read of a large company is one row
// instead of tens of thousands. A block is valid for one graph generation: every transaction
// that writes persons or affiliations moves corpus_state.graph_generation on, and a block of an
// older generation is rebuilt at its next read.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table corpus_state add column graph_generation bigint not null default 0`.execute(db)
  await sql`create table graph_blocks (
    company_key text primary key,
    generation bigint not null,
    people integer not null,
    affiliations integer not null,
    data bytea not null,
    built_at timestamptz not null
  )`.execute(db)
}
