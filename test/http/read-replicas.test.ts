// Read replicas that cannot serve (DATABASE_READ_URLS; docs/deploy-scaling.md §1), on the machine's
// PostgreSQL: a standby that refuses connections and a server that is no standby are skipped from
// the start, /readyz and /metrics say why, and every read answers from the primary. The streaming
// standby itself (reads there, lag, a standby stopped under load) is test/faults/read-replicas.test.ts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ingestCompanies } from '../support/billed-load.ts'
import { expectStatus } from '../support/http.ts'
import { startTestServer, usingPostgres, type TestServer } from '../support/server.ts'

const METRICS_TOKEN = 'metrics-token-' + 'q'.repeat(32)

async function replicaEntry(api: TestServer, limitMs = 15_000) {
  const t0 = performance.now()
  for (;;) {
    const res = await api.get('/readyz')
    const entry = Object.entries(res.body.dependencies).find(([k]) => k.startsWith('replica '))
    assert.ok(entry, JSON.stringify(res.body))
    const value = entry[1] as { status: string; hard: boolean; detail: string }
    if (!/not probed yet/.test(value.detail)) return { ready: res.status, name: entry[0], ...value }
    assert.ok(performance.now() - t0 < limitMs, 'probed within the deadline')
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function metrics(api: TestServer): Promise<string> {
  const res = await api.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  assert.equal(res.status, 200)
  return res.text
}

describe('read replicas that cannot serve', { skip: !usingPostgres() && 'PostgreSQL only' }, () => {
  const cases = [
    {
      what: 'a standby that refuses connections',
      url: () => 'postgres://postgres@127.0.0.1:1/dsp',
      name: '127.0.0.1:1/dsp',
      state: 'down',
      detail: /^unreachable \(.*ECONNREFUSED.*\): reads go elsewhere$/,
    },
    {
      what: 'a server that is not in recovery',
      url: () => process.env.DSP_TEST_DATABASE_URL!,
      name: `${new URL(process.env.DSP_TEST_DATABASE_URL ?? 'postgres://x').hostname}:`,
      state: 'not_standby',
      detail: /not in recovery/,
    },
  ]
  for (const c of cases) {
    test(`${c.what} is skipped: /readyz and /metrics say why, reads answer from the primary`, async (t) => {
      const api = await startTestServer({ DATABASE_READ_URLS: c.url(), DSP_METRICS_TOKEN: METRICS_TOKEN })
      t.after(() => api.close())
      await ingestCompanies(api, 5)
      const { key } = await api.admin.workspaceWithKey({ credits: 100 })
      const entry = await replicaEntry(api)
      assert.ok(entry.name.startsWith(`replica ${c.name}`), entry.name)
      assert.deepEqual(
        [entry.ready, entry.status, entry.hard],
        [200, 'down', false],
        'a replica does not gate readiness',
      )
      assert.match(entry.detail, c.detail)
      const search = await api.post('/v1/search', { key, body: { query: 'cloud software', mode: 'fast', limit: 3 } })
      expectStatus(search, 200)
      assert.ok(search.body.results.length > 0)
      expectStatus(await api.get('/v1/coverage', { key }), 200)
      const text = await metrics(api)
      assert.match(text, new RegExp(`^dsp_store_replica_up\\{replica="[^"]+",state="${c.state}"\\} 0$`, 'm'))
      assert.match(text, /^dsp_store_reads_total\{target="primary"\} 2$/m)
      assert.doesNotMatch(text, /^dsp_store_replica_lag_seconds\{/m)
    })
  }
})
