// Org chart (data-routes §2.8, §4.5) on the seeded demo corpus: exact headcounts from the
// generator's facts (computeFacts) and from its people, filters, the three routes' shapes, charging.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Person } from '../../src/contract/records.ts'
import { createDemoCorpus, type CompanyHeadcount, type DemoFacts } from '../../src/corpus/demo/index.ts'
import { LEFTOVER_DEPARTMENTS, SENIORITY_LADDER } from '../../src/corpus/taxonomy.ts'
import { readDemoFacts } from '../support/demo.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectEnvelope, expectMeta, expectProblem, expectStatus, type Res } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

interface Seeded {
  api: TestServer
  facts: DemoFacts
  people: Person[]
}

// The test server loads the demo corpus seeded once per test run (test/support/demo.ts).
let seeded: Promise<Seeded> | null = null
function demo(): Promise<Seeded> {
  seeded ??= (async () => {
    const api = await server()
    const file = readDemoFacts(api.app.deps.config.DSP_DATA_DIR) as { facts: DemoFacts }
    return { api, facts: file.facts, people: [...createDemoCorpus().persons()] }
  })()
  return seeded
}

const LUMINA = 'luminacloud.io'
const LUMINA_PAGE = 'linkedin.com/company/lumina-cloud'

async function liveKey(api: TestServer, credits = 100) {
  return (await api.admin.workspaceWithKey({ credits, scopes: ['dsp.search.read', 'dsp.usage.read'] })).key
}

function headcountOf(facts: DemoFacts, domain: string): CompanyHeadcount {
  const h = facts.headcount.find((c) => c.domain === domain)
  assert.ok(h, `no facts for ${domain}`)
  return h
}

const cellKey = (c: { department: string; seniority: string }) => `${c.department} | ${c.seniority}`
const asMap = (cells: { department: string; seniority: string; count: number }[]) =>
  new Map(cells.map((c) => [cellKey(c), c.count]))
const sum = (cells: { count: number }[]) => cells.reduce((a, c) => a + c.count, 0)
const isOthers = (c: { department: string; seniority: string }) => c.department === 'Others' || c.seniority === 'Others'

/** The shared checks of a grid answer: envelope, order, totals consistent with the cells. */
function checkGrid(res: Res, includeOthers: boolean) {
  expectEnvelope(res)
  const b = res.body
  assert.deepEqual(b.cells, b.results)
  assert.equal(b.has_more, false)
  assert.equal(b.next_cursor, null)
  assert.equal(b.include_others, includeOthers)
  assert.deepEqual(b.seniorities, includeOthers ? [...SENIORITY_LADDER, 'Others'] : [...SENIORITY_LADDER])
  // Departments: headcount descending, leftover buckets last (§4.5 rule 4).
  const named = b.departments.filter((d: string) => !(LEFTOVER_DEPARTMENTS as readonly string[]).includes(d))
  const rows = named.map((d: string) => b.department_totals[d])
  assert.deepEqual(
    rows,
    [...rows].sort((x: number, y: number) => y - x),
  )
  assert.deepEqual(
    b.departments.slice(named.length),
    LEFTOVER_DEPARTMENTS.filter((d) => b.departments.includes(d)),
  )
  for (const d of b.departments)
    assert.equal(b.department_totals[d], sum(b.cells.filter((c: { department: string }) => c.department === d)))
  for (const s of b.seniorities)
    assert.equal(b.seniority_totals[s], sum(b.cells.filter((c: { seniority: string }) => c.seniority === s)))
  assert.ok(
    b.cells.every((c: { count: number }) => c.count > 0),
    'cells are sparse',
  )
}

itEnforcesAuth(server, { method: 'POST', path: '/v1/org-chart', scopes: ['dsp.search.read'], body: { domain: LUMINA } })
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/org-chart/departments',
  scopes: ['dsp.search.read'],
  body: { domain: LUMINA },
})
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/org-chart/locations',
  scopes: ['dsp.search.read'],
  body: { domain: LUMINA },
})

describe('POST /v1/org-chart', () => {
  test('the grid of a flagship equals the generator facts: cells, total, rows and columns', async () => {
    const { api, facts } = await demo()
    const key = await liveKey(api)
    const expected = headcountOf(facts, LUMINA)
    const res = await api.post('/v1/org-chart', { key, body: { domain: LUMINA } })
    checkGrid(res, false)
    assert.equal(res.body.total, expected.total)
    assert.deepEqual(asMap(res.body.cells), asMap(expected.cells.filter((c) => !isOthers(c))))
    assert.deepEqual(res.body.company, { domain: LUMINA, professional_url: null })
    expectMeta(res, { environment: 'live', credits_charged: 1 })
  })

  test('include_others adds the Others row and column; then every person is in exactly one cell', async () => {
    const { api, facts } = await demo()
    const key = await liveKey(api)
    const expected = headcountOf(facts, LUMINA)
    const res = await api.post('/v1/org-chart', { key, body: { domain: LUMINA, include_others: true } })
    checkGrid(res, true)
    assert.deepEqual(asMap(res.body.cells), asMap(expected.cells))
    assert.equal(sum(res.body.cells), res.body.total)
    assert.ok(res.body.cells.some(isOthers), 'the flagship has unclassified people')
  })

  test('property (§4.5 rule 3): for every company, total is the whole population and the cells match the facts', async () => {
    const { api, facts } = await demo()
    const key = await liveKey(api, 1000)
    // Every 25th company plus the flagships: big and tail companies alike.
    const sample = facts.headcount.filter((h, i) => i < 8 || i % 25 === 0)
    for (const h of sample) {
      const plain = await api.post('/v1/org-chart', { key, body: { domain: h.domain } })
      checkGrid(plain, false)
      assert.equal(plain.body.total, h.total, h.domain)
      assert.ok(
        sum(plain.body.cells) <= plain.body.total,
        `${h.domain}: unclassified people are in total and in no cell`,
      )
      assert.equal(plain.body.total - sum(plain.body.cells), sum(h.cells.filter(isOthers)), h.domain)
      const all = await api.post('/v1/org-chart', { key, body: { domain: h.domain, include_others: true } })
      checkGrid(all, true)
      assert.deepEqual(asMap(all.body.cells), asMap(h.cells), h.domain)
      assert.equal(sum(all.body.cells), all.body.total, `${h.domain}: one department and seniority per person`)
    }
  })

  test('a company page URL: the same population, echoed normalised with domain null', async () => {
    const { api, facts } = await demo()
    const key = await liveKey(api)
    const res = await api.post('/v1/org-chart', {
      key,
      body: { professional_url: 'https://www.LinkedIn.com/company/lumina-cloud/about/?trk=x' },
    })
    checkGrid(res, false)
    assert.deepEqual(res.body.company, { domain: null, professional_url: LUMINA_PAGE })
    assert.equal(res.body.total, headcountOf(facts, LUMINA).total)
    const nulled = await api.post('/v1/org-chart', {
      key,
      body: { domain: null, professional_url: LUMINA_PAGE, has_direct_access_to_c_suite: null },
    })
    checkGrid(nulled, false)
    assert.equal(nulled.body.total, res.body.total)
  })

  test('a pasted URL in domain is reduced to its host and echoed normalised', async () => {
    const { api, facts } = await demo()
    const key = await liveKey(api)
    const res = await api.post('/v1/org-chart', { key, body: { domain: 'HTTPS://www.LuminaCloud.io/careers?x=1' } })
    checkGrid(res, false)
    assert.deepEqual(res.body.company, { domain: LUMINA, professional_url: null })
    assert.equal(res.body.total, headcountOf(facts, LUMINA).total)
  })

  test('anchor refusals: both, neither, a company name, a personal profile, a school page → 422, nothing charged', async () => {
    const { api } = await demo()
    const key = await liveKey(api)
    const cases: [unknown, string][] = [
      [{ domain: LUMINA, professional_url: LUMINA_PAGE }, 'both'],
      [{}, 'neither'],
      [{ domain: null, professional_url: null }, 'both null'],
      [{ domain: 'Lumina Cloud' }, 'a name in domain'],
      [{ professional_url: 'Lumina' }, 'a name in professional_url'],
      [{ professional_url: 'https://www.linkedin.com/in/someone-123' }, 'a personal profile'],
      [{ professional_url: 'linkedin.com/school/ashford-university' }, 'a school page'],
      [{ domain: 'linkedin.com/company/lumina-cloud' }, 'a page URL in domain'],
      [{ domain: LUMINA, country: Array.from({ length: 51 }, (_, i) => `c${i}`) }, 'over 50 countries'],
      [{ domain: LUMINA, colour: 'blue' }, 'an unknown field'],
    ]
    for (const [body, why] of cases) {
      const res = await api.post('/v1/org-chart', { key, body })
      expectProblem(res, 422, 'request.invalid')
      assert.ok(Array.isArray(res.body.extra?.errors), why)
    }
    const named = await api.post('/v1/org-chart', { key, body: { domain: 'Lumina Cloud' } })
    assert.equal(named.body.extra.try_instead, 'POST /v1/search')
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 100)
  })

  test('filters narrow the population before grouping: country (case-insensitive, OR), AND across levels, __unknown__', async () => {
    const { api, people } = await demo()
    const key = await liveKey(api)
    const staff = people.filter((p) => p.current_employer?.domain === LUMINA)
    const countries = [...new Set(staff.map((p) => p.location?.country ?? ''))].sort(
      (a, b) =>
        staff.filter((p) => p.location?.country === b).length - staff.filter((p) => p.location?.country === a).length,
    )
    const [first, second] = countries as [string, string]
    const inFirstTwo = staff.filter((p) => p.location?.country === first || p.location?.country === second)
    const res = await api.post('/v1/org-chart', {
      key,
      body: { domain: LUMINA, country: [first.toUpperCase(), second.toLowerCase()], include_others: true },
    })
    checkGrid(res, true)
    assert.equal(res.body.total, inFirstTwo.length)
    assert.equal(sum(res.body.cells), inFirstTwo.length)

    const city = staff.find((p) => p.location?.country === first)!.location!.city!
    const both = staff.filter((p) => p.location?.country === first && p.location?.city === city)
    const and = await api.post('/v1/org-chart', { key, body: { domain: LUMINA, country: [first], city: [city] } })
    assert.equal(and.body.total, both.length)

    const unknown = await api.post('/v1/org-chart', { key, body: { domain: LUMINA, country: ['__unknown__'] } })
    assert.equal(unknown.body.total, staff.filter((p) => !p.location?.country).length)
    const unknownOrFirst = await api.post('/v1/org-chart', {
      key,
      body: { domain: LUMINA, country: ['__unknown__', first] },
    })
    assert.equal(
      unknownOrFirst.body.total,
      staff.filter((p) => !p.location?.country || p.location.country === first).length,
    )
  })

  test('has_direct_access_to_c_suite is tri-state: people with no value match neither true nor false', async () => {
    const { api, people } = await demo()
    const key = await liveKey(api)
    const staff = people.filter((p) => p.current_employer?.domain === LUMINA)
    const count = (v: boolean | null) => staff.filter((p) => (p.has_direct_access_to_c_suite ?? null) === v).length
    assert.ok(count(null) > 0, 'the flagship has people with no value')
    const total = async (body: Record<string, unknown>) =>
      (await api.post('/v1/org-chart', { key, body: { domain: LUMINA, ...body } })).body.total
    assert.equal(await total({ has_direct_access_to_c_suite: true }), count(true))
    assert.equal(await total({ has_direct_access_to_c_suite: false }), count(false))
    assert.equal(await total({ has_direct_access_to_c_suite: null }), staff.length)
    assert.equal(await total({}), staff.length)
  })

  test('employment_type and governance_level: any of the listed values', async () => {
    const { api, people } = await demo()
    const key = await liveKey(api)
    const staff = people.filter((p) => p.current_employer?.domain === LUMINA)
    const post = (body: Record<string, unknown>) =>
      api.post('/v1/org-chart', { key, body: { domain: LUMINA, ...body } })
    const contractors = staff.filter(
      (p) => p.employment_type === 'contract' || p.employment_type === 'freelance',
    ).length
    assert.equal(
      (await post({ employment_type: [{ value: 'contract' }, { value: 'freelance' }] })).body.total,
      contractors,
    )
    const founders = staff.filter(
      (p) => p.governance_level?.includes('founder') || p.governance_level?.includes('board_member'),
    ).length
    assert.equal(
      (await post({ governance_level: [{ value: 'founder' }, { value: 'board_member' }] })).body.total,
      founders,
    )
    expectProblem(await post({ employment_type: [{ value: 'volunteer' }] }), 422, 'request.invalid')
  })

  test('charging: 1 credit with data, 0 without; test keys 0; a retry with the same Idempotency-Key 0', async () => {
    const { api } = await demo()
    const key = await liveKey(api, 10)
    const credits = async () => (await api.get('/v1/credits', { key })).body.spendable
    const empty = await api.post('/v1/org-chart', { key, body: { domain: 'no-such-company.example' } })
    checkGrid(empty, false)
    assert.equal(empty.body.total, 0)
    assert.deepEqual(empty.body.cells, [])
    expectMeta(empty, { credits_charged: 0 })
    const headers = { 'idempotency-key': 'org-chart-retry-1' }
    expectMeta(await api.post('/v1/org-chart', { key, body: { domain: LUMINA }, headers }), { credits_charged: 1 })
    expectMeta(await api.post('/v1/org-chart', { key, body: { domain: LUMINA }, headers }), { credits_charged: 0 })
    assert.equal(await credits(), 9)
    const history = await api.get('/v1/usage/history', { key })
    assert.ok(history.body.results.every((r: { action_type: string }) => r.action_type === 'dsp.org_chart'))
    assert.equal(history.body.results[0].query, LUMINA)

    const test_ = await api.admin.workspaceWithKey({ environment: 'test', credits: 0 })
    const free = await api.post('/v1/org-chart', { key: test_.key, body: { domain: LUMINA } })
    checkGrid(free, false)
    expectMeta(free, { environment: 'test', credits_charged: 0 })
  })

  test('not enough credits → 402 credits.insufficient with no results', async () => {
    const { api } = await demo()
    const key = await liveKey(api, 0.5)
    const res = await api.post('/v1/org-chart', { key, body: { domain: LUMINA } })
    expectProblem(res, 402, 'credits.insufficient')
    assert.equal(res.body.results, undefined)
    assert.equal(res.body.extra.action_type, 'dsp.org_chart')
  })

  test('retrieval unreachable → 503 upstream.unavailable with Retry-After 5, nothing charged', async () => {
    const { api } = await demo()
    const key = await liveKey(api)
    await api.admin.fault('retrieval', 'down')
    try {
      const res = await api.post('/v1/org-chart', { key, body: { domain: LUMINA } })
      expectProblem(res, 503, 'upstream.unavailable')
      assert.equal(res.headers.get('retry-after'), '5')
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 100)
  })
})

describe('POST /v1/org-chart/departments', () => {
  test('sub-departments within departments equal the facts; Uncategorized for people without one', async () => {
    const { api, facts } = await demo()
    const key = await liveKey(api)
    const expected = headcountOf(facts, LUMINA)
    const res = await api.post('/v1/org-chart/departments', { key, body: { domain: LUMINA } })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: 1 })
    assert.deepEqual(res.body.departments, res.body.results)
    assert.equal(res.body.total, expected.total)
    assert.deepEqual(res.body.company, { domain: LUMINA, professional_url: null })
    const got = new Map<string, number>()
    for (const d of res.body.departments) {
      assert.equal(
        d.headcount,
        sum(d.sub_departments.map((s: { headcount: number }) => ({ count: s.headcount }))),
        d.name,
      )
      for (const s of d.sub_departments) {
        got.set(`${d.name} | ${s.name}`, s.headcount)
        assert.equal(
          s.headcount,
          Object.values(s.seniority_counts as Record<string, number>).reduce((a, n) => a + n, 0),
        )
      }
    }
    assert.deepEqual(
      got,
      new Map(expected.sub_departments.map((s) => [`${s.department} | ${s.sub_department}`, s.count])),
    )
    assert.ok([...got.keys()].some((k) => k.endsWith('| Uncategorized')))
    // Headcount descending, leftover buckets last (§4.5 rule 4).
    const leftovers: readonly string[] = LEFTOVER_DEPARTMENTS
    const named = res.body.departments.filter((d: { name: string }) => !leftovers.includes(d.name))
    assert.deepEqual(res.body.departments.slice(0, named.length), named)
    const sizes = named.map((d: { headcount: number }) => d.headcount)
    assert.deepEqual(
      sizes,
      [...sizes].sort((a: number, b: number) => b - a),
    )
  })

  test('the same filters narrow the population; include_others is a grid-only field (422)', async () => {
    const { api, people } = await demo()
    const key = await liveKey(api)
    const staff = people.filter((p) => p.current_employer?.domain === LUMINA && p.has_direct_access_to_c_suite === true)
    const res = await api.post('/v1/org-chart/departments', {
      key,
      body: { domain: LUMINA, has_direct_access_to_c_suite: true },
    })
    expectStatus(res, 200)
    assert.equal(res.body.total, staff.length)
    expectProblem(
      await api.post('/v1/org-chart/departments', { key, body: { domain: LUMINA, include_others: true } }),
      422,
      'request.invalid',
    )
  })

  test('an unknown company is free and empty', async () => {
    const { api } = await demo()
    const key = await liveKey(api)
    const res = await api.post('/v1/org-chart/departments', {
      key,
      body: { professional_url: 'linkedin.com/company/nobody-here' },
    })
    expectStatus(res, 200)
    assert.deepEqual(res.body.departments, [])
    assert.deepEqual(res.body.company, { domain: null, professional_url: 'linkedin.com/company/nobody-here' })
    expectMeta(res, { credits_charged: 0 })
  })
})

describe('POST /v1/org-chart/locations', () => {
  test('countries, states and cities with exact headcounts, most people first', async () => {
    const { api, people } = await demo()
    const key = await liveKey(api)
    const staff = people.filter((p) => p.current_employer?.domain === LUMINA)
    const tally = (pick: (p: Person) => string | null | undefined) => {
      const m = new Map<string, number>()
      for (const p of staff) m.set(pick(p) ?? '__unknown__', (m.get(pick(p) ?? '__unknown__') ?? 0) + 1)
      return m
    }
    const res = await api.post('/v1/org-chart/locations', { key, body: { domain: LUMINA } })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: 1 })
    assert.equal(res.body.total, staff.length)
    const asCounts = (rows: { value: string; count: number }[]) => new Map(rows.map((r) => [r.value, r.count]))
    assert.deepEqual(
      asCounts(res.body.countries),
      tally((p) => p.location?.country),
    )
    assert.deepEqual(
      asCounts(res.body.states),
      tally((p) => p.location?.state),
    )
    assert.deepEqual(
      asCounts(res.body.cities),
      tally((p) => p.location?.city),
    )
    const counts = res.body.countries.map((c: { count: number }) => c.count)
    assert.deepEqual(
      counts,
      [...counts].sort((a: number, b: number) => b - a),
    )
    assert.equal(res.body.results.length, res.body.countries.length + res.body.states.length + res.body.cities.length)
    assert.deepEqual(res.body.results[0], { level: 'country', ...res.body.countries[0] })
  })

  test('search keeps the values containing the substring (case-insensitive); total stays the headcount', async () => {
    const { api, people } = await demo()
    const key = await liveKey(api)
    const staff = people.filter((p) => p.current_employer?.domain === LUMINA)
    const city = staff[0]!.location!.city!
    const needle = city.slice(-3).toUpperCase()
    const res = await api.post('/v1/org-chart/locations', { key, body: { domain: LUMINA, search: needle } })
    expectStatus(res, 200)
    assert.equal(res.body.search, needle)
    assert.equal(res.body.total, staff.length)
    for (const level of ['countries', 'states', 'cities']) {
      for (const p of res.body[level])
        assert.ok(p.value.toLowerCase().includes(needle.toLowerCase()), `${level}: ${p.value}`)
    }
    assert.ok(res.body.cities.some((c: { value: string }) => c.value === city))
    const none = await api.post('/v1/org-chart/locations', { key, body: { domain: LUMINA, search: 'zzzzqqq' } })
    assert.deepEqual(none.body.results, [])
    expectMeta(none, { credits_charged: 0 })
  })

  test('filters are not accepted here (422)', async () => {
    const { api } = await demo()
    const key = await liveKey(api)
    expectProblem(
      await api.post('/v1/org-chart/locations', { key, body: { domain: LUMINA, country: ['Germany'] } }),
      422,
      'request.invalid',
    )
  })
})
