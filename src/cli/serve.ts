// dsp serve: start the server; with --demo, also the demo corpus (seeded once, while /readyz says
// 503) and a demo workspace with fresh keys. The server's modules load here, not at `dsp --help`.
import type { Config } from '../config.ts'
import type { Deps } from '../domain/types.ts'
import { reachableUrl, removeServerFile, writeServerFile } from './running-server.ts'

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
  app.deps.startup = { pending: opts.demo ? 'demo corpus: starting' : null }
  if (opts.demo) {
    process.stdout.write(`Data Platform API listening on ${address} (not ready until the demo corpus is stored)\n`)
    await seedDemoIfEmpty(
      app.deps,
      (line) => process.stdout.write(line + '\n'),
      (status) => (app.deps.startup = { pending: `demo corpus: ${status}` }),
    )
    const demo = await setUpDemoWorkspace(app.deps)
    lines.push(
      '',
      `Demo workspace ${demo.workspace_id} (${demo.credits} credits). New keys on every start; earlier demo keys are revoked:`,
      `  test key (costs nothing)  ${demo.test_key}`,
      `  live key (charged)        ${demo.live_key}`,
      `  dashboard login           ${demo.login.email} / ${demo.login.password}  (${base}/dashboard; new password on every start)`,
      '',
      `Try:  curl -s ${base}/v1/search -H 'X-API-Key: ${demo.test_key}' -H 'content-type: application/json' -d '{"query":"software companies in Germany","category":"company","limit":3}'`,
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

/**
 * Every category's vector index, loaded from its file under DSP_DATA_DIR/index (a restart: seconds,
 * the file is mapped or read) or built from the store's vectors and written (a new data dir over a
 * filled store), before /readyz says ready: a process never answers a search by rebuilding. A
 * progress line on a terminal (stderr), one line per category on stdout, the gate's detail for
 * /readyz meanwhile.
 */
async function prepareVectorIndexes(deps: Deps, print: (line: string) => void): Promise<void> {
  const { ENTITY_CATEGORIES } = await import('../contract/records.ts')
  const tty = process.stderr.isTTY ? process.stderr : null
  let drawnAt = 0
  for (const [i, category] of ENTITY_CATEGORIES.entries()) {
    const step = `${i + 1}/${ENTITY_CATEGORIES.length}`
    // A store that fails now (an outage) leaves the index to load on first use, as searches would.
    const result = await deps.vectors
      .prepare(category, (p) => {
        const what = p.phase === 'building' ? `building from the store, ${p.applied} vectors read` : p.phase
        deps.startup = { pending: `vector indexes: ${category} (${step}) ${what}` }
        if (tty && performance.now() - drawnAt > 200) {
          drawnAt = performance.now()
          tty.write(`\r\x1b[Kvector index ${category} (${step}): ${what}`)
        }
      })
      .catch((e: unknown) => {
        deps.log.warn({ category, err: (e as Error).message }, 'vector index not prepared at start; loads on first use')
        return null
      })
    tty?.write('\r\x1b[K')
    if (result === null) continue
    print(
      `vector index ${category.padEnd(16)} ${result.vectors} vectors ` +
        `${result.from === 'file' ? 'loaded from file' : 'built from the store'} in ${result.seconds.toFixed(1)} s`,
    )
  }
}
