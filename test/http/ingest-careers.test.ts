// People with dated careers (issue 26 item 5; docs/ingest-formats.md §1, docs/relationships.md §1): a
// CSV of people read with a mapping that gives each job a start and an end (a year or a
// year-month) answers `connection_basis: overlapping` on them; people whose jobs carry no dates
// connect only under `shared` (a missing start overlaps nothing).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

async function post(api: TestServer, category: string, body: string, type: string, query: Record<string, string> = {}) {
  const res = await api.request('POST', `/admin/v1/corpus/${category}`, {
    query,
    rawBody: body,
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': type },
  })
  expectStatus(res, 200)
  assert.equal(res.body.rejected, 0, JSON.stringify(res.body.rejects))
  return res.body
}

const COMPANIES = [
  'name,website',
  'Alpha Dated,alpha-dated.example',
  'Beta Dated,beta-dated.example',
  'Gamma Dated,gamma-dated.example',
  'Delta Plain,delta-plain.example',
  'Epsilon Plain,epsilon-plain.example',
  'Zeta Plain,zeta-plain.example',
].join('\n')

// Job 1 is the current one (no end); job 2 a past one. Ada and Bea overlapped at Gamma in
// 2016–2018; Cy joined Gamma after Ada had left. The Plain people's jobs carry no dates.
const PEOPLE = [
  'id,full name,job,employer,employer domain,job_1,domain_1,start_1,end_1,job_2,domain_2,start_2,end_2',
  'a,Ada Dated,CTO,Alpha Dated,alpha-dated.example,Alpha Dated,alpha-dated.example,2021,,Gamma Dated,gamma-dated.example,2015-03,2018-12',
  'b,Bea Dated,Engineer,Beta Dated,beta-dated.example,Beta Dated,beta-dated.example,2020-01,,Gamma Dated,gamma-dated.example,2016,2019',
  'c,Cy Dated,Engineer,Beta Dated,beta-dated.example,Beta Dated,beta-dated.example,2021-02,,Gamma Dated,gamma-dated.example,2019-06,2020-12',
  'd,Dee Plain,CTO,Delta Plain,delta-plain.example,Delta Plain,delta-plain.example,,,Zeta Plain,zeta-plain.example,,',
  'e,Eve Plain,Engineer,Epsilon Plain,epsilon-plain.example,Epsilon Plain,epsilon-plain.example,,,Zeta Plain,zeta-plain.example,,',
].join('\n')

const MAPPING = {
  fields: {
    source_id: { column: 'id', prefix: 'careers:' },
    name: 'full name',
    title: 'job',
    'current_employer.company': 'employer',
    'current_employer.domain': 'employer domain',
  },
  employment_history: { company: 'job_*', domain: 'domain_*', start: 'start_*', end: 'end_*' },
}

let loaded: Promise<{ api: TestServer; key: string }> | null = null
function loadedServer() {
  loaded ??= (async () => {
    const api = await server()
    await post(api, 'company', COMPANIES, 'text/csv')
    const people = await post(api, 'person', PEOPLE, 'text/csv', { mapping: JSON.stringify(MAPPING) })
    assert.equal(people.inserted, 5)
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    return { api, key }
  })()
  return loaded
}

async function connections(first: string, second: string, basis: 'overlapping' | 'shared') {
  const { api, key } = await loadedServer()
  const res = await api.post('/v1/relationships', {
    key,
    body: { companies: [{ value: first }, { value: second }], connection_basis: basis, limit: 10 },
  })
  expectStatus(res, 200)
  assert.equal(res.body.connection_basis, basis)
  return {
    total: res.body.total as number,
    rows: (res.body.results as { name: string; number_of_contacts_overlapping_tenure_with: number }[]).map(
      (r) => [r.name, r.number_of_contacts_overlapping_tenure_with] as const,
    ),
    via: [...new Set((res.body.institutions as { id: string }[]).map((i) => i.id))].sort(),
  }
}

describe('relationships of ingested people', () => {
  test('dated careers answer overlapping: only the colleague whose years at Gamma met Ada’s', async () => {
    const overlapping = await connections('alpha-dated.example', 'beta-dated.example', 'overlapping')
    assert.equal(overlapping.total, 1)
    assert.deepEqual(overlapping.rows, [['Ada Dated', 1]])
    assert.deepEqual(overlapping.via, ['gamma-dated.example'])
    // shared drops the dates: Cy, at Gamma after Ada left, counts too.
    const shared = await connections('alpha-dated.example', 'beta-dated.example', 'shared')
    assert.deepEqual(shared.rows, [['Ada Dated', 2]])
  })

  test('without dates only shared answers; overlapping finds nobody', async () => {
    const overlapping = await connections('delta-plain.example', 'epsilon-plain.example', 'overlapping')
    assert.equal(overlapping.total, 0)
    assert.deepEqual(overlapping.rows, [])
    const shared = await connections('delta-plain.example', 'epsilon-plain.example', 'shared')
    assert.equal(shared.total, 1)
    assert.deepEqual(shared.rows, [['Dee Plain', 1]])
    assert.deepEqual(shared.via, ['zeta-plain.example'])
  })
})
