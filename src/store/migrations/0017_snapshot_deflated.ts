// History snapshots (the page 1 a billed search answered, ≈ 20 kB of JSON for five companies, up
// to 256 kB) are deflated by the server, on Node's thread pool, and kept as bytea that the store
// neither parses nor compresses again (storage external). Kept as jsonb, each one was parsed into
// jsonb and compressed by the store when its write-behind batch was written: on the embedded
// store (PGlite: pglz, no lz4, on the server's own thread) ≈ 1 ms of the event loop per search,
// 5.5 ms for a batch of five against 0.9 ms without their snapshots. Runs written before keep
// their jsonb snapshot, which is still read (store/usage.ts readSnapshot); docs/billing.md.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table usage_runs add column if not exists snapshot_deflated bytea`.execute(db)
  await sql`alter table usage_runs alter column snapshot_deflated set storage external`.execute(db)
}
