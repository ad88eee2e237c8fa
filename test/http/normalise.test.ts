// Normalisation at ingest, seen through the API (docs/corpus-storage.md, "Normalisation at ingest"): people
// ingested with titles only are grouped by department in the org chart and found by a department or
// seniority search; places sent as codes or variant names are stored, filtered and listed in one spelling.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

const DOMAIN = 'maple-forge.example'

/** The ingest summary; every line is expected to go in. */
async function ingest(api: TestServer, category: string, records: unknown[]) {
  const body = await api.admin.ingest(category, records)
  assert.equal(body.rejected, 0, JSON.stringify(body))
  return body
}

// A data team's CSV of people: names, titles and places as their HR system spells them; no
// department or seniority anywhere.
const PEOPLE: [slug: string, title: string, state: string, country: string][] = [
  ['ada', 'Senior Software Engineer', 'ON', 'CA'],
  ['grace', 'Backend Engineer', 'Ontario', 'Canada'],
  ['linus', 'Site Reliability Engineer', 'on', 'CAN'],
  ['margaret', 'VP Engineering', 'QC', 'CA'],
  ['ken', 'Account Executive', 'Québec', 'Canada'],
  ['barbara', 'Head of Sales', 'NY', 'US'],
  ['dennis', 'Recruiter', 'New York', 'USA'],
  ['frances', 'Chief Financial Officer', 'CA', 'United States of America'],
  ['alan', 'Galactic Overlord', 'ON', 'CA'],
]

let loaded: Promise<{ api: TestServer; key: string }> | null = null
function loadedServer() {
  loaded ??= (async () => {
    const api = await server()
    await ingest(api, 'company', [
      { account_name: 'Maple Forge', domain: DOMAIN, country: 'CA', state: 'ON', city: 'Toronto' },
    ])
    await ingest(
      api,
      'person',
      PEOPLE.map(([slug, title, state, country]) => ({
        name: slug,
        title,
        profile_url: `https://www.linkedin.com/in/${slug}-maple`,
        current_employer: { company: 'Maple Forge', domain: DOMAIN },
        location: { city: null, state, country },
        employment_history: [
          { company: 'Maple Forge', domain: DOMAIN, title, start: '2022-01', end: null },
          { company: 'Old Mill', title: 'Junior Data Analyst', start: '2019-01', end: '2021-12' },
        ],
      })),
    )
    const { key } = await api.admin.workspaceWithKey({ credits: 1000, scopes: ['dsp.search.read'] })
    return { api, key }
  })()
  return loaded
}

type Cell = { department: string; seniority: string; count: number }
const cells = (list: Cell[]) => Object.fromEntries(list.map((c) => [`${c.department} | ${c.seniority}`, c.count]))

describe('titles → department, sub-department and seniority at ingest', () => {
  test('the org chart of a company ingested with titles only groups its people by department, not under Others', async () => {
    const { api, key } = await loadedServer()
    const res = await api.post('/v1/org-chart', { key, body: { domain: DOMAIN, include_others: true } })
    expectStatus(res, 200)
    assert.equal(res.body.total, PEOPLE.length)
    assert.deepEqual(cells(res.body.cells), {
      'Engineering | VP': 1,
      'Engineering | IC': 3,
      'Sales | Director / Head': 1,
      'Sales | IC': 1,
      'Human Resources | IC': 1,
      'Finance | C-Suite': 1,
      'Others | Others': 1,
    })
    const departments = await api.post('/v1/org-chart/departments', { key, body: { domain: DOMAIN } })
    expectStatus(departments, 200)
    assert.ok(
      JSON.stringify(departments.body).includes('Site Reliability Engineering'),
      'the sub-department read from the title is there',
    )
  })

  test('"engineers at Maple Forge" finds the engineers; a seniority filter finds the VP', async () => {
    const { api, key } = await loadedServer()
    const auto = await api.post('/v1/search', {
      key,
      body: { query: 'engineers at maple forge', mode: 'auto', category: 'person', limit: 20 },
    })
    expectStatus(auto, 200)
    assert.deepEqual(auto.body.resolved_search.filters.department, { include: ['Engineering'] })
    const names = (res: { body: { results: { name: string }[] } }) => res.body.results.map((r) => r.name).sort()
    assert.deepEqual(names(auto), ['ada', 'grace', 'linus', 'margaret'])
    const vps = await api.post('/v1/search', {
      key,
      body: {
        category: 'person',
        mode: 'fast',
        filters: {
          department: { include: ['Engineering'] },
          seniority: { include: ['VP'] },
          company: { include: [{ value: DOMAIN, by: 'domain' }] },
        },
      },
    })
    expectStatus(vps, 200)
    assert.deepEqual(names(vps), ['margaret'])
    const sre = await api.post('/v1/search', {
      key,
      body: {
        category: 'person',
        mode: 'fast',
        filters: { department: { include: ['Site Reliability Engineering'] } },
      },
    })
    assert.deepEqual(names(sre), ['linus'])
  })

  test("each past job's title is read too", async () => {
    const { api } = await loadedServer()
    const res = await api.request('GET', '/admin/v1/corpus/person/records', {
      query: { limit: 100 },
      headers: { 'x-admin-token': ADMIN_TOKEN },
    })
    expectStatus(res, 200)
    const ada = res.body.records.find((r: { record: { name: string } }) => r.record.name === 'ada').record
    assert.deepEqual(
      ada.employment_history.map((j: { department: string; seniority: string }) => [j.department, j.seniority]),
      [
        ['Engineering', 'IC'],
        ['Data Science', 'Entry'],
      ],
    )
    assert.equal(ada.sub_department, 'Software Development')
  })
})

describe('places in one spelling at ingest', () => {
  test('filter values list each country and state once, whatever spelling was sent', async () => {
    const { api, key } = await loadedServer()
    const values = async (name: string) => {
      const res = await api.get(`/v1/search/filters/${name}`, { key })
      expectStatus(res, 200)
      return [...res.body.values].sort()
    }
    assert.deepEqual(await values('country'), ['Canada', 'United States'])
    assert.deepEqual(await values('state'), ['California', 'New York', 'Ontario', 'Quebec'])
  })

  test('a place filter finds everyone sent with any spelling of it; ON is Ontario only within Canada', async () => {
    const { api, key } = await loadedServer()
    const search = async (value: string, level: 'country' | 'state') => {
      const res = await api.post('/v1/search', {
        key,
        body: { category: 'person', mode: 'fast', filters: { geo: { include: [{ value, level }] } }, limit: 50 },
      })
      expectStatus(res, 200)
      return res.body.results.map((r: { name: string }) => r.name).sort()
    }
    assert.deepEqual(await search('Ontario', 'state'), ['ada', 'alan', 'grace', 'linus'])
    assert.deepEqual(await search('Canada', 'country'), ['ada', 'alan', 'grace', 'ken', 'linus', 'margaret'])
    // `CA` as a state of the United States is California, not Canada.
    assert.deepEqual(await search('California', 'state'), ['frances'])
  })

  test('a place filter given as a code or another spelling matches the stored spelling', async () => {
    const { api, key } = await loadedServer()
    const search = async (places: { value: string; level: 'country' | 'state' }[], exclude = false) => {
      const res = await api.post('/v1/search', {
        key,
        body: {
          category: 'person',
          mode: 'fast',
          filters: { geo: exclude ? { exclude: places } : { include: places } },
          limit: 50,
        },
      })
      expectStatus(res, 200)
      return res.body.results.map((r: { name: string }) => r.name).sort()
    }
    const canadians = ['ada', 'alan', 'grace', 'ken', 'linus', 'margaret']
    for (const value of ['CA', 'can', 'canada', '124'])
      assert.deepEqual(await search([{ value, level: 'country' }]), canadians)
    for (const value of ['US', 'usa', 'U.S.A.', 'United States of America'])
      assert.deepEqual(await search([{ value, level: 'country' }]), ['barbara', 'dennis', 'frances'])
    // A state is read within the countries the filter includes, else as a US state.
    assert.deepEqual(await search([{ value: 'CA', level: 'state' }]), ['frances'])
    assert.deepEqual(await search([{ value: 'ny', level: 'state' }]), ['barbara', 'dennis'])
    assert.deepEqual(await search([{ value: 'US-NY', level: 'state' }]), ['barbara', 'dennis'])
    assert.deepEqual(await search([{ value: 'CA-QC', level: 'state' }]), ['ken', 'margaret'])
    assert.deepEqual(
      await search([
        { value: 'CA', level: 'country' },
        { value: 'on', level: 'state' },
      ]),
      canadians,
    )
    // Exclusions read the same way.
    assert.deepEqual(await search([{ value: 'CAN', level: 'country' }], true), ['barbara', 'dennis', 'frances'])
  })
})
