// Operator admin API (/admin/v1): token, workspaces, credits, keys, members, clock, faults.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, startTestServer, useTestServer } from '../support/server.ts'

const server = useTestServer()
const adminHeaders = { 'x-admin-token': ADMIN_TOKEN }

describe('admin token', () => {
  test('missing or wrong X-Admin-Token → 401', async () => {
    const api = await server()
    expectProblem(await api.post('/admin/v1/workspaces', { body: { name: 'x' } }), 401, 'auth.unauthorized')
    expectProblem(
      await api.post('/admin/v1/workspaces', { body: { name: 'x' }, headers: { 'x-admin-token': 'nope' } }),
      401,
      'auth.unauthorized',
    )
  })

  test('without DSP_ADMIN_TOKEN the admin API does not exist', async (t) => {
    const api = await startTestServer({ DSP_ADMIN_TOKEN: '' })
    t.after(() => api.close())
    expectProblem(
      await api.post('/admin/v1/workspaces', { body: { name: 'x' }, headers: adminHeaders }),
      404,
      'request.invalid',
    )
  })
})

describe('POST /admin/v1/workspaces', () => {
  test('201 with workspace_id and organisation_id; credits go to the allocation, shared_credits to the organisation pool', async () => {
    const api = await server()
    const res = await api.post('/admin/v1/workspaces', {
      body: { name: 'Acme', credits: 12.5, shared_credits: 40 },
      headers: adminHeaders,
    })
    expectStatus(res, 201)
    assert.deepEqual(Object.keys(res.body).sort(), ['organisation_id', 'workspace_id'])
    const key = await api.admin.createKey(res.body.workspace_id, { scopes: ['dsp.usage.read'] })
    const credits = await api.get('/v1/credits', { key: key.secret })
    expectStatus(credits, 200)
    assert.equal(credits.body.scope, 'platform')
    assert.deepEqual(credits.body.allocated, { granted: 12.5, remaining: 12.5, reserved: 0, expires_at: null })
    assert.deepEqual(credits.body.shared, { remaining: 40 })
    assert.equal(credits.body.spendable, 12.5)
  })

  test('unknown fields are refused', async () => {
    const api = await server()
    expectProblem(
      await api.post('/admin/v1/workspaces', { body: { name: 'x', colour: 'red' }, headers: adminHeaders }),
      422,
      'request.invalid',
    )
  })
})

describe('POST /admin/v1/workspaces/{id}/credits', () => {
  test('adds to the allocation or the shared pool and returns the balance', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace({ credits: 1 })
    const a = await api.post(`/admin/v1/workspaces/${ws.workspace_id}/credits`, {
      body: { amount: 2.125 },
      headers: adminHeaders,
    })
    expectStatus(a, 200)
    assert.equal(a.body.allocated.remaining, 3.125)
    const b = await api.post(`/admin/v1/workspaces/${ws.workspace_id}/credits`, {
      body: { amount: 5, pool: 'shared' },
      headers: adminHeaders,
    })
    assert.equal(b.body.shared.remaining, 5)
    assert.equal(b.body.spendable, 3.125)
  })

  test('any amount with at most three decimals is taken exactly (4.27, 0.001, 1234.567); a fourth decimal is refused', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace({ credits: 4.27 })
    let expected = 4270
    for (const amount of [4.27, 0.001, 1234.567, 0.3, 8.2]) {
      const r = await api.post(`/admin/v1/workspaces/${ws.workspace_id}/credits`, {
        body: { amount },
        headers: adminHeaders,
      })
      expectStatus(r, 200)
      expected += Math.round(amount * 1000)
      assert.equal(Math.round(r.body.allocated.remaining * 1000), expected, `after ${amount}`)
    }
    for (const amount of [4.2701, 0.0005]) {
      const r = await api.post(`/admin/v1/workspaces/${ws.workspace_id}/credits`, {
        body: { amount },
        headers: adminHeaders,
      })
      expectProblem(r, 422, 'request.invalid')
    }
  })

  test('an unknown workspace → 404', async () => {
    const api = await server()
    expectStatus(
      await api.post('/admin/v1/workspaces/ws_nope/credits', { body: { amount: 1 }, headers: adminHeaders }),
      404,
    )
  })
})

describe('keys', () => {
  test('201 with key_id, secret, display_key, scopes, environment, expires_at; DELETE revokes (204)', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const res = await api.post(`/admin/v1/workspaces/${ws.workspace_id}/keys`, {
      body: { environment: 'test', scopes: ['dsp.usage.read'], expires_in_days: 30, name: 'ci' },
      headers: adminHeaders,
    })
    expectStatus(res, 201)
    assert.deepEqual(Object.keys(res.body).sort(), [
      'display_key',
      'environment',
      'expires_at',
      'key_id',
      'scopes',
      'secret',
    ])
    assert.deepEqual(res.body.scopes, ['dsp.usage.read'])
    expectStatus(await api.get('/v1/credits', { key: res.body.secret }), 200)
    expectStatus(await api.delete(`/admin/v1/keys/${res.body.key_id}`, { headers: adminHeaders }), 204)
    expectProblem(await api.get('/v1/credits', { key: res.body.secret }), 401, 'auth.invalid_key')
  })

  test('an unknown scope is refused', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    expectProblem(
      await api.post(`/admin/v1/workspaces/${ws.workspace_id}/keys`, {
        body: { environment: 'live', scopes: ['dsp.everything'] },
        headers: adminHeaders,
      }),
      422,
      'request.invalid',
    )
  })
})

describe('members and POST /v1/members/resolve', () => {
  test("a member is found case-insensitively in the credential's own organisation", async () => {
    const api = await server()
    const { workspace_id, key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const added = await api.post(`/admin/v1/workspaces/${workspace_id}/members`, {
      body: { email: 'Ada@Example.com', role: 'dsp_developer', state: 'active' },
      headers: adminHeaders,
    })
    expectStatus(added, 201)
    assert.equal(typeof added.body.user_id, 'number')
    const res = await api.post('/v1/members/resolve', { key, body: { email: 'ada@EXAMPLE.com' } })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.deepEqual(
      { ...res.body, meta: undefined },
      {
        email: 'ada@EXAMPLE.com',
        found: true,
        role: 'dsp_developer',
        state: 'active',
        user_id: added.body.user_id,
        meta: undefined,
      },
    )
  })

  test('a member with no platform role reports no_access and a null role', async () => {
    const api = await server()
    const { workspace_id, key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    await api.admin.addMember(workspace_id, { email: 'viewer-less@example.com', role: null, state: 'no_access' })
    const res = await api.post('/v1/members/resolve', { key, body: { email: 'viewer-less@example.com' } })
    assert.equal(res.body.found, true)
    assert.equal(res.body.role, null)
    assert.equal(res.body.state, 'no_access')
  })

  test('not a member (or a member of another organisation) → 200 found false, state unknown', async () => {
    const api = await server()
    const other = await api.admin.workspaceWithKey()
    await api.admin.addMember(other.workspace_id, {
      email: 'elsewhere@example.com',
      role: 'dsp_owner',
      state: 'active',
    })
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    for (const email of ['nobody@example.com', 'elsewhere@example.com']) {
      const res = await api.post('/v1/members/resolve', { key, body: { email } })
      expectStatus(res, 200)
      assert.equal(res.body.found, false)
      assert.equal(res.body.state, 'unknown')
      assert.equal(res.body.role, null)
      assert.equal(res.body.user_id, null)
    }
  })

  test('an invalid state or role is refused', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    expectStatus(
      await api.post(`/admin/v1/workspaces/${ws.workspace_id}/members`, {
        body: { email: 'a@b.co', role: 'dsp_god', state: 'active' },
        headers: adminHeaders,
      }),
      422,
    )
    expectStatus(
      await api.post(`/admin/v1/workspaces/${ws.workspace_id}/members`, {
        body: { email: 'a@b.co', role: null, state: 'asleep' },
        headers: adminHeaders,
      }),
      422,
    )
  })
})

describe('test clock', () => {
  test('POST advances, DELETE resets', async () => {
    const api = await server()
    const before = Date.now()
    const a = await api.post('/admin/v1/clock', { body: { advance_seconds: 3600 }, headers: adminHeaders })
    expectStatus(a, 200)
    assert.ok(Date.parse(a.body.now) >= before + 3600_000 - 1000)
    const { key } = await api.admin.workspaceWithKey()
    const c = await api.get('/v1/credits', { key })
    assert.ok(Date.parse(c.body.meta.as_of) >= before + 3600_000 - 1000, 'meta.as_of reads the clock')
    const r = await api.delete('/admin/v1/clock', { headers: adminHeaders })
    expectStatus(r, 200)
    assert.equal(r.body.offset_seconds, 0)
  })

  test('absent unless DSP_TEST_CLOCK=1; faults absent unless DSP_FAULTS=1', async (t) => {
    const api = await startTestServer({ DSP_TEST_CLOCK: '0', DSP_FAULTS: '0' })
    t.after(() => api.close())
    expectStatus(await api.post('/admin/v1/clock', { body: { advance_seconds: 1 }, headers: adminHeaders }), 404)
    expectStatus(
      await api.post('/admin/v1/faults', { body: { dependency: 'store', mode: 'down' }, headers: adminHeaders }),
      404,
    )
  })
})

describe('faults', () => {
  test('POST lists the active faults, DELETE clears them; unknown dependencies are refused', async () => {
    const api = await server()
    const a = await api.post('/admin/v1/faults', {
      body: { dependency: 'limiter', mode: 'error' },
      headers: adminHeaders,
    })
    expectStatus(a, 200)
    assert.deepEqual(
      a.body.faults.map((f: { dependency: string }) => f.dependency),
      ['limiter'],
    )
    const b = await api.delete('/admin/v1/faults', { headers: adminHeaders })
    assert.deepEqual(b.body.faults, [])
    expectStatus(
      await api.post('/admin/v1/faults', { body: { dependency: 'moon', mode: 'down' }, headers: adminHeaders }),
      422,
    )
  })

  test('ledger down → GET /v1/credits 503 credits.unavailable', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.fault('ledger', 'down')
    try {
      expectProblem(await api.get('/v1/credits', { key }), 503, 'credits.unavailable')
    } finally {
      await api.admin.clearFaults()
    }
  })

  test('ledger slow → 503 credits.unavailable after the deadline', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.fault('ledger', 'slow')
    try {
      expectProblem(await api.get('/v1/credits', { key }), 503, 'credits.unavailable')
    } finally {
      await api.admin.clearFaults()
    }
  })
})
