// The OpenAI-compatible embeddings provider end to end (DSP_EMBEDDINGS_PROVIDER=openai): a fake
// /v1/embeddings server, an empty corpus, ingest over the admin NDJSON route, GET /v1/coverage,
// and a fast search that can only find its record by meaning; then the provider unreachable (searches
// answer by their words only); then a switch of embedder without re-ingesting (coverage counts only
// the current embedder's vectors).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { ndjson } from '../support/admin.ts'
import { expectProblem, expectStatus } from '../support/http.ts'
import {
  closedPort,
  embeddingsHandler,
  sendJson,
  startFakeProvider,
  type FakeProvider,
} from '../support/fake-openai.ts'
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/server.ts'

// 384: no word of the other two records shares a hash slot with the query's (256 had one collision).
const DIMENSIONS = 384
const MODEL = 'fake-embed-1'
const API_KEY = 'sk-fake-embeddings-key'
// "automobile maintenance" shares no word with the garage's text, only meaning (the fake's synonyms).
const SYNONYMS = { automobile: 'car', maintenance: 'servicing' }

const COMPANIES = [
  {
    account_name: 'Quillon Motors',
    domain: 'quillon.example',
    industry: 'Automotive',
    description: 'Car repair and servicing workshop',
  },
  {
    account_name: 'Bramble Ovens',
    domain: 'bramble.example',
    industry: 'Food',
    description: 'Sourdough loaves and pastries',
  },
  {
    account_name: 'Nimbus Clinic',
    domain: 'nimbus.example',
    industry: 'Healthcare',
    description: 'Family doctors and consultations',
  },
]

function ingest(api: TestServer, category: string, records: unknown[]) {
  return api.request('POST', `/admin/v1/corpus/${category}`, {
    rawBody: ndjson(records),
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
  })
}

async function companyCoverage(api: TestServer, key: string) {
  const res = await api.get('/v1/coverage', { key })
  expectStatus(res, 200)
  return res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === 'gtm_companies')
}

function openaiEnv(url: string): Record<string, string> {
  return {
    DSP_EMBEDDINGS_PROVIDER: 'openai',
    DSP_EMBEDDINGS_URL: url,
    DSP_EMBEDDINGS_MODEL: MODEL,
    DSP_EMBEDDINGS_DIMENSIONS: String(DIMENSIONS),
    DSP_EMBEDDINGS_API_KEY: API_KEY,
  }
}

describe('DSP_EMBEDDINGS_PROVIDER=openai: records and queries are embedded by the provider', () => {
  let provider: FakeProvider
  let api: TestServer
  before(async () => {
    provider = await startFakeProvider({ '/v1/embeddings': embeddingsHandler(DIMENSIONS, SYNONYMS) })
    api = await startTestServer(openaiEnv(provider.url))
  })
  after(async () => {
    await api?.close()
    await provider?.close()
  })

  test('ingest embeds through the provider: its model, the bearer key, the record texts', async () => {
    const res = await ingest(api, 'company', COMPANIES)
    expectStatus(res, 200)
    assert.equal(res.body.upserted, 3)
    assert.deepEqual(res.body.vectors, { embedded: 3, missing: 0 })
    const calls = provider.requests.filter((r) => r.path === '/v1/embeddings')
    assert.ok(calls.length >= 1, 'the provider was called')
    for (const call of calls) {
      assert.equal(call.body.model, MODEL)
      assert.equal(call.authorization, `Bearer ${API_KEY}`)
      // dimensions is only sent to OpenAI's text-embedding-3 models, which shorten on request.
      assert.equal(call.body.dimensions, undefined)
    }
    const texts: string[] = calls.flatMap((c) => c.body.input)
    for (const c of COMPANIES)
      assert.ok(
        texts.some((t) => t.includes(c.description)),
        `${c.account_name} was embedded`,
      )
  })

  test('GET /v1/coverage counts the vectors', async () => {
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const corpus = await companyCoverage(api, key)
    assert.equal(corpus.records, 3)
    assert.equal(corpus.records_with_vector, 3)
    assert.equal(corpus.vector_share, 1)
    assert.equal(corpus.vector_coverage_incomplete, false)
  })

  test('a fast search finds the garage by meaning: no shared word, the query embedded by the provider', async () => {
    const { key } = await api.admin.workspaceWithKey()
    const before = provider.requests.length
    const res = await api.post('/v1/search', {
      key,
      body: { query: 'automobile maintenance', mode: 'fast', category: 'company', limit: 5 },
    })
    expectStatus(res, 200)
    assert.equal(res.body.results[0]?.id, 'quillon.example', res.text)
    assert.equal(res.body.results.length, 1, 'the other records are not near enough to match on their own')
    assert.deepEqual(res.body.degradation, [])
    const queryCalls = provider.requests.slice(before)
    assert.ok(
      queryCalls.some((r) => r.body.input?.includes('automobile maintenance')),
      'the query was embedded by the provider',
    )
  })
})

describe('DSP_EMBEDDINGS_PROVIDER=openai: the provider failing on queries', () => {
  let provider: FakeProvider
  let api: TestServer
  let down = false
  before(async () => {
    const embeddings = embeddingsHandler(DIMENSIONS, SYNONYMS)
    provider = await startFakeProvider({
      '/v1/embeddings': (req, res) =>
        down ? sendJson(res, 503, { error: { message: 'overloaded' } }) : embeddings(req, res),
    })
    api = await startTestServer(openaiEnv(provider.url))
  })
  after(async () => {
    await api?.close()
    await provider?.close()
  })

  test('after a failure, queries skip the provider for 30 s (words only, degraded), then try it again', async () => {
    expectStatus(await ingest(api, 'company', COMPANIES), 200)
    const { key } = await api.admin.workspaceWithKey()
    const search = () =>
      api.post('/v1/search', { key, body: { query: 'car repair', mode: 'fast', category: 'company', limit: 5 } })
    const degraded = (res: { body: { degradation: { reason: string }[] } }) =>
      res.body.degradation.some((d) => d.reason === 'vector_search_unavailable')
    down = true
    let before = provider.requests.length
    const first = await search()
    expectStatus(first, 200)
    assert.ok(degraded(first))
    assert.ok(provider.requests.length > before, 'the first query asks the provider (and its retries)')
    before = provider.requests.length
    const second = await search()
    expectStatus(second, 200)
    assert.ok(degraded(second), 'still answered by words, and says so')
    assert.equal(provider.requests.length, before, 'the provider is not asked again at once')
    down = false
    await api.admin.advanceClock(31)
    before = provider.requests.length
    const third = await search()
    expectStatus(third, 200)
    assert.ok(!degraded(third), third.text)
    assert.equal(provider.requests.length, before + 1, 'after 30 s the provider is asked again, and answers')
  })
})

describe('DSP_EMBEDDINGS_PROVIDER=openai with the provider unreachable', () => {
  let port: number
  let api: TestServer
  let revived: FakeProvider | null = null
  before(async () => {
    port = await closedPort()
    api = await startTestServer(openaiEnv(`http://127.0.0.1:${port}`))
  })
  after(async () => {
    await api?.close()
    await revived?.close()
  })

  test('ingest still stores the records, counted as missing vectors; coverage says incomplete', async () => {
    const res = await ingest(api, 'company', COMPANIES)
    expectStatus(res, 200)
    assert.equal(res.body.upserted, 3)
    assert.deepEqual(res.body.vectors, { embedded: 0, missing: 3 })
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const corpus = await companyCoverage(api, key)
    assert.equal(corpus.records, 3)
    assert.equal(corpus.records_with_vector, 0)
    assert.equal(corpus.vector_coverage_incomplete, true)
  })

  test('a search with words answers 200 by its words only, says so in degradation, and is charged for what it delivered', async () => {
    const { key } = await api.admin.workspaceWithKey()
    const spendable = (await api.get('/v1/credits', { key })).body.spendable
    let charged = 0
    for (const [mode, price] of [
      ['fast', 0.02],
      ['auto', 0.04],
      ['deep', 0.1],
    ] as const) {
      // "car repair" shares words with the garage only: the full-text side finds it without vectors.
      const res = await api.post('/v1/search', {
        key,
        body: { query: 'car repair', mode, category: 'company', limit: 5 },
      })
      expectStatus(res, 200)
      assert.deepEqual(
        res.body.results.map((r: { id: string }) => r.id),
        ['quillon.example'],
        `${mode}: ${res.text}`,
      )
      const reasons = res.body.degradation.map((d: { reason: string }) => d.reason)
      assert.ok(reasons.includes('vector_search_unavailable'), `${mode}: ${res.text}`)
      const entry = res.body.degradation.find((d: { reason: string }) => d.reason === 'vector_search_unavailable')
      assert.equal(entry.impact, 'recall')
      assert.equal(entry.source_corpus, 'gtm_companies')
      assert.ok(!entry.detail.includes(String(port)), 'the provider address is not shown')
      // The stored records have no vector either (ingested while the provider was down).
      assert.ok(reasons.includes('vector_coverage_incomplete'), `${mode}: ${res.text}`)
      assert.equal(res.body.meta.credits_charged, price, `${mode}: one row delivered, one row charged`)
      charged += price
    }
    assert.equal(
      Math.round((await api.get('/v1/credits', { key })).body.spendable * 1000),
      Math.round((spendable - charged) * 1000),
    )
    // Words that only meaning could connect find nothing by their words: 200, empty, charged 0.
    const byMeaning = await api.post('/v1/search', {
      key,
      body: { query: 'automobile maintenance', mode: 'fast', category: 'company', limit: 5 },
    })
    expectStatus(byMeaning, 200)
    assert.deepEqual(byMeaning.body.results, [])
    assert.ok(byMeaning.body.degradation.some((d: { reason: string }) => d.reason === 'vector_search_unavailable'))
    assert.equal(byMeaning.body.meta.credits_charged, 0)
    // Without words nothing is embedded: a filter-only listing answers with no such entry.
    const listing = await api.post('/v1/search', {
      key,
      body: { mode: 'fast', category: 'company', filters: { industry: { include: ['Automotive'] } } },
    })
    expectStatus(listing, 200)
    assert.deepEqual(
      listing.body.results.map((r: { id: string }) => r.id),
      ['quillon.example'],
    )
    assert.ok(!listing.body.degradation.some((d: { reason: string }) => d.reason === 'vector_search_unavailable'))
  })

  test('an agent run whose searches could not embed their words completes by words and says so in degradation', async () => {
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.agents.read', 'dsp.agents.write'], credits: 100 })
    const startedRun = await api.post('/v1/agents/runs', {
      key,
      body: { query: 'car repair garages', effort: 'minimal' },
      headers: { 'idempotency-key': 'embeddings-down-agent' },
    })
    expectStatus(startedRun, 202)
    const runId = startedRun.body.run_id as string
    const until = Date.now() + 20_000
    let run = (await api.get(`/v1/agents/runs/${runId}`, { key })).body
    while (!['completed', 'failed', 'cancelled'].includes(run.status)) {
      assert.ok(Date.now() < until, `run still ${run.status}`)
      await new Promise((r) => setTimeout(r, 100))
      run = (await api.get(`/v1/agents/runs/${runId}`, { key })).body
    }
    assert.equal(run.status, 'completed', JSON.stringify(run))
    const entry = run.degradation.find((d: { reason: string }) => d.reason === 'vector_search_unavailable')
    assert.ok(entry, JSON.stringify(run.degradation))
    assert.equal(entry.impact, 'recall')
    assert.equal(entry.source_corpus, 'gtm_companies')
    // Its insights' document search (market reports, the minimal tier's one) matched by words only too.
    const insightsDegraded = run.degradation.filter(
      (d: { reason: string; source_corpus: string }) =>
        d.reason === 'vector_search_unavailable' && d.source_corpus === 'market_reports',
    )
    assert.equal(insightsDegraded.length, 1, JSON.stringify(run.degradation))
  })

  test('the retrieval index itself down still answers 503 upstream.unavailable, never charged', async () => {
    const { key } = await api.admin.workspaceWithKey()
    const spendable = (await api.get('/v1/credits', { key })).body.spendable
    await api.admin.fault('retrieval', 'down')
    try {
      const res = await api.post('/v1/search', {
        key,
        body: { query: 'car repair', mode: 'fast', category: 'company', limit: 5 },
      })
      expectProblem(res, 503, 'upstream.unavailable')
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, spendable)
  })

  test('once the provider answers again, re-ingesting the same records embeds them', async () => {
    revived = await startFakeProvider({ '/v1/embeddings': embeddingsHandler(DIMENSIONS, SYNONYMS) }, port)
    const res = await ingest(api, 'company', COMPANIES)
    expectStatus(res, 200)
    assert.equal(res.body.unchanged, 0, 'records stored without a vector are not "unchanged"')
    assert.deepEqual(res.body.vectors, { embedded: 3, missing: 0 })
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    assert.equal((await companyCoverage(api, key)).vector_coverage_incomplete, false)
  })
})

describe('switching embedder without re-ingesting', () => {
  let provider: FakeProvider
  let api: TestServer
  before(async () => {
    provider = await startFakeProvider({ '/v1/embeddings': embeddingsHandler(DIMENSIONS, SYNONYMS) })
    // Ingested with the default embedder (GloVe)…
    api = await startTestServer()
    const res = await ingest(api, 'company', COMPANIES)
    expectStatus(res, 200)
    assert.deepEqual(res.body.vectors, { embedded: 3, missing: 0 })
  })
  after(async () => {
    await api?.close()
    await provider?.close()
  })

  test('coverage counts the vectors of the embedder that made them', async () => {
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const corpus = await companyCoverage(api, key)
    assert.equal(corpus.records_with_vector, 3)
    assert.equal(corpus.vector_coverage_incomplete, false)
  })

  test('restarted with another embedder, coverage and search report the records its index lacks', async () => {
    // …then the same data dir and database served with the provider's model.
    api = await api.restart(openaiEnv(provider.url))
    const { key } = await api.admin.workspaceWithKey()
    const corpus = await companyCoverage(api, key)
    assert.equal(corpus.records, 3)
    assert.equal(corpus.records_with_vector, 0)
    assert.equal(corpus.vector_share, 0)
    assert.equal(corpus.vector_coverage_incomplete, true)
    const res = await api.post('/v1/search', {
      key,
      body: { query: 'car repair', mode: 'fast', category: 'company', limit: 5 },
    })
    expectStatus(res, 200)
    assert.deepEqual(
      res.body.results.map((r: { id: string }) => r.id),
      ['quillon.example'],
      'found by its words',
    )
    const gap = res.body.degradation.find((d: { reason: string }) => d.reason === 'vector_coverage_incomplete')
    assert.ok(gap, res.text)
    assert.match(gap.detail, /^3 of 3 company records/)
    assert.equal(gap.source_corpus, 'gtm_companies')
  })

  test("re-ingesting one record counts it alone: the other two still have only the previous embedder's vector", async () => {
    const res = await ingest(api, 'company', COMPANIES.slice(0, 1))
    expectStatus(res, 200)
    assert.deepEqual(res.body.vectors, { embedded: 1, missing: 0 })
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const corpus = await companyCoverage(api, key)
    assert.equal(corpus.records_with_vector, 1)
    assert.equal(corpus.vector_coverage_incomplete, true)
  })

  test('re-ingesting embeds the records with the new embedder; coverage is complete again', async () => {
    const res = await ingest(api, 'company', COMPANIES)
    expectStatus(res, 200)
    assert.ok(res.body.upserted >= 2, 'records embedded by another embedder are not "unchanged"')
    const { key } = await api.admin.workspaceWithKey()
    const corpus = await companyCoverage(api, key)
    assert.equal(corpus.records_with_vector, 3)
    assert.equal(corpus.vector_coverage_incomplete, false)
    // Search reads corpus_state through a one-second cache (engine.ts); the previous test's search filled it.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const byMeaning = await api.post('/v1/search', {
      key,
      body: { query: 'automobile maintenance', mode: 'fast', category: 'company', limit: 5 },
    })
    expectStatus(byMeaning, 200)
    assert.equal(byMeaning.body.results[0]?.id, 'quillon.example', byMeaning.text)
    assert.deepEqual(byMeaning.body.degradation, [])
  })
})

describe('vector counts at server start', () => {
  let api: TestServer
  before(async () => {
    api = await startTestServer()
    expectStatus(await ingest(api, 'company', COMPANIES), 200)
  })
  after(async () => {
    await api?.close()
  })
  const state = async () =>
    (
      await sql<{
        vector_count: number
        vector_counted: string | null
        vector_generation: number
      }>`select vector_count, vector_counted, vector_generation from corpus_state where corpus = 'gtm_companies'`.execute(
        api.app.deps.db,
      )
    ).rows[0]!

  test('a count is marked with its embedder and generation; batches committed after it are counted again at start', async () => {
    const model = (await api.app.deps.embedder()).name
    const counted = await state()
    assert.equal(counted.vector_count, 3)
    assert.equal(counted.vector_counted, `${model}@${counted.vector_generation}`)
    // A process that committed a batch and stopped before counting: the generation moved on, the count did not.
    await sql`update corpus_state set vector_count = 0, vector_generation = vector_generation + 1 where corpus = 'gtm_companies'`.execute(
      api.app.deps.db,
    )
    api = await api.restart()
    const recounted = await state()
    assert.equal(recounted.vector_count, 3, 'counted again at start')
    assert.equal(recounted.vector_counted, `${model}@${recounted.vector_generation}`)
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    assert.equal((await companyCoverage(api, key)).records_with_vector, 3)
  })
})
