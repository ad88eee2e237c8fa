// Shared conventions (contract §1, §2.1–2.3, §7, §9): meta, problem bodies, validation errors,
// content types, size cap, unknown paths, internal errors, Retry-After, the errors page.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { catalogue, errorCodes, errorSlug } from '../../src/errors.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer } from '../support/server.ts'
import { signUp } from '../support/session.ts'

const server = useTestServer()

describe('meta and request ids', () => {
  test('every 2xx of /v1 carries meta, its request_id echoed in X-Request-Id; free routes charge null', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.get('/v1/credits', { key })
    expectStatus(res, 200)
    expectMeta(res, { credential: 'api_key', credits_charged: null, environment: 'live' })
  })

  test('errors carry X-Request-Id too, equal to the body request_id', async () => {
    const api = await server()
    const res = await api.get('/v1/credits')
    assert.ok(res.headers.get('x-request-id'))
    assert.equal(res.body.request_id, res.headers.get('x-request-id'))
  })

  test('every answer of /v1 says Cache-Control: no-store (2xx, errors, a new key with its secret)', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const session = await signUp(api)
    const created = await session.post('/v1/keys', { body: { name: 'cache test', environment: 'live' } })
    expectStatus(created, 201)
    assert.ok(created.body.secret)
    for (const res of [
      created,
      await api.get('/v1/credits', { key }),
      await api.get('/v1/credits'),
      await api.get('/v1/no-such-route'),
      await api.post('/v1/search', { key, body: { bogus: 1 } }),
    ])
      assert.equal(res.headers.get('cache-control'), 'no-store', `${res.status} ${res.text.slice(0, 100)}`)
    // Routes outside /v1 keep their own caching (health probes, the docs).
    assert.equal((await api.get('/healthz')).headers.get('cache-control'), null)
  })

  test('request ids are unique per request', async () => {
    const api = await server()
    const a = await api.get('/healthz')
    const b = await api.get('/healthz')
    assert.notEqual(a.headers.get('x-request-id'), b.headers.get('x-request-id'))
  })
})

describe('problem bodies', () => {
  test('type is {error_docs_url}/<slug>, instance the path, content type problem+json', async () => {
    const api = await server()
    const res = await api.get('/v1/credits?x=1')
    expectProblem(res, 401, 'auth.unauthorized')
    assert.equal(res.body.type, `${api.url}/docs/errors/auth-unauthorized`)
    assert.equal(res.body.instance, '/v1/credits')
    assert.equal(res.body.title, catalogue['auth.unauthorized'].title)
  })

  test('DSP_ERROR_DOCS_URL changes the type base', async (t) => {
    const { startTestServer } = await import('../support/server.ts')
    const api = await startTestServer({ DSP_ERROR_DOCS_URL: 'https://docs.example.com/errors' })
    t.after(() => api.close())
    const res = await api.get('/v1/credits')
    assert.equal(res.body.type, 'https://docs.example.com/errors/auth-unauthorized')
  })

  test('an unknown path → 404 request.invalid', async () => {
    const api = await server()
    expectProblem(await api.get('/v1/no-such-route'), 404, 'request.invalid')
    expectProblem(await api.post('/nothing/here', { body: {} }), 404, 'request.invalid')
  })

  test('an unexpected failure → 500 internal with its request_id and nothing internal leaked', async () => {
    const api = await server()
    const res = await api.post('/admin/v1/faults/crash', { headers: { 'x-admin-token': ADMIN_TOKEN } })
    expectProblem(res, 500, 'internal')
    assert.ok(res.body.detail.includes(res.body.request_id))
    assert.ok(!res.text.includes('postgres://'), res.text)
    assert.ok(!res.text.includes('simulated crash'), res.text)
    assert.ok(!('stack' in res.body))
  })
})

describe('validation', () => {
  test('an unknown body field → 422 request.invalid with extra.errors[] {type, loc, msg, input, ctx}', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/members/resolve', { key, body: { email: 'a@b.co', surprise: 42 } })
    expectProblem(res, 422, 'request.invalid')
    const e = res.body.extra.errors.find((x: { loc: unknown[] }) => x.loc.includes('surprise'))
    assert.ok(e, res.text)
    assert.deepEqual(e.loc, ['body', 'surprise'])
    assert.equal(e.input, 42)
    for (const f of ['type', 'loc', 'msg', 'input', 'ctx']) assert.ok(f in e, `missing ${f}`)
  })

  test('a missing field → 422 with loc naming it', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/members/resolve', { key, body: {} })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(res.body.extra.errors[0].loc, ['body', 'email'])
    assert.equal(res.body.extra.errors[0].type, 'missing')
  })

  test('a value over its bound → 422 with the bound in ctx', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/members/resolve', { key, body: { email: 'a'.repeat(321) } })
    expectProblem(res, 422, 'request.invalid')
    assert.equal(res.body.extra.errors[0].type, 'string_too_long')
    assert.equal(res.body.extra.errors[0].ctx.limit, 320)
  })

  test('text the store cannot keep (NUL, an unpaired surrogate) in a body, query or path → 422 naming where; nothing charged', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const before = (await api.get('/v1/credits', { key })).body.spendable
    const cases: [
      Promise<{ status: number; body: { extra: { errors: { type: string; loc: unknown[] }[] } }; text: string }>,
      unknown[],
    ][] = [
      [
        api.post('/v1/search', { key, body: { query: 'cloud\u0000payments', mode: 'fast', category: 'company' } }),
        ['body', 'query'],
      ],
      [
        api.post('/v1/search', { key, body: { query: 'cloud \ud83d payments', mode: 'fast', category: 'company' } }),
        ['body', 'query'],
      ],
      [
        api.post('/v1/search', {
          key,
          body: { query: 'x', mode: 'fast', category: 'company', filters: { industry: { include: ['a\u0000'] } } },
        }),
        ['body', 'filters', 'industry', 'include', 0],
      ],
      [api.get('/v1/search/filters/industry', { key, query: { search: 'so\u0000ft' } }), ['query', 'search']],
    ]
    for (const [pending, loc] of cases) {
      const res = await pending
      expectProblem(res as never, 422, 'request.invalid')
      assert.equal(res.body.extra.errors[0]!.type, 'string_unstorable', res.text)
      assert.deepEqual(res.body.extra.errors[0]!.loc, loc)
    }
    // A well-formed pair (an emoji) is text like any other.
    expectStatus(
      await api.post('/v1/search', {
        key,
        body: { query: 'cloud \ud83d\ude00', mode: 'fast', category: 'company', limit: 1 },
      }),
      200,
    )
    assert.ok((await api.get('/v1/credits', { key })).body.spendable <= before)
  })

  test('malformed JSON → 422 request.invalid', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/members/resolve', {
      key,
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expectProblem(res, 422, 'request.invalid')
  })

  test('a wrong content type → 415 request.unsupported', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await api.post('/v1/members/resolve', {
        key,
        rawBody: 'email=a@b.co',
        headers: { 'content-type': type },
      })
      expectProblem(res, 415, 'request.unsupported')
    }
  })

  test('a body over the size cap → 413 request.too_large', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/members/resolve', { key, body: { email: 'x'.repeat(2_000_000) } })
    expectProblem(res, 413, 'request.too_large')
  })
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OpenApiOp = { parameters?: any[]; requestBody?: any }

/** A value a path parameter's schema accepts, so that validation reaches the query string. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function pathValue(schema: any): string {
  if (schema?.enum) return String(schema.enum[0])
  if (schema?.type === 'integer' || schema?.type === 'number') return '1'
  if (schema?.format === 'uuid') return '00000000-0000-4000-8000-000000000000'
  if (schema?.anyOf) return pathValue(schema.anyOf[0])
  return 'x'
}

function concretePath(path: string, op: OpenApiOp): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = (op.parameters ?? []).find((x) => x.in === 'path' && x.name === name)
    return encodeURIComponent(pathValue(param?.schema))
  })
}

/** Every entry of extra.errors at this loc. */
const errorsAt = (res: { body: { extra?: { errors?: { loc: unknown[] }[] } } }, loc: unknown[]) =>
  (res.body.extra?.errors ?? []).filter((e) => JSON.stringify(e.loc) === JSON.stringify(loc))

describe('unknown query parameters (§7, §9)', () => {
  test('every GET route of /openapi.json answers an unknown parameter with 422 at ["query", name]', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const doc = (await api.get('/openapi.json')).body
    const gets = Object.entries(doc.paths as Record<string, { get?: OpenApiOp }>).filter(([, ops]) => ops.get)
    assert.ok(gets.length >= 20, `only ${gets.length} GET routes`)
    for (const [path, ops] of gets) {
      const url = concretePath(path, ops.get!)
      const res = await api.get(url, { key, query: { bogus_param: '1' } })
      expectProblem(res, 422, 'request.invalid')
      const [e] = errorsAt(res, ['query', 'bogus_param'])
      assert.ok(e, `GET ${url}: no error at query.bogus_param: ${res.text}`)
      assert.equal((e as { type?: string }).type, 'extra_forbidden', url)
    }
  })

  test('routes with a body or a session refuse unknown query parameters too', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const search = await api.post('/v1/search', {
      key,
      query: { zz: '1' },
      body: { query: 'cloud', mode: 'fast', category: 'company', limit: 1 },
    })
    expectProblem(search, 422, 'request.invalid')
    assert.equal(errorsAt(search, ['query', 'zz']).length, 1, search.text)
    const resolve = await api.post('/v1/members/resolve', { key, query: { zz: '1' }, body: { email: 'a@b.co' } })
    expectProblem(resolve, 422, 'request.invalid')
    assert.equal(errorsAt(resolve, ['query', 'zz']).length, 1, resolve.text)
    const { signUp } = await import('../support/session.ts')
    const session = await signUp(api)
    for (const path of ['/v1/keys', '/v1/auth/me', '/v1/credits']) {
      const res = await session.get(path, { query: { zz: '1' } })
      expectProblem(res, 422, 'request.invalid')
      assert.equal(errorsAt(res, ['query', 'zz']).length, 1, `${path}: ${res.text}`)
    }
    // Declared parameters still pass.
    expectStatus(await api.get('/v1/usage/history', { key, query: { limit: 5 } }), 200)
    expectStatus(await api.get('/v1/credits', { key }), 200)
  })
})

describe('page and offset on cursor routes (§7)', () => {
  const CURSOR_ROUTES: [method: 'GET' | 'POST', path: string, body?: Record<string, unknown>][] = [
    ['POST', '/v1/search', { query: 'cloud', mode: 'fast', category: 'company' }],
    ['POST', '/v1/similar', { anchors: ['example.com'] }],
    ['POST', '/v1/relationships', { companies: [{ value: 'a.com' }, { value: 'b.com' }] }],
    ['POST', '/v1/relationships/reach', { person: 'x', companies: [{ value: 'a.com' }] }],
    ['POST', '/v1/relationships/institutions', { companies: [{ value: 'a.com' }, { value: 'b.com' }] }],
    ['POST', '/v1/relationships/ask', { query: 'who at a.com knows people at b.com' }],
    ['GET', '/v1/agents/runs/run_x/results'],
    ['GET', '/v1/usage/history'],
    ['GET', '/v1/lists/00000000-0000-4000-8000-000000000000/items'],
    ['GET', '/v1/events'],
    ['GET', '/v1/webhooks/wh_x/deliveries'],
    ['GET', '/v1/monitors/mon_x/runs'],
  ]

  test('every route of /openapi.json that takes a cursor is in the list below', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const listed = new Set(CURSOR_ROUTES.map(([m, p]) => `${m} ${p}`))
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, OpenApiOp>>))
      for (const [method, op] of Object.entries(ops)) {
        const inQuery = (op.parameters ?? []).some((x) => x.in === 'query' && x.name === 'cursor')
        // Request bodies are named components ($ref) in the description.
        const body = op.requestBody?.content?.['application/json']?.schema as { $ref?: string } | undefined
        const named = body?.$ref ? doc.components.schemas[body.$ref.replace('#/components/schemas/', '')] : body
        const inBody = Boolean((named as { properties?: { cursor?: unknown } } | undefined)?.properties?.cursor)
        if (!inQuery && !inBody) continue
        const pattern = new RegExp(`^${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '[^/]+')}$`)
        assert.ok(
          [...listed].some((r) => pattern.test(r)),
          `${method} ${path} takes a cursor and is not tested`,
        )
      }
  })

  for (const [method, path, body] of CURSOR_ROUTES) {
    test(`${method} ${path}: page and offset → 422 in the query string${body ? ' and in the body' : ''}`, async () => {
      const api = await server()
      const { key } = await api.admin.workspaceWithKey()
      for (const p of ['page', 'offset']) {
        const inQuery = await api.request(method, path, { key, query: { [p]: 2 }, body })
        expectProblem(inQuery, 422, 'request.invalid')
        assert.equal(errorsAt(inQuery, ['query', p]).length, 1, inQuery.text)
        if (!body) continue
        const inBody = await api.request(method, path, { key, body: { ...body, [p]: 2 } })
        expectProblem(inBody, 422, 'request.invalid')
        assert.equal(errorsAt(inBody, ['body', p]).length, 1, inBody.text)
      }
    })
  }
})

describe('Retry-After', () => {
  test('503 answers carry Retry-After: 5', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.fault('auth', 'down')
    try {
      const res = await api.get('/v1/credits', { key })
      expectProblem(res, 503, 'auth.unavailable')
      assert.equal(res.headers.get('retry-after'), '5')
    } finally {
      await api.admin.clearFaults()
    }
  })
})

describe('GET /docs/errors', () => {
  test('lists every catalogued code with its status, and anchors each slug', async () => {
    const api = await server()
    const res = await api.get('/docs/errors')
    expectStatus(res, 200)
    assert.match(res.headers.get('content-type') ?? '', /text\/html/)
    for (const code of errorCodes) {
      assert.ok(res.text.includes(`<code>${code}</code>`), `page lacks ${code}`)
      assert.ok(res.text.includes(`id="${errorSlug(code)}"`), `page lacks anchor ${errorSlug(code)}`)
      assert.ok(res.text.includes(`<td>${catalogue[code].status.join(', ')}</td>`), `page lacks status of ${code}`)
    }
  })

  test('the catalogue holds every code of §7 with its status', () => {
    const expected: Record<string, number[]> = {
      'auth.unauthorized': [401],
      'auth.missing_key': [401],
      'auth.invalid_key': [401],
      'auth.expired': [401],
      'auth.insufficient_scope': [403],
      'auth.unavailable': [503],
      'auth.browser_origin': [403],
      'auth.invalid_credentials': [401],
      'auth.account_exists': [409],
      'auth.session_required': [401],
      'auth.csrf': [403],
      'request.invalid': [422, 400, 404],
      'request.too_large': [413],
      'request.unsupported': [415, 422, 501],
      'relationship.anchor_ambiguous': [422],
      'feedback.subject_not_found': [404],
      'feedback.unavailable': [503],
      'lists.not_found': [404],
      'lists.item_cap_reached': [409],
      'lists.unavailable': [503],
      'export.not_enabled': [404],
      'pagination.cursor_invalid': [422],
      'pagination.cursor_expired': [422],
      'pagination.depth_exceeded': [422],
      'idempotency.in_flight': [409],
      'idempotency.fingerprint_mismatch': [409],
      'quota.burst_exceeded': [429],
      'quota.daily_exhausted': [429],
      'quota.monthly_exhausted': [429],
      'quota.concurrency_exceeded': [429],
      'quota.entity_ceiling': [429],
      'credits.insufficient': [402],
      'credits.unavailable': [503],
      'credits.unknown_action': [500],
      'payment.invalid_amount': [422],
      'payment.declined': [402],
      'payment.no_method': [409],
      'payment.forbidden': [403],
      'payment.unavailable': [503],
      'payment.topup_not_found': [404],
      'upstream.unavailable': [503, 502],
      'upstream.timeout': [504],
      'history.not_found': [404],
      not_implemented: [501],
      internal: [500],
    }
    for (const [code, statuses] of Object.entries(expected)) {
      assert.ok(code in catalogue, `catalogue lacks ${code}`)
      assert.deepEqual([...catalogue[code as keyof typeof catalogue].status].sort(), [...statuses].sort(), code)
    }
  })
})
