// One migrateToLatest for `dsp migrate`, server start and test setup, same on PGlite and PostgreSQL.
// Migrations are listed here (not discovered from the file system) so a bundle or tsx run finds them.
import type { Kysely } from 'kysely'
import { Migrator, sql, type Migration } from 'kysely'
import * as m0001 from './migrations/0001_accounts.ts'
import * as m0002 from './migrations/0002_metering.ts'
import * as m0003 from './migrations/0003_corpus.ts'
import * as m0004 from './migrations/0004_sessions.ts'
import * as m0005 from './migrations/0005_lists_feedback.ts'
import * as m0006 from './migrations/0006_agent_runs.ts'
import * as m0007 from './migrations/0007_relationships_graph.ts'
import * as m0008 from './migrations/0008_affiliation_holder.ts'
import * as m0009 from './migrations/0009_graph_blocks.ts'
import * as m0010 from './migrations/0010_vector_counted.ts'
import * as m0011 from './migrations/0011_drop_company_key_idx.ts'
import * as m0012 from './migrations/0012_charge_function.ts'
import * as m0013 from './migrations/0013_history_lz4.ts'
import * as m0014 from './migrations/0014_charge_run_once.ts'
import * as m0015 from './migrations/0015_void_charge.ts'
import * as m0016 from './migrations/0016_charge_entry_by_run.ts'
import * as m0017 from './migrations/0017_snapshot_deflated.ts'
import * as m0018 from './migrations/0018_write_admitted_charges.ts'
import * as m0019 from './migrations/0019_charge_without_subtransaction.ts'
import * as m0020 from './migrations/0020_one_money_path.ts'
import * as m0021 from './migrations/0021_source_ids.ts'
import * as m0023 from './migrations/0023_oauth.ts'
import * as m0027 from './migrations/0027_domain_not_a_name.ts'
import * as m0028 from './migrations/0028_company_place_words.ts'
import * as m0029 from './migrations/0029_agent_run_trace.ts'
import * as m0034 from './migrations/0034_webhooks.ts'
import * as m0041 from './migrations/0041_money_rules_once.ts'
import * as m0042 from './migrations/0042_monitors.ts'
import * as m0047 from './migrations/0047_bulk_loads.ts'
import * as m0048 from './migrations/0048_indexes_in_search_order.ts'
import * as m0049 from './migrations/0049_bulk_load_inputs.ts'
import * as m0050 from './migrations/0050_parser_vocabularies.ts'

const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_metering': m0002,
  '0003_corpus': m0003,
  '0004_sessions': m0004,
  '0005_lists_feedback': m0005,
  '0006_agent_runs': m0006,
  '0007_relationships_graph': m0007,
  '0008_affiliation_holder': m0008,
  '0009_graph_blocks': m0009,
  '0010_vector_counted': m0010,
  '0011_drop_company_key_idx': m0011,
  '0012_charge_function': m0012,
  '0013_history_lz4': m0013,
  '0014_charge_run_once': m0014,
  '0015_void_charge': m0015,
  '0016_charge_entry_by_run': m0016,
  '0017_snapshot_deflated': m0017,
  '0018_write_admitted_charges': m0018,
  '0019_charge_without_subtransaction': m0019,
  '0020_one_money_path': m0020,
  '0021_source_ids': m0021,
  '0023_oauth': m0023,
  '0027_domain_not_a_name': m0027,
  '0028_company_place_words': m0028,
  '0029_agent_run_trace': m0029,
  '0034_webhooks': m0034,
  '0041_money_rules_once': m0041,
  '0042_monitors': m0042,
  '0047_bulk_loads': m0047,
  '0048_indexes_in_search_order': m0048,
  '0049_bulk_load_inputs': m0049,
  '0050_parser_vocabularies': m0050,
}

/** Every migration's name, oldest first. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort()

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const migrator = (db: Kysely<any>) => new Migrator({ db, provider: { getMigrations: async () => migrations } })

function throwIfError(error: unknown): void {
  if (error) throw error instanceof Error ? error : new Error(String(error))
}

/**
 * True when the store holds exactly these migrations: two reads instead of the Migrator's
 * table checks, lock and transaction (a few hundred ms on PGlite at every start of a command).
 * Anything else (a new store, a migration to run, one this code does not know) goes to the Migrator.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function isLatest(db: Kysely<any>): Promise<boolean> {
  const present = await sql<{
    present: boolean
  }>`select to_regclass('kysely_migration') is not null as present`.execute(db)
  if (present.rows[0]?.present !== true) return false
  const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  return done.rows.length === MIGRATION_NAMES.length && done.rows.every((r) => r.name in migrations)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (await isLatest(db)) return []
  const { error, results } = await migrator(db).migrateToLatest()
  throwIfError(error)
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/**
 * Applies migrations up to and including `name` only: a store as an earlier version of this code
 * left it (tests of restoring an older backup into this version).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  throwIfError((await migrator(db).migrateTo(name)).error)
}
