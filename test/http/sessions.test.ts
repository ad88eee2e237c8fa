// Dashboard sessions (contract §5.7, §8, §2.2 meta.credential): sign-up, sign-in and its
// throttle, sign-out, /v1/auth/me, CSRF, the per-session throttles, roles → scopes, members,
// and the top-up checkout the dashboard posts.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { ALL_SCOPES } from '../support/admin.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { memberSession, PASSWORD, sessionCookie, signIn, signUp, uniqueEmail } from '../support/session.ts'
import { startTestServer, useTestServer, type TestServer } from '../support/server.ts'
import { GENERIC_UNAUTHORIZED } from '../../src/http/plugins/auth.ts'

const server = useTestServer()

/** The server clock's time in ms, from the admin clock route's answer. */
const serverNow = (res: { body: { now: string } }) => Date.parse(res.body.now)

/** Moves the test clock to `secondsBefore` seconds before the next whole minute, where a fixed one-minute window would reset. */
async function beforeMinuteBoundary(api: TestServer, secondsBefore: number) {
  const intoMinute = serverNow(await api.admin.advanceClock(0)) % 60_000
  await api.admin.advanceClock((60_000 - intoMinute) / 1000 - secondsBefore + 60)
}

/** Moves the test clock just past the next UTC midnight, where a fixed one-day window would reset. */
async function startOfDay(api: TestServer) {
  const intoDay = serverNow(await api.admin.advanceClock(0)) % 86_400_000
  await api.admin.advanceClock(Math.ceil((86_400_000 - intoDay) / 1000) + 1)
}

/** The IETF RateLimit fields of a throttled answer (draft-ietf-httpapi-ratelimit-headers). */
function expectRateLimitHeaders(res: { headers: Headers }, policy: string, name: string) {
  assert.equal(res.headers.get('ratelimit-policy'), policy)
  const retry = Number(res.headers.get('retry-after'))
  assert.equal(res.headers.get('ratelimit'), `"${name}";r=0;t=${retry}`)
}

describe('POST /v1/auth/sign-up', () => {
  test('201: a new organisation and workspace with the person as active dsp_owner; the session cookie is HttpOnly, SameSite=Lax', async () => {
    const api = await server()
    const email = uniqueEmail('Ada')
    const res = await api.post('/v1/auth/sign-up', {
      body: { email, password: PASSWORD, workspace_name: 'Analytical Engines' },
    })
    expectStatus(res, 201)
    expectMeta(res, { credential: 'session', environment: 'live', credits_charged: null })
    assert.deepEqual(Object.keys(res.body).sort(), [
      'csrf_token',
      'expires_at',
      'meta',
      'permissions',
      'role',
      'scopes',
      'state',
      'user',
      'workspace',
    ])
    assert.equal(res.body.user.email, email)
    assert.equal(typeof res.body.user.user_id, 'number')
    assert.equal(res.body.workspace.name, 'Analytical Engines')
    assert.match(res.body.workspace.workspace_id, /^ws_/)
    assert.equal(res.body.role, 'dsp_owner')
    assert.equal(res.body.state, 'active')
    assert.deepEqual(res.body.scopes, [...ALL_SCOPES])
    assert.deepEqual(res.body.permissions, { billing: true, manage_all_keys: true })
    assert.ok(res.body.csrf_token.length >= 32)
    const cookie = res.headers.get('set-cookie') ?? ''
    assert.match(cookie, /^dsp_session=[A-Za-z0-9_-]{40,};/)
    assert.match(cookie, /; HttpOnly/)
    assert.match(cookie, /; SameSite=Lax/)
    assert.match(cookie, /; Path=\//)
    assert.doesNotMatch(cookie, /Secure/, 'plain http: no Secure flag')
    assert.ok(!cookie.includes(res.body.csrf_token))
  })

  test('the workspace starts with an allocation of the starter credits (DSP_STARTER_CREDITS, default 25), read with the session', async () => {
    const api = await server()
    const s = await signUp(api)
    const res = await s.get('/v1/credits')
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session', environment: 'live' })
    assert.equal(res.body.scope, 'platform')
    assert.equal(res.body.spendable, 25)
  })

  test('an email already known (any case, also an operator-made member) → 409 auth.account_exists', async () => {
    const api = await server()
    const s = await signUp(api)
    const email = s.view.user.email as string
    expectProblem(
      await api.post('/v1/auth/sign-up', { body: { email: email.toUpperCase(), password: PASSWORD } }),
      409,
      'auth.account_exists',
    )
    const ws = await api.admin.createWorkspace()
    const member = uniqueEmail('member')
    await api.admin.addMember(ws.workspace_id, { email: member, role: 'dsp_viewer', state: 'active' })
    expectProblem(
      await api.post('/v1/auth/sign-up', { body: { email: member, password: PASSWORD } }),
      409,
      'auth.account_exists',
    )
  })

  test('a short password, a malformed email or an unknown field → 422', async () => {
    const api = await server()
    expectProblem(
      await api.post('/v1/auth/sign-up', { body: { email: uniqueEmail(), password: 'short' } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/auth/sign-up', { body: { email: 'not-an-email', password: PASSWORD } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/auth/sign-up', { body: { email: uniqueEmail(), password: PASSWORD, plan: 'pro' } }),
      422,
      'request.invalid',
    )
  })

  test('behind a TLS proxy (DSP_TRUST_PROXY=1, X-Forwarded-Proto: https) the cookie is Secure', async (t) => {
    const api = await startTestServer({ DSP_TRUST_PROXY: '1' })
    t.after(() => api.close())
    const res = await api.post('/v1/auth/sign-up', {
      body: { email: uniqueEmail(), password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    })
    expectStatus(res, 201)
    assert.match(res.headers.get('set-cookie') ?? '', /; Secure/)
  })
})

describe('POST /v1/auth/sign-in', () => {
  test('a member the operator added with a password signs in with the role of its membership', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const email = uniqueEmail('viewer')
    await api.admin.addMember(ws.workspace_id, { email, role: 'dsp_viewer', state: 'active', password: PASSWORD })
    const res = await api.post('/v1/auth/sign-in', { body: { email: email.toUpperCase(), password: PASSWORD } })
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session' })
    assert.equal(res.body.role, 'dsp_viewer')
    assert.equal(res.body.workspace.workspace_id, ws.workspace_id)
    assert.deepEqual(res.body.scopes, ['dsp.search.read', 'dsp.entities.read', 'dsp.usage.read', 'dsp.agents.read'])
    assert.deepEqual(res.body.permissions, { billing: false, manage_all_keys: false })
    assert.ok(sessionCookie(res).length > 40)
  })

  test('each sign-in is a new session with its own CSRF token', async () => {
    const api = await server()
    const first = await signUp(api)
    const second = await signIn(api, first.view.user.email)
    assert.notEqual(first.cookie, second.cookie)
    assert.notEqual(first.csrf, second.csrf)
    expectStatus(await first.get('/v1/auth/me'), 200)
    expectStatus(await second.get('/v1/auth/me'), 200)
  })

  test('wrong password, unknown email, or a member without a password → 401 auth.invalid_credentials, one sentence for all', async () => {
    const api = await server()
    const s = await signUp(api)
    const wrong = await api.post('/v1/auth/sign-in', {
      body: { email: s.view.user.email, password: 'not the password' },
    })
    expectProblem(wrong, 401, 'auth.invalid_credentials')
    assert.equal(wrong.headers.get('set-cookie'), null)
    const unknown = await api.post('/v1/auth/sign-in', { body: { email: uniqueEmail('nobody'), password: PASSWORD } })
    expectProblem(unknown, 401, 'auth.invalid_credentials')
    const ws = await api.admin.createWorkspace()
    const nopass = uniqueEmail('nopass')
    await api.admin.addMember(ws.workspace_id, { email: nopass, role: 'dsp_admin', state: 'active' })
    const third = await api.post('/v1/auth/sign-in', { body: { email: nopass, password: PASSWORD } })
    expectProblem(third, 401, 'auth.invalid_credentials')
    assert.equal(wrong.body.detail, unknown.body.detail)
    assert.equal(wrong.body.detail, third.body.detail)
  })

  test('no platform access (role null, no_access, invitation_pending) → 403 auth.insufficient_scope with extra.state', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    for (const [role, state] of [
      [null, 'no_access'],
      ['dsp_developer', 'invitation_pending'],
      ['dsp_admin', 'no_access'],
    ] as const) {
      const email = uniqueEmail('noaccess')
      await api.admin.addMember(ws.workspace_id, { email, role, state, password: PASSWORD })
      const res = await api.post('/v1/auth/sign-in', { body: { email, password: PASSWORD } })
      expectProblem(res, 403, 'auth.insufficient_scope')
      assert.equal(res.body.extra.state, state)
      assert.equal(res.headers.get('set-cookie'), null)
    }
  })

  test("not_activated signs in with no scopes; POST /v1/auth/activate makes it active with its role's scopes", async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const s = await memberSession(api, ws.workspace_id, 'dsp_developer', 'not_activated')
    assert.equal(s.view.state, 'not_activated')
    assert.deepEqual(s.view.scopes, [])
    expectProblem(await s.get('/v1/credits'), 403, 'auth.insufficient_scope')
    expectProblem(await s.post('/v1/auth/activate', { csrf: null }), 403, 'auth.csrf')
    const res = await s.post('/v1/auth/activate')
    expectStatus(res, 200)
    assert.equal(res.body.state, 'active')
    assert.deepEqual(res.body.scopes, [...ALL_SCOPES])
    expectStatus(await s.get('/v1/credits'), 200)
  })

  test('10 attempts in any minute per email and address; the 11th → 429 quota.burst_exceeded with Retry-After and RateLimit headers; another email is not held back', async () => {
    const api = await server()
    const email = uniqueEmail('hammer')
    // Five attempts on each side of a minute boundary: one sliding window holds all ten.
    await beforeMinuteBoundary(api, 3)
    try {
      for (let i = 0; i < 10; i++) {
        if (i === 5) await api.admin.advanceClock(6)
        expectProblem(
          await api.post('/v1/auth/sign-in', { body: { email, password: 'guess ' + i } }),
          401,
          'auth.invalid_credentials',
        )
      }
      const res = await api.post('/v1/auth/sign-in', { body: { email, password: 'guess 11' } })
      expectProblem(res, 429, 'quota.burst_exceeded')
      const retry = Number(res.headers.get('retry-after'))
      assert.ok(retry >= 50 && retry <= 65, `Retry-After ${retry}`)
      expectRateLimitHeaders(res, '"sign-in";q=10;w=60', 'sign-in')
      expectProblem(
        await api.post('/v1/auth/sign-in', { body: { email: uniqueEmail(), password: PASSWORD } }),
        401,
        'auth.invalid_credentials',
      )
      await api.admin.advanceClock(retry)
      expectProblem(
        await api.post('/v1/auth/sign-in', { body: { email, password: 'again' } }),
        401,
        'auth.invalid_credentials',
      )
    } finally {
      await api.admin.resetClock()
    }
  })
})

describe('GET /v1/auth/me', () => {
  test('the user, workspace, role and CSRF token; meta.credential session', async () => {
    const api = await server()
    const s = await signUp(api)
    const res = await s.get('/v1/auth/me')
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session', environment: 'live', credits_charged: null })
    assert.deepEqual(res.body.user, s.view.user)
    assert.deepEqual(res.body.workspace, s.view.workspace)
    assert.equal(res.body.role, 'dsp_owner')
    assert.equal(res.body.csrf_token, s.csrf)
  })

  test('no cookie, an unknown cookie or an API key → 401 auth.session_required', async () => {
    const api = await server()
    expectProblem(await api.get('/v1/auth/me'), 401, 'auth.session_required')
    expectProblem(
      await api.get('/v1/auth/me', { headers: { cookie: 'dsp_session=forged' } }),
      401,
      'auth.session_required',
    )
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await api.get('/v1/auth/me', { key }), 401, 'auth.session_required')
  })

  test('a session ends 7 days after sign-in: session routes 401 auth.session_required, key routes the generic 401', async () => {
    const api = await server()
    const s = await signUp(api)
    await api.admin.withClock(7 * 86_400 + 1, async () => {
      expectProblem(await s.get('/v1/auth/me'), 401, 'auth.session_required')
      const res = await s.get('/v1/credits')
      expectProblem(res, 401, 'auth.unauthorized')
      assert.equal(res.body.detail, GENERIC_UNAUTHORIZED)
    })
  })

  test('a member who loses the role is signed out on the next request', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const s = await memberSession(api, ws.workspace_id, 'dsp_admin')
    expectStatus(await s.get('/v1/auth/me'), 200)
    await api.admin.addMember(ws.workspace_id, { email: s.view.user.email, role: null, state: 'no_access' })
    expectProblem(await s.get('/v1/auth/me'), 401, 'auth.session_required')
  })
})

describe('POST /v1/auth/sign-out', () => {
  test('204, clears the cookie, and the session no longer works', async () => {
    const api = await server()
    const s = await signUp(api)
    const res = await s.post('/v1/auth/sign-out')
    expectStatus(res, 204)
    assert.equal(sessionCookie(res), '')
    assert.match(res.headers.get('set-cookie') ?? '', /Max-Age=0/)
    expectProblem(await s.get('/v1/auth/me'), 401, 'auth.session_required')
  })

  test('without a session → 401 auth.session_required; without the CSRF token → 403 auth.csrf', async () => {
    const api = await server()
    expectProblem(await api.post('/v1/auth/sign-out'), 401, 'auth.session_required')
    const s = await signUp(api)
    expectProblem(await s.post('/v1/auth/sign-out', { csrf: null }), 403, 'auth.csrf')
    expectStatus(await s.get('/v1/auth/me'), 200)
  })
})

describe('CSRF on session requests', () => {
  test("POST, PUT, PATCH and DELETE need X-CSRF-Token equal to the session's; GET does not", async () => {
    const api = await server()
    const s = await signUp(api)
    for (const csrf of [null, '', 'x'.repeat(43), s.csrf + 'x']) {
      const res = await s.post('/v1/billing/top-up/intents', { csrf })
      expectProblem(res, 403, 'auth.csrf')
      assert.ok(String(res.body.detail).includes('/v1/auth/me'))
    }
    expectProblem(await s.delete('/v1/keys/key_x', { csrf: null }), 403, 'auth.csrf')
    expectProblem(
      await s.request('PATCH', '/v1/lists/00000000-0000-4000-8000-000000000000', { body: { name: 'x' }, csrf: null }),
      403,
      'auth.csrf',
    )
    expectProblem(await s.request('PUT', '/v1/feedback/votes', { body: {}, csrf: null }), 403, 'auth.csrf')
    expectStatus(await s.post('/v1/billing/top-up/intents'), 201)
    expectStatus(await s.get('/v1/credits', { csrf: null }), 200)
  })

  test("another session's token is refused", async () => {
    const api = await server()
    const a = await signUp(api)
    const b = await signUp(api)
    expectProblem(await a.post('/v1/billing/top-up/intents', { csrf: b.csrf }), 403, 'auth.csrf')
  })

  test('an API key request needs no CSRF token', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectStatus(await api.post('/v1/billing/top-up/intents', { key }), 201)
  })
})

describe('session throttle', () => {
  const POLICY = '"session-minute";q=30;w=60, "session-day";q=500;w=86400'

  test('30 requests in any minute per session: 31 straddling a minute boundary → the 31st is 429 quota.burst_exceeded with Retry-After and RateLimit headers; another session is not held back', async () => {
    const api = await server()
    const s = await signUp(api)
    const other = await signUp(api)
    // 15 just before a whole minute and 15 just after: a fixed one-minute window let 60 through here.
    await beforeMinuteBoundary(api, 2)
    try {
      for (let i = 0; i < 30; i++) {
        if (i === 15) await api.admin.advanceClock(4)
        expectStatus(await s.get('/v1/auth/me'), 200)
      }
      const res = await s.get('/v1/credits')
      expectProblem(res, 429, 'quota.burst_exceeded')
      const retry = Number(res.headers.get('retry-after'))
      assert.ok(retry >= 50 && retry <= 65, `Retry-After ${retry}`)
      expectRateLimitHeaders(res, POLICY, 'session-minute')
      expectStatus(await other.get('/v1/auth/me'), 200)
      // The window slides: half a minute on, the same 30 still count.
      await api.admin.advanceClock(30)
      expectProblem(await s.get('/v1/auth/me'), 429, 'quota.burst_exceeded')
      await api.admin.advanceClock(retry - 30)
      expectStatus(await s.get('/v1/auth/me'), 200)
    } finally {
      await api.admin.resetClock()
    }
  })

  test('500 requests in any 24 hours per session, across a UTC midnight', async () => {
    const api = await server()
    try {
      const s = await signUp(api)
      // Half before a UTC midnight, half after: a fixed one-day window would reset between them.
      await startOfDay(api)
      await api.admin.advanceClock(86_400 - 9 * 66)
      for (let i = 0; i < 500; i++) {
        // 30 a minute at most: a batch, then the minute window slides past it (and its slice).
        if (i > 0 && i % 30 === 0) await api.admin.advanceClock(66)
        expectStatus(await s.get('/v1/auth/me'), 200)
      }
      await api.admin.advanceClock(66)
      const res = await s.get('/v1/auth/me')
      expectProblem(res, 429, 'quota.burst_exceeded')
      const retry = Number(res.headers.get('retry-after'))
      assert.ok(retry > 60, `Retry-After ${retry}`)
      assert.match(res.body.detail, /500/)
      expectRateLimitHeaders(res, POLICY, 'session-day')
      await api.admin.advanceClock(retry)
      expectStatus(await s.get('/v1/auth/me'), 200)
    } finally {
      await api.admin.resetClock()
    }
  })

  test('a limiter outage fails open: the session is served', async () => {
    const api = await server()
    const s = await signUp(api)
    await api.admin.fault('limiter', 'down')
    try {
      for (let i = 0; i < 31; i++) expectStatus(await s.get('/v1/auth/me'), 200)
    } finally {
      await api.admin.clearFaults()
    }
  })

  test('a limiter store nobody answers at (REDIS_URL) fails open: sessions and sign-in are served; /readyz reports it, still ready', async (t) => {
    const api = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1' })
    t.after(() => api.close())
    const s = await signUp(api)
    const started = Date.now()
    for (let i = 0; i < 31; i++) expectStatus(await s.get('/v1/auth/me'), 200)
    assert.ok(Date.now() - started < 10_000, 'an unreachable store does not cost each request its deadline')
    const email = uniqueEmail('open')
    for (let i = 0; i < 11; i++)
      expectProblem(
        await api.post('/v1/auth/sign-in', { body: { email, password: 'guess ' + i } }),
        401,
        'auth.invalid_credentials',
      )
    const ready = await api.get('/readyz')
    expectStatus(ready, 200)
    assert.equal(ready.body.dependencies.limiter.status, 'down')
    assert.equal(ready.body.dependencies.limiter.hard, false)
  })
})

describe('sessions on key routes', () => {
  test('every answer made with a session says meta.credential session; the same route with a key says api_key', async () => {
    const api = await server()
    const s = await signUp(api)
    expectMeta(await s.get('/v1/usage/history'), { credential: 'session', environment: 'live' })
    expectMeta(await s.get('/v1/usage/metrics'), { credential: 'session' })
    expectMeta(await s.post('/v1/billing/top-up/intents'), { credential: 'session' })
    const { key } = await api.admin.workspaceWithKey()
    expectMeta(await api.get('/v1/credits', { key }), { credential: 'api_key' })
  })

  test("the role's scopes apply: a viewer reads but holds no dsp.agents.write", async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const viewer = await memberSession(api, ws.workspace_id, 'dsp_viewer')
    expectStatus(await viewer.get('/v1/credits'), 200)
    expectStatus(await viewer.post('/v1/members/resolve', { body: { email: viewer.view.user.email } }), 200)
    assert.ok(!viewer.view.scopes.includes('dsp.agents.write'))
  })

  test('a session and a key of the same workspace see the same balance', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace({ credits: 42 })
    const s = await memberSession(api, ws.workspace_id, 'dsp_developer')
    const key = await api.admin.createKey(ws.workspace_id, { scopes: ['dsp.usage.read'] })
    assert.equal((await s.get('/v1/credits')).body.spendable, 42)
    assert.equal((await api.get('/v1/credits', { key: key.secret })).body.spendable, 42)
  })

  test('session routes are not in /openapi.json', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const p of Object.keys(doc.paths)) assert.ok(!p.startsWith('/v1/auth/'), p)
    assert.equal(doc.paths['/v1/keys'], undefined)
    assert.equal(doc.paths['/v1/keys/{key_id}'], undefined)
    assert.equal(doc.paths['/v1/billing/top-up/intents/{topup_id}/checkout'], undefined)
    assert.ok(doc.paths['/v1/keys/usage'])
  })
})

describe('GET /v1/auth/members', () => {
  test("the workspace's members with role and state", async () => {
    const api = await server()
    const owner = await signUp(api)
    const ws = owner.view.workspace.workspace_id
    const invited = uniqueEmail('invited')
    await api.admin.addMember(ws, { email: invited, role: 'dsp_developer', state: 'invitation_pending' })
    const res = await owner.get('/v1/auth/members')
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session' })
    const rows = res.body.members as {
      email: string
      role: string
      state: string
      user_id: number
      joined_at: string
    }[]
    assert.deepEqual(
      rows.map((m) => [m.email, m.role, m.state]),
      [
        [owner.view.user.email, 'dsp_owner', 'active'],
        [invited, 'dsp_developer', 'invitation_pending'],
      ],
    )
    assert.deepEqual(Object.keys(rows[0]!).sort(), ['email', 'joined_at', 'role', 'state', 'user_id'])
  })

  test('without a session → 401 auth.session_required', async () => {
    const api = await server()
    expectProblem(await api.get('/v1/auth/members'), 401, 'auth.session_required')
  })
})

describe('POST /v1/billing/top-up/intents/{topup_id}/checkout', () => {
  test('an owner pays a key-made intent: it completes and the balance grows', async () => {
    const api = await server()
    const owner = await signUp(api)
    const ws = owner.view.workspace.workspace_id
    const key = await api.admin.createKey(ws, { scopes: ['dsp.usage.read'] })
    const intent = await api.post('/v1/billing/top-up/intents', { key: key.secret })
    expectStatus(intent, 201)
    assert.ok(String(intent.body.url).endsWith(`/dashboard/checkout/${intent.body.topup_id}`))
    const res = await owner.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, {
      body: { credits: 50 },
    })
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session', credits_charged: null })
    assert.equal(res.body.status, 'completed')
    assert.equal(res.body.credits_added, 50)
    assert.equal(typeof res.body.order_id, 'number')
    assert.equal((await owner.get('/v1/credits')).body.allocated.remaining, 25 + 50, 'starter credits + 50')
    const status = await api.get(`/v1/billing/top-up/intents/${intent.body.topup_id}`, { key: key.secret })
    assert.equal(status.body.status, 'completed')
    expectProblem(
      await owner.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, { body: { credits: 50 } }),
      422,
      'request.invalid',
    )
  })

  test('a developer or viewer has no billing permission → 403 payment.forbidden; nothing is added', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace({ credits: 0 })
    for (const role of ['dsp_developer', 'dsp_viewer']) {
      const s = await memberSession(api, ws.workspace_id, role)
      const intent = await s.post('/v1/billing/top-up/intents')
      expectStatus(intent, 201)
      expectProblem(
        await s.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, { body: { credits: 20 } }),
        403,
        'payment.forbidden',
      )
      assert.equal((await s.get(`/v1/billing/top-up/intents/${intent.body.topup_id}`)).body.status, 'pending')
    }
  })

  test('an amount that cannot be bought → 422 payment.invalid_amount', async () => {
    const api = await server()
    const owner = await signUp(api)
    const intent = await owner.post('/v1/billing/top-up/intents')
    for (const credits of [0, 5, 1_000_000, 10.0001]) {
      expectProblem(
        await owner.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, { body: { credits } }),
        422,
        'payment.invalid_amount',
      )
    }
  })

  test("another workspace's, an unknown or an expired intent → 404 payment.topup_not_found", async () => {
    const api = await server()
    const a = await signUp(api)
    const b = await signUp(api)
    const intent = await a.post('/v1/billing/top-up/intents')
    expectProblem(
      await b.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, { body: { credits: 20 } }),
      404,
      'payment.topup_not_found',
    )
    expectProblem(
      await a.post('/v1/billing/top-up/intents/topup_nope/checkout', { body: { credits: 20 } }),
      404,
      'payment.topup_not_found',
    )
    await api.admin.withClock(15 * 60 + 1, async () => {
      expectProblem(
        await a.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, { body: { credits: 20 } }),
        404,
        'payment.topup_not_found',
      )
    })
  })

  test('an API key cannot pay → 401 auth.session_required; without CSRF → 403 auth.csrf', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const intent = await api.post('/v1/billing/top-up/intents', { key })
    expectProblem(
      await api.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, { key, body: { credits: 20 } }),
      401,
      'auth.session_required',
    )
    const owner = await signUp(api)
    expectProblem(
      await owner.post(`/v1/billing/top-up/intents/${intent.body.topup_id}/checkout`, {
        body: { credits: 20 },
        csrf: null,
      }),
      403,
      'auth.csrf',
    )
  })
})

describe('GET /dashboard (the built SPA)', () => {
  const built = existsSync(path.resolve('dashboard', 'dist', 'index.html'))

  test('serves index.html with security headers; any other dashboard path gets it too (SPA fallback)', async (t) => {
    if (!built) return t.skip('dashboard/dist is missing: npm run build')
    const api = await server()
    for (const p of ['/dashboard', '/dashboard/', '/dashboard/keys', '/dashboard/checkout/topup_abc']) {
      const res = await api.get(p)
      expectStatus(res, 200)
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/)
      assert.match(res.text, /<div id="root">/)
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/)
      assert.equal(res.headers.get('x-frame-options'), 'DENY')
      assert.equal(res.headers.get('cache-control'), 'no-cache')
    }
  })

  test('hashed assets are cached for good; an unknown asset is 404; nothing outside dashboard/dist is served', async (t) => {
    if (!built) return t.skip('dashboard/dist is missing: npm run build')
    const api = await server()
    const index = await api.get('/dashboard/')
    const asset = /\/dashboard\/(assets\/[^"]+\.js)/.exec(index.text)?.[1]
    assert.ok(asset, 'index.html names its script')
    const res = await api.get(`/dashboard/${asset}`)
    expectStatus(res, 200)
    assert.match(res.headers.get('content-type') ?? '', /javascript/)
    assert.match(res.headers.get('cache-control') ?? '', /immutable/)
    expectStatus(await api.get('/dashboard/assets/nope-123.js'), 404)
    for (const p of [
      '/dashboard/%2e%2e/package.json',
      '/dashboard/..%2f..%2fpackage.json',
      '/dashboard/%2e%2e%2f%2e%2e%2fsrc%2fconfig.ts',
    ]) {
      const r = await api.get(p)
      assert.ok(!r.text.includes('data-platform-api') && !r.text.includes('ConfigSchema'), `${p} leaked a file`)
    }
  })

  test('with DSP_DASHBOARD=0 there is no dashboard', async (t) => {
    const api = await startTestServer({ DSP_DASHBOARD: '0' })
    t.after(() => api.close())
    expectProblem(await api.get('/dashboard/'), 404, 'request.invalid')
  })
})
