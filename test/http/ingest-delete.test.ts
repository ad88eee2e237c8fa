// DELETE /admin/v1/corpus/{category} (issue 26 item 6): records named by source_id, entity id or
// row id go, with their vectors (searches stop finding them) and coverage counts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectProblem, expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

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
    await api.admin.ingest('company', [
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

describe('deleted records in saved lists', () => {
  test('a saved item whose record was deleted answers available false, unavailable_reason not_found', async () => {
    const api = await server()
    await api.admin.ingest('company', [
      { account_name: 'Listed Co', domain: 'listed.example', description: 'cloud payments platform' },
    ])
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read', 'dsp.entities.read'] })
    const list = await api.post('/v1/lists', { key, body: { name: 'Deleted later' } })
    expectStatus(list, 201)
    const item = { entity_category: 'company', entity_id: 'listed.example' }
    expectStatus(await api.post(`/v1/lists/${list.body.id}/items`, { key, body: { items: [item] } }), 200)
    const read = async () => {
      const res = await api.get(`/v1/lists/${list.body.id}/items`, { key })
      expectStatus(res, 200)
      return res.body.items[0] as { available: boolean; record: unknown; unavailable_reason: string | null }
    }
    const before = await read()
    assert.equal(before.available, true)
    assert.equal(before.unavailable_reason, null)
    expectStatus(await del(api, 'company', ['listed.example']), 200)
    const after = await read()
    assert.deepEqual(
      { available: after.available, record: after.record, unavailable_reason: after.unavailable_reason },
      { available: false, record: null, unavailable_reason: 'not_found' },
    )
  })
})

describe('replace ingest (?replace=true)', () => {
  const co = (source_id: string, account_name = `Replace ${source_id}`) => ({
    account_name,
    source_id,
    description: 'industrial sensors maker',
  })
  async function ingestQ(api: TestServer, query: Record<string, string>, body: string) {
    const res = await api.request('POST', '/admin/v1/corpus/company', {
      query,
      rawBody: body,
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    })
    return res
  }
  const lines = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n'
  const sources = async (api: TestServer) => (await storedRecords(api)).map((r) => r.source_id ?? r.account_name).sort()
  async function storedRecords(api: TestServer) {
    const res = await api.request('GET', '/admin/v1/corpus/company/records', {
      query: { limit: 1000 },
      headers: { 'x-admin-token': ADMIN_TOKEN },
    })
    expectStatus(res, 200)
    return (res.body.records as { record: { source_id?: string; account_name: string } }[])
      .map((r) => r.record)
      .filter((r) => r.account_name.startsWith('Replace'))
  }

  test('removes the stored records of the input’s source that it no longer sends; a dry run only says which', async () => {
    const api = await server()
    await api.admin.ingest('company', [
      co('crm:1'),
      co('crm:2'),
      co('crm:3'),
      co('hr:1'),
      { account_name: 'Replace no source', domain: 'replace-nosource.example' },
    ])
    const all = ['Replace no source', 'crm:1', 'crm:2', 'crm:3', 'hr:1']
    assert.deepEqual(await sources(api), all)

    const dry = await ingestQ(api, { replace: 'true', dry_run: 'true' }, lines([co('crm:1'), co('crm:3')]))
    expectStatus(dry, 200)
    assert.deepEqual(dry.body.replaced, { sources: ['crm'], removed: 1, removed_ids: ['crm:2'], skipped: null })
    assert.deepEqual(await sources(api), all, 'a dry run removes nothing')

    const real = await ingestQ(api, { replace: 'true' }, lines([co('crm:1'), co('crm:3')]))
    expectStatus(real, 200)
    assert.equal(real.body.unchanged, 2)
    assert.deepEqual(real.body.replaced, { sources: ['crm'], removed: 1, removed_ids: ['crm:2'], skipped: null })
    // Other sources, and records without a source_id, are not the input's: they stay.
    assert.deepEqual(await sources(api), ['Replace no source', 'crm:1', 'crm:3', 'hr:1'])

    // A named source is replaced even when the input holds none of it.
    const named = await ingestQ(api, { replace: 'true', source: 'hr' }, lines([co('crm:1')]))
    expectStatus(named, 200)
    assert.deepEqual(named.body.replaced, { sources: ['hr'], removed: 1, removed_ids: ['hr:1'], skipped: null })
    assert.deepEqual(await sources(api), ['Replace no source', 'crm:1', 'crm:3'])

    // Without replace nothing is removed (and no replaced field is answered).
    const plain = await ingestQ(api, {}, lines([co('crm:1')]))
    expectStatus(plain, 200)
    assert.equal(plain.body.replaced, undefined)
    assert.deepEqual(await sources(api), ['Replace no source', 'crm:1', 'crm:3'])
  })

  test('a line that cannot be read keeps replace from removing anything', async () => {
    const api = await server()
    await api.admin.ingest('company', [co('erp:1'), co('erp:2')])
    const res = await ingestQ(api, { replace: 'true' }, lines([co('erp:1')]) + '{"account_name": "broken\n')
    expectStatus(res, 200)
    assert.equal(res.body.rejected, 1)
    assert.equal(res.body.replaced.removed, 0)
    assert.match(res.body.replaced.skipped, /1 line\(s\) could not be read.*nothing removed \(1 record\(s\) not sent\)/)
    assert.deepEqual(
      (await storedRecords(api))
        .map((r) => r.source_id)
        .filter((s) => s?.startsWith('erp:'))
        .sort(),
      ['erp:1', 'erp:2'],
    )
  })

  test('a source with a colon, a source without replace, or replace on schools → 422 request.invalid', async () => {
    const api = await server()
    const body = lines([co('crm:1')])
    expectProblem(await ingestQ(api, { replace: 'true', source: 'crm:x' }, body), 422, 'request.invalid')
    expectProblem(await ingestQ(api, { source: 'crm' }, body), 422, 'request.invalid')
    const school = await api.request('POST', '/admin/v1/corpus/school', {
      query: { replace: 'true' },
      rawBody: lines([{ name: 'Replace University', domain: 'replace-u.example' }]),
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    })
    expectProblem(school, 422, 'request.invalid')
  })
})
