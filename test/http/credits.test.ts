// Credits ledger and metering (contract §2.4, §2.6, §3.2, §4.10, §7, §8). Charges are billed fast
// searches (POST /v1/search, 0.02 credits a row) of companies seeded through the admin corpus
// route (test/support/credits.ts), observed over HTTP: /v1/credits, /v1/usage/history. Three tests
// charge at the metering module itself, for what no route charges: an action without a pricing
// row, block prices over pages of odd sizes, and what the store holds as chargeCall returns.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { verifyApiKey } from '../../src/domain/api-keys.ts'
import { closeHold, placeHold } from '../../src/domain/credits/holds.ts'
import { chargeCall, finishCharge, pendingRun } from '../../src/domain/credits/metering.ts'
import type { Credential } from '../../src/domain/types.ts'
import * as usage from '../../src/store/usage.ts'
import { sql } from 'kysely'
import pg from 'pg'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import {
  balance,
  billedSearch,
  chargeEntries,
  chargeWith,
  expectApiError,
  searched,
  SEED_WORDS,
  seedCompanies,
  sumsMatch,
} from '../support/credits.ts'
import { startTestServer, usingPostgres, useTestServer } from '../support/server.ts'

const server = useTestServer()

describe('GET /v1/credits', () => {
  test('platform scope: allocated, shared reported separately, spendable never includes shared', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10, shared_credits: 50 })
    const res = await api.get('/v1/credits', { key })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.equal(res.body.scope, 'platform')
    assert.equal(res.body.spendable, 10)
    assert.equal(res.body.shared.remaining, 50)
    assert.equal(typeof res.body.platform, 'string')
    assert.ok(!Number.isNaN(Date.parse(res.body.as_of)))
  })

  test('a workspace without an allocation of its own: tenant_wide_fallback, allocated and shared null', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace({ shared_credits: 7 })
    const key = await api.admin.createKey(ws.workspace_id)
    const body = await balance(api, key.secret)
    assert.equal(body.scope, 'tenant_wide_fallback')
    assert.equal(body.allocated, null)
    assert.equal(body.shared, null)
    assert.equal(body.spendable, 7)
  })

  test('amounts keep three decimals exactly', async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 0.001 })
    await api.admin.grant(workspace_id, 2.125)
    await api.admin.grant(workspace_id, 1.02)
    assert.equal((await balance(api, key)).spendable, 3.146)
  })
})

describe('charging', () => {
  test('a live charge moves the balance and records a run in history', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const c = await searched(api, key)
    assert.equal(c.credits_charged, 0.1)
    assert.equal((await balance(api, key)).spendable, 9.9)
    const h = await api.get('/v1/usage/history', { key })
    expectStatus(h, 200)
    assert.equal(h.body.results.length, 1)
    assert.equal(h.body.results[0].credits_charged, 0.1)
    assert.equal(h.body.results[0].action_type, 'dsp.search.fast')
    assert.equal(h.body.results[0].result_count, 5)
  })

  test('a test key is charged 0 and otherwise behaves the same', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1, environment: 'test' })
    const c = await searched(api, key, { limit: 100 })
    assert.equal(c.credits_charged, 0)
    assert.equal((await balance(api, key)).spendable, 1)
    const h = await api.get('/v1/usage/history', { key })
    assert.equal(h.body.results[0].environment, 'test')
  })

  test('insufficient balance → 402 with available, required, action_type; nothing charged or recorded', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 0.05 })
    const res = await billedSearch(api, key)
    expectProblem(res, 402, 'credits.insufficient')
    assert.ok(!('results' in res.body))
    assert.deepEqual(res.body.extra, { available: 0.05, required: 0.1, action_type: 'dsp.search.fast' })
    assert.equal((await balance(api, key)).spendable, 0.05)
    assert.equal((await api.get('/v1/usage/history', { key })).body.results.length, 0)
  })

  test('402 names shared credits that cannot be used here', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 0, shared_credits: 500 })
    const res = await billedSearch(api, key)
    expectProblem(res, 402, 'credits.insufficient')
    assert.equal(res.body.extra.unrestricted_not_usable, 500)
  })

  // No route charges an action without a pricing row: made at the metering module.
  test('an action without a pricing row → credits.unknown_action (500), nothing charged', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const e = await expectApiError(chargeWith(api, key, { action_type: 'dsp.teleport' }), 'credits.unknown_action')
    assert.equal(e.status, 500)
    assert.equal((await balance(api, key)).spendable, 10)
  })

  test('ledger unreachable → credits.unavailable (fail closed), nothing charged', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    await searched(api, key) // warm the key cache so only the ledger is down
    await api.admin.fault('ledger', 'down')
    try {
      const res = await billedSearch(api, key)
      expectProblem(res, 503, 'credits.unavailable')
      assert.ok(!('results' in res.body))
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal((await balance(api, key)).spendable, 9.9)
  })

  test('no results cost 0', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    await searched(api, key) // the seeded companies, none of which has this many employees
    const res = await api.post('/v1/search', {
      key,
      body: {
        query: SEED_WORDS[0],
        mode: 'fast',
        category: 'company',
        filters: { employee_count: { min: 1_000_000 } },
      },
    })
    expectStatus(res, 200)
    assert.equal(res.body.results.length, 0)
    assert.equal(res.body.meta.credits_charged, 0)
    assert.equal((await balance(api, key)).spendable, 9.9)
  })

  // Pages of odd sizes (10, 10, 5, then 5 already paid) in one chain: made at the metering module.
  test('relationships pricing: 2 credits for the first 10 results, then 1 per further 10, each block once', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const scope = 'chain:' + randomUUID()
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)
    assert.equal(
      (await chargeWith(api, key, { action_type: 'dsp.relationships', positions: page(0, 10), scope })).credits_charged,
      2,
    )
    assert.equal(
      (await chargeWith(api, key, { action_type: 'dsp.relationships', positions: page(10, 10), scope }))
        .credits_charged,
      1,
    )
    assert.equal(
      (await chargeWith(api, key, { action_type: 'dsp.relationships', positions: page(20, 5), scope })).credits_charged,
      1,
    )
    assert.equal(
      (await chargeWith(api, key, { action_type: 'dsp.relationships', positions: page(25, 5), scope })).credits_charged,
      0,
      'block 3 was already charged',
    )
    assert.equal(
      (await chargeWith(api, key, { action_type: 'dsp.relationships', positions: page(0, 25) })).credits_charged,
      4,
      'a fresh request: 2 + 1 + 1',
    )
  })

  test('page size does not change the total charged for the same rows', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    // Five pages of 10 through the cursor, then the same 50 rows as one page of a new search.
    let smallPages = 0
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const p = await searched(api, key, { limit: 10, cursor })
      smallPages += p.credits_charged
      cursor = p.body.next_cursor
    }
    const big = (await searched(api, key, { limit: 50 })).credits_charged
    assert.equal(Math.round(smallPages * 1000), Math.round(big * 1000))
    assert.equal(big, 1)
  })
})

describe('Idempotency-Key on billed routes (§4.10)', () => {
  const retry = (key: string) => ({ 'idempotency-key': key })

  test('same key, same body, same credential, same UTC day: rows already charged cost 0; another body is a new request', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    assert.equal((await searched(api, key, { headers: retry('retry-1') })).credits_charged, 0.1)
    assert.equal((await searched(api, key, { headers: retry('retry-1') })).credits_charged, 0)
    const other = await searched(api, key, { query: SEED_WORDS[1], headers: retry('retry-1') })
    assert.equal(other.credits_charged, 0.1)
    assert.equal((await balance(api, key)).spendable, 9.8)
  })

  test('the same key on the next UTC day is a new request', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    assert.equal((await searched(api, key, { headers: retry('k') })).credits_charged, 0.1)
    await api.admin.withClock(86_400, async () => {
      assert.equal((await searched(api, key, { headers: retry('k') })).credits_charged, 0.1)
    })
  })

  test('another credential with the same key and body is a new request', async () => {
    const api = await server()
    const a = await api.admin.workspaceWithKey({ credits: 10 })
    const keyB = await api.admin.createKey(a.workspace_id)
    assert.equal((await searched(api, a.key, { headers: retry('k') })).credits_charged, 0.1)
    assert.equal((await searched(api, keyB.secret, { headers: retry('k') })).credits_charged, 0.1)
  })

  test('retried concurrently under one key, the rows are charged once', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const results = await Promise.all(Array.from({ length: 12 }, () => searched(api, key, { headers: retry('burst') })))
    const total = results.reduce((s, r) => s + r.credits_charged, 0)
    assert.equal(Math.round(total * 1000), 100)
    assert.equal((await balance(api, key)).spendable, 9.9)
  })
})

describe('concurrency', () => {
  test('many concurrent charges never overspend; the account equals the sum of its entries', async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 2 })
    const attempts = 40 // each 0.1 credit: exactly 20 fit
    await seedCompanies(api)
    const answers = await Promise.all(Array.from({ length: attempts }, () => billedSearch(api, key)))
    assert.equal(answers.filter((r) => r.status === 200).length, 20)
    assert.equal(answers.filter((r) => r.status === 402 && r.body.code === 'credits.insufficient').length, 20)
    const body = await balance(api, key)
    assert.equal(body.spendable, 0)
    await sumsMatch(api, workspace_id)
  })
})

describe('one durable money path: every charge is committed in the store before its answer', () => {
  // What the store holds as chargeCall returns, before its closing: observable only at the module.
  test('the run, its history detail, its unit claims and its ledger entry are written by one transaction, before chargeCall returns', async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 10 })
    const credential = await verifyApiKey(api.app.deps, key)
    const snapshot = { results: [{ id: 'acme.com', category: 'company', score: 0.9 }] }
    const made = await chargeCall(
      api.app.deps,
      { credential, request_id: 'req_' + randomUUID() },
      {
        action_type: 'dsp.search.fast',
        positions: [0],
        scope: null,
        query: 'acme',
        request: { body: { query: 'acme' } },
        plan: { mode: 'fast' },
        result_count: 1,
        snapshot,
        snapshot_state: 'available',
      },
    )
    // In the store as the call returns, before any queue is written: one row version, written by
    // the transaction that wrote the ledger entry, detail included.
    const row = await sql<{
      same: boolean
      deflated: boolean
      status: string
    }>`select r.xmin::text = e.xmin::text as same, r.snapshot_deflated is not null as deflated, r.status from usage_runs r join ledger_entries e on e.run_id = r.id where r.id = ${made.run_id}`.execute(
      api.app.deps.db,
    )
    assert.deepEqual(row.rows[0], { same: true, deflated: true, status: 'pending' })
    assert.equal(await chargeEntries(api, workspace_id), 1)
    // Its closing follows the answer; history reads it closed, with the detail.
    finishCharge(api.app.deps, made.run_id, true, 12.4)
    const res = await api.get(`/v1/usage/history/${made.run_id}`, { key })
    expectStatus(res, 200)
    assert.equal(res.body.status, 'ok')
    assert.equal(res.body.latency_ms, 12)
    assert.equal(res.body.credits_charged, 0.02)
    assert.deepEqual(res.body.request, { body: { query: 'acme' } })
    assert.deepEqual(res.body.plan, { mode: 'fast' })
    assert.deepEqual(res.body.snapshot, snapshot)
  })

  test('exact at the edge with many concurrent charges; the 402 names what is left', async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 2 })
    await seedCompanies(api)
    const answers = await Promise.all(Array.from({ length: 40 }, () => billedSearch(api, key)))
    assert.equal(answers.filter((r) => r.status === 200).length, 20)
    const refused = answers.filter((r) => r.status !== 200)
    assert.equal(refused.length, 20)
    for (const r of refused) {
      expectProblem(r, 402, 'credits.insufficient')
      assert.equal(r.body.extra.available, 0)
    }
    assert.equal((await balance(api, key)).spendable, 0)
    assert.equal(await chargeEntries(api, workspace_id), 20)
    await sumsMatch(api, workspace_id)
  })

  test('a hold, a grant and charges interleave exactly', async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 1 })
    const credential = await verifyApiKey(api.app.deps, key)
    for (let i = 0; i < 9; i++) await searched(api, key)
    // 0.1 left: a hold of 0.2 is refused with the exact figure, one of 0.1 fits.
    const e = await expectApiError(
      placeHold(api.app.deps, credential, 200, 'dsp.agent.run.low'),
      'credits.insufficient',
    )
    assert.equal((e.options.extra as { available: number }).available, 0.1)
    const hold = await placeHold(api.app.deps, credential, 100, 'dsp.agent.run.low')
    expectProblem(await billedSearch(api, key), 402, 'credits.insufficient')
    await closeHold(api.app.deps, hold, null)
    assert.equal((await searched(api, key)).credits_charged, 0.1)
    await api.admin.grant(workspace_id, 1)
    assert.equal((await searched(api, key)).credits_charged, 0.1)
    assert.equal((await balance(api, key)).spendable, 0.9)
    await sumsMatch(api, workspace_id)
  })

  test('the charge commits with synchronous_commit on: no setting makes it wait for less', async () => {
    const api = await server()
    const r = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(api.app.deps.db)
    assert.equal(r.rows[0]!.synchronous_commit, 'on')
    assert.equal('DSP_CHARGE_COMMIT' in api.app.deps.config, false)
    assert.equal('DSP_CHARGE_WRITE' in api.app.deps.config, false)
  })

  test(
    'a unit claimed by another transaction while the charge decides is not paid twice (PostgreSQL)',
    { skip: usingPostgres() ? false : 'needs a second connection to the store' },
    async () => {
      // dsp_charge reads the scope's unclaimed units, then claims them (migration 0019); a claim
      // another transaction holds uncommitted meanwhile makes this charge wait, then skip that unit
      // and pay only for the ones it claimed.
      const api = await server()
      const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 10 })
      const scope = 'once:' + randomUUID()
      const other = new pg.Client({ connectionString: api.app.deps.config.DATABASE_URL })
      await other.connect()
      try {
        await other.query('begin')
        await other.query(`insert into charged_units (scope, unit, run_id, created_at) values ($1, '0', 0, now())`, [
          scope,
        ])
        const charging = usage.chargeRun(api.app.deps.db, {
          workspace_id,
          run: pendingRun(
            { workspace_id, key_id: null, user_id: null, kind: 'api_key', environment: 'live' } as Credential,
            new Date(),
            {
              action_type: 'dsp.search.fast',
              query: null,
              request_id: 'req_' + randomUUID(),
              request: null,
              snapshot_state: 'not_recorded',
            },
          ),
          scope,
          units: ['0', '1'],
          unitPrices: [100, 100],
          flatMilli: null,
          live: true,
          now: new Date(),
          key_id: null,
          user_id: null,
          action_type: 'dsp.search.fast',
        })
        // The charge waits on the uncommitted claim of unit 0 until the other transaction commits.
        await new Promise((r) => setTimeout(r, 200))
        await other.query('commit')
        const r = await charging
        assert.equal(r.outcome, 'charged')
        assert.equal(r.fresh_units, 1)
        assert.equal(r.price_milli, 100)
        assert.equal((await balance(api, key)).spendable, 9.9)
        await sumsMatch(api, workspace_id)
      } finally {
        await other.end()
      }
    },
  )

  test('closing the server writes the run closings it queued', async () => {
    const first = await startTestServer()
    let api = first
    try {
      const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 1 })
      // The route queues its run's closing as it answers (written 50 ms later); the restart follows at once.
      await searched(api, key)
      api = await first.restart()
      assert.equal(await chargeEntries(api, workspace_id), 1)
      const [run] = (await api.get('/v1/usage/history', { key })).body.results
      const res = await api.get(`/v1/usage/history/${run.id}`, { key })
      expectStatus(res, 200)
      assert.equal(res.body.status, 'ok')
    } finally {
      await api.close()
    }
  })
})

describe('holds (agent runs)', () => {
  test('a hold shows as allocated.reserved and lowers spendable; settlement charges the tier and releases the rest', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const credential = await verifyApiKey(api.app.deps, key)
    const hold = await placeHold(api.app.deps, credential, 85_000, 'dsp.agent.run.xhigh')
    let b = await balance(api, key)
    assert.equal(b.allocated.reserved, 85)
    assert.equal(b.allocated.remaining, 100)
    assert.equal(b.spendable, 15)
    const out = await closeHold(api.app.deps, hold, 8_500)
    assert.deepEqual(out, { state: 'settled', charged_milli: 8500 })
    assert.deepEqual(await closeHold(api.app.deps, hold, 85_000), out, 'closing twice changes nothing')
    b = await balance(api, key)
    assert.equal(b.allocated.reserved, 0)
    assert.equal(b.allocated.remaining, 91.5)
  })

  test('a hold the balance cannot cover → credits.insufficient; a lapsed hold is never charged', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const credential = await verifyApiKey(api.app.deps, key)
    await expectApiError(placeHold(api.app.deps, credential, 85_000, 'dsp.agent.run.xhigh'), 'credits.insufficient')
    const hold = await placeHold(api.app.deps, credential, 8_500, 'dsp.agent.run.medium')
    await api.admin.advanceClock(35 * 60)
    try {
      assert.deepEqual(await closeHold(api.app.deps, hold, 8_500), { state: 'lapsed' })
    } finally {
      await api.admin.resetClock()
    }
    const b = await balance(api, key)
    assert.equal(b.allocated.remaining, 10)
    assert.equal(b.allocated.reserved, 0)
  })

  test('a hold stops counting against spendable the instant it lapses, before any job closes it', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const credential = await verifyApiKey(api.app.deps, key)
    const hold = await placeHold(api.app.deps, credential, 8_500, 'dsp.agent.run.medium')
    assert.equal((await balance(api, key)).spendable, 1.5)
    // The test clock moves with real time too: a minute's margin, so a slow machine cannot cross it.
    await api.admin.advanceClock(35 * 60 - 60)
    try {
      assert.equal((await balance(api, key)).spendable, 1.5, 'a minute before it lapses, the hold still counts')
      await api.admin.advanceClock(60)
      const b = await balance(api, key)
      assert.equal(b.allocated.reserved, 0)
      assert.equal(b.spendable, 10)
      // The store's charge sees the same: a page of 100 rows (2 credits, more than the 1.5 the hold left) fits.
      assert.equal((await searched(api, key, { limit: 100 })).credits_charged, 2)
      // And a new hold too.
      await placeHold(api.app.deps, credential, 100, 'dsp.agent.run.minimal')
      const row = await api.app.deps.db
        .selectFrom('credit_holds')
        .select('status')
        .where('id', '=', hold)
        .executeTakeFirstOrThrow()
      assert.equal(row.status, 'open', 'no job closed the lapsed hold meanwhile')
    } finally {
      await api.admin.resetClock()
    }
  })

  test('the spendable a client reads is what a refused charge and a refused hold report, on both pools', async () => {
    const api = await server()
    for (const pool of ['platform', 'tenant_wide_fallback'] as const) {
      const key =
        pool === 'platform'
          ? (await api.admin.workspaceWithKey({ credits: 10, shared_credits: 3 })).key
          : (await api.admin.createKey((await api.admin.createWorkspace({ shared_credits: 10 })).workspace_id)).secret
      const credential = await verifyApiKey(api.app.deps, key)
      await placeHold(api.app.deps, credential, 8_500, 'dsp.agent.run.medium')
      await searched(api, key, { limit: 3 })
      const read = await balance(api, key)
      assert.equal(read.scope, pool)
      assert.equal(read.spendable, 1.44, `${pool}: 10 − 8.5 held − 0.06 charged`)
      const refusedCharge = await billedSearch(api, key, { limit: 100 })
      expectProblem(refusedCharge, 402, 'credits.insufficient')
      assert.equal(
        refusedCharge.body.extra.available,
        read.spendable,
        `${pool}: the refused charge saw the same spendable`,
      )
      const refusedHold = await expectApiError(
        placeHold(api.app.deps, credential, 8_500, 'dsp.agent.run.medium'),
        'credits.insufficient',
      )
      assert.equal(
        refusedHold.options.extra?.available,
        read.spendable,
        `${pool}: the refused hold saw the same spendable`,
      )
      assert.equal(refusedHold.options.extra?.unrestricted_not_usable, pool === 'platform' ? 3 : undefined)
    }
  })

  test('the expire-holds job releases lapsed holds', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const credential = await verifyApiKey(api.app.deps, key)
    await placeHold(api.app.deps, credential, 2_125, 'dsp.agent.run.low')
    assert.equal((await balance(api, key)).allocated.reserved, 2.125)
    await api.admin.advanceClock(36 * 60)
    try {
      const r = await api.admin.raw('POST', '/admin/v1/jobs/credits.expire_holds', undefined, {
        'x-admin-token': (await import('../support/server.ts')).ADMIN_TOKEN,
      })
      expectStatus(r, 200)
      assert.ok(r.body.affected >= 1)
    } finally {
      await api.admin.resetClock()
    }
    assert.equal((await balance(api, key)).allocated.reserved, 0)
  })
})

describe('credits outage on free account routes', () => {
  test('GET /v1/credits and /v1/keys/usage answer 503 credits.unavailable when the ledger is down', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await balance(api, key)
    await api.admin.fault('ledger', 'down')
    try {
      expectProblem(await api.get('/v1/credits', { key }), 503, 'credits.unavailable')
      expectProblem(await api.get('/v1/keys/usage', { key }), 503, 'credits.unavailable')
    } finally {
      await api.admin.clearFaults()
    }
  })
})
