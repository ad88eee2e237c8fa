// dsp bulk-loads: the store's bulk first loads (docs/ingest-bulk.md §1, "Stopped loads"), and
// `dsp bulk-loads finish <category>`, which ends an unfinished load where it stopped when its input
// cannot be run again: the indexes it dropped built again, the tables analysed, the figures counted.
import { Argument, Command, Option } from 'commander'
import type { Config } from '../config.ts'
import type { EntityCategory } from '../contract/records.ts'
import { ENTITY_CATEGORIES } from './categories.ts'
import { date } from './ingest.ts'

/** The store writes itself: an embedded data dir a server holds is refused (exit 2) with why. */
async function dataDirFree(c: Readonly<Config>, command: string): Promise<boolean> {
  if (c.DATABASE_URL) return true
  const { assertEmbeddedDataDirFree, DataDirHeldError } = await import('../data-dir.ts')
  try {
    assertEmbeddedDataDirFree(c.DSP_DATA_DIR, command)
    return true
  } catch (e) {
    if (!(e instanceof DataDirHeldError)) throw e
    // The message names the command already.
    process.stderr.write(`${e.message}\n`)
    process.exitCode = 2
    return false
  }
}

export function bulkLoadsCommand(config: () => Readonly<Config>): Command {
  const command = new Command('bulk-loads')
    .description('List the bulk first loads of the store, unfinished ones first (docs/ingest-bulk.md)')
    .option('--json', 'print the loads as JSON')
    .action(async (opts: { json?: boolean }) => {
      const c = config()
      if (!(await dataDirFree(c, 'dsp bulk-loads'))) return
      const [{ openStore }, { listBulkLoads }] = await Promise.all([
        import('../store/db.ts'),
        import('../store/bulk-loads.ts'),
      ])
      const store = await openStore({ databaseUrl: c.DATABASE_URL, dataDir: c.DSP_DATA_DIR })
      try {
        const { migrateToLatest } = await import('../store/migrate.ts')
        await migrateToLatest(store.db)
        const loads = (await listBulkLoads(store.db)).map((l) => ({
          category: l.category,
          input: l.input,
          state: l.state,
          committed_items: l.committed_items,
          dropped_indexes: l.state === 'done' ? 0 : l.dropped_indexes.length,
          started_at: l.started_at.toISOString(),
          updated_at: l.updated_at.toISOString(),
        }))
        if (opts.json) {
          process.stdout.write(JSON.stringify(loads, null, 2) + '\n')
          return
        }
        if (loads.length === 0) {
          process.stdout.write('no bulk load in this store\n')
          return
        }
        for (const l of loads)
          process.stdout.write(
            `${l.category.padEnd(16)} ${l.state.padEnd(8)} ${String(l.committed_items).padStart(10)} items` +
              `${l.dropped_indexes ? ` · ${l.dropped_indexes} indexes dropped` : ''} · updated ${l.updated_at}` +
              ` · ${l.input ?? '(input not recorded)'}\n`,
          )
        if (loads.some((l) => l.state !== 'done'))
          process.stdout.write(
            '\nAn unfinished load goes on when its input is run again with the same options; ' +
              '`dsp bulk-loads finish <category>` ends it where it stopped.\n',
          )
      } finally {
        await store.close()
      }
    })
  command
    .command('finish')
    .description(
      "End a category's unfinished bulk load where it stopped: keep what it committed, build the indexes it dropped, analyse the tables",
    )
    .addOption(new Option('--json', 'print the result as JSON'))
    .option('--as-of <date>', "how fresh the load's data is, as the load's own --as-of (default: left as it was)", date)
    .addArgument(new Argument('<category>', "the load's category").choices(ENTITY_CATEGORIES))
    .action(async (category: EntityCategory, _opts: unknown, cmd: Command) => {
      // `--json` anywhere on the line: commander gives it to `bulk-loads` when both have it.
      const opts = cmd.optsWithGlobals<{ json?: boolean; asOf?: Date }>()
      const c = config()
      if (!(await dataDirFree(c, 'dsp bulk-loads finish'))) return
      const [{ openDeps }, { finishStoppedBulkLoad }, { ApiError }] = await Promise.all([
        import('../deps.ts'),
        import('../domain/corpus/bulk-load.ts'),
        import('../errors.ts'),
      ])
      const app = await openDeps(c, { port: 0, logger: false, command: true })
      // One line on a terminal while the indexes build (each takes seconds to minutes at millions of rows).
      const tty = process.stderr.isTTY ? process.stderr : null
      const clear = () => tty?.write('\r\x1b[K')
      try {
        const done = await finishStoppedBulkLoad(app.deps, category, {
          asOf: opts.asOf,
          onPhase: (p) => tty?.write(`\r\x1b[K${category}: building dropped indexes ${p.done}/${p.total}`),
        })
        clear()
        process.stdout.write(
          opts.json
            ? JSON.stringify(done, null, 2) + '\n'
            : `${category}: the load${done.input ? ` of ${done.input}` : ''} ended at ${done.committed_items} items; ` +
                `${done.indexes} indexes built again, tables analysed, in ${done.seconds.toFixed(1)} s\n`,
        )
      } catch (e) {
        clear()
        if (!(e instanceof ApiError)) throw e
        process.stderr.write(`dsp bulk-loads finish: ${e.detail}\n`)
        process.exitCode = 2
      } finally {
        await app.close()
      }
    })
  return command
}
