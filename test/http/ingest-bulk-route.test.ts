// POST /admin/v1/corpus/{category}?bulk=true (docs/ingest-operations.md §1, docs/ingest-bulk.md §1):
// the body stored as a bulk load stores what the ordinary ingest stores, with the same summary; a
// bulk load that fails leaves no index dropped; without the option a server never loads in bulk. Both stores.
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { sql } from 'kysely'
import { expectProblem, expectStatus, type Res } from '../support/http.ts'
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/server.ts'

const servers: TestServer[] = []
after(async () => {
  for (const s of servers) await s.close()
})
async function server(): Promise<TestServer> {
  const s = await startTestServer()
  servers.push(s)
  return s
}

async function post(api: TestServer, body: string, query: Record<string, string> = {}): Promise<Res> {
  const u = new URL(`${api.url}/admin/v1/corpus/company`)
  for (const [k, v] of Object.entries({ as_of: '2026-01-01T00:00:00Z', ...query })) u.searchParams.set(k, v)
  const res = await fetch(u, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    body,
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text }
}

function companies(n: number): string[] {
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      account_name: `Route Company ${i}`,
      domain: `route-${i}.example`,
      industry: i % 2 ? 'Software' : 'Logistics',
      country: 'US',
      description: `Company ${i} sells widgets.`,
    }),
  )
}

async function records(api: TestServer) {
  const res = await api.request('GET', '/admin/v1/corpus/company/records', {
    query: { limit: 1000 },
    headers: { 'x-admin-token': ADMIN_TOKEN },
  })
  expectStatus(res, 200)
  return res.body.records as unknown[]
}

/** The companies table's index definitions (read only: what a bulk load drops and builds again). */
async function indexes(api: TestServer): Promise<string[]> {
  const r = await sql<{ def: string }>`select indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename in ('companies', 'record_vectors') order by indexname`.execute(
    api.app.deps.db,
  )
  return r.rows.map((x) => x.def)
}

const comparable = (summary: Record<string, unknown>) => {
  const { seconds, records_per_second, reject_file, bulk, ...rest } = summary
  void [seconds, records_per_second, reject_file, bulk]
  return rest
}

describe('POST /admin/v1/corpus/{category}?bulk=true', () => {
  test('stores what the ordinary ingest stores, with the same summary, and the indexes back', async () => {
    const [bulk, plain] = [await server(), await server()]
    const body = [...companies(700), JSON.stringify({ account_name: 'No identifier' })].join('\n') + '\n'
    const b = await post(bulk, body, { bulk: 'true', batch_size: '200' })
    const p = await post(plain, body, { batch_size: '200' })
    expectStatus(b, 200)
    expectStatus(p, 200)
    assert.deepEqual([b.body.bulk, p.body.bulk], [true, false])
    assert.deepEqual(comparable(b.body), comparable(p.body))
    assert.deepEqual([b.body.inserted, b.body.rejected], [700, 1])
    assert.deepEqual(await records(bulk), await records(plain))
    assert.deepEqual(await indexes(bulk), await indexes(plain))
  })

  test('a bulk load that fails mid-way keeps its committed batches and leaves no index dropped', async () => {
    const [bulk, fresh] = [await server(), await server()]
    // A JSON array broken after 500 records: 422 once the committed batches are behind it.
    const body = '[' + companies(500).join(',') + ',{"account_name": '
    const res = await fetch(`${bulk.url}/admin/v1/corpus/company?bulk=true&batch_size=100`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
      body,
    })
    const text = await res.text()
    expectProblem({ status: res.status, headers: res.headers, body: JSON.parse(text), text }, 422, 'request.invalid')
    assert.ok((await records(bulk)).length >= 100, 'batches before the broken part stay committed')
    assert.deepEqual(await indexes(bulk), await indexes(fresh))
  })

  test('without the option a server does not load in bulk, even into an empty category', async () => {
    const api = await server()
    const res = await post(api, companies(20).join('\n'))
    expectStatus(res, 200)
    assert.equal(res.body.bulk, false)
  })

  test('bulk must be a boolean', async () => {
    const api = await server()
    expectProblem(await post(api, companies(1).join('\n'), { bulk: 'maybe' }), 422, 'request.invalid')
  })
})
