// DSP_CHARGE_WRITE=behind on PostgreSQL: one process owns the ledger (docs/billing.md, "One process
// owning the ledger"). Charges admitted in memory stay exact only while no other process moves
// credits: an advisory lock keeps a `store` process from moving credits while a `behind` one runs,
// and a second `behind` process from starting. Several servers on one PostgreSQL database here
// stand for several processes.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { ConfigError } from '../../src/config.ts'
import { chargeBook } from '../../src/domain/credits/admitted.ts'
import { balance, chargeEntries, chargeWith, expectApiError, sumsMatch } from '../support/credits.ts'
import { expectProblem } from '../support/http.ts'
import { startTestServer, usingPostgres, type TestServer } from '../support/server.ts'

const postgres = {
  skip: usingPostgres()
    ? false
    : 'PostgreSQL only (DSP_TEST_DATABASE_URL): the embedded store has one process by construction',
}

async function spendable(api: TestServer, key: string): Promise<number> {
  return (await balance(api, key)).spendable
}

/** Another process on the same PostgreSQL database. */
const beside = (api: TestServer, mode: 'store' | 'behind') =>
  startTestServer({ DATABASE_URL: api.app.deps.config.DATABASE_URL!, DSP_CHARGE_WRITE: mode })

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25))
  assert.ok(check(), what)
}

describe('DSP_CHARGE_WRITE=behind on PostgreSQL: one process owns the ledger', () => {
  test(
    'the owner admits charges in memory after the store has answered once; figures and the 402 stay exact',
    postgres,
    async () => {
      const api = await startTestServer({ DSP_CHARGE_WRITE: 'behind' })
      try {
        const book = chargeBook(api.app.deps)
        assert.equal(book.mode, 'behind')
        assert.ok(book.ownership?.held, 'the lock is taken at start')
        const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: 1 })
        const admitted = book.stats.admitted
        for (let i = 0; i < 10; i++) assert.equal((await chargeWith(api, key)).credits_charged, 0.1)
        assert.ok(book.stats.admitted - admitted >= 9, 'all but the first admitted in memory')
        const refused = await expectApiError(chargeWith(api, key), 'credits.insufficient')
        assert.equal(refused.options.extra?.available, 0)
        assert.equal(await spendable(api, key), 0)
        assert.equal(await chargeEntries(api, workspace_id), 10, 'reading credits wrote every admitted charge')
        await sumsMatch(api, workspace_id)
      } finally {
        await api.close()
      }
    },
  )

  test(
    'while it runs, a store process moves no credits (503 credits.unavailable, nothing written) and a second owner does not start; once it stops, the store process charges',
    postgres,
    async () => {
      const owner = await startTestServer({ DSP_CHARGE_WRITE: 'behind' })
      let other: TestServer | null = null
      try {
        const { key, workspace_id } = await owner.admin.workspaceWithKey({ credits: 1 })
        assert.equal((await chargeWith(owner, key)).credits_charged, 0.1)
        other = await beside(owner, 'store')
        await expectApiError(chargeWith(other, key), 'credits.unavailable')
        // Over HTTP: any billed call records a run, so even a search that finds nothing is refused.
        const res = await other.post('/v1/search', {
          key,
          body: { query: 'nothing at all here', category: 'company', mode: 'fast' },
        })
        expectProblem(res, 503, 'credits.unavailable')
        await assert.rejects(
          beside(owner, 'behind'),
          (e: unknown) => e instanceof ConfigError && /another process moves credits/.test(e.message),
        )
        // The owner goes on admitting, on figures nobody else moved.
        assert.equal((await chargeWith(owner, key)).credits_charged, 0.1)
        assert.equal(await spendable(owner, key), 0.8)
        await owner.stop()
        assert.equal((await chargeWith(other, key)).credits_charged, 0.1)
        assert.equal(await spendable(other, key), 0.7)
        assert.equal(await chargeEntries(other, workspace_id), 3)
        await sumsMatch(other, workspace_id)
        // Now the store process holds the lock (shared): an owner cannot start.
        await assert.rejects(beside(other, 'behind'), ConfigError)
      } finally {
        await other?.close()
        await owner.close()
      }
    },
  )

  test(
    "the owner's lock lost (its connection killed): nothing is admitted until it is taken again, and then the store decides first",
    postgres,
    async () => {
      const owner = await startTestServer({ DSP_CHARGE_WRITE: 'behind' })
      let other: TestServer | null = null
      try {
        const book = chargeBook(owner.app.deps)
        const { key, workspace_id } = await owner.admin.workspaceWithKey({ credits: 1 })
        await chargeWith(owner, key)
        await chargeWith(owner, key)
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'dsp ledger behind'`.execute(
          owner.app.deps.db,
        )
        await until('the owner notices its lock is gone', () => !book.ownership!.held)
        // Another process may now move credits: the owner's figures no longer count.
        other = await beside(owner, 'store')
        assert.equal((await chargeWith(other, key)).credits_charged, 0.1)
        await expectApiError(chargeWith(owner, key), 'credits.unavailable')
        await other.stop()
        const through = book.stats.through_store
        const admitted = book.stats.admitted
        assert.equal((await chargeWith(owner, key)).credits_charged, 0.1)
        assert.ok(book.ownership!.held, 'the lock is taken again')
        assert.equal(book.stats.through_store - through, 1, "the first charge after the loss is the store's")
        assert.equal(book.stats.admitted, admitted)
        assert.equal((await chargeWith(owner, key)).credits_charged, 0.1)
        assert.equal(book.stats.admitted - admitted, 1, 'then admitted again')
        assert.equal(await spendable(owner, key), 0.5)
        assert.equal(await chargeEntries(owner, workspace_id), 5)
        await sumsMatch(owner, workspace_id)
      } finally {
        await other?.close()
        await owner.close()
      }
    },
  )
})
