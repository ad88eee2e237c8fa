// DSP_CHARGE_WRITE=behind on PostgreSQL: one process owns the ledger (docs/billing.md, "One process
// owning the ledger"). Charges admitted in memory stay exact only while no other process moves
// credits: an advisory lock keeps a `store` process from moving credits while a `behind` one runs,
// and a second `behind` process from starting. Several servers on one PostgreSQL database here
// stand for several processes.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { ConfigError } from '../../src/config.ts'
import { verifyApiKey } from '../../src/domain/api-keys.ts'
import { chargeBook } from '../../src/domain/credits/admitted.ts'
import { chargeCall } from '../../src/domain/credits/metering.ts'
import { ApiError } from '../../src/errors.ts'
import * as ledgerStore from '../../src/store/ledger.ts'
import { expectProblem, expectStatus } from '../support/http.ts'
import { startTestServer, usingPostgres, type TestServer } from '../support/server.ts'

const postgres = { skip: usingPostgres() ? false : 'PostgreSQL only (DSP_TEST_DATABASE_URL): the embedded store has one process by construction' }

/** A fast search's five results: 0.1 credit. */
async function charge(api: TestServer, key: string) {
  const credential = await verifyApiKey(api.app.deps, key)
  return chargeCall(api.app.deps, { credential, request_id: 'req_' + randomUUID() }, {
    action_type: 'dsp.search.fast', positions: [0, 1, 2, 3, 4], scope: null, query: 'q', request: { query: 'q' }, result_count: 5, snapshot_state: 'not_a_search',
  })
}

async function refusedWith(p: Promise<unknown>, code: string): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected ApiError ${code}, got ${String(e)}`)
    assert.equal(e.code, code)
    return e
  }
  assert.fail(`expected ${code}`)
}

async function spendable(api: TestServer, key: string): Promise<number> {
  const res = await api.get('/v1/credits', { key })
  expectStatus(res, 200)
  return (res.body as { spendable: number }).spendable
}

async function chargeEntries(api: TestServer, workspace_id: string): Promise<number> {
  return Number((await sql<{ n: string }>`select count(*) as n from ledger_entries where account_id = ${workspace_id + ':allocated'} and kind = 'charge'`.execute(api.app.deps.db)).rows[0]!.n)
}

/** The allocated account's row equals the sums of its ledger entries. */
async function sumsMatch(api: TestServer, workspace_id: string) {
  const sums = await ledgerStore.sumEntries(api.app.deps.db, `${workspace_id}:allocated`)
  const [row] = await ledgerStore.findAccounts(api.app.deps.db, [`${workspace_id}:allocated`])
  assert.equal(Number(sums.balance_milli), row!.balance_milli)
  assert.equal(Number(sums.reserved_milli), row!.reserved_milli)
}

/** Another process on the same PostgreSQL database. */
const beside = (api: TestServer, mode: 'store' | 'behind') => startTestServer({ DATABASE_URL: api.app.deps.config.DATABASE_URL!, DSP_CHARGE_WRITE: mode })

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25))
  assert.ok(check(), what)
}

describe('DSP_CHARGE_WRITE=behind on PostgreSQL: one process owns the ledger', () => {
  test('the owner admits charges in memory after the store has answered once; figures and the 402 stay exact', postgres, async () => {
    const api = await startTestServer({ DSP_CHARGE_WRITE: 'behind' })
    try {
      const book = chargeBook(api.app.deps)
      assert.equal(book.mode, 'behind')
      assert.ok(book.ownership?.held, 'the lock is taken at start')
      const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 1 })
      const admitted = book.stats.admitted
      for (let i = 0; i < 10; i++) assert.equal((await charge(api, key)).credits_charged, 0.1)
      assert.ok(book.stats.admitted - admitted >= 9, 'all but the first admitted in memory')
      const refused = await refusedWith(charge(api, key), 'credits.insufficient')
      assert.equal(refused.options.extra?.available, 0)
      assert.equal(await spendable(api, key), 0)
      assert.equal(await chargeEntries(api, workspace_id), 10, 'reading credits wrote every admitted charge')
      await sumsMatch(api, workspace_id)
    } finally {
      await api.close()
    }
  })

  test('while it runs, a store process moves no credits (503 credits.unavailable, nothing written) and a second owner does not start; once it stops, the store process charges', postgres, async () => {
    const owner = await startTestServer({ DSP_CHARGE_WRITE: 'behind' })
    let other: TestServer | null = null
    try {
      const { key, workspace_id } = await owner.admin.workspaceWithKey({ credits: 1 })
      assert.equal((await charge(owner, key)).credits_charged, 0.1)
      other = await beside(owner, 'store')
      await refusedWith(charge(other, key), 'credits.unavailable')
      // Over HTTP: any billed call records a run, so even a search that finds nothing is refused.
      const res = await other.post('/v1/search', { key, body: { query: 'nothing at all here', category: 'company', mode: 'fast' } })
      expectProblem(res, 503, 'credits.unavailable')
      await assert.rejects(beside(owner, 'behind'), (e: unknown) => e instanceof ConfigError && /another process moves credits/.test(e.message))
      // The owner goes on admitting, on figures nobody else moved.
      assert.equal((await charge(owner, key)).credits_charged, 0.1)
      assert.equal(await spendable(owner, key), 0.8)
      await owner.stop()
      assert.equal((await charge(other, key)).credits_charged, 0.1)
      assert.equal(await spendable(other, key), 0.7)
      assert.equal(await chargeEntries(other, workspace_id), 3)
      await sumsMatch(other, workspace_id)
      // Now the store process holds the lock (shared): an owner cannot start.
      await assert.rejects(beside(other, 'behind'), ConfigError)
    } finally {
      await other?.close()
      await owner.close()
    }
  })

  test('the owner\'s lock lost (its connection killed): nothing is admitted until it is taken again, and then the store decides first', postgres, async () => {
    const owner = await startTestServer({ DSP_CHARGE_WRITE: 'behind' })
    let other: TestServer | null = null
    try {
      const book = chargeBook(owner.app.deps)
      const { key, workspace_id } = await owner.admin.workspaceWithKey({ credits: 1 })
      await charge(owner, key)
      await charge(owner, key)
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'dsp ledger behind'`.execute(owner.app.deps.db)
      await until('the owner notices its lock is gone', () => !book.ownership!.held)
      // Another process may now move credits: the owner's figures no longer count.
      other = await beside(owner, 'store')
      assert.equal((await charge(other, key)).credits_charged, 0.1)
      await refusedWith(charge(owner, key), 'credits.unavailable')
      await other.stop()
      const through = book.stats.through_store
      const admitted = book.stats.admitted
      assert.equal((await charge(owner, key)).credits_charged, 0.1)
      assert.ok(book.ownership!.held, 'the lock is taken again')
      assert.equal(book.stats.through_store - through, 1, 'the first charge after the loss is the store\'s')
      assert.equal(book.stats.admitted, admitted)
      assert.equal((await charge(owner, key)).credits_charged, 0.1)
      assert.equal(book.stats.admitted - admitted, 1, 'then admitted again')
      assert.equal(await spendable(owner, key), 0.5)
      assert.equal(await chargeEntries(owner, workspace_id), 5)
      await sumsMatch(owner, workspace_id)
    } finally {
      await other?.close()
      await owner.close()
    }
  })
})
