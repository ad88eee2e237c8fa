// dsp serve | migrate | admin: parse arguments, load config, wire, start.
import { Command, InvalidArgumentError } from 'commander'
import { ConfigError, loadConfig, type Config } from '../config.ts'
import { adminCommand } from './admin.ts'
import { demoCommand } from './demo.ts'
import { deleteCommand } from './delete.ts'
import { ingestCommand } from './ingest.ts'
import { serveCommand } from './serve.ts'
import { workerCommand } from './worker.ts'
import { openStore } from '../store/db.ts'
import { migrateToLatest } from '../store/migrate.ts'

function config(): Readonly<Config> {
  try {
    return loadConfig()
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`dsp: invalid configuration: ${e.message}\n`)
      process.exit(2)
    }
    throw e
  }
}

export const parsePort = (v: string) => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is an integer 0..65535')
  return n
}

const program = new Command('dsp')
  .description('Data Platform API: server, migrations and operator commands')
  .showHelpAfterError()

program
  .command('serve')
  .description('Serve the API, docs and dashboard')
  .option('--port <port>', 'listen port (default DSP_PORT or 8080)', parsePort)
  .option('--host <host>', 'listen address (default DSP_HOST or 127.0.0.1)')
  .option('--demo', 'create a demo workspace and print its keys')
  .option('--no-worker', 'do not run agent runs in this process (run `dsp worker` processes instead)')
  .action(async (opts: { port?: number; host?: string; demo?: boolean; worker?: boolean }) =>
    serveCommand(config(), opts),
  )

program
  .command('migrate')
  .description('Apply database migrations to the configured store')
  .action(async () => {
    const c = config()
    const store = await openStore({ databaseUrl: c.DATABASE_URL, dataDir: c.DSP_DATA_DIR })
    const applied = await migrateToLatest(store.db)
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'already up to date\n')
    await store.close()
  })

program.addCommand(adminCommand(config))
program.addCommand(ingestCommand(config))
program.addCommand(deleteCommand(config))
program.addCommand(demoCommand(config))
program.addCommand(workerCommand(config))

program.parseAsync(process.argv).catch((e: unknown) => {
  // A setting the server finds wrong only at start is a configuration error too.
  if (e instanceof ConfigError) {
    process.stderr.write(`dsp: invalid configuration: ${e.message}\n`)
    process.exit(2)
  }
  process.stderr.write(`dsp: ${(e as Error).message}\n`)
  process.exit(1)
})
