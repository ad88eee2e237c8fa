// The W3C traceparent of the request that started an agent run (tracing on, src/tracing.ts), so
// the worker's span for each attempt joins that request's trace. Null when tracing is off.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table agent_runs add column if not exists traceparent text`.execute(db)
}
