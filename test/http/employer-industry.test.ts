// A person's current_employer.industry (docs/corpus.md §1.3): the ingested value, else the stored
// company's of the employer's domain, read when the record is answered. Checked on search rows,
// lookups and saved-list items, with companies ingested after the people and before them, a
// company changed and deleted later, an employer named without a domain (in a job, or only as the
// current employer of a people CSV), and a people CSV with an Industry column.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ndjson } from '../support/admin.ts'
import { expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

async function ingest(api: TestServer, category: string, body: string, type = 'application/x-ndjson') {
  const summary = await api.admin.ingest(category, body, type)
  assert.equal(summary.rejected, 0, JSON.stringify(summary.rejects))
  return summary as { mapping?: Record<string, string>; inserted: number; updated: number }
}

const company = (domain: string, industry: string | null) => ({ account_name: `Co ${domain}`, domain, industry })

const person = (slug: string, domain: string, industry?: string) => ({
  name: `Person ${slug}`,
  title: 'Software Engineer',
  profile_url: `linkedin.com/in/${slug}`,
  current_employer: { company: `Co ${domain}`, domain, ...(industry === undefined ? {} : { industry }) },
})

type Employer = { company?: string; domain?: string; industry?: string | null }

async function keyFor(api: TestServer) {
  return (await api.admin.workspaceWithKey({ credits: 100 })).key
}

/** current_employer of each profile URL, as POST /v1/entities/persons (by li_url) answers it. */
async function lookedUp(api: TestServer, key: string, slugs: string[]): Promise<(Employer | null)[]> {
  const res = await api.post('/v1/entities/persons', {
    key,
    body: { ids: slugs.map((s) => `https://www.linkedin.com/in/${s}`), by: 'li_url' },
  })
  expectStatus(res, 200)
  return (res.body.results as { matches: { current_employer?: Employer | null }[] }[]).map(
    (r) => r.matches[0]?.current_employer ?? null,
  )
}

const industries = async (api: TestServer, key: string, slugs: string[]) =>
  (await lookedUp(api, key, slugs)).map((e) => e?.industry)

/** Industry of each person row of a search for the people of `domain`, by profile URL. */
async function searched(api: TestServer, key: string, domain: string): Promise<Map<string, unknown>> {
  const res = await api.post('/v1/search', {
    key,
    body: { category: 'person', mode: 'fast', include_domains: [domain], limit: 10 },
  })
  expectStatus(res, 200)
  const rows = res.body.results as { profile_url: string; current_employer: Employer }[]
  return new Map(rows.map((r) => [r.profile_url, r.current_employer.industry]))
}

describe("a person's employer industry", () => {
  test('people ingested before their company: null until the company is stored, then its industry; it follows a change and a delete', async () => {
    const api = await server()
    const key = await keyFor(api)
    await ingest(
      api,
      'person',
      ndjson([
        person('ada-first', 'first-robotics.example'),
        person('bob-first', 'first-robotics.example', 'Given Industry'),
        person('cyd-first', 'nowhere-stored.example'),
      ]),
    )
    const slugs = ['ada-first', 'bob-first', 'cyd-first']
    assert.deepEqual(await industries(api, key, slugs), [null, 'Given Industry', null])

    await ingest(api, 'company', ndjson([company('first-robotics.example', 'Robotics')]))
    assert.deepEqual(await industries(api, key, slugs), ['Robotics', 'Given Industry', null])
    const rows = await searched(api, key, 'first-robotics.example')
    assert.equal(rows.get('linkedin.com/in/ada-first'), 'Robotics')
    assert.equal(rows.get('linkedin.com/in/bob-first'), 'Given Industry')

    // The company changes: its people follow; the given value stays.
    await ingest(api, 'company', ndjson([company('first-robotics.example', 'Industrial Automation')]))
    assert.deepEqual(await industries(api, key, slugs), ['Industrial Automation', 'Given Industry', null])

    // The company goes: nothing left to read.
    const del = await api.request('DELETE', '/admin/v1/corpus/company', {
      body: { ids: ['first-robotics.example'] },
      headers: { 'x-admin-token': ADMIN_TOKEN },
    })
    expectStatus(del, 200)
    assert.deepEqual(await industries(api, key, slugs), [null, 'Given Industry', null])
  })

  test('company ingested before its people: search rows, lookups and saved-list items carry its industry', async () => {
    const api = await server()
    const key = await keyFor(api)
    await ingest(api, 'company', ndjson([company('later-people.example', 'Clean Energy')]))
    await ingest(
      api,
      'person',
      ndjson([person('dee-later', 'later-people.example'), person('eve-later', 'later-people.example', 'Utilities')]),
    )
    assert.deepEqual(await industries(api, key, ['dee-later', 'eve-later']), ['Clean Energy', 'Utilities'])
    const rows = await searched(api, key, 'later-people.example')
    assert.deepEqual(
      [rows.get('linkedin.com/in/dee-later'), rows.get('linkedin.com/in/eve-later')],
      ['Clean Energy', 'Utilities'],
    )
    // The employer's other fields are the stored ones, untouched.
    const [employer] = await lookedUp(api, key, ['dee-later'])
    assert.deepEqual(employer, {
      company: 'Co later-people.example',
      domain: 'later-people.example',
      industry: 'Clean Energy',
    })

    const list = await api.post('/v1/lists', { key, body: { name: 'Energy people' } })
    expectStatus(list, 201)
    const added = await api.post(`/v1/lists/${list.body.id}/items`, {
      key,
      body: { items: [{ entity_category: 'person', entity_id: 'linkedin.com/in/dee-later' }] },
    })
    expectStatus(added, 200)
    const items = await api.get(`/v1/lists/${list.body.id}/items`, { key })
    expectStatus(items, 200)
    const item = items.body.items[0] as { available: boolean; record: { current_employer: Employer } }
    assert.equal(item.available, true)
    assert.equal(item.record.current_employer.industry, 'Clean Energy')
  })

  test("a people CSV's Industry column is the employer's industry, kept over the stored company's", async () => {
    const api = await server()
    const key = await keyFor(api)
    await ingest(api, 'company', ndjson([company('csv-people.example', 'Stored Industry')]))
    const csv = [
      'Full Name,Job Title,Company,Company Domain,Industry,LinkedIn',
      'Fay Csv,Data Engineer,CSV People,csv-people.example,Healthcare Analytics,linkedin.com/in/fay-csv',
      'Gus Csv,Sales Manager,CSV People,csv-people.example,,linkedin.com/in/gus-csv',
    ].join('\r\n')
    const summary = await ingest(api, 'person', csv, 'text/csv')
    assert.equal(summary.mapping?.Industry, 'current_employer.industry')
    assert.equal(summary.inserted, 2)
    // A blank cell is no value: the stored company's industry is read instead.
    assert.deepEqual(await industries(api, key, ['fay-csv', 'gus-csv']), ['Healthcare Analytics', 'Stored Industry'])
  })

  test('an employer named without a domain: the industry of the stored company of that name, in either order', async () => {
    const api = await server()
    const key = await keyFor(api)
    const named = (slug: string, company: string) => ({
      name: `Person ${slug}`,
      title: 'Product Manager',
      profile_url: `linkedin.com/in/${slug}`,
      current_employer: { company },
      employment_history: [{ company, title: 'Product Manager', start: '2022-01', end: null }],
    })
    await ingest(api, 'company', ndjson([company('before-named.example', 'Maritime Shipping')]))
    await ingest(
      api,
      'person',
      ndjson([named('ivy-named', 'Co before-named.example'), named('jon-named', 'Co after-named.example')]),
    )
    assert.deepEqual(await industries(api, key, ['ivy-named', 'jon-named']), ['Maritime Shipping', null])
    await ingest(api, 'company', ndjson([company('after-named.example', 'Aerospace')]))
    assert.deepEqual(await industries(api, key, ['ivy-named', 'jon-named']), ['Maritime Shipping', 'Aerospace'])
  })

  test('a people CSV with a company name and no domain or dates: the person belongs to the stored company of that name, in either order', async () => {
    const api = await server()
    const key = await keyFor(api)
    const csv = (rows: string[]) => ['Full Name,Job Title,Company,LinkedIn', ...rows].join('\r\n')
    await ingest(
      api,
      'company',
      ndjson([{ ...company('name-only-before.example', 'Freight Rail'), account_name: 'Name Only Before' }]),
    )
    await ingest(
      api,
      'person',
      csv([
        'Kit Before,Software Engineer,Name Only Before,linkedin.com/in/kit-name-only',
        'Lou After,Head of Sales,Name Only After,linkedin.com/in/lou-name-only',
      ]),
      'text/csv',
    )
    await ingest(
      api,
      'company',
      ndjson([{ ...company('name-only-after.example', 'Biotech'), account_name: 'Name Only After' }]),
    )
    assert.deepEqual(await industries(api, key, ['kit-name-only', 'lou-name-only']), ['Freight Rail', 'Biotech'])
    // A search by the company's domain and its org chart find the person, whichever came first.
    for (const [domain, slug] of [
      ['name-only-before.example', 'kit-name-only'],
      ['name-only-after.example', 'lou-name-only'],
    ] as const) {
      assert.deepEqual([...(await searched(api, key, domain)).keys()], [`linkedin.com/in/${slug}`], domain)
      const chart = await api.post('/v1/org-chart', { key, body: { domain, include_others: true } })
      expectStatus(chart, 200)
      assert.equal(chart.body.total, 1, `${domain}: ${JSON.stringify(chart.body)}`)
    }
  })

  test('a person without a current employer has no employer industry', async () => {
    const api = await server()
    const key = await keyFor(api)
    await ingest(
      api,
      'person',
      ndjson([{ name: 'Hal Free', title: 'Consultant', profile_url: 'linkedin.com/in/hal-free' }]),
    )
    const res = await api.post('/v1/entities/persons', {
      key,
      body: { ids: ['linkedin.com/in/hal-free'], by: 'li_url' },
    })
    expectStatus(res, 200)
    const match = res.body.results[0].matches[0] as Record<string, unknown>
    assert.equal(match.name, 'Hal Free')
    assert.ok(match.current_employer === undefined || match.current_employer === null, JSON.stringify(match))
  })
})
