// The fuzz runner: sets up a workspace (a live key with credits and every scope, a test key, a
// list, a search, an agent run), sends requests from requests.ts one at a time and checks each
// answer: no 5xx, every error a §2.3 problem whose code is catalogued with its status, echoes
// bounded, and no credit moved for a refused call (balance and ledger entries compared around it).
import { sql } from 'kysely'
import type fc from 'fast-check'
import { catalogue, errorSlug, type ErrorCode } from '../../src/errors.ts'
import { ALL_SCOPES } from '../support/admin.ts'
import type { TestServer } from '../support/server.ts'
import { operationsOf, requestAt, type FuzzRequest, type Operation } from './requests.ts'
import { concrete, send, type Answer, type Values } from './send.ts'

export interface FuzzOptions {
  seed: number
  requests: number
  /** Only these request indexes (replaying failures). */
  indexes?: number[]
  timeoutMs?: number
  progress?: (done: number, total: number) => void
}

export interface Failure {
  index: number
  op: string
  kind: string
  reasons: string[]
  request: string
  answer: string
}

export interface FuzzSummary {
  seed: number
  requests: number
  seconds: number
  byStatus: Record<string, number>
  byOperation: Record<string, Record<string, number>>
  byKind: Record<string, number>
  failures: Failure[]
  /** The five slowest answers: [ms, index, op, kind]. */
  slowest: [number, number, string, string][]
}

/** Settings of the fuzz server: no agent worker, so credits move only inside requests. */
export const FUZZ_SERVER_SETTINGS = { DSP_AGENT_WORKERS: '0', DSP_RETRIEVAL_TIMEOUT_MS: '20000' }

interface Fixture {
  values: Values
  ops: Operation[]
  credits: () => Promise<string>
}

/** The workspace the fuzz requests act on, and the ids they refer to. */
export async function setUp(api: TestServer): Promise<Fixture> {
  const ws = await api.admin.createWorkspace({ name: 'Fuzz', credits: 1_000_000 })
  const live = await api.admin.createKey(ws.workspace_id, { environment: 'live', scopes: ALL_SCOPES })
  const test = await api.admin.createKey(ws.workspace_id, { environment: 'test', scopes: ALL_SCOPES })
  const key = live.secret
  const must = async (p: Promise<{ status: number; text: string; body: Record<string, unknown> }>) => {
    const r = await p
    if (r.status >= 300) throw new Error(`fuzz setup: ${r.status} ${r.text.slice(0, 500)}`)
    return r.body as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const companies = await must(
    api.post('/v1/search', { key, body: { query: 'software', category: 'company', mode: 'fast', limit: 5 } }),
  )
  const people = await must(
    api.post('/v1/search', { key, body: { query: 'engineer', category: 'person', mode: 'fast', limit: 5 } }),
  )
  const list = await must(api.post('/v1/lists', { key, body: { name: 'Fuzz list' } }))
  const company = companies.results[0] ?? { id: 'example.com' }
  await must(
    api.post(`/v1/lists/${list.id}/items`, {
      key,
      body: { items: [{ entity_category: 'company', entity_id: company.id }] },
    }),
  )
  const run = await must(
    api.post('/v1/agents/runs', {
      key,
      headers: { 'idempotency-key': 'fuzz-setup' },
      body: { query: 'fintech companies in Berlin', effort: 'minimal' },
    }),
  )
  const history = await must(api.get('/v1/usage/history', { key, query: { limit: 1 } }))
  const topup = await api.post('/v1/billing/top-up/intents', { key })
  const ops = operationsOf((await must(api.get('/openapi.json'))) as never)
  const accounts = [`${ws.workspace_id}:allocated`, `${ws.organisation_id}:shared`]
  return {
    ops,
    values: {
      live_key: key,
      test_key: test.secret,
      list_id: String(list.id),
      agent_run_id: String(run.run_id),
      history_run_id: String(history.results[0]?.id ?? 1),
      request_id: String(companies.meta.request_id),
      company_domain: String(company.domain ?? company.id),
      company_id: String(company.id),
      person_id: String(people.results[0]?.id ?? 'nobody'),
      topup_id: String(topup.body?.topup_id ?? 'topup_none'),
      cursor: String(companies.next_cursor ?? ''),
    },
    // Balance through the API (which writes charges admitted in memory first), then the ledger's entries.
    credits: async () => {
      const res = await api.get('/v1/credits', { key })
      if (res.status !== 200) throw new Error(`credits: ${res.status} ${res.text.slice(0, 300)}`)
      const { allocated, shared, spendable } = res.body
      const n = await sql<{
        n: string
      }>`select count(*) as n from ledger_entries where account_id in (${sql.join(accounts)})`.execute(api.app.deps.db)
      return JSON.stringify({ allocated, shared, spendable, ledger_entries: Number(n.rows[0]!.n) })
    },
  }
}

const MAX_PROBLEM_BYTES = 64 * 1024
const MAX_INPUT_CHARS = 4096

/** What is wrong with an answer: [] when it keeps the contract. */
export function answerFailures(req: FuzzRequest, a: Answer): string[] {
  if (a.status === -1) return []
  if (a.status === 0) return [a.error ?? 'no answer']
  const out: string[] = []
  const type = a.headers['content-type'] ?? ''
  if (a.status >= 500 && a.status !== 501) out.push(`status ${a.status}`)
  if (req.path.startsWith('/v1/') && !/\bno-store\b/.test(a.headers['cache-control'] ?? ''))
    out.push('no Cache-Control: no-store')
  if (a.status < 400) {
    // §2.2: every 2xx JSON answer of /v1 carries meta, its request_id the X-Request-Id.
    if (req.path.startsWith('/v1/') && a.status < 300 && req.method !== 'HEAD' && type.startsWith('application/json')) {
      const meta = (JSON.parse(a.text) as { meta?: { request_id?: string } }).meta
      if (meta?.request_id !== a.headers['x-request-id']) out.push('2xx without meta.request_id = X-Request-Id')
    }
    return out
  }
  if (!type.startsWith('application/problem+json'))
    out.push(`content type ${JSON.stringify(type)}, not application/problem+json`)
  if (req.method === 'HEAD') return out
  if (a.text.length > MAX_PROBLEM_BYTES) out.push(`problem of ${a.text.length} bytes echoes too much`)
  let p: Record<string, unknown>
  try {
    p = JSON.parse(a.text)
  } catch {
    return [...out, 'body is not JSON']
  }
  if (p === null || typeof p !== 'object') return [...out, 'body is not an object']
  const code = p.code as ErrorCode
  const spec = typeof code === 'string' && Object.hasOwn(catalogue, code) ? catalogue[code] : null
  if (!spec) return [...out, `code ${JSON.stringify(p.code)} is not in the catalogue`]
  if (!(spec.status as readonly number[]).includes(a.status))
    out.push(`status ${a.status} is not catalogued for ${code}`)
  if (a.status === 501 && code !== 'not_implemented' && code !== 'request.unsupported') out.push(`501 with ${code}`)
  if (p.status !== a.status) out.push(`body status ${String(p.status)} ≠ ${a.status}`)
  if (typeof p.type !== 'string' || !p.type.endsWith(`/${errorSlug(code)}`)) out.push(`type ${String(p.type)}`)
  if (p.title !== spec.title) out.push(`title ${String(p.title)}`)
  for (const f of ['detail', 'instance', 'request_id']) if (typeof p[f] !== 'string') out.push(`${f} is not a string`)
  if (p.request_id !== a.headers['x-request-id']) out.push('request_id ≠ X-Request-Id')
  const allowed = new Set(['type', 'title', 'status', 'code', 'detail', 'instance', 'request_id', 'extra'])
  for (const k of Object.keys(p)) if (!allowed.has(k)) out.push(`unknown field ${k}`)
  if (p.extra !== undefined) {
    const extra = p.extra as Record<string, unknown>
    if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) out.push('extra is not an object')
    else if (extra.errors !== undefined) out.push(...errorEntryFailures(extra.errors))
  }
  return out
}

function errorEntryFailures(errors: unknown): string[] {
  if (!Array.isArray(errors)) return ['extra.errors is not an array']
  const out: string[] = []
  for (const e of errors as Record<string, unknown>[]) {
    if (
      typeof e?.type !== 'string' ||
      typeof e.msg !== 'string' ||
      !Array.isArray(e.loc) ||
      !('input' in e) ||
      !('ctx' in e)
    )
      out.push(`extra.errors entry ${JSON.stringify(e).slice(0, 200)} lacks type, loc, msg, input or ctx`)
    else if (e.ctx !== null && typeof e.ctx !== 'object') out.push('extra.errors[].ctx is neither null nor an object')
    else if (JSON.stringify(e.input ?? null).length > MAX_INPUT_CHARS) out.push('extra.errors[].input echoes too much')
  }
  return out
}

/** One line a person can read and replay (the index regenerates it exactly). */
export function describe(req: FuzzRequest): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s)
  if (req.raw !== undefined) return `raw ${JSON.stringify(cut(req.raw, 400))}`
  const headers = Object.entries(req.headers)
    .filter(([k]) => k !== 'x-api-key' && k !== 'authorization')
    .map(([k, v]) => `${k}: ${cut(v, 80)}`)
  return [
    `${req.method} ${cut(req.path + (req.query ? `?${req.query}` : ''), 400)}`,
    `key ${req.auth}`,
    ...headers,
    ...(req.body === undefined ? [] : [`body ${cut(req.body, 400)}`]),
  ].join(' | ')
}

export async function runFuzz(api: TestServer, options: FuzzOptions): Promise<FuzzSummary> {
  const fixture = await setUp(api)
  const port = Number(new URL(api.url).port)
  const arbitraries = new Map<string, fc.Arbitrary<FuzzRequest>>()
  const indexes = options.indexes ?? Array.from({ length: options.requests }, (_, i) => i)
  const summary: FuzzSummary = {
    seed: options.seed,
    requests: 0,
    seconds: 0,
    byStatus: {},
    byOperation: {},
    byKind: {},
    failures: [],
    slowest: [],
  }
  const t0 = performance.now()
  let before = await fixture.credits()
  for (const index of indexes) {
    const generated = requestAt(fixture.ops, arbitraries, options.seed, index)
    const req = concrete(generated, fixture.values)
    const a = await send(port, req, options.timeoutMs ?? 30_000)
    const reasons = answerFailures(req, a)
    // A refused call moves no credit: balance and ledger as they were before it.
    const after = await fixture.credits()
    if (a.status >= 400 && after !== before) reasons.push(`credits moved on a refused call: ${before} → ${after}`)
    before = after
    const status = a.status <= 0 ? (a.status === -1 ? 'client-refused' : 'no-answer') : String(a.status)
    summary.requests++
    summary.byStatus[status] = (summary.byStatus[status] ?? 0) + 1
    const perOp = (summary.byOperation[req.op] ??= {})
    perOp[status] = (perOp[status] ?? 0) + 1
    summary.byKind[req.kind] = (summary.byKind[req.kind] ?? 0) + 1
    summary.slowest.push([Math.round(a.ms), index, req.op, req.kind])
    summary.slowest = summary.slowest.sort((x, y) => y[0] - x[0]).slice(0, 5)
    if (reasons.length)
      summary.failures.push({
        index,
        op: req.op,
        kind: req.kind,
        reasons,
        request: describe(generated),
        answer: `${a.status} ${a.headers['content-type'] ?? ''} ${a.text.slice(0, 300)}`,
      })
    options.progress?.(summary.requests, indexes.length)
  }
  summary.seconds = (performance.now() - t0) / 1000
  return summary
}

export function formatSummary(s: FuzzSummary, store: string): string {
  const lines = [
    `fuzz on the ${store}: ${s.requests} requests in ${s.seconds.toFixed(1)} s (seed ${s.seed}), ${s.failures.length} failures`,
    `by status: ${Object.entries(s.byStatus)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
    'by operation:',
    ...Object.entries(s.byOperation)
      .sort()
      .map(
        ([op, st]) =>
          `  ${op.padEnd(32)} ${Object.entries(st)
            .sort()
            .map(([k, v]) => `${k}×${v}`)
            .join(' ')}`,
      ),
    `by mutation: ${Object.entries(s.byKind)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
  ]
  lines.push(`slowest: ${s.slowest.map(([ms, i, op, kind]) => `#${i} ${op} ${kind} ${ms} ms`).join(', ')}`)
  for (const f of s.failures.slice(0, 50))
    lines.push(
      `FAIL #${f.index} ${f.op} ${f.kind}: ${f.reasons.join('; ')}`,
      `  request: ${f.request}`,
      `  answer:  ${f.answer}`,
      `  replay:  npm run fuzz -- --seed ${s.seed} --index ${f.index}`,
    )
  if (s.failures.length > 50) lines.push(`… and ${s.failures.length - 50} more failures`)
  return lines.join('\n')
}
