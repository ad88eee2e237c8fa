// The TypeScript SDK (packages/sdk) against a real server on the demo corpus: typed calls, typed
// errors, Idempotency-Key reuse across retries (charged once), Retry-After, cursor pages, agent
// run events resumed with Last-Event-ID, its generated types in step with /openapi.json, and its
// build as a package of its own.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import type * as Sdk from '../../packages/sdk/src/index.ts'
import { BILLED_OPERATIONS, DspError, createDspClient, type DspClientOptions } from '../../packages/sdk/src/index.ts'
import { generatedTypes } from '../support/openapi-types.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

interface Seen {
  method: string
  path: string
  headers: Headers
  status: number
  at: number
}

/** A fetch that records each request; `answer` may replace the server's answer (a gateway's 503). */
function recordingFetch(
  seen: Seen[],
  answer?: (request: Request, real: Response, index: number) => Response | Promise<Response>,
): NonNullable<DspClientOptions['fetch']> {
  return async (request) => {
    const real = await fetch(request.clone())
    const index = seen.length
    const res = answer ? await answer(request, real, index) : real
    const url = new URL(request.url)
    seen.push({
      method: request.method,
      path: url.pathname,
      headers: request.headers,
      status: res.status,
      at: Date.now(),
    })
    return res
  }
}

async function client(api: TestServer, credits = 200, extra: Partial<DspClientOptions> = {}) {
  const ws = await api.admin.workspaceWithKey({ credits })
  return { ws, dsp: createDspClient({ baseUrl: api.url, apiKey: ws.key, retryDelayMs: 50, ...extra }) }
}

describe('packages/sdk', () => {
  test('its generated types are what openapi-typescript makes of the live /openapi.json', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const committed = readFileSync('packages/sdk/src/schema.ts', 'utf8')
    assert.ok(
      committed === (await generatedTypes(doc)),
      'packages/sdk/src/schema.ts is stale: run `npm run sdk:generate`',
    )
  })

  test('BILLED_OPERATIONS are exactly the billed routes of the server, and agent-run starts', async () => {
    const api = await server()
    const billed = api.app
      .publicRoutes()
      .filter((r) => r.billed)
      .map((r) => `${r.method} ${r.path}`)
    // A start holds credits for the run and requires its own Idempotency-Key (§6).
    assert.deepEqual([...BILLED_OPERATIONS].sort(), [...billed, 'POST /v1/agents/runs'].sort())
  })

  test('a typed call returns the answer; a problem is thrown as DspError with code, status, request_id, extra', async () => {
    const api = await server()
    const { dsp } = await client(api)
    const credits = await dsp.get('/v1/credits')
    assert.equal(credits.spendable, 200)
    const page = await dsp.search({ query: 'cloud software', mode: 'fast', category: 'company', limit: 2 })
    assert.equal(page.results.length, 2)
    const row = page.results[0]!
    assert.equal(row.category, 'company')
    if (row.category === 'company') assert.equal(typeof row.domain, 'string')

    const err = await dsp
      .search({ query: 'x', limit: 1000 as number })
      .then(() => null)
      .catch((e: unknown) => e)
    assert.ok(err instanceof DspError, String(err))
    assert.equal(err.code, 'request.invalid')
    assert.equal(err.status, 422)
    assert.match(err.request_id, /\S/)
    assert.ok(Array.isArray((err.extra as { errors?: unknown[] }).errors))

    const bad = await createDspClient({ baseUrl: api.url, apiKey: 'dsp_live_nope' })
      .get('/v1/credits')
      .catch((e: unknown) => e)
    assert.ok(bad instanceof DspError)
    assert.equal(bad.status, 401)
    assert.equal(bad.code, 'auth.invalid_key')
  })

  test('a billed call carries an Idempotency-Key, the same on its retry after a 503 with Retry-After; charged once', async () => {
    const api = await server()
    const seen: Seen[] = []
    // The first answer is lost behind a gateway that says 503 (Retry-After: 1): the server did the work.
    const gateway = recordingFetch(seen, (_req, real, i) =>
      i === 0
        ? new Response(JSON.stringify({ code: 'upstream.unavailable' }), {
            status: 503,
            headers: { 'retry-after': '1', 'content-type': 'application/problem+json' },
          })
        : real,
    )
    const { dsp } = await client(api, 200, { fetch: gateway })
    const body = { query: 'observability', mode: 'fast', limit: 3 } as const
    await dsp.search(body)
    const searches = seen.filter((s) => s.path === '/v1/search')
    assert.equal(searches.length, 2)
    const [k1, k2] = searches.map((s) => s.headers.get('idempotency-key'))
    assert.match(k1 ?? '', /^[0-9a-f-]{36}$/)
    assert.equal(k2, k1)
    assert.ok(searches[1]!.at - searches[0]!.at >= 950, 'the retry waited for Retry-After')
    // The retry replayed the first charge: the balance moved as much as one search without a retry.
    const once = await client(api, 200)
    const page = await once.dsp.search(body)
    const charged = page.meta?.credits_charged ?? 0
    assert.ok(charged > 0, 'the search is billed')
    assert.equal((await once.dsp.get('/v1/credits')).spendable, 200 - charged)
    assert.equal((await dsp.get('/v1/credits')).spendable, 200 - charged)
    // Another call gets another key; a free call gets none.
    await dsp.search({ query: 'observability', mode: 'fast', limit: 3 })
    const third = seen.filter((s) => s.path === '/v1/search')[2]!
    assert.notEqual(third.headers.get('idempotency-key'), k1)
    assert.equal(seen.find((s) => s.path === '/v1/credits')!.headers.get('idempotency-key'), null)
  })

  test('createMonitor retried after a lost answer makes one monitor, charged once; monitorRuns iterates its runs', async () => {
    const api = await server()
    const seen: Seen[] = []
    const gateway = recordingFetch(seen, (req, real, i) =>
      i === 0 && new URL(req.url).pathname === '/v1/monitors'
        ? new Response(JSON.stringify({ code: 'upstream.unavailable' }), {
            status: 503,
            headers: { 'retry-after': '0', 'content-type': 'application/problem+json' },
          })
        : real,
    )
    const { dsp } = await client(api, 200, { fetch: gateway })
    const search = { query: 'observability', mode: 'fast', category: 'company', limit: 3 } as const
    const made = await dsp.createMonitor({ name: 'Observability', search, schedule: '@daily' })
    const posts = seen.filter((x) => x.path === '/v1/monitors')
    assert.equal(posts.length, 2)
    assert.equal(posts[1]!.headers.get('idempotency-key'), posts[0]!.headers.get('idempotency-key'))
    assert.equal((await dsp.get('/v1/monitors')).results.length, 1)
    const baseline = (await dsp.post('/v1/search', { body: search })).meta?.credits_charged ?? 0
    assert.ok(baseline > 0)
    assert.equal((await dsp.get('/v1/credits')).spendable, 200 - 2 * baseline)
    const runs = []
    for await (const run of dsp.monitorRuns(made.id)) runs.push(run)
    assert.deepEqual(
      runs.map((r) => r.trigger),
      ['baseline'],
    )
  })

  test('retries stop after maxRetries; a Retry-After longer than maxRetryDelayMs is thrown at once', async () => {
    const api = await server()
    const seen: Seen[] = []
    const busy = recordingFetch(
      seen,
      () =>
        new Response(
          JSON.stringify({
            type: 't',
            title: 't',
            status: 429,
            code: 'quota.burst_exceeded',
            detail: 'd',
            instance: '/',
            request_id: 'r',
          }),
          { status: 429, headers: { 'retry-after': '0', 'content-type': 'application/problem+json' } },
        ),
    )
    const { dsp } = await client(api, 10, { fetch: busy, maxRetries: 2 })
    const err = await dsp.get('/v1/credits').catch((e: unknown) => e)
    assert.ok(err instanceof DspError)
    assert.equal(err.code, 'quota.burst_exceeded')
    assert.equal(seen.length, 3)

    const long: Seen[] = []
    const slow = recordingFetch(
      long,
      () =>
        new Response(
          JSON.stringify({
            type: 't',
            title: 't',
            status: 503,
            code: 'credits.unavailable',
            detail: 'd',
            instance: '/',
            request_id: 'r',
          }),
          { status: 503, headers: { 'retry-after': '120', 'content-type': 'application/problem+json' } },
        ),
    )
    const { dsp: impatient } = await client(api, 10, { fetch: slow, maxRetryDelayMs: 5_000 })
    const e2 = await impatient.get('/v1/credits').catch((e: unknown) => e)
    assert.ok(e2 instanceof DspError)
    assert.equal(e2.retryAfter, 120)
    assert.equal(long.length, 1)
  })

  test('async iteration over cursor pages follows next_cursor to the end', async () => {
    const api = await server()
    const { dsp } = await client(api, 500)
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 2 } as const
    const ids: string[] = []
    let pages = 0
    for await (const page of dsp.pages<{ id: string }>('post', '/v1/search', { body })) {
      pages++
      ids.push(...page.results.map((r) => r.id))
      if (pages === 3) break
    }
    assert.equal(pages, 3)
    assert.equal(new Set(ids).size, 6, 'three pages of distinct rows')
    const rows: string[] = []
    for await (const row of dsp.searchRows(body)) {
      rows.push(row.id)
      if (rows.length === 6) break
    }
    assert.deepEqual(rows, ids)
  })

  test('following a run: events until done, resuming with Last-Event-ID after a dropped stream, then the run', async () => {
    const api = await server()
    const seen: Seen[] = []
    // The first event stream is cut after its first event arrives.
    const cutting = recordingFetch(seen, (req, real) => {
      if (!req.url.endsWith('/events') || seen.some((s) => s.path.endsWith('/events'))) return real
      const reader = real.body!.getReader()
      let text = ''
      const cut = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read()
          if (done) return controller.close()
          controller.enqueue(value)
          text += new TextDecoder().decode(value)
          if (/\nid: \d+/.test('\n' + text) && text.includes('\n\n', text.search(/id: \d+/))) {
            await reader.cancel()
            controller.close()
          }
        },
      })
      return new Response(cut, { status: real.status, headers: real.headers })
    })
    const { dsp } = await client(api, 200, { fetch: cutting })
    const started = await dsp.startRun({ query: 'cloud software companies', effort: 'minimal' })
    const events: { id: number; event: string; stream: number }[] = []
    const streamsOpened = () => seen.filter((s) => s.path.endsWith('/events')).length
    const run = await dsp.followRun(started.run_id, {
      onEvent: (e) => void events.push({ ...e, stream: streamsOpened() }),
    })
    assert.equal(run.run_id, started.run_id)
    assert.equal(run.status, 'completed')
    const streams = seen.filter((s) => s.path.endsWith('/events'))
    assert.ok(streams.length >= 2, 'the stream was opened again')
    assert.equal(streams[0]!.headers.get('last-event-id'), null)
    const beforeCut = events.filter((e) => e.stream === 1)
    assert.ok(beforeCut.length >= 1)
    assert.equal(streams[1]!.headers.get('last-event-id'), String(beforeCut.at(-1)!.id))
    const ids = events.map((e) => e.id)
    assert.deepEqual(
      ids,
      [...new Set(ids)].sort((a, b) => a - b),
      'each event once, in order',
    )
    assert.equal(events.at(-1)!.event, 'done')
  })

  test('builds as a package of its own (tsc -p packages/sdk/tsconfig.build.json) and the build works', async () => {
    const api = await server()
    const out = path.resolve('packages/sdk/dist')
    rmSync(out, { recursive: true, force: true })
    const tsc = spawnSync(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', 'packages/sdk/tsconfig.build.json'],
      {
        encoding: 'utf8',
      },
    )
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr)
    const built = (await import(path.join(out, 'index.js'))) as typeof Sdk
    const ws = await api.admin.workspaceWithKey({ credits: 5 })
    const credits = await built.createDspClient({ baseUrl: api.url, apiKey: ws.key }).get('/v1/credits')
    assert.equal(credits.spendable, 5)
    assert.ok(readFileSync(path.join(out, 'index.d.ts'), 'utf8').includes('createDspClient'))
  })
})

// Compile-time: the SDK's types refuse what the contract refuses (npm run typecheck fails if they stop).
export function typeChecks(dsp: ReturnType<typeof createDspClient>) {
  // @ts-expect-error: employee_count's bounds are numbers
  void dsp.search({ filters: { employee_count: { min: 'fifty' } } })
  // @ts-expect-error: no such filter in the catalogue
  void dsp.search({ filters: { no_such_filter: true } })
  // @ts-expect-error: category is a closed set
  void dsp.search({ category: 'planet' })
  // @ts-expect-error: a path the API does not have
  void dsp.get('/v1/nothing')
  void dsp.search({
    filters: { employee_count: { min: 50 }, geo: { include: [{ value: 'France', level: 'country' }] } },
  })
}
