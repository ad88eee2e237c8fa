// What each bulk load read, in words (docs/ingest-bulk.md §1): the file's path, the demo seed's
// command, or the HTTP request. The key is a hash, so without this a stopped load could not say
// which input finishes it: `dsp bulk-loads` lists it, and a --bulk load of another input into a
// category whose load is unfinished is refused naming it.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bulk_loads add column if not exists input text`.execute(db)
}
