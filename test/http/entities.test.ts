// Record lookup, the nine POST /v1/entities/* routes (data-routes §2.1, §4.3) on the seeded demo
// corpus: order, duplicates, misses, `by` rules, caps, fields, charging and outages.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createDemoCorpus, type DemoCorpus } from '../../src/corpus/demo/index.ts'
import { normaliseName } from '../../src/corpus/normalise.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectEnvelope, expectMeta, expectProblem, expectStatus, type Res } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

// The test server loads the demo corpus seeded once per test run (test/support/demo.ts).
let seeded: Promise<{ api: TestServer; corpus: DemoCorpus }> | null = null
function demo() {
  seeded ??= (async () => {
    const api = await server()
    return { api, corpus: createDemoCorpus() }
  })()
  return seeded
}

const SCOPES = ['dsp.entities.read', 'dsp.usage.read']
async function liveKey(api: TestServer, credits = 100) {
  return (await api.admin.workspaceWithKey({ credits, scopes: SCOPES })).key
}
const spendable = async (api: TestServer, key: string) =>
  (await api.get('/v1/credits', { key })).body.spendable as number
const historyCount = async (api: TestServer, key: string) =>
  (await api.get('/v1/usage/history', { key })).body.results.length as number

type Hit = { id: string; category: string; found: boolean; matches: Record<string, unknown>[] }
const hits = (res: Res) => res.body.results as Hit[]

/** §2.1: one hit per input id in order, misses included; never paginated; total = entries found. */
function checkLookup(res: Res, ids: string[], category: string) {
  expectEnvelope(res)
  const b = res.body
  assert.deepEqual(
    hits(res).map((h) => h.id),
    ids,
  )
  for (const h of hits(res)) {
    assert.equal(h.category, category)
    assert.equal(h.found, h.matches.length > 0)
  }
  assert.equal(b.total, hits(res).filter((h) => h.found).length)
  assert.equal(b.total_is_estimate, false)
  assert.equal(b.has_more, false)
  assert.equal(b.next_cursor, null)
  assert.equal(b.resolved_search, null)
}

const ENTITY_PATHS = [
  'companies',
  'persons',
  'patents',
  'trends',
  'academic-reports',
  'news',
  'market-reports',
  'fundings',
  'job-openings',
]
for (const p of ENTITY_PATHS)
  itEnforcesAuth(server, {
    method: 'POST',
    path: `/v1/entities/${p}`,
    scopes: ['dsp.entities.read'],
    body: { ids: ['x'] },
  })

describe('POST /v1/entities/companies', () => {
  test('by domain: input order, duplicates and misses kept; any accepted domain form', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const [a, b] = [corpus.company(0), corpus.company(20)]
    const ids = [`https://www.${a.domain!.toUpperCase()}/about`, 'no-such-company.example', b.domain!, a.domain!]
    const res = await api.post('/v1/entities/companies', { key, body: { ids, by: 'domain' } })
    checkLookup(res, ids, 'company')
    assert.deepEqual(
      hits(res).map((h) => h.found),
      [true, false, true, true],
    )
    assert.deepEqual(
      hits(res).map((h) => h.matches[0]?.domain ?? null),
      [a.domain, null, b.domain, a.domain],
    )
    assert.deepEqual(hits(res)[1]!.matches, [])
    assert.equal(res.body.total, 3)
    const match = hits(res)[0]!.matches[0]!
    assert.equal(match.account_name, a.account_name)
    assert.equal(match.description, a.description)
    assert.match(String(match.id), /^\d+$/, 'the record id is the internal id')
  })

  test('by omitted: internal ids; a search-hit id (domain or 16-hex) does not resolve (rule 1)', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const a = corpus.company(1)
    const byDomain = await api.post('/v1/entities/companies', { key, body: { ids: [a.domain!], by: 'domain' } })
    const internal = String(hits(byDomain)[0]!.matches[0]!.id)
    const ids = [internal, a.domain!, '0123456789abcdef', '999999999999']
    const res = await api.post('/v1/entities/companies', { key, body: { ids } })
    checkLookup(res, ids, 'company')
    assert.deepEqual(
      hits(res).map((h) => h.found),
      [true, false, false, false],
    )
    assert.equal(hits(res)[0]!.matches[0]!.domain, a.domain)
    const nulled = await api.post('/v1/entities/companies', { key, body: { ids: [internal], by: null } })
    assert.equal(hits(nulled)[0]!.found, true)
  })

  test('by li_url: company page URLs in any accepted form; a profile URL is a miss', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const a = corpus.company(2)
    const ids = [
      `https://uk.linkedin.com/${a.professional_url!.replace('linkedin.com/', '')}/jobs/`,
      'linkedin.com/in/somebody-1',
    ]
    const res = await api.post('/v1/entities/companies', { key, body: { ids, by: 'li_url' } })
    checkLookup(res, ids, 'company')
    assert.equal(hits(res)[0]!.matches[0]!.domain, a.domain)
    assert.equal(hits(res)[1]!.found, false)
  })

  test('by name: the best-ranked match (at most one), exact names first, close spellings found', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const a = corpus.company(0)
    const ids = [a.account_name!, a.account_name!.toUpperCase(), a.account_name!.slice(0, -1), 'Qwxz Zzyzx Plover']
    const res = await api.post('/v1/entities/companies', { key, body: { ids, by: 'name' } })
    checkLookup(res, ids, 'company')
    assert.deepEqual(
      hits(res).map((h) => h.matches.length),
      [1, 1, 1, 0],
    )
    for (const h of hits(res).slice(0, 3)) assert.equal(h.matches[0]!.domain, a.domain)
  })

  test('by auto: each entry classified as domain, page URL or name', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const [a, b, c] = [corpus.company(3), corpus.company(4), corpus.company(5)]
    const ids = [a.domain!, `https://www.${b.professional_url!}`, c.account_name!]
    const res = await api.post('/v1/entities/companies', { key, body: { ids, by: 'auto' } })
    checkLookup(res, ids, 'company')
    assert.deepEqual(
      hits(res).map((h) => h.matches[0]?.domain),
      [a.domain, b.domain, c.domain],
    )
  })

  test('fields restricts each match to those fields plus id; an unknown field is 422', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const a = corpus.company(0)
    const res = await api.post('/v1/entities/companies', {
      key,
      body: { ids: [a.domain!], by: 'domain', fields: ['account_name', 'employee_count'] },
    })
    checkLookup(res, [a.domain!], 'company')
    assert.deepEqual(Object.keys(hits(res)[0]!.matches[0]!).sort(), ['account_name', 'employee_count', 'id'])
    assert.equal(hits(res)[0]!.matches[0]!.employee_count, a.employee_count)
    const bad = await api.post('/v1/entities/companies', {
      key,
      body: { ids: [a.domain!], by: 'domain', fields: ['account_name', 'shoe_size'] },
    })
    expectProblem(bad, 422, 'request.invalid')
    assert.deepEqual(bad.body.extra.errors[0].loc, ['body', 'fields', 1])
  })

  test('caps: 1..1000 ids, 50 by name (also name entries under auto); over a cap → 422 and nothing charged', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const domain = corpus.company(0).domain!
    const ok = await api.post('/v1/entities/companies', { key, body: { ids: Array(1000).fill(domain), by: 'domain' } })
    checkLookup(ok, Array(1000).fill(domain), 'company')
    expectMeta(ok, { credits_charged: 20 })
    const before = await spendable(api, key)
    const runs = await historyCount(api, key)
    expectProblem(
      await api.post('/v1/entities/companies', { key, body: { ids: Array(1001).fill(domain), by: 'domain' } }),
      422,
      'request.invalid',
    )
    expectProblem(await api.post('/v1/entities/companies', { key, body: { ids: [] } }), 422, 'request.invalid')
    expectProblem(
      await api.post('/v1/entities/companies', { key, body: { ids: Array(51).fill('Lumina Cloud'), by: 'name' } }),
      422,
      'request.invalid',
    )
    const auto = await api.post('/v1/entities/companies', {
      key,
      body: { ids: [...Array(51).fill('Lumina Cloud'), domain], by: 'auto' },
    })
    expectProblem(auto, 422, 'request.invalid')
    assert.equal(auto.body.extra.cap, 50)
    expectStatus(
      await api.post('/v1/entities/companies', { key, body: { ids: Array(50).fill('Lumina Cloud'), by: 'name' } }),
      200,
    )
    assert.equal(await spendable(api, key), before - 1)
    assert.equal(await historyCount(api, key), runs + 1)
  })

  test('an unknown by value or body field → 422', async () => {
    const { api } = await demo()
    const key = await liveKey(api)
    expectProblem(
      await api.post('/v1/entities/companies', { key, body: { ids: ['x'], by: 'id' } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/entities/companies', { key, body: { ids: ['x'], limit: 5 } }),
      422,
      'request.invalid',
    )
  })
})

describe('POST /v1/entities/persons', () => {
  test('by li_url: profile URLs in any accepted form; order, duplicates and misses kept', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const [p, q] = [corpus.person(0), corpus.person(1)]
    const ids = [
      `https://www.${p.profile_url!}/`,
      'linkedin.com/in/nobody-at-all-000000',
      q.profile_url!,
      p.profile_url!.toUpperCase(),
    ]
    const res = await api.post('/v1/entities/persons', { key, body: { ids, by: 'li_url' } })
    checkLookup(res, ids, 'person')
    assert.deepEqual(
      hits(res).map((h) => h.matches[0]?.profile_url ?? null),
      [p.profile_url, null, q.profile_url, p.profile_url],
    )
    assert.equal(hits(res)[0]!.matches[0]!.title, p.title)
  })

  test('by omitted: internal ids only; the 16-hex search id and the profile URL are misses', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const p = corpus.person(2)
    const first = await api.post('/v1/entities/persons', { key, body: { ids: [p.profile_url!], by: 'li_url' } })
    const internal = String(hits(first)[0]!.matches[0]!.id)
    const ids = [internal, p.profile_url!, 'a1b2c3d4e5f60718']
    const res = await api.post('/v1/entities/persons', { key, body: { ids } })
    checkLookup(res, ids, 'person')
    assert.deepEqual(
      hits(res).map((h) => h.found),
      [true, false, false],
    )
    assert.equal(hits(res)[0]!.matches[0]!.profile_url, p.profile_url)
  })

  test('by name: up to 10 candidates, exact names first; by auto: profile URL or name', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const p = corpus.person(3)
    const res = await api.post('/v1/entities/persons', { key, body: { ids: [p.name!], by: 'name' } })
    checkLookup(res, [p.name!], 'person')
    const matches = hits(res)[0]!.matches
    assert.ok(matches.length >= 1 && matches.length <= 10)
    assert.equal(matches[0]!.name, p.name)
    assert.ok(matches.some((m) => m.profile_url === p.profile_url) || matches.length === 10)
    const auto = await api.post('/v1/entities/persons', { key, body: { ids: [p.profile_url!, p.name!], by: 'auto' } })
    assert.equal(hits(auto)[0]!.matches[0]!.profile_url, p.profile_url)
    assert.equal(hits(auto)[1]!.matches[0]!.name, p.name)
  })

  test('cap: 1..100 ids (50 by name); over → 422', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const url = corpus.person(0).profile_url!
    expectStatus(
      await api.post('/v1/entities/persons', { key, body: { ids: Array(100).fill(url), by: 'li_url' } }),
      200,
    )
    expectProblem(
      await api.post('/v1/entities/persons', { key, body: { ids: Array(101).fill(url), by: 'li_url' } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/entities/persons', { key, body: { ids: Array(51).fill('Anna'), by: 'name' } }),
      422,
      'request.invalid',
    )
  })
})

describe('document routes without by: patents, trends, academic reports', () => {
  test('patents by patent number (any spacing or case), exactly one record or none', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const p = corpus.patent(0)
    const ids = [p.patent_id!.toLowerCase().replace(/(\d{3})/, '$1 '), 'US0000000X9']
    const res = await api.post('/v1/entities/patents', { key, body: { ids } })
    checkLookup(res, ids, 'patent')
    assert.deepEqual(
      hits(res).map((h) => h.matches.length),
      [1, 0],
    )
    assert.equal(hits(res)[0]!.matches[0]!.patent_id, p.patent_id)
  })

  test('academic reports by DOI (a doi.org URL too); trends by name (case-insensitive)', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const r = corpus.academicReport(4)
    const reports = await api.post('/v1/entities/academic-reports', {
      key,
      body: { ids: [`https://doi.org/${r.doi!.toUpperCase()}`, '10.5555/demo.999999'] },
    })
    checkLookup(reports, [`https://doi.org/${r.doi!.toUpperCase()}`, '10.5555/demo.999999'], 'academic_report')
    assert.equal(hits(reports)[0]!.matches[0]!.doi, r.doi)
    assert.equal(hits(reports)[1]!.found, false)
    const t = corpus.trend(0)
    const trends = await api.post('/v1/entities/trends', { key, body: { ids: [`  ${t.name!.toLowerCase()} `] } })
    assert.equal(hits(trends)[0]!.matches.length, 1)
    assert.equal(hits(trends)[0]!.matches[0]!.name, t.name)
  })

  test('by is not accepted on these routes (422); over 100 ids → 422', async () => {
    const { api } = await demo()
    const key = await liveKey(api)
    for (const p of ['patents', 'trends', 'academic-reports']) {
      expectProblem(
        await api.post(`/v1/entities/${p}`, { key, body: { ids: ['x'], by: 'name' } }),
        422,
        'request.invalid',
      )
      expectProblem(
        await api.post(`/v1/entities/${p}`, { key, body: { ids: Array(101).fill('x') } }),
        422,
        'request.invalid',
      )
    }
  })
})

describe('document routes by name or id: news, market reports, fundings, job openings', () => {
  test('fundings by company name keep every round of the company, best matches first', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const company = corpus.company(0)
    const rounds = [...corpus.fundingRounds(0, 1)]
    assert.ok(rounds.length >= 2, 'the flagship has several rounds')
    const res = await api.post('/v1/entities/fundings', { key, body: { ids: [company.account_name!] } })
    checkLookup(res, [company.account_name!], 'funding_round')
    const matches = hits(res)[0]!.matches
    const exact = matches.filter((m) => m.company === company.account_name)
    assert.equal(exact.length, rounds.length)
    assert.deepEqual(matches.slice(0, exact.length), exact, 'exact company names rank first')
    assert.deepEqual(
      new Set(exact.map((m) => `${m.type}|${m.announced_on}`)),
      new Set(rounds.map((r) => `${r.type}|${r.announced_on}`)),
    )
    expectMeta(res, { credits_charged: 0.02 })
  })

  test('job openings by role: every posting, most recent first', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const role = corpus.jobOpening(0).role!
    const postings = [...corpus.jobOpenings()].filter((j) => normaliseName(j.role ?? '') === normaliseName(role))
    const res = await api.post('/v1/entities/job-openings', { key, body: { ids: [role], by: 'name' } })
    checkLookup(res, [role], 'job_opening')
    const matches = hits(res)[0]!.matches
    assert.ok(postings.length >= 2 && matches.length < 100, `${postings.length} postings, ${matches.length} matches`)
    const got = new Set(matches.map((m) => `${m.company}|${Date.parse(String(m.posted_at))}`))
    for (const j of postings)
      assert.ok(got.has(`${j.company}|${Date.parse(j.posted_at!)}`), `${j.company} ${j.posted_at}`)
    assert.ok(matches.length > postings.length, 'seniority variants of the role are postings for it too')
    const dates = matches.map((m) => Date.parse(String(m.posted_at)))
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    )
  })

  test('news by headline and market reports by title: the exact record first; by id: one record or none', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    const n = corpus.newsArticle(7)
    const news = await api.post('/v1/entities/news', {
      key,
      body: { ids: [n.title!, 'Zebra quokka marmalade tribunal'] },
    })
    checkLookup(news, [n.title!, 'Zebra quokka marmalade tribunal'], 'news_article')
    assert.equal(hits(news)[0]!.matches[0]!.title, n.title)
    assert.equal(hits(news)[1]!.found, false)
    const internal = String(hits(news)[0]!.matches[0]!.id)
    const byId = await api.post('/v1/entities/news', {
      key,
      body: { ids: [internal, n.title!, '12345678901234'], by: 'id' },
    })
    assert.deepEqual(
      hits(byId).map((h) => h.matches.length),
      [1, 0, 0],
    )
    const m = corpus.marketReport(3)
    const reports = await api.post('/v1/entities/market-reports', { key, body: { ids: [m.title!] } })
    assert.equal(hits(reports)[0]!.matches[0]!.title, m.title)
    // An id of another category is not this category's record.
    const crossed = await api.post('/v1/entities/market-reports', { key, body: { ids: [internal], by: 'id' } })
    assert.equal(hits(crossed)[0]!.found, false)
  })

  test('caps: 100 ids by id, 50 by name (the default)', async () => {
    const { api } = await demo()
    const key = await liveKey(api)
    expectStatus(await api.post('/v1/entities/news', { key, body: { ids: Array(100).fill('1'), by: 'id' } }), 200)
    expectProblem(
      await api.post('/v1/entities/news', { key, body: { ids: Array(101).fill('1'), by: 'id' } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/entities/news', { key, body: { ids: Array(51).fill('x') } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/entities/job-openings', { key, body: { ids: ['x'], by: 'domain' } }),
      422,
      'request.invalid',
    )
  })
})

describe('record lookup charging (dsp.entities)', () => {
  test('a live key pays 0.02 per entry found; misses are free; history records the joined ids', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api, 10)
    const ids = [corpus.company(0).domain!, 'missing.example', corpus.company(1).domain!, corpus.company(0).domain!]
    const res = await api.post('/v1/entities/companies', { key, body: { ids, by: 'domain' } })
    expectMeta(res, { environment: 'live', credits_charged: 0.06 })
    assert.equal(await spendable(api, key), 9.94)
    const run = (await api.get('/v1/usage/history', { key })).body.results[0]
    assert.equal(run.action_type, 'dsp.entities')
    assert.equal(run.query, ids.join(', '))
    assert.equal(run.result_count, 3)
    const misses = await api.post('/v1/entities/companies', { key, body: { ids: ['missing.example'], by: 'domain' } })
    expectMeta(misses, { credits_charged: 0 })
  })

  test('a test key is charged 0 and sees the same records', async () => {
    const { api, corpus } = await demo()
    const { key } = await api.admin.workspaceWithKey({ environment: 'test', credits: 0, scopes: SCOPES })
    const res = await api.post('/v1/entities/companies', {
      key,
      body: { ids: [corpus.company(0).domain!], by: 'domain' },
    })
    checkLookup(res, [corpus.company(0).domain!], 'company')
    assert.equal(hits(res)[0]!.found, true)
    expectMeta(res, { environment: 'test', credits_charged: 0 })
  })

  test('a retry with the same Idempotency-Key and body costs 0; another body is a new request', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api, 10)
    const headers = { 'idempotency-key': 'lookup-retry-1' }
    const body = { ids: [corpus.company(0).domain!, corpus.company(1).domain!], by: 'domain' }
    expectMeta(await api.post('/v1/entities/companies', { key, body, headers }), { credits_charged: 0.04 })
    const again = await api.post('/v1/entities/companies', { key, body, headers })
    expectMeta(again, { credits_charged: 0 })
    assert.equal(again.body.total, 2)
    expectMeta(
      await api.post('/v1/entities/companies', { key, body: { ...body, ids: [corpus.company(2).domain!] }, headers }),
      { credits_charged: 0.02 },
    )
    assert.equal(await spendable(api, key), 9.94)
  })

  test('not enough credits → 402 credits.insufficient and no results', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api, 0.03)
    const res = await api.post('/v1/entities/companies', {
      key,
      body: { ids: [corpus.company(0).domain!, corpus.company(1).domain!], by: 'domain' },
    })
    expectProblem(res, 402, 'credits.insufficient')
    assert.equal(res.body.results, undefined)
    assert.equal(res.body.extra.required, 0.04)
    assert.equal(await spendable(api, key), 0.03)
  })

  test('retrieval unreachable → 503 upstream.unavailable with Retry-After 5, nothing charged', async () => {
    const { api, corpus } = await demo()
    const key = await liveKey(api)
    await api.admin.fault('retrieval', 'down')
    try {
      const res = await api.post('/v1/entities/companies', {
        key,
        body: { ids: [corpus.company(0).domain!], by: 'domain' },
      })
      expectProblem(res, 503, 'upstream.unavailable')
      assert.equal(res.headers.get('retry-after'), '5')
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal(await spendable(api, key), 100)
    assert.equal(await historyCount(api, key), 0)
  })
})
