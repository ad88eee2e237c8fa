// Health (contract §1, §4.1): liveness, and readiness that gates only on hard dependencies.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { useTestServer } from '../support/server.ts'

const server = useTestServer()

describe('GET /healthz', () => {
  test('200 with a JSON object of string values, no credential needed', async () => {
    const api = await server()
    const res = await api.get('/healthz')
    expectStatus(res, 200)
    assert.ok(Object.keys(res.body).length > 0)
    for (const [k, v] of Object.entries(res.body)) assert.equal(typeof v, 'string', `${k} is not a string`)
  })
})

describe('GET /readyz', () => {
  test('200 ready with each dependency reported', async () => {
    const api = await server()
    const res = await api.get('/readyz')
    expectStatus(res, 200)
    assert.equal(res.body.status, 'ready')
    for (const d of ['store', 'ledger', 'limiter', 'retrieval', 'agent_engine'])
      assert.equal(res.body.dependencies[d]?.status, 'up', d)
  })

  test('a limiter outage is reported and does not gate readiness', async () => {
    const api = await server()
    await api.admin.fault('limiter', 'down')
    try {
      const res = await api.get('/readyz')
      expectStatus(res, 200)
      assert.equal(res.body.dependencies.limiter.status, 'down')
      assert.equal(res.body.dependencies.limiter.hard, false)
    } finally {
      await api.admin.clearFaults()
    }
  })

  for (const dep of ['ledger', 'store', 'retrieval', 'agent_engine']) {
    test(`a ${dep} outage gates readiness: 503 not_ready`, async () => {
      const api = await server()
      await api.admin.fault(dep, 'down')
      try {
        const res = await api.get('/readyz')
        expectStatus(res, 503)
        assert.equal(res.body.status, 'not_ready')
        assert.equal(res.body.dependencies[dep].status, 'down')
      } finally {
        await api.admin.clearFaults()
      }
    })
  }

  test('a fault with a duration ends by itself on the clock', async () => {
    const api = await server()
    await api.admin.fault('ledger', 'down', 30)
    try {
      expectStatus(await api.get('/readyz'), 503)
      await api.admin.advanceClock(31)
      expectStatus(await api.get('/readyz'), 200)
    } finally {
      await api.admin.resetClock()
      await api.admin.clearFaults()
    }
  })
})

describe('GET /', () => {
  const root = async (accept: string | null) => {
    const api = await server()
    const res = await fetch(api.url + '/', { redirect: 'manual', headers: accept === null ? {} : { accept } })
    await res.arrayBuffer()
    return res
  }

  test('a browser (Accept: text/html) is sent to the dashboard', async () => {
    const res = await root('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
    assert.equal(res.status, 302)
    assert.equal(res.headers.get('location'), '/dashboard')
    assert.match(res.headers.get('vary') ?? '', /accept/i)
  })

  for (const accept of ['application/json', '*/*', null]) {
    test(`a client (Accept: ${accept ?? 'none'}) is sent to the API reference`, async () => {
      const res = await root(accept)
      assert.equal(res.status, 302)
      assert.equal(res.headers.get('location'), '/docs')
    })
  }
})
