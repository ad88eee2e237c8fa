// Source identity (issue 26 items 2 and 3): source_id as the upsert key, duplicates within one
// input reported, inserted/updated/unchanged/duplicate/rejected matching /v1/coverage, and
// companies and persons stored without web identifiers when they carry a source_id.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n'

async function ingest(api: TestServer, category: string, records: unknown[]) {
  const res = await api.request('POST', `/admin/v1/corpus/${category}`, {
    rawBody: ndjson(records),
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
  })
  expectStatus(res, 200)
  return res.body
}

async function stored(api: TestServer, category: string) {
  const res = await api.request('GET', `/admin/v1/corpus/${category}/records`, {
    query: { limit: 1000 },
    headers: { 'x-admin-token': ADMIN_TOKEN },
  })
  expectStatus(res, 200)
  return res.body.records as { id: string; record: Record<string, unknown> }[]
}

async function coverageCount(api: TestServer, corpus: string): Promise<number> {
  const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
  const res = await api.get('/v1/coverage', { key })
  expectStatus(res, 200)
  return res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === corpus).records
}

const counts = (s: Record<string, number>) => ({
  inserted: s.inserted,
  updated: s.updated,
  unchanged: s.unchanged,
  duplicate: s.duplicate,
  rejected: s.rejected,
})

describe('source identity', () => {
  test('two rounds of one company on one day with their own source_id are two records; coverage counts both', async () => {
    const api = await server()
    const round = { company: 'Acme', company_domain: 'acme.example', type: 'seed', announced_on: '2024-03-01' }
    const s = await ingest(api, 'funding_round', [
      { ...round, source_id: 'cb:r1', amount_usd: 1_000_000 },
      { ...round, source_id: 'cb:r2', amount_usd: 2_000_000 },
    ])
    assert.deepEqual(counts(s), { inserted: 2, updated: 0, unchanged: 0, duplicate: 0, rejected: 0 })
    const rows = (await stored(api, 'funding_round')).filter((r) => r.record.company === 'Acme')
    assert.deepEqual(rows.map((r) => r.record.source_id).sort(), ['cb:r1', 'cb:r2'])
    assert.equal(await coverageCount(api, 'funding_rounds'), 2)

    // The same source ids again, one changed: updated in place, never merged.
    const again = await ingest(api, 'funding_round', [
      { ...round, source_id: 'cb:r1', amount_usd: 1_000_000 },
      { ...round, source_id: ' cb:r2 ', amount_usd: 2_500_000 },
    ])
    assert.deepEqual(counts(again), { inserted: 0, updated: 1, unchanged: 1, duplicate: 0, rejected: 0 })
    assert.equal(await coverageCount(api, 'funding_rounds'), 2)
  })

  test('without source ids, a second line with the same natural key is a duplicate: reported, not folded', async () => {
    const api = await server()
    const posting = (n: number) => ({
      role: 'Data Analyst',
      company: 'City Agency',
      posted_at: '2024-05-01',
      description: `posting ${n}`,
    })
    const withoutIds = await ingest(api, 'job_opening', [posting(1), posting(2), posting(3)])
    assert.deepEqual(counts(withoutIds), { inserted: 1, updated: 0, unchanged: 0, duplicate: 2, rejected: 0 })
    assert.deepEqual(
      withoutIds.rejects.map((r: { line: number; reason: string }) => [r.line, r.reason.split(' (')[0]]),
      [
        [2, 'duplicate: same key as line 1'],
        [3, 'duplicate: same key as line 1'],
      ],
    )
    assert.equal(withoutIds.reject_reasons.duplicate, 2)
    // With source ids the six postings of one title are six records.
    const six = [1, 2, 3, 4, 5, 6].map((n) => ({ ...posting(n), source_id: `nyc:${n}` }))
    const withIds = await ingest(api, 'job_opening', six)
    assert.deepEqual(counts(withIds), { inserted: 6, updated: 0, unchanged: 0, duplicate: 0, rejected: 0 })
    // Two lines with one source_id: the second is a duplicate.
    const twice = await ingest(api, 'job_opening', [six[0], { ...six[0], description: 'other' }])
    assert.deepEqual(counts(twice), { inserted: 0, updated: 0, unchanged: 1, duplicate: 1, rejected: 0 })
    // 1 without an id + 6 with one; the summaries' inserted add up to what coverage counts.
    assert.equal(await coverageCount(api, 'job_openings'), withoutIds.inserted + withIds.inserted)
  })

  test('a company without domain or page URL is stored with its source_id: hashed id, found by name', async () => {
    const api = await server()
    const s = await ingest(api, 'company', [
      { account_name: 'Quorvath Holdings', source_id: 'sp500:QVH', industry: 'Utilities' },
      { account_name: 'No Identity At All' },
    ])
    assert.deepEqual(counts(s), { inserted: 1, updated: 0, unchanged: 0, duplicate: 0, rejected: 1 })
    const row = (await stored(api, 'company')).find((r) => r.record.source_id === 'sp500:QVH')!
    assert.match(row.id, /^[0-9a-f]{16}$/)
    const { key } = await api.admin.workspaceWithKey({ credits: 100, scopes: ['dsp.entities.read'] })
    const found = await api.post('/v1/entities/companies', { key, body: { ids: ['Quorvath Holdings'], by: 'name' } })
    expectStatus(found, 200)
    assert.equal(found.body.results[0].found, true)
    assert.equal(found.body.results[0].matches[0].source_id, 'sp500:QVH')
  })

  test('a person without a profile URL is stored with its source_id; a second source_id on one profile is a duplicate', async () => {
    const api = await server()
    const s = await ingest(api, 'person', [
      { name: 'Imogen Trask', title: 'Chief Executive Officer', source_id: 'wd:Q1' },
      { name: 'Hal Brandt', profile_url: 'https://www.linkedin.com/in/hal-brandt/', source_id: 'crm:1' },
    ])
    assert.deepEqual(counts(s), { inserted: 2, updated: 0, unchanged: 0, duplicate: 0, rejected: 0 })
    const people = await stored(api, 'person')
    const imogen = people.find((p) => p.record.source_id === 'wd:Q1')!
    assert.match(imogen.id, /^[0-9a-f]{16}$/)
    assert.equal(imogen.record.profile_url, undefined)
    // The profile is held by crm:1: another source's record of it is reported, not merged.
    const other = await ingest(api, 'person', [
      { name: 'Hal Brandt (dup)', profile_url: 'linkedin.com/in/hal-brandt', source_id: 'crm:2' },
    ])
    assert.deepEqual(counts(other), { inserted: 0, updated: 0, unchanged: 0, duplicate: 1, rejected: 0 })
    assert.match(other.rejects[0].reason, /is stored with source_id crm:1/)
    const hal = (await stored(api, 'person')).find((p) => p.record.source_id === 'crm:1')!
    assert.equal(hal.record.name, 'Hal Brandt')
  })

  test('every problem of a rejected line is reported and summarised by kind', async () => {
    const api = await server()
    const s = await ingest(api, 'company', [
      { account_name: 7, employee_count: 'many', colour: 'red', domain: 'acme.example' },
      { account_name: 'Bad Domain', domain: 'not a domain', professional_url: 'https://example.com/x' },
    ])
    assert.equal(s.rejected, 2)
    assert.deepEqual([...s.rejects[0].problems].sort(), [
      '/account_name: expected string or null',
      '/colour: unknown field',
      '/employee_count: expected integer or null',
    ])
    assert.deepEqual(s.rejects[1].problems, [
      '/domain: not a domain name ("not a domain")',
      '/professional_url: not a company page URL ("https://example.com/x")',
    ])
    assert.equal(s.reject_reasons['/domain: not a domain name'], 1)
    assert.equal(s.reject_reasons['/colour: unknown field'], 1)
  })
})
