// Authentication and scopes (contract §5, §3.5): the matrix on representative routes, the key
// lifecycle, the auth store outage, and the warm-cache revocation rule.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import pg from 'pg'
import { ADMIN_TOKEN, usingPostgres, useTestServer } from '../support/server.ts'

const server = useTestServer()

itEnforcesAuth(server, { method: 'GET', path: '/v1/credits', scopes: ['dsp.usage.read'] })
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/members/resolve',
  scopes: ['dsp.search.read', 'dsp.agents.write'],
  body: { email: 'a@b.co' },
})

describe('API keys', () => {
  test('a live key answers with meta.environment live, a test key with test', async () => {
    const api = await server()
    const live = await api.admin.workspaceWithKey({ environment: 'live' })
    const test_ = await api.admin.workspaceWithKey({ environment: 'test' })
    const a = await api.get('/v1/credits', { key: live.key })
    expectStatus(a, 200)
    expectMeta(a, { environment: 'live', credential: 'api_key', credits_charged: null })
    const b = await api.get('/v1/credits', { key: test_.key })
    expectStatus(b, 200)
    expectMeta(b, { environment: 'test' })
  })

  test('created keys carry the prefix, a display_key and default to five scopes and 365 days', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const k = await api.admin.createKey(ws.workspace_id, { environment: 'test' })
    assert.match(k.secret, /^sk_dsp_test_[A-Za-z0-9_-]{40,}$/)
    assert.equal(k.scopes.length, 5)
    assert.match(k.display_key, /^sk_dsp_test_….{4}$/)
    assert.ok(k.display_key.endsWith(k.secret.slice(-4)))
    const days = (Date.parse(k.expires_at) - Date.now()) / 86_400_000
    assert.ok(days > 364.9 && days < 365.1, `expiry ${days} days`)
  })

  test('expiry is bounded to 1..730 days', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    for (const d of [0, 731]) {
      const res = await api.admin.raw(
        'POST',
        `/admin/v1/workspaces/${ws.workspace_id}/keys`,
        { environment: 'live', expires_in_days: d },
        { 'x-admin-token': ADMIN_TOKEN },
      )
      expectProblem(res, 422, 'request.invalid')
    }
  })

  test('a key that expires in one day still works just before expiry', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ expires_in_days: 1 })
    await api.admin.advanceClock(86_400 - 60)
    try {
      expectStatus(await api.get('/v1/credits', { key }), 200)
    } finally {
      await api.admin.resetClock()
    }
  })

  test('revocation applies to a warm key on the very next request', async () => {
    const api = await server()
    const { key, key_id } = await api.admin.workspaceWithKey()
    for (let i = 0; i < 3; i++) expectStatus(await api.get('/v1/credits', { key }), 200)
    await api.admin.revokeKey(key_id)
    expectProblem(await api.get('/v1/credits', { key }), 401, 'auth.invalid_key')
  })

  test('a key holding one of several accepted scopes passes', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.agents.write'] })
    expectStatus(await api.post('/v1/members/resolve', { key, body: { email: 'nobody@example.com' } }), 200)
  })

  test('the credential store unreachable → 503 auth.unavailable on a cold key, nothing ran', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.fault('auth', 'down')
    try {
      const res = await api.get('/v1/credits', { key })
      expectProblem(res, 503, 'auth.unavailable')
    } finally {
      await api.admin.clearFaults()
    }
    expectStatus(await api.get('/v1/credits', { key }), 200)
  })

  test('the store down also makes authentication unavailable', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.fault('store', 'down')
    try {
      expectProblem(await api.get('/v1/credits', { key }), 503, 'auth.unavailable')
    } finally {
      await api.admin.clearFaults()
    }
  })

  test('an unknown-prefix key is refused before any lookup, even with the auth store down', async () => {
    const api = await server()
    await api.admin.fault('auth', 'down')
    try {
      expectProblem(await api.get('/v1/credits', { key: 'pk_live_whatever' }), 401, 'auth.invalid_key')
    } finally {
      await api.admin.clearFaults()
    }
  })
})

describe('refusing unknown, revoked and expired keys', () => {
  test(
    'all three take the same path through the store, never a shortcut that tells a once-valid key apart (PostgreSQL: api_keys locked from another connection holds all three alike)',
    { skip: usingPostgres() ? false : 'needs a second connection to the store' },
    async () => {
      const api = await server()
      const revoked = await api.admin.workspaceWithKey()
      const expired = await api.admin.workspaceWithKey({ expires_in_days: 1 })
      // Both worked once (so both were cached), then stopped working.
      expectStatus(await api.get('/v1/credits', { key: revoked.key }), 200)
      expectStatus(await api.get('/v1/credits', { key: expired.key }), 200)
      await api.admin.revokeKey(revoked.key_id)
      await api.admin.advanceClock(2 * 86_400)
      const unknown = 'sk_dsp_live_' + 'A'.repeat(43)
      try {
        for (const key of [unknown, revoked.key, expired.key])
          expectProblem(await api.get('/v1/credits', { key }), 401, 'auth.invalid_key')
        const other = new pg.Client({ connectionString: api.app.deps.config.DATABASE_URL })
        await other.connect()
        try {
          await other.query('begin')
          await other.query('lock table api_keys in access exclusive mode')
          const started = performance.now()
          const answers = Promise.all(
            [unknown, revoked.key, expired.key].map(async (key) => {
              const res = await api.get('/v1/credits', { key })
              return { status: res.status, code: res.body?.code, ms: performance.now() - started }
            }),
          )
          await new Promise((r) => setTimeout(r, 1000))
          await other.query('commit')
          const [u, r, e] = await answers
          // None was answered while the key table was locked: each waited for the store.
          for (const a of [u!, r!, e!]) assert.ok(a.ms >= 900, JSON.stringify([u, r, e]))
          assert.deepEqual([r!.status, r!.code], [u!.status, u!.code])
          assert.deepEqual([e!.status, e!.code], [u!.status, u!.code])
        } finally {
          await other.end()
        }
      } finally {
        await api.admin.resetClock()
      }
    },
  )
})
