// A billed load over HTTP for the store-fault tests (test/faults) and the multi-process deployment
// test (scripts/deploy-test.mjs): workers calling search, lookup, credits, lists, feedback and
// usage routes with one live key while a fault is applied (or processes are killed), every answer
// kept; then the checks every fault test makes: each answer a success or its route's contract
// outage (problem+json with Retry-After), every call after recovery a success, and the money told
// four ways agreeing.
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { ADMIN_TOKEN, type TestServer } from './server.ts'
import { expectStatus, type Res } from './http.ts'

/** Thousandths of a credit, as the ledger keeps them. */
const milli = (credits: number) => Math.round(credits * 1000)

/** NDJSON of companies at these domains, all of which a fast search for "cloud software" finds. */
export function cloudCompaniesNdjson(domains: string[]): string {
  return (
    domains
      .map((domain, i) =>
        JSON.stringify({
          account_name: `Cloud Software ${i}`,
          domain,
          description: `Cloud software and data platform number ${i} for analytics teams`,
          industry: 'Software',
        }),
      )
      .join('\n') + '\n'
  )
}

/** A small corpus any fast search for "cloud software" finds (the fault tests need no demo corpus). */
export async function ingestCompanies(api: TestServer, n = 30): Promise<string[]> {
  const domains = Array.from({ length: n }, (_, i) => `cloud-${i}.example`)
  const res = await api.request('POST', '/admin/v1/corpus/company', {
    rawBody: cloudCompaniesNdjson(domains),
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
  })
  expectStatus(res, 200)
  assert.equal(res.body.upserted, n)
  return domains
}

export interface Call {
  name: string
  billed: boolean
  /** 2xx statuses of a success. */
  ok: number[]
  /** The contract codes a store outage may answer on this route (auth.unavailable always may). */
  outage: string[]
  run: () => Promise<Res>
}

export function billedCalls(api: TestServer, key: string, domains: string[]): Call[] {
  return [
    {
      name: 'search',
      billed: true,
      ok: [200],
      outage: ['upstream.unavailable', 'upstream.timeout', 'credits.unavailable'],
      run: () => api.post('/v1/search', { key, body: { query: 'cloud software', mode: 'fast', limit: 5 } }),
    },
    {
      name: 'lookup',
      billed: true,
      ok: [200],
      outage: ['upstream.unavailable', 'upstream.timeout', 'credits.unavailable'],
      run: () => api.post('/v1/entities/companies', { key, body: { ids: domains.slice(0, 3), by: 'domain' } }),
    },
    {
      name: 'credits',
      billed: false,
      ok: [200],
      outage: ['credits.unavailable'],
      run: () => api.get('/v1/credits', { key }),
    },
    {
      name: 'lists',
      billed: false,
      ok: [201],
      outage: ['lists.unavailable'],
      run: () => api.post('/v1/lists', { key, body: { name: 'Under load' } }),
    },
    {
      name: 'feedback',
      billed: false,
      ok: [200, 201],
      outage: ['feedback.unavailable'],
      run: () =>
        api.put('/v1/feedback/votes', {
          key,
          body: { request_id: 'req_underload', level: 'result_set', entity_category: 'company', vote: 'like' },
        }),
    },
    {
      name: 'history',
      billed: false,
      ok: [200],
      outage: ['credits.unavailable'],
      run: () => api.get('/v1/usage/history', { key, query: { limit: 5 } }),
    },
    {
      name: 'key usage',
      billed: false,
      ok: [200],
      outage: ['credits.unavailable'],
      run: () => api.get('/v1/keys/usage', { key, query: { granularity: 'total' } }),
    },
  ]
}

export interface Answer {
  call: Call
  res: Res
  ms: number
}

/** Runs `workers` loops over `calls` until `during` has finished and `settleMs` more have passed. */
export async function underLoad(
  calls: Call[],
  during: () => Promise<void>,
  { workers = 6, warmupMs = 600, settleMs = 600 } = {},
): Promise<Answer[]> {
  const answers: Answer[] = []
  let stop = false
  const loop = async (w: number) => {
    for (let i = w; !stop; i++) {
      const call = calls[i % calls.length]!
      const t0 = performance.now()
      const res = await call.run()
      answers.push({ call, res, ms: performance.now() - t0 })
    }
  }
  const running = Array.from({ length: workers }, (_, w) => loop(w))
  try {
    await new Promise((r) => setTimeout(r, warmupMs))
    await during()
    await new Promise((r) => setTimeout(r, settleMs))
  } finally {
    stop = true
    await Promise.all(running)
  }
  return answers
}

/** Every answer is a success or its route's contract outage, as problem+json with Retry-After: never a 500. */
export function expectContractAnswers(answers: Answer[]): { failed: number; codes: Record<string, number> } {
  let failed = 0
  const codes: Record<string, number> = {}
  for (const { call, res } of answers) {
    if (call.ok.includes(res.status)) continue
    failed++
    const seen = `${call.name} ${res.status} ${res.body?.code}`
    codes[seen] = (codes[seen] ?? 0) + 1
    const allowed = [...call.outage, 'auth.unavailable']
    assert.ok(
      [503, 504].includes(res.status) && allowed.includes(res.body?.code),
      `${call.name}: expected ${call.ok.join('/')} or one of ${allowed.join(', ')}, got ${res.status}: ${res.text.slice(0, 500)}`,
    )
    assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, call.name)
    assert.equal(res.headers.get('retry-after'), '5', `${call.name}: Retry-After`)
    assert.equal(res.body.status, res.status)
  }
  return { failed, codes }
}

/** Polls /readyz until ready; the milliseconds it took. */
export async function untilReady(api: TestServer, limitMs = 30_000): Promise<number> {
  const t0 = performance.now()
  for (;;) {
    if ((await api.get('/readyz')).status === 200) return Math.round(performance.now() - t0)
    assert.ok(performance.now() - t0 < limitMs, `not ready again within ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Every call succeeds, `rounds` times over, some of them at once. */
export async function expectAllSucceed(calls: Call[], rounds = 3): Promise<Answer[]> {
  const answers: Answer[] = []
  for (let r = 0; r < rounds; r++) {
    await Promise.all(
      calls.map(async (call) => {
        const t0 = performance.now()
        const res = await call.run()
        assert.ok(call.ok.includes(res.status), `${call.name} after recovery: ${res.status}: ${res.text.slice(0, 500)}`)
        answers.push({ call, res, ms: performance.now() - t0 })
      }),
    )
  }
  return answers
}

/**
 * What one key's workspace was charged, read over HTTP three ways (thousandths of a credit): the
 * usage history's runs, the key's usage, and the balance's drop from `grantedCredits`. `get` sends
 * a GET with the key (through any API process).
 */
export async function moneyOverHttp(
  get: (path: string, query: Record<string, string | number>) => Promise<Pick<Res, 'status' | 'body'>>,
  grantedCredits: number,
): Promise<{ history: number; keyUsage: number; balanceDrop: number }> {
  let history = 0
  let cursor: string | undefined
  do {
    const page = await get('/v1/usage/history', { limit: 100, ...(cursor ? { cursor } : {}) })
    assert.equal(page.status, 200, JSON.stringify(page.body))
    for (const run of page.body.results as { credits_charged: number }[]) history += milli(run.credits_charged)
    cursor = page.body.next_cursor ?? undefined
  } while (cursor)
  const usage = await get('/v1/keys/usage', { granularity: 'total' })
  assert.equal(usage.status, 200, JSON.stringify(usage.body))
  const keyUsage = (usage.body.buckets as { credits: number }[]).reduce((s, b) => s + milli(b.credits), 0)
  const credits = await get('/v1/credits', {})
  assert.equal(credits.status, 200, JSON.stringify(credits.body))
  return { history, keyUsage, balanceDrop: milli(grantedCredits) - milli(credits.body.spendable as number) }
}

/**
 * The money told four ways agrees: what the clients were told they were charged (meta.credits_charged
 * of every billed 200), the ledger's charge entries, the usage history's runs and the key's usage;
 * and the balance fell by exactly that much from `grantedCredits`.
 */
export async function expectMoneyAgrees(
  api: TestServer,
  key: string,
  workspace_id: string,
  grantedCredits: number,
  answers: Answer[],
): Promise<number> {
  const told = answers
    .filter((a) => a.call.billed && a.res.status === 200)
    .reduce((s, a) => s + milli(a.res.body.meta.credits_charged as number), 0)
  const {
    history,
    keyUsage,
    balanceDrop: drop,
  } = await moneyOverHttp((path, query) => api.get(path, { key, query }), grantedCredits)
  // Last: the reads above write what trails the answers first (docs/architecture-store.md "Writes after the response").
  const ledger = Number(
    (
      await sql<{ n: string }>`select coalesce(-sum(amount_milli), 0) as n from ledger_entries
        where workspace_id = ${workspace_id} and kind = 'charge'`.execute(api.app.deps.db)
    ).rows[0]!.n,
  )
  assert.ok(told > 0, 'the load charged something')
  assert.deepEqual(
    { ledger, history, keyUsage, balanceDrop: drop },
    { ledger: told, history: told, keyUsage: told, balanceDrop: told },
    'ledger, usage history, key usage and balance agree with what the clients were told',
  )
  return told
}
