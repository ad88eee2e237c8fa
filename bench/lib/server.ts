// The server under benchmark: the same createApp as `dsp serve`, on 127.0.0.1 and a free port,
// on an embedded store in a temp dir, or on a fresh PostgreSQL database when
// DSP_BENCH_DATABASE_URL is set (created here, dropped on close). Or, for the medium corpus, a
// store seeded beforehand with `dsp demo seed --scale medium`, opened as it is and kept:
// DSP_BENCH_SEEDED_DATA_DIR (its DSP_DATA_DIR) plus, for PostgreSQL, DSP_BENCH_SEEDED_DATABASE_URL.
// Plus an operator client.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { createApp, type App } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import type { DemoScale } from '../../src/corpus/demo/index.ts'
import { findSeededDemo, seedDemoCorpus } from '../../src/domain/corpus/demo.ts'

export type StoreKind = 'embedded' | 'postgresql'

export interface WorkspaceWithKey {
  workspace_id: string
  organisation_id: string
  key: string
  key_id: string
}

export interface BenchServer {
  url: string
  app: App
  store: StoreKind
  admin: AdminClient
  close(): Promise<void>
}

export class AdminClient {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  private async call<T>(method: string, route: string, body: unknown, expected: number): Promise<T> {
    const res = await fetch(`${this.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-token': this.token },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    if (res.status !== expected) throw new Error(`${method} ${route}: expected ${expected}, got ${res.status}: ${text}`)
    return JSON.parse(text) as T
  }

  async workspaceWithKey(opts: {
    scopes: readonly string[]
    credits?: number
    environment?: 'live' | 'test'
  }): Promise<WorkspaceWithKey> {
    const ws = await this.call<{ workspace_id: string; organisation_id: string }>(
      'POST',
      '/admin/v1/workspaces',
      { name: 'Benchmark workspace', credits: opts.credits ?? 100 },
      201,
    )
    const key = await this.call<{ key_id: string; secret: string }>(
      'POST',
      `/admin/v1/workspaces/${ws.workspace_id}/keys`,
      { environment: opts.environment ?? 'live', scopes: opts.scopes },
      201,
    )
    return { ...ws, key: key.secret, key_id: key.key_id }
  }
}

export async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dsp_bench_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

/**
 * `overrides` are configuration variables (DSP_RETRIEVAL_TIMEOUT_MS, …) for this benchmark.
 * `kept` opens a store that outlives the run, as DSP_BENCH_SEEDED_DATA_DIR does (created when absent).
 */
export async function startBenchServer(
  overrides: Record<string, string> = {},
  kept: { dataDir?: string; databaseUrl?: string } = {},
): Promise<BenchServer> {
  const seededDir = kept.dataDir ?? process.env.DSP_BENCH_SEEDED_DATA_DIR
  const seededUrl = kept.dataDir ? kept.databaseUrl : process.env.DSP_BENCH_SEEDED_DATABASE_URL
  const dataDir = seededDir ?? mkdtempSync(path.join(tmpdir(), 'dsp-bench-'))
  const adminToken = randomBytes(24).toString('hex')
  const baseUrl = process.env.DSP_BENCH_DATABASE_URL
  const database = seededDir ? null : baseUrl ? await freshPostgresDatabase(baseUrl) : null
  const databaseUrl = seededDir ? seededUrl : database?.url
  const cleanup = async () => {
    if (seededDir) return
    if (database) await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const config = loadConfig({
      DSP_DATA_DIR: dataDir,
      DSP_ADMIN_TOKEN: adminToken,
      DSP_LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...overrides,
    })
    // On disk, not in memory, so the embedded store is the one `dsp serve` runs.
    const app = await createApp(config, { port: 0, logger: false })
    let url: string
    try {
      url = await app.app.listen({ port: 0, host: '127.0.0.1' })
    } catch (error) {
      await app.close()
      throw error
    }
    // A benchmark may leave its keep-alive connection idle for minutes while it times other calls
    // (relationships: five of them, 13 s each, per round). The server must not close it meanwhile:
    // on the embedded store the event loop is busy in the store when the close arrives, and the
    // client reuses the dead socket (ECONNRESET).
    app.app.server.keepAliveTimeout = 15 * 60_000
    return {
      url,
      app,
      store: databaseUrl ? 'postgresql' : 'embedded',
      admin: new AdminClient(url, adminToken),
      close: async () => {
        try {
          await app.close()
        } finally {
          await cleanup()
        }
      },
    }
  } catch (error) {
    await cleanup()
    throw error
  }
}

/** Seeds the small demo corpus into a benchmark server; returns the seconds it took (logged). */
export async function seedSmallDemo(server: BenchServer): Promise<number> {
  const started = performance.now()
  await seedDemoCorpus(server.app.deps, { scale: 'small' })
  const seconds = Math.round((performance.now() - started) / 100) / 10
  console.error(`  demo corpus (small) seeded in ${seconds} s`)
  return seconds
}

/**
 * The demo corpus under benchmark: the one a seeded store holds (DSP_BENCH_SEEDED_DATA_DIR), else
 * the small corpus seeded now. `variant` names the results file (bench/results/<name>.<variant>.json),
 * so small and medium, embedded and PostgreSQL figures sit side by side. A seeded store whose demo
 * seed stopped before its end (a large load stopped after some categories) is named by what it
 * holds: `partial-<thousands of companies>kc-<thousands of people>kp`.
 */
export async function demoCorpus(
  server: BenchServer,
): Promise<{ scale: DemoScale | string; seed_seconds: number | null; variant: string }> {
  const seeded = await findSeededDemo(server.app.deps)
  if (seeded) {
    console.error(`  demo corpus (${seeded.scale}, seed ${seeded.seed}) already in the store`)
    return { scale: seeded.scale, seed_seconds: null, variant: `${server.store}-${seeded.scale}` }
  }
  if (process.env.DSP_BENCH_SEEDED_DATA_DIR) {
    const r = await sql<{ companies: number; people: number }>`
      select (select count(*) from companies)::int as companies, (select count(*) from persons)::int as people`.execute(
      server.app.deps.db,
    )
    const { companies, people } = r.rows[0]!
    if (companies === 0)
      throw new Error('DSP_BENCH_SEEDED_DATA_DIR holds no demo corpus: run `dsp demo seed --scale medium` there first')
    const k = (n: number) => Math.round(n / 1000)
    console.error(`  a stopped demo seed: ${companies} companies, ${people} people`)
    return {
      scale: `partial: ${companies} companies, ${people} people`,
      seed_seconds: null,
      variant: `${server.store}-partial-${k(companies)}kc-${k(people)}kp`,
    }
  }
  return { scale: 'small', seed_seconds: await seedSmallDemo(server), variant: `${server.store}-small` }
}
