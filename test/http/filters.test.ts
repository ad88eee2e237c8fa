// Filter values and sort fields (data-routes §2.10, §4.6, §4.7): the 54 names, vocabulary classes,
// search, paging, two-level filters, the document route, outages and the sort catalogue.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import type { IngestCategory } from '../../src/contract/records.ts'
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILTERS,
  FILTER_VALUE_NAMES,
  GTM_FILTERS,
} from '../../src/contract/search-catalogue.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectMeta, expectProblem, expectStatus, type Res } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

// A small hand-written corpus whose counts the assertions below are computed from.
const COMPANIES = [
  {
    account_name: 'Acme Robotics',
    domain: 'acme.io',
    industry: 'Software',
    sub_industry: 'Developer Tools',
    country: 'United States',
    state: 'California',
    city: 'San Francisco',
    region: ['North America'],
    technology: ['React', 'PostgreSQL'],
    investors: ['Sequoia Capital', 'Accel'],
    funding_stage: 'series_a',
    govt_non_govt: 'non_government',
    parent_organization: { name: 'Acme Holdings', type: 'holding' },
    company_keyword: ['robotics'],
    sic: ['7372'],
    naics: ['511210'],
  },
  {
    account_name: 'Acme Bank',
    domain: 'acmebank.com',
    industry: 'Finance',
    sub_industry: 'Banking',
    country: 'United States',
    state: 'New York',
    city: 'New York',
    technology: ['PostgreSQL', 'Java'],
    funding_stage: 'ipo',
    govt_non_govt: 'non_government',
  },
  {
    account_name: 'Beta Acme',
    domain: 'betaacme.com',
    industry: 'Software',
    sub_industry: 'Security',
    country: 'Germany',
    city: 'Berlin',
    technology: ['React'],
    funding_stage: 'series_a',
    govt_non_govt: 'government',
  },
  {
    account_name: 'Zeta Corp',
    domain: 'zeta.com',
    industry: 'Software',
    sub_industry: 'Developer Tools',
    country: 'United States',
    state: 'California',
    city: 'Palo Alto',
    technology: ['PostgreSQL'],
  },
  {
    account_name: 'Medi Health',
    domain: 'medi.com',
    industry: 'Healthcare',
    sub_industry: 'Hospitals',
    country: 'Germany',
  },
  {
    account_name: 'Ledger Finance',
    domain: 'ledgerfin.co.uk',
    industry: 'Finance',
    sub_industry: 'Banking',
    country: 'United Kingdom',
  },
  // 22 companies matching "gamma": one full page of company matches and a second.
  ...Array.from({ length: 22 }, (_, i) => ({
    account_name: `Gamma Works ${String(i + 1).padStart(2, '0')}`,
    domain: `gamma${i + 1}.example`,
  })),
]

const PERSONS = [
  {
    profile_url: 'https://www.linkedin.com/in/alice-a',
    name: 'Alice A',
    title: 'Senior Backend Engineer',
    headline: 'Building payments infrastructure',
    location: { country: 'United States', state: 'California', city: 'San Francisco' },
    skills: ['Go', 'Kubernetes'],
    languages: ['English', 'French'],
    education: [{ school: 'MIT', degree: 'BSc', field: 'Computer Science', start: '2010-09', end: '2014-06' }],
    employment_history: [
      { company: 'Acme Robotics', domain: 'acme.io', title: 'Senior Backend Engineer', start: '2020-01', end: null },
      { company: 'Zeta Corp', domain: 'zeta.com', title: 'Junior Developer', start: '2015-01', end: '2019-12' },
    ],
    current_employer: { company: 'Acme Robotics', domain: 'acme.io' },
    department: 'Engineering',
    seniority: 'IC',
    employment_type: 'full_time',
    governance_level: ['advisor'],
    has_direct_access_to_c_suite: false,
  },
  {
    profile_url: 'https://www.linkedin.com/in/bob-b',
    name: 'Bob B',
    title: 'VP Sales',
    location: { country: 'United States' },
    skills: ['Negotiation', 'Go'],
    languages: ['English'],
    education: [{ school: 'Wharton', degree: 'MBA', field: 'Business' }],
    employment_history: [
      { company: 'Acme Bank', domain: 'acmebank.com', title: 'Account Executive', start: '2012-01', end: '2018-01' },
    ],
    department: 'Sales',
    seniority: 'VP',
    employment_type: 'full_time',
    has_direct_access_to_c_suite: true,
  },
  {
    profile_url: 'https://www.linkedin.com/in/chloe-c',
    name: 'Chloé C',
    title: 'Data Scientist',
    location: { country: 'France' },
    skills: ['Python'],
    languages: ['French'],
  },
]

const DOCUMENTS: Partial<Record<IngestCategory, unknown[]>> = {
  job_opening: [
    {
      role: 'Senior Backend Engineer',
      company: 'Acme Robotics',
      company_domain: 'acme.io',
      location: 'Berlin, Germany',
      posted_at: '2024-05-01',
      department: 'Engineering',
      seniority: 'IC',
      employment_type: 'full_time',
    },
    {
      role: 'Account Executive',
      company: 'Zeta Corp',
      company_domain: 'zeta.com',
      location: 'Remote',
      posted_at: '2024-05-02',
      department: 'Sales',
      seniority: 'IC',
      employment_type: 'contract',
    },
  ],
  patent: [
    {
      patent_id: 'US1234567B2',
      title: 'Robotic arm',
      status: 'granted',
      granted_date: '2023-01-01',
      classification: ['G06F', 'H04L'],
      applicants: [{ name: 'Acme Robotics', company_id: 'acme.io' }],
      application: { office: 'USPTO' },
    },
    {
      patent_id: 'US7654321A1',
      title: 'Gripper',
      status: 'applied',
      classification: ['G06F'],
      applicants: [{ name: 'Zeta Corp' }],
      application: { office: 'EPO' },
    },
  ],
  news_article: [
    {
      title: 'Acme raises a round',
      link: 'https://news.example.com/a',
      language: 'en',
      tags: ['funding', 'robotics'],
      publication: { title: 'TechDaily' },
      published_at: '2024-05-01T00:00:00Z',
      places: { countries: ['United States'] },
    },
  ],
}

let seeded: Promise<TestServer> | null = null
/** The server with the corpus above ingested once (through the same path as `dsp ingest`). */
function seededServer(): Promise<TestServer> {
  seeded ??= (async () => {
    const api = await server()
    const ingest = async (category: IngestCategory, records: unknown[]) => {
      const summary = await api.admin.ingest(category, records)
      assert.equal(summary.rejected, 0, `${category} rejects: ${JSON.stringify(summary.rejects)}`)
    }
    await ingest('company', COMPANIES)
    await ingest('person', PERSONS)
    for (const [category, records] of Object.entries(DOCUMENTS)) await ingest(category as IngestCategory, records)
    return api
  })()
  return seeded
}

let key = ''
before(async () => {
  const api = await seededServer()
  key = (await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })).key
})

async function values(path: string, query: Record<string, string | number> = {}): Promise<Res> {
  const api = await seededServer()
  const res = await api.get(path, { key, query })
  expectStatus(res, 200)
  return res
}

function expectPage(res: Res, expected: { values?: string[]; total?: number; page?: number; has_more?: boolean }) {
  const b = res.body
  assert.equal(b.page_size, 20)
  assert.ok(b.values.length <= 20)
  assert.equal(b.items.length, b.values.length, 'items align with values')
  b.items.forEach((item: { value: string }, i: number) => assert.equal(item.value, b.values[i]))
  assert.equal(b.has_more, b.page * 20 < b.total)
  if (expected.values) assert.deepEqual(b.values, expected.values)
  if (expected.total !== undefined) assert.equal(b.total, expected.total)
  if (expected.page !== undefined) assert.equal(b.page, expected.page)
  if (expected.has_more !== undefined) assert.equal(b.has_more, expected.has_more)
}

itEnforcesAuth(server, { method: 'GET', path: '/v1/search/filters/industry', scopes: ['dsp.search.read'] })
itEnforcesAuth(server, { method: 'GET', path: '/v1/search/filters', scopes: ['dsp.search.read'] })
itEnforcesAuth(server, { method: 'GET', path: '/v1/search/filters/patent/status', scopes: ['dsp.search.read'] })
itEnforcesAuth(server, { method: 'GET', path: '/v1/sorts/company', scopes: ['dsp.search.read'] })

describe('GET /v1/search/filters/{name}', () => {
  test('the closed set holds 54 names: every company or person filter except geo, plus the four place levels', () => {
    assert.equal(FILTER_VALUE_NAMES.length, 54)
    assert.equal(new Set(FILTER_VALUE_NAMES).size, 54)
    assert.ok(!FILTER_VALUE_NAMES.includes('geo'))
    for (const n of ['country', 'state', 'city', 'region']) assert.ok(FILTER_VALUE_NAMES.includes(n))
  })

  test('every name answers 200 with the response shape, free of charge', async () => {
    for (const name of FILTER_VALUE_NAMES) {
      const res = await values(`/v1/search/filters/${name}`)
      expectMeta(res, { credits_charged: null })
      assert.equal(res.body.filter, name)
      assert.deepEqual(Object.keys(res.body).sort(), [
        'filter',
        'has_more',
        'items',
        'meta',
        'page',
        'page_size',
        'total',
        'values',
      ])
      expectPage(res, { page: 1 })
      const searched = await values(`/v1/search/filters/${name}`, { search: 'a' })
      expectPage(searched, { page: 1 })
    }
  })

  test('geo → 422 request.invalid listing the accepted names (never 404)', async () => {
    const api = await seededServer()
    const res = await api.get('/v1/search/filters/geo', { key })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(res.body.extra.accepted, [...FILTER_VALUE_NAMES])
    for (const n of ['country', 'state', 'city', 'region', 'industry'])
      assert.ok(res.body.detail.includes(n), res.body.detail)
    assert.deepEqual(res.body.extra.errors[0].loc, ['path', 'name'])
  })

  test('no name at all → the same 422 listing the accepted names', async () => {
    const api = await seededServer()
    for (const path of ['/v1/search/filters', '/v1/search/filters/']) {
      const res = await api.get(path, { key })
      expectProblem(res, 422, 'request.invalid')
      assert.equal(res.body.extra.accepted.length, 54)
    }
  })

  test('a document category alone → 422 pointing at the document route', async () => {
    const api = await seededServer()
    const res = await api.get('/v1/search/filters/patent', { key })
    expectProblem(res, 422, 'request.invalid')
    assert.ok(res.body.detail.includes('/v1/search/filters/patent/{name}'), res.body.detail)
  })

  test('an unknown name → 422 listing the accepted names; a document filter name is unknown here', async () => {
    const api = await seededServer()
    for (const name of ['nope', 'status', 'Industry']) {
      const res = await api.get(`/v1/search/filters/${name}`, { key })
      expectProblem(res, 422, 'request.invalid')
      assert.equal(res.body.extra.accepted.length, 54)
      assert.ok(res.body.detail.includes('sub_industry'))
    }
  })

  test('no-vocabulary filters (person, employment_history, certifications, university, ranges, dates) are always empty', async () => {
    const none = GTM_FILTERS.filter((f) => f.vocabulary === 'none').map((f) => f.name)
    for (const n of [
      'person',
      'employment_history',
      'certifications',
      'university',
      'employee_count',
      'revenue',
      'founded_year',
      'tenure',
      'years_worked',
      'last_funding_date',
      'current_job_start',
    ])
      assert.ok(none.includes(n), n)
    for (const name of none) {
      expectPage(await values(`/v1/search/filters/${name}`), { values: [], total: 0, has_more: false })
      expectPage(await values(`/v1/search/filters/${name}`, { search: 'a' }), { values: [], total: 0 })
    }
  })

  test('enumerated filters list the distinct values of the index, most common first, ties by value', async () => {
    expectPage(await values('/v1/search/filters/industry'), {
      values: ['Software', 'Finance', 'Healthcare'],
      total: 3,
      has_more: false,
    })
    expectPage(await values('/v1/search/filters/sub_industry'), {
      values: ['Banking', 'Developer Tools', 'Hospitals', 'Security'],
    })
    expectPage(await values('/v1/search/filters/funding_stage'), { values: ['series_a', 'ipo'] })
    expectPage(await values('/v1/search/filters/govt_non_govt'), { values: ['non_government', 'government'] })
    expectPage(await values('/v1/search/filters/languages'), { values: ['English', 'French'] })
    expectPage(await values('/v1/search/filters/degree'), { values: ['BSc', 'MBA'] })
    expectPage(await values('/v1/search/filters/field_of_study'), { values: ['Business', 'Computer Science'] })
    expectPage(await values('/v1/search/filters/has_direct_access_to_c_suite'), { values: ['false', 'true'] })
    expectPage(await values('/v1/search/filters/region'), { values: ['North America'] })
  })

  test('place levels count companies and persons together', async () => {
    expectPage(await values('/v1/search/filters/country'), {
      values: ['United States', 'Germany', 'France', 'United Kingdom'],
    })
    expectPage(await values('/v1/search/filters/state'), { values: ['California', 'New York'] })
    expectPage(await values('/v1/search/filters/city'), {
      values: ['San Francisco', 'Berlin', 'New York', 'Palo Alto'],
    })
  })

  test('seniority lists the ladder, most senior first', async () => {
    expectPage(await values('/v1/search/filters/seniority'), {
      values: ['C-Suite', 'VP', 'Director / Head', 'Manager', 'IC', 'Entry', 'In Training'],
    })
  })

  test('bounded filters give the most common values with no search, and filter them with one', async () => {
    expectPage(await values('/v1/search/filters/technology'), { values: ['PostgreSQL', 'React', 'Java'], total: 3 })
    expectPage(await values('/v1/search/filters/technology', { search: 'REACT' }), { values: ['React'], total: 1 })
    expectPage(await values('/v1/search/filters/skills'), { values: ['Go', 'Kubernetes', 'Negotiation', 'Python'] })
    expectPage(await values('/v1/search/filters/sic'), { values: ['7372'] })
    expectPage(await values('/v1/search/filters/naics', { search: '5112' }), { values: ['511210'] })
    expectPage(await values('/v1/search/filters/company_keyword'), { values: ['robotics'] })
  })

  test('search is a case-insensitive substring; wildcard characters are literal', async () => {
    expectPage(await values('/v1/search/filters/industry', { search: 'WAR' }), { values: ['Software'], total: 1 })
    expectPage(await values('/v1/search/filters/industry', { search: '%' }), { values: [], total: 0 })
    expectPage(await values('/v1/search/filters/industry', { search: '_' }), { values: [], total: 0 })
  })

  test('free-text-backed filters are empty until search is set, then list matching values', async () => {
    const cases: [string, string, string[]][] = [
      ['title', 'engineer', ['Senior Backend Engineer']],
      ['investors', 'seq', ['Sequoia Capital']],
      ['hiring_role', 'backend', ['Senior Backend Engineer']],
      ['hiring_location', 'berlin', ['Berlin, Germany']],
      ['parent_organization', 'holdings', ['Acme Holdings']],
      ['past_title', 'junior', ['Junior Developer']],
      ['headline', 'payments', ['Building payments infrastructure']],
    ]
    for (const [name, search, expected] of cases) {
      expectPage(await values(`/v1/search/filters/${name}`), { values: [], total: 0 })
      expectPage(await values(`/v1/search/filters/${name}`, { search }), { values: expected })
    }
    // past_title reads former jobs only: the current title is not a past one.
    expectPage(await values('/v1/search/filters/past_title', { search: 'senior backend' }), { values: [], total: 0 })
  })

  test('company: empty until searched; then companies by name, prefix matches first, items carrying name, domain and id', async () => {
    expectPage(await values('/v1/search/filters/company'), { values: [], total: 0 })
    const res = await values('/v1/search/filters/company', { search: 'acme' })
    expectPage(res, { values: ['acmebank.com', 'acme.io', 'betaacme.com'], total: 3 })
    assert.deepEqual(res.body.items[0], {
      value: 'acmebank.com',
      name: 'Acme Bank',
      domain: 'acmebank.com',
      id: 'acmebank.com',
    })
    assert.deepEqual(
      res.body.items.map((i: { name: string }) => i.name),
      ['Acme Bank', 'Acme Robotics', 'Beta Acme'],
    )
    // Other filters carry only the value.
    const other = await values('/v1/search/filters/industry')
    for (const item of other.body.items)
      assert.deepEqual(item, { value: item.value, name: null, domain: null, id: null })
  })

  test('pages hold 20 values; has_more is true while more remain; a page past the end is empty', async () => {
    const p1 = await values('/v1/search/filters/company', { search: 'gamma' })
    expectPage(p1, { total: 22, page: 1, has_more: true })
    assert.equal(p1.body.values.length, 20)
    assert.equal(p1.body.values[0], 'gamma1.example')
    const p2 = await values('/v1/search/filters/company', { search: 'gamma', page: 2 })
    expectPage(p2, { total: 22, page: 2, has_more: false })
    assert.deepEqual(
      p2.body.items.map((i: { name: string }) => i.name),
      ['Gamma Works 21', 'Gamma Works 22'],
    )
    expectPage(await values('/v1/search/filters/company', { search: 'gamma', page: 3 }), {
      values: [],
      total: 22,
      page: 3,
      has_more: false,
    })
  })

  test('department: the plain list mixes 248 values of both levels; level=parents gives the 25 parents', async () => {
    const first = await values('/v1/search/filters/department')
    expectPage(first, { total: 248, page: 1, has_more: true })
    assert.equal(first.body.values.length, 20)
    assert.equal(first.body.values[0], 'Engineering')
    assert.ok(first.body.values.includes('Backend Engineering'))
    const last = await values('/v1/search/filters/department', { page: 13 })
    expectPage(last, { total: 248, page: 13, has_more: false })
    assert.equal(last.body.values.length, 8)
    const parents = [
      ...(await values('/v1/search/filters/department', { level: 'parents' })).body.values,
      ...(await values('/v1/search/filters/department', { level: 'parents', page: 2 })).body.values,
    ]
    assert.equal(parents.length, 25)
    assert.equal(parents[0], 'Engineering')
    assert.deepEqual(parents.slice(-2), ['Others', 'General'])
    expectPage(await values('/v1/search/filters/department', { level: 'children' }), { total: 223 })
  })

  test("parent lists one parent's children and composes with search and page", async () => {
    const res = await values('/v1/search/filters/department', { parent: 'Engineering' })
    expectPage(res, { total: 10, has_more: false })
    assert.ok(res.body.values.includes('Backend Engineering'))
    assert.ok(!res.body.values.includes('Engineering'))
    expectPage(await values('/v1/search/filters/department', { parent: 'Engineering', search: 'back' }), {
      values: ['Backend Engineering'],
    })
    expectPage(await values('/v1/search/filters/department', { parent: 'Engineering', page: 2 }), {
      values: [],
      total: 10,
      page: 2,
    })
    expectPage(await values('/v1/search/filters/department', { parent: 'No Such Department' }), {
      values: [],
      total: 0,
    })
  })

  test("industry and sub_industry: levels from the index; a sub-industry's parent is the industry it occurs with", async () => {
    for (const name of ['industry', 'sub_industry']) {
      expectPage(await values(`/v1/search/filters/${name}`, { level: 'parents' }), {
        values: ['Software', 'Finance', 'Healthcare'],
      })
      expectPage(await values(`/v1/search/filters/${name}`, { level: 'children' }), {
        values: ['Banking', 'Developer Tools', 'Hospitals', 'Security'],
      })
      expectPage(await values(`/v1/search/filters/${name}`, { parent: 'Software' }), {
        values: ['Developer Tools', 'Security'],
      })
      expectPage(await values(`/v1/search/filters/${name}`, { parent: 'finance' }), { values: ['Banking'] })
      expectPage(await values(`/v1/search/filters/${name}`, { parent: 'Software', search: 'sec' }), {
        values: ['Security'],
      })
    }
  })

  test('level and parent together → 422; on a one-level filter → 422', async () => {
    const api = await seededServer()
    expectProblem(
      await api.get('/v1/search/filters/department', { key, query: { level: 'parents', parent: 'Engineering' } }),
      422,
      'request.invalid',
    )
    const queries: Record<string, string>[] = [{ level: 'parents' }, { level: 'children' }, { parent: 'x' }]
    for (const query of queries) {
      for (const name of ['technology', 'company', 'seniority', 'country']) {
        expectProblem(await api.get(`/v1/search/filters/${name}`, { key, query }), 422, 'request.invalid')
      }
    }
  })

  test('bad parameters → 422: search empty or over 200, page < 1 or not a number, level outside the set, parent empty, unknown parameter', async () => {
    const api = await seededServer()
    const bad: Record<string, string | number>[] = [
      { search: '' },
      { search: 'x'.repeat(201) },
      { page: 0 },
      { page: -1 },
      { page: 'two' },
      { level: 'grandparents' },
      { parent: '' },
      { limit: 50 },
    ]
    for (const query of bad)
      expectProblem(await api.get('/v1/search/filters/industry', { key, query }), 422, 'request.invalid')
    expectPage(await values('/v1/search/filters/industry', { search: 'x'.repeat(200) }), { values: [] })
  })

  test('the index unreachable → 503 upstream.unavailable; too slow → 504 upstream.timeout; both with Retry-After 5', async () => {
    const api = await seededServer()
    await api.admin.fault('retrieval', 'down')
    try {
      for (const path of ['/v1/search/filters/industry', '/v1/search/filters/patent/status']) {
        const res = await api.get(path, { key })
        expectProblem(res, 503, 'upstream.unavailable')
        assert.equal(res.headers.get('retry-after'), '5')
      }
      // Validation still comes first.
      expectProblem(await api.get('/v1/search/filters/geo', { key }), 422, 'request.invalid')
      await api.admin.fault('retrieval', 'slow')
      const slow = await api.get('/v1/search/filters/technology', { key })
      expectProblem(slow, 504, 'upstream.timeout')
      assert.equal(slow.headers.get('retry-after'), '5')
    } finally {
      await api.admin.clearFaults()
    }
    expectStatus(await api.get('/v1/search/filters/industry', { key }), 200)
  })
})

describe('GET /v1/search/filters/{category}/{name}', () => {
  test('every filter of the seven document categories answers 200 with category and filter', async () => {
    for (const category of DOCUMENT_CATEGORIES) {
      for (const f of DOCUMENT_FILTERS[category]) {
        const res = await values(`/v1/search/filters/${category}/${f.name}`)
        expectMeta(res, { credits_charged: null })
        assert.equal(res.body.category, category)
        assert.equal(res.body.filter, f.name)
        assert.deepEqual(Object.keys(res.body).sort(), [
          'category',
          'filter',
          'has_more',
          'items',
          'meta',
          'page',
          'page_size',
          'total',
          'values',
        ])
        expectPage(res, { page: 1 })
        if (f.vocabulary === 'none' || f.vocabulary === 'free_text')
          assert.deepEqual(res.body.values, [], `${category}/${f.name}`)
      }
    }
  })

  test('enumerated and bounded document filters list the values of that category', async () => {
    expectPage(await values('/v1/search/filters/patent/status'), { values: ['applied', 'granted'], total: 2 })
    expectPage(await values('/v1/search/filters/patent/classification'), { values: ['G06F', 'H04L'] })
    expectPage(await values('/v1/search/filters/patent/office'), { values: ['EPO', 'USPTO'] })
    expectPage(await values('/v1/search/filters/patent/status', { search: 'GRANT' }), { values: ['granted'] })
    expectPage(await values('/v1/search/filters/news_article/language'), { values: ['en'] })
    expectPage(await values('/v1/search/filters/news_article/tags'), { values: ['funding', 'robotics'] })
    expectPage(await values('/v1/search/filters/news_article/country'), { values: ['United States'] })
    expectPage(await values('/v1/search/filters/job_opening/employment_type'), { values: ['contract', 'full_time'] })
    expectPage(await values('/v1/search/filters/job_opening/department'), { values: ['Engineering', 'Sales'] })
    // A category with no documents has no values.
    expectPage(await values('/v1/search/filters/trend/category'), { values: [], total: 0 })
  })

  test('a free-value filter returns an empty list (free-text ones list matches once searched); ranges and dates stay empty', async () => {
    expectPage(await values('/v1/search/filters/patent/applicant'), { values: [], total: 0 })
    expectPage(await values('/v1/search/filters/patent/applicant', { search: 'acme' }), { values: ['Acme Robotics'] })
    expectPage(await values('/v1/search/filters/news_article/publication', { search: 'tech' }), {
      values: ['TechDaily'],
    })
    expectPage(await values('/v1/search/filters/patent/granted_date', { search: '2023' }), { values: [], total: 0 })
    expectPage(await values('/v1/search/filters/funding_round/amount_usd'), { values: [], total: 0 })
  })

  test("a name that is not a filter of the category → 422 listing that category's names", async () => {
    const api = await seededServer()
    const res = await api.get('/v1/search/filters/news_article/status', { key })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(
      res.body.extra.accepted,
      DOCUMENT_FILTERS.news_article.map((f) => f.name),
    )
    expectProblem(await api.get('/v1/search/filters/patent/industry', { key }), 422, 'request.invalid')
  })

  test('company and person → 422 pointing at the first route; an unknown category → 422 listing the seven', async () => {
    const api = await seededServer()
    for (const category of ['company', 'person']) {
      const res = await api.get(`/v1/search/filters/${category}/industry`, { key })
      expectProblem(res, 422, 'request.invalid')
      assert.ok(res.body.detail.includes('/v1/search/filters/{name}'), res.body.detail)
    }
    const res = await api.get('/v1/search/filters/spaceship/status', { key })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(res.body.extra.accepted, [...DOCUMENT_CATEGORIES])
  })

  test('search and page as on the first route; level and parent are not parameters here', async () => {
    const api = await seededServer()
    expectPage(await values('/v1/search/filters/patent/status', { page: 2 }), {
      values: [],
      total: 2,
      page: 2,
      has_more: false,
    })
    const queries: Record<string, string | number>[] = [
      { search: '' },
      { page: 0 },
      { level: 'parents' },
      { parent: 'x' },
    ]
    for (const query of queries) {
      expectProblem(await api.get('/v1/search/filters/patent/status', { key, query }), 422, 'request.invalid')
    }
  })
})

describe('GET /v1/sorts/{category}', () => {
  test('company and person: the 26 fields, 13 company-only, 8 person-only, 5 either', async () => {
    for (const category of ['company', 'person']) {
      const res = await values(`/v1/sorts/${category}`)
      expectMeta(res, { credits_charged: null })
      const b = res.body
      assert.equal(b.category, category)
      assert.deepEqual(b.directions, ['asc', 'desc'])
      assert.equal(b.total, 26)
      assert.equal(b.sorts.length, 26)
      const kindOf = (a: string[]) => [...a].sort().join('+')
      const count = (k: string) => b.sorts.filter((s: { applies_to: string[] }) => kindOf(s.applies_to) === k).length
      assert.equal(count('company'), 13)
      assert.equal(count('person'), 8)
      assert.equal(count('company+person'), 5)
      for (const s of b.sorts) {
        assert.deepEqual(Object.keys(s).sort(), [
          'applies_to',
          'default_direction',
          'definition',
          'direction_labels',
          'directions',
          'field',
          'group',
          'kind',
          'label',
        ])
        assert.deepEqual(s.directions, ['asc', 'desc'])
        assert.ok(['asc', 'desc'].includes(s.default_direction))
        assert.deepEqual(Object.keys(s.direction_labels).sort(), ['asc', 'desc'])
        assert.ok(['number', 'date', 'text'].includes(s.kind))
        assert.ok(['identity', 'location', 'professional', 'firmographic', 'funding'].includes(s.group), s.field)
      }
      const tenure = b.sorts.find((s: { field: string }) => s.field === 'tenure')
      assert.deepEqual(tenure.direction_labels, { asc: 'Shortest first', desc: 'Longest first' })
    }
  })

  test('each document category has its own set, group null and applies_to empty', async () => {
    for (const category of DOCUMENT_CATEGORIES) {
      const b = (await values(`/v1/sorts/${category}`)).body
      assert.equal(b.category, category)
      assert.equal(b.total, b.sorts.length)
      assert.ok(b.sorts.length > 0 && b.sorts.length < 26)
      for (const s of b.sorts) {
        assert.equal(s.group, null)
        assert.deepEqual(s.applies_to, [])
        assert.deepEqual(s.directions, ['asc', 'desc'])
      }
    }
    assert.deepEqual(
      (await values('/v1/sorts/patent')).body.sorts.map((s: { field: string }) => s.field),
      ['granted_date', 'filed', 'title'],
    )
  })

  test('an unknown category → 422 listing the nine', async () => {
    const api = await seededServer()
    const res = await api.get('/v1/sorts/spaceship', { key })
    expectProblem(res, 422, 'request.invalid')
    assert.equal(res.body.extra.accepted.length, 9)
  })
})
