// Observability (issue 28 item 3): Prometheus /metrics behind its token on the API port or on a
// port of its own, the figures it reports after real traffic, one access-log line per request at
// info with a W3C traceparent's trace id, and nothing secret in either.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { expectProblem, expectStatus } from '../support/http.ts'
import { processData, startProcess, type ProcessData, type ServerProcess } from '../support/process.ts'
import { ADMIN_TOKEN, startTestServer, useTestServer, type TestServer } from '../support/server.ts'
import { parseTraceparent } from '../../src/http/plugins/metrics.ts'

const METRICS_TOKEN = 'metrics-token-' + 'm'.repeat(32)
const server = useTestServer({ DSP_METRICS_TOKEN: METRICS_TOKEN }, { demo: true })

/** The value of one sample of the exposition text; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3])
  }
  return undefined
}

const milli = (n: number) => Math.round(n * 1000)

async function scrape(api: TestServer): Promise<string> {
  const res = await api.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  expectStatus(res, 200)
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
  return res.text
}

describe('GET /metrics on the API port (DSP_METRICS_TOKEN)', () => {
  test('without the token, or with another, 401 auth.unauthorized; not in the OpenAPI description', async () => {
    const api = await server()
    expectProblem(await api.get('/metrics'), 401, 'auth.unauthorized')
    expectProblem(
      await api.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } }),
      401,
      'auth.unauthorized',
    )
    // An API key is not the metrics token.
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await api.get('/metrics', { key }), 401, 'auth.unauthorized')
    const openapi = await api.get('/openapi.json')
    assert.equal(Object.keys(openapi.body.paths).includes('/metrics'), false)
  })

  test('requests by route and status with latencies, credits by action, agent runs, store connections, ingest, limiter fallbacks', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const before = await scrape(api)
    const count = (t: string, labels: Record<string, string>) => sample(t, 'dsp_http_requests_total', labels) ?? 0
    const searchLabels = { method: 'POST', route: '/v1/search', status: '200' }

    const search = await api.post('/v1/search', {
      key,
      body: { query: 'software', mode: 'fast', category: 'company', limit: 5 },
    })
    expectStatus(search, 200)
    assert.equal(search.body.meta.credits_charged, 0.1)
    expectStatus(await api.get('/v1/no-such-route', { key }), 404)
    expectStatus(await api.get('/v1/credits'), 401)
    // An ingest with one good and one bad line.
    const good = { account_name: 'Metrics Widgets', domain: 'metrics-widgets.example' }
    const ingest = await api.request('POST', '/admin/v1/corpus/company', {
      rawBody: `${JSON.stringify(good)}\n{"domain": 5}\n`,
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    })
    expectStatus(ingest, 200)
    assert.equal(ingest.body.rejected, 1)
    // An agent run started while the limiter is down: its start slot fails open, and it runs to the end.
    let runId = ''
    await api.admin.withFault('limiter', async () => {
      const started = await api.post('/v1/agents/runs', {
        key,
        body: { query: 'cloud software', effort: 'minimal' },
        headers: { 'idempotency-key': `metrics-${process.pid}` },
      })
      expectStatus(started, 202)
      runId = started.body.run_id
    })
    for (const until = Date.now() + 30_000; ;) {
      const run = await api.get(`/v1/agents/runs/${runId}`, { key })
      expectStatus(run, 200)
      if (['completed', 'failed', 'cancelled'].includes(run.body.status)) break
      assert.ok(Date.now() < until, `run still ${run.body.status}`)
      await new Promise((r) => setTimeout(r, 100))
    }

    const text = await scrape(api)
    assert.equal(count(text, searchLabels) - count(before, searchLabels), 1)
    assert.equal(count(text, { method: 'GET', route: 'unmatched', status: '404' }) >= 1, true)
    assert.equal(count(text, { method: 'GET', route: '/v1/credits', status: '401' }) >= 1, true)
    const latency = (t: string) =>
      sample(t, 'dsp_http_request_duration_seconds_count', { method: 'POST', route: '/v1/search', status: '200' }) ?? 0
    assert.equal(latency(text) - latency(before), 1)
    assert.equal(
      sample(text, 'dsp_http_request_duration_seconds_bucket', { ...searchLabels, le: '+Inf' }),
      latency(text),
    )
    const charged = (t: string) =>
      sample(t, 'dsp_credits_charged_total', { action: 'dsp.search.fast', environment: 'live' }) ?? 0
    assert.equal(milli(charged(text) - charged(before)), 100)
    assert.equal(sample(text, 'dsp_ingest_records_total', { category: 'company', outcome: 'inserted' }), 1)
    assert.equal(sample(text, 'dsp_ingest_records_total', { category: 'company', outcome: 'rejected' }), 1)
    assert.ok((sample(text, 'dsp_limiter_degraded_total', { operation: 'acquire' }) ?? 0) >= 1)
    assert.ok((sample(text, 'dsp_agent_run_attempt_duration_seconds_count', { outcome: 'finished' }) ?? 0) >= 1)
    // Counted across the store (the demo store may hold runs of its own); this test's run is over.
    for (const status of ['pending', 'running'])
      assert.ok((sample(text, 'dsp_agent_runs', { status }) ?? -1) >= 0, `dsp_agent_runs{status="${status}"}`)
    // Read while the scrape's own queue query runs (on PostgreSQL a connection it opens counts as waited for).
    for (const state of ['in_use', 'idle', 'waiting'])
      assert.ok(
        (sample(text, 'dsp_store_connections', { state }) ?? -1) >= 0,
        `dsp_store_connections{state="${state}"}`,
      )
    assert.equal(typeof sample(text, 'process_cpu_user_seconds_total'), 'number')
    // The minimal agent run settled its hold: charged under its tier's action.
    const run = await api.get(`/v1/agents/runs/${runId}`, { key })
    assert.equal(run.body.status, 'completed')
    assert.ok(run.body.credits_charged > 0)
    const tier = (t: string) =>
      sample(t, 'dsp_credits_charged_total', { action: 'dsp.agent.run.minimal', environment: 'live' }) ?? 0
    assert.equal(milli(tier(text) - tier(before)), milli(run.body.credits_charged))
  })

  test('without DSP_METRICS_TOKEN nor DSP_METRICS_PORT there is no /metrics', async () => {
    const api = await startTestServer()
    try {
      expectProblem(await api.get('/metrics'), 404, 'request.invalid')
    } finally {
      await api.close()
    }
  })
})

describe('traceparent', () => {
  test('a W3C traceparent gives its trace id and parent id; anything else is ignored', () => {
    assert.deepEqual(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'), {
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      parent_id: '00f067aa0ba902b7',
    })
    // A later version may add fields after the flags.
    assert.equal(parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra')?.trace_id.length, 32)
    for (const bad of [
      undefined,
      '',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
    ])
      assert.equal(parseTraceparent(bad), null, String(bad))
  })
})

describe('a dsp serve process with DSP_METRICS_PORT, logging at info', () => {
  let data: ProcessData | null = null
  let proc: ServerProcess | null = null
  after(async () => {
    await proc?.stop()
    await data?.drop()
  })

  test(
    'one access-log line per request with request id, route, status, ms, credential and trace id; /metrics on its own port only',
    { timeout: 180_000 },
    async () => {
      data = await processData({ DSP_LOG_LEVEL: 'info', DSP_METRICS_PORT: '0' })
      proc = await startProcess(data)
      const api = proc
      const metricsAt = /Metrics\s+(http:\/\/\S+)\/metrics/.exec(api.stdout())?.[1]
      assert.ok(metricsAt, `the metrics address is printed: ${api.stdout()}`)
      const { key, key_id } = await api.admin.workspaceWithKey()
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
      const res = await api.get('/v1/credits', {
        key,
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      })
      expectStatus(res, 200)
      const requestId = res.headers.get('x-request-id')
      assert.ok(requestId)
      const bad = await api.get(`/v1/credits?api_key=${key}`)
      assert.equal(bad.status >= 400, true)

      // /metrics is not on the API port; its own port serves it (no token set) and nothing else.
      expectProblem(await api.get('/metrics'), 404, 'request.invalid')
      const scraped = await fetch(`${metricsAt}/metrics`)
      assert.equal(scraped.status, 200)
      const text = await scraped.text()
      assert.equal(sample(text, 'dsp_http_requests_total', { method: 'GET', route: '/v1/credits', status: '200' }), 1)
      assert.equal((await fetch(`${metricsAt}/v1/credits`)).status, 404)

      await proc.stop()
      proc = null
      const lines = api
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
      const access = lines.filter((l) => l.msg === 'request')
      const mine = access.filter((l) => l.request_id === requestId)
      assert.equal(mine.length, 1, 'exactly one access-log line for the request')
      const line = mine[0]!
      assert.equal(line.level, 30, 'at info')
      assert.equal(line.method, 'GET')
      assert.equal(line.route, '/v1/credits')
      assert.equal(line.status, 200)
      assert.equal(typeof line.ms, 'number')
      assert.equal(line.credential_id, key_id)
      assert.equal(line.trace_id, traceId)
      assert.equal(line.parent_id, '00f067aa0ba902b7')
      // Every request answered got its line (the admin calls, /readyz polls, the refusal).
      assert.ok(access.some((l) => l.route === '/admin/v1/workspaces' && l.status === 201))
      // The key sent in the query string is not in the log.
      const output = api.stdout() + api.stderr()
      assert.equal(output.indexOf(key.slice('sk_dsp_live_'.length)), -1, 'the API key is not logged')
    },
  )
})

describe('a dsp worker process with DSP_METRICS_PORT', () => {
  let data: ProcessData | null = null
  let proc: ServerProcess | null = null
  let worker: ChildProcess | null = null
  let workerDir: string | null = null
  after(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r))
      worker.kill('SIGTERM')
      await exited
    }
    await proc?.stop()
    await data?.drop()
    if (workerDir) rmSync(workerDir, { recursive: true, force: true })
  })

  test(
    'serves /metrics on its own port with the agent runs it ran (PostgreSQL: the embedded store has no dsp worker)',
    { timeout: 300_000 },
    async () => {
      data = await processData()
      workerDir = mkdtempSync(path.join(tmpdir(), 'dsp-worker-'))
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'worker', '--concurrency', '2'], {
        env: { ...process.env, ...data.env, DSP_DATA_DIR: workerDir, DSP_METRICS_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      worker = child
      let out = ''
      let err = ''
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
      child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
      if (!data.env.DATABASE_URL) {
        const code = await new Promise((r) => child.once('exit', r))
        assert.equal(code, 2)
        assert.match(err, /needs DATABASE_URL/)
        return
      }
      proc = await startProcess(data, ['serve', '--no-worker', '--port', '0'])
      const metricsAt = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /dsp worker metrics at (http:\/\/\S+)\/metrics/.exec(out)
          if (m && /^dsp worker \S+: up to/m.test(out)) {
            clearInterval(timer)
            resolve(m[1]!)
          } else if (child.exitCode !== null) {
            clearInterval(timer)
            reject(new Error(`dsp worker exited: ${err}`))
          }
        }, 50)
      })
      const api = proc
      const { key } = await api.admin.workspaceWithKey()
      const ingest = await api.request('POST', '/admin/v1/corpus/company', {
        rawBody:
          [0, 1, 2]
            .map((i) =>
              JSON.stringify({
                account_name: `Cloud Software ${i}`,
                domain: `cloud-${i}.example`,
                industry: 'Software',
              }),
            )
            .join('\n') + '\n',
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
      })
      expectStatus(ingest, 200)
      const started = await api.post('/v1/agents/runs', {
        key,
        body: { query: 'cloud software companies', effort: 'minimal' },
        headers: { 'idempotency-key': 'worker-metrics-1' },
      })
      expectStatus(started, 202)
      const runId = started.body.run_id as string
      // The API process runs no agent runs: the worker takes it from the queue.
      for (let i = 0; ; i++) {
        const run = await api.get(`/v1/agents/runs/${runId}`, { key })
        expectStatus(run, 200)
        if (['completed', 'failed', 'cancelled'].includes(run.body.status)) {
          assert.equal(run.body.status, 'completed', JSON.stringify(run.body))
          break
        }
        assert.ok(i < 2400, `agent run still ${run.body.status}: ${err}`)
        await new Promise((r) => setTimeout(r, 100))
      }
      const scraped = await fetch(`${metricsAt}/metrics`)
      assert.equal(scraped.status, 200)
      const text = await scraped.text()
      assert.equal(sample(text, 'dsp_agent_run_attempt_duration_seconds_count', { outcome: 'finished' }), 1)
      assert.equal(sample(text, 'dsp_agent_runs', { status: 'pending' }), 0)
      assert.equal(sample(text, 'dsp_agent_runs', { status: 'running' }), 0)
      assert.ok(sample(text, 'dsp_store_connections', { state: 'in_use' }) !== undefined)
      // A worker answers no API request: no request counted.
      assert.equal(sample(text, 'dsp_http_requests_total'), undefined)
      assert.equal((await fetch(`${metricsAt}/v1/credits`)).status, 404)
    },
  )
})
