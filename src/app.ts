// Wiring: opens the store, migrates, loads the deployment secret, builds the dependencies and
// the server. Used by `dsp serve` and by the tests' startTestServer.
import { GraphBlocks } from './domain/relationships/blocks.ts'
import { Exposures } from './domain/agent-runs/ceiling.ts'
import { SearchCaches } from './domain/search/engine.ts'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pino from 'pino'
import { Clock } from './clock.ts'
import { publicUrl as basePublicUrl, type Config } from './config.ts'
import { KEY_CACHE_TTL_MS, KeyCache } from './domain/api-keys.ts'
import { recountVectors } from './domain/corpus/coverage.ts'
import { CorpusVectors, lazyEmbedder } from './domain/corpus/vectors.ts'
import { runClosingQueue } from './domain/credits/metering.ts'
import type { Deps } from './domain/types.ts'
import { Faults } from './faults.ts'
import { startAgentWorker } from './jobs/agent-worker.ts'
import { CorpusChangeListener, forgetCorpusCaches } from './domain/corpus/live.ts'
import { assertEmbeddedDataDirFree } from './cli/running-server.ts'
import { buildServer, type BuiltServer } from './http/server.ts'
import { Limiter, MemoryLimiterStore, RedisLimiterStore } from './limiter/index.ts'
import { openStore, withoutStatementDeadlines, type Store } from './store/db.ts'
import { migrateToLatest } from './store/migrate.ts'
import { Metrics } from './metrics.ts'
import { openTracing } from './tracing.ts'

/** How long closing waits for route handlers still running. */
const SHUTDOWN_GRACE_MS = 10_000

export interface App extends BuiltServer {
  deps: Deps
  /** Stops serving and lets everything under way reach the store (handlers, queues, the worker); the store stays open. */
  quiesce(): Promise<void>
  /** quiesce(), then closes the store and every connection. */
  close(): Promise<void>
}

export interface CreateAppOptions {
  port: number
  /** Tests: a migrated embedded database to load instead of running initdb and migrations. */
  loadDataDir?: Blob
  inMemory?: boolean
  logger?: boolean
  /** Run the in-process agent worker (default true; `dsp serve --no-worker` and DSP_AGENT_WORKERS=0 turn it off). */
  worker?: boolean
}

async function loadSecret(store: Store, configured: string | undefined): Promise<string> {
  if (configured) return configured
  const existing = await store.db
    .selectFrom('deployment_settings')
    .select('value')
    .where('key', '=', 'secret')
    .executeTakeFirst()
  if (existing) return existing.value
  await store.db
    .insertInto('deployment_settings')
    .values({ key: 'secret', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await store.db
    .selectFrom('deployment_settings')
    .select('value')
    .where('key', '=', 'secret')
    .executeTakeFirstOrThrow()
  return row.value
}

export async function createApp(config: Readonly<Config>, options: CreateAppOptions): Promise<App> {
  const log = pino({ level: options.logger === false ? 'silent' : config.DSP_LOG_LEVEL })
  // A second process on an embedded data dir would corrupt it (cli/running-server.ts).
  if (!config.DATABASE_URL && !options.inMemory) assertEmbeddedDataDirFree(config.DSP_DATA_DIR, 'dsp')
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DSP_DATA_DIR,
    loadDataDir: options.loadDataDir,
    inMemory: options.inMemory,
    deadlines: {
      statementMs: config.DSP_STORE_STATEMENT_TIMEOUT_MS,
      lockMs: config.DSP_STORE_LOCK_TIMEOUT_MS,
      acquireMs: config.DSP_STORE_ACQUIRE_TIMEOUT_MS,
    },
    onConnectionLost: (e) =>
      log.warn(
        { err: e.message, code: (e as { code?: string }).code },
        'store connection lost; the pool opens another',
      ),
  })
  await withoutStatementDeadlines(store.db, (db) => migrateToLatest(db))
  const clock = new Clock()
  const faults = new Faults(clock)
  const limiter = new Limiter(
    config.REDIS_URL ? new RedisLimiterStore(config.REDIS_URL) : new MemoryLimiterStore(),
    clock,
    faults,
    config.DSP_DEPENDENCY_TIMEOUT_MS,
  )
  const metrics = new Metrics()
  metrics.attachStore(store)
  limiter.onDegraded = (operation) => metrics.limiterDegraded(operation)
  const keyCache = new KeyCache(KEY_CACHE_TTL_MS)
  if (store.url) await keyCache.listen(store.url)
  const embedder = lazyEmbedder(config)
  const deps: Deps = {
    config,
    store,
    db: store.db,
    clock,
    faults,
    limiter,
    keyCache,
    secret: await loadSecret(store, config.DSP_SECRET),
    log,
    metrics,
    publicUrl: basePublicUrl(config, options.port),
    embedder,
    vectors: new CorpusVectors(store.db, path.join(config.DSP_DATA_DIR, 'index'), embedder, log),
    runClosings: runClosingQueue(store.db, log),
    exposures: new Exposures(store.db, log),
    graphBlocks: new GraphBlocks(store.db, clock, log, config.DSP_GRAPH_BLOCK_CACHE_MB * 1024 * 1024),
    searchCaches: new SearchCaches(),
    agentStarts: new Map(),
    tracing: await openTracing(config, log),
  }
  // Vector counts follow the configured embedder: after a switch of embedder, coverage must not
  // count the previous one's vectors (docs/corpus.md §7). A failure leaves the figures as they were.
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
  await recountVectors(deps).catch((e: unknown) =>
    log.warn({ err: (e as Error).message }, 'vector counts not refreshed at start'),
  )
  const server = await buildServer(deps, { logger: options.logger })
  const worker = options.worker === false ? null : startAgentWorker(deps)
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
      await deps.graphBlocks.flush()
    })())
  return {
    ...server,
    deps,
    quiesce,
    close: async () => {
      await quiesce()
      await keyCache.close()
      await corpusChanges?.close()
      await limiter.close()
      // The worker has stopped: its spans and the last requests' go out before the process ends.
      await deps.tracing?.shutdown()
      await store.close()
    },
  }
}
