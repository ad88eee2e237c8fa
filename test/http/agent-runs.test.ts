// Agent runs (platform §2.12, §3.1, §3.2, §3.4, §4.9, §6, §7, §8) on the demo corpus: start with
// its idempotency, quota, ceiling and hold; the engine's answer; settlement on first read, the
// 35-minute lapse, cancel; list, results and the event stream (read with a real SSE parser).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { executeRun, Interrupted } from '../../src/agent/engine.ts'
import { claimAgentRun } from '../../src/domain/agent-runs/progress.ts'
import { startAgentWorker } from '../../src/jobs/agent-worker.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectEnvelope, expectMeta, expectProblem, expectStatus, type Res } from '../support/http.ts'
import { ADMIN_TOKEN, startTestServer, usingPostgres, useTestServer, type TestServer } from '../support/server.ts'

// The entity ceiling is lowered to 5 distinct records: a test that reads results and then starts
// again does so with another credential, except the ceiling's own test.
const server = useTestServer({ DSP_ENTITY_CEILING: '5' }, { demo: true })
// Runs stay pending here: no worker claims them (start slots, cancel of a pending run, null until settled).
const idle = useTestServer({ DSP_AGENT_WORKERS: '0' }, { demo: true })

const RUNS = '/v1/agents/runs'
const READ = ['dsp.agents.read', 'dsp.agents.write'] as const
const WRITE = ['dsp.agents.write'] as const

itEnforcesAuth(server, {
  method: 'POST',
  path: RUNS,
  scopes: WRITE,
  body: { query: 'cloud software', effort: 'minimal' },
  headers: { 'idempotency-key': 'auth-matrix' },
})
itEnforcesAuth(server, { method: 'GET', path: RUNS, scopes: READ })
itEnforcesAuth(server, { method: 'GET', path: `${RUNS}/run_unknown`, scopes: READ })
itEnforcesAuth(server, { method: 'POST', path: `${RUNS}/run_unknown/cancel`, scopes: WRITE })
itEnforcesAuth(server, { method: 'GET', path: `${RUNS}/run_unknown/results`, scopes: READ })
itEnforcesAuth(server, { method: 'GET', path: `${RUNS}/run_unknown/events`, scopes: READ })

let keySeq = 0
const newKey = () => `idem-${process.pid}-${++keySeq}`

function start(
  api: TestServer,
  key: string,
  body: Record<string, unknown>,
  idempotencyKey: string | null = newKey(),
): Promise<Res> {
  return api.post(RUNS, { key, body, headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey } })
}

async function started(
  api: TestServer,
  key: string,
  body: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<string> {
  const res = await start(api, key, body, idempotencyKey)
  expectStatus(res, 202)
  return res.body.run_id as string
}

/** Waits for a terminal status through the list, which never settles. */
async function waitForEnd(api: TestServer, key: string, runId: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await api.get(RUNS, { key, query: { limit: 100 } })
    expectStatus(res, 200)
    const item = res.body.results.find((r: { run_id: string }) => r.run_id === runId)
    assert.ok(item, `run ${runId} not listed`)
    if (['completed', 'failed', 'cancelled'].includes(item.status)) return item.status
    if (Date.now() > until) assert.fail(`run ${runId} still ${item.status} after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const credits = async (api: TestServer, key: string) =>
  (await api.get('/v1/credits', { key })).body.allocated as { remaining: number; reserved: number }

const SIMPLE = { query: 'cloud security companies', effort: 'minimal' }

interface SseEvent {
  id: string | null
  event: string
  data: string
}

/** A small SSE client over fetch's body stream: parses id/event/data fields and blank-line frames (WHATWG rules, comments skipped). */
async function readSse(
  url: string,
  headers: Record<string, string>,
  opts: { stopAfter?: number; timeoutMs?: number } = {},
): Promise<{ status: number; contentType: string | null; events: SseEvent[] }> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 20_000)
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal })
  const events: SseEvent[] = []
  if (!res.ok || !res.body) {
    clearTimeout(timer)
    return { status: res.status, contentType: res.headers.get('content-type'), events }
  }
  const decoder = new TextDecoder()
  let buffer = ''
  let current: { id: string | null; event: string; data: string[] } = { id: null, event: 'message', data: [] }
  try {
    const reader = res.body.getReader()
    outer: for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let nl: number
      while ((nl = buffer.search(/\r\n|\n|\r/)) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1))
        if (line === '') {
          if (current.data.length) events.push({ id: current.id, event: current.event, data: current.data.join('\n') })
          current = { id: null, event: 'message', data: [] }
          if (opts.stopAfter !== undefined && events.length >= opts.stopAfter) {
            controller.abort()
            break outer
          }
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'id') current.id = val
        else if (field === 'event') current.event = val
        else if (field === 'data') current.data.push(val)
      }
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e
  } finally {
    clearTimeout(timer)
  }
  return { status: res.status, contentType: res.headers.get('content-type'), events }
}

describe('POST /v1/agents/runs: start', () => {
  test('202 with the handle; the hold is placed at the tier price and shows as allocated.reserved; history lists it pending', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await start(api, key, { query: 'cloud security companies', effort: 'low' })
    expectStatus(res, 202)
    expectMeta(res, { environment: 'live' })
    assert.match(res.body.run_id, /^run_/)
    assert.ok(['pending', 'running', 'completed'].includes(res.body.status))
    assert.deepEqual(await credits(api, key), {
      granted: 100,
      remaining: 100,
      reserved: 2.125,
      expires_at: null,
    } as never)
    const history = await api.get('/v1/usage/history', { key })
    const row = history.body.results[0]
    assert.equal(row.action_type, 'dsp.agent.run.low')
    assert.equal(row.query, 'cloud security companies')
    assert.equal(row.status, 'pending')
    assert.equal(row.credits_charged, 0)
  })

  test('Idempotency-Key missing, empty or over 255 characters → 400 request.invalid; nothing started or held', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    expectProblem(await start(api, key, SIMPLE, null), 400, 'request.invalid')
    expectProblem(await start(api, key, SIMPLE, ''), 400, 'request.invalid')
    const long = await start(api, key, SIMPLE, 'k'.repeat(256))
    expectProblem(long, 400, 'request.invalid')
    assert.deepEqual(long.body.extra.errors[0].loc, ['header', 'Idempotency-Key'])
    expectStatus(await start(api, key, SIMPLE, 'k'.repeat(255)), 202)
    const list = await api.get(RUNS, { key })
    assert.equal(list.body.results.length, 1, 'only the run with a valid key exists')
  })

  test('body per §4.9: unknown fields, bounds and enums → 422; nothing held', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const bad: Record<string, unknown>[] = [
      { ...SIMPLE, surprise: true },
      { query: '' },
      { query: 'x'.repeat(4001) },
      { query: 'x', category: 'patent' },
      { query: 'x', effort: 'maximal' },
      { query: 'x', criteria: Array.from({ length: 11 }, (_, i) => `c${i}`) },
      { query: 'x', enrichments: Array.from({ length: 21 }, (_, i) => `e${i}`) },
      { query: 'x', exclusion: Array.from({ length: 1001 }, (_, i) => `e${i}.com`) },
    ]
    for (const body of bad) expectProblem(await start(api, key, body), 422, 'request.invalid')
    assert.equal((await credits(api, key)).reserved, 0)
    assert.equal((await api.get(RUNS, { key })).body.results.length, 0)
  })

  test('a key already used in the workspace → 200 with the original handle whatever the body; two credentials share it; no second hold', async () => {
    const api = await server()
    const ws = await api.admin.workspaceWithKey({ credits: 100 })
    const second = await api.admin.createKey(ws.workspace_id, { scopes: ['dsp.agents.write', 'dsp.usage.read'] })
    const idem = newKey()
    const first = await start(api, ws.key, { query: 'cloud security companies', effort: 'low' }, idem)
    expectStatus(first, 202)
    const replay = await start(api, second.secret, { query: 'something else entirely', effort: 'xhigh' }, idem)
    expectStatus(replay, 200)
    assert.equal(replay.body.run_id, first.body.run_id)
    expectMeta(replay)
    const again = await start(api, ws.key, { query: 'third body' }, idem)
    expectStatus(again, 200)
    assert.equal(again.body.run_id, first.body.run_id)
    const invalid = await start(api, ws.key, { surprise: true }, idem)
    expectStatus(invalid, 200)
    assert.equal(invalid.body.run_id, first.body.run_id, 'whatever the body says')
    assert.equal((await credits(api, ws.key)).reserved, 2.125, 'one hold only')
    assert.equal((await api.get(RUNS, { key: ws.key })).body.results.length, 1)
    // Another workspace using the same key starts its own run.
    const other = await api.admin.workspaceWithKey({ credits: 10 })
    const elsewhere = await start(api, other.key, SIMPLE, idem)
    expectStatus(elsewhere, 202)
    assert.notEqual(elsewhere.body.run_id, first.body.run_id)
  })

  test('eight simultaneous starts with one key: one run, one hold, one 202 and seven 200 with its handle (never a 429)', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const idem = newKey()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        start(api, key, { query: i % 2 ? 'cloud security companies' : 'another body, same key', effort: 'low' }, idem),
      ),
    )
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [200, 200, 200, 200, 200, 200, 200, 202],
      JSON.stringify(answers.map((a) => a.body)),
    )
    assert.equal(new Set(answers.map((a) => a.body.run_id)).size, 1)
    assert.equal((await credits(api, key)).reserved, 2.125)
  })

  test(
    'simultaneous starts with one key through two API processes on one database: one run, one hold, one lease (PostgreSQL + Redis)',
    { skip: usingPostgres() && process.env.DSP_TEST_REDIS_URL ? false : 'needs a shared database and limiter store' },
    async () => {
      const api = await server()
      const other = await startTestServer({ DATABASE_URL: api.app.deps.config.DATABASE_URL! })
      try {
        const { key } = await api.admin.workspaceWithKey({ credits: 100 })
        // Four runs of other keys first: one lease is left, and the duplicates must all share it.
        for (let i = 0; i < 4; i++) expectStatus(await start(api, key, { query: `filler ${i}`, effort: 'low' }), 202)
        const idem = newKey()
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            start(i % 2 ? api : other, key, { query: 'cloud security companies', effort: 'low' }, idem),
          ),
        )
        assert.deepEqual(
          answers.map((a) => a.status).sort(),
          [200, 200, 200, 200, 200, 200, 200, 202],
          JSON.stringify(answers.map((a) => a.body)),
        )
        assert.equal(new Set(answers.map((a) => a.body.run_id)).size, 1)
        assert.equal((await credits(api, key)).reserved, 5 * 2.125)
      } finally {
        await other.stop()
      }
    },
  )

  test('the balance cannot cover the hold → 402 credits.insufficient; nothing started; auto holds 85', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 40 })
    const res = await start(api, key, { query: 'cloud security companies', effort: 'auto' })
    expectProblem(res, 402, 'credits.insufficient')
    assert.equal(res.body.extra.required, 85)
    assert.equal(res.body.extra.available, 40)
    assert.equal(res.body.extra.action_type, 'dsp.agent.run.xhigh')
    expectProblem(await start(api, key, { query: 'x', effort: 'high' }), 402, 'credits.insufficient')
    assert.equal((await api.get(RUNS, { key })).body.results.length, 0)
    assert.equal((await credits(api, key)).reserved, 0)
    assert.equal((await api.get('/v1/usage/history', { key })).body.results.length, 0)
  })

  test('the agent engine down → 503 upstream.unavailable (Retry-After), erring → 502; nothing held or started', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    await api.admin.fault('agent_engine', 'down')
    try {
      const down = await start(api, key, SIMPLE)
      expectProblem(down, 503, 'upstream.unavailable')
      assert.equal(down.headers.get('retry-after'), '5')
      await api.admin.fault('agent_engine', 'error')
      expectProblem(await start(api, key, SIMPLE), 502, 'upstream.unavailable')
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal((await credits(api, key)).reserved, 0)
    assert.equal((await api.get(RUNS, { key })).body.results.length, 0)
    // The same key works once the engine is back.
    expectStatus(await start(api, key, SIMPLE), 202)
  })

  test('six simultaneous starts by one credential: five accepted, the sixth 429 quota.concurrency_exceeded with Retry-After 30', async () => {
    const api = await idle()
    const ws = await api.admin.workspaceWithKey({ credits: 100 })
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(api, ws.key, SIMPLE)))
    const statuses = answers.map((a) => a.status).sort()
    assert.deepEqual(statuses, [202, 202, 202, 202, 202, 429])
    const refused = answers.find((a) => a.status === 429)!
    expectProblem(refused, 429, 'quota.concurrency_exceeded')
    assert.equal(refused.headers.get('retry-after'), '30')
    assert.equal((await credits(api, ws.key)).reserved, 5.1, 'five holds of 1.02')
    // Another credential of the workspace has its own slots.
    const other = await api.admin.createKey(ws.workspace_id, { scopes: ['dsp.agents.write'] })
    expectStatus(await start(api, other.secret, SIMPLE), 202)
    // Cancelling a run frees its slot.
    const accepted = answers.find((a) => a.status === 202)!
    expectStatus(await api.post(`${RUNS}/${accepted.body.run_id}/cancel`, { key: ws.key }), 200)
    expectStatus(await start(api, ws.key, SIMPLE), 202)
    for (const r of (await api.get(RUNS, { key: ws.key })).body.results)
      await api.post(`${RUNS}/${r.run_id}/cancel`, { key: ws.key })
  })
})

describe('the engine: answer of a completed run', () => {
  test('rows satisfy every criterion (per-row checks, success_rate in coverage.criteria); columns filled from fields, unsupported ones empty; summary; cited insights', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, {
      query: 'payments companies',
      effort: 'low',
      criteria: ['more than 50 employees', 'offers a card-issuing API'],
      enrichments: ['headcount', 'hq', 'tech stack', 'favourite colour'],
    })
    assert.equal(await waitForEnd(api, key, runId), 'completed')
    const run = await api.get(`${RUNS}/${runId}`, { key })
    expectStatus(run, 200)
    const b = run.body
    for (const f of [
      'run_id',
      'status',
      'meta',
      'summary',
      'coverage',
      'degradation',
      'effort',
      'effort_ran',
      'credits_charged',
      'error',
      'exclusions',
      'insights',
      'insight_sources',
      'stop_reason',
    ])
      assert.ok(f in b, `run lacks ${f}`)
    assert.equal(b.effort, 'low')
    assert.equal(b.error, null)
    assert.ok(
      ['exhausted', 'candidate_budget', 'search_budget', 'searches_complete', 'no_matches'].includes(b.stop_reason),
      b.stop_reason,
    )
    const sentences = b.summary.split(/(?<=\.)\s+(?=[A-Z0-9])/).filter(Boolean)
    assert.ok(sentences.length >= 2 && sentences.length <= 3, `summary: ${b.summary}`)
    const criteria = b.coverage.criteria
    assert.equal(criteria.length, 2)
    const [size, api_] = criteria
    assert.equal(size.proven_by, 'query', 'a size phrase becomes a filter of every search')
    assert.equal(api_.proven_by, 'judged')
    for (const c of criteria) {
      assert.ok(c.evaluated >= c.passed)
      assert.equal(c.success_rate, c.evaluated ? Math.round((c.passed / c.evaluated) * 1000) / 1000 : null)
    }
    assert.equal(b.coverage.audited, true)
    assert.equal(b.coverage.enumerated, b.result_count)
    assert.ok(
      b.degradation.some(
        (d: { reason: string; detail: string }) =>
          d.reason === 'enrichment_unsupported' && d.detail.includes('favourite colour'),
      ),
    )
    for (const insight of b.insights) {
      assert.ok(insight.citations.length >= 1)
      for (const c of insight.citations)
        assert.ok(
          b.insight_sources.some((s: { id: string }) => s.id === c),
          `citation ${c} has no source`,
        )
    }
    for (const s of b.insight_sources)
      assert.ok(['news_article', 'market_report', 'academic_report'].includes(s.category))

    const results = await api.get(`${RUNS}/${runId}/results`, { key, query: { limit: 100 } })
    expectStatus(results, 200)
    assert.ok(results.body.results.length > 0, 'the demo corpus has card-issuing payments companies')
    assert.deepEqual(
      results.body.columns.map((c: { name: string }) => c.name),
      ['headcount', 'hq', 'tech stack', 'favourite colour'],
    )
    const colour = results.body.columns.find((c: { name: string }) => c.name === 'favourite colour')
    assert.deepEqual(colour, { name: 'favourite colour', source: null, supported: false, filled: 0 })
    for (const row of results.body.results) {
      assert.equal(row.category, 'company')
      assert.ok(row.record.employee_count > 50, 'proven by the filter')
      assert.match(JSON.stringify(row.record).toLowerCase(), /card-issuing/)
      assert.equal(row.enrichments.headcount, row.record.employee_count)
      assert.equal(row.enrichments.hq, row.record.location ?? null)
      assert.deepEqual(row.enrichments['tech stack'], row.record.technology?.length ? row.record.technology : null)
      assert.equal(row.enrichments['favourite colour'], null, 'never guessed')
      assert.equal(row.criteria.length, 2)
      for (const c of row.criteria) assert.equal(c.passed, true)
      assert.equal(row.criteria[1].proven_by, 'judged')
      assert.match(row.criteria[1].evidence.toLowerCase(), /card/)
    }
  })

  test('exclusion leaves records out of the rows while coverage is measured against the whole matching set', async () => {
    const api = await server()
    const ws = await api.admin.workspaceWithKey({ credits: 100 })
    const key = ws.key
    const body = { query: 'cloud security companies', effort: 'minimal' }
    const first = await started(api, key, body)
    await waitForEnd(api, key, first)
    const full = (await api.get(`${RUNS}/${first}/results`, { key, query: { limit: 100 } })).body
    assert.ok(full.results.length >= 2)
    const excluded = [full.results[0].id, `https://www.${full.results[1].record.domain}/`]
    // Another credential starts the second run: this one has been shown its ceiling's worth of records.
    const starter = (await api.admin.createKey(ws.workspace_id, { scopes: ['dsp.agents.write'] })).secret
    const second = await started(api, starter, { ...body, exclusion: excluded })
    await waitForEnd(api, key, second)
    const run = (await api.get(`${RUNS}/${second}`, { key })).body
    const rows = (await api.get(`${RUNS}/${second}/results`, { key, query: { limit: 100 } })).body
    const ids = rows.results.map((r: { id: string }) => r.id)
    assert.ok(!ids.includes(full.results[0].id) && !ids.includes(full.results[1].id))
    assert.equal(rows.total, full.total - 2)
    assert.equal(run.coverage.universe, full.coverage.universe, 'the universe still counts the excluded records')
    assert.ok(run.exclusions.some((e: string) => e.includes('exclusion list')))
  })

  test('deterministic: the same query and tier give the same rows in the same order', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = {
      query: 'engineering managers at software companies',
      category: 'person',
      effort: 'minimal',
      criteria: ['knows Kubernetes'],
    }
    const a = await started(api, key, body)
    const b = await started(api, key, body)
    await waitForEnd(api, key, a)
    await waitForEnd(api, key, b)
    const rowsOf = async (id: string) =>
      (await api.get(`${RUNS}/${id}/results`, { key, query: { limit: 100 } })).body.results.map(
        (r: { id: string; category: string }) => `${r.category}:${r.id}`,
      )
    const ra = await rowsOf(a)
    assert.deepEqual(await rowsOf(b), ra)
    for (const id of ra) assert.match(id, /^person:[0-9a-f]{16}$/)
  })

  test('auto holds 85 while choosing, then charges the tier it ran (effort_ran) and releases the rest', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, { query: 'cloud security companies', effort: 'auto' })
    assert.equal((await credits(api, key)).reserved, 85)
    await waitForEnd(api, key, runId)
    const run = (await api.get(`${RUNS}/${runId}`, { key })).body
    assert.equal(run.effort, 'auto')
    assert.equal(run.effort_ran, 'low', 'a short query without criteria runs low')
    assert.equal(run.credits_charged, 2.125)
    assert.deepEqual(await credits(api, key), {
      granted: 100,
      remaining: 97.875,
      reserved: 0,
      expires_at: null,
    } as never)
    const history = (await api.get('/v1/usage/history', { key })).body.results[0]
    assert.equal(history.action_type, 'dsp.agent.run.low')
  })
})

describe('the engine: restart-safe', () => {
  test('a run whose worker died after its plan is claimed again once the lease expires and resumes from its checkpoint', async () => {
    const api = await idle()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, { query: 'cloud security companies', effort: 'low' })
    // A worker claims the run, commits its plan, and dies (stops before the first search).
    const claim = await claimAgentRun(api.app.deps, 'wkr_dead')
    assert.equal(claim?.run.id, runId)
    let steps = 0
    await assert.rejects(
      executeRun(api.app.deps, claim!, () => steps++ > 0),
      Interrupted,
    )
    assert.equal((await api.get(RUNS, { key })).body.results[0].status, 'running')
    const worker = startAgentWorker(api.app.deps, { concurrency: 1, pollMs: 50 })
    try {
      await new Promise((r) => setTimeout(r, 300))
      assert.equal(
        (await api.get(RUNS, { key })).body.results[0].status,
        'running',
        'not claimed while the lease holds',
      )
      await api.admin.advanceClock(api.app.deps.config.DSP_AGENT_LEASE_SECONDS + 1)
      assert.equal(await waitForEnd(api, key, runId), 'completed')
    } finally {
      await worker.stop()
      await api.admin.resetClock()
    }
    const { events } = await readSse(`${api.url}${RUNS}/${runId}/events`, { 'x-api-key': key })
    const names = events.map((e) => e.event)
    assert.equal(names.filter((n) => n === 'plan').length, 1, 'the plan is not repeated')
    assert.deepEqual(
      events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data).status),
      ['pending', 'running', 'completed'],
    )
    assert.equal(names[names.length - 1], 'done')
    const run = (await api.get(`${RUNS}/${runId}`, { key })).body
    assert.equal(run.credits_charged, 2.125)
  })
})

describe('GET /v1/agents/runs/{run_id}: settlement', () => {
  test('null until settled; the first read of a finished run charges the tier and releases the rest; later reads charge nothing', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, { query: 'cloud security companies', effort: 'low' })
    assert.equal(await waitForEnd(api, key, runId), 'completed')
    assert.equal((await credits(api, key)).reserved, 2.125, 'listing does not settle')
    const history = (await api.get('/v1/usage/history', { key })).body.results[0]
    assert.equal(history.status, 'pending', 'pending until settled')
    const first = await api.get(`${RUNS}/${runId}`, { key })
    expectStatus(first, 200)
    expectMeta(first, { credits_charged: 2.125 })
    assert.equal(first.body.status, 'completed')
    assert.equal(first.body.effort_ran, 'low')
    assert.equal(first.body.credits_charged, 2.125)
    assert.deepEqual(await credits(api, key), {
      granted: 100,
      remaining: 97.875,
      reserved: 0,
      expires_at: null,
    } as never)
    const second = await api.get(`${RUNS}/${runId}`, { key })
    expectMeta(second, { credits_charged: 0 })
    assert.equal(second.body.credits_charged, 2.125)
    assert.equal((await credits(api, key)).remaining, 97.875)
    const settled = (await api.get('/v1/usage/history', { key })).body.results[0]
    assert.equal(settled.status, 'ok')
    assert.equal(settled.credits_charged, 2.125)
    assert.equal(settled.error_code, null)
    assert.equal(settled.result_count, first.body.result_count)
  })

  test('a pending run reads with credits_charged and effort_ran null, never 0', async () => {
    const api = await idle()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, SIMPLE)
    const run = await api.get(`${RUNS}/${runId}`, { key })
    expectStatus(run, 200)
    assert.equal(run.body.status, 'pending')
    assert.equal(run.body.credits_charged, null)
    assert.equal(run.body.effort_ran, null)
    assert.equal(run.body.coverage, null)
    assert.equal(run.body.summary, '')
    expectStatus(await api.post(`${RUNS}/${runId}/cancel`, { key }), 200)
  })

  test('a hold lapses 35 minutes after start: never charged; a later read reports 0; history lists it failed with error_code unsettled', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const read = await started(api, key, { query: 'cloud security companies', effort: 'low' })
    const unread = await started(api, key, { query: 'payments companies', effort: 'minimal' })
    await waitForEnd(api, key, read)
    await waitForEnd(api, key, unread)
    await api.admin.advanceClock(35 * 60 + 1)
    try {
      const history = (await api.get('/v1/usage/history', { key })).body.results
      for (const row of history) {
        assert.equal(row.status, 'failed')
        assert.equal(row.error_code, 'unsettled')
        assert.equal(row.credits_charged, 0)
      }
      const run = await api.get(`${RUNS}/${read}`, { key })
      expectStatus(run, 200)
      assert.equal(run.body.status, 'completed')
      assert.equal(run.body.credits_charged, 0)
      expectMeta(run, { credits_charged: 0 })
      const jobs = await api.admin.raw('POST', '/admin/v1/jobs/credits.expire_holds', undefined, {
        'x-admin-token': ADMIN_TOKEN,
      })
      expectStatus(jobs, 200)
      assert.deepEqual(await credits(api, key), {
        granted: 100,
        remaining: 100,
        reserved: 0,
        expires_at: null,
      } as never)
      assert.equal((await api.get(`${RUNS}/${unread}`, { key })).body.credits_charged, 0)
      const after = (await api.get('/v1/usage/history', { key })).body.results
      assert.ok(
        after.every(
          (r: { status: string; error_code: string }) => r.status === 'failed' && r.error_code === 'unsettled',
        ),
      )
    } finally {
      await api.admin.resetClock()
    }
  })

  test('test keys: hold 0, charge 0, degradation billing_bypassed', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 5, environment: 'test' })
    const res = await start(api, key, { query: 'cloud security companies', effort: 'xhigh' })
    expectStatus(res, 202)
    expectMeta(res, { environment: 'test' })
    assert.equal((await credits(api, key)).reserved, 0)
    await waitForEnd(api, key, res.body.run_id, 30_000)
    const run = await api.get(`${RUNS}/${res.body.run_id}`, { key })
    assert.equal(run.body.credits_charged, 0)
    assert.equal(run.body.effort_ran, 'xhigh')
    assert.ok(run.body.degradation.some((d: { reason: string }) => d.reason === 'billing_bypassed'))
    assert.equal((await credits(api, key)).remaining, 5)
  })

  test("visible to every credential of the workspace with a read scope; another workspace's run → 404 request.invalid", async () => {
    const api = await server()
    const ws = await api.admin.workspaceWithKey({ credits: 100 })
    const reader = await api.admin.createKey(ws.workspace_id, { scopes: ['dsp.agents.read'] })
    const runId = await started(api, ws.key, SIMPLE)
    const seen = await api.get(`${RUNS}/${runId}`, { key: reader.secret })
    expectStatus(seen, 200)
    assert.equal(seen.body.run_id, runId)
    const other = await api.admin.workspaceWithKey({ credits: 100 })
    expectProblem(await api.get(`${RUNS}/${runId}`, { key: other.key }), 404, 'request.invalid')
    expectProblem(await api.get(`${RUNS}/${runId}/results`, { key: other.key }), 404, 'request.invalid')
    expectProblem(await api.post(`${RUNS}/${runId}/cancel`, { key: other.key }), 404, 'request.invalid')
    expectProblem(await api.get(`${RUNS}/${runId}/events`, { key: other.key }), 404, 'request.invalid')
    expectProblem(await api.get(`${RUNS}/run_nope`, { key: ws.key }), 404, 'request.invalid')
    expectProblem(await api.post(`${RUNS}/${runId}/cancel`, { key: reader.secret }), 403, 'auth.insufficient_scope')
  })
})

describe('GET /v1/agents/runs', () => {
  test("the workspace's runs newest first, RunListItem fields and meta; limit 1..100; unknown parameters 422", async () => {
    const api = await idle()
    const ws = await api.admin.workspaceWithKey({ credits: 100 })
    const other = await api.admin.createKey(ws.workspace_id, { scopes: ['dsp.agents.write'] })
    const a = await started(api, ws.key, { query: 'first run', effort: 'minimal' })
    const b = await started(api, other.secret, { query: 'second run', effort: 'minimal' })
    const res = await api.get(RUNS, { key: ws.key })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.deepEqual(
      res.body.results.map((r: { run_id: string }) => r.run_id),
      [b, a],
    )
    assert.deepEqual(Object.keys(res.body.results[0]).sort(), [
      'created_at',
      'finished_at',
      'query',
      'run_id',
      'status',
    ])
    assert.equal(res.body.results[0].query, 'second run')
    assert.equal(res.body.results[0].finished_at, null)
    assert.equal((await api.get(RUNS, { key: ws.key, query: { limit: 1 } })).body.results.length, 1)
    expectProblem(await api.get(RUNS, { key: ws.key, query: { limit: 0 } }), 422, 'request.invalid')
    expectProblem(await api.get(RUNS, { key: ws.key, query: { limit: 101 } }), 422, 'request.invalid')
    expectProblem(await api.get(RUNS, { key: ws.key, query: { cursor: 'x' } }), 422, 'request.invalid')
    for (const id of [a, b]) await api.post(`${RUNS}/${id}/cancel`, { key: ws.key })
  })
})

describe('POST /v1/agents/runs/{run_id}/cancel', () => {
  test('stops a pending run: cancelled, the whole hold released, charged 0, settled by the call; cancelling again changes nothing', async () => {
    const api = await idle()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, { query: 'cloud security companies', effort: 'medium' })
    assert.equal((await credits(api, key)).reserved, 8.5)
    const res = await api.post(`${RUNS}/${runId}/cancel`, { key, body: { reason: 'changed my mind' } })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: 0 })
    assert.equal(res.body.status, 'cancelled')
    assert.equal(res.body.credits_charged, 0)
    assert.equal(res.body.stop_reason, 'cancelled')
    assert.match(res.body.error, /changed my mind/)
    assert.ok(res.body.finished_at)
    assert.deepEqual(await credits(api, key), { granted: 100, remaining: 100, reserved: 0, expires_at: null } as never)
    const again = await api.post(`${RUNS}/${runId}/cancel`, { key })
    expectStatus(again, 200)
    assert.equal(again.body.status, 'cancelled')
    assert.equal(again.body.finished_at, res.body.finished_at)
    const history = (await api.get('/v1/usage/history', { key })).body.results[0]
    assert.equal(history.status, 'failed')
    assert.equal(history.credits_charged, 0)
    expectProblem(await api.post(`${RUNS}/${runId}/cancel`, { key, body: { surprise: 1 } }), 422, 'request.invalid')
  })

  test('on a completed, unsettled run: unchanged, and the call settles it (charged its tier)', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, { query: 'cloud security companies', effort: 'minimal' })
    await waitForEnd(api, key, runId)
    const res = await api.post(`${RUNS}/${runId}/cancel`, { key })
    expectStatus(res, 200)
    assert.equal(res.body.status, 'completed')
    assert.equal(res.body.credits_charged, 1.02)
    expectMeta(res, { credits_charged: 1.02 })
    assert.equal((await credits(api, key)).remaining, 98.98)
  })
})

describe('GET /v1/agents/runs/{run_id}/results', () => {
  test('the list envelope with columns; free; cursor pages walk every row; never settles', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, {
      query: 'cloud security companies',
      effort: 'low',
      enrichments: ['website', 'founded'],
    })
    await waitForEnd(api, key, runId)
    const ids: string[] = []
    let cursor: string | null = null
    let total = -1
    do {
      const page: Res = await api.get(`${RUNS}/${runId}/results`, {
        key,
        query: { limit: 2, cursor: cursor ?? undefined },
      })
      expectEnvelope(page, { credits_charged: null })
      assert.equal(page.body.has_more, page.body.next_cursor !== null)
      assert.deepEqual(
        page.body.columns.map((c: { name: string; source: string }) => [c.name, c.source]),
        [
          ['website', 'website'],
          ['founded', 'founded_year'],
        ],
      )
      for (const row of page.body.results) {
        for (const f of ['id', 'category', 'score', 'position', 'record', 'enrichments', 'criteria'])
          assert.ok(f in row, `row lacks ${f}`)
        assert.equal(row.position, ids.length)
        ids.push(row.id)
      }
      total = page.body.total
      cursor = page.body.next_cursor
    } while (cursor)
    assert.ok(total > 2, 'several pages')
    assert.equal(ids.length, total)
    assert.equal(new Set(ids).size, total)
    assert.equal((await credits(api, key)).reserved, 2.125, 'reading results never settles')
    expectProblem(
      await api.get(`${RUNS}/${runId}/results`, { key, query: { cursor: 'nope.nope' } }),
      422,
      'pagination.cursor_invalid',
    )
    expectProblem(await api.get(`${RUNS}/${runId}/results`, { key, query: { offset: 2 } }), 422, 'request.invalid')
  })

  test('columns: null for a plain entity table (no enrichments), the array with enrichments; the run read agrees', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const plain = await started(api, key, { query: 'cloud security companies', effort: 'minimal' })
    const enriched = await started(api, key, {
      query: 'cloud security companies',
      effort: 'minimal',
      enrichments: ['website'],
    })
    for (const runId of [plain, enriched]) assert.equal(await waitForEnd(api, key, runId), 'completed')
    const plainResults = await api.get(`${RUNS}/${plain}/results`, { key })
    expectStatus(plainResults, 200)
    assert.ok(plainResults.body.results.length > 0, 'plain rows: ' + plainResults.text.slice(0, 300))
    assert.equal(plainResults.body.columns, null)
    const plainRead = await api.get(`${RUNS}/${plain}`, { key })
    expectStatus(plainRead, 200)
    assert.ok('columns' in plainRead.body, 'read: ' + plainRead.text.slice(-700))
    assert.equal(plainRead.body.columns, null)
    const enrichedResults = await api.get(`${RUNS}/${enriched}/results`, { key })
    const enrichedRead = await api.get(`${RUNS}/${enriched}`, { key })
    const expected = [{ name: 'website', source: 'website', supported: true }]
    for (const res of [enrichedResults, enrichedRead]) {
      expectStatus(res, 200)
      assert.deepEqual(
        res.body.columns.map((c: { name: string; source: string; supported: boolean }) => ({
          name: c.name,
          source: c.source,
          supported: c.supported,
        })),
        expected,
      )
      assert.ok(Number.isInteger(res.body.columns[0].filled))
    }
    assert.deepEqual(enrichedRead.body.columns, enrichedResults.body.columns)
  })

  test("a person run's industry column is the employer's industry (current_employer.industry)", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, {
      query: 'engineers in Germany',
      category: 'person',
      effort: 'minimal',
      enrichments: ['industry'],
    })
    assert.equal(await waitForEnd(api, key, runId), 'completed')
    const res = await api.get(`${RUNS}/${runId}/results`, { key, query: { limit: 100 } })
    expectStatus(res, 200)
    assert.deepEqual(
      res.body.columns.map((c: { name: string; source: string; supported: boolean }) => [
        c.name,
        c.source,
        c.supported,
      ]),
      [['industry', 'current_employer.industry', true]],
    )
    const rows = res.body.results as {
      record: { current_employer: { industry: string | null } }
      enrichments: { industry: unknown }
    }[]
    assert.ok(rows.length > 0, res.text.slice(0, 300))
    for (const row of rows) {
      assert.ok(row.record.current_employer.industry, JSON.stringify(row.record.current_employer))
      assert.equal(row.enrichments.industry, row.record.current_employer.industry)
    }
  })

  test('a run without an answer yet: no rows, coverage null', async () => {
    const api = await idle()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, SIMPLE)
    const res = await api.get(`${RUNS}/${runId}/results`, { key })
    expectStatus(res, 200)
    assert.deepEqual(res.body.results, [])
    assert.equal(res.body.total, 0)
    assert.equal(res.body.coverage, null)
    assert.equal(res.body.columns, null)
    await api.post(`${RUNS}/${runId}/cancel`, { key })
  })
})

describe('GET /v1/agents/runs/{run_id}/events', () => {
  test('server-sent events from pending to done: status changes, plan, each search step, rows found, criterion progress; resumable with Last-Event-ID; never settles', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, {
      query: 'payments companies',
      effort: 'low',
      criteria: ['offers a card-issuing API'],
    })
    const url = `${api.url}${RUNS}/${runId}/events`
    const live = await readSse(url, { 'x-api-key': key })
    assert.equal(live.status, 200)
    assert.match(live.contentType ?? '', /^text\/event-stream/)
    const names = live.events.map((e) => e.event)
    assert.equal(names[0], 'status')
    assert.deepEqual(JSON.parse(live.events[0]!.data).status, 'pending')
    assert.equal(names[names.length - 1], 'done')
    for (const n of ['plan', 'search_step', 'rows_found', 'criterion_progress', 'insights', 'enrichment'])
      assert.ok(names.includes(n), `no ${n} event in ${names.join(',')}`)
    const statuses = live.events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data).status)
    assert.deepEqual(statuses, ['pending', 'running', 'completed'])
    const ids = live.events.map((e) => Number(e.id))
    assert.deepEqual(
      ids,
      ids.map((_, i) => i + 1),
      'ids are 1, 2, 3…',
    )
    const plan = JSON.parse(live.events.find((e) => e.event === 'plan')!.data)
    assert.equal(plan.tier, 'low')
    assert.ok(plan.searches.length >= 1)
    const progress = JSON.parse(live.events.find((e) => e.event === 'criterion_progress')!.data)
    assert.equal(progress.criteria[0].criterion, 'offers a card-issuing API')
    assert.equal(JSON.parse(live.events[live.events.length - 1]!.data).status, 'completed')

    // Resume after the third event: exactly the rest, then the stream ends.
    const resumed = await readSse(url, { 'x-api-key': key, 'last-event-id': '3' })
    assert.deepEqual(
      resumed.events.map((e) => e.id),
      live.events.slice(3).map((e) => e.id),
    )
    assert.deepEqual(
      resumed.events.map((e) => e.data),
      live.events.slice(3).map((e) => e.data),
    )
    const atEnd = await readSse(url, { 'x-api-key': key, 'last-event-id': String(ids.length) })
    assert.equal(atEnd.events.length, 0)

    assert.equal((await credits(api, key)).reserved, 2.125, 'the stream never settles')
  })

  test('a stream opened on a pending run follows it live, and a cancel ends it', async () => {
    const api = await idle()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, key, SIMPLE)
    const reading = readSse(`${api.url}${RUNS}/${runId}/events`, { 'x-api-key': key })
    await new Promise((r) => setTimeout(r, 300))
    expectStatus(await api.post(`${RUNS}/${runId}/cancel`, { key }), 200)
    const { events } = await reading
    assert.deepEqual(
      events.map((e) => e.event),
      ['status', 'status', 'done'],
    )
    assert.equal(JSON.parse(events[2]!.data).status, 'cancelled')
  })
})

describe('quota.entity_ceiling', () => {
  test('a credential shown DSP_ENTITY_CEILING distinct records in 30 days → 429 with seen and limit; nothing held; other credentials unaffected', async () => {
    const api = await server()
    const ws = await api.admin.workspaceWithKey({ credits: 100 })
    const runId = await started(api, ws.key, { query: 'cloud security companies', effort: 'low' })
    await waitForEnd(api, ws.key, runId)
    const rows = await api.get(`${RUNS}/${runId}/results`, { key: ws.key, query: { limit: 100 } })
    assert.ok(rows.body.results.length >= 5, 'the run returns at least five records')
    // Reading the same rows again shows no new records.
    await api.get(`${RUNS}/${runId}/results`, { key: ws.key, query: { limit: 100 } })
    const before = (await credits(api, ws.key)).reserved
    const res = await start(api, ws.key, SIMPLE)
    expectProblem(res, 429, 'quota.entity_ceiling')
    assert.equal(res.body.extra.seen, rows.body.results.length)
    assert.equal(res.body.extra.limit, 5)
    assert.ok(res.headers.get('retry-after'))
    assert.equal((await credits(api, ws.key)).reserved, before, 'nothing held')
    const other = await api.admin.createKey(ws.workspace_id, { scopes: ['dsp.agents.write'] })
    expectStatus(await start(api, other.secret, SIMPLE), 202)
  })
})
