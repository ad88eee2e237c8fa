// The rule parser of auto and deep through POST /v1/search on the demo corpus (docs/search-parser.md,
// "rules"): it acts only when sure, reads numbers and comparisons exactly, expands regions
// to their countries, and never lets a filter it read empty an answer the words alone fill: such
// a filter is relaxed and reported in resolved_search.conflicts and degradation.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

const search = (api: TestServer, key: string, body: Record<string, unknown>) => api.post('/v1/search', { key, body })
/** An auto-mode company search of `query`, 10 rows unless `extra` says otherwise. */
const auto = (api: TestServer, key: string, query: string, extra: Record<string, unknown> = {}) =>
  search(api, key, { query, mode: 'auto', category: 'company', limit: 10, ...extra })

type Row = Record<string, unknown> & { id: string }

describe('POST /v1/search: the rule parser acts only when sure', () => {
  test('an industry word inside a description stays in the words; phrased as a constraint it is a filter', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const described = await auto(api, key, 'cybersecurity for hospitals')
    expectStatus(described, 200)
    assert.deepEqual(described.body.resolved_search.filters, {})
    assert.equal(described.body.resolved_search.filters_source, 'none')
    assert.match(described.body.resolved_search.semantic_query, /cybersecurity/)
    const constrained = await auto(api, key, 'companies in the cybersecurity industry')
    expectStatus(constrained, 200)
    assert.deepEqual(constrained.body.resolved_search.filters.industry, { include: ['Cybersecurity'] })
    assert.ok(constrained.body.results.length > 0)
    for (const r of constrained.body.results as Row[]) assert.equal(r.industry, 'Cybersecurity')
  })

  test('whom a record serves is no filter on it: "for software companies" stays in the words', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const served = await auto(api, key, 'billing tools for software companies in Germany')
    expectStatus(served, 200)
    assert.deepEqual(served.body.resolved_search.filters, {})
    assert.equal(served.body.resolved_search.semantic_query, 'billing tools for software companies in Germany')
    // The same words as the search's own: filters.
    const sought = await auto(api, key, 'looking for software companies in Germany')
    expectStatus(sought, 200)
    assert.deepEqual(sought.body.resolved_search.filters.geo, { include: [{ value: 'Germany', level: 'country' }] })
    for (const r of sought.body.results as Row[]) assert.equal(r.country, 'Germany')
  })

  test('"more than 1000 employees" is from 1001, "founded after 2015" from 2016, "$10 million" ten million', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await auto(api, key, 'companies founded after 2015 with more than 1000 employees', { limit: 50 })
    expectStatus(res, 200)
    assert.deepEqual(res.body.resolved_search.filters, {
      founded_year: { min: 2016 },
      employee_count: { min: 1001 },
    })
    for (const r of res.body.results as Row[]) {
      assert.ok((r.founded_year as number) >= 2016, `${r.id} founded ${r.founded_year}`)
      assert.ok((r.employee_count as number) >= 1001)
    }
    const money = await auto(api, key, 'companies with revenue over $10 million', { limit: 50 })
    expectStatus(money, 200)
    assert.deepEqual(money.body.resolved_search.filters, { revenue: { min: 10_000_001 } })
    assert.ok(money.body.results.length > 0)
    for (const r of money.body.results as Row[]) assert.ok((r.revenue as number) > 10_000_000)
  })

  test("a head count names a company's size, not a search for people; people words still do", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const category = async (query: string) => {
      const res = await search(api, key, { query, mode: 'auto', limit: 5 })
      expectStatus(res, 200)
      return res.body.resolved_search as { category: string; filters: Record<string, unknown> }
    }
    const sized = await category('software companies with more than 500 employees founded after 2010')
    assert.equal(sized.category, 'company')
    assert.deepEqual(sized.filters, { employee_count: { min: 501 }, founded_year: { min: 2011 } })
    assert.equal((await category('fintech startups with 1,000+ employees')).category, 'company')
    assert.equal((await category('employees of fintech startups')).category, 'person')
    assert.equal((await category('engineers at companies with more than 500 employees')).category, 'person')
  })

  test('a region expands to the countries of it the index holds ("DACH", "Europe")', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const dach = await auto(api, key, 'companies in DACH', { limit: 50 })
    expectStatus(dach, 200)
    const places = dach.body.resolved_search.filters.geo.include as { value: string; level: string }[]
    assert.deepEqual(places.map((p) => `${p.level}:${p.value}`).sort(), ['country:Germany', 'country:Switzerland'])
    assert.ok(dach.body.results.length > 0)
    for (const r of dach.body.results as Row[]) assert.ok(['Germany', 'Switzerland'].includes(r.country as string))
    const europe = await auto(api, key, 'European companies', { limit: 50 })
    expectStatus(europe, 200)
    const europeCountries = (europe.body.resolved_search.filters.geo.include as { value: string }[]).map((p) => p.value)
    for (const c of ['Germany', 'France', 'United Kingdom', 'Sweden', 'Netherlands', 'Spain', 'Ireland'])
      assert.ok(europeCountries.includes(c), `Europe holds ${c}`)
    for (const c of ['Israel', 'United States', 'Japan']) assert.ok(!europeCountries.includes(c))
    for (const r of europe.body.results as Row[]) assert.ok(europeCountries.includes(r.country as string))
  })

  test('a parsed filter that would empty the answer is relaxed and reported; a caller filter never is', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await auto(api, key, 'payments companies founded before 1800')
    expectStatus(res, 200)
    const rs = res.body.resolved_search
    assert.ok(res.body.results.length > 0, 'the words alone fill the answer')
    assert.equal(rs.filters.founded_year, undefined)
    assert.deepEqual(rs.conflicts, [{ filter: 'founded_year', caller: null, parser: { max: 1799 } }])
    // Only the filter that emptied the answer goes: the sure one stays.
    assert.deepEqual(rs.filters.sub_industry, { include: ['Payments'] })
    for (const r of res.body.results as Row[]) assert.equal(r.sub_industry, 'Payments')
    assert.equal(rs.filters_source, 'parser')
    const relaxed = res.body.degradation.filter((d: { reason: string }) => d.reason === 'parsed_filter_relaxed')
    assert.equal(relaxed.length, 1)
    assert.match(relaxed[0].detail, /founded_year/)
    assert.equal(relaxed[0].impact, 'precision')
    assert.ok(res.body.total > 0)

    // The caller's own filter is the caller's to keep: an empty answer stays empty, nothing relaxed.
    const caller = await auto(api, key, 'payments companies', { filters: { founded_year: { max: 1799 } } })
    expectStatus(caller, 200)
    assert.equal(caller.body.results.length, 0)
    assert.deepEqual(caller.body.resolved_search.filters.founded_year, { max: 1799 })
    assert.ok(!caller.body.degradation.some((d: { reason: string }) => d.reason === 'parsed_filter_relaxed'))
  })

  test('a relaxed plan is what the cursor carries: page 2 keeps the relaxation', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const body = { query: 'software founded before 1800', mode: 'auto', category: 'company', limit: 5 }
    const p1 = await search(api, key, body)
    expectStatus(p1, 200)
    assert.equal(p1.body.resolved_search.filters.founded_year, undefined)
    assert.ok(p1.body.next_cursor, 'more than one page')
    const p2 = await search(api, key, { ...body, cursor: p1.body.next_cursor })
    expectStatus(p2, 200)
    assert.ok(p2.body.results.length > 0)
    assert.equal(p2.body.resolved_search.filters.founded_year, undefined)
    assert.equal(p2.body.resolved_search.conflicts.length, 1)
    const ids = new Set((p1.body.results as Row[]).map((r) => r.id))
    for (const r of p2.body.results as Row[]) assert.ok(!ids.has(r.id))
  })

  test("deep's criteria ignore stop words", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      query: 'the platforms that are used when shipping freight',
      mode: 'deep',
      category: 'company',
      limit: 5,
    })
    expectStatus(res, 200)
    const criteria = (res.body.coverage.criteria as { criterion: string }[]).map((c) => c.criterion)
    assert.ok(criteria.includes('freight'), criteria.join(','))
    for (const stop of ['the', 'that', 'are', 'when']) assert.ok(!criteria.includes(stop), `${stop} is no criterion`)
  })
})
