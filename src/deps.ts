// The dependencies every domain function receives (domain/types.ts Deps), without the HTTP
// server: opens the store, migrates, loads the deployment secret. createApp (app.ts) adds the
// server on top; commands that only read or write the store (`dsp ingest`, `dsp delete`) use this
// alone, so they neither load nor build the server's routes (docs/performance-startup.md, ingest start-up).
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pino from 'pino'
import { Clock } from './clock.ts'
import { publicUrl as basePublicUrl, readUrls, type Config } from './config.ts'
import { Exposures } from './domain/agent-runs/exposures.ts'
import { KEY_CACHE_TTL_MS, KeyCache } from './domain/key-cache.ts'
import { lazyEmbedder } from './domain/corpus/embedder.ts'
import { CorpusVectors } from './domain/corpus/vectors.ts'
import { runClosingQueue } from './domain/credits/metering.ts'
import { GraphBlocks } from './domain/relationships/block-cache.ts'
import { SearchCaches } from './domain/search/caches.ts'
import type { Deps } from './domain/types.ts'
import { Faults } from './faults.ts'
import { Limiter, MemoryLimiterStore, RedisLimiterStore } from './limiter/index.ts'
import { Metrics } from './metrics.ts'
import { openConfiguredStore, type OpenedStore } from './open-store.ts'
import { withoutStatementDeadlines, type Store } from './store/db.ts'
import { migrateToLatest } from './store/migrate.ts'
import { ReadReplicas } from './store/replicas.ts'
import { openTracing } from './tracing.ts'

export interface OpenDepsOptions {
  port: number
  /** Tests: a migrated embedded database to load instead of running initdb and migrations. */
  loadDataDir?: Blob
  inMemory?: boolean
  logger?: boolean
  /**
   * Start loading the embedder while the store opens (it is needed before the first record an
   * ingest embeds; loading it takes this thread while the store opens in its own, or on the server).
   */
  warmEmbedder?: boolean
  /** A command, not a server: rate limits are kept in memory (no Redis connection is opened). */
  command?: boolean
  /** The store, already opening (open-store.ts; a command starts it before loading the rest). */
  store?: Promise<OpenedStore>
}

export interface OpenedDeps {
  deps: Deps
  /** Closes the rate limiter's connection and the store. */
  close(): Promise<void>
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

export async function openDeps(config: Readonly<Config>, options: OpenDepsOptions): Promise<OpenedDeps> {
  const log = pino({ level: options.logger === false ? 'silent' : config.DSP_LOG_LEVEL })
  const opening =
    options.store ??
    openConfiguredStore(config, {
      loadDataDir: options.loadDataDir,
      inMemory: options.inMemory,
      onConnectionLost: (e) =>
        log.warn(
          { err: e.message, code: (e as { code?: string }).code },
          'store connection lost; the pool opens another',
        ),
    })
  const embedder = lazyEmbedder(config)
  // A failure here is not lost: lazyEmbedder forgets it, and the first real use fails the same way.
  if (options.warmEmbedder) void embedder().catch(() => undefined)
  const store = await opening
  let replicas: ReadReplicas | undefined
  try {
    await withoutStatementDeadlines(store.db, (db) => migrateToLatest(db))
    const clock = new Clock()
    const faults = new Faults(clock)
    const limiter = new Limiter(
      config.REDIS_URL && !options.command ? new RedisLimiterStore(config.REDIS_URL) : new MemoryLimiterStore(),
      clock,
      faults,
      config.DSP_DEPENDENCY_TIMEOUT_MS,
    )
    const metrics = new Metrics()
    metrics.attachStore(store)
    // Read replicas serve the API's read routes; a command (ingest, delete) reads nothing there.
    replicas =
      store.kind === 'postgres' && readUrls(config).length > 0 && !options.command
        ? new ReadReplicas({
            urls: readUrls(config),
            primary: store.db,
            deadlines: {
              statementMs: config.DSP_STORE_STATEMENT_TIMEOUT_MS,
              lockMs: config.DSP_STORE_LOCK_TIMEOUT_MS,
              acquireMs: config.DSP_STORE_ACQUIRE_TIMEOUT_MS,
            },
            maxLagMs: config.DSP_READ_MAX_LAG_MS,
            probeTimeoutMs: config.DSP_READY_TIMEOUT_MS,
            onConnectionLost: (e, replica) =>
              log.warn({ replica, err: e.message }, 'read replica connection lost; its reads go elsewhere'),
          })
        : undefined
    if (replicas) {
      metrics.attachReplicas(replicas)
      replicas.start()
    }
    limiter.onDegraded = (operation) => metrics.limiterDegraded(operation)
    const deps: Deps = {
      config,
      store,
      db: store.db,
      clock,
      faults,
      limiter,
      keyCache: new KeyCache(KEY_CACHE_TTL_MS),
      secret: await loadSecret(store, config.DSP_SECRET),
      log,
      metrics,
      publicUrl: basePublicUrl(config, options.port),
      embedder,
      vectors: new CorpusVectors(
        store.db,
        path.join(config.DSP_DATA_DIR, 'index'),
        embedder,
        log,
        config.DSP_VECTOR_MAP_MIN_VECTORS,
      ),
      runClosings: runClosingQueue(store.db, log),
      exposures: new Exposures(store.db, log),
      graphBlocks: new GraphBlocks(store.db, clock, log, config.DSP_GRAPH_BLOCK_CACHE_MB * 1024 * 1024),
      searchCaches: new SearchCaches(),
      replicas,
      agentStarts: new Map(),
      // A command exports no spans; a server and `dsp worker` do when OTEL_EXPORTER_OTLP_ENDPOINT is set.
      tracing: options.command ? null : await openTracing(config, log),
    }
    return {
      deps,
      close: async () => {
        await limiter.close()
        // After the worker has stopped (app.ts): its spans and the last requests' go out first.
        await deps.tracing?.shutdown()
        await replicas?.close()
        await store.close()
      },
    }
  } catch (e) {
    await replicas?.close().catch(() => undefined)
    await store.close().catch(() => undefined)
    throw e
  }
}
