// Wiring: the dependencies (deps.ts: the store, migrated, and the deployment secret), what a
// server keeps in step with other processes, and the server. Used by `dsp serve` and by the
// tests' startTestServer.
import type { Config } from './config.ts'
import { openDeps, type OpenDepsOptions } from './deps.ts'
import { recountVectors } from './domain/corpus/coverage.ts'
import { CorpusChangeListener, forgetCorpusCaches } from './domain/corpus/live.ts'
import type { Deps } from './domain/types.ts'
import { buildServer, type BuiltServer } from './http/server.ts'
import { startAgentWorker } from './jobs/agent-worker.ts'
import { startWebhookDispatcher } from './jobs/webhook-dispatcher.ts'
import { startMonitorRunner } from './jobs/monitor-runner.ts'

/** How long closing waits for route handlers still running. */
const SHUTDOWN_GRACE_MS = 10_000

export interface App extends BuiltServer {
  deps: Deps
  /** Stops serving and lets everything under way reach the store (handlers, queues, the worker); the store stays open. */
  quiesce(): Promise<void>
  /** quiesce(), then closes the store and every connection. */
  close(): Promise<void>
}

export interface CreateAppOptions extends OpenDepsOptions {
  /** Run the in-process agent worker (default true; `dsp serve --no-worker` and DSP_AGENT_WORKERS=0 turn it off). */
  worker?: boolean
}

export async function createApp(config: Readonly<Config>, options: CreateAppOptions): Promise<App> {
  const opened = await openDeps(config, options)
  const { deps } = opened
  const { log, store } = deps
  // Keys revoked or changed by another process (PostgreSQL): forget them at once.
  if (store.url) await deps.keyCache.listen(store.url)
  // Writes by other processes (PostgreSQL): forget this process's corpus caches and catch the
  // category's vector index up at once (domain/corpus/live.ts).
  const corpusChanges = store.url
    ? new CorpusChangeListener(
        store.url,
        (category) => {
          forgetCorpusCaches(deps, category)
          if (category !== 'school')
            void deps.vectors.index(category).catch((e: unknown) => {
              log.warn({ err: (e as Error).message, category }, 'vector index not caught up after a corpus change')
            })
        },
        log,
      )
    : null
  await corpusChanges?.start()
  // Vector counts follow the configured embedder: after a switch of embedder, coverage must not
  // count the previous one's vectors (docs/corpus-embeddings.md §1). A failure leaves the figures as they were.
  await recountVectors(deps).catch((e: unknown) =>
    log.warn({ err: (e as Error).message }, 'vector counts not refreshed at start'),
  )
  const server = await buildServer(deps, { logger: options.logger })
  const worker = options.worker === false ? null : startAgentWorker(deps)
  // Webhook deliveries (and monitors) run in every process that has it on, `dsp worker` included.
  const dispatcher = config.DSP_WEBHOOKS_DISPATCH === '1' ? startWebhookDispatcher(deps) : null
  const monitors = config.DSP_WEBHOOKS_DISPATCH === '1' ? startMonitorRunner(deps) : null
  let quiet: Promise<void> | null = null
  const quiesce = () =>
    (quiet ??= (async () => {
      await server.app.close()
      // Handlers of requests whose clients went away may still be running: they finish on the
      // store before it closes, and what they queued is written.
      await server.inFlight.idle(SHUTDOWN_GRACE_MS)
      await deps.runClosings.flush()
      await deps.exposures.queue.flush()
      await worker?.stop()
      await monitors?.stop()
      await dispatcher?.stop()
      await deps.graphBlocks.flush()
    })())
  return {
    ...server,
    deps,
    quiesce,
    close: async () => {
      await quiesce()
      await deps.keyCache.close()
      await corpusChanges?.close()
      await opened.close()
    },
  }
}
