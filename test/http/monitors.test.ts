// Monitors (issue 42 item 5) and the events ingest.completed and credits.low (item 2), with a real
// local receiver: an on_ingest monitor delivers exactly the new matching records of an ingest and
// nothing when nothing is new; a cron monitor driven by the test clock runs once per tick with two
// runners over one store; runs are billed as the search is (test keys free) and appear in usage
// history; credits.low fires once per crossing; ingest.completed counts per category.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Webhook } from 'standardwebhooks'
import { Value } from 'typebox/value'
import { EVENT_DATA, EVENT_EXAMPLES } from '../../src/contract/webhooks.ts'
import { startMonitorRunner } from '../../src/jobs/monitor-runner.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { startReceiver, type Receiver } from '../support/receiver.ts'
import { ADMIN_TOKEN, startTestServer, usingPostgres, useTestServer, type TestServer } from '../support/server.ts'

const SETTINGS = {
  DSP_WEBHOOKS_ALLOW_HTTP: '1',
  DSP_WEBHOOKS_ALLOW_RANGES: 'loopback',
  DSP_WEBHOOKS_RETRY_BASE_MS: '50',
  DSP_WEBHOOKS_POLL_MS: '50',
}
const server = useTestServer(SETTINGS)
const MON = '/v1/monitors/mon_000000000000'
const READ = ['dsp.agents.read', 'dsp.agents.write']
const WRITE = ['dsp.agents.write']

itEnforcesAuth(server, { method: 'GET', path: '/v1/monitors', scopes: READ })
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/monitors',
  scopes: WRITE,
  body: { name: 'x', search: { query: 'x' }, schedule: '@daily' },
})
itEnforcesAuth(server, { method: 'GET', path: MON, scopes: READ })
itEnforcesAuth(server, { method: 'PATCH', path: MON, scopes: WRITE, body: { enabled: false } })
itEnforcesAuth(server, { method: 'DELETE', path: MON, scopes: WRITE })
itEnforcesAuth(server, { method: 'GET', path: `${MON}/runs`, scopes: READ })
itEnforcesAuth(server, { method: 'GET', path: '/v1/events/settings', scopes: READ })
itEnforcesAuth(server, {
  method: 'PATCH',
  path: '/v1/events/settings',
  scopes: WRITE,
  body: { credits_low_threshold: 5 },
})

// Each test draws its records from its own employee_count band, so tests sharing the server's
// corpus never match each other's records.
let band = 0
function newBand() {
  band += 1
  const min = 100_000 * band
  let n = 0
  return {
    search: { category: 'company', mode: 'fast', filters: { employee_count: { min, max: min + 50_000 } }, limit: 100 },
    matching: () => {
      n += 1
      return { account_name: `Band ${band} Match ${n}`, domain: `b${band}-m${n}.example`, employee_count: min + n }
    },
    other: () => {
      n += 1
      return {
        account_name: `Band ${band} Other ${n}`,
        domain: `b${band}-o${n}.example`,
        employee_count: min + 60_000 + n,
      }
    },
  }
}

async function createMonitor(api: TestServer, key: string, body: Record<string, unknown>) {
  const res = await api.post('/v1/monitors', { key, body })
  expectStatus(res, 201)
  return res.body as { id: string; next_run_at: string | null }
}

async function createWebhook(api: TestServer, key: string, url: string, events: string[]) {
  const res = await api.post('/v1/webhooks', { key, body: { url, events } })
  expectStatus(res, 201)
  return res.body as { id: string; secret: string }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Run = any

/** The event's data is what the OpenAPI `webhooks` section declares for its type. */
function expectDeclared(type: 'monitor.matched' | 'ingest.completed' | 'credits.low', data: unknown) {
  const schema = EVENT_DATA[type]!
  assert.ok(
    Value.Check(schema, data),
    `${type} data off its schema: ${JSON.stringify([...Value.Errors(schema, data)])}`,
  )
}

/** Polls the monitor's runs until `done` holds. */
async function runsUntil(api: TestServer, key: string, id: string, done: (runs: Run[]) => boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await api.get(`/v1/monitors/${id}/runs`, { key })
    expectStatus(res, 200)
    if (done(res.body.results)) return res.body.results as Run[]
    if (Date.now() > until) throw new Error(`runs never reached the state: ${res.text}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const settle = (ms = 800) => new Promise((r) => setTimeout(r, ms))
const verified = (rx: Receiver, secret: string, i: number) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  new Webhook(secret).verify(rx.received[i]!.body, rx.received[i]!.headers) as any

describe('POST /v1/monitors', () => {
  test('creates a search monitor: 201, its baseline run records what already matches and delivers nothing', async () => {
    const api = await server()
    const b = newBand()
    await api.admin.ingest('company', [b.matching(), b.matching(), b.other()])
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/monitors', {
      key,
      body: { name: 'Big companies', search: b.search, schedule: '0 8 * * 1-5' },
    })
    expectStatus(res, 201)
    expectMeta(res)
    assert.equal(res.body.kind, 'search')
    assert.deepEqual(res.body.search, b.search)
    assert.equal(res.body.agent_run, null)
    assert.equal(res.body.enabled, true)
    assert.match(res.body.next_run_at, /T08:00:00\.000Z$/)
    assert.equal(res.body.meta.credits_charged, 0.04)
    const runs = await runsUntil(api, key, res.body.id, (r) => r.length === 1)
    assert.equal(runs[0].trigger, 'baseline')
    assert.equal(runs[0].status, 'succeeded')
    assert.equal(runs[0].matched_count, 2)
    assert.equal(runs[0].new_count, 0)
    assert.equal(runs[0].event_id, null)
    assert.equal(runs[0].credits_charged, 0.04)
    const read = await api.get(`/v1/monitors/${res.body.id}`, { key })
    expectStatus(read, 200)
    assert.equal(read.body.name, 'Big companies')
    const list = await api.get('/v1/monitors', { key })
    assert.deepEqual(
      list.body.results.map((m: { id: string }) => m.id),
      [res.body.id],
    )
  })

  test('an Idempotency-Key already used answers 200 with the same monitor, whatever the body', async () => {
    const api = await server()
    const b = newBand()
    const { key } = await api.admin.workspaceWithKey()
    const headers = { 'idempotency-key': 'monitor-1' }
    const first = await api.post('/v1/monitors', {
      key,
      headers,
      body: { name: 'A', search: b.search, schedule: '@daily' },
    })
    expectStatus(first, 201)
    const again = await api.post('/v1/monitors', {
      key,
      headers,
      body: { name: 'B', search: b.search, schedule: '@hourly' },
    })
    expectStatus(again, 200)
    assert.equal(again.body.id, first.body.id)
    assert.equal(again.body.name, 'A')
    assert.equal((await api.get('/v1/monitors', { key })).body.results.length, 1)
  })

  test('an invalid cron expression → 422 request.invalid naming the reason at schedule', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/monitors', {
      key,
      body: { name: 'x', search: { query: 'cloud' }, schedule: '61 * * * *' },
    })
    expectProblem(res, 422, 'request.invalid')
    assert.match(res.body.detail, /not a valid cron expression: Invalid value for minute: 61/)
    assert.deepEqual(res.body.extra.errors[0].loc, ['body', 'schedule'])
    const seconds = await api.post('/v1/monitors', {
      key,
      body: { name: 'x', search: { query: 'cloud' }, schedule: '* * * * * *' },
    })
    expectProblem(seconds, 422, 'request.invalid')
    assert.match(seconds.body.detail, /exactly 5 parts/)
    assert.equal((await api.get('/v1/monitors', { key })).body.results.length, 0)
  })

  test('unknown fields, both or neither question, an unknown webhook → 422; nothing is created', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (const body of [
      { name: 'x', search: { query: 'cloud' }, schedule: '@daily', colour: 'red' },
      { name: 'x', schedule: '@daily' },
      { name: 'x', search: { query: 'cloud' }, agent_run: { query: 'cloud' }, schedule: '@daily' },
      { name: 'x', search: { query: 'cloud' }, schedule: '@daily', webhook_ids: ['wh_nope'] },
      { name: 'x', search: { query: 'cloud', cursor: 'abc' }, schedule: '@daily' },
    ])
      expectProblem(await api.post('/v1/monitors', { key, body }), 422, 'request.invalid')
    assert.equal((await api.get('/v1/monitors', { key })).body.results.length, 0)
  })

  test("an invalid embedded search answers the search route's own error", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (const search of [
      { query: 'x', category: 'company', filters: { colour: { include: ['red'] } } },
      { query: 'x', sort: [{ field: 'employee_count' }] },
      { query: 'x', mode: 'quick' },
    ]) {
      const direct = await api.post('/v1/search', { key, body: search })
      const res = await api.post('/v1/monitors', { key, body: { name: 'x', search, schedule: '@daily' } })
      expectProblem(res, direct.status, direct.body.code)
      assert.equal(res.status, 422)
      const msgs = (r: typeof res) => (r.body.extra?.errors ?? []).map((e: { msg: string }) => e.msg)
      assert.ok(msgs(direct).length > 0)
      assert.deepEqual(msgs(res), msgs(direct))
    }
    assert.equal((await api.get('/v1/monitors', { key })).body.results.length, 0)
  })

  test('a key with dsp.agents.read only reads; another workspace’s monitor is not found', async () => {
    const api = await server()
    const b = newBand()
    const reader = await api.admin.workspaceWithKey({ scopes: ['dsp.agents.read'] })
    expectStatus(await api.get('/v1/monitors', { key: reader.key }), 200)
    expectProblem(
      await api.post('/v1/monitors', { key: reader.key, body: { name: 'x', search: b.search, schedule: '@daily' } }),
      403,
      'auth.insufficient_scope',
    )
    const [owner, other] = [await api.admin.workspaceWithKey(), await api.admin.workspaceWithKey()]
    const m = await createMonitor(api, owner.key, { name: 'Mine', search: b.search, schedule: '@daily' })
    expectProblem(await api.get(`/v1/monitors/${m.id}`, { key: other.key }), 404, 'request.invalid')
    expectProblem(await api.delete(`/v1/monitors/${m.id}`, { key: other.key }), 404, 'request.invalid')
    expectProblem(await api.get(`/v1/monitors/${m.id}/runs`, { key: other.key }), 404, 'request.invalid')
  })
})

describe('PATCH and DELETE /v1/monitors/{id}', () => {
  test('pausing clears next_run_at; a new schedule is checked and sets it; delete answers 204 then 404', async () => {
    const api = await server()
    const b = newBand()
    const { key } = await api.admin.workspaceWithKey()
    const m = await createMonitor(api, key, { name: 'x', search: b.search, schedule: '@daily' })
    const paused = await api.patch(`/v1/monitors/${m.id}`, { key, body: { enabled: false } })
    expectStatus(paused, 200)
    assert.equal(paused.body.next_run_at, null)
    expectProblem(
      await api.patch(`/v1/monitors/${m.id}`, { key, body: { schedule: 'every day' } }),
      422,
      'request.invalid',
    )
    expectProblem(await api.patch(`/v1/monitors/${m.id}`, { key, body: { search: b.search } }), 422, 'request.invalid')
    const resumed = await api.patch(`/v1/monitors/${m.id}`, { key, body: { enabled: true, schedule: '30 6 * * *' } })
    expectStatus(resumed, 200)
    assert.match(resumed.body.next_run_at, /T06:30:00\.000Z$/)
    expectStatus(await api.delete(`/v1/monitors/${m.id}`, { key }), 204)
    expectProblem(await api.get(`/v1/monitors/${m.id}`, { key }), 404, 'request.invalid')
  })
})

describe('on_ingest monitors', () => {
  test('an ingest delivers exactly its new matching records, signed; an ingest with nothing new delivers nothing', async () => {
    const api = await server()
    const b = newBand()
    await api.admin.ingest('company', [b.matching(), b.other()])
    const { key } = await api.admin.workspaceWithKey()
    const rx = await startReceiver()
    const hook = await createWebhook(api, key, rx.url, ['monitor.matched'])
    const m = await createMonitor(api, key, { name: 'New big ones', search: b.search, schedule: 'on_ingest' })
    assert.equal(m.next_run_at, null)

    const fresh = [b.matching(), b.matching()]
    await api.admin.ingest('company', [...fresh, b.other()])
    await rx.waitFor(1)
    const event = verified(rx, hook.secret, 0)
    assert.equal(event.type, 'monitor.matched')
    assert.deepEqual(event.data.records.map((r: { id: string }) => r.id).sort(), fresh.map((f) => f.domain).sort())
    assert.equal(event.data.monitor.id, m.id)
    assert.equal(event.data.run.trigger, 'ingest')
    assert.equal(event.data.run.new_count, 2)
    assert.equal(event.data.run.matched_count, 3)
    expectDeclared('monitor.matched', event.data)

    // Only a record outside the search: the monitor runs and finds nothing new.
    await api.admin.ingest('company', [b.other()])
    const runs = await runsUntil(
      api,
      key,
      m.id,
      (r) => r.filter((x) => x.trigger === 'ingest' && x.status === 'succeeded').length === 2,
    )
    const last = runs[0]
    assert.equal(last.trigger, 'ingest')
    assert.equal(last.new_count, 0)
    assert.equal(last.matched_count, 3)
    assert.equal(last.event_id, null)
    await settle()
    assert.equal(rx.received.length, 1)
    const events = await api.get('/v1/events?type=monitor.matched', { key })
    assert.equal(events.body.results.length, 1)
  })

  test('webhook_ids sends to the named endpoint only, whatever it subscribes to', async () => {
    const api = await server()
    const b = newBand()
    const { key } = await api.admin.workspaceWithKey()
    const named = await startReceiver()
    const subscribed = await startReceiver()
    const a = await createWebhook(api, key, named.url, ['webhook.test'])
    await createWebhook(api, key, subscribed.url, ['monitor.matched'])
    await createMonitor(api, key, { name: 'x', search: b.search, schedule: 'on_ingest', webhook_ids: [a.id] })
    await api.admin.ingest('company', [b.matching()])
    await named.waitFor(1)
    assert.equal(JSON.parse(named.received[0]!.body).type, 'monitor.matched')
    await settle()
    assert.equal(subscribed.received.length, 0)
  })

  test("a deleted webhook leaves the monitors' webhook_ids; the other ids stay", async () => {
    const api = await server()
    const b = newBand()
    const { key } = await api.admin.workspaceWithKey()
    const rx = await startReceiver()
    const gone = await createWebhook(api, key, rx.url, ['monitor.matched'])
    const kept = await createWebhook(api, key, rx.url, ['monitor.matched'])
    const m = await createMonitor(api, key, {
      name: 'x',
      search: b.search,
      schedule: 'on_ingest',
      webhook_ids: [gone.id, kept.id],
    })
    expectStatus(await api.delete(`/v1/webhooks/${gone.id}`, { key }), 204)
    const read = await api.get(`/v1/monitors/${m.id}`, { key })
    expectStatus(read, 200)
    assert.deepEqual(read.body.webhook_ids, [kept.id])
  })
})

describe('ingest.completed', () => {
  test('an operator ingest and delete send their counts per category to subscribed workspaces', async () => {
    const api = await server()
    const b = newBand()
    const { key } = await api.admin.workspaceWithKey()
    const rx = await startReceiver()
    const hook = await createWebhook(api, key, rx.url, ['ingest.completed'])
    const first = b.matching()
    await api.admin.ingest('company', [first, b.matching(), b.other()])
    await rx.waitFor(1)
    const ingested = verified(rx, hook.secret, 0)
    assert.equal(ingested.type, 'ingest.completed')
    assert.equal(ingested.data.operation, 'ingest')
    assert.equal(ingested.data.category, 'company')
    assert.deepEqual(ingested.data.counts, {
      company: { inserted: 3, updated: 0, unchanged: 0, rejected: 0, deleted: 0 },
    })
    expectDeclared('ingest.completed', ingested.data)
    const del = await api.admin.raw(
      'DELETE',
      '/admin/v1/corpus/company',
      { ids: [first.domain, 'nope.example'] },
      {
        'x-admin-token': ADMIN_TOKEN,
      },
    )
    expectStatus(del, 200)
    await rx.waitFor(2)
    const deleted = verified(rx, hook.secret, 1)
    assert.equal(deleted.data.operation, 'delete')
    assert.deepEqual(deleted.data.counts, {
      company: { inserted: 0, updated: 0, unchanged: 0, rejected: 0, deleted: 1 },
    })
    // A workspace that subscribes to nothing records no ingest.completed.
    const other = await api.admin.workspaceWithKey()
    assert.equal((await api.get('/v1/events?type=ingest.completed', { key: other.key })).body.results.length, 0)
  })
})

describe('billing', () => {
  test('a live run is billed at the search price and listed in usage history; a test key runs free', async () => {
    const api = await server()
    const b = newBand()
    await api.admin.ingest('company', [b.matching(), b.matching(), b.matching()])
    const live = await api.admin.workspaceWithKey({ credits: 10 })
    const m = await createMonitor(api, live.key, { name: 'x', search: b.search, schedule: 'on_ingest' })
    await api.admin.ingest('company', [b.matching()])
    const runs = await runsUntil(api, live.key, m.id, (r) =>
      r.some((x) => x.trigger === 'ingest' && x.status === 'succeeded'),
    )
    const run = runs.find((x) => x.trigger === 'ingest')
    assert.equal(run.matched_count, 4)
    assert.equal(run.credits_charged, 0.08)
    const credits = await api.get('/v1/credits', { key: live.key })
    assert.equal(credits.body.spendable, 9.86)
    const history = await api.get('/v1/usage/history', { key: live.key })
    expectStatus(history, 200)
    const charged = history.body.results.filter((h: { action_type: string }) => h.action_type === 'dsp.search.fast')
    assert.deepEqual(
      charged.map((h: { credits_charged: number }) => h.credits_charged),
      [0.08, 0.06],
    )
    const detail = await api.get(`/v1/usage/history/${charged[0].id}`, { key: live.key })
    assert.equal(detail.body.request.monitor_id, m.id)

    const test = await api.admin.workspaceWithKey({ environment: 'test', credits: 10 })
    const tm = await createMonitor(api, test.key, { name: 'x', search: b.search, schedule: 'on_ingest' })
    await api.admin.ingest('company', [b.matching()])
    const testRuns = await runsUntil(api, test.key, tm.id, (r) =>
      r.some((x) => x.trigger === 'ingest' && x.status === 'succeeded'),
    )
    assert.equal(testRuns.find((x) => x.trigger === 'ingest').new_count, 1)
    assert.ok(testRuns.every((x) => x.credits_charged === 0))
    assert.equal((await api.get('/v1/credits', { key: test.key })).body.spendable, 10)
  })

  test('a revoked key stops its monitor: the run fails naming why and charges nothing', async () => {
    const api = await server()
    const b = newBand()
    const live = await api.admin.workspaceWithKey({ credits: 10 })
    const m = await createMonitor(api, live.key, { name: 'x', search: b.search, schedule: 'on_ingest' })
    const reader = await api.admin.createKey(live.workspace_id, { scopes: ['dsp.agents.read', 'dsp.usage.read'] })
    await api.admin.revokeKey(live.key_id)
    await api.admin.ingest('company', [b.matching()])
    const runs = await runsUntil(api, reader.secret, m.id, (r) =>
      r.some((x) => x.trigger === 'ingest' && x.status === 'failed'),
    )
    assert.match(runs[0].error, /revoked/)
    assert.equal(runs[0].credits_charged, 0)
  })
})

describe('cron monitors', () => {
  test('each tick of the test clock runs once, with two runners over one store', async () => {
    const one = await startTestServer(SETTINGS)
    const others: { stop(): Promise<void> }[] = []
    const clocks: TestServer[] = [one]
    try {
      if (usingPostgres()) {
        // A second server process on the same database, its own runner and its own test clock.
        const two = await startTestServer({ ...SETTINGS, DATABASE_URL: one.app.deps.config.DATABASE_URL! })
        others.push({ stop: () => two.close() })
        clocks.push(two)
      } else {
        // The embedded store belongs to one process: a second runner in it claims concurrently.
        others.push(startMonitorRunner(one.app.deps, { pollMs: 10 }))
        others.push(startMonitorRunner(one.app.deps, { pollMs: 10 }))
      }
      const b = newBand()
      await one.admin.ingest('company', [b.matching()])
      const { key } = await one.admin.workspaceWithKey()
      const rx = await startReceiver()
      await createWebhook(one, key, rx.url, ['monitor.matched'])
      const m = await createMonitor(one, key, { name: 'Every 5 minutes', search: b.search, schedule: '*/5 * * * *' })
      const tick = new Date(m.next_run_at!)
      await one.admin.ingest('company', [b.matching()])
      const advanceAll = async (seconds: number) => {
        for (const c of clocks) await c.admin.advanceClock(seconds)
      }
      // Up to the tick: it runs once and delivers the record ingested since the baseline.
      await advanceAll(Math.ceil((tick.getTime() - Date.now()) / 1000) + 1)
      let runs = await runsUntil(one, key, m.id, (r) =>
        r.some((x) => x.trigger === 'schedule' && x.status === 'succeeded'),
      )
      await settle(1000)
      runs = (await one.get(`/v1/monitors/${m.id}/runs`, { key })).body.results
      const scheduled = runs.filter((x: Run) => x.trigger === 'schedule')
      assert.equal(scheduled.length, 1)
      assert.equal(scheduled[0].tick, tick.toISOString())
      assert.equal(scheduled[0].new_count, 1)
      await rx.waitFor(1)
      // The next tick: once more, nothing new, nothing delivered.
      await advanceAll(300)
      runs = await runsUntil(
        one,
        key,
        m.id,
        (r) => r.filter((x) => x.trigger === 'schedule' && x.status === 'succeeded').length >= 2,
      )
      await settle(1000)
      runs = (await one.get(`/v1/monitors/${m.id}/runs`, { key })).body.results
      const ticks = runs.filter((x: Run) => x.trigger === 'schedule').map((x: Run) => x.tick)
      assert.equal(ticks.length, 2)
      assert.equal(new Set(ticks).size, 2)
      assert.equal(runs[0].new_count, 0)
      assert.equal(rx.received.length, 1)
      const read = await one.get(`/v1/monitors/${m.id}`, { key })
      assert.equal(read.body.next_run_at, new Date(tick.getTime() + 600_000).toISOString())
    } finally {
      for (const o of others) await o.stop()
      await one.close()
    }
  })
})

describe('credits.low', () => {
  test('fires once when the balance crosses below the threshold, and again only after a top-up re-arms it', async () => {
    const api = await server()
    const b = newBand()
    await api.admin.ingest('company', [b.matching(), b.matching(), b.matching(), b.matching(), b.matching()])
    const ws = await api.admin.workspaceWithKey({ credits: 1 })
    const key = ws.key
    const rx = await startReceiver()
    const hook = await createWebhook(api, key, rx.url, ['credits.low'])
    expectProblem(
      await api.patch('/v1/events/settings', { key, body: { credits_low_threshold: -1 } }),
      422,
      'request.invalid',
    )
    const set = await api.patch('/v1/events/settings', { key, body: { credits_low_threshold: 0.85 } })
    expectStatus(set, 200)
    assert.deepEqual(
      { t: set.body.credits_low_threshold, armed: set.body.armed, s: set.body.spendable },
      { t: 0.85, armed: true, s: 1 },
    )
    const search = async () => expectStatus(await api.post('/v1/search', { key, body: b.search }), 200)
    await search() // 0.9 left
    await settle(300)
    assert.equal(rx.received.length, 0)
    await search() // 0.8: below
    await rx.waitFor(1)
    const low = verified(rx, hook.secret, 0)
    assert.equal(low.type, 'credits.low')
    assert.deepEqual(low.data, { available: 0.8, threshold: 0.85 })
    expectDeclared('credits.low', low.data)
    await search() // 0.7: still below, no second event
    await settle()
    assert.equal(rx.received.length, 1)
    assert.equal((await api.get('/v1/events/settings', { key })).body.armed, false)
    await api.admin.grant(ws.workspace_id, 1) // 1.7: re-armed
    assert.equal((await api.get('/v1/events/settings', { key })).body.armed, true)
    for (let i = 0; i < 9; i++) await search() // 0.8 after nine
    await rx.waitFor(2)
    await settle()
    assert.equal(rx.received.length, 2)
    const events = await api.get('/v1/events?type=credits.low', { key })
    assert.equal(events.body.results.length, 2)
    expectStatus(await api.patch('/v1/events/settings', { key, body: { credits_low_threshold: null } }), 200)
    assert.equal((await api.get('/v1/events/settings', { key })).body.credits_low_threshold, null)
  })
})

describe('the OpenAPI webhooks section', () => {
  test('declares the data of monitor.matched, ingest.completed and credits.low, each with an example that fits it', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const type of ['monitor.matched', 'ingest.completed', 'credits.low'] as const) {
      const op = doc.webhooks[type].post
      const example = op.requestBody.content['application/json'].examples[type].value
      assert.equal(example.type, type)
      expectDeclared(type, EVENT_EXAMPLES[type])
      const ref = op.requestBody.content['application/json'].schema.$ref.split('/').pop()
      const data = doc.components.schemas[ref].properties.data
      assert.deepEqual(Object.keys(data.properties).sort(), Object.keys(EVENT_EXAMPLES[type]).sort())
    }
  })
})

describe('agent-run monitors', () => {
  test('each run starts an agent run, waits for it, settles it at its price and delivers only new rows', async () => {
    const api = await server()
    const b = newBand()
    await api.admin.ingest('company', [b.matching(), b.matching()])
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const rx = await startReceiver()
    await createWebhook(api, key, rx.url, ['monitor.matched'])
    const m = await createMonitor(api, key, {
      name: 'Agent',
      agent_run: { query: `Band ${band} companies`, effort: 'low' },
      schedule: 'on_ingest',
    })
    const baseline = (
      await runsUntil(
        api,
        key,
        m.id,
        (r) => r.some((x) => x.trigger === 'baseline' && x.status === 'succeeded'),
        90_000,
      )
    ).find((x) => x.trigger === 'baseline')
    assert.match(baseline.agent_run_id, /^run_/)
    assert.equal(baseline.new_count, 0)
    assert.equal(baseline.event_id, null)
    // The agent run was settled by the monitor: billed at its tier, listed in usage history.
    const run = await api.get(`/v1/agents/runs/${baseline.agent_run_id}`, { key })
    expectStatus(run, 200)
    assert.equal(run.body.status, 'completed')
    assert.equal(baseline.credits_charged, run.body.credits_charged ?? baseline.credits_charged)
    assert.ok(baseline.credits_charged > 0)
    await api.admin.ingest('company', [b.matching()])
    const after = (
      await runsUntil(
        api,
        key,
        m.id,
        (r) => r.some((x) => x.trigger === 'ingest' && ['succeeded', 'failed'].includes(x.status)),
        90_000,
      )
    ).find((x) => x.trigger === 'ingest')
    assert.equal(after.status, 'succeeded', after.error)
    assert.notEqual(after.agent_run_id, baseline.agent_run_id)
    await settle()
    assert.equal(rx.received.length, after.new_count > 0 ? 1 : 0)
    if (after.new_count > 0) assert.equal(JSON.parse(rx.received[0]!.body).data.records.length, after.new_count)
  })
})

describe('retention', () => {
  test('monitors.prune_runs removes runs older than 90 days; what the monitor delivered stays delivered', async () => {
    const api = await startTestServer(SETTINGS)
    try {
      const b = newBand()
      await api.admin.ingest('company', [b.matching()])
      const { key } = await api.admin.workspaceWithKey()
      const m = await createMonitor(api, key, { name: 'x', search: b.search, schedule: 'on_ingest' })
      const prune = () =>
        api.admin.raw('POST', '/admin/v1/jobs/monitors.prune_runs', undefined, { 'x-admin-token': ADMIN_TOKEN })
      expectStatus(await prune(), 200)
      assert.equal((await api.get(`/v1/monitors/${m.id}/runs`, { key })).body.results.length, 1)
      await api.admin.advanceClock(91 * 24 * 3600)
      expectStatus(await prune(), 200)
      assert.equal((await api.get(`/v1/monitors/${m.id}/runs`, { key })).body.results.length, 0)
      // The baseline's record is still known: an ingest of nothing new finds nothing new.
      await api.admin.ingest('company', [b.other()])
      const runs = await runsUntil(api, key, m.id, (r) => r.some((x) => x.status === 'succeeded'))
      assert.equal(runs[0].matched_count, 1)
      assert.equal(runs[0].new_count, 0)
    } finally {
      await api.close()
    }
  })
})
