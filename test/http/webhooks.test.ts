// Webhook endpoints, events and deliveries (issue 42): CRUD and its conventions, Standard
// Webhooks signatures checked by the `standardwebhooks` library's own verifier on a real
// receiver, retries with one webhook-id, rotation, redelivery, safe targets at creation and at
// send time, a disabled endpoint, and the events list. Durability (kill -9, two processes):
// webhooks-durability.test.ts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Webhook } from 'standardwebhooks'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { startReceiver, type Receiver } from '../support/receiver.ts'
import { startTestServer, useTestServer, type TestServer } from '../support/server.ts'

const SETTINGS = {
  DSP_WEBHOOKS_ALLOW_HTTP: '1',
  DSP_WEBHOOKS_ALLOW_RANGES: 'loopback',
  DSP_WEBHOOKS_RETRY_BASE_MS: '50',
  DSP_WEBHOOKS_POLL_MS: '50',
}
const server = useTestServer(SETTINGS)
const WH = '/v1/webhooks/wh_000000000000'

itEnforcesAuth(server, { method: 'GET', path: '/v1/webhooks', scopes: ['dsp.agents.read', 'dsp.agents.write'] })
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/webhooks',
  scopes: ['dsp.agents.write'],
  body: { url: 'https://example.com/x', events: ['webhook.test'] },
})
itEnforcesAuth(server, { method: 'GET', path: '/v1/events', scopes: ['dsp.agents.read', 'dsp.agents.write'] })
itEnforcesAuth(server, { method: 'PATCH', path: WH, scopes: ['dsp.agents.write'], body: { enabled: false } })
itEnforcesAuth(server, { method: 'DELETE', path: WH, scopes: ['dsp.agents.write'] })
itEnforcesAuth(server, { method: 'POST', path: `${WH}/test`, scopes: ['dsp.agents.write'] })
itEnforcesAuth(server, { method: 'POST', path: `${WH}/rotate-secret`, scopes: ['dsp.agents.write'] })
itEnforcesAuth(server, {
  method: 'GET',
  path: `${WH}/deliveries`,
  scopes: ['dsp.agents.read', 'dsp.agents.write'],
})

async function createWebhook(api: TestServer, key: string, url: string, events: string[] = ['webhook.test']) {
  const res = await api.post('/v1/webhooks', { key, body: { url, events } })
  expectStatus(res, 201)
  return res.body as { id: string; secret: string }
}

/** Polls the deliveries of a webhook until `done` holds. */
async function deliveriesUntil(
  api: TestServer,
  key: string,
  id: string,
  done: (results: any[]) => boolean, // eslint-disable-line @typescript-eslint/no-explicit-any
  timeoutMs = 30_000,
) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await api.get(`/v1/webhooks/${id}/deliveries`, { key })
    expectStatus(res, 200)
    if (done(res.body.results)) return res.body.results
    if (Date.now() > until) throw new Error(`deliveries never reached the state: ${res.text}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const verify = (secret: string, r: { body: string; headers: Record<string, string> }) =>
  new Webhook(secret).verify(r.body, r.headers) as Record<string, unknown>

describe('POST /v1/webhooks', () => {
  test('creates an endpoint: 201 with a whsec_ secret shown once; reads never show it', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/webhooks', {
      key,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['agent_run.completed', 'list.updated'], description: 'CRM' },
    })
    expectStatus(res, 201)
    expectMeta(res)
    assert.match(res.body.secret, /^whsec_/)
    assert.deepEqual(res.body.events, ['agent_run.completed', 'list.updated'])
    assert.equal(res.body.enabled, true)
    const read = await api.get(`/v1/webhooks/${res.body.id}`, { key })
    expectStatus(read, 200)
    assert.equal(read.body.secret, undefined)
    assert.equal(read.body.description, 'CRM')
    const list = await api.get('/v1/webhooks', { key })
    expectStatus(list, 200)
    assert.deepEqual(
      list.body.results.map((w: { id: string }) => w.id),
      [res.body.id],
    )
    assert.equal(list.body.results[0].secret, undefined)
  })

  test('an Idempotency-Key already used answers 200 with the same endpoint, whatever the body', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const headers = { 'idempotency-key': 'create-hook-1' }
    const first = await api.post('/v1/webhooks', {
      key,
      headers,
      body: { url: 'http://127.0.0.1:9/a', events: ['webhook.test'] },
    })
    expectStatus(first, 201)
    const again = await api.post('/v1/webhooks', {
      key,
      headers,
      body: { url: 'http://127.0.0.1:9/b', events: ['list.updated'] },
    })
    expectStatus(again, 200)
    assert.equal(again.body.id, first.body.id)
    assert.equal(again.body.secret, first.body.secret)
    assert.equal((await api.get('/v1/webhooks', { key })).body.results.length, 1)
  })

  test('unknown fields, an unknown event type or no events → 422; nothing is created', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (const body of [
      { url: 'http://127.0.0.1:9/a', events: ['webhook.test'], secret: 'mine' },
      { url: 'http://127.0.0.1:9/a', events: ['run.done'] },
      { url: 'http://127.0.0.1:9/a', events: [] },
      { events: ['webhook.test'] },
    ])
      expectProblem(await api.post('/v1/webhooks', { key, body }), 422, 'request.invalid')
    assert.equal((await api.get('/v1/webhooks', { key })).body.results.length, 0)
  })

  test('a key with dsp.agents.read only reads; managing needs dsp.agents.write', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.agents.read'] })
    expectStatus(await api.get('/v1/webhooks', { key }), 200)
    expectStatus(await api.get('/v1/events', { key }), 200)
    expectProblem(
      await api.post('/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/a', events: ['webhook.test'] } }),
      403,
      'auth.insufficient_scope',
    )
  })
})

describe('safe targets', () => {
  test('private, link-local, unspecified and unresolvable targets → 422 request.invalid naming the reason', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const cases: [string, RegExp][] = [
      ['http://10.1.2.3/hooks', /private/],
      ['http://192.168.0.10/hooks', /private/],
      ['http://169.254.169.254/latest/meta-data', /linkLocal/],
      ['http://[fd00::1]/hooks', /uniqueLocal/],
      ['http://0.0.0.0/hooks', /unspecified/],
      ['http://dsp-no-such-host.invalid/hooks', /does not resolve/],
      ['ftp://127.0.0.1/hooks', /scheme/],
      ['http://user:pw@127.0.0.1/hooks', /credentials/],
    ]
    for (const [url, reason] of cases) {
      const res = await api.post('/v1/webhooks', { key, body: { url, events: ['webhook.test'] } })
      expectProblem(res, 422, 'request.invalid')
      assert.match(res.body.detail, reason, url)
      assert.deepEqual(res.body.errors?.[0]?.loc ?? res.body.extra?.errors?.[0]?.loc, ['body', 'url'])
    }
    assert.equal((await api.get('/v1/webhooks', { key })).body.results.length, 0)
  })

  test('without the operator allowing them: http and loopback (also by name) are refused', async () => {
    const api = await startTestServer()
    try {
      const { key } = await api.admin.workspaceWithKey()
      const refused = async (url: string, reason: RegExp) => {
        const res = await api.post('/v1/webhooks', { key, body: { url, events: ['webhook.test'] } })
        expectProblem(res, 422, 'request.invalid')
        assert.match(res.body.detail, reason, url)
      }
      await refused('http://127.0.0.1:9/hooks', /scheme must be https/)
      await refused('https://127.0.0.1:9/hooks', /loopback/)
      await refused('https://localhost:9/hooks', /loopback/)
      await refused('https://[::1]:9/hooks', /loopback/)
      await refused('https://[::ffff:127.0.0.1]:9/hooks', /loopback/)
    } finally {
      await api.close()
    }
  })

  test('checked again at send time: a target allowed at creation but refused now is not contacted', async () => {
    let api = await startTestServer(SETTINGS)
    try {
      const receiver = await startReceiver()
      const { key } = await api.admin.workspaceWithKey()
      const hook = await createWebhook(api, key, receiver.url)
      api = await api.restart({ DSP_WEBHOOKS_ALLOW_RANGES: '' })
      expectStatus(await api.post(`/v1/webhooks/${hook.id}/test`, { key }), 202)
      const [d] = await deliveriesUntil(api, key, hook.id, (r) => r[0]?.attempts.length >= 1)
      assert.match(d.attempts[0].error, /target refused: .*loopback/)
      assert.equal(d.attempts[0].status_code, null)
      assert.equal(receiver.received.length, 0)
    } finally {
      await api.close()
    }
  })
})

describe('deliveries', () => {
  let receiver: Receiver
  test('a test event arrives signed: the library verifies it; body {id, type, created_at, data}', async () => {
    const api = await server()
    receiver = await startReceiver()
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, receiver.url)
    const sent = await api.post(`/v1/webhooks/${hook.id}/test`, { key })
    expectStatus(sent, 202)
    assert.match(sent.body.id, /^msg_/)
    const [got] = await receiver.waitFor(1)
    const payload = verify(hook.secret, got!)
    assert.equal(payload.type, 'webhook.test')
    assert.deepEqual(Object.keys(payload).sort(), ['created_at', 'data', 'id', 'type'])
    assert.equal(got!.headers['webhook-id'], sent.body.id)
    assert.equal(got!.headers['content-type'], 'application/json')
    // A wrong secret or a changed body fails the library's verification.
    assert.throws(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got!))
    assert.throws(() => verify(hook.secret, { ...got!, body: got!.body.replace('webhook.test', 'webhook.tesT') }))
    const [d] = await deliveriesUntil(api, key, hook.id, (r) => r[0]?.status === 'succeeded')
    assert.equal(d.attempts.length, 1)
    assert.equal(d.attempts[0].status_code, 200)
    assert.ok(d.attempts[0].latency_ms >= 0)
    // The event is in the events list.
    const events = await api.get('/v1/events', { key })
    expectStatus(events, 200)
    assert.equal(events.body.results[0].id, payload.id)
  })

  test('a receiver failing twice then answering 2xx: three attempts, one webhook-id', async () => {
    const api = await server()
    const rx = await startReceiver()
    rx.answers = [500, 503]
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, rx.url)
    expectStatus(await api.post(`/v1/webhooks/${hook.id}/test`, { key }), 202)
    await rx.waitFor(3)
    const ids = new Set(rx.received.map((r) => r.headers['webhook-id']))
    assert.equal(ids.size, 1)
    for (const r of rx.received) verify(hook.secret, r)
    const [d] = await deliveriesUntil(api, key, hook.id, (r) => r[0]?.status === 'succeeded')
    assert.deepEqual(
      d.attempts.map((a: { status_code: number }) => a.status_code),
      [500, 503, 200],
    )
    assert.equal(d.attempt_count, 3)
    assert.equal(rx.received.length, 3)
  })

  test('a redirect is not followed: a 3xx is a failed attempt', async () => {
    const api = await server()
    const rx = await startReceiver()
    rx.answers = [302]
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, rx.url)
    await api.post(`/v1/webhooks/${hook.id}/test`, { key })
    const [d] = await deliveriesUntil(api, key, hook.id, (r) => r[0]?.status === 'succeeded')
    assert.deepEqual(
      d.attempts.map((a: { status_code: number }) => a.status_code),
      [302, 200],
    )
  })

  test('redeliver sends the same delivery again: same webhook-id, same body', async () => {
    const api = await server()
    const rx = await startReceiver()
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, rx.url)
    const sent = await api.post(`/v1/webhooks/${hook.id}/test`, { key })
    await deliveriesUntil(api, key, hook.id, (r) => r[0]?.status === 'succeeded')
    const again = await api.post(`/v1/webhooks/${hook.id}/deliveries/${sent.body.id}/redeliver`, { key })
    expectStatus(again, 202)
    await rx.waitFor(2)
    assert.equal(rx.received[1]!.headers['webhook-id'], sent.body.id)
    assert.equal(rx.received[1]!.body, rx.received[0]!.body)
    const [d] = await deliveriesUntil(api, key, hook.id, (r) => r[0]?.attempts.length === 2)
    assert.equal(d.status, 'succeeded')
    expectProblem(
      await api.post(`/v1/webhooks/${hook.id}/deliveries/msg_nope/redeliver`, { key }),
      404,
      'request.invalid',
    )
  })

  test('rotate-secret: a new secret; the old one also signs for 24 hours, then not', async () => {
    const api = await server()
    const rx = await startReceiver()
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, rx.url)
    const rotated = await api.post(`/v1/webhooks/${hook.id}/rotate-secret`, { key })
    expectStatus(rotated, 200)
    assert.notEqual(rotated.body.secret, hook.secret)
    assert.ok(rotated.body.previous_secret_expires_at)
    await api.post(`/v1/webhooks/${hook.id}/test`, { key })
    const [first] = await rx.waitFor(1)
    verify(hook.secret, first!)
    verify(rotated.body.secret, first!)
    await api.admin.withClock(25 * 3600, async () => {
      await api.post(`/v1/webhooks/${hook.id}/test`, { key })
      const got = await rx.waitFor(2)
      verify(rotated.body.secret, got[1]!)
      assert.throws(() => verify(hook.secret, got[1]!))
    })
  })

  test('an endpoint failing for 3 days is disabled; the workspace gets webhook.disabled; it sends nothing more', async () => {
    const api = await server()
    const failing = await startReceiver()
    failing.otherwise = 500
    const watcher = await startReceiver()
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, failing.url)
    const watch = await createWebhook(api, key, watcher.url, ['webhook.disabled'])
    await api.post(`/v1/webhooks/${hook.id}/test`, { key })
    // The first failure is recorded (the streak starts) before the clock moves.
    await deliveriesUntil(api, key, hook.id, (r) => r[0]?.attempts.length >= 1)
    await api.admin.withClock(73 * 3600, async () => {
      const [told] = await watcher.waitFor(1)
      const payload = verify(watch.secret, told!) as { type: string; data: { id: string; enabled: boolean } }
      assert.equal(payload.type, 'webhook.disabled')
      assert.equal(payload.data.id, hook.id)
      assert.equal(payload.data.enabled, false)
      const read = await api.get(`/v1/webhooks/${hook.id}`, { key })
      assert.equal(read.body.enabled, false)
      assert.match(read.body.disabled_reason, /72 hours/)
      const events = await api.get('/v1/events', { key, query: { type: 'webhook.disabled' } })
      assert.equal(events.body.results.length, 1)
      expectProblem(await api.post(`/v1/webhooks/${hook.id}/test`, { key }), 422, 'request.invalid')
      const before = failing.received.length
      await new Promise((r) => setTimeout(r, 300))
      assert.equal(failing.received.length, before)
      // Enabling starts afresh.
      const enabled = await api.patch(`/v1/webhooks/${hook.id}`, { key, body: { enabled: true } })
      expectStatus(enabled, 200)
      assert.equal(enabled.body.disabled_reason, null)
      assert.equal(enabled.body.failing_since, null)
    })
  })
})

describe('PATCH, DELETE, another workspace', () => {
  test('PATCH changes events and URL (checked); DELETE removes it; 404 afterwards', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, 'http://127.0.0.1:9/a')
    const patched = await api.patch(`/v1/webhooks/${hook.id}`, {
      key,
      body: { events: ['credits.low'], url: 'http://127.0.0.1:9/b' },
    })
    expectStatus(patched, 200)
    assert.deepEqual(patched.body.events, ['credits.low'])
    assert.equal(patched.body.url, 'http://127.0.0.1:9/b')
    expectProblem(
      await api.patch(`/v1/webhooks/${hook.id}`, { key, body: { url: 'http://10.0.0.1/' } }),
      422,
      'request.invalid',
    )
    expectProblem(await api.patch(`/v1/webhooks/${hook.id}`, { key, body: {} }), 422, 'request.invalid')
    expectStatus(await api.delete(`/v1/webhooks/${hook.id}`, { key }), 204)
    expectProblem(await api.get(`/v1/webhooks/${hook.id}`, { key }), 404, 'request.invalid')
  })

  test("another workspace's endpoint, deliveries and events are not found or not listed", async () => {
    const api = await server()
    const rx = await startReceiver()
    const owner = await api.admin.workspaceWithKey()
    const other = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, owner.key, rx.url)
    await api.post(`/v1/webhooks/${hook.id}/test`, { key: owner.key })
    for (const [method, path] of [
      ['GET', `/v1/webhooks/${hook.id}`],
      ['PATCH', `/v1/webhooks/${hook.id}`],
      ['DELETE', `/v1/webhooks/${hook.id}`],
      ['POST', `/v1/webhooks/${hook.id}/test`],
      ['POST', `/v1/webhooks/${hook.id}/rotate-secret`],
      ['GET', `/v1/webhooks/${hook.id}/deliveries`],
    ] as const)
      expectProblem(
        await api.request(method, path, { key: other.key, body: method === 'PATCH' ? { enabled: false } : undefined }),
        404,
        'request.invalid',
      )
    assert.equal((await api.get('/v1/events', { key: other.key })).body.results.length, 0)
  })
})

describe('GET /v1/events', () => {
  test('newest first, a type filter, a cursor; kept 30 days', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const hook = await createWebhook(api, key, 'http://127.0.0.1:9/a')
    for (let i = 0; i < 5; i++) expectStatus(await api.post(`/v1/webhooks/${hook.id}/test`, { key }), 202)
    const first = await api.get('/v1/events', { key, query: { limit: 3, type: 'webhook.test' } })
    expectStatus(first, 200)
    assert.equal(first.body.results.length, 3)
    assert.equal(first.body.has_more, true)
    const second = await api.get('/v1/events', {
      key,
      query: { limit: 3, type: 'webhook.test', cursor: first.body.next_cursor },
    })
    expectStatus(second, 200)
    assert.equal(second.body.results.length, 2)
    assert.equal(second.body.has_more, false)
    const all = [...first.body.results, ...second.body.results]
    assert.equal(new Set(all.map((e) => e.id)).size, 5)
    const times = all.map((e) => e.created_at)
    assert.deepEqual(times, [...times].sort().reverse())
    assert.equal((await api.get('/v1/events', { key, query: { type: 'list.updated' } })).body.results.length, 0)
    expectProblem(await api.get('/v1/events', { key, query: { type: 'nope' } }), 422, 'request.invalid')
    expectProblem(
      await api.get('/v1/events', { key, query: { cursor: first.body.next_cursor } }),
      422,
      'pagination.cursor_invalid',
    )
    // (The endpoint, failing all along, may be disabled once the clock moves: that is a new event.)
    await api.admin.withClock(31 * 86_400, async () => {
      assert.equal((await api.get('/v1/events', { key, query: { type: 'webhook.test' } })).body.results.length, 0)
    })
  })
})
