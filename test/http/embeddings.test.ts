// The OpenAI-compatible embeddings provider end to end (DSP_EMBEDDINGS_PROVIDER=openai): a fake
// /v1/embeddings server, an empty corpus, ingest over the admin NDJSON route, GET /v1/coverage,
// and a fast search that can only find its record by meaning; then the provider unreachable.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { expectProblem, expectStatus } from '../support/http.ts'
import { closedPort, embeddingsHandler, startFakeProvider, type FakeProvider } from '../support/fake-openai.ts'
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/server.ts'

// 384: no word of the other two records shares a hash slot with the query's (256 had one collision).
const DIMENSIONS = 384
const MODEL = 'fake-embed-1'
const API_KEY = 'sk-fake-embeddings-key'
// "automobile maintenance" shares no word with the garage's text, only meaning (the fake's synonyms).
const SYNONYMS = { automobile: 'car', maintenance: 'servicing' }

const COMPANIES = [
  { account_name: 'Quillon Motors', domain: 'quillon.example', industry: 'Automotive', description: 'Car repair and servicing workshop' },
  { account_name: 'Bramble Ovens', domain: 'bramble.example', industry: 'Food', description: 'Sourdough loaves and pastries' },
  { account_name: 'Nimbus Clinic', domain: 'nimbus.example', industry: 'Healthcare', description: 'Family doctors and consultations' },
]

const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n'

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
    for (const c of COMPANIES) assert.ok(texts.some((t) => t.includes(c.description)), `${c.account_name} was embedded`)
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
    const res = await api.post('/v1/search', { key, body: { query: 'automobile maintenance', mode: 'fast', category: 'company', limit: 5 } })
    expectStatus(res, 200)
    assert.equal(res.body.results[0]?.id, 'quillon.example', res.text)
    assert.equal(res.body.results.length, 1, 'the other records are not near enough to match on their own')
    assert.deepEqual(res.body.degradation, [])
    const queryCalls = provider.requests.slice(before)
    assert.ok(queryCalls.some((r) => r.body.input?.includes('automobile maintenance')), 'the query was embedded by the provider')
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

  test('a search with words answers 503 upstream.unavailable with Retry-After, never charged: its query cannot be embedded', async () => {
    const { key } = await api.admin.workspaceWithKey()
    const spendable = (await api.get('/v1/credits', { key })).body.spendable
    for (const mode of ['fast', 'auto']) {
      const res = await api.post('/v1/search', { key, body: { query: 'car repair', mode, category: 'company', limit: 5 } })
      expectProblem(res, 503, 'upstream.unavailable')
      assert.equal(res.headers.get('retry-after'), '5')
    }
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, spendable)
    // Without words nothing is embedded: a filter-only listing still answers, by words only.
    const listing = await api.post('/v1/search', { key, body: { mode: 'fast', category: 'company', filters: { industry: { include: ['Automotive'] } } } })
    expectStatus(listing, 200)
    assert.deepEqual(listing.body.results.map((r: { id: string }) => r.id), ['quillon.example'])
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
