// Wiring: opens the store, migrates, loads the deployment secret, builds the dependencies and
// the server. Used by `dsp serve` and by the tests' startTestServer.
import { flushGraphBlocks } from './domain/relationships/blocks.ts'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pino from 'pino'
import { Clock } from './clock.ts'
import { ConfigError, publicUrl as basePublicUrl, type Config } from './config.ts'
import { KeyCache } from './domain/api-keys.ts'
import { recountVectors } from './domain/corpus/coverage.ts'
import { CorpusVectors, lazyEmbedder } from './domain/corpus/vectors.ts'
import { chargeBook, chargeWriteOf, LedgerGuardPlugin } from './domain/credits/admitted.ts'
import type { Deps } from './domain/types.ts'
import { Faults } from './faults.ts'
import { startAgentWorker } from './jobs/agent-worker.ts'
import { buildServer, type BuiltServer } from './http/server.ts'
import { Limiter, MemoryLimiterStore, RedisLimiterStore } from './limiter/index.ts'
import { openStore, withoutStatementDeadlines, type Store } from './store/db.ts'
import { migrateToLatest } from './store/migrate.ts'

export interface App extends BuiltServer {
  deps: Deps
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
  // Charges written behind (the embedded store's default) hold the accounts' figures in this
  // process: a balance may then only move through the charge book (domain/credits/admitted.ts).
  const chargeWrite = chargeWriteOf(config, config.DATABASE_URL ? 'postgres' : 'pglite')
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DSP_DATA_DIR,
    loadDataDir: options.loadDataDir,
    inMemory: options.inMemory,
    thread: config.DSP_STORE_THREAD,
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
  const keyCache = new KeyCache(config.DSP_KEY_CACHE_TTL_SECONDS * 1000)
  if (store.url) await keyCache.listen(store.url)
  const embedder = lazyEmbedder(config)
  const deps: Deps = {
    config,
    store,
    db: chargeWrite === 'behind' ? store.db.withPlugin(new LedgerGuardPlugin()) : store.db,
    clock,
    faults,
    limiter,
    keyCache,
    secret: await loadSecret(store, config.DSP_SECRET),
    log,
    publicUrl: basePublicUrl(config, options.port),
    embedder,
    vectors: new CorpusVectors(store.db, path.join(config.DSP_DATA_DIR, 'index'), embedder, log),
  }
  // Vector counts follow the configured embedder: after a switch of embedder, coverage must not
  // count the previous one's vectors (docs/corpus.md §7). A failure leaves the figures as they were.
  await recountVectors(deps).catch((e: unknown) =>
    log.warn({ err: (e as Error).message }, 'vector counts not refreshed at start'),
  )
  // On PostgreSQL with DSP_CHARGE_WRITE=behind this process must be the ledger's only writer: it takes the lock now, or does not start.
  if (chargeWrite === 'behind' && store.kind === 'postgres') {
    await chargeBook(deps)
      .ownership!.ensure()
      .catch(async (e: unknown) => {
        await keyCache.close()
        await limiter.close()
        await store.close()
        throw new ConfigError(`DSP_CHARGE_WRITE=behind: ${(e as Error).message}`)
      })
  }
  const server = await buildServer(deps, { logger: options.logger })
  const worker = options.worker === false ? null : startAgentWorker(deps)
  return {
    ...server,
    deps,
    close: async () => {
      await server.app.close()
      await worker?.stop()
      await flushGraphBlocks(deps)
      // Every admitted charge written, then the ledger lock let go (PostgreSQL).
      await chargeBook(deps).close()
      await keyCache.close()
      await limiter.close()
      await store.close()
    },
  }
}
