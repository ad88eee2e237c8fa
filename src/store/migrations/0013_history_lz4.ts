// History runs keep the first page of each billed answer (snapshot, ~20 kB for a 5-row search,
// up to 256 kB). Compressing it with pglz, the default, cost ≈ 0.4 ms of each charge on
// PostgreSQL; lz4 ≈ 0.05 ms, and it is about as small. Where the server has no lz4 (PGlite), the
// columns keep pglz: history stays compressed on disk. Only values written from now on change.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`do $$ begin
    execute 'alter table usage_runs alter column snapshot set compression lz4, alter column request set compression lz4, alter column plan set compression lz4';
  exception when others then null;
  end $$`.execute(db)
}
