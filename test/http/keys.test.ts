// API keys routes (contract §4.6, §2.9, §3.5): session only. Creation defaults, the secret shown
// once and usable from outside, listing, immediate revocation, and what each role may do.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ALL_SCOPES } from '../support/admin.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { memberSession, signUp } from '../support/session.ts'
import { useTestServer } from '../support/server.ts'
import { billedSearch, SEED_WORDS } from '../support/credits.ts'

const server = useTestServer()
const DAY_MS = 86_400_000

describe('POST /v1/keys', () => {
  test('omitted scopes and expiry → all five scopes and 365 days; the secret is in this answer and works from outside', async () => {
    const api = await server()
    const s = await signUp(api)
    const res = await s.post('/v1/keys', { body: { environment: 'live' } })
    expectStatus(res, 201)
    expectMeta(res, { credential: 'session', credits_charged: null })
    assert.deepEqual(Object.keys(res.body).sort(), [
      'created_at',
      'created_by_user_id',
      'display_key',
      'environment',
      'expires_at',
      'key_id',
      'last_used_at',
      'meta',
      'name',
      'revoked_at',
      'scopes',
      'secret',
      'status',
    ])
    assert.deepEqual(res.body.scopes, [...ALL_SCOPES])
    assert.equal(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at), 365 * DAY_MS)
    assert.match(res.body.secret, /^sk_dsp_live_/)
    assert.equal(res.body.display_key, `sk_dsp_live_…${res.body.secret.slice(-4)}`)
    assert.equal(res.body.status, 'active')
    assert.equal(res.body.created_by_user_id, s.view.user.user_id)
    const outside = await api.get('/v1/credits', { key: res.body.secret })
    expectStatus(outside, 200)
    expectMeta(outside, { credential: 'api_key', environment: 'live' })
  })

  test('environment, scopes, expiry and name as asked', async () => {
    const api = await server()
    const s = await signUp(api)
    const res = await s.post('/v1/keys', {
      body: { environment: 'test', scopes: ['dsp.entities.read', 'dsp.search.read'], expires_in_days: 90, name: 'CI' },
    })
    expectStatus(res, 201)
    assert.match(res.body.secret, /^sk_dsp_test_/)
    assert.deepEqual(res.body.scopes, ['dsp.search.read', 'dsp.entities.read'])
    assert.equal(res.body.name, 'CI')
    assert.equal(res.body.environment, 'test')
    assert.equal(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at), 90 * DAY_MS)
    expectProblem(await api.get('/v1/credits', { key: res.body.secret }), 403, 'auth.insufficient_scope')
  })

  test('expiry outside 1..730 days, an unknown or repeated scope, no environment, or an unknown field → 422', async () => {
    const api = await server()
    const s = await signUp(api)
    for (const body of [
      { environment: 'live', expires_in_days: 0 },
      { environment: 'live', expires_in_days: 731 },
      { environment: 'live', scopes: ['dsp.everything'] },
      { environment: 'live', scopes: ['dsp.search.read', 'dsp.search.read'] },
      { environment: 'live', scopes: [] },
      { scopes: ['dsp.search.read'] },
      { environment: 'staging' },
      { environment: 'live', owner: 'me' },
    ]) {
      expectProblem(await s.post('/v1/keys', { body }), 422, 'request.invalid')
    }
    expectStatus(await s.post('/v1/keys', { body: { environment: 'live', expires_in_days: 730 } }), 201)
    expectStatus(await s.post('/v1/keys', { body: { environment: 'live', expires_in_days: 1 } }), 201)
  })

  test('a key cannot hold more than the role: a viewer asking for dsp.agents.write → 403 auth.insufficient_scope; by default it gets its four read scopes', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const viewer = await memberSession(api, ws.workspace_id, 'dsp_viewer')
    const refused = await viewer.post('/v1/keys', {
      body: { environment: 'live', scopes: ['dsp.search.read', 'dsp.agents.write'] },
    })
    expectProblem(refused, 403, 'auth.insufficient_scope')
    assert.match(refused.body.detail, /dsp\.agents\.write/)
    const res = await viewer.post('/v1/keys', { body: { environment: 'test' } })
    expectStatus(res, 201)
    assert.deepEqual(res.body.scopes, ['dsp.search.read', 'dsp.entities.read', 'dsp.usage.read', 'dsp.agents.read'])
  })

  test('a developer may create a key with every scope', async () => {
    const api = await server()
    const ws = await api.admin.createWorkspace()
    const dev = await memberSession(api, ws.workspace_id, 'dsp_developer')
    const res = await dev.post('/v1/keys', { body: { environment: 'live', scopes: [...ALL_SCOPES] } })
    expectStatus(res, 201)
  })

  test('an API key → 401 auth.session_required; a session without X-CSRF-Token → 403 auth.csrf', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await api.post('/v1/keys', { key, body: { environment: 'live' } }), 401, 'auth.session_required')
    expectProblem(await api.post('/v1/keys', { body: { environment: 'live' } }), 401, 'auth.session_required')
    const s = await signUp(api)
    expectProblem(await s.post('/v1/keys', { body: { environment: 'live' }, csrf: null }), 403, 'auth.csrf')
  })
})

describe('GET /v1/keys', () => {
  test('display_key, scopes, environment, created, expires, last used, revoked; never the secret; newest first', async () => {
    const api = await server()
    const s = await signUp(api)
    const older = (await s.post('/v1/keys', { body: { environment: 'test', name: 'older' } })).body
    await api.admin.advanceClock(5)
    try {
      const newer = (
        await s.post('/v1/keys', { body: { environment: 'live', name: 'newer', scopes: ['dsp.usage.read'] } })
      ).body
      expectStatus(await api.get('/v1/credits', { key: newer.secret }), 200)
      const res = await s.get('/v1/keys')
      expectStatus(res, 200)
      expectMeta(res, { credential: 'session' })
      assert.deepEqual(
        res.body.keys.map((k: { name: string }) => k.name),
        ['newer', 'older'],
      )
      assert.ok(!res.text.includes(newer.secret) && !res.text.includes(older.secret))
      const row = res.body.keys[0]
      assert.deepEqual(Object.keys(row).sort(), [
        'created_at',
        'created_by_user_id',
        'display_key',
        'environment',
        'expires_at',
        'key_id',
        'last_used_at',
        'name',
        'revoked_at',
        'scopes',
        'status',
      ])
      assert.equal(row.display_key, newer.display_key)
      assert.deepEqual(row.scopes, ['dsp.usage.read'])
      assert.equal(row.revoked_at, null)
      // last_used_at is written off the request path, at minute resolution.
      let lastUsed = row.last_used_at
      for (let i = 0; i < 20 && lastUsed === null; i++) {
        await new Promise((r) => setTimeout(r, 50))
        lastUsed = (await s.get('/v1/keys')).body.keys[0].last_used_at
      }
      assert.ok(lastUsed && !Number.isNaN(Date.parse(lastUsed)))
    } finally {
      await api.admin.resetClock()
    }
  })

  test('a revoked key stays listed with status revoked and revoked_at; an expired one says expired', async () => {
    const api = await server()
    const s = await signUp(api)
    const a = (await s.post('/v1/keys', { body: { environment: 'live', name: 'a' } })).body
    await s.post('/v1/keys', { body: { environment: 'live', name: 'b', expires_in_days: 1 } })
    expectStatus(await s.delete(`/v1/keys/${a.key_id}`), 204)
    await api.admin.advanceClock(86_400 + 1)
    try {
      const keys = (await s.get('/v1/keys')).body.keys as { name: string; status: string; revoked_at: string | null }[]
      const byName = Object.fromEntries(keys.map((k) => [k.name, k]))
      assert.equal(byName.a!.status, 'revoked')
      assert.ok(byName.a!.revoked_at)
      assert.equal(byName.b!.status, 'expired')
    } finally {
      await api.admin.resetClock()
    }
  })

  test('owner and admin see every key of the workspace; a developer sees only its own', async () => {
    const api = await server()
    const owner = await signUp(api)
    const ws = owner.view.workspace.workspace_id
    const operatorKey = await api.admin.createKey(ws, { name: 'operator' })
    const dev = await memberSession(api, ws, 'dsp_developer')
    const admin = await memberSession(api, ws, 'dsp_admin')
    await dev.post('/v1/keys', { body: { environment: 'test', name: 'dev key' } })
    await owner.post('/v1/keys', { body: { environment: 'test', name: 'owner key' } })
    const names = async (s: typeof owner) =>
      ((await s.get('/v1/keys')).body.keys as { name: string }[]).map((k) => k.name).sort()
    assert.deepEqual(await names(owner), ['dev key', 'operator', 'owner key'])
    assert.deepEqual(await names(admin), ['dev key', 'operator', 'owner key'])
    assert.deepEqual(await names(dev), ['dev key'])
    const all = (await owner.get('/v1/keys')).body.keys as { key_id: string; created_by_user_id: number | null }[]
    assert.equal(all.find((k) => k.key_id === operatorKey.key_id)!.created_by_user_id, null)
  })

  test("another workspace's keys are never listed", async () => {
    const api = await server()
    const a = await signUp(api)
    const b = await signUp(api)
    await a.post('/v1/keys', { body: { environment: 'live' } })
    assert.deepEqual((await b.get('/v1/keys')).body.keys, [])
  })

  test('without a session → 401 auth.session_required', async () => {
    const api = await server()
    expectProblem(await api.get('/v1/keys'), 401, 'auth.session_required')
  })
})

describe('DELETE /v1/keys/{key_id}', () => {
  test('204; the next request with the key is 401 auth.invalid_key; revoking again is 204', async () => {
    const api = await server()
    const s = await signUp(api)
    const key = (await s.post('/v1/keys', { body: { environment: 'live', scopes: ['dsp.usage.read'] } })).body
    expectStatus(await api.get('/v1/credits', { key: key.secret }), 200)
    const res = await s.delete(`/v1/keys/${key.key_id}`)
    expectStatus(res, 204)
    assert.equal(res.text, '')
    expectProblem(await api.get('/v1/credits', { key: key.secret }), 401, 'auth.invalid_key')
    expectStatus(await s.delete(`/v1/keys/${key.key_id}`), 204)
  })

  test("an unknown key, another workspace's, or (for a developer) another member's → 404 request.invalid, and it keeps working", async () => {
    const api = await server()
    const owner = await signUp(api)
    const other = await signUp(api)
    const ownerKey = (await owner.post('/v1/keys', { body: { environment: 'live', scopes: ['dsp.usage.read'] } })).body
    expectProblem(await owner.delete('/v1/keys/key_unknown'), 404, 'request.invalid')
    expectProblem(await other.delete(`/v1/keys/${ownerKey.key_id}`), 404, 'request.invalid')
    const dev = await memberSession(api, owner.view.workspace.workspace_id, 'dsp_developer')
    expectProblem(await dev.delete(`/v1/keys/${ownerKey.key_id}`), 404, 'request.invalid')
    expectStatus(await api.get('/v1/credits', { key: ownerKey.secret }), 200)
  })

  test("an owner or admin revokes any key of the workspace, a developer's too", async () => {
    const api = await server()
    const owner = await signUp(api)
    const ws = owner.view.workspace.workspace_id
    const dev = await memberSession(api, ws, 'dsp_developer')
    const devKey = (await dev.post('/v1/keys', { body: { environment: 'live', scopes: ['dsp.usage.read'] } })).body
    const operatorKey = await api.admin.createKey(ws, { scopes: ['dsp.usage.read'] })
    expectStatus(await owner.delete(`/v1/keys/${devKey.key_id}`), 204)
    expectStatus(await owner.delete(`/v1/keys/${operatorKey.key_id}`), 204)
    expectProblem(await api.get('/v1/credits', { key: devKey.secret }), 401, 'auth.invalid_key')
    expectProblem(await api.get('/v1/credits', { key: operatorKey.secret }), 401, 'auth.invalid_key')
  })

  test('an API key → 401 auth.session_required; without X-CSRF-Token → 403 auth.csrf', async () => {
    const api = await server()
    const { key, key_id } = await api.admin.workspaceWithKey()
    expectProblem(await api.delete(`/v1/keys/${key_id}`, { key }), 401, 'auth.session_required')
    const s = await signUp(api)
    const mine = (await s.post('/v1/keys', { body: { environment: 'live' } })).body
    expectProblem(await s.delete(`/v1/keys/${mine.key_id}`, { csrf: null }), 403, 'auth.csrf')
    expectStatus(await api.get('/v1/credits', { key: mine.secret }), 200)
  })
})

describe('usage history with a session', () => {
  // A run is a billed search made with the key (test/support/credits.ts); its words name whose it is.
  const run = async (api: Awaited<ReturnType<typeof server>>, key: string, query: string) =>
    expectStatus(await billedSearch(api, key, { query }), 200)
  const [MINE, THEIRS] = SEED_WORDS

  test("a session sees the runs of every key its user created (revoked too), not another member's", async () => {
    const api = await server()
    const owner = await signUp(api)
    await api.admin.grant(owner.view.workspace.workspace_id, 100)
    const dev = await memberSession(api, owner.view.workspace.workspace_id, 'dsp_developer')
    const mine = (await owner.post('/v1/keys', { body: { environment: 'live' } })).body
    const theirs = (await dev.post('/v1/keys', { body: { environment: 'live' } })).body
    await run(api, mine.secret, MINE)
    await run(api, theirs.secret, THEIRS)
    expectStatus(await owner.delete(`/v1/keys/${mine.key_id}`), 204)
    const res = await owner.get('/v1/usage/history')
    expectStatus(res, 200)
    expectMeta(res, { credential: 'session' })
    assert.deepEqual(
      res.body.results.map((r: { query: string }) => r.query),
      [MINE],
    )
    assert.deepEqual(
      (await dev.get('/v1/usage/history')).body.results.map((r: { query: string }) => r.query),
      [THEIRS],
    )
  })
})
