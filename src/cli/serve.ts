// dsp serve: start the server; with --demo, also a demo workspace with fresh keys.
import { createApp } from '../app.ts'
import type { Config } from '../config.ts'
import { setUpDemoWorkspace } from '../domain/demo.ts'
import { startMaintenance } from '../jobs/maintenance.ts'
import { seedDemoIfEmpty } from './demo.ts'
import { listenMetrics } from '../http/plugins/metrics.ts'

export async function serveCommand(
  config: Readonly<Config>,
  opts: { port?: number; host?: string; demo?: boolean; worker?: boolean },
) {
  const port = opts.port ?? config.DSP_PORT
  const host = opts.host ?? config.DSP_HOST
  const app = await createApp(config, { port, worker: opts.worker !== false })
  const address = await app.app.listen({ port, host })
  // On a port the system picked (--port 0), links name the port it picked.
  if (port === 0 && !config.DSP_PUBLIC_URL) (app.deps as { publicUrl: string }).publicUrl = address
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
  if (opts.demo) {
    await seedDemoIfEmpty(app.deps, (line) => process.stdout.write(line + '\n'))
    const demo = await setUpDemoWorkspace(app.deps)
    lines.push(
      '',
      `Demo workspace ${demo.workspace_id} (${demo.credits} credits). New keys on every start; earlier demo keys are revoked:`,
      `  test key (costs nothing)  ${demo.test_key}`,
      `  live key (charged)        ${demo.live_key}`,
      '',
      `Try:  curl -s ${base}/v1/credits -H 'X-API-Key: ${demo.test_key}'`,
    )
  }
  process.stdout.write(lines.join('\n') + '\n')
  const stop = async () => {
    stopMaintenance()
    metrics?.server.close()
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
}
