// The optional LLM query parser of auto and deep search (DSP_PARSER_PROVIDER=llm) against a fake
// OpenAI-compatible chat server, on the demo corpus: the model's reading is used, validated and
// normalised; anything wrong with it, or the provider down, falls back to the rules with a
// `parser_fallback` degradation, still 200 and charged as usual.
import assert from 'node:assert/strict'
import type { ServerResponse } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { GTM_FILTERS, isIndexVocabulary } from '../../src/contract/search-catalogue.ts'
import {
  chatCompletion,
  sendJson,
  startFakeProvider,
  type FakeProvider,
  type RecordedRequest,
} from '../support/fake-openai.ts'
import { expectStatus } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const MODEL = 'fake-parser'
const API_KEY = 'sk-fake-parser-key'
// Long enough for a loaded machine: the stub answers at once, but a busy test process may take a while to read it.
const TIMEOUT_MS = 5000
const CHAT = '/v1/chat/completions'

type Respond = (request: RecordedRequest, res: ServerResponse) => void

/** A strict answer: every catalogue filter present and null unless given (as a strict schema makes the model answer). */
function answer(
  request: RecordedRequest,
  reading: {
    category?: string | null
    filters?: Record<string, unknown>
    semantic_query?: string | null
    semantic_scope?: string | null
  },
) {
  const names = Object.keys(request.body.response_format.json_schema.schema.properties.filters.properties)
  const filters = Object.fromEntries(names.map((n) => [n, reading.filters?.[n] ?? null]))
  return {
    category: reading.category ?? null,
    filters,
    semantic_query: reading.semantic_query ?? null,
    semantic_scope: reading.semantic_scope ?? null,
  }
}

const reply =
  (build: (request: RecordedRequest) => unknown): Respond =>
  (request, res) =>
    sendJson(res, 200, chatCompletion(JSON.stringify(build(request)), MODEL))

const fallbacks = (body: { degradation: { reason: string; detail: string }[] }) =>
  body.degradation.filter((d) => d.reason === 'parser_fallback')

describe('POST /v1/search with DSP_PARSER_PROVIDER=llm', () => {
  let provider: FakeProvider
  let api: TestServer
  let key: string
  let respond: Respond = (_request, res) => sendJson(res, 500, { error: { message: 'no answer set' } })
  const chats = () => provider.requests.filter((r) => r.path === CHAT)

  before(async () => {
    provider = await startFakeProvider({ [CHAT]: (request, res) => respond(request, res) })
    api = await startTestServer(
      {
        DSP_PARSER_PROVIDER: 'llm',
        DSP_PARSER_URL: provider.url,
        DSP_PARSER_MODEL: MODEL,
        DSP_PARSER_API_KEY: API_KEY,
        DSP_PARSER_TIMEOUT_MS: String(TIMEOUT_MS),
      },
      { demo: true },
    )
    key = (await api.admin.workspaceWithKey({ credits: 1000 })).key
  })
  after(async () => {
    await api?.close()
    await provider?.close()
  })

  test("auto uses the model's filters, spelled as the index spells them; parser_version llm-1:<model>", async () => {
    respond = reply((request) =>
      answer(request, {
        category: 'company',
        filters: {
          industry: { include: ['financial technology'], exclude: null },
          geo: { include: [{ value: 'united states', level: 'country' }], exclude: null },
          employee_count: { min: 50, max: null },
        },
      }),
    )
    const query = 'fintechs in the united states with a headcount over fifty'
    const res = await api.post('/v1/search', { key, body: { query, mode: 'auto', category: 'company', limit: 10 } })
    expectStatus(res, 200)
    const rs = res.body.resolved_search
    assert.equal(rs.parser_version, `llm-1:${MODEL}`)
    assert.equal(rs.filters_source, 'parser')
    assert.deepEqual(rs.filters, {
      industry: { include: ['Financial Technology'] },
      geo: { include: [{ value: 'United States', level: 'country' }] },
      employee_count: { min: 50 },
    })
    assert.equal(rs.semantic_query, null)
    assert.deepEqual(res.body.degradation, [])
    assert.ok(res.body.results.length > 0, res.text)
    for (const row of res.body.results) {
      assert.equal(row.industry, 'Financial Technology')
      assert.equal(row.country, 'United States')
      assert.ok(row.employee_count >= 50)
    }

    const sent = chats().at(-1)!
    assert.equal(sent.authorization, `Bearer ${API_KEY}`)
    assert.equal(sent.body.model, MODEL)
    assert.equal(sent.body.response_format.type, 'json_schema')
    assert.equal(sent.body.response_format.json_schema.strict, true)
    const schema = sent.body.response_format.json_schema.schema
    assert.deepEqual(schema.required, ['category', 'filters', 'semantic_query', 'semantic_scope'])
    assert.equal(schema.additionalProperties, false)
    assert.deepEqual(
      Object.keys(schema.properties.filters.properties).sort(),
      [...GTM_FILTERS.map((f) => f.name), 'geo'].sort(),
    )
    assert.deepEqual(
      sent.body.messages.map((m: { role: string }) => m.role),
      ['system', 'user'],
    )
    assert.equal(sent.body.messages[1].content, query)
    const system: string = sent.body.messages[0].content
    for (const word of ['employee_count', 'Financial Technology', 'United States', 'company is headquartered'])
      assert.ok(system.includes(word), `the prompt lists ${word}`)
    assert.ok(system.length < 20_000, `the prompt stays bounded (${system.length} characters)`)
  })

  test('every catalogue filter naming an index vocabulary is offered to the parser: listed in the prompt, values mapped to its spelling', async () => {
    const offered = GTM_FILTERS.filter((f) => f.parser_vocabulary && isIndexVocabulary(f.parser_vocabulary))
    assert.ok(offered.length >= 4, offered.map((f) => f.name).join(', '))
    for (const f of offered) {
      // The index's most common value of the filter, as the filter-values route spells it.
      const listed = await api.get(`/v1/search/filters/${f.name}`, { key })
      expectStatus(listed, 200)
      const value = (listed.body.values as string[])[0]
      assert.ok(value, `the demo corpus holds a value of ${f.name}`)
      // The model answers it in another case: only the parser's vocabulary maps it back.
      const spelled = value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase()
      respond = reply((request) =>
        answer(request, {
          category: f.applies_to === 'person' ? 'person' : 'company',
          filters: { [f.name]: { include: [spelled], exclude: null } },
        }),
      )
      const category = f.applies_to === 'person' ? 'person' : 'company'
      const res = await api.post('/v1/search', {
        key,
        body: { query: `${value} records`, mode: 'auto', category, limit: 1 },
      })
      expectStatus(res, 200)
      const system: string = chats().at(-1)!.body.messages[0].content
      assert.ok(
        system.split('\n').some((l) => l.startsWith(`${f.name}: `) && l.includes(value)),
        `the prompt lists ${f.name}'s values`,
      )
      assert.deepEqual(res.body.resolved_search.filters, { [f.name]: { include: [value] } }, f.name)
      assert.deepEqual(fallbacks(res.body), [], f.name)
    }
  })

  test('deep, category omitted: the model classifies; seniority and department normalised; employer words scope company', async () => {
    respond = reply((request) =>
      answer(request, {
        category: 'person',
        filters: { seniority: { include: ['vp'], exclude: null }, department: { include: ['sales'], exclude: null } },
        semantic_query: 'robotics',
        semantic_scope: 'company',
      }),
    )
    const res = await api.post('/v1/search', {
      key,
      body: { query: 'sales vps at robot makers', mode: 'deep', limit: 5 },
    })
    expectStatus(res, 200)
    const rs = res.body.resolved_search
    assert.equal(rs.parser_version, `llm-1:${MODEL}`)
    assert.equal(rs.category, 'person')
    assert.deepEqual(rs.filters, { seniority: { include: ['VP'] }, department: { include: ['Sales'] } })
    assert.equal(rs.semantic_query, 'robotics')
    assert.equal(rs.semantic_scope, 'company')
    assert.ok(res.body.results.length > 0, res.text)
    for (const row of res.body.results) {
      assert.equal(row.seniority, 'VP')
      assert.equal(row.department, 'Sales')
    }
    assert.ok(
      chats().at(-1)!.body.messages[0].content.includes('one of company, person'),
      'the prompt asks for the category',
    )
  })

  test('a value the index does not hold leaves its filter and joins the semantic words; a person filter on a company search is dropped', async () => {
    respond = reply((request) =>
      answer(request, {
        category: 'company',
        filters: {
          industry: { include: ['Underwater Basket Weaving'], exclude: null },
          seniority: { include: ['VP'], exclude: null },
          founded_year: { min: 2015, max: null },
        },
        semantic_query: 'platforms',
      }),
    )
    const res = await api.post('/v1/search', {
      key,
      body: {
        query: 'underwater basket weaving platforms founded since 2015',
        mode: 'auto',
        category: 'company',
        limit: 5,
      },
    })
    expectStatus(res, 200)
    const rs = res.body.resolved_search
    assert.equal(rs.parser_version, `llm-1:${MODEL}`)
    assert.deepEqual(rs.filters, { founded_year: { min: 2015 } })
    assert.equal(rs.semantic_query, 'platforms Underwater Basket Weaving')
    assert.deepEqual(fallbacks(res.body), [])
  })

  test("caller filters win over the model's; both are reported", async () => {
    respond = reply((request) =>
      answer(request, {
        category: 'company',
        filters: { employee_count: { min: 200, max: null }, industry: { include: ['Cybersecurity'], exclude: null } },
      }),
    )
    const res = await api.post('/v1/search', {
      key,
      body: {
        query: 'security companies with 200+ people',
        mode: 'auto',
        category: 'company',
        filters: { employee_count: { min: 1000 } },
        limit: 5,
      },
    })
    expectStatus(res, 200)
    const rs = res.body.resolved_search
    assert.equal(rs.filters_source, 'caller+parser')
    assert.deepEqual(rs.filters, { employee_count: { min: 1000 }, industry: { include: ['Cybersecurity'] } })
    assert.deepEqual(rs.conflicts, [{ filter: 'employee_count', caller: { min: 1000 }, parser: { min: 200 } }])
    assert.deepEqual(rs.overrides, [{ filter: 'employee_count', kept: 'caller', dropped: { min: 200 } }])
    for (const row of res.body.results) assert.ok(row.employee_count >= 1000)
  })

  test('an answer the catalogue refuses, or no usable answer, falls back to the rules whole: rules-1, parser_fallback, 200', async () => {
    const cases: [string, Respond][] = [
      [
        'an unknown filter',
        reply((request) => ({
          ...answer(request, {}),
          filters: { ...answer(request, {}).filters, colour: { include: ['red'], exclude: null } },
        })),
      ],
      [
        'a value of the wrong type',
        reply((request) => answer(request, { filters: { employee_count: { min: 'many', max: null } } })),
      ],
      ['an unknown category', reply((request) => answer(request, { category: 'planet' }))],
      ['a property outside the schema', reply((request) => ({ ...answer(request, {}), confidence: 0.9 }))],
      [
        'a message that is not JSON',
        (_request, res) => sendJson(res, 200, chatCompletion('VP of sales, I think', MODEL)),
      ],
      [
        'a refusal',
        (_request, res) =>
          sendJson(res, 200, {
            choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' } }],
          }),
      ],
      ['HTTP 500', (_request, res) => sendJson(res, 500, { error: { message: 'overloaded' } })],
      ['HTTP 401', (_request, res) => sendJson(res, 401, { error: { message: 'bad key' } })],
      [
        'a body that is not JSON',
        (_request, res) => {
          res.writeHead(200, { 'content-type': 'text/html' })
          res.end('<html>gateway</html>')
        },
      ],
      ['a dropped connection', (_request, res) => res.socket?.destroy()],
    ]
    for (const [what, behaviour] of cases) {
      respond = behaviour
      const asked = chats().length
      const res = await api.post('/v1/search', {
        key,
        body: { query: 'VP of sales', mode: 'auto', category: 'person', limit: 5 },
      })
      expectStatus(res, 200)
      assert.equal(chats().length, asked + 1, `${what}: the model was asked once`)
      const rs = res.body.resolved_search
      assert.equal(rs.parser_version, 'rules-1', what)
      // The rules' own reading of the words.
      assert.deepEqual(rs.filters, { seniority: { include: ['VP'] }, department: { include: ['Sales'] } }, what)
      const [entry, ...more] = fallbacks(res.body)
      assert.equal(more.length, 0, what)
      assert.deepEqual(
        { ...entry, detail: undefined },
        { reason: 'parser_fallback', detail: undefined, impact: 'precision', source_corpus: null },
        what,
      )
      assert.match(entry!.detail, /language-model parser .*rule parser \(rules-1\)/, what)
      assert.ok(
        !entry!.detail.includes(provider.url) && !entry!.detail.includes(API_KEY),
        `${what}: the detail names neither the provider's address nor the key`,
      )
    }
  })

  test(`a provider slower than DSP_PARSER_TIMEOUT_MS (${TIMEOUT_MS} ms): the rules answer`, async () => {
    respond = () => {} // never answers; the server closes the socket at the end
    const started = performance.now()
    const res = await api.post('/v1/search', {
      key,
      body: { query: 'VP of sales', mode: 'auto', category: 'person', limit: 5 },
    })
    expectStatus(res, 200)
    assert.ok(performance.now() - started < TIMEOUT_MS + 3000, 'it did not wait much past the deadline')
    assert.equal(res.body.resolved_search.parser_version, 'rules-1')
    assert.match(fallbacks(res.body)[0]?.detail ?? '', new RegExp(`did not answer within ${TIMEOUT_MS} ms`))
  })

  test('fast never asks the model, nor does an explicit document category; a cursor page never re-runs the parser', async () => {
    respond = reply((request) =>
      answer(request, {
        category: 'person',
        filters: { seniority: { include: ['VP'], exclude: null } },
        semantic_query: 'engineering',
      }),
    )
    const asked = chats().length
    const fast = await api.post('/v1/search', {
      key,
      body: { query: 'VP engineering', mode: 'fast', category: 'person', limit: 2 },
    })
    expectStatus(fast, 200)
    assert.equal(fast.body.resolved_search.parser_version, 'none')
    const patents = await api.post('/v1/search', {
      key,
      body: { query: 'battery chemistry', mode: 'auto', category: 'patent', limit: 2 },
    })
    expectStatus(patents, 200)
    assert.equal(patents.body.resolved_search.parser_version, 'rules-1')
    assert.deepEqual(fallbacks(patents.body), [])
    assert.equal(chats().length, asked, 'no model call')

    const body = { query: 'VP engineering', mode: 'auto', category: 'person', limit: 2 }
    const first = await api.post('/v1/search', { key, body })
    expectStatus(first, 200)
    assert.equal(first.body.resolved_search.parser_version, `llm-1:${MODEL}`)
    assert.ok(first.body.next_cursor, first.text)
    assert.equal(chats().length, asked + 1)
    const second = await api.post('/v1/search', { key, body: { ...body, cursor: first.body.next_cursor } })
    expectStatus(second, 200)
    assert.equal(chats().length, asked + 1, 'the cursor page did not ask the model')
    assert.equal(second.body.resolved_search.parser_version, 'none')
    assert.deepEqual(second.body.resolved_search.filters, first.body.resolved_search.filters)
  })

  test('the provider down: rules-1 and parser_fallback, still 200, charged as any auto search', async () => {
    await provider.close()
    const before = (await api.get('/v1/credits', { key })).body.spendable
    const res = await api.post('/v1/search', {
      key,
      body: { query: 'VP of sales', mode: 'auto', category: 'person', limit: 5 },
    })
    expectStatus(res, 200)
    assert.equal(res.body.resolved_search.parser_version, 'rules-1')
    assert.deepEqual(res.body.resolved_search.filters, {
      seniority: { include: ['VP'] },
      department: { include: ['Sales'] },
    })
    assert.match(fallbacks(res.body)[0]?.detail ?? '', /could not be reached/)
    assert.equal(res.body.results.length, 5)
    // dsp.search.auto: 0.04 credits per delivered row.
    assert.equal(res.body.meta.credits_charged, 0.2)
    const after = (await api.get('/v1/credits', { key })).body.spendable
    assert.equal(Math.round((before - after) * 1000) / 1000, 0.2)
  })
})
