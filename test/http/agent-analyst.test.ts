// Agent runs that research like an analyst (docs/agent-runs-rows.md): never padded with records
// off the topic, each filter and criterion judged per row with its evidence, records lacking a
// value counted and (medium effort and above) kept marked unknown, an empty answer explained,
// enrichments from linked records, insights on topic. On the demo corpus and on a small corpus
// ingested here through the product's own ingest path.
import assert from 'node:assert/strict'
import type { ServerResponse } from 'node:http'
import { after, before, describe, test } from 'node:test'
import {
  chatCompletion,
  sendJson,
  startFakeProvider,
  type FakeProvider,
  type RecordedRequest,
} from '../support/fake-openai.ts'
import { expectStatus } from '../support/http.ts'
import { startTestServer, useTestServer, type TestServer } from '../support/server.ts'

// A busy machine can keep the embedded store's one connection for seconds: no deadline is tested here.
const PATIENT = { DSP_STORE_ACQUIRE_TIMEOUT_MS: '120000', DSP_RETRIEVAL_TIMEOUT_MS: '120000' }
const demo = useTestServer(PATIENT, { demo: true })
const small = useTestServer(PATIENT)
const RUNS = '/v1/agents/runs'

let seq = 0
async function run(api: TestServer, key: string, body: Record<string, unknown>) {
  const res = await api.post(RUNS, { key, body, headers: { 'idempotency-key': `analyst-${process.pid}-${++seq}` } })
  expectStatus(res, 202)
  const id = res.body.run_id as string
  const until = Date.now() + 60_000
  for (;;) {
    const list = await api.get(RUNS, { key, query: { limit: 100 } })
    const item = list.body.results.find((r: { run_id: string }) => r.run_id === id)
    if (['completed', 'failed', 'cancelled'].includes(item.status)) break
    if (Date.now() > until) assert.fail(`run ${id} still ${item.status}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  const read = (await api.get(`${RUNS}/${id}`, { key })).body
  assert.equal(read.status, 'completed', JSON.stringify(read.error))
  const rows = (await api.get(`${RUNS}/${id}/results`, { key, query: { limit: 100 } })).body
  return { read, rows: rows.results as Row[], columns: rows.columns }
}

interface Row {
  id: string
  score: number
  record: Record<string, unknown>
  enrichments: Record<string, unknown>
  criteria: { criterion: string; passed: boolean; verdict?: string; evidence: string | null }[]
  filters: { filter: string; verdict: string; evidence: string | null }[]
  topic: { field: string | null; evidence: string | null; words: string[] } | null
  unknown: string[]
}

const topicText = (r: Record<string, unknown>) =>
  [r.industry, r.sub_industry, r.company_keyword, r.account_name, r.description, r.short_description]
    .flat()
    .filter((v) => typeof v === 'string')
    .join(' ')
    .toLowerCase()

describe('no padding (demo corpus)', () => {
  test('"fintech companies in Germany": every row is in Germany and about fintech; the rest counted in exclusions; scores ordered and distinct', async () => {
    const api = await demo()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    for (const effort of ['low', 'medium']) {
      const { read, rows } = await run(api, key, { query: 'fintech companies in Germany', effort })
      assert.ok(rows.length > 0, 'the demo corpus has German fintechs')
      for (const r of rows) {
        assert.equal(r.record.country, 'Germany')
        // A padded row (solar, hospitality, media…) carries none of the topic's words where it describes itself.
        assert.match(
          topicText(r.record),
          /fintech|financial|payments|banking/,
          `${r.record.account_name} (${r.record.industry}) is not about fintech`,
        )
        assert.doesNotMatch(String(r.record.industry), /hospitality|solar|energy|media|real estate/i)
        assert.ok(r.topic && r.topic.field && r.topic.evidence, 'the row says where it carries the topic')
        assert.deepEqual(
          r.filters.map((f) => [f.verdict, f.evidence]),
          [['met', 'country: Germany']],
        )
      }
      const scores = rows.map((r) => r.score)
      assert.deepEqual(
        scores,
        [...scores].sort((a, b) => b - a),
        'rows come best first',
      )
      assert.ok(new Set(scores).size >= scores.length - 1, `equal scores are rare: ${scores}`)
      assert.ok(
        read.exclusions.some((e: string) => /records matching location: Germany were not about "fintech"/.test(e)),
        read.exclusions.join(' | '),
      )
    }
  })
})

// A small corpus: German fintechs (their industry Financial Services, fintech in their keywords)
// and German companies whose only link to money is a tool they
// use; Californian health companies, two of them without a founding year; linked funding
// rounds, job openings and people; market reports on and off the topic.
const COMPANIES = [
  {
    account_name: 'Ledgerly',
    domain: 'ledgerly.de',
    // No record's industry is named "Fintech": the parser reads "fintech" as the topic, not as an
    // industry filter, and the topic is what these tests judge.
    industry: 'Financial Services',
    company_keyword: ['fintech', 'banking'],
    country: 'Germany',
    city: 'Berlin',
    description: 'Ledgerly builds banking software for small businesses.',
    founded_year: 2018,
    employee_count: 80,
    total_funding: 30000000,
  },
  {
    account_name: 'Paymint',
    domain: 'paymint.de',
    industry: 'Financial Services',
    company_keyword: ['fintech', 'payments'],
    country: 'Germany',
    city: 'Munich',
    description: 'Card issuing for marketplaces.',
    founded_year: 2020,
    employee_count: 40,
  },
  {
    account_name: 'Sonnenfeld Solar',
    domain: 'sonnenfeld.de',
    industry: 'Solar Energy',
    technology: ['Payments APIs'],
    country: 'Germany',
    description: 'Rooftop solar installer with financing partners.',
    founded_year: 2012,
    employee_count: 300,
  },
  {
    account_name: 'Hotel Adler',
    domain: 'hoteladler.de',
    industry: 'Hospitality',
    other_industries: ['Financial Technology'],
    country: 'Germany',
    description: 'A family hotel group in Bavaria.',
    founded_year: 1950,
    employee_count: 120,
  },
  {
    account_name: 'CarePath',
    domain: 'carepath.com',
    industry: 'Healthcare',
    country: 'United States',
    state: 'California',
    city: 'San Diego',
    description: 'Care coordination for clinics.',
    founded_year: 2019,
    employee_count: 60,
  },
  {
    account_name: 'Medivo',
    domain: 'medivo.com',
    industry: 'Healthcare',
    country: 'United States',
    state: 'California',
    city: 'Oakland',
    description: 'Telehealth for rural patients.',
    employee_count: 25,
  },
  {
    account_name: 'Clinixa',
    domain: 'clinixa.com',
    industry: 'Healthcare',
    country: 'United States',
    state: 'California',
    city: 'Fresno',
    description: 'Lab results for clinics.',
    employee_count: 15,
  },
  {
    account_name: 'OldCare',
    domain: 'oldcare.com',
    industry: 'Healthcare',
    country: 'United States',
    state: 'California',
    city: 'Irvine',
    description: 'Nursing homes.',
    founded_year: 1990,
    employee_count: 900,
  },
  {
    account_name: 'Wavelength Surf',
    domain: 'wavelength.com',
    industry: 'Retail',
    country: 'United States',
    state: 'California',
    description: 'Surfboards.',
    founded_year: 2017,
    employee_count: 12,
  },
]
const PEOPLE = [
  {
    name: 'Anna Weber',
    title: 'Chief Executive Officer',
    profile_url: 'https://www.linkedin.com/in/anna-weber',
    current_employer: { company: 'Ledgerly', domain: 'ledgerly.de' },
    department: 'Executive',
  },
  {
    name: 'Jonas Brandt',
    title: 'Co-Founder & CTO',
    profile_url: 'https://www.linkedin.com/in/jonas-brandt',
    current_employer: { company: 'Ledgerly', domain: 'ledgerly.de' },
    department: 'Engineering',
  },
  {
    name: 'Lea Koch',
    title: 'Software Engineer',
    profile_url: 'https://www.linkedin.com/in/lea-koch',
    current_employer: { company: 'Ledgerly', domain: 'ledgerly.de' },
    department: 'Engineering',
  },
  {
    name: 'Max Vogel',
    title: 'Former CEO advisor',
    profile_url: 'https://www.linkedin.com/in/max-vogel',
    current_employer: { company: 'Paymint', domain: 'paymint.de' },
    department: 'Sales',
  },
]
const ROUNDS = [
  {
    company: 'Ledgerly',
    company_domain: 'ledgerly.de',
    type: 'series_a',
    announced_on: '2021-03-01',
    amount_usd: 10000000,
  },
  {
    company: 'Ledgerly',
    company_domain: 'ledgerly.de',
    type: 'series_b',
    announced_on: '2023-06-15',
    amount_usd: 20000000,
  },
]
const JOBS = [
  {
    role: 'Backend Engineer',
    company: 'Ledgerly',
    company_domain: 'ledgerly.de',
    url: 'https://jobs.example/1',
    source_id: 'jobs:1',
  },
  {
    role: 'Product Manager',
    company: 'Ledgerly',
    company_domain: 'ledgerly.de',
    url: 'https://jobs.example/2',
    source_id: 'jobs:2',
  },
  {
    role: 'Sales Lead',
    company: 'Ledgerly',
    company_domain: 'ledgerly.de',
    url: 'https://jobs.example/3',
    source_id: 'jobs:3',
  },
]
const REPORTS = [
  {
    title: 'German fintech market 2025',
    body_free: 'The German fintech market grew to $12B in 2025, led by payments and neobanks.',
    industry: 'Fintech',
    published_date: '2025-01-10',
    publisher: 'Example Research',
    url: 'https://reports.example/fintech-de',
  },
  {
    title: 'Physics-constrained world models',
    body_free: 'A physics-constrained world model improves robot planning by 12% in Germany.',
    industry: 'Robotics',
    published_date: '2025-02-10',
    publisher: 'Example Research',
    url: 'https://reports.example/world-models',
  },
  {
    title: 'Global solar outlook',
    body_free: 'Solar capacity rose by 30% in 2025 across Europe, including Germany.',
    industry: 'Energy',
    published_date: '2025-03-10',
    publisher: 'Example Research',
    url: 'https://reports.example/solar',
  },
]

async function ingestSmall(api: TestServer): Promise<void> {
  {
    for (const [category, rows] of [
      ['company', COMPANIES],
      ['person', PEOPLE],
      ['funding_round', ROUNDS],
      ['job_opening', JOBS],
      ['market_report', REPORTS],
    ] as const) {
      const s = await api.admin.ingest(category, rows)
      assert.equal(s.rejected, 0, JSON.stringify(s.rejects))
    }
  }
}

let loaded: Promise<void> | null = null
async function smallCorpus(): Promise<TestServer> {
  const api = await small()
  loaded ??= ingestSmall(api)
  await loaded
  return api
}

describe('judged per row, unknown values, empty answers, enrichments, insights (small corpus)', () => {
  test('a tool or a secondary industry is not the topic: only the two German fintechs; the other two counted', async () => {
    const api = await smallCorpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const { read, rows } = await run(api, key, { query: 'fintech companies in Germany', effort: 'medium' })
    assert.deepEqual(rows.map((r) => r.record.account_name).sort(), ['Ledgerly', 'Paymint'])
    assert.ok(
      read.exclusions.includes('2 records matching location: Germany were not about "fintech": left out.'),
      read.exclusions.join(' | '),
    )
    for (const i of read.insights) {
      const source = read.insight_sources.find((s: { id: string }) => s.id === i.citations[0])
      assert.ok(source, 'each insight cites its document')
      assert.match(i.statement.toLowerCase(), /fintech|payments|banking|financial/, `off topic: ${i.statement}`)
    }
    assert.ok(read.insights.length >= 1, 'the fintech report is on topic')
  })

  test('"founded after 2015": records without a founding year counted; low effort leaves them out, medium keeps them marked unknown and says so', async () => {
    const api = await smallCorpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const query = 'healthcare companies in California founded after 2015'
    const low = await run(api, key, { query, effort: 'low' })
    assert.deepEqual(
      low.rows.map((r) => r.record.account_name),
      ['CarePath'],
    )
    assert.ok(
      low.read.exclusions.some((e: string) => /^2 candidates had no founding year \(founded_year: ≥ 2016\)/.test(e)),
      low.read.exclusions.join(' | '),
    )
    assert.ok(
      low.read.exclusions.some((e: string) =>
        /1 candidate matched everything else but has a founding year outside/.test(e),
      ),
    )

    const medium = await run(api, key, { query, effort: 'medium' })
    const names = medium.rows.map((r) => r.record.account_name)
    assert.equal(names[0], 'CarePath', 'a row meeting every filter ranks above the relaxed ones')
    assert.deepEqual(names.slice(1).sort(), ['Clinixa', 'Medivo'])
    for (const r of medium.rows.slice(1)) {
      assert.deepEqual(r.unknown, ['founded_year'])
      assert.ok(r.score < 0.5 && r.score < medium.rows[0]!.score)
      const f = r.filters.find((x) => x.filter.startsWith('founded_year'))
      assert.deepEqual([f?.verdict, f?.evidence], ['unknown', 'founded_year: unknown'])
    }
    assert.match(medium.read.summary, /founded_year: ≥ 2016 was dropped for 2 rows whose founding year is unknown/)
  })

  test('an explicit criterion is never relaxed: a record lacking the value is undecided and left out', async () => {
    const api = await smallCorpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const { read, rows } = await run(api, key, {
      query: 'healthcare companies in California',
      effort: 'medium',
      criteria: ['founded after 2015'],
    })
    assert.deepEqual(
      rows.map((r) => r.record.account_name),
      ['CarePath'],
    )
    assert.equal(rows[0]!.criteria[0]!.verdict, 'met')
    assert.equal(rows[0]!.criteria[0]!.evidence, 'founded_year: 2019')
    assert.ok(read.exclusions.some((e: string) => /2 candidates had no founding year .*could not be decided/.test(e)))
  })

  test('a run that finds nothing says why in one sentence', async () => {
    const api = await smallCorpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const { read, rows } = await run(api, key, {
      query: 'healthcare companies in California founded after 2015 with more than 20 employees',
      effort: 'low',
      criteria: ['founded after 2021'],
    })
    assert.equal(rows.length, 0)
    assert.match(read.summary, /Nothing was kept because [^.]+\.$/)
  })

  test('enrichments from linked records: latest round and date, total raised, open jobs, CEO, founder, headcount by department; unsupported columns empty', async () => {
    const api = await smallCorpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const { read, rows, columns } = await run(api, key, {
      query: 'fintech companies in Germany',
      effort: 'low',
      enrichments: [
        'latest funding round',
        'latest funding date',
        'total raised',
        'open jobs',
        'ceo',
        'founder',
        'headcount by department',
        'favourite colour',
      ],
    })
    const ledgerly = rows.find((r) => r.record.account_name === 'Ledgerly')!
    assert.deepEqual(ledgerly.enrichments['latest funding round'], {
      type: 'series_b',
      announced_on: '2023-06-15',
      amount_usd: 20000000,
    })
    assert.equal(ledgerly.enrichments['latest funding date'], '2023-06-15')
    assert.equal(ledgerly.enrichments['total raised'], 30000000, "the record's own total first")
    assert.equal(ledgerly.enrichments['open jobs'], 3)
    assert.equal(ledgerly.enrichments.ceo, 'Anna Weber')
    assert.deepEqual(ledgerly.enrichments.founder, ['Jonas Brandt'])
    assert.deepEqual(ledgerly.enrichments['headcount by department'], { Engineering: 2, Executive: 1 })
    const paymint = rows.find((r) => r.record.account_name === 'Paymint')!
    assert.equal(
      paymint.enrichments.ceo,
      null,
      'a title naming the role without holding it (Former CEO advisor) is not a CEO',
    )
    assert.equal(paymint.enrichments['latest funding round'], null)
    assert.equal(paymint.enrichments['open jobs'], null)
    for (const r of rows) assert.equal(r.enrichments['favourite colour'], null)
    const colour = columns.find((c: { name: string }) => c.name === 'favourite colour')
    assert.deepEqual(colour, { name: 'favourite colour', source: null, supported: false, filled: 0 })
    assert.equal(columns.find((c: { name: string }) => c.name === 'ceo').supported, true)
    assert.ok(
      read.degradation.some(
        (d: { reason: string; detail: string }) =>
          d.reason === 'enrichment_unsupported' && d.detail.includes('favourite colour'),
      ),
    )
  })
})

describe("the language model reads the run's query (DSP_PARSER_PROVIDER=llm, a local stub)", () => {
  const CHAT = '/v1/chat/completions'
  let provider: FakeProvider
  let api: TestServer
  let key: string
  let respond: (request: RecordedRequest, res: ServerResponse) => void = (_r, res) => sendJson(res, 500, {})
  before(async () => {
    provider = await startFakeProvider({ [CHAT]: (request, res) => respond(request, res) })
    api = await startTestServer({
      ...PATIENT,
      DSP_PARSER_PROVIDER: 'llm',
      DSP_PARSER_URL: provider.url,
      DSP_PARSER_MODEL: 'fake-planner',
      DSP_PARSER_TIMEOUT_MS: '800',
    })
    await ingestSmall(api)
    key = (await api.admin.workspaceWithKey({ credits: 1000 })).key
  })
  after(async () => {
    await api?.close()
    await provider?.close()
  })

  test("the model's reading plans the run; no degradation", async () => {
    respond = (request, res) => {
      const names = Object.keys(request.body.response_format.json_schema.schema.properties.filters.properties)
      const filters = Object.fromEntries(names.map((n) => [n, null]))
      sendJson(
        res,
        200,
        chatCompletion(
          JSON.stringify({ category: null, filters, semantic_query: 'fintech', semantic_scope: null }),
          'fake-planner',
        ),
      )
    }
    const before = provider.requests.filter((r) => r.path === CHAT).length
    const { read, rows } = await run(api, key, { query: 'money software for German firms', effort: 'low' })
    assert.ok(provider.requests.filter((r) => r.path === CHAT).length > before, 'the model was asked')
    assert.deepEqual(rows.map((r) => r.record.account_name).sort(), ['Ledgerly', 'Paymint'])
    assert.ok(!read.degradation.some((d: { reason: string }) => d.reason === 'parser_fallback'))
  })

  test('the model failing: the rules plan the run, which says so in degradation', async () => {
    respond = (_request, res) => sendJson(res, 500, { error: { message: 'down' } })
    const { read, rows } = await run(api, key, { query: 'fintech companies in Germany', effort: 'low' })
    assert.ok(rows.some((r) => r.record.account_name === 'Ledgerly'))
    for (const r of rows) assert.ok(['Ledgerly', 'Paymint'].includes(r.record.account_name as string))
    assert.ok(read.degradation.some((d: { reason: string }) => d.reason === 'parser_fallback'))
  })
})

const changing = useTestServer(PATIENT)

describe('the vocabulary a run reads', () => {
  test("a run reads its own server's index as it is after an ingest: a new industry is read as one at once", async () => {
    const api = await changing()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    // The run's plan event (its event stream replays the stored log once the run is over).
    const planFilters = async (): Promise<Record<string, unknown>> => {
      const { read } = await run(api, key, { query: 'aquafarming companies in Norway', effort: 'low' })
      const res = await fetch(`${api.url}${RUNS}/${read.run_id}/events`, { headers: { 'x-api-key': key } })
      const plan = (await res.text()).split(/\n\n/).find((block) => /^event: plan$/m.test(block))
      assert.ok(plan, 'the run has a plan event')
      return (JSON.parse(/^data: (.*)$/m.exec(plan)![1]!) as { filters: Record<string, unknown> }).filters
    }
    const norway = { country: 'Norway', description: 'Salmon farms in Norwegian fjords.' }
    let s = await api.admin.ingest('company', [{ account_name: 'Fjordlaks', domain: 'fjordlaks.no', ...norway }])
    assert.equal(s.rejected, 0)
    assert.equal((await planFilters()).industry, undefined, 'no record has the industry yet')
    s = await api.admin.ingest('company', [
      { account_name: 'Havbruk', domain: 'havbruk.no', industry: 'Aquafarming', ...norway },
    ])
    assert.equal(s.rejected, 0)
    assert.deepEqual(
      (await planFilters()).industry,
      { include: ['Aquafarming'] },
      'the industry the ingest just added is read from the query',
    )
  })
})
