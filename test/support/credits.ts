// Charges and ledger checks as the credits tests make them: a charge at the metering module's
// boundary on the real server's store, balances over HTTP, and the ledger's own sums.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { verifyApiKey } from '../../src/domain/api-keys.ts'
import { chargeCall, type ChargeInput } from '../../src/domain/credits/metering.ts'
import { ApiError } from '../../src/errors.ts'
import * as ledgerStore from '../../src/store/ledger.ts'
import { expectStatus } from './http.ts'
import type { TestServer } from './server.ts'

/** A fast search's five results (0.1 credit on a live key), unless `input` says otherwise. */
export async function chargeWith(api: TestServer, key: string, input: Partial<ChargeInput> = {}) {
  const credential = await verifyApiKey(api.app.deps, key)
  return chargeCall(
    api.app.deps,
    { credential, request_id: 'req_' + randomUUID() },
    {
      action_type: 'dsp.search.fast',
      positions: [0, 1, 2, 3, 4],
      scope: null,
      query: 'test query',
      request: { query: 'test query' },
      result_count: 5,
      snapshot_state: 'not_a_search',
      ...input,
    },
  )
}

/** GET /v1/credits with `key`: its body. */
export async function balance(api: TestServer, key: string) {
  const res = await api.get('/v1/credits', { key })
  expectStatus(res, 200)
  return res.body
}

/** The allocated account's row equals the sums of its ledger entries. */
export async function sumsMatch(api: TestServer, workspace_id: string) {
  const acct = await ledgerStore.sumEntries(api.app.deps.db, `${workspace_id}:allocated`)
  const [row] = await ledgerStore.findAccounts(api.app.deps.db, [`${workspace_id}:allocated`])
  assert.equal(Number(acct.balance_milli), row!.balance_milli)
  assert.equal(Number(acct.reserved_milli), row!.reserved_milli)
}

/** The charge entries of the workspace's allocated account. */
export async function chargeEntries(api: TestServer, workspace_id: string): Promise<number> {
  return Number(
    (
      await sql<{
        n: string
      }>`select count(*) as n from ledger_entries where account_id = ${workspace_id + ':allocated'} and kind = 'charge'`.execute(
        api.app.deps.db,
      )
    ).rows[0]!.n,
  )
}

export async function expectApiError(p: Promise<unknown>, code: string): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e))
    assert.equal(e.code, code)
    return e
  }
  assert.fail(`expected ${code}`)
}
