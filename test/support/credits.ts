// Charges and ledger checks as the credits tests make them: billed routes over HTTP on seeded
// companies (and, for what no route charges, a charge at the metering module's boundary on the real
// server's store), balances over HTTP, and the ledger's own sums.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { verifyApiKey } from '../../src/domain/api-keys.ts'
import { chargeCall, type ChargeInput } from '../../src/domain/credits/metering.ts'
import { ApiError } from '../../src/errors.ts'
import * as ledgerStore from '../../src/store/ledger.ts'
import { expectStatus } from './http.ts'
import type { TestServer } from './server.ts'

/**
 * The companies the billed routes answer with: SEEDED_COMPANIES of them, seeded once per server
 * through POST /admin/v1/corpus/company. Each description holds every word of SEED_WORDS, so a
 * fast search for any one of them finds every company, and a page of `limit` rows delivers
 * exactly `limit` (0.02 credits each on a live key: 0.1 for five).
 */
export const SEEDED_COMPANIES = 120
export const SEED_WORDS = ['payments', 'ledger', 'banking', 'treasury', 'invoices', 'payroll'] as const
export const seededDomain = (i: number) => `ledgerline-${String(i).padStart(3, '0')}.example`
const seeded = new WeakMap<TestServer, Promise<unknown>>()

export function seedCompanies(api: TestServer): Promise<unknown> {
  let done = seeded.get(api)
  if (!done) {
    done = api.admin.ingest(
      'company',
      Array.from({ length: SEEDED_COMPANIES }, (_, i) => ({
        account_name: `Ledgerline ${i}`,
        domain: seededDomain(i),
        description: `${SEED_WORDS.join(' ')} software for finance teams`,
        employee_count: 10 + i,
      })),
    )
    seeded.set(api, done)
  }
  return done
}

/**
 * A billed fast search through POST /v1/search of the seeded companies: `limit` rows (5 unless
 * told), the words `query` (a SEED_WORDS word). The answer as the client sees it, 200 or not.
 */
export async function billedSearch(
  api: TestServer,
  key: string,
  opts: { query?: string; limit?: number; cursor?: string; headers?: Record<string, string> } = {},
) {
  await seedCompanies(api)
  const body = {
    query: opts.query ?? SEED_WORDS[0],
    mode: 'fast',
    category: 'company',
    limit: opts.limit ?? 5,
    ...(opts.cursor ? { cursor: opts.cursor } : {}),
  }
  const res = await api.post('/v1/search', { key, body, headers: opts.headers })
  if (res.status === 200) assert.equal(res.body.results.length, body.limit, 'a full page of seeded companies')
  return res
}

/** billedSearch answered 200: its request_id and what it charged. */
export async function searched(api: TestServer, key: string, opts: Parameters<typeof billedSearch>[2] = {}) {
  const res = await billedSearch(api, key, opts)
  expectStatus(res, 200)
  return {
    request_id: res.body.meta.request_id as string,
    credits_charged: res.body.meta.credits_charged as number,
    body: res.body,
  }
}

/** A billed entity lookup (POST /v1/entities/companies, dsp.entities) of the first `n` seeded companies. */
export async function lookedUp(api: TestServer, key: string, n: number) {
  await seedCompanies(api)
  const res = await api.post('/v1/entities/companies', {
    key,
    body: { ids: Array.from({ length: n }, (_, i) => seededDomain(i)), by: 'domain' },
  })
  expectStatus(res, 200)
  return res
}

/** The charge of a fast search's five results at the metering module itself, unless `input` says otherwise: for what no route charges. */
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
