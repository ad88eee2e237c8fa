// Usage history, run detail, metrics, key usage and top-ups (contract §2.5–2.7, §3.3, §3.4,
// §4.2–4.4). Runs are billed searches and entity lookups of companies seeded through the admin
// corpus route (test/support/credits.ts); two states no route leaves (a run never closed, a page
// over 256 KB) are made at the metering module.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { verifyApiKey } from '../../src/domain/api-keys.ts'
import { chargeCall, type ChargeInput } from '../../src/domain/credits/metering.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { lookedUp, searched, SEED_WORDS } from '../support/credits.ts'
import { expectEnvelope, expectMeta, expectProblem, expectStatus, tampered } from '../support/http.ts'
import { ADMIN_TOKEN, startTestServer, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()
const admin = { 'x-admin-token': ADMIN_TOKEN }

/** A run: a billed fast search of `limit` seeded companies (0.02 credits each) with the words `query`; its history id. */
async function run(api: TestServer, key: string, query: string = SEED_WORDS[0], limit = 2) {
  const { request_id, body } = await searched(api, key, { query, limit })
  const [latest] = (await api.get('/v1/usage/history', { key, query: { limit: 1 } })).body.results
  assert.equal(latest.query, query)
  return { run_id: latest.id as number, request_id, answer: body }
}

/**
 * A charge made at the metering module, for the two states no route leaves: a run never closed (as a
 * process that died before closing it leaves it) and a first page over 256 KB.
 */
async function runAtModule(api: TestServer, key: string, input: Partial<ChargeInput> = {}) {
  const credential = await verifyApiKey(api.app.deps, key)
  return chargeCall(
    api.app.deps,
    { credential, request_id: 'req_' + randomUUID() },
    {
      action_type: 'dsp.search.fast',
      positions: [0, 1],
      scope: null,
      query: 'q',
      request: { body: { query: 'q' } },
      plan: { mode: 'fast' },
      result_count: 2,
      snapshot: { results: [1, 2] },
      snapshot_state: 'available',
      ...input,
    },
  )
}

itEnforcesAuth(server, { method: 'GET', path: '/v1/usage/history', scopes: ['dsp.usage.read'] })
itEnforcesAuth(server, { method: 'GET', path: '/v1/usage/history/1', scopes: ['dsp.usage.read'] })
itEnforcesAuth(server, { method: 'GET', path: '/v1/usage/metrics', scopes: ['dsp.usage.read'] })
itEnforcesAuth(server, { method: 'GET', path: '/v1/keys/usage', scopes: ['dsp.usage.read'] })
itEnforcesAuth(server, { method: 'POST', path: '/v1/billing/top-up/intents', scopes: ['dsp.usage.read'] })
itEnforcesAuth(server, { method: 'GET', path: '/v1/billing/top-up/intents/topup_x', scopes: ['dsp.usage.read'] })

describe('GET /v1/usage/history', () => {
  test('the list envelope, newest first, every field serialized, has_more ⇔ next_cursor', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (let i = 0; i < 3; i++) await run(api, key, SEED_WORDS[i])
    const res = await api.get('/v1/usage/history', { key })
    expectEnvelope(res, { credits_charged: null })
    assert.deepEqual(
      res.body.results.map((r: { query: string }) => r.query),
      [SEED_WORDS[2], SEED_WORDS[1], SEED_WORDS[0]],
    )
    assert.equal(res.body.total, 3)
    assert.equal(res.body.has_more, false)
    assert.equal(res.body.next_cursor, null)
    const row = res.body.results[0]
    assert.deepEqual(Object.keys(row).sort(), [
      'action_type',
      'actor_type',
      'credits_charged',
      'environment',
      'error_code',
      'id',
      'latency_ms',
      'occurred_at',
      'query',
      'result_count',
      'status',
    ])
    assert.equal(row.actor_type, 'api_key')
  })

  test('cursor paging walks every run once; limit 1..100', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (let i = 0; i < 5; i++) await run(api, key, SEED_WORDS[i])
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res: Awaited<ReturnType<typeof api.get>> = await api.get('/v1/usage/history', {
        key,
        query: cursor ? { limit: 2, cursor } : { limit: 2 },
      })
      expectStatus(res, 200)
      assert.equal(res.body.has_more, res.body.next_cursor !== null)
      seen.push(...res.body.results.map((r: { query: string }) => r.query))
      cursor = res.body.next_cursor
    } while (cursor)
    assert.deepEqual(seen, SEED_WORDS.slice(0, 5).reverse())
    expectProblem(await api.get('/v1/usage/history', { key, query: { limit: 0 } }), 422, 'request.invalid')
    expectProblem(await api.get('/v1/usage/history', { key, query: { limit: 101 } }), 422, 'request.invalid')
  })

  test('page and offset → 422', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await api.get('/v1/usage/history', { key, query: { page: 2 } }), 422, 'request.invalid')
    expectProblem(await api.get('/v1/usage/history', { key, query: { offset: 10 } }), 422, 'request.invalid')
  })

  test('a tampered, foreign or changed-request cursor → 422 pagination.cursor_invalid; older than 24 h → cursor_expired', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (let i = 0; i < 3; i++) await run(api, key)
    const first = await api.get('/v1/usage/history', { key, query: { limit: 1 } })
    const cursor = first.body.next_cursor as string
    assert.ok(cursor)
    expectProblem(
      await api.get('/v1/usage/history', { key, query: { limit: 1, cursor: tampered(cursor) } }),
      422,
      'pagination.cursor_invalid',
    )
    expectProblem(
      await api.get('/v1/usage/history', { key, query: { limit: 1, cursor: 'garbage' } }),
      422,
      'pagination.cursor_invalid',
    )
    expectProblem(
      await api.get('/v1/usage/history', { key, query: { limit: 1, cursor, action_type: 'dsp.similar' } }),
      422,
      'pagination.cursor_invalid',
    )
    expectStatus(await api.get('/v1/usage/history', { key, query: { limit: 2, cursor } }), 200)
    await api.admin.advanceClock(24 * 3600 + 1)
    try {
      expectProblem(
        await api.get('/v1/usage/history', { key, query: { limit: 1, cursor } }),
        422,
        'pagination.cursor_expired',
      )
    } finally {
      await api.admin.resetClock()
    }
  })

  test('action_type filters (repeatable) and is validated against the 13', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await run(api, key)
    await lookedUp(api, key, 1)
    expectStatus(await api.post('/v1/org-chart', { key, body: { domain: 'ledgerline-000.example' } }), 200)
    const res = await api.get('/v1/usage/history', { key, query: { action_type: ['dsp.entities', 'dsp.org_chart'] } })
    assert.deepEqual(res.body.results.map((r: { action_type: string }) => r.action_type).sort(), [
      'dsp.entities',
      'dsp.org_chart',
    ])
    expectProblem(
      await api.get('/v1/usage/history', { key, query: { action_type: 'dsp.search.turbo' } }),
      422,
      'request.invalid',
    )
  })

  test('an API key sees only its own runs', async () => {
    const api = await server()
    const a = await api.admin.workspaceWithKey()
    const b = await api.admin.createKey(a.workspace_id)
    await run(api, a.key, SEED_WORDS[0])
    await run(api, b.secret, SEED_WORDS[1])
    const res = await api.get('/v1/usage/history', { key: a.key })
    assert.deepEqual(
      res.body.results.map((r: { query: string }) => r.query),
      [SEED_WORDS[0]],
    )
  })

  test('a run pending far past any plausible duration is reported failed, error_code incomplete', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await runAtModule(api, key)
    const pending = await api.get('/v1/usage/history', { key })
    assert.equal(pending.body.results[0].status, 'pending')
    await api.admin.advanceClock(3600)
    try {
      const later = await api.get('/v1/usage/history', { key })
      assert.equal(later.body.results[0].status, 'failed')
      assert.equal(later.body.results[0].error_code, 'incomplete')
      assert.equal(later.body.results[0].credits_charged, 0.04, 'whatever it was charged stands')
    } finally {
      await api.admin.resetClock()
    }
  })
})

describe('history query text per action type (§2.6)', () => {
  const demo = useTestServer({}, { demo: true })
  const LUMINA = 'luminacloud.io'
  const BRIGHTWAVE = 'brightwave.com'
  const QUESTION = 'people at Lumina Cloud connected to Brightwave Payments'

  test('each of the 13 action types records the text §2.6 names: search words, anchors, ids, the pair as named, the question, the run query', async () => {
    const api = await demo()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const expected: [action: string, query: string][] = []
    const call = async (path: string, body: unknown, action: string, query: string, headers = {}) => {
      const res = await api.post(path, { key, body, headers })
      assert.ok(res.status === 200 || res.status === 202, `${path}: ${res.status} ${res.text.slice(0, 500)}`)
      expected.push([action, query])
      return res
    }
    for (const mode of ['fast', 'auto', 'deep'])
      await call(
        '/v1/search',
        { query: 'cloud security', mode, category: 'company', limit: 2 },
        `dsp.search.${mode}`,
        'cloud security',
      )
    await call('/v1/similar', { anchors: [LUMINA, BRIGHTWAVE], limit: 2 }, 'dsp.similar', `${LUMINA}, ${BRIGHTWAVE}`)
    await call(
      '/v1/entities/companies',
      { ids: [BRIGHTWAVE, 'nobody.example', LUMINA], by: 'domain' },
      'dsp.entities',
      `${BRIGHTWAVE}, nobody.example, ${LUMINA}`,
    )
    // The pair as named (a domain, then a name), in request order.
    const between = await call(
      '/v1/relationships',
      { companies: [{ value: LUMINA }, { value: 'Brightwave Payments' }] },
      'dsp.relationships',
      `${LUMINA}, Brightwave Payments`,
    )
    const seed = between.body.results[0].id as string
    await call(
      '/v1/relationships',
      { companies: [{ value: BRIGHTWAVE }, { value: LUMINA }] },
      'dsp.relationships',
      `${BRIGHTWAVE}, ${LUMINA}`,
    )
    await call(
      '/v1/relationships',
      {
        relation: 'via_institution',
        companies: [{ value: LUMINA }],
        institutions: [{ value: 'anchorward-state-university' }],
      },
      'dsp.relationships',
      `${LUMINA} via anchorward-state-university`,
    )
    await call('/v1/relationships', { query: QUESTION }, 'dsp.relationships', QUESTION)
    await call(
      '/v1/relationships/institutions',
      { companies: [{ value: LUMINA }, { value: BRIGHTWAVE }] },
      'dsp.relationships',
      `${LUMINA}, ${BRIGHTWAVE}`,
    )
    await call(
      '/v1/relationships/reach',
      { person: seed, companies: [{ value: BRIGHTWAVE }] },
      'dsp.relationships',
      `${seed} → ${BRIGHTWAVE}`,
    )
    await call('/v1/relationships/ask', { query: QUESTION }, 'dsp.relationships.ask', QUESTION)
    // Org chart: the company the chart is of, as the request named it (normalised).
    await call('/v1/org-chart', { domain: `https://www.${LUMINA}/about` }, 'dsp.org_chart', LUMINA)
    for (const tier of ['minimal', 'low', 'medium', 'high', 'xhigh']) {
      const res = await call(
        '/v1/agents/runs',
        { query: `payments companies (${tier})`, effort: tier },
        `dsp.agent.run.${tier}`,
        `payments companies (${tier})`,
        { 'idempotency-key': randomUUID() },
      )
      expectStatus(await api.post(`/v1/agents/runs/${res.body.run_id}/cancel`, { key }), 200)
    }
    assert.equal(new Set(expected.map(([a]) => a)).size, 13, 'all 13 action types')
    // Charges are written within moments of their answers (docs/billing.md).
    let rows: { action_type: string; query: string | null }[] = []
    for (let i = 0; i < 50 && rows.length < expected.length; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100))
      const res = await api.get('/v1/usage/history', { key, query: { limit: 100 } })
      expectStatus(res, 200)
      rows = res.body.results
    }
    assert.deepEqual(
      rows.map((r) => [r.action_type, r.query]).reverse(),
      expected,
      'oldest first: one row per call, each with its text',
    )
  })
})

describe('GET /v1/usage/history/{run_id}', () => {
  test('the detail: row fields, request, plan, snapshot, snapshot_state, meta', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const c = await run(api, key)
    const res = await api.get(`/v1/usage/history/${c.run_id}`, { key })
    expectStatus(res, 200)
    expectMeta(res)
    assert.equal(res.body.id, c.run_id)
    assert.deepEqual(res.body.request, {
      method: 'POST',
      path: '/v1/search',
      body: { query: SEED_WORDS[0], mode: 'fast', category: 'company', limit: 2 },
    })
    assert.deepEqual(res.body.plan, c.answer.resolved_search)
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id)
    assert.deepEqual(ids(res.body.snapshot.results), ids(c.answer.results))
    assert.equal(res.body.snapshot_state, 'available')
  })

  test('page 1 is stored deflated (migration 0017): bytea smaller than its JSON, no jsonb copy; the detail reads it back whole', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const c = await run(api, key, SEED_WORDS[0], 25)
    const res = await api.get(`/v1/usage/history/${c.run_id}`, { key })
    expectStatus(res, 200)
    assert.deepEqual(res.body.snapshot.results, c.answer.results)
    const page = res.body.snapshot
    const stored = await sql<{
      jsonb_null: boolean
      deflated: number | null
    }>`select snapshot is null as jsonb_null, octet_length(snapshot_deflated) as deflated from usage_runs where id = ${c.run_id}`.execute(
      api.app.deps.db,
    )
    assert.equal(stored.rows[0]!.jsonb_null, true)
    assert.ok(
      stored.rows[0]!.deflated !== null && Number(stored.rows[0]!.deflated) < JSON.stringify(page).length / 3,
      `deflated ${stored.rows[0]!.deflated} bytes for ${JSON.stringify(page).length}`,
    )
  })

  test('a run written before migration 0017 keeps its jsonb snapshot: the detail and feedback verification still read it', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.usage.read', 'dsp.search.read'] })
    const c = await run(api, key)
    await api.get(`/v1/usage/history/${c.run_id}`, { key })
    await sql`update usage_runs set snapshot = ${JSON.stringify({ results: [{ id: 'acme.com' }, { id: 'globex.com' }] })}::jsonb, snapshot_deflated = null where id = ${c.run_id}`.execute(
      api.app.deps.db,
    )
    const res = await api.get(`/v1/usage/history/${c.run_id}`, { key })
    expectStatus(res, 200)
    assert.deepEqual(res.body.snapshot, { results: [{ id: 'acme.com' }, { id: 'globex.com' }] })
    assert.equal(res.body.snapshot_state, 'available')
    const requestId = (
      await sql<{ request_id: string }>`select request_id from usage_runs where id = ${c.run_id}`.execute(
        api.app.deps.db,
      )
    ).rows[0]!.request_id
    const report = (entity_id: string) =>
      api.post('/v1/feedback', {
        key,
        body: { subject_ref: { kind: 'request', id: requestId }, target: { kind: 'result', entity_id } },
      })
    const hit = await report('globex.com')
    expectStatus(hit, 201)
    assert.equal(hit.body.target_verified, true)
    assert.equal((await report('initech.com')).body.target_verified, false)
  })

  test('a first page over 256 KB is kept without its snapshot: snapshot null, snapshot_state too_large', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const big = { results: Array.from({ length: 300 }, (_, i) => ({ id: String(i), text: 'x'.repeat(1000) })) }
    const c = await runAtModule(api, key, { snapshot: big })
    const res = await api.get(`/v1/usage/history/${c.run_id}`, { key })
    expectStatus(res, 200)
    assert.equal(res.body.snapshot, null)
    assert.equal(res.body.snapshot_state, 'too_large')
    assert.deepEqual(res.body.request, { body: { query: 'q' } }, 'the rest of the detail is kept')
  })

  test("unknown, another credential's, or past 90 days → 404 history.not_found; the retention job deletes it", async () => {
    const api = await server()
    const a = await api.admin.workspaceWithKey()
    const b = await api.admin.workspaceWithKey()
    const c = await run(api, a.key)
    expectProblem(await api.get('/v1/usage/history/999999999', { key: a.key }), 404, 'history.not_found')
    expectProblem(await api.get(`/v1/usage/history/${c.run_id}`, { key: b.key }), 404, 'history.not_found')
    expectProblem(await api.get('/v1/usage/history/abc', { key: a.key }), 422, 'request.invalid')
    await api.admin.advanceClock(89 * 86_400)
    try {
      expectStatus(await api.get(`/v1/usage/history/${c.run_id}`, { key: a.key }), 200)
      await api.admin.advanceClock(2 * 86_400)
      expectProblem(await api.get(`/v1/usage/history/${c.run_id}`, { key: a.key }), 404, 'history.not_found')
      assert.equal((await api.get('/v1/usage/history', { key: a.key })).body.total, 0)
      const job = await api.post('/admin/v1/jobs/usage.retention', { headers: admin })
      expectStatus(job, 200)
      assert.ok(job.body.affected >= 1)
    } finally {
      await api.admin.resetClock()
    }
    expectProblem(await api.get(`/v1/usage/history/${c.run_id}`, { key: a.key }), 404, 'history.not_found')
  })

  test('a snapshot older than 30 days reads expired', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const c = await run(api, key)
    await api.admin.advanceClock(31 * 86_400)
    try {
      const res = await api.get(`/v1/usage/history/${c.run_id}`, { key })
      assert.equal(res.body.snapshot, null)
      assert.equal(res.body.snapshot_state, 'expired')
    } finally {
      await api.admin.resetClock()
    }
  })
})

describe('GET /v1/usage/metrics', () => {
  test('runs and credits per UTC day, zero-filled, with totals per action type', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await run(api, key)
    await lookedUp(api, key, 3)
    const res = await api.get('/v1/usage/metrics', { key })
    expectStatus(res, 200)
    assert.ok(res.body.days.length >= 30)
    const today = new Date().toISOString().slice(0, 10)
    const day = res.body.days.find((d: { date: string }) => d.date === today)
    assert.deepEqual(day, { date: today, runs: 2, failed_runs: 0, credits: 0.1 })
    assert.equal(res.body.total_runs, 2)
    assert.equal(res.body.total_credits, 0.1)
    assert.deepEqual(res.body.by_action_type, [
      { action_type: 'dsp.entities', runs: 1, credits: 0.06 },
      { action_type: 'dsp.search.fast', runs: 1, credits: 0.04 },
    ])
    expectProblem(
      await api.get('/v1/usage/metrics', { key, query: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' } }),
      422,
      'request.invalid',
    )
  })
})

describe('GET /v1/keys/usage', () => {
  test('buckets per period and action type for the calling key only; default granularity day', async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey()
    const other = await api.admin.createKey(workspace_id)
    await run(api, key)
    await run(api, key)
    await lookedUp(api, key, 1)
    await run(api, other.secret)
    const res = await api.get('/v1/keys/usage', { key })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.equal(res.body.granularity, 'day')
    assert.equal(res.body.total_requests, 3)
    assert.equal(res.body.total_credits, 0.1)
    const fast = res.body.buckets.find((b: { action_type: string }) => b.action_type === 'dsp.search.fast')
    assert.equal(fast.requests, 2)
    assert.equal(fast.credits, 0.08)
    assert.ok(Date.parse(res.body.period_to) - Date.parse(res.body.period_from) >= 30 * 86_400_000 - 1000)
  })

  test('granularity total gives one bucket per action type; an unknown granularity → 422', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await run(api, key)
    const res = await api.get('/v1/keys/usage', { key, query: { granularity: 'total' } })
    assert.equal(res.body.buckets.length, 1)
    assert.equal(res.body.buckets[0].period_start, res.body.period_from)
    expectProblem(await api.get('/v1/keys/usage', { key, query: { granularity: 'week' } }), 422, 'request.invalid')
  })
})

describe('top-ups', () => {
  test('create → pending link valid 15 minutes; completion adds credits, sets order_id, marks the workspace as purchased', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1 })
    const created = await api.post('/v1/billing/top-up/intents', { key })
    expectStatus(created, 201)
    expectMeta(created, { credits_charged: null })
    const { topup_id, url, expires_at } = created.body
    assert.ok(url.includes(`/dashboard/checkout/${topup_id}`))
    const minutes = (Date.parse(expires_at) - Date.parse(created.body.meta.as_of)) / 60_000
    assert.ok(Math.abs(minutes - 15) < 0.1, `link valid ${minutes} min`)
    const pending = await api.get(`/v1/billing/top-up/intents/${topup_id}`, { key })
    expectStatus(pending, 200)
    assert.equal(pending.body.status, 'pending')
    assert.equal(pending.body.credits_added, null)
    assert.equal(pending.body.order_id, null)
    const done = await api.post(`/admin/v1/topups/${topup_id}/complete`, { body: { credits: 250 }, headers: admin })
    expectStatus(done, 200)
    const completed = await api.get(`/v1/billing/top-up/intents/${topup_id}`, { key })
    assert.equal(completed.body.status, 'completed')
    assert.equal(completed.body.credits_added, 250)
    assert.equal(typeof completed.body.order_id, 'number')
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 251)
    expectStatus(
      await api.post(`/admin/v1/topups/${topup_id}/complete`, { body: { credits: 250 }, headers: admin }),
      422,
    )
  })

  test("unknown, expired or another workspace's → 404 payment.topup_not_found", async () => {
    const api = await server()
    const a = await api.admin.workspaceWithKey()
    const b = await api.admin.workspaceWithKey()
    const { topup_id } = (await api.post('/v1/billing/top-up/intents', { key: a.key })).body
    expectProblem(
      await api.get('/v1/billing/top-up/intents/topup_nope', { key: a.key }),
      404,
      'payment.topup_not_found',
    )
    expectProblem(
      await api.get(`/v1/billing/top-up/intents/${topup_id}`, { key: b.key }),
      404,
      'payment.topup_not_found',
    )
    await api.admin.advanceClock(15 * 60)
    try {
      expectProblem(
        await api.get(`/v1/billing/top-up/intents/${topup_id}`, { key: a.key }),
        404,
        'payment.topup_not_found',
      )
      expectProblem(
        await api.post(`/admin/v1/topups/${topup_id}/complete`, { body: { credits: 100 }, headers: admin }),
        404,
        'payment.topup_not_found',
      )
    } finally {
      await api.admin.resetClock()
    }
  })

  test('an amount that cannot be bought → 422 payment.invalid_amount, nothing added', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1 })
    const { topup_id } = (await api.post('/v1/billing/top-up/intents', { key })).body
    for (const credits of [0, -5, 1_000_000, 10.0001])
      expectProblem(
        await api.post(`/admin/v1/topups/${topup_id}/complete`, { body: { credits }, headers: admin }),
        422,
        'payment.invalid_amount',
      )
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 1)
  })

  test('a deployment without a dashboard → 501 request.unsupported', async (t) => {
    const api = await startTestServer({ DSP_DASHBOARD: '0' })
    t.after(() => api.close())
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await api.post('/v1/billing/top-up/intents', { key }), 501, 'request.unsupported')
  })
})
