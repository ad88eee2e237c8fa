// The parser's vocabularies as last read from the index (domain/search/vocabularies.ts), keyed by
// the corpus states they were read at: a process that starts, or sees a change another process
// already read, takes them from here in milliseconds instead of grouping every company, person,
// employer and school again (46 s at a million companies and 1.6M people). One row: a new
// generation replaces the old.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists parser_vocabularies (
    -- The corpus states the vocabularies belong to (vocabularies.ts vocabularyGeneration).
    generation text primary key,
    -- The Vocabularies object as JSON.
    vocabularies text not null,
    -- How long the read from the index took, in milliseconds.
    read_ms integer not null,
    read_at timestamptz not null
  )`.execute(db)
}
