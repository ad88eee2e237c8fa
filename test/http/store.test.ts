// The embedded store's engine in a worker thread (docs/architecture-store.md "Store"):
// the same answers and errors as PGlite on the server's thread, and the server's thread free
// while a statement runs.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import type { Worker } from 'node:worker_threads'
import { isConnectionError } from '../../src/domain/guard.ts'
import { RemotePGlite } from '../../src/store/pglite-remote.ts'
import { expectStatus } from '../support/http.ts'
import { sumsMatch } from '../support/credits.ts'
import { freshPostgresDatabase, startTestServer, usingPostgres, useTestServer } from '../support/server.ts'
import { openStore } from '../../src/store/db.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'

const server = useTestServer()
const embedded = { skip: usingPostgres() ? 'the embedded store only' : false }

describe('the embedded engine in a worker thread', () => {
  test('by default the engine runs in a worker thread', embedded, async () => {
    const api = await server()
    assert.ok((api.app.deps.store as { pglite?: unknown }).pglite instanceof RemotePGlite)
  })

  test('a failed statement keeps its SQLSTATE and message; rows keep their types', embedded, async () => {
    const api = await server()
    await assert.rejects(
      sql`select 1 / 0`.execute(api.app.deps.db),
      (e: unknown) => (e as { code?: string }).code === '22012' && /division by zero/.test((e as Error).message),
    )
    const r = await sql<{
      at: Date
      n: number
      b: Uint8Array
      j: { a: number }
    }>`select timestamptz '2026-01-02T03:04:05Z' as at, 7::int4 as n, '\\x0102'::bytea as b, '{"a":1}'::jsonb as j`.execute(
      api.app.deps.db,
    )
    assert.ok(r.rows[0]!.at instanceof Date)
    assert.equal(r.rows[0]!.at.toISOString(), '2026-01-02T03:04:05.000Z')
    assert.equal(r.rows[0]!.n, 7)
    assert.deepEqual([...r.rows[0]!.b], [1, 2])
    assert.deepEqual(r.rows[0]!.j, { a: 1 })
  })

  test("the server's thread stays free while a statement runs", embedded, async () => {
    const api = await server()
    let ticks = 0
    const timer = setInterval(() => ticks++, 5)
    try {
      await sql`select pg_sleep(0.3)`.execute(api.app.deps.db)
    } finally {
      clearInterval(timer)
    }
    // Free, the loop runs about 60 of them; blocked, at most one (when it is free again). A loaded
    // machine delays timers (17 of them with a large seed and the test suite beside), so the bar is low.
    assert.ok(ticks >= 5, `the event loop ran ${ticks} timers during a 300 ms statement`)
  })

  test(
    'a thread that dies fails the call waiting for it, and every later call at once, as a closed store',
    embedded,
    async () => {
      const engine = await RemotePGlite.create({})
      const waiting = engine.query('select pg_sleep(5)')
      await (engine as unknown as { worker: Worker }).worker.terminate()
      await assert.rejects(waiting, (e: unknown) => isConnectionError(e))
      await assert.rejects(
        engine.query('select 1'),
        (e: unknown) => isConnectionError(e) && /PGlite is closed/.test((e as Error).message),
      )
      await engine.close()
    },
  )
})

describe('closing the server under load', () => {
  test('handlers of requests whose clients went away finish on the store before it closes; nothing is half-written', async () => {
    const first = await startTestServer({}, { demo: true })
    let api = first
    try {
      const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 100 })
      const aborted = await Promise.allSettled(
        Array.from({ length: 30 }, async (_, i) => {
          const gone = new AbortController()
          setTimeout(() => gone.abort(), 1 + (i % 8))
          return fetch(`${api.url}/v1/search`, {
            method: 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ mode: 'fast', query: ['cloud', 'payments', 'security'][i % 3], limit: 5 }),
            signal: gone.signal,
          })
        }),
      )
      assert.ok(
        aborted.some((a) => a.status === 'rejected'),
        'some clients went away mid-request',
      )
      // Closing (here: a restart on the same data) waits for the handlers still running.
      api = await first.restart()
      await sumsMatch(api, workspace_id)
      const spent = Math.round((100 - (await api.get('/v1/credits', { key })).body.spendable) * 1000)
      const history = await api.get('/v1/usage/history', { key, query: { limit: 100 } })
      expectStatus(history, 200)
      const charged = history.body.results.reduce(
        (sum: number, r: { credits_charged: number }) => sum + Math.round(r.credits_charged * 1000),
        0,
      )
      assert.equal(charged, spent, 'the history and the ledger agree')
    } finally {
      await api.close()
    }
  })
})

describe('migrations', () => {
  test('a current store is left as it is; one migration behind gets it; a migration the code does not know is refused', async () => {
    const pg = usingPostgres() ? await freshPostgresDatabase(process.env.DSP_TEST_DATABASE_URL!) : null
    const store = await openStore({ databaseUrl: pg?.url, dataDir: '', inMemory: pg === null })
    try {
      const all = await migrateToLatest(store.db)
      // The newest migration: deleting its row makes the store one migration behind.
      const last = [...all].sort().at(-1)!
      assert.ok(all.includes('0027_domain_not_a_name'), all.join(', '))
      assert.deepEqual(await migrateToLatest(store.db), [])
      await sql`delete from kysely_migration where name = ${last}`.execute(store.db)
      assert.deepEqual(await migrateToLatest(store.db), [last])
      assert.deepEqual(await migrateToLatest(store.db), [])
      // As many rows as the code knows, one of them unknown: not current, and the Migrator refuses it.
      await sql`delete from kysely_migration where name = ${last}`.execute(store.db)
      await sql`insert into kysely_migration (name, timestamp) values ('9999_unknown', '2026-01-01T00:00:00Z')`.execute(
        store.db,
      )
      await assert.rejects(migrateToLatest(store.db), /9999_unknown|corrupted/)
    } finally {
      await store.close()
      await pg?.drop()
    }
  })
})

describe('PostgreSQL connections', { skip: !usingPostgres() && 'PostgreSQL only' }, () => {
  test('pooled connections are kept while idle: a quiet server does not open new backends (pg-pool closes them after 10 s by default)', async (t) => {
    const api = await startTestServer()
    t.after(() => api.close())
    const database = new URL(api.app.deps.config.DATABASE_URL!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: process.env.DSP_TEST_DATABASE_URL })
    await admin.connect()
    t.after(() => admin.end())
    const backends = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and application_name = 'dsp' order by pid",
          [database],
        )
      ).rows.map((r) => r.pid)
    // Four statements side by side open four pooled connections.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.3)`.execute(api.app.deps.db)))
    const before = await backends()
    assert.ok(before.length >= 4, `pooled backends: ${before.length}`)
    await new Promise((r) => setTimeout(r, 11_000))
    assert.deepEqual(await backends(), before, 'the idle backends are the same ones, 11 s later')
    assert.equal((await fetch(`${api.url}/readyz`)).status, 200)
  })
})
