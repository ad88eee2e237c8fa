// Deadlines on store calls (docs/architecture-store.md "Store"): with `credit_accounts` locked from
// another connection, billed calls answer their contract error within the configured deadline
// (never the lock's length) and cost nothing, /readyz answers within its own deadline as not
// ready, and once the lock is gone every call succeeds and the money agrees. On PostgreSQL each
// deadline is tried alone (lock, statement, connection acquisition); on the embedded store the
// lock is held by a transaction on its one connection, so the acquisition deadline is the one met.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import { POOL_SIZE } from '../../src/store/db.ts'
import {
  billedCalls,
  expectAllSucceed,
  expectContractAnswers,
  expectMoneyAgrees,
  ingestCompanies,
  type Answer,
} from '../support/billed-load.ts'
import { expectStatus } from '../support/http.ts'
import { startTestServer, usingPostgres, type TestServer } from '../support/server.ts'

const CREDITS = 1000
/** The deadline under test; the lock is held HOLD_MS; an answer refused for the deadline comes within ANSWER_BOUND_MS: generous, so a busy machine does not flake, and well below the lock's length. */
const DEADLINE_MS = 1000
const HOLD_MS = 6000
const ANSWER_BOUND_MS = 4000
const NO_DEADLINE_MS = '60000'

/** Holds `lock table credit_accounts` in an open transaction until the returned release is called. */
type LockHolder = (api: TestServer) => Promise<() => Promise<void>>

/** PostgreSQL: a connection of the test's own, outside the server's pool. */
const lockFromAnotherConnection: LockHolder = async (api) => {
  const other = new pg.Client({ connectionString: api.app.deps.config.DATABASE_URL })
  await other.connect()
  await other.query('begin')
  await other.query('lock table credit_accounts')
  return async () => {
    await other.query('commit')
    await other.end()
  }
}

/** Embedded: a transaction on the store's one connection, which every other statement then waits for. */
const lockOnTheOneConnection: LockHolder = async (api) => {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  let locked!: () => void
  const isLocked = new Promise<void>((r) => (locked = r))
  const holding = api.app.deps.store.db.transaction().execute(async (tx) => {
    await sql`lock table credit_accounts`.execute(tx)
    locked()
    await released
  })
  await isLocked
  return async () => {
    release()
    await holding
  }
}

async function timed(answers: Answer[], calls: ReturnType<typeof billedCalls>, copies: number) {
  await Promise.all(
    Array.from({ length: copies }, () =>
      calls.map(async (call) => {
        const t0 = performance.now()
        const res = await call.run()
        answers.push({ call, res, ms: performance.now() - t0 })
      }),
    ).flat(),
  )
}

async function withHeldLock(settings: Record<string, string>, hold: LockHolder, copies: number) {
  const api = await startTestServer({ ...settings, DSP_READY_TIMEOUT_MS: String(DEADLINE_MS) })
  try {
    const domains = await ingestCompanies(api)
    const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: CREDITS })
    const calls = billedCalls(api, key, domains)
    const billed = calls.filter((c) => c.billed)
    // Warm: the key is cached and the embedder and index are loaded before the lock is taken.
    const before = await expectAllSucceed(calls, 1)
    const release = await hold(api)
    const held: Answer[] = []
    const t0 = performance.now()
    const readyz = api.get('/readyz').then((r) => ({ status: r.status, body: r.body, ms: performance.now() - t0 }))
    const answered = timed(held, billed, copies)
    // Released once every call answered, or after HOLD_MS: calls with no deadline of their own wait that long.
    await Promise.race([answered.catch(() => undefined), new Promise((r) => setTimeout(r, HOLD_MS))])
    await release()
    await answered
    const ready = await readyz
    const { failed } = expectContractAnswers(held)
    assert.ok(failed > 0, 'billed calls met the lock')
    for (const a of held.filter((a) => !a.call.ok.includes(a.res.status)))
      assert.ok(a.ms < ANSWER_BOUND_MS, `${a.call.name} answered ${a.res.body.code} after ${Math.round(a.ms)} ms`)
    assert.equal(ready.status, 503, JSON.stringify(ready.body))
    assert.equal(ready.body.status, 'not_ready')
    assert.ok(ready.ms < ANSWER_BOUND_MS, `/readyz answered after ${Math.round(ready.ms)} ms`)
    expectStatus(await api.get('/readyz'), 200)
    const after = await expectAllSucceed(calls)
    await expectMoneyAgrees(api, key, workspace_id, CREDITS, [...before, ...held, ...after])
    const refused = held.filter((a) => !a.call.ok.includes(a.res.status))
    return {
      refused: refused.length,
      of: held.length,
      codes: [...new Set(refused.map((a) => a.res.body.code as string))],
      slowestRefusalMs: Math.round(Math.max(...refused.map((a) => a.ms))),
      readyMs: Math.round(ready.ms),
    }
  } finally {
    await api.close()
  }
}

describe(
  'store deadlines with credit_accounts locked (PostgreSQL)',
  { skip: !usingPostgres() && 'PostgreSQL only' },
  () => {
    test('lock timeout: billed calls answer 503 credits.unavailable within the deadline, cost nothing; /readyz not ready in time', async (t) => {
      const r = await withHeldLock(
        {
          DSP_STORE_LOCK_TIMEOUT_MS: String(DEADLINE_MS),
          DSP_STORE_STATEMENT_TIMEOUT_MS: NO_DEADLINE_MS,
          DSP_STORE_ACQUIRE_TIMEOUT_MS: NO_DEADLINE_MS,
        },
        lockFromAnotherConnection,
        2,
      )
      t.diagnostic(JSON.stringify(r))
    })

    test('statement timeout: the same within the deadline while the lock wait alone would last', async (t) => {
      const r = await withHeldLock(
        {
          DSP_STORE_LOCK_TIMEOUT_MS: NO_DEADLINE_MS,
          DSP_STORE_STATEMENT_TIMEOUT_MS: String(DEADLINE_MS),
          DSP_STORE_ACQUIRE_TIMEOUT_MS: NO_DEADLINE_MS,
        },
        lockFromAnotherConnection,
        2,
      )
      t.diagnostic(JSON.stringify(r))
    })

    test('acquisition timeout: with every pooled connection waiting on the lock, further calls fail within the deadline', async (t) => {
      // No lock or statement deadline: the first calls hold the pool's connections until the lock goes.
      const r = await withHeldLock(
        {
          DSP_STORE_LOCK_TIMEOUT_MS: NO_DEADLINE_MS,
          DSP_STORE_STATEMENT_TIMEOUT_MS: NO_DEADLINE_MS,
          DSP_STORE_ACQUIRE_TIMEOUT_MS: String(DEADLINE_MS),
        },
        lockFromAnotherConnection,
        POOL_SIZE,
      )
      t.diagnostic(JSON.stringify(r))
    })
  },
)

describe('store deadlines with the embedded store held', { skip: usingPostgres() && 'embedded store only' }, () => {
  test('acquisition timeout: calls waiting for the one connection answer their contract error within the deadline, cost nothing; /readyz not ready in time', async (t) => {
    const r = await withHeldLock({ DSP_STORE_ACQUIRE_TIMEOUT_MS: String(DEADLINE_MS) }, lockOnTheOneConnection, 2)
    t.diagnostic(JSON.stringify(r))
  })
})
