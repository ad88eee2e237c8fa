// Ending a database's PostgreSQL backends from a test (a real fault, not an injected one).
import type pg from 'pg'

/** Terminates every backend on `database` but the client's own; returns how many were ended. */
export async function terminateBackends(client: pg.Client, database: string): Promise<number> {
  const r = await client.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  )
  return r.rowCount ?? 0
}
