// One migrateToLatest for `dsp migrate`, server start and test setup, same on PGlite and PostgreSQL.
// Migrations are listed here (not discovered from the file system) so a bundle or tsx run finds them.
import type { Kysely } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import * as m0001 from './migrations/0001_accounts.ts'
import * as m0002 from './migrations/0002_metering.ts'

const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_metering': m0002,
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
