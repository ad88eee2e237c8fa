// Bad input never reaches a 500 (issue 24 item 4): JSON nesting, numbers, ids and dates bounded
// before any SQL, every refusal by Fastify or Node's HTTP parser answered as a §2.3 problem, and
// a problem never echoes a large input back.
import assert from 'node:assert/strict'
import http from 'node:http'
import { describe, test } from 'node:test'
import { expectProblem, expectStatus, type Res } from '../support/http.ts'
import { balance } from '../support/credits.ts'
import { useTestServer, type TestServer } from '../support/server.ts'
import { sendRaw } from '../fuzz/send.ts'

// No agent worker: a run stays queued, so its event stream stays open (HEAD below).
const server = useTestServer({ DSP_AGENT_WORKERS: '0' }, { demo: true })

async function liveKey(api: TestServer) {
  return (await api.admin.workspaceWithKey({ credits: 100 })).key
}

const json = (key: string, rawBody: string) => ({ key, rawBody, headers: { 'content-type': 'application/json' } })

/** The answer to bytes written on a socket, as the HTTP client's Res. */
async function raw(api: TestServer, text: string): Promise<Res> {
  const a = await sendRaw(Number(new URL(api.url).port), text, 10_000)
  let body: Res['body'] = null as never
  try {
    body = JSON.parse(a.text)
  } catch {
    // left null: expectProblem says what came
  }
  return { status: a.status, headers: new Headers(a.headers), body, text: a.text }
}

/** A GET (or HEAD) through node:http, which sends a path as it is given (fetch would normalise it). */
function getAsIs(api: TestServer, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Res> {
  const u = new URL(api.url)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, headers, method, timeout: 5_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => {
        const h = new Headers()
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v)
        resolve({ status: res.statusCode ?? 0, headers: h, body: text ? JSON.parse(text) : null, text })
      })
    })
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path} within 5 s`)))
    req.on('error', reject)
    req.end()
  })
}

describe('JSON nesting', () => {
  test('5,000 nested arrays in a body → 422 request.invalid (json_too_deep), on every JSON route, nothing charged', async () => {
    const api = await server()
    const key = await liveKey(api)
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    const before = await balance(api, key)
    for (const [path, body] of [
      ['/v1/search', `{"query":"software","category":"company","mode":"fast","filters":${deep}}`],
      ['/v1/members/resolve', `{"email":${deep}}`],
      ['/v1/lists', deep],
      ['/v1/relationships', `{"companies":[{"value":"a","people":${deep}}]}`],
    ] as const) {
      const res = await api.post(path, json(key, body))
      expectProblem(res, 422, 'request.invalid')
      assert.equal(res.body.extra.errors[0].type, 'json_too_deep', res.text)
      assert.deepEqual(res.body.extra.errors[0].loc, ['body'])
      assert.equal(res.body.extra.errors[0].ctx.limit, 32)
    }
    const after = await balance(api, key)
    assert.deepEqual([after.spendable, after.allocated], [before.spendable, before.allocated])
  })

  test('the cap is 32 levels: 32 nested objects reach validation, 33 do not; brackets inside strings do not count', async () => {
    const api = await server()
    const key = await liveKey(api)
    const nest = (n: number) => '{"a":'.repeat(n - 1) + '{}' + '}'.repeat(n - 1)
    const at32 = await api.post('/v1/members/resolve', json(key, `{"email":"a@b.co","x":${nest(31)}}`))
    expectProblem(at32, 422, 'request.invalid')
    assert.equal(at32.body.extra.errors[0].type, 'extra_forbidden', at32.text)
    const at33 = await api.post('/v1/members/resolve', json(key, `{"email":"a@b.co","x":${nest(32)}}`))
    assert.equal(at33.body.extra.errors[0].type, 'json_too_deep', at33.text)
    const inString = await api.post('/v1/members/resolve', json(key, `{"email":"${'['.repeat(300)}\\"{{{"}`))
    expectStatus(inString, 200)
  })
})

describe('numbers, ids and dates are bounded before SQL', () => {
  test('GET /v1/feedback?offset=1e308 | Infinity | 99999999999999999999 → 422 naming offset', async () => {
    const api = await server()
    const key = await liveKey(api)
    for (const offset of ['1e308', 'Infinity', '99999999999999999999']) {
      const res = await api.get('/v1/feedback', { key, query: { offset } })
      expectProblem(res, 422, 'request.invalid')
      assert.deepEqual(res.body.extra.errors[0].loc, ['query', 'offset'])
    }
    expectStatus(await api.get('/v1/feedback', { key, query: { offset: 9007199254740991 } }), 200)
  })

  test('GET /v1/usage/history/99999999999999999999 → 422 naming run_id; a large valid id → 404 history.not_found', async () => {
    const api = await server()
    const key = await liveKey(api)
    const res = await api.get('/v1/usage/history/99999999999999999999', { key })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(res.body.extra.errors[0].loc, ['path', 'run_id'])
    expectProblem(await api.get('/v1/usage/history/9007199254740991', { key }), 404, 'history.not_found')
  })

  test('date-times of usage windows before 1970 or past 9999 → 422; the edges answer 200', async () => {
    const api = await server()
    const key = await liveKey(api)
    for (const [path, query] of [
      ['/v1/usage/metrics', { to: '0001-01-01T00:00:00Z' }],
      ['/v1/usage/metrics', { to: '9999-12-31T23:59:59-01:00' }],
      ['/v1/usage/history', { from: '0000-01-01T00:00:00Z' }],
      ['/v1/keys/usage', { from: '1969-12-31T23:59:59Z' }],
    ] as const) {
      const res = await api.get(path, { key, query })
      expectProblem(res, 422, 'request.invalid')
      assert.equal(res.body.extra.errors[0].loc[0], 'query', res.text)
    }
    expectStatus(
      await api.get('/v1/usage/metrics', { key, query: { from: '9999-12-01T00:00:00Z', to: '9999-12-31T23:59:59Z' } }),
      200,
    )
    expectStatus(await api.get('/v1/keys/usage', { key, query: { from: '1970-01-01T00:00:00Z' } }), 200)
  })

  test('search filters: a fraction or a 64-bit value on an integer range, an impossible date → 422; a month → 200; nothing charged', async () => {
    const api = await server()
    const key = await liveKey(api)
    const search = (filters: string, category = 'company') =>
      api.post(
        '/v1/search',
        json(key, `{"query":"software","category":"${category}","mode":"fast","filters":${filters}}`),
      )
    const before = (await balance(api, key)).spendable
    for (const [filters, category, loc] of [
      ['{"employee_count":{"min":0.5}}', 'company', ['body', 'filters', 'employee_count', 'min']],
      ['{"founded_year":{"max":1e308}}', 'company', ['body', 'filters', 'founded_year', 'max']],
      ['{"tenure":{"min":3000000000}}', 'person', ['body', 'filters', 'tenure', 'min']],
      ['{"last_funding_date":{"from":"2020-02-30"}}', 'company', ['body', 'filters', 'last_funding_date', 'from']],
      ['{"last_funding_date":{"to":"0000-01-01"}}', 'company', ['body', 'filters', 'last_funding_date', 'to']],
      ['{"published_at":{"from":"2020-01-15junk"}}', 'news_article', ['body', 'filters', 'published_at', 'from']],
    ] as const) {
      const res = await search(filters, category)
      expectProblem(res, 422, 'request.invalid')
      assert.deepEqual(res.body.extra.errors[0].loc, loc, res.text)
    }
    assert.equal((await balance(api, key)).spendable, before)
    expectStatus(await search('{"last_funding_date":{"from":"2019-01","to":"2026-02"}}'), 200)
    expectStatus(await search('{"published_at":{"from":"2020-01","to":"2020-02"}}', 'news_article'), 200)
    expectStatus(await search('{"revenue":{"min":1e308}}'), 200)
  })
})

describe('framework refusals are problems', () => {
  test('a malformed percent-encoding in the path → 400 request.invalid, with X-Request-Id', async () => {
    const api = await server()
    const key = await liveKey(api)
    for (const path of ['/v1/lists/%zz', '/v1/agents/runs/%', '/v1/usage/history/%c0%ae']) {
      const res = await getAsIs(api, path, { 'x-api-key': key })
      expectProblem(res, 400, 'request.invalid')
      assert.equal(res.body.instance, path)
      // Refused before the hooks that set it, and still never cached.
      assert.equal(res.headers.get('cache-control'), 'no-store')
    }
  })

  test('a path id over 100 characters → 422 request.invalid (string_too_long in the path)', async () => {
    const api = await server()
    const key = await liveKey(api)
    const res = await api.get(`/v1/lists/${'a'.repeat(101)}/items`, { key })
    expectProblem(res, 422, 'request.invalid')
    assert.equal(res.body.extra.errors[0].type, 'string_too_long')
    assert.deepEqual(res.body.extra.errors[0].loc, ['path'])
    // 100 characters is an id like any other: not found.
    expectProblem(await api.get(`/v1/lists/${'a'.repeat(100)}/items`, { key }), 404, 'lists.not_found')
  })

  test('a 20 KB URL or a 20 KB header → 413 request.too_large', async () => {
    const api = await server()
    const key = await liveKey(api)
    const longUrl = await api.get('/v1/credits', { key, query: { x: 'a'.repeat(20_000) } })
    expectProblem(longUrl, 413, 'request.too_large')
    assert.equal(longUrl.body.instance, '/v1/credits')
    expectProblem(
      await api.get('/v1/credits', { key, headers: { 'x-padding': 'p'.repeat(20_000) } }),
      413,
      'request.too_large',
    )
  })

  test('HTTP the parser refuses (unknown method, Content-Length with Transfer-Encoding, bad chunk, no Host, GET *) → 400 request.invalid', async () => {
    const api = await server()
    for (const text of [
      'FOO /v1/credits HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /v1/lists HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
      'POST /v1/lists HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      'GET /v1/credits HTTP/1.1\r\nX Bad: 1\r\n\r\n',
      'GET /v1/credits HTTP/1.1\r\n\r\n',
      // The asterisk form is for OPTIONS only; it names no resource (and is not the root's redirect).
      'GET * HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      const res = await raw(api, text)
      expectProblem(res, 400, 'request.invalid')
      assert.equal(res.headers.get('cache-control'), 'no-store')
    }
  })

  test('a request target in absolute form (GET http://host/v1/credits) reaches its route: meta and no-store as any other', async () => {
    const api = await server()
    const key = await liveKey(api)
    const res = await raw(
      api,
      `GET http://127.0.0.1/v1/credits HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\n\r\n`,
    )
    expectStatus(res, 200)
    assert.equal(res.body.meta.request_id, res.headers.get('x-request-id'))
    assert.equal(res.headers.get('cache-control'), 'no-store')
  })

  test('a method no route has → 404 request.invalid', async () => {
    const api = await server()
    const key = await liveKey(api)
    expectProblem(await api.request('PROPFIND', '/v1/credits', { key }), 404, 'request.invalid')
    expectProblem(await api.delete('/v1/credits', { key }), 404, 'request.invalid')
  })

  test("HEAD on a run's event stream answers the stream's head at once (it used to wait for the run's end), no-store", async () => {
    const api = await server()
    const key = await liveKey(api)
    const run = await api.post('/v1/agents/runs', {
      key,
      headers: { 'idempotency-key': 'head-events' },
      body: { query: 'fintech companies in Berlin', effort: 'minimal' },
    })
    expectStatus(run, 202)
    const res = await getAsIs(api, `/v1/agents/runs/${run.body.run_id}/events`, { 'x-api-key': key }, 'HEAD')
    expectStatus(res, 200)
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/)
    assert.match(res.headers.get('cache-control') ?? '', /\bno-store\b/)
  })
})

describe('a problem never echoes a large input back', () => {
  test('a 10 KB string in a 422 comes back cut to 256 characters', async () => {
    const api = await server()
    const key = await liveKey(api)
    const res = await api.post('/v1/members/resolve', { key, body: { email: 'a'.repeat(10_000) } })
    expectProblem(res, 422, 'request.invalid')
    const input = res.body.extra.errors[0].input as string
    assert.equal(input.length, 257)
    assert.ok(input.endsWith('…'))
    assert.ok(res.text.length < 2_000, `${res.text.length} bytes`)
  })

  test('nested and repeated inputs are bounded too: a missing field echoes the body cut; at most 20 errors', async () => {
    const api = await server()
    const key = await liveKey(api)
    const big = {
      items: Array.from({ length: 400 }, (_, i) => ({ entity_category: 'company', entity_id: 'x'.repeat(300), n: i })),
    }
    const { body: list } = await api.post('/v1/lists', { key, body: { name: 'Echo' } })
    const res = await api.post(`/v1/lists/${list.id}/items`, { key, body: big })
    expectProblem(res, 422, 'request.invalid')
    assert.ok(res.body.extra.errors.length <= 20)
    assert.ok(res.text.length < 64 * 1024, `${res.text.length} bytes`)
    const missing = await api.post('/v1/members/resolve', { key, body: { other: big } })
    expectProblem(missing, 422, 'request.invalid')
    for (const e of missing.body.extra.errors)
      assert.ok(JSON.stringify(e.input).length <= 4096, JSON.stringify(e.input).length.toString())
    const unknownKey = await api.post('/v1/members/resolve', { key, body: { email: 'a@b.co', ['k'.repeat(5000)]: 1 } })
    expectProblem(unknownKey, 422, 'request.invalid')
    assert.ok(unknownKey.text.length < 4_000, `${unknownKey.text.length} bytes`)
  })
})
