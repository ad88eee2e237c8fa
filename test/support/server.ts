// startTestServer: the real server (same createApp as `dsp serve`) on 127.0.0.1, a free port
// and a fresh database: an embedded PGlite loaded from a once-migrated snapshot, or, with
// DSP_TEST_DATABASE_URL, a new PostgreSQL database per server (and DSP_TEST_REDIS_URL for the limiter).
import { after } from 'node:test'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createApp, type App } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { openStore } from '../../src/store/db.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { AdminClient } from './admin.ts'
import { HttpClient } from './http.ts'
import { copyDemoFiles, preparedDemo } from './demo.ts'
import { readFileSync } from 'node:fs'

export const ADMIN_TOKEN = 'test-admin-token-' + 'x'.repeat(32)

let snapshot: Promise<Blob> | null = null
function embeddedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const store = await openStore({ dataDir: '', inMemory: true })
    await migrateToLatest(store.db)
    const blob = await store.pglite!.dumpDataDir('none')
    await store.close()
    return blob
  })()
  return snapshot
}

export async function freshPostgresDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dsp_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  // Copying a template needs it free of sessions; another file's copy can hold it for a moment.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`)
      break
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 40) throw e
      await new Promise((r) => setTimeout(r, 250 + Math.random() * 250))
    }
  }
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export interface TestServer extends HttpClient {
  app: App
  admin: AdminClient
  close(): Promise<void>
  /** Stops the app (its HTTP server, writes behind, store connections) and keeps its database until close(): a process that exits while others go on using the database. */
  stop(): Promise<void>
  /**
   * Stops this server and starts another over the same data dir and database, with `overrides`
   * on top of this one's settings: a restart with a changed configuration. Close the new server;
   * this one's close() then does nothing.
   */
  restart(overrides?: Record<string, string>): Promise<TestServer>
}

export const usingPostgres = () => Boolean(process.env.DSP_TEST_DATABASE_URL)

export interface StartOptions {
  /** Load the seeded demo corpus (small scale; facts in the data dir). */
  demo?: boolean
}

export async function startTestServer(
  overrides: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dsp-test-'))
  const demo = options.demo ? await preparedDemo() : null
  if (demo) copyDemoFiles(demo, dataDir)
  let drop: (() => Promise<void>) | null = null
  const env: Record<string, string> = {
    DSP_DATA_DIR: dataDir,
    DSP_ADMIN_TOKEN: ADMIN_TOKEN,
    DSP_TEST_CLOCK: '1',
    DSP_FAULTS: '1',
    DSP_LOG_LEVEL: 'silent',
    DSP_DEPENDENCY_TIMEOUT_MS: '300',
    // The first search of a server loads the embedder and the index files; a tight deadline would flake.
    DSP_RETRIEVAL_TIMEOUT_MS: '5000',
    // Some tests fire thousands of calls at once, which queue for the embedded store's one
    // connection longer than the default 5 s on a busy machine; test/faults sets its own deadlines.
    DSP_STORE_ACQUIRE_TIMEOUT_MS: '30000',
  }
  // A DATABASE_URL in `overrides` is a database the test brings (test/support/private-postgres.ts).
  if (process.env.DSP_TEST_DATABASE_URL && !overrides.DATABASE_URL) {
    const db = await freshPostgresDatabase(
      process.env.DSP_TEST_DATABASE_URL,
      demo?.templateUrl ? new URL(demo.templateUrl).pathname.slice(1) : undefined,
    )
    env.DATABASE_URL = db.url
    drop = db.drop
  }
  if (process.env.DSP_TEST_REDIS_URL) env.REDIS_URL = process.env.DSP_TEST_REDIS_URL
  const settings = { ...env, ...overrides }
  const loadDataDir = settings.DATABASE_URL
    ? undefined
    : demo?.tarball
      ? new Blob([readFileSync(demo.tarball)])
      : await embeddedSnapshot()
  try {
    return await launch(settings, dataDir, loadDataDir, drop)
  } catch (e) {
    // A server that does not start leaves nothing behind.
    if (drop) await drop()
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
}

async function launch(
  settings: Record<string, string>,
  dataDir: string,
  loadDataDir: Blob | undefined,
  drop: (() => Promise<void>) | null,
): Promise<TestServer> {
  const config = loadConfig(settings)
  const app = await createApp(config, { port: 0, inMemory: !config.DATABASE_URL, loadDataDir, logger: false })
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' })
  ;(app.deps as { publicUrl: string }).publicUrl = address
  const http = new HttpClient(address)
  let handedOver = false
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await app.close()
  }
  const server = Object.assign(http, {
    app,
    admin: new AdminClient(http, ADMIN_TOKEN),
    stop,
    close: async () => {
      if (handedOver) return
      handedOver = true
      await stop()
      if (drop) await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
    restart: async (overrides: Record<string, string> = {}) => {
      // The embedded store lives in memory: its data dir is carried over as a tarball.
      const pglite = (app.deps.store as { pglite?: { dumpDataDir(c: 'none'): Promise<Blob> } }).pglite
      // Everything under way reaches the store first (handlers, queued run closings).
      await app.quiesce()
      const dump = config.DATABASE_URL || !pglite ? undefined : await pglite.dumpDataDir('none')
      handedOver = true
      await app.close()
      return launch({ ...settings, ...overrides }, dataDir, dump, drop)
    },
  })
  return server
}

/** One server for the whole test file, started on first use and closed after the file's tests. */
export function useTestServer(
  overrides: Record<string, string> = {},
  options: StartOptions = {},
): () => Promise<TestServer> {
  let started: Promise<TestServer> | null = null
  after(async () => {
    if (started) await (await started).close()
  })
  return () => (started ??= startTestServer(overrides, options))
}
