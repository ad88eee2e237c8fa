// POST /v1/search and POST /v1/similar (data-routes §4.1, platform §2.2, §7, §8) on the demo corpus.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { issueCursor } from '../../src/domain/cursors.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { SearchResponse } from '../../src/contract/search.ts'
import { expectEnvelope, expectMeta, expectProblem, expectSchema, expectStatus, tampered } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/search',
  scopes: ['dsp.search.read'],
  body: { query: 'cloud software', mode: 'fast' },
})
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/similar',
  scopes: ['dsp.search.read'],
  body: { anchors: ['luminacloud.io'] },
})

const RESOLVED = [
  'parser_version',
  'mode',
  'category',
  'query',
  'filters',
  'filters_source',
  'semantic_query',
  'semantic_scope',
  'sort',
  'conflicts',
  'overrides',
]

// Every 200 is checked against the response schema: the route serialises with JSON.stringify, so
// the schema no longer strips what it does not describe.
async function search(
  api: TestServer,
  key: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await api.post('/v1/search', { key, body, headers })
  if (res.status === 200) expectSchema(SearchResponse, res.body)
  return res
}

async function similar(api: TestServer, key: string, body: Record<string, unknown>) {
  const res = await api.post('/v1/similar', { key, body })
  if (res.status === 200) expectSchema(SearchResponse, res.body)
  return res
}

describe('POST /v1/search: answers', () => {
  test('fast: hybrid rows with id, category and score; every envelope and resolved_search field; parser_version none', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      query: 'cloud database software',
      mode: 'fast',
      category: 'company',
      limit: 5,
    })
    expectEnvelope(res)
    for (const f of RESOLVED) assert.ok(f in res.body.resolved_search, `resolved_search lacks ${f}`)
    assert.equal(res.body.resolved_search.parser_version, 'none')
    assert.equal(res.body.resolved_search.mode, 'fast')
    assert.equal(res.body.results.length, 5)
    for (const row of res.body.results) {
      assert.equal(row.category, 'company')
      assert.equal(typeof row.score, 'number')
      assert.equal(row.id, row.domain, 'a company with a domain is identified by it')
    }
    assert.equal(res.body.has_more, res.body.next_cursor !== null)
    assert.ok(res.body.attribution.length >= 1)
    assert.equal(res.body.attribution[0].source_corpus, 'gtm_companies')
    assert.equal(res.body.attribution[0].url, null)
    assert.equal(res.body.attribution[0].quote, null)
    for (const f of [
      'universe',
      'enumerated',
      'enumeration_recall',
      'universe_exhausted',
      'universe_is_exact',
      'truncated_by',
      'constraints_unmet',
      'audited',
      'criteria',
      'linkage',
      'linkage_coverage',
      'linkage_coverage_is_lower_bound',
      'similarity',
    ])
      assert.ok(f in res.body.coverage, `coverage lacks ${f}`)
    // Server-Timing: the engine query's own share of this answer, in ms (docs/search.md).
    const timing = /^engine;dur=(\d+\.\d{3});desc="[^"]+"$/.exec(res.headers.get('server-timing') ?? '')
    assert.ok(timing, `Server-Timing: ${res.headers.get('server-timing')}`)
    assert.ok(Number(timing[1]) > 0, 'the engine query took some time')
  })

  test('the words rank by meaning: a cloud query puts cloud companies first', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      query: 'cloud infrastructure hosting',
      mode: 'fast',
      category: 'company',
      limit: 10,
    })
    const text = JSON.stringify(res.body.results.slice(0, 5)).toLowerCase()
    assert.ok(text.includes('cloud'), 'top results mention cloud')
  })

  test('person rows: a 16-hex id, category person', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, { query: 'software engineer', mode: 'fast', category: 'person', limit: 3 })
    expectStatus(res, 200)
    for (const r of res.body.results) {
      assert.match(r.id, /^[0-9a-f]{16}$/)
      assert.equal(r.category, 'person')
    }
  })

  test('auto: the parser reads seniority and department; filters_source parser; parser_version rules-1', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, { query: 'VP of sales', mode: 'auto', category: 'person', limit: 10 })
    expectStatus(res, 200)
    const rs = res.body.resolved_search
    assert.equal(rs.parser_version, 'rules-1')
    assert.equal(rs.filters_source, 'parser')
    assert.deepEqual(rs.filters.seniority, { include: ['VP'] })
    assert.deepEqual(rs.filters.department, { include: ['Sales'] })
    assert.ok(res.body.results.length > 0)
    for (const r of res.body.results) {
      assert.equal(r.seniority, 'VP')
      assert.equal(r.department, 'Sales')
    }
  })

  test('auto: a sub-industry is a filter when the words ask for a kind of company, else it stays in the words', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const kind = await search(api, key, {
      query: 'observability companies',
      mode: 'auto',
      category: 'company',
      limit: 5,
    })
    expectStatus(kind, 200)
    assert.deepEqual(kind.body.resolved_search.filters.sub_industry, { include: ['Observability'] })
    for (const r of kind.body.results) assert.equal(r.sub_industry, 'Observability')
    const described = await search(api, key, {
      query: 'observability for logs and traces',
      mode: 'auto',
      category: 'company',
      limit: 5,
    })
    expectStatus(described, 200)
    assert.equal(described.body.resolved_search.filters.sub_industry, undefined)
    assert.match(described.body.resolved_search.semantic_query, /observability/)
    assert.ok(
      described.body.results.some((r: { sub_industry?: string }) => r.sub_industry !== 'Observability'),
      'companies of other sub-industries that sell observability are found',
    )
  })

  test('auto: the category is classified from the words when omitted', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, { query: 'engineers who work on payments', mode: 'auto', limit: 3 })
    expectStatus(res, 200)
    assert.equal(res.body.resolved_search.category, 'person')
    for (const r of res.body.results) assert.equal(r.category, 'person')
  })

  test('auto: caller filters win on conflict and both are reported', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      query: 'VP of sales',
      mode: 'auto',
      category: 'person',
      filters: { seniority: { include: ['Director / Head'] } },
      limit: 5,
    })
    expectStatus(res, 200)
    const rs = res.body.resolved_search
    assert.deepEqual(rs.filters.seniority, { include: ['Director / Head'] })
    assert.equal(rs.filters_source, 'caller+parser')
    assert.equal(rs.conflicts.length, 1)
    assert.equal(rs.conflicts[0].filter, 'seniority')
    assert.equal(rs.overrides[0].kept, 'caller')
    for (const r of res.body.results) assert.equal(r.seniority, 'Director / Head')
  })

  test('deep: audited coverage with a criterion per filter and per key word', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, { query: 'machine learning', mode: 'deep', category: 'patent', limit: 5 })
    expectStatus(res, 200)
    assert.equal(res.body.coverage.audited, true)
    assert.ok(res.body.coverage.criteria.length >= 1)
    for (const c of res.body.coverage.criteria) {
      for (const f of ['criterion', 'evaluated', 'passed', 'success_rate', 'proven_by'])
        assert.ok(f in c, `criterion lacks ${f}`)
      assert.ok(['query', 'judged'].includes(c.proven_by))
    }
    for (const r of res.body.results) assert.equal(r.category, 'patent')
  })

  test('filters only, with an explicit sort: rows in that order, sort echoed', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      category: 'company',
      mode: 'fast',
      filters: { employee_count: { min: 50 } },
      sort: [{ field: 'employee_count', direction: 'desc' }],
      limit: 10,
    })
    expectStatus(res, 200)
    const counts = res.body.results.map((r: { employee_count: number }) => r.employee_count)
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    )
    for (const c of counts) assert.ok(c >= 50)
    assert.deepEqual(res.body.resolved_search.sort, [{ field: 'employee_count', direction: 'desc' }])
    assert.equal(res.body.total_is_estimate, false)
    assert.equal(res.body.coverage.universe_is_exact, true)
  })

  test('include_domains narrows a person search to those companies', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      category: 'person',
      mode: 'fast',
      include_domains: ['https://www.LuminaCloud.io/'],
      limit: 20,
    })
    expectStatus(res, 200)
    assert.ok(res.body.results.length > 0)
    for (const r of res.body.results) assert.equal(r.current_employer?.domain, 'luminacloud.io')
  })

  test('a document category searches its own corpus', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (const category of [
      'news_article',
      'market_report',
      'funding_round',
      'academic_report',
      'trend',
      'job_opening',
    ]) {
      const res = await search(api, key, { query: 'software', mode: 'fast', category, limit: 2 })
      expectStatus(res, 200)
      for (const r of res.body.results) assert.equal(r.category, category)
    }
  })

  test('suggestion: the words read like another category', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      query: 'patents on battery chemistry',
      mode: 'auto',
      category: 'company',
      limit: 3,
    })
    expectStatus(res, 200)
    assert.equal(res.body.suggestion?.kind, 'search')
    assert.equal(res.body.suggestion?.category, 'patent')
  })
})

describe('POST /v1/search: refusals', () => {
  test('a GTM filter on a document category → 422, never ignored', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await search(api, key, {
      query: 'battery',
      category: 'patent',
      filters: { industry: { include: ['Energy'] } },
    })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(res.body.extra.errors[0].loc, ['body', 'filters', 'industry'])
  })

  test('an unknown filter, a bad filter shape, no query nor filters → 422', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(
      await search(api, key, { query: 'x', category: 'company', filters: { colour: { include: ['red'] } } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await search(api, key, { query: 'x', category: 'company', filters: { employee_count: { include: ['big'] } } }),
      422,
      'request.invalid',
    )
    expectProblem(await search(api, key, { category: 'company' }), 422, 'request.invalid')
    expectProblem(await search(api, key, { query: 'x', surprise: 1 }), 422, 'request.invalid')
  })

  test('an unknown filter name from a caller → 422 naming it, the closest filters and every accepted one; never a 500, never dropped', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    for (const mode of ['fast', 'auto', 'deep']) {
      const res = await search(api, key, {
        query: 'software',
        mode,
        category: 'company',
        filters: { employe_count: { min: 50 } },
      })
      expectProblem(res, 422, 'request.invalid')
      const [error, ...rest] = res.body.extra.errors
      assert.equal(rest.length, 0)
      assert.deepEqual(error.loc, ['body', 'filters', 'employe_count'])
      assert.equal(error.type, 'extra_forbidden')
      assert.match(error.msg, /^Unknown filter "employe_count"; did you mean employee_count\?/)
      assert.ok(error.ctx.accepted_filters.includes('employee_count'))
      assert.ok(error.ctx.accepted_filters.includes('geo'))
    }
    // A person filter cannot narrow look-alike companies: refused the same way, not ignored.
    const res = await similar(api, key, { anchors: ['luminacloud.io'], filters: { seniority: { include: ['VP'] } } })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(res.body.extra.errors[0].loc, ['body', 'filters', 'seniority'])
    assert.match(
      res.body.extra.errors[0].msg,
      /^Filter "seniority" filters people and is not a filter of this search's category/,
    )
    assert.ok(!res.body.extra.errors[0].ctx.accepted_filters.includes('seniority'))
  })

  test('sort: needs a category, at most 3 clauses, no repeated field, no wrong pairing', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await search(api, key, { query: 'x', sort: [{ field: 'employee_count' }] }), 422, 'request.invalid')
    expectProblem(
      await search(api, key, { query: 'x', category: 'company', sort: [{ field: 'revenue' }, { field: 'revenue' }] }),
      422,
      'request.invalid',
    )
    expectProblem(
      await search(api, key, { query: 'x', category: 'company', sort: [{ field: 'tenure' }] }),
      422,
      'request.invalid',
    )
    expectProblem(
      await search(api, key, {
        query: 'x',
        category: 'company',
        sort: [{ field: 'revenue' }, { field: 'city' }, { field: 'state' }, { field: 'country' }],
      }),
      422,
      'request.invalid',
    )
  })

  test('limit bounds 1..100', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await search(api, key, { query: 'x', limit: 0 }), 422, 'request.invalid')
    expectProblem(await search(api, key, { query: 'x', limit: 101 }), 422, 'request.invalid')
  })

  test('the index unreachable → 503 upstream.unavailable, slower than its deadline → 504 upstream.timeout; Retry-After 5; never charged', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    await search(api, key, { query: 'warm up', mode: 'fast' })
    const before = (await api.get('/v1/credits', { key })).body.spendable
    await api.admin.fault('retrieval', 'down')
    try {
      const res = await search(api, key, { query: 'cloud', mode: 'fast' })
      expectProblem(res, 503, 'upstream.unavailable')
      assert.equal(res.headers.get('retry-after'), '5')
      await api.admin.fault('retrieval', 'slow')
      const slow = await search(api, key, { query: 'cloud', mode: 'fast' })
      expectProblem(slow, 504, 'upstream.timeout')
      assert.equal(slow.headers.get('retry-after'), '5')
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, before)
  })

  // The page is charged once its answer is built: a failed read of its records charges nothing.
  test("the ranked page's records unreadable → 503, slower than the deadline → 504; nothing is charged or recorded, and the same Idempotency-Key then pays once", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 5 }
    const before = (await api.get('/v1/credits', { key })).body.spendable
    await api.admin.fault('records', 'down')
    try {
      const down = await search(api, key, body, { 'idempotency-key': 'records-1' })
      expectProblem(down, 503, 'upstream.unavailable')
      assert.equal(down.headers.get('retry-after'), '5')
      await api.admin.fault('records', 'slow')
      const slow = await search(api, key, body, { 'idempotency-key': 'records-1' })
      expectProblem(slow, 504, 'upstream.timeout')
      assert.equal(slow.headers.get('retry-after'), '5')
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, before)
    assert.equal((await api.get('/v1/usage/history', { key })).body.results.length, 0, 'a failed call leaves no run')
    // Nothing was claimed: the retry is a first delivery, charged once.
    const ok = await search(api, key, body, { 'idempotency-key': 'records-1' })
    expectStatus(ok, 200)
    assert.equal(ok.body.results.length, 5)
    assert.equal(ok.body.meta.credits_charged, 0.1)
    assert.equal(Math.round(((await api.get('/v1/credits', { key })).body.spendable - before) * 1000), -100)
    const runs = (await api.get('/v1/usage/history', { key })).body.results
    assert.equal(runs.length, 1)
    assert.equal(runs[0].credits_charged, 0.1)
  })
})

describe('POST /v1/search: cursors', () => {
  test('paging walks distinct rows; pages never re-run the parser and echo the sort', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = {
      query: 'VP of engineering',
      mode: 'auto',
      category: 'person',
      sort: [{ field: 'person_name', direction: 'asc' }],
      limit: 5,
    }
    const p1 = await search(api, key, body)
    expectStatus(p1, 200)
    assert.ok(p1.body.next_cursor)
    const p2 = await search(api, key, { ...body, cursor: p1.body.next_cursor })
    expectStatus(p2, 200)
    assert.equal(p2.body.resolved_search.parser_version, 'none')
    assert.deepEqual(p2.body.resolved_search.sort, [{ field: 'person_name', direction: 'asc' }])
    assert.deepEqual(p2.body.resolved_search.filters, p1.body.resolved_search.filters)
    const ids1 = new Set(p1.body.results.map((r: { id: string }) => r.id))
    for (const r of p2.body.results) assert.ok(!ids1.has(r.id), 'page 2 repeats a row of page 1')
  })

  test('a changed request → pagination.cursor_invalid; only limit may change', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 5 }
    const p1 = await search(api, key, body)
    const cursor = p1.body.next_cursor
    expectStatus(await search(api, key, { ...body, limit: 7, cursor }), 200)
    expectProblem(await search(api, key, { ...body, query: 'hardware', cursor }), 422, 'pagination.cursor_invalid')
    expectProblem(await search(api, key, { ...body, mode: 'auto', cursor }), 422, 'pagination.cursor_invalid')
    expectProblem(await search(api, key, { ...body, cursor: tampered(cursor) }), 422, 'pagination.cursor_invalid')
    expectProblem(await search(api, key, { ...body, cursor: 'not-a-cursor' }), 422, 'pagination.cursor_invalid')
  })

  test('a cursor older than 24 hours → pagination.cursor_expired', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 5 }
    const cursor = (await search(api, key, body)).body.next_cursor
    await api.admin.advanceClock(24 * 3600 + 5)
    try {
      expectProblem(await search(api, key, { ...body, cursor }), 422, 'pagination.cursor_expired')
    } finally {
      await api.admin.resetClock()
    }
  })

  test('a filter name outside the catalogue carried by a signed plan → 422 before any SQL, never a 500', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 5 }
    const p1 = await search(api, key, body)
    const payload = JSON.parse(Buffer.from(p1.body.next_cursor.split('.')[0], 'base64url').toString('utf8'))
    const plan = { ...payload.p.plan, filters: { ...payload.p.plan.filters, colour: { include: ['red'] } } }
    const cursor = issueCursor(api.app.deps, 'search', payload.f, { ...payload.p, plan })
    const res = await search(api, key, { ...body, cursor })
    expectProblem(res, 422, 'request.invalid')
    assert.deepEqual(res.body.extra.errors[0].loc, ['body', 'filters', 'colour'])
    assert.match(res.body.extra.errors[0].msg, /^Unknown filter "colour"/)
  })

  test('paging past 10,000 results → pagination.depth_exceeded', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 5 }
    const p1 = await search(api, key, body)
    const payload = JSON.parse(Buffer.from(p1.body.next_cursor.split('.')[0], 'base64url').toString('utf8'))
    const deep = issueCursor(api.app.deps, 'search', payload.f, { ...payload.p, offset: 10_000 })
    expectProblem(await search(api, key, { ...body, cursor: deep }), 422, 'pagination.depth_exceeded')
  })
})

describe('POST /v1/search: charging', () => {
  test('fast, auto and deep are billed per delivered result at their own price', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const fast = await search(api, key, { query: 'software', mode: 'fast', category: 'company', limit: 5 })
    assert.equal(fast.body.meta.credits_charged, 0.1)
    const auto = await search(api, key, { query: 'software', mode: 'auto', category: 'company', limit: 5 })
    assert.equal(auto.body.meta.credits_charged, 0.2)
    const deep = await search(api, key, { query: 'software', mode: 'deep', category: 'company', limit: 5 })
    assert.equal(deep.body.meta.credits_charged, 0.5)
    const history = await api.get('/v1/usage/history', { key })
    assert.deepEqual(
      history.body.results.map((r: { action_type: string }) => r.action_type),
      ['dsp.search.deep', 'dsp.search.auto', 'dsp.search.fast'],
    )
  })

  test('each charged page is its own run; re-sending a used cursor costs nothing', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 4 }
    const p1 = await search(api, key, body)
    const p2 = await search(api, key, { ...body, cursor: p1.body.next_cursor })
    assert.equal(p2.body.meta.credits_charged, 0.08)
    const again = await search(api, key, { ...body, cursor: p1.body.next_cursor })
    assert.equal(again.body.meta.credits_charged, 0)
    const runs = (await api.get('/v1/usage/history', { key })).body.results
    assert.equal(runs.length, 3)
  })

  test('page size does not change the total charged for the same rows', async () => {
    const api = await server()
    const a = await api.admin.workspaceWithKey({ credits: 100 })
    const b = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company' }
    const one = await search(api, a.key, { ...body, limit: 10 })
    let cursor: string | null = null
    let charged = 0
    for (let i = 0; i < 2; i++) {
      const page: Awaited<ReturnType<typeof search>> = await search(api, b.key, {
        ...body,
        limit: 5,
        ...(cursor ? { cursor } : {}),
      })
      charged += page.body.meta.credits_charged
      cursor = page.body.next_cursor
    }
    assert.equal(Math.round(charged * 1000), Math.round(one.body.meta.credits_charged * 1000))
  })

  test('a repeated Idempotency-Key with the same body costs nothing', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 5 }
    const first = await search(api, key, body, { 'idempotency-key': 'abc-1' })
    assert.equal(first.body.meta.credits_charged, 0.1)
    const retry = await search(api, key, body, { 'idempotency-key': 'abc-1' })
    assert.equal(retry.body.meta.credits_charged, 0)
    assert.deepEqual(
      retry.body.results.map((r: { id: string }) => r.id),
      first.body.results.map((r: { id: string }) => r.id),
    )
    const other = await search(api, key, { ...body, query: 'hardware' }, { 'idempotency-key': 'abc-1' })
    assert.equal(other.body.meta.credits_charged, 0.1)
  })

  test('no results cost 0; a test key costs 0 and says billing_bypassed', async () => {
    const api = await server()
    const live = await api.admin.workspaceWithKey({ credits: 100 })
    const none = await search(api, live.key, {
      query: 'zzqxv',
      mode: 'fast',
      category: 'company',
      filters: { employee_count: { min: 999999999 } },
    })
    expectStatus(none, 200)
    assert.equal(none.body.results.length, 0)
    assert.equal(none.body.meta.credits_charged, 0)
    const test_ = await api.admin.workspaceWithKey({ credits: 0, environment: 'test' })
    const res = await search(api, test_.key, { query: 'software', mode: 'fast', category: 'company', limit: 5 })
    expectStatus(res, 200)
    expectMeta(res, { environment: 'test', credits_charged: 0 })
    assert.ok(res.body.degradation.some((d: { reason: string }) => d.reason === 'billing_bypassed'))
  })

  test('a page shorter than its limit costs its rows only (balance, ledger entry, claims, run), with credits for a full page or for those rows alone; no rows cost nothing', async () => {
    const api = await server()
    const db = api.app.deps.db
    const spendable = async (key: string) => (await api.get('/v1/credits', { key })).body.spendable as number
    const body = {
      query: 'software',
      mode: 'fast',
      category: 'company',
      limit: 25,
      filters: { employee_count: { min: 20000 } },
    }
    // 100 credits cover a full page (0.5); 0.07 cover the 3 rows this search finds (0.06) only.
    for (const credits of [100, 0.07]) {
      const { key } = await api.admin.workspaceWithKey({ credits })
      const res = await search(api, key, body, { 'idempotency-key': 'short-page' })
      expectStatus(res, 200)
      const n = res.body.results.length
      assert.ok(n > 0 && n < 25, `a short page (${n} rows)`)
      assert.equal(res.body.meta.credits_charged, n * 0.02)
      assert.equal(await spendable(key), Math.round((credits - n * 0.02) * 1000) / 1000)
      const run = (await api.get('/v1/usage/history', { key })).body.results[0]
      assert.equal(run.result_count, n)
      assert.equal(run.credits_charged, n * 0.02)
      const stored = await db
        .selectFrom('usage_runs')
        .select(['result_total', 'result_total_is_estimate'])
        .where('id', '=', run.id)
        .executeTakeFirstOrThrow()
      assert.equal(stored.result_total, res.body.total)
      assert.equal(stored.result_total_is_estimate, res.body.total_is_estimate)
      const entries = await db
        .selectFrom('ledger_entries')
        .select('amount_milli')
        .where('run_id', '=', run.id)
        .execute()
      assert.deepEqual(
        entries.map((e) => Number(e.amount_milli)),
        [-n * 20],
      )
      const claims = await db.selectFrom('charged_units').select('unit').where('run_id', '=', run.id).execute()
      assert.deepEqual(claims.map((c) => c.unit).sort(), Array.from({ length: n }, (_, i) => `r${i}`).sort())
      // The same request again pays nothing: its rows were claimed.
      const again = await search(api, key, body, { 'idempotency-key': 'short-page' })
      assert.equal(again.body.meta.credits_charged, 0)
      // No rows: nothing charged, no ledger entry, a run of 0 results.
      const before = await spendable(key)
      const none = await search(api, key, { ...body, filters: { employee_count: { min: 999999999 } } })
      assert.equal(none.body.results.length, 0)
      assert.equal(none.body.meta.credits_charged, 0)
      assert.equal(await spendable(key), before)
      const empty = (await api.get('/v1/usage/history', { key })).body.results[0]
      assert.equal(empty.result_count, 0)
      assert.equal(empty.credits_charged, 0)
      assert.equal(
        (await db.selectFrom('ledger_entries').select('id').where('run_id', '=', empty.id).execute()).length,
        0,
      )
    }
  })

  test('a request its plan refuses (422) costs nothing and records no run', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    for (const body of [
      { query: 'software', mode: 'fast', sort: [{ field: 'employee_count' }] },
      { mode: 'auto', category: 'company' },
    ])
      expectProblem(await search(api, key, body), 422, 'request.invalid')
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 10)
    assert.equal((await api.get('/v1/usage/history', { key })).body.results.length, 0)
  })

  test('insufficient credits → 402 with no results', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 0.01 })
    const res = await search(api, key, { query: 'software', mode: 'fast', category: 'company', limit: 5 })
    expectProblem(res, 402, 'credits.insufficient')
    assert.ok(!('results' in res.body))
    assert.equal(res.body.extra.action_type, 'dsp.search.fast')
  })

  test('page 1 of a search keeps a snapshot in its history detail; a cursor page does not', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 3 }
    const p1 = await search(api, key, body)
    await search(api, key, { ...body, cursor: p1.body.next_cursor })
    const runs = (await api.get('/v1/usage/history', { key })).body.results
    const d1 = await api.get(`/v1/usage/history/${runs[1].id}`, { key })
    assert.equal(d1.body.snapshot_state, 'available')
    assert.deepEqual(
      d1.body.snapshot.results.map((r: { id: string }) => r.id),
      p1.body.results.map((r: { id: string }) => r.id),
    )
    const d2 = await api.get(`/v1/usage/history/${runs[0].id}`, { key })
    assert.equal(d2.body.snapshot_state, 'not_first_page')
    assert.equal(d2.body.snapshot, null)
  })
})

describe('POST /v1/similar', () => {
  test('look-alikes of a domain anchor, anchors excluded, similarity coverage, billed as dsp.similar', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await similar(api, key, { anchors: ['luminacloud.io'], limit: 5 })
    expectStatus(res, 200)
    assert.equal(res.body.results.length, 5)
    for (const r of res.body.results) {
      assert.notEqual(r.id, 'luminacloud.io')
      assert.equal(r.category, 'company')
    }
    const scores = res.body.results.map((r: { score: number }) => r.score)
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    )
    assert.equal(res.body.resolved_search.parser_version, 'none')
    const sim = res.body.coverage.similarity[0]
    for (const f of ['concept', 'ids_resolved', 'k', 'cut_at_ceiling', 'comparable_fraction'])
      assert.ok(f in sim, `similarity lacks ${f}`)
    assert.equal(sim.ids_resolved, 1)
    assert.equal(res.body.coverage.universe_exhausted, false)
    assert.equal(res.body.meta.credits_charged, 0.25)
    const run = (await api.get('/v1/usage/history', { key })).body.results[0]
    assert.equal(run.action_type, 'dsp.similar')
    const timing = /^engine;dur=(\d+\.\d{3});desc="[^"]+"$/.exec(res.headers.get('server-timing') ?? '')
    assert.ok(timing && Number(timing[1]) > 0, `Server-Timing: ${res.headers.get('server-timing')}`)
  })

  test('anchors by name and by page URL are detected per anchor', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await similar(api, key, {
      anchors: ['Lumina Cloud', 'https://www.linkedin.com/company/nowhere-at-all-xyz'],
      limit: 3,
    })
    expectStatus(res, 200)
    const anchors = res.body.resolved_search.anchors
    assert.equal(anchors[0].detected_as, 'name')
    assert.equal(anchors[0].id, 'luminacloud.io')
    assert.equal(anchors[1].detected_as, 'li_url')
    assert.equal(anchors[1].id, null)
  })

  test('more than 10 anchors → 422', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(
      await api.post('/v1/similar', { key, body: { anchors: Array.from({ length: 11 }, (_, i) => `c${i}.com`) } }),
      422,
      'request.invalid',
    )
  })
})

describe('entity ceiling', () => {
  test("records shown by a search count toward the credential's ceiling on agent-run starts", async (t) => {
    const { startTestServer } = await import('../support/server.ts')
    const api = await startTestServer({ DSP_ENTITY_CEILING: '5' }, { demo: true })
    t.after(() => api.close())
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const before = await api.post('/v1/agents/runs', {
      key,
      body: { query: 'cloud companies', effort: 'minimal' },
      headers: { 'idempotency-key': 'ceiling-1' },
    })
    assert.ok(before.status === 202 || before.status === 200, before.text)
    const res = await search(api, key, { query: 'software', mode: 'fast', category: 'company', limit: 5 })
    expectStatus(res, 200)
    const after = await api.post('/v1/agents/runs', {
      key,
      body: { query: 'cloud companies', effort: 'minimal' },
      headers: { 'idempotency-key': 'ceiling-2' },
    })
    expectProblem(after, 429, 'quota.entity_ceiling')
    assert.ok(after.body.extra.seen >= 5)
    assert.equal(after.body.extra.limit, 5)
  })

  test('a record shown again refreshes its date in the 30-day window, at most once a minute', async (t) => {
    const { startTestServer } = await import('../support/server.ts')
    const api = await startTestServer({ DSP_ENTITY_CEILING: '5' }, { demo: true })
    t.after(() => api.close())
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'software', mode: 'fast', category: 'company', limit: 5 }
    const startRun = (n: number) =>
      api.post('/v1/agents/runs', {
        key,
        body: { query: 'cloud companies', effort: 'minimal' },
        headers: { 'idempotency-key': `refresh-${n}` },
      })
    const shownAt = async () => {
      await api.get('/v1/credits', { key })
      const rows = await api.app.deps.db.selectFrom('entity_exposures').select(['entity', 'last_shown_at']).execute()
      return new Map(rows.map((r) => [r.entity, new Date(r.last_shown_at).getTime()]))
    }
    expectStatus(await search(api, key, body), 200)
    // Counting flushes the queued exposures: shown 5 records, the ceiling.
    expectProblem(await startRun(1), 429, 'quota.entity_ceiling')
    const first = await shownAt()
    assert.equal(first.size, 5)
    // Shown again 30 s later: the dates stay (no new row versions).
    await api.admin.advanceClock(30)
    expectStatus(await search(api, key, body), 200)
    expectProblem(await startRun(2), 429, 'quota.entity_ceiling')
    assert.deepEqual(await shownAt(), first)
    // Shown again 20 days later: the dates move, so 15 days after that (35 after the first
    // showing) the records still count.
    await api.admin.advanceClock(20 * 86_400)
    expectStatus(await search(api, key, body), 200)
    expectProblem(await startRun(3), 429, 'quota.entity_ceiling')
    for (const [entity, at] of await shownAt()) {
      const moved = at - first.get(entity)!
      assert.ok(
        moved >= (30 + 20 * 86_400) * 1000 && moved < (90 + 20 * 86_400) * 1000,
        `${entity} moved by ${moved} ms`,
      )
    }
    await api.admin.advanceClock(15 * 86_400)
    expectProblem(await startRun(4), 429, 'quota.entity_ceiling')
    // 31 days after the last showing they no longer count.
    await api.admin.advanceClock(16 * 86_400)
    const free = await startRun(5)
    assert.ok(free.status === 202 || free.status === 200, free.text)
  })
})
