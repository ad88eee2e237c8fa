// The first hour (issue 30): starter credits on sign-up, the password check, filter errors that
// name the filter and say what it accepts, /docs calls run as the dashboard session.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectMeta, expectProblem, expectStatus, type Res } from '../support/http.ts'
import { useTestServer } from '../support/server.ts'
import { PASSWORD, signUp, uniqueEmail } from '../support/session.ts'

const server = useTestServer({}, { demo: true })
const STARTER = 25 // DSP_STARTER_CREDITS's default

/** No entry's loc holds "undefined"; returns the entries. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Entry = { type: string; loc: (string | number)[]; msg: string; input: unknown; ctx: Record<string, any> }
function entries(res: Res): Entry[] {
  const errors = res.body.extra.errors
  for (const e of errors) assert.ok(!e.loc.map(String).includes('undefined'), JSON.stringify(e.loc))
  return errors
}

describe('starter credits', () => {
  test('a workspace made by sign-up starts with DSP_STARTER_CREDITS, granted through the ledger', async () => {
    const api = await server()
    const s = await signUp(api)
    const res = await s.get('/v1/credits')
    expectStatus(res, 200)
    assert.equal(res.body.spendable, STARTER)
    assert.equal(res.body.allocated.granted, STARTER)
    assert.equal(res.body.allocated.remaining, STARTER)
  })

  test('the first search runs as the session without buying credits, and is charged from the starter credits', async () => {
    const api = await server()
    const s = await signUp(api)
    const res = await s.post('/v1/search', {
      body: { query: 'software companies', category: 'company', mode: 'fast', limit: 5 },
    })
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session', environment: 'live' })
    assert.ok(res.body.results.length > 0)
    assert.ok(res.body.meta.credits_charged > 0)
    const after = (await s.get('/v1/credits')).body.spendable
    assert.ok(Math.abs(after - (STARTER - res.body.meta.credits_charged)) < 1e-9, `${after}`)
  })

  test('DSP_STARTER_CREDITS=0: sign-up gets no credits', async () => {
    const { startTestServer } = await import('../support/server.ts')
    const api = await startTestServer({ DSP_STARTER_CREDITS: '0' })
    try {
      const s = await signUp(api)
      assert.equal((await s.get('/v1/credits')).body.spendable, 0)
    } finally {
      await api.close()
    }
  })
})

describe('sign-up passwords', () => {
  for (const password of ['password', 'password1234', 'qwertyuiop', 'iloveyou2024']) {
    test(`${JSON.stringify(password)} is refused with 422 request.invalid at body.password, not echoed`, async () => {
      const api = await server()
      const email = uniqueEmail()
      const res = await api.post('/v1/auth/sign-up', { body: { email, password } })
      expectProblem(res, 422, 'request.invalid')
      const [e] = entries(res)
      assert.deepEqual(e!.loc, ['body', 'password'])
      assert.equal(e!.input, null)
      assert.ok(!JSON.stringify({ ...e, loc: null }).includes(password), 'the password is echoed')
      assert.ok(!res.body.detail.includes(`"${password}"`), 'the password is echoed')
      if (password.length >= 10) {
        assert.equal(e!.type, 'password_too_weak')
        assert.match(e!.msg, /too easy to guess/)
        assert.match(res.body.detail, /^body\.password: This password is too easy to guess/)
      } else assert.equal(e!.type, 'string_too_short')
      // Nothing was made: the same email signs up with a good password.
      expectStatus(await api.post('/v1/auth/sign-up', { body: { email, password: PASSWORD } }), 201)
    })
  }

  test('a password made of the email is refused', async () => {
    const api = await server()
    const email = `ada.lovelace.${Date.now()}@example.com`
    const res = await api.post('/v1/auth/sign-up', { body: { email, password: `ada.lovelace.${Date.now()}` } })
    expectProblem(res, 422, 'request.invalid')
    assert.equal(entries(res)[0]!.type, 'password_too_weak')
  })

  test('a long unguessable password is accepted', async () => {
    const api = await server()
    const res = await api.post('/v1/auth/sign-up', {
      body: { email: uniqueEmail(), password: 'pw-Zq81-never-in-logs' },
    })
    expectStatus(res, 201)
  })
})

describe('filter errors name the filter and say what it accepts', () => {
  async function search(filters: unknown, category = 'company') {
    const api = await server()
    const ws = await api.admin.createWorkspace({ credits: 10 })
    const key = await api.admin.createKey(ws.workspace_id, { environment: 'test' })
    return api.post('/v1/search', { key: key.secret, body: { query: 'software', category, filters } })
  }

  test('an unknown name: 422 at body.filters.<name>, with close names and the accepted list', async () => {
    const res = await search({ industri: { include: ['Software'] } })
    expectProblem(res, 422, 'request.invalid')
    const errors = entries(res)
    assert.equal(errors.length, 1, JSON.stringify(errors))
    assert.deepEqual(errors[0]!.loc, ['body', 'filters', 'industri'])
    assert.equal(errors[0]!.type, 'extra_forbidden')
    assert.match(errors[0]!.msg, /^Unknown filter "industri"; did you mean industry/)
    assert.ok(errors[0]!.ctx.accepted_filters.includes('industry'))
    assert.ok(errors[0]!.ctx.accepted_filters.includes('geo'))
    assert.doesNotMatch(res.body.detail, /schema is false/)
  })

  test('a place name (country) points to geo and its shape', async () => {
    const res = await search({ country: ['Germany'] })
    expectProblem(res, 422, 'request.invalid')
    const [e] = entries(res)
    assert.deepEqual(e!.loc, ['body', 'filters', 'country'])
    assert.match(
      e!.msg,
      /places are one filter, geo, which accepts \{"include": \[\{"value": "Germany", "level": "country"\}\]/,
    )
    assert.match(res.body.detail, /^body\.filters\.country: Unknown filter "country"/)
  })

  test('a value of the wrong shape names the filter and what it accepts', async () => {
    const res = await search({ industry: 'Software' })
    expectProblem(res, 422, 'request.invalid')
    const [e] = entries(res)
    assert.deepEqual(e!.loc, ['body', 'filters', 'industry'])
    assert.match(e!.msg, /filter industry accepts \{"include": \["…"\], "exclude": \["…"\]\}/)
    assert.match(e!.msg, /values: GET \/v1\/search\/filters\/industry/)
    assert.equal(e!.ctx.filter, 'industry')

    const range = await search({ employee_count: { min: 'ten' } })
    const [r] = entries(range)
    assert.deepEqual(r!.loc, ['body', 'filters', 'employee_count', 'min'])
    assert.match(r!.msg, /filter employee_count accepts \{"min": integer, "max": integer\}/)

    const extra = await search({ industry: { includes: ['Software'] } })
    const [x] = entries(extra)
    assert.deepEqual(x!.loc, ['body', 'filters', 'industry', 'includes'])
    assert.match(x!.msg, /filter industry accepts/)
  })

  test('a person-only filter on a company search is refused, naming it; the same filter on a person search is taken', async () => {
    const res = await search({ department: { include: ['Engineering'] }, industry: { include: ['Software'] } })
    expectProblem(res, 422, 'request.invalid')
    const errors = entries(res)
    assert.equal(errors.length, 1, JSON.stringify(errors))
    assert.deepEqual(errors[0]!.loc, ['body', 'filters', 'department'])
    assert.match(errors[0]!.msg, /department filters people only/)
    assert.match(res.body.detail, /search category person/)
    const people = await search({ department: { include: ['Engineering'] } }, 'person')
    assert.equal(people.status, 200, JSON.stringify(people.body))
  })

  test("a document category: a filter it lacks is named with the category's own list; a bad value says its shape", async () => {
    const res = await search({ country: ['x'] }, 'patent')
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(entries(res)[0]!.loc, ['body', 'filters', 'country'])
    assert.match(res.body.detail, /its filters are: status, classification/)
    const bad = await search({ granted_date: { from: 'yesterday' } }, 'patent')
    expectProblem(bad, 422, 'request.invalid')
    const [e] = entries(bad)
    assert.equal(e!.loc[2], 'granted_date')
    assert.match(e!.msg, /filter granted_date accepts \{"from": "2024-01-01"/)
  })

  test('look-alikes (POST /v1/similar) give the same errors', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace({ credits: 10 })
    const key = await api.admin.createKey(ws.workspace_id, { environment: 'test' })
    const res = await api.post('/v1/similar', {
      key: key.secret,
      body: { anchors: ['acme.com'], filters: { contry: [] } },
    })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(entries(res)[0]!.loc, ['body', 'filters', 'contry'])
  })
})

describe('/docs runs as the dashboard session', () => {
  test('the page loads the session script; it reads the CSRF token from /v1/auth/me and adds X-CSRF-Token, dropping X-API-Key', async () => {
    const api = await server()
    const page = await api.get('/docs/')
    expectStatus(page, 200)
    const html = page.text
    const script = /src="([^"]*theme\/session\.js)"/.exec(html)
    assert.ok(script, html)
    const js = await api.get('/docs/static/theme/session.js')
    expectStatus(js, 200)
    assert.match(js.text, /\/v1\/auth\/me/)
    assert.match(js.text, /href="\/dashboard"/)
    const init = await api.get('/docs/static/swagger-initializer.js')
    assert.match(init.text, /requestInterceptor/)
    assert.match(init.text, /X-CSRF-Token/)
    assert.match(init.text, /delete req\.headers\["X-API-Key"\]|delete req\.headers\['X-API-Key'\]/)
  })

  test('a call as the browser makes it from /docs (cookie, Origin, X-CSRF-Token) answers 200 with meta.credential session', async () => {
    const api = await server()
    const s = await signUp(api)
    const origin = { origin: api.url }
    const res = await s.post('/v1/search', {
      headers: origin,
      body: { query: 'software', category: 'company', mode: 'fast', limit: 2 },
    })
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session' })
    // Without the token the same call is 403 auth.csrf: the interceptor is what makes it work.
    expectProblem(
      await s.post('/v1/search', { headers: origin, csrf: null, body: { query: 'software', category: 'company' } }),
      403,
      'auth.csrf',
    )
  })
})
