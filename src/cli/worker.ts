// dsp worker: runs agent runs from the store's queue, without serving HTTP. At scale, N
// `dsp serve --no-worker` processes answer requests and M `dsp worker` processes do the runs,
// all over one PostgreSQL (DATABASE_URL) and Redis (REDIS_URL, so start slots are shared).
import { Command, InvalidArgumentError } from 'commander'
import type { Config } from '../config.ts'

const positive = (v: string) => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('an integer 1..64')
  return n
}

export function workerCommand(config: () => Readonly<Config>): Command {
  return new Command('worker')
    .description('Run agent runs from the queue (no HTTP); stop with SIGINT or SIGTERM')
    .option('--concurrency <n>', 'agent runs at once, 1..64 (default DSP_AGENT_WORKERS, at least 1)', positive)
    .action(async (opts: { concurrency?: number }) => {
      const c = config()
      if (!c.DATABASE_URL) {
        // The embedded store belongs to one process: there, `dsp serve` runs its worker in-process.
        process.stderr.write(
          'dsp worker: needs DATABASE_URL (PostgreSQL); on the embedded store `dsp serve` runs the worker in-process\n',
        )
        process.exit(2)
      }
      // The app's wiring without its listener and without its own in-process worker.
      const [{ createApp }, { startAgentWorker }, { listenMetrics }, { prepareVectorIndexes }] = await Promise.all([
        import('../app.ts'),
        import('../jobs/agent-worker.ts'),
        import('../http/plugins/metrics.ts'),
        import('./vector-indexes.ts'),
      ])
      const app = await createApp(c, { port: 0, worker: false })
      // Runs search: the indexes first, built here once when no process has written them yet.
      await prepareVectorIndexes(app.deps, (line) => process.stdout.write(line + '\n'))
      const worker = startAgentWorker(app.deps, { concurrency: opts.concurrency ?? Math.max(1, c.DSP_AGENT_WORKERS) })
      const metrics = await listenMetrics(app.deps)
      if (metrics) process.stdout.write(`dsp worker metrics at ${metrics.address}/metrics\n`)
      process.stdout.write(
        `dsp worker ${worker.owner}: up to ${opts.concurrency ?? Math.max(1, c.DSP_AGENT_WORKERS)} agent runs at once\n`,
      )
      // The worker runs until it is told to stop. Its claim loop's timer is unref'd (the same loop
      // runs inside `dsp serve`) and idle pooled connections do not hold a process (POOL_KEEP), so
      // without this a worker whose LISTEN connection is being re-made would end by itself.
      const alive = setInterval(() => undefined, 60_000)
      const stop = async () => {
        clearInterval(alive)
        await worker.stop()
        metrics?.server.close()
        await app.close()
        process.exit(0)
      }
      process.once('SIGINT', () => void stop())
      process.once('SIGTERM', () => void stop())
    })
}
