// DELETE /admin/v1/corpus/{category} (issue 26 item 6): records named by source_id, entity id or
// row id go, with their vectors (searches stop finding them) and coverage counts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectProblem, expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

async function ingest(api: TestServer, category: string, records: unknown[]) {
  const res = await api.request('POST', `/admin/v1/corpus/${category}`, {
    rawBody: records.map((r) => JSON.stringify(r)).join('\n'),
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
  })
  expectStatus(res, 200)
  return res.body
}

const del = (api: TestServer, category: string, ids: unknown) =>
  api.request('DELETE', `/admin/v1/corpus/${category}`, {
    body: { ids },
    headers: { 'x-admin-token': ADMIN_TOKEN },
  })

async function storedNames(api: TestServer, category: string): Promise<string[]> {
  const res = await api.request('GET', `/admin/v1/corpus/${category}/records`, {
    query: { limit: 1000 },
    headers: { 'x-admin-token': ADMIN_TOKEN },
  })
  expectStatus(res, 200)
  return res.body.records.map((r: { record: { account_name: string } }) => r.record.account_name).sort()
}

async function coverage(api: TestServer): Promise<{ records: number; records_with_vector: number }> {
  const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
  const res = await api.get('/v1/coverage', { key })
  expectStatus(res, 200)
  return res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === 'gtm_companies')
}

describe('DELETE /admin/v1/corpus/{category}', () => {
  test('deletes by source_id and by domain; unknown ids are named; coverage follows', async () => {
    const api = await server()
    await ingest(api, 'company', [
      { account_name: 'Keep Co', domain: 'keep.example', description: 'cloud payments platform' },
      { account_name: 'Gone By Source', source_id: 'crm:9', description: 'cloud payments platform' },
      { account_name: 'Gone By Domain', domain: 'gone.example', description: 'cloud payments platform' },
    ])
    assert.equal((await coverage(api)).records, 3)
    const res = await del(api, 'company', ['crm:9', 'https://www.Gone.example/', 'crm:404'])
    expectStatus(res, 200)
    assert.deepEqual(res.body, { category: 'company', requested: 3, deleted: 2, not_found: ['crm:404'] })
    assert.deepEqual(await storedNames(api, 'company'), ['Keep Co'])
    const after = await coverage(api)
    assert.equal(after.records, 1)
    assert.equal(after.records_with_vector, 1)
    // Deleting again finds nothing.
    const again = await del(api, 'company', ['crm:9'])
    assert.deepEqual(again.body.deleted, 0)
  })

  test('an empty list or an unknown category → 422 request.invalid', async () => {
    const api = await server()
    expectProblem(await del(api, 'company', []), 422, 'request.invalid')
    expectProblem(await del(api, 'planet', ['x']), 422, 'request.invalid')
  })
})
