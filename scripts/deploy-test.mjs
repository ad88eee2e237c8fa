#!/usr/bin/env node
// The multi-process deployment of docs/deploy.md, started for real on this machine and broken on
// purpose: 2 × `dsp serve --no-worker` and 1 × `dsp worker` over one PostgreSQL database (a fresh
// one) and Redis. A mixed billed load (fast searches, company lookups, agent runs) goes through
// both API processes; mid-load one API process and the worker are killed with SIGKILL, then
// started again. A client whose call was cut off retries it on the other API process with the
// same Idempotency-Key. Then it checks that nothing was lost or charged twice:
//   - ledger = usage history = key usage = balance drop, and at least what clients were told;
//   - every Idempotency-Key's units were charged by one run at most (no double charge);
//   - every agent run reached a terminal state and no credit hold is left open.
// It prints req/s and latency percentiles of the load (docs/performance-startup.md, "Multi-process deployment").
//
//   node scripts/deploy-test.mjs [--seconds 24] [--clients 8]
//   env: DSP_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), DSP_TEST_REDIS_URL (default redis://127.0.0.1:6379)
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { register } from 'tsx/esm/api'

// The load loop and the money read over HTTP are the fault tests' (test/support/billed-load.ts).
register()
const { cloudCompaniesNdjson, moneyOverHttp, underLoad } = await import('../test/support/billed-load.ts')

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '24' }, clients: { type: 'string', default: '8' } },
})
const SECONDS = Number(args.seconds)
const CLIENTS = Number(args.clients)
const ADMIN_TOKEN = 'deploy-test-admin-token-' + 'x'.repeat(32)
const BASE_URL = process.env.DSP_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.DSP_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const GRANT = 100_000
const milli = (credits) => Math.round(credits * 1000)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a)

// A fresh database of its own.
const dbName = `dsp_deploy_${process.pid}`
const admin = new pg.Client({ connectionString: BASE_URL })
await admin.connect()
await admin.query(`create database ${dbName}`)
const u = new URL(BASE_URL)
u.pathname = `/${dbName}`
const DATABASE_URL = u.toString()
const dirs = []
const children = new Set()

function dsp(name, argv) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `dsp-deploy-${name}-`))
  dirs.push(dataDir)
  const env = {
    ...process.env,
    DATABASE_URL,
    REDIS_URL,
    DSP_ADMIN_TOKEN: ADMIN_TOKEN,
    DSP_DATA_DIR: dataDir,
    DSP_CACHE_DIR: path.resolve('node_modules/.cache/dsp'),
    DSP_LOG_LEVEL: 'warn',
    // A killed worker's runs are claimed again once their lease expires.
    DSP_AGENT_LEASE_SECONDS: '5',
  }
  return { name, argv, env }
}

/** Starts a process; resolves with its address (serve) or once it says it is up (worker). */
async function start(spec) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...spec.argv], {
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  let out = ''
  let err = ''
  child.stderr.on('data', (d) => (err += d))
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${spec.name} did not start: ${err}`)), 180_000)
    child.stdout.on('data', (d) => {
      out += d
      const m = /listening on (http:\/\/\S+)/.exec(out) ?? /^(dsp worker \S+)/m.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`${spec.name} exited with ${code}: ${err}`)))
  })
  return { child, ready, stderr: () => err }
}

const kill9 = (p) =>
  new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve()
    p.child.once('exit', resolve)
    p.child.kill('SIGKILL')
  })

async function request(base, method, path, { key, body, headers = {} } = {}) {
  const h = { ...headers }
  if (key) h['x-api-key'] = key
  if (body !== undefined) h['content-type'] = 'application/json'
  const t0 = performance.now()
  const res = await fetch(base + path, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, path, body: text ? JSON.parse(text) : null, ms: performance.now() - t0 }
}

let exitCode = 0
try {
  const specs = {
    api1: dsp('api1', ['serve', '--no-worker', '--port', '0']),
    api2: dsp('api2', ['serve', '--no-worker', '--port', '0']),
    worker: dsp('worker', ['worker']),
  }
  log('starting 2 × dsp serve --no-worker and 1 × dsp worker on', dbName)
  // The first process migrates the fresh database; the others then start on it.
  const api1 = await start(specs.api1)
  let [api2, worker] = await Promise.all([start(specs.api2), start(specs.worker)])
  const apis = [api1.ready, api2.ready]
  log('up:', apis.join(' '), worker.ready)

  const adminCall = (method, p, body) =>
    request(apis[0], method, p, { body, headers: { 'x-admin-token': ADMIN_TOKEN } })
  const ws = await adminCall('POST', '/admin/v1/workspaces', { name: 'Deploy test', credits: GRANT })
  assert.equal(ws.status, 201)
  const created = await adminCall('POST', `/admin/v1/workspaces/${ws.body.workspace_id}/keys`, {
    environment: 'live',
    scopes: ['dsp.search.read', 'dsp.entities.read', 'dsp.usage.read', 'dsp.agents.read', 'dsp.agents.write'],
  })
  assert.equal(created.status, 201, JSON.stringify(created.body))
  const key = created.body.secret
  const domains = Array.from({ length: 40 }, (_, i) => `deploy-${i}.example`)
  const ingest = await fetch(`${apis[0]}/admin/v1/corpus/company`, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    body: cloudCompaniesNdjson(domains),
  })
  assert.equal(ingest.status, 200)

  // The load: each client sends its calls to the two API processes in turn. A call cut off by a
  // dead process (connection refused or reset) is retried on the other one with the same Idempotency-Key.
  const calls = [
    (i) => ['POST', '/v1/search', { query: 'cloud software', mode: 'fast', category: 'company', limit: 5 }, i],
    (i) => ['POST', '/v1/entities/companies', { ids: [domains[i % 40], domains[(i + 7) % 40]], by: 'domain' }, i],
    (i) => ['POST', '/v1/search', { query: 'data platform analytics', mode: 'fast', category: 'company', limit: 5 }, i],
    (i) => ['POST', '/v1/agents/runs', { query: 'cloud software companies', effort: 'minimal' }, i],
  ]
  let cutOff = 0
  let seq = 0
  let turn = 0
  /** One call: to the API processes in turn; cut off or a 5xx, again on the other one with the same Idempotency-Key. */
  const deliver = async (make) => {
    const i = ++seq
    const [method, p, body] = make(i)
    const first = turn++
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await request(apis[(first + attempt) % 2], method, p, {
          key,
          body,
          headers: { 'idempotency-key': `deploy-${i}` },
        })
        if (res.status >= 500 && attempt < 20) {
          await sleep(200)
          continue
        }
        return res
      } catch {
        cutOff++
        await sleep(100)
        if (attempt > 50) throw new Error(`${p} could not be delivered`)
      }
    }
  }
  const t0 = performance.now()
  const answers = await underLoad(
    calls.map((make, n) => ({ name: String(n), billed: true, ok: [200, 202], outage: [], run: () => deliver(make) })),
    async () => {
      log('kill -9 of api2 and of the worker')
      await Promise.all([kill9(api2), kill9(worker)])
      await sleep((SECONDS * 1000) / 6)
      log('restarting them')
      ;[api2, worker] = await Promise.all([start(specs.api2), start(specs.worker)])
      apis[1] = api2.ready
      const left = SECONDS * 1000 - (performance.now() - t0)
      if (left > 0) await sleep(left)
    },
    { workers: CLIENTS, warmupMs: (SECONDS * 1000) / 3, settleMs: 0 },
  )
  const elapsed = (performance.now() - t0) / 1000
  const latencies = []
  const statuses = {}
  const runIds = new Set()
  let told = 0
  for (const { res } of answers) {
    const route = res.path
    statuses[`${route} ${res.status}`] = (statuses[`${route} ${res.status}`] ?? 0) + 1
    if (res.status === 200) {
      latencies.push(res.ms)
      told += milli(res.body.meta.credits_charged)
    } else if (res.status === 202) {
      latencies.push(res.ms)
      runIds.add(res.body.run_id)
    }
  }

  // Every agent run reaches a terminal state (runs of the killed worker are claimed again).
  log(`load over: ${latencies.length} answers in ${elapsed.toFixed(1)} s; waiting for ${runIds.size} agent runs`)
  const terminal = new Set(['completed', 'failed', 'cancelled'])
  const until = Date.now() + 180_000
  for (const id of runIds) {
    for (;;) {
      const r = await request(apis[0], 'GET', `/v1/agents/runs/${id}`, { key })
      assert.equal(r.status, 200)
      if (terminal.has(r.body.status)) {
        // An agent run's charge is told in its own record once it ends.
        told += milli(r.body.credits_charged ?? 0)
        break
      }
      assert.ok(Date.now() < until, `agent run ${id} still ${r.body.status}`)
      await sleep(250)
    }
  }

  // The money, told four ways, agrees; read through both API processes (their queues written first).
  let reads = 0
  const { history, keyUsage, balanceDrop } = await moneyOverHttp((p, query) => {
    const q = new globalThis.URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
    return request(apis[reads++ % 2], 'GET', `${p}?${q}`, { key })
  }, GRANT)
  const db = new pg.Client({ connectionString: DATABASE_URL })
  await db.connect()
  const q1 = async (text, params) => (await db.query(text, params)).rows[0]
  const ledger = Number(
    (
      await q1(
        `select coalesce(-sum(amount_milli), 0) as n from ledger_entries where workspace_id = $1 and kind in ('charge', 'settlement')`,
        [ws.body.workspace_id],
      )
    ).n,
  )
  const doubly = Number(
    (
      await q1(
        `select count(*) as n from (select scope from charged_units group by scope having count(distinct run_id) > 1) s`,
      )
    ).n,
  )
  const openHolds = Number((await q1(`select count(*) as n from credit_holds where status = 'open'`)).n)
  const nonTerminal = Number(
    (await q1(`select count(*) as n from agent_runs where status in ('pending', 'running')`)).n,
  )
  await db.end()

  const sorted = [...latencies].sort((a, b) => a - b)
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1)
  const figures = {
    answers: latencies.length,
    req_per_s: Math.round(latencies.length / elapsed),
    p50_ms: pct(50),
    p95_ms: pct(95),
    p99_ms: pct(99),
    calls_cut_off_and_retried: cutOff,
    agent_runs: runIds.size,
    statuses,
    money_milli: { told, ledger, history, keyUsage, balanceDrop },
    scopes_charged_twice: doubly,
    open_holds: openHolds,
    runs_not_terminal: nonTerminal,
  }
  console.log(JSON.stringify(figures, null, 2))
  assert.ok(told > 0, 'the load charged something')
  assert.deepEqual(
    { history, keyUsage, balanceDrop },
    { history: ledger, keyUsage: ledger, balanceDrop: ledger },
    'ledger = history = key usage = balance drop',
  )
  // A call charged by a process killed before it answered was retried with its key: its units cost nothing again.
  assert.ok(ledger >= told, 'every charge a client was told about is in the ledger')
  assert.equal(doubly, 0, 'no Idempotency-Key had its units charged by two runs')
  assert.equal(nonTerminal, 0, 'every agent run reached a terminal state')
  assert.equal(openHolds, 0, 'no credit hold is left open')
  log('OK: nothing lost, nothing charged twice, every agent run terminal')
} catch (e) {
  console.error(e)
  exitCode = 1
} finally {
  for (const child of children) child.kill('SIGKILL')
  await sleep(500)
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
  await admin.end()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
}
process.exit(exitCode)
