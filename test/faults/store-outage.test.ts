// PostgreSQL going away under a billed load (docs/architecture-store.md "Store"): every backend of the
// server's database terminated, the database refusing new connections for seconds, and PostgreSQL
// itself restarted. The process stays up (it runs
// the test: an unhandled 'error' event would end the file), calls in the fault answer their
// route's contract 503/504, the pool reconnects by itself, every call after recovery succeeds,
// and the ledger, the usage history, the key usage and the balance agree with what clients were told.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import pg from 'pg'
import {
  billedCalls,
  expectAllSucceed,
  expectContractAnswers,
  expectMoneyAgrees,
  ingestCompanies,
  underLoad,
  untilReady,
} from '../support/billed-load.ts'
import { terminateBackends } from '../support/backends.ts'
import { postgresBinaries, startPrivatePostgres } from '../support/private-postgres.ts'
import { startTestServer, usingPostgres, type TestServer } from '../support/server.ts'

const CREDITS = 1000

async function arrange(api: TestServer) {
  const domains = await ingestCompanies(api)
  const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: CREDITS })
  const calls = billedCalls(api, key, domains)
  // The first search loads the embedder and the index: before the load, its charges counted with the rest.
  const warmup = await expectAllSucceed(calls, 1)
  return { key, workspace_id, calls, warmup }
}

/** Waits until the server's revocation LISTEN connection (application_name "dsp key revocations") is on the database. */
async function untilListening(url: string, limitMs = 15_000) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const t0 = performance.now()
    for (;;) {
      const r = await c.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'dsp key revocations' and query ilike 'listen%'",
      )
      if (r.rows[0].n > 0) return
      assert.ok(performance.now() - t0 < limitMs, `no LISTEN connection again within ${limitMs} ms`)
      await new Promise((r) => setTimeout(r, 200))
    }
  } finally {
    await c.end()
  }
}

describe('PostgreSQL dropping connections under a billed load', { skip: !usingPostgres() && 'PostgreSQL only' }, () => {
  test('every backend of the database terminated, three times: contract 503s, then every call succeeds and the money agrees', async (t) => {
    const api = await startTestServer()
    t.after(() => api.close())
    const { key, workspace_id, calls, warmup } = await arrange(api)
    const database = new URL(api.app.deps.config.DATABASE_URL!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: process.env.DSP_TEST_DATABASE_URL })
    await admin.connect()
    t.after(() => admin.end())
    let terminated = 0
    const answers = await underLoad(calls, async () => {
      for (let i = 0; i < 3; i++) {
        terminated += await terminateBackends(admin, database)
        await new Promise((r) => setTimeout(r, 300))
      }
    })
    assert.ok(terminated >= 3, `backends terminated: ${terminated}`)
    const { failed, codes } = expectContractAnswers(answers)
    assert.ok(failed > 0, 'some calls met the fault')
    const recoveryMs = await untilReady(api)
    const after = await expectAllSucceed(calls)
    await untilListening(api.app.deps.config.DATABASE_URL!)
    t.diagnostic(
      `${answers.length} calls under load, ${failed} answered 503/504; ${terminated} backends terminated; ready ${recoveryMs} ms after the last; ${JSON.stringify(codes)}`,
    )
    await expectMoneyAgrees(api, key, workspace_id, CREDITS, [...warmup, ...answers, ...after])
  })
})

describe('PostgreSQL refusing connections under a billed load', { skip: !usingPostgres() && 'PostgreSQL only' }, () => {
  test('allow_connections false and every backend terminated for 3 s: contract 503s (55000 while connecting), nothing charged for them', async (t) => {
    const api = await startTestServer()
    t.after(() => api.close())
    const { key, workspace_id, calls, warmup } = await arrange(api)
    const database = new URL(api.app.deps.config.DATABASE_URL!).pathname.slice(1)
    const admin = new pg.Client({ connectionString: process.env.DSP_TEST_DATABASE_URL })
    await admin.connect()
    const allow = (on: boolean) =>
      admin.query(`alter database ${admin.escapeIdentifier(database)} allow_connections ${on}`)
    t.after(() => admin.end())
    let terminated = 0
    const answers = await underLoad(calls, async () => {
      await allow(false)
      try {
        // The pooled connections stay usable after the alter: ended, so every call needs a new one,
        // which PostgreSQL refuses with 55000 "database … is not currently accepting connections".
        terminated += await terminateBackends(admin, database)
        await new Promise((r) => setTimeout(r, 3000))
      } finally {
        await allow(true)
      }
    })
    assert.ok(terminated >= 1, `backends terminated: ${terminated}`)
    const { failed, codes } = expectContractAnswers(answers)
    const refused = answers.filter((a) => a.res.status === 503).length
    assert.ok(refused > 20, `calls refused while the database refused connections: ${refused}`)
    const recoveryMs = await untilReady(api)
    const after = await expectAllSucceed(calls)
    await untilListening(api.app.deps.config.DATABASE_URL!)
    t.diagnostic(
      `${answers.length} calls under load, ${failed} answered 503/504; ${terminated} backends terminated; ready ${recoveryMs} ms after; ${JSON.stringify(codes)}`,
    )
    // Refused calls charged nothing: the ledger, usage and balance hold exactly what the 200s told.
    await expectMoneyAgrees(api, key, workspace_id, CREDITS, [...warmup, ...answers, ...after])
  })
})

describe(
  'PostgreSQL restarted under a billed load',
  {
    skip:
      (!usingPostgres() && 'PostgreSQL only') ||
      (!postgresBinaries() && 'no PostgreSQL server binaries to run a cluster'),
  },
  () => {
    test('pg_ctl restart of a private cluster: contract 503s meanwhile, then every call succeeds and the money agrees', async (t) => {
      const cluster = await startPrivatePostgres()
      let api: TestServer | null = null
      t.after(async () => {
        await api?.close()
        await cluster.stop()
      })
      api = await startTestServer({ DATABASE_URL: cluster.url })
      const { key, workspace_id, calls, warmup } = await arrange(api)
      let restartMs = 0
      const answers = await underLoad(calls, async () => {
        const t0 = performance.now()
        await cluster.restart()
        restartMs = Math.round(performance.now() - t0)
      })
      const { failed, codes } = expectContractAnswers(answers)
      assert.ok(failed > 0, 'some calls met the restart')
      const recoveryMs = await untilReady(api)
      const after = await expectAllSucceed(calls)
      // The key cache's LISTEN connection (revocations from other processes) is back by itself.
      await untilListening(cluster.url)
      t.diagnostic(
        `${answers.length} calls under load, ${failed} answered 503/504; restart took ${restartMs} ms; ready ${recoveryMs} ms after; ${JSON.stringify(codes)}`,
      )
      await expectMoneyAgrees(api, key, workspace_id, CREDITS, [...warmup, ...answers, ...after])
    })
  },
)
