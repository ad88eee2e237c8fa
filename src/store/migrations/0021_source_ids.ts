// Source identity (docs/ingest.md §2): every corpus record may carry the id its source gives it
// (`crm:123`, a ticker, a permalink). Stored in a column of its own, indexed for deletes by
// source id; a person may now be stored without a profile URL when it has a source id.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table companies add column source_id text`.execute(db)
  await sql`alter table persons add column source_id text`.execute(db)
  await sql`alter table documents add column source_id text`.execute(db)
  await sql`alter table persons alter column profile_url drop not null`.execute(db)
  await sql`create index companies_source_id_idx on companies (source_id) where source_id is not null`.execute(db)
  await sql`create index persons_source_id_idx on persons (source_id) where source_id is not null`.execute(db)
  await sql`create index documents_source_id_idx on documents (category, source_id) where source_id is not null`.execute(
    db,
  )
}
