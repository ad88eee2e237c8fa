// dsp serve: start the server; with --demo, also the demo corpus (seeded once, while /readyz says
// 503), a demo workspace whose keys and login outlive restarts (kept in DSP_DATA_DIR/demo.json,
// mode 0600), and, without DSP_ADMIN_TOKEN, an admin token for the session that `dsp ingest` finds
// in server.json. The server's modules load here, not at `dsp --help`.
import { randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../config.ts'
import type { DemoSecrets } from '../domain/demo.ts'
import { reachableUrl, removeServerFile, writeServerFile } from '../data-dir.ts'
import { prepareVectorIndexes } from './vector-indexes.ts'
import { warmRarity } from '../domain/search/rarity.ts'
import { warmVocabularies } from '../domain/search/vocabularies.ts'

const DEMO_FILE = 'demo.json'

function readDemoSecrets(dataDir: string): Partial<DemoSecrets> | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, DEMO_FILE), 'utf8')) as Partial<DemoSecrets>
  } catch {
    return null
  }
}

function writeDemoSecrets(dataDir: string, secrets: DemoSecrets): void {
  const file = path.join(dataDir, DEMO_FILE)
  writeFileSync(file, '', { mode: 0o600 })
  chmodSync(file, 0o600)
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n')
}

/** How to run `dsp ingest` from where this server was started: a checkout runs the source through npm. */
function ingestCommandLine(config: Readonly<Config>): string {
  const checkout = (() => {
    try {
      return (JSON.parse(readFileSync('package.json', 'utf8')) as { name?: string }).name === 'data-platform-api'
    } catch {
      return false
    }
  })()
  const dataDir = ['./data', 'data'].includes(config.DSP_DATA_DIR) ? '' : `DSP_DATA_DIR=${config.DSP_DATA_DIR} `
  return `${dataDir}${checkout ? 'npm run dsp --' : 'dsp'} ingest --category company companies.csv`
}

export async function serveCommand(
  config: Readonly<Config>,
  opts: { port?: number; host?: string; demo?: boolean; worker?: boolean },
) {
  const [
    { createApp },
    { setUpDemoWorkspace },
    { startMaintenance },
    { seedDemoIfEmpty },
    { listenMetrics },
    { takeDemoStore },
  ] = await Promise.all([
    import('../app.ts'),
    import('../domain/demo.ts'),
    import('../jobs/maintenance.ts'),
    import('./demo.ts'),
    import('../http/plugins/metrics.ts'),
    import('./demo-store.ts'),
  ])
  const port = opts.port ?? config.DSP_PORT
  const host = opts.host ?? config.DSP_HOST
  // npm start without DSP_ADMIN_TOKEN: an admin token for this session only, 32 random bytes,
  // written to server.json (0600) and never printed, so `dsp ingest` on this data dir writes
  // through the server without a setting.
  const sessionToken = opts.demo && !config.DSP_ADMIN_TOKEN ? randomBytes(32).toString('base64url') : undefined
  if (sessionToken) config = { ...config, DSP_ADMIN_TOKEN: sessionToken }
  // A new embedded data dir starts from the demo store the build made (dist/demo-store), if any.
  const demoStore = opts.demo ? takeDemoStore(config) : null
  if (demoStore) process.stdout.write('Loading the demo corpus built by npm run build (dist/demo-store)…\n')
  const app = await createApp(config, { port, worker: opts.worker !== false, loadDataDir: demoStore ?? undefined })
  // Migrations are done (createApp); the vector indexes and a requested demo seed are not: not
  // ready until they are.
  app.deps.startup = { pending: 'vector indexes: starting' }
  const address = await app.app.listen({ port, host })
  // On a port the system picked (--port 0), links name the port it picked.
  if (port === 0 && !config.DSP_PUBLIC_URL) (app.deps as { publicUrl: string }).publicUrl = address
  // Other commands on this data dir find this server here (cli/running-server.ts).
  try {
    writeServerFile(config.DSP_DATA_DIR, {
      url: reachableUrl(address),
      store: config.DATABASE_URL ? 'postgres' : 'embedded',
      ...(sessionToken ? { admin_token: sessionToken } : {}),
    })
  } catch (e) {
    app.deps.log.warn({ err: (e as Error).message }, 'server.json not written: dsp ingest will not find this server')
  }
  process.once('exit', () => removeServerFile(config.DSP_DATA_DIR))
  const stopMaintenance = startMaintenance(app.deps)
  const metrics = await listenMetrics(app.deps)
  const base = app.deps.publicUrl
  const lines = [
    `Data Platform API listening on ${address}`,
    `  API reference  ${base}/docs`,
    `  OpenAPI        ${base}/openapi.json`,
    `  Dashboard      ${base}/dashboard`,
  ]
  if (metrics) lines.push(`  Metrics        ${metrics.address}/metrics`)
  process.stdout.write(`Data Platform API listening on ${address} (not ready until the vector indexes are loaded)\n`)
  await prepareVectorIndexes(app.deps, (line) => process.stdout.write(line + '\n'))
  warmVocabularies(app.deps)
  void warmRarity(app.deps)
  app.deps.startup = { pending: opts.demo ? 'demo corpus: starting' : null }
  if (opts.demo) {
    process.stdout.write(`Data Platform API listening on ${address} (not ready until the demo corpus is stored)\n`)
    await seedDemoIfEmpty(
      app.deps,
      (line) => process.stdout.write(line + '\n'),
      (status) => (app.deps.startup = { pending: `demo corpus: ${status}` }),
    )
    const demo = await setUpDemoWorkspace(app.deps, readDemoSecrets(config.DSP_DATA_DIR))
    try {
      const { workspace_id, test_key, live_key, password } = demo
      writeDemoSecrets(config.DSP_DATA_DIR, { workspace_id, test_key, live_key, password })
    } catch (e) {
      app.deps.log.warn({ err: (e as Error).message }, 'demo.json not written: the next start makes new demo keys')
    }
    const kept = demo.kept.test_key && demo.kept.live_key && demo.kept.password
    lines.push(
      '',
      `Demo workspace ${demo.workspace_id} (${demo.credits} credits). ` +
        (kept
          ? `The keys and login of the last start on this data dir (${config.DSP_DATA_DIR}/demo.json):`
          : `Kept across restarts on this data dir (${config.DSP_DATA_DIR}/demo.json):`),
      `  test key (costs nothing)  ${demo.test_key}`,
      `  live key (charged)        ${demo.live_key}`,
      `  dashboard login           ${demo.login.email} / ${demo.login.password}  (${base}/dashboard)`,
      '',
      `Try:  curl -s ${base}/v1/search -H 'X-API-Key: ${demo.test_key}' -H 'content-type: application/json' -d '{"query":"software companies in Germany","category":"company","limit":3}'`,
      `Load your own data (another terminal, same directory): ${ingestCommandLine(config)}` +
        (config.DATABASE_URL
          ? ' (it writes PostgreSQL and this server hears of it)'
          : sessionToken
            ? ' (it writes through this server with the session admin token in server.json)'
            : ' (it writes through this server with DSP_ADMIN_TOKEN)'),
    )
  }
  process.stdout.write(lines.join('\n') + '\n' + (opts.demo ? 'Ready.\n' : ''))
  // Ready once the keys are printed: a client polling /readyz can use them as soon as it is 200.
  if (opts.demo) app.deps.startup = { pending: null }
  const stop = async () => {
    stopMaintenance()
    metrics?.server.close()
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
}
