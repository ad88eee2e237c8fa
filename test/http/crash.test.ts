// A charge a client was told about survives a crash of the process (issue 24, docs/billing.md):
// `dsp serve` runs as a real child process under a bounded billed load and is killed with SIGKILL;
// a new process on the same data then reports, to the thousandth of a credit, the same spend in
// the balance, the usage history and the key usage, and it is at least everything clients were
// told they were charged. Calls in flight at the kill may land either way, but consistently.
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { processData, startProcess, type ProcessData, type ServerProcess } from '../support/process.ts'

const COMPANIES = [
  ['Northwind Payments', 'northwind-payments.example', 'Cloud payments platform for online merchants'],
  ['Bluefin Logistics', 'bluefin-logistics.example', 'Freight logistics software for shippers'],
  ['Cobalt Health', 'cobalt-health.example', 'Cloud software for hospitals and clinics'],
  ['Datura Analytics', 'datura-analytics.example', 'Data analytics platform for retailers'],
  ['Evergreen Energy', 'evergreen-energy.example', 'Solar energy software for utilities'],
  ['Fjord Security', 'fjord-security.example', 'Cloud security platform for banks'],
  ['Granite Robotics', 'granite-robotics.example', 'Warehouse robotics and automation software'],
  ['Harbor Payroll', 'harbor-payroll.example', 'Payroll and payments software for small business'],
  ['Iris Learning', 'iris-learning.example', 'Online learning platform for schools'],
  ['Juniper Cloud', 'juniper-cloud.example', 'Cloud hosting platform for developers'],
  ['Kestrel Insurance', 'kestrel-insurance.example', 'Insurance software for brokers'],
  ['Lumen Retail', 'lumen-retail.example', 'Retail analytics and payments platform'],
].map(([account_name, domain, description]) => ({ account_name, domain, description, industry: 'Software' }))

const QUERIES = ['cloud payments', 'software platform', 'analytics', 'cloud software', 'payments', 'logistics software']
const CREDITS = 1000
/** The dearest call of the load: a search of 10 rows (0.02 each) or a lookup of 4 ids (0.02 each). */
const MAX_PRICE_MILLI = 200
const LOAD_WORKERS = 8
/** The kill comes once this many billed calls were answered. */
const ANSWERED_BEFORE_KILL = 80

const milli = (credits: number) => Math.round(credits * 1000)

interface LoadOutcome {
  answered: number
  received_milli: number
  in_flight_at_kill: number
  other: string[]
}

/** Billed calls from LOAD_WORKERS clients until the process is gone. */
async function billedLoad(api: ServerProcess, key: string, killAfter: () => Promise<void>): Promise<LoadOutcome> {
  const outcome: LoadOutcome = { answered: 0, received_milli: 0, in_flight_at_kill: 0, other: [] }
  let killing: Promise<void> | null = null
  let n = 0
  const worker = async () => {
    while (!killing || api.child.exitCode === null) {
      const i = n++
      const call =
        i % 4 === 3
          ? api.post('/v1/entities/companies', {
              key,
              body: { ids: COMPANIES.slice(i % 8, (i % 8) + 4).map((c) => c.domain) },
            })
          : api.post('/v1/search', {
              key,
              body: { mode: 'fast', category: 'company', query: QUERIES[i % QUERIES.length], limit: 1 + (i % 10) },
            })
      let res
      try {
        res = await call
      } catch {
        // No answer: the process died with this call in flight.
        outcome.in_flight_at_kill++
        return
      }
      if (res.status === 200) {
        outcome.answered++
        outcome.received_milli += milli(res.body.meta.credits_charged)
        if (outcome.answered === ANSWERED_BEFORE_KILL) killing = killAfter()
      } else outcome.other.push(`${res.status} ${res.text.slice(0, 200)}`)
      if (killing && api.child.exitCode !== null) return
    }
  }
  await Promise.all(Array.from({ length: LOAD_WORKERS }, worker))
  await killing
  return outcome
}

/** Every history row of the key, through the cursor. */
async function historySum(api: ServerProcess, key: string): Promise<{ runs: number; milli: number }> {
  let cursor: string | undefined
  let runs = 0
  let sum = 0
  do {
    const res = await api.get('/v1/usage/history', { key, query: { limit: 100, cursor } })
    expectStatus(res, 200)
    for (const r of res.body.results) {
      runs++
      sum += milli(r.credits_charged)
    }
    cursor = res.body.next_cursor ?? undefined
  } while (cursor)
  return { runs, milli: sum }
}

describe('kill -9 under a billed load', () => {
  let data: ProcessData | null = null
  let running: ServerProcess | null = null
  after(async () => {
    await running?.stop()
    await data?.drop()
  })

  test(
    'every charge a client was told about survives; balance drop = history = key usage',
    { timeout: 300_000 },
    async () => {
      data = await processData()
      const first = await startProcess(data)
      running = first
      const ingest = await first.request('POST', '/admin/v1/corpus/company', {
        rawBody: COMPANIES.map((c) => JSON.stringify(c)).join('\n') + '\n',
        headers: {
          'content-type': 'application/x-ndjson',
          'x-admin-token': (await import('../support/server.ts')).ADMIN_TOKEN,
        },
      })
      expectStatus(ingest, 200)
      assert.equal(ingest.body.upserted, COMPANIES.length)
      const { key } = await first.admin.workspaceWithKey({ credits: CREDITS })
      // Warm: the embedder and the index are loaded before the load starts.
      expectStatus(await first.post('/v1/search', { key, body: { mode: 'fast', query: 'warm up', limit: 1 } }), 200)
      const warm = milli((await first.get('/v1/credits', { key })).body.spendable)

      const load = await billedLoad(first, key, () => first.kill9())
      assert.deepEqual(load.other, [], 'every answered call was a 200')
      assert.ok(load.answered >= ANSWERED_BEFORE_KILL)
      assert.ok(load.received_milli > 0)

      const second = await startProcess(data)
      running = second
      const spendable = milli((await second.get('/v1/credits', { key })).body.spendable)
      const dropped = warm - spendable
      const history = await historySum(second, key)
      const usage = await second.get('/v1/keys/usage', { key, query: { granularity: 'total' } })
      expectStatus(usage, 200)
      const warmCost = milli(CREDITS) - warm
      const context = JSON.stringify({ ...load, dropped, history, key_usage: usage.body.total_credits, warmCost })
      // Nothing a client was told about is lost; what was in flight adds at most its own price.
      assert.ok(dropped >= load.received_milli, `charges told to clients were lost: ${context}`)
      assert.ok(
        dropped <= load.received_milli + load.in_flight_at_kill * MAX_PRICE_MILLI,
        `more was charged than answered or in flight: ${context}`,
      )
      // One truth: the ledger, the history and the key usage agree to the thousandth.
      assert.equal(history.milli, dropped + warmCost, `history ≠ ledger: ${context}`)
      assert.equal(milli(usage.body.total_credits), dropped + warmCost, `key usage ≠ ledger: ${context}`)
      assert.ok(history.runs >= load.answered + 1, `an answered call has no run: ${context}`)
      assert.ok(history.runs <= load.answered + 1 + load.in_flight_at_kill, `a run no call made: ${context}`)
      // The new process serves and charges as usual.
      const res = await second.post('/v1/search', { key, body: { mode: 'fast', query: 'cloud payments', limit: 2 } })
      expectStatus(res, 200)
      assert.equal(res.body.meta.credits_charged, 0.04)
    },
  )
})
