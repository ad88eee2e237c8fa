// persons_company_key_idx (0003) is the leading column of persons_company_graph_idx (0007):
// every lookup by company_key is served by the latter, and each person write paid for both.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists persons_company_key_idx`.execute(db)
}
