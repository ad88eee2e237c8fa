// The machine-readable description (contract §1, §9): version, only key-callable routes,
// x-scopes per operation, Idempotency-Key on billed routes, problem responses; /docs serves.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { useTestServer } from '../support/server.ts'

const server = useTestServer()

describe('GET /openapi.json', () => {
  test('info.version is 1.0.0', async () => {
    const api = await server()
    const res = await api.get('/openapi.json')
    expectStatus(res, 200)
    assert.equal(res.body.info.version, '1.0.0')
  })

  test('POST /v1/search and /v1/similar document their Server-Timing header on the 200', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const path of ['/v1/search', '/v1/similar']) {
      const header = doc.paths[path].post.responses['200'].headers?.['Server-Timing']
      assert.ok(header, `${path}: Server-Timing is not documented`)
      assert.match(header.description, /engine;dur=/)
    }
  })

  test('every registered API-key route appears with its scopes in x-scopes', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const routes = api.app.publicRoutes()
    assert.ok(routes.length >= 3)
    for (const r of routes) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()]
      assert.ok(op, `${r.method} ${r.path} missing from /openapi.json`)
      assert.deepEqual(op['x-scopes'], [...r.scopes], `${r.method} ${r.path} x-scopes`)
      if (r.scopes.length > 0) {
        for (const s of ['401', '403'])
          assert.ok(
            op.responses[s]?.content?.['application/problem+json'],
            `${r.method} ${r.path} lacks a problem+json ${s}`,
          )
      }
      if (r.method !== 'GET') assert.ok(op.responses['415'], `${r.method} ${r.path} lacks 415`)
    }
  })

  test('admin and documentation routes are not in the public description', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const p of Object.keys(doc.paths)) {
      assert.ok(!p.startsWith('/admin'), p)
      assert.ok(!p.startsWith('/docs'), p)
      assert.notEqual(p, '/openapi.json')
    }
  })

  test('billed routes declare the optional Idempotency-Key header', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const billed = api.app.publicRoutes().filter((r) => r.billed)
    for (const r of billed) {
      const op = doc.paths[r.path][r.method.toLowerCase()]
      const p = op.parameters.find((x: { name: string }) => x.name === 'Idempotency-Key')
      assert.ok(p, `${r.method} ${r.path} lacks Idempotency-Key`)
      assert.equal(p.in, 'header')
      assert.equal(p.required, false)
    }
    for (const r of api.app.publicRoutes().filter((x) => !x.billed)) {
      const op = doc.paths[r.path][r.method.toLowerCase()]
      assert.ok(
        !(op.parameters ?? []).some((x: { name: string }) => x.name === 'Idempotency-Key'),
        `${r.path} is free but declares Idempotency-Key`,
      )
    }
  })
})

describe('GET /docs', () => {
  test('serves the interactive reference', async () => {
    const api = await server()
    const res = await api.get('/docs/')
    expectStatus(res, 200)
    assert.match(res.text, /<html/i)
  })
})
