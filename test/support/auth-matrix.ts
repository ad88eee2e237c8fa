// itEnforcesAuth: the shared authentication matrix every credentialed route gets (§5): no key,
// Bearer key, wrong prefix, unknown, revoked, expired, missing scope, browser origin.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ALL_SCOPES } from './admin.ts'
import { expectProblem, type ReqOptions } from './http.ts'
import type { TestServer } from './server.ts'
import { GENERIC_UNAUTHORIZED } from '../../src/http/plugins/auth.ts'

export interface AuthCase {
  method: string
  path: string
  scopes: readonly string[]
  body?: unknown
  headers?: Record<string, string>
}

export function itEnforcesAuth(server: () => Promise<TestServer>, c: AuthCase): void {
  const send = async (opts: ReqOptions) =>
    (await server()).request(c.method, c.path, {
      body: c.body,
      ...opts,
      headers: { ...(c.headers ?? {}), ...(opts.headers ?? {}) },
    })

  describe(`${c.method} ${c.path} authentication`, () => {
    test('no credential → 401 auth.unauthorized with the generic sentence', async () => {
      const res = await send({})
      expectProblem(res, 401, 'auth.unauthorized')
      assert.equal(res.body.detail, GENERIC_UNAUTHORIZED)
    })

    test('a key sent as Bearer is not read as a key → the same generic 401', async () => {
      const api = await server()
      const { key } = await api.admin.workspaceWithKey()
      const res = await send({ headers: { authorization: `Bearer ${key}` } })
      expectProblem(res, 401, 'auth.unauthorized')
      assert.equal(res.body.detail, GENERIC_UNAUTHORIZED)
    })

    test('a key with another prefix → 401 auth.invalid_key', async () => {
      expectProblem(await send({ key: 'sk_other_live_abcdef0123456789' }), 401, 'auth.invalid_key')
    })

    test('an unknown key → 401 auth.invalid_key', async () => {
      expectProblem(await send({ key: 'sk_dsp_live_' + 'A'.repeat(43) }), 401, 'auth.invalid_key')
    })

    test('a revoked key → 401 auth.invalid_key on the next request', async () => {
      const api = await server()
      const { key, key_id } = await api.admin.workspaceWithKey()
      await send({ key })
      await api.admin.revokeKey(key_id)
      expectProblem(await send({ key }), 401, 'auth.invalid_key')
    })

    test('an expired key → 401 auth.invalid_key', async () => {
      const api = await server()
      const { key } = await api.admin.workspaceWithKey({ expires_in_days: 1 })
      await api.admin.advanceClock(86_400 + 1)
      try {
        expectProblem(await send({ key }), 401, 'auth.invalid_key')
      } finally {
        await api.admin.resetClock()
      }
    })

    if (c.scopes.length > 0) {
      test('a key missing every accepted scope → 403 auth.insufficient_scope listing them', async () => {
        const api = await server()
        const others = ALL_SCOPES.filter((s) => !c.scopes.includes(s))
        if (others.length === 0) return
        const { key } = await api.admin.workspaceWithKey({ scopes: others })
        const res = await send({ key })
        expectProblem(res, 403, 'auth.insufficient_scope')
        for (const s of c.scopes)
          assert.ok(String(res.body.detail).includes(s), `detail should list ${s}: ${res.body.detail}`)
      })
    }

    test('X-API-Key with an Origin header → 403 auth.browser_origin', async () => {
      const api = await server()
      const { key } = await api.admin.workspaceWithKey()
      expectProblem(await send({ key, headers: { origin: 'https://app.example.com' } }), 403, 'auth.browser_origin')
    })
  })
}
