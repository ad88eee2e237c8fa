// dsp serve | migrate | worker | demo | ingest | admin: parse arguments, load config, wire, start.
// `.env` is read first (env-file.ts). Commands load the server's modules when they run, so
// `dsp --help` and `dsp --version` answer without loading them.
import './env-file.ts'
import { Command, InvalidArgumentError } from 'commander'
import type * as ConfigModule from '../config.ts'
import type { Config } from '../config.ts'
import { adminCommand } from './admin.ts'
import { demoCommand } from './demo.ts'
import { deleteCommand } from './delete.ts'
import { ingestCommand } from './ingest.ts'
import { bulkLoadsCommand } from './bulk-loads.ts'
import { serveCommand } from './serve.ts'
import { workerCommand } from './worker.ts'
import { backupCommands } from './backup.ts'
import { mcpCommand } from './mcp-command.ts'
import { VERSION } from '../version.ts'

// The settings' schema (config.ts) loads before a command runs, not for --help (preAction below).
let configModule: typeof ConfigModule | null = null
const isConfigError = (e: unknown): e is Error => configModule !== null && e instanceof configModule.ConfigError

function config(): Readonly<Config> {
  try {
    return configModule!.loadConfig()
  } catch (e) {
    if (isConfigError(e)) {
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
  .description(
    'Data Platform API: server, worker, migrations, demo corpus, ingestion and operator commands.\n' +
      'Settings come from the environment and from ./.env when present (see .env.example).',
  )
  .version(VERSION, '-V, --version', 'print the version and exit')
  .showHelpAfterError()
  .hook('preAction', async () => {
    configModule ??= await import('../config.ts')
  })

program
  .command('serve')
  .description('Serve the API, /docs and /dashboard (migrates the store first); stop with SIGINT or SIGTERM')
  .option('--port <port>', 'listen port, 0..65535; 0 picks a free one (default DSP_PORT or 8080)', parsePort)
  .option('--host <host>', 'listen address (default DSP_HOST or 127.0.0.1)')
  .option('--demo', 'seed the small demo corpus if the store has none, then create a demo workspace and print its keys')
  .option('--no-worker', 'do not run agent runs in this process (run `dsp worker` processes instead)')
  .action(async (opts: { port?: number; host?: string; demo?: boolean; worker?: boolean }) =>
    serveCommand(config(), opts),
  )

program
  .command('migrate')
  .description('Apply database migrations to the configured store (DATABASE_URL, else the embedded one) and exit')
  .action(async () => {
    const c = config()
    if (!c.DATABASE_URL) (await import('../data-dir.ts')).assertEmbeddedDataDirFree(c.DSP_DATA_DIR, 'dsp migrate')
    const { openStore } = await import('../store/db.ts')
    const { migrateToLatest } = await import('../store/migrate.ts')
    const store = await openStore({ databaseUrl: c.DATABASE_URL, dataDir: c.DSP_DATA_DIR })
    const applied = await migrateToLatest(store.db)
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'already up to date\n')
    await store.close()
  })

program.addCommand(adminCommand(config))
program.addCommand(ingestCommand(config))
program.addCommand(bulkLoadsCommand(config))
program.addCommand(deleteCommand(config))
program.addCommand(demoCommand(config))
program.addCommand(workerCommand(config))
for (const c of backupCommands(config)) program.addCommand(c)
program.addCommand(mcpCommand())

program.parseAsync(process.argv).catch((e: unknown) => {
  // A setting the server finds wrong only at start is a configuration error too.
  if (isConfigError(e)) {
    process.stderr.write(`dsp: invalid configuration: ${e.message}\n`)
    process.exit(2)
  }
  process.stderr.write(`dsp: ${(e as Error).message}\n`)
  process.exit(1)
})
