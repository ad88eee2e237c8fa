// Tiers that buy recall (docs/agent-runs-plan.md): medium effort and above run more searches — the
// query with the corpus's own words for its topic, and look-alikes of the best rows — over more
// candidates, so a higher tier keeps every row a lower one keeps; every added candidate passes the
// same checks, so a look-alike that does not carry the topic is never kept. On a small corpus
// ingested here through the product's own ingest path.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

// A busy machine can keep the embedded store's one connection for seconds: no deadline is tested here.
const server = useTestServer({ DSP_STORE_ACQUIRE_TIMEOUT_MS: '120000', DSP_RETRIEVAL_TIMEOUT_MS: '120000' })
const RUNS = '/v1/agents/runs'

// 70 drone companies (more than low effort's 60 candidates), a company doing the same work that
// never says "drone" (a look-alike off the topic), and companies of other trades.
const SECTORS = ['agriculture', 'construction', 'energy', 'insurance', 'mining', 'logistics', 'forestry']
const DRONES = Array.from({ length: 70 }, (_, i) => ({
  account_name: `Skyward Drone Works ${i + 1}`,
  domain: `skyward-drone-${i + 1}.example`,
  industry: 'Aviation',
  company_keyword: ['drones', 'unmanned aerial vehicles', 'aerial inspection'],
  description: `Skyward ${i + 1} flies drone fleets for aerial inspection and mapping in ${SECTORS[i % SECTORS.length]}, with unmanned aerial vehicles and fleet software.`,
  country: 'United States',
}))
const LOOKALIKE = {
  account_name: 'Hawkeye Survey',
  domain: 'hawkeye-survey.example',
  industry: 'Aviation',
  company_keyword: ['unmanned aerial vehicles', 'aerial inspection'],
  description:
    'Hawkeye flies unmanned aerial vehicles for aerial inspection and mapping in agriculture, with fleet software.',
  country: 'United States',
}
const OTHERS = [
  ['Crumb Bakery', 'Food & Beverages', 'Sourdough bread and pastries baked daily.'],
  ['Harbor Freight Lines', 'Logistics', 'Container shipping between ports.'],
  ['Ledger Row', 'Fintech', 'Banking software for small businesses.'],
  ['Greenfield Solar', 'Energy', 'Rooftop solar panels for homes.'],
].map(([account_name, industry, description], i) => ({
  account_name,
  industry,
  description,
  domain: `other-${i}.example`,
  country: 'United States',
}))

// More software companies than a medium search reads (its pool: 4 pages × 50), all tagged
// "SaaS": a word that common fills a search on its own.
const SOFTWARE = Array.from({ length: 205 }, (_, i) => ({
  account_name: `Ledgerline ${i + 1}`,
  domain: `ledgerline-${i + 1}.example`,
  industry: 'Software',
  company_keyword: ['SaaS', 'accounting'],
  description: `Ledgerline ${i + 1} sells accounting software to small businesses.`,
  country: 'United States',
}))
// Legal technology companies tagged "LegalTech" beside "SaaS".
const LEGAL = Array.from({ length: 4 }, (_, i) => ({
  account_name: `Clausewise ${i + 1}`,
  domain: `clausewise-${i + 1}.example`,
  industry: 'B2B',
  company_keyword: ['LegalTech', 'SaaS'],
  description: `Clausewise ${i + 1} builds legal technology for law firms: contract review in the browser.`,
  country: 'United States',
}))
// Payroll companies: two in the Software industry, eight outside it ("B2B").
const PAYROLL_SOFTWARE = Array.from({ length: 2 }, (_, i) => ({
  account_name: `Payline ${i + 1}`,
  domain: `payline-${i + 1}.example`,
  industry: 'Software',
  company_keyword: ['Payroll', 'SaaS'],
  description: `Payline ${i + 1} is payroll software for restaurants.`,
  country: 'United States',
}))
const PAYROLL_B2B = Array.from({ length: 8 }, (_, i) => ({
  account_name: `Paystream ${i + 1}`,
  domain: `paystream-${i + 1}.example`,
  industry: 'B2B',
  company_keyword: ['Payroll', 'HR Tech'],
  description: `Paystream ${i + 1} runs payroll and benefits for small teams.`,
  country: 'United States',
}))
// A food delivery company that says "delivers", never "delivery".
const TIFFIN = {
  account_name: 'Tiffin Run',
  domain: 'tiffin-run.example',
  industry: 'Consumer',
  description: 'Tiffin Run cooks home-style food and delivers it to offices every day.',
  country: 'United States',
}

let loaded: Promise<void> | null = null
async function corpus(): Promise<TestServer> {
  const api = await server()
  loaded ??= (async () => {
    const s = await api.admin.ingest('company', [
      ...DRONES,
      LOOKALIKE,
      ...OTHERS,
      ...SOFTWARE,
      ...LEGAL,
      ...PAYROLL_SOFTWARE,
      ...PAYROLL_B2B,
      TIFFIN,
    ])
    assert.equal(s.rejected, 0, JSON.stringify(s.rejects))
  })()
  await loaded
  return api
}

let seq = 0
async function run(api: TestServer, key: string, body: Record<string, unknown>) {
  const res = await api.post(RUNS, { key, body, headers: { 'idempotency-key': `recall-${process.pid}-${++seq}` } })
  expectStatus(res, 202)
  const id = res.body.run_id as string
  const until = Date.now() + 120_000
  for (;;) {
    const read = await api.get(`${RUNS}/${id}`, { key })
    if (['completed', 'failed', 'cancelled'].includes(read.body.status)) {
      assert.equal(read.body.status, 'completed', JSON.stringify(read.body.error))
      break
    }
    if (Date.now() > until) assert.fail(`run ${id} still ${read.body.status}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const rows: { id: string; record: Record<string, unknown> }[] = []
  for (let cursor: string | null = null; ;) {
    const page = await api.get(`${RUNS}/${id}/results`, { key, query: { limit: 100, ...(cursor ? { cursor } : {}) } })
    rows.push(...page.body.results)
    cursor = page.body.next_cursor
    if (!cursor) break
  }
  // The run is over: its event stream replays the stored log and ends after `done`.
  const text = await (await fetch(`${api.url}${RUNS}/${id}/events`, { headers: { 'x-api-key': key } })).text()
  const events = text
    .split(/\n\n/)
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: /^data: (.*)$/m.exec(block)?.[1],
    }))
    .filter((e): e is { event: string; data: string } => !!e.event && !!e.data)
    .map((e) => ({ event: e.event, data: JSON.parse(e.data) as Record<string, unknown> }))
  return { id, rows, events }
}

describe('tiers that buy recall (small corpus)', () => {
  test('medium keeps every row low keeps and more; it runs the vocabulary and look-alike searches and says so', async () => {
    const api = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const low = await run(api, key, { query: 'drone companies', effort: 'low' })
    const medium = await run(api, key, { query: 'drone companies', effort: 'medium' })
    const ids = (r: { rows: { id: string }[] }) => new Set(r.rows.map((x) => x.id))
    const drones = new Set(DRONES.map((d) => d.domain))
    for (const r of [...low.rows, ...medium.rows]) assert.ok(drones.has(r.id), `${r.id} is not a drone company`)
    assert.ok(low.rows.length <= 60, `low examines at most 60 candidates: ${low.rows.length}`)
    for (const id of ids(low)) assert.ok(ids(medium).has(id), `medium lost ${id}, which low kept`)
    assert.equal(medium.rows.length, DRONES.length, 'medium finds every drone company')
    assert.ok(medium.rows.length > low.rows.length)

    const steps = medium.events.filter((e) => e.event === 'search_step').map((e) => e.data)
    const plan = medium.events.find((e) => e.event === 'plan')!.data as { searches: { kind?: string }[] }
    assert.deepEqual(
      plan.searches.map((s) => s.kind ?? 'search'),
      ['search', 'vocabulary', 'vocabulary', 'similar'],
    )
    const vocabulary = steps.find((s) => s.kind === 'vocabulary')!
    assert.ok(
      (vocabulary.expansions as string[]).some((w) => ['unmanned', 'aerial', 'vehicles', 'inspection'].includes(w)),
      `the best rows' keywords beside the topic: ${JSON.stringify(vocabulary.expansions)}`,
    )
    const similar = steps.find((s) => s.kind === 'similar')!
    assert.ok((similar.anchors as string[]).length >= 1, 'the look-alike search names the rows it resembles')
    for (const a of similar.anchors as string[]) assert.ok(drones.has(a), `anchor ${a} is a kept row`)
    const lowPlan = low.events.find((e) => e.event === 'plan')!.data as { searches: { kind?: string }[] }
    assert.deepEqual(
      lowPlan.searches.map((s) => s.kind ?? 'search'),
      ['search', 'vocabulary'],
      'low plans no look-alike search; the vocabulary search takes the second search its budget would leave unused',
    )
  })

  test('a look-alike off the topic is never kept: the look-alike engine returns it, the run counts it off topic', async () => {
    const api = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const high = await run(api, key, { query: 'drone companies', effort: 'high' })
    const similar = high.events.find((e) => e.event === 'search_step' && e.data.kind === 'similar')!.data
    const anchors = similar.anchors as string[]
    // The same anchors through POST /v1/similar: Hawkeye (unmanned aerial inspection, never "drone") is a close look-alike.
    const alike = await api.post('/v1/similar', { key, body: { anchors, limit: 100 } })
    expectStatus(alike, 200)
    const alikeIds = (alike.body.results as { id: string }[]).map((r) => r.id)
    assert.ok(alikeIds.includes(LOOKALIKE.domain), `look-alikes: ${alikeIds.slice(0, 10).join(', ')}`)
    assert.ok(!high.rows.some((r) => r.id === LOOKALIKE.domain), 'the off-topic look-alike is not a row')
    assert.ok(
      (similar.off_topic as number) >= 1,
      `the look-alike search counts it off topic: ${JSON.stringify(similar)}`,
    )
    assert.equal(high.rows.length, DRONES.length)
  })
})

describe('a filter the query only implied, dropped when the answer is thin', () => {
  test('medium: "software" read as industry: Software keeps 2 payroll rows; one more search without it finds the other 8, ranked below, and says so', async () => {
    const api = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const medium = await run(api, key, { query: 'payroll software companies', effort: 'medium' })
    const plan = medium.events.find((e) => e.event === 'plan')!.data as { filters: Record<string, unknown> }
    assert.ok(plan.filters.industry, `the query's "software" is read as an industry: ${JSON.stringify(plan.filters)}`)
    const ids = medium.rows.map((r) => r.id)
    const meeting = PAYROLL_SOFTWARE.map((c) => c.domain)
    const outside = PAYROLL_B2B.map((c) => c.domain)
    assert.deepEqual(new Set(ids), new Set([...meeting, ...outside]), 'every payroll company, nothing else')
    assert.deepEqual(new Set(ids.slice(0, 2)), new Set(meeting), 'the rows meeting the filter come first')
    const relaxed = medium.events.filter((e) => e.event === 'search_step' && e.data.kind === 'relaxed')
    assert.equal(relaxed.length, 1, 'one search without the implied filter')
    assert.match(String(relaxed[0]!.data.semantic_query), /payroll/)
    assert.match(String(relaxed[0]!.data.semantic_query), /software/)
    const read = await api.get(`${RUNS}/${medium.id}`, { key })
    assert.match(read.body.summary, /industry: Software, only implied by the query's words, was dropped for 8 rows/)
    assert.ok(
      (read.body.exclusions as string[]).some((x) =>
        /industry: Software.*was dropped for one search: 2 rows met it/.test(x),
      ),
      JSON.stringify(read.body.exclusions),
    )
  })

  test('low: its last search runs without the implied filter instead, still two searches', async () => {
    const api = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const low = await run(api, key, { query: 'payroll software companies', effort: 'low' })
    const steps = low.events.filter((e) => e.event === 'search_step').map((e) => e.data)
    assert.deepEqual(
      steps.map((s) => s.kind ?? 'search'),
      ['search', 'relaxed'],
    )
    const outside = new Set(PAYROLL_B2B.map((c) => c.domain))
    assert.equal(low.rows.filter((r) => outside.has(r.id)).length, PAYROLL_B2B.length)
  })

  test('a filter a criterion states is never dropped', async () => {
    const api = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const medium = await run(api, key, {
      query: 'payroll companies',
      criteria: ['is a software company'],
      effort: 'medium',
    })
    assert.deepEqual(new Set(medium.rows.map((r) => r.id)), new Set(PAYROLL_SOFTWARE.map((c) => c.domain)))
    assert.ok(!medium.events.some((e) => e.event === 'search_step' && e.data.kind === 'relaxed'))
  })
})

describe("the vocabulary search's words", () => {
  test('searched alone, a word more records name than the search reads is left out ("saas" beside "legaltech")', async () => {
    const api = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const medium = await run(api, key, { query: 'legal technology companies', effort: 'medium' })
    const [together, alone] = medium.events
      .filter((e) => e.event === 'search_step' && e.data.kind === 'vocabulary')
      .map((e) => e.data)
    assert.equal(together!.semantic_query, 'legal technology')
    assert.ok((together!.expansions as string[]).includes('saas'), 'beside the topic, every shared word')
    assert.equal(alone!.semantic_query, null, 'the second vocabulary search: the words alone')
    const words = alone!.expansions as string[]
    assert.ok(words.includes('legaltech'), `the best rows' rare shared tag: ${JSON.stringify(words)}`)
    assert.ok(
      !words.includes('saas'),
      `"saas" (205+ records, more than the 200 a medium search reads): ${JSON.stringify(words)}`,
    )
    assert.deepEqual(new Set(medium.rows.map((r) => r.id)), new Set(LEGAL.map((c) => c.domain)))
  })
})

describe("the topic's word forms", () => {
  test('"delivery" is carried by "delivers": a noun in -ery counts its verb\'s forms', async () => {
    const api = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const low = await run(api, key, { query: 'food delivery companies', effort: 'low' })
    assert.deepEqual(
      low.rows.map((r) => r.id),
      [TIFFIN.domain],
    )
  })
})

describe('insights where a kind of document is missing', () => {
  test('a corpus without market reports: low effort asks the academic reports instead, and cites them', async () => {
    const api = await corpus()
    const paper = {
      doi: '10.5555/recall.drone-inspection',
      title: 'Drone inspection of power lines',
      abstract:
        'Drone fleets cut the cost of power line inspection by 40 percent against helicopter surveys. We compare three sensors.',
      published: '2025-03-01',
    }
    const s = await api.admin.ingest('academic_report', [paper])
    assert.equal(s.rejected, 0, JSON.stringify(s.rejects))
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const low = await run(api, key, { query: 'drone companies', effort: 'low' })
    const insights = low.events.find((e) => e.event === 'insights')!.data as {
      searches?: { category: string; returned: number }[]
      insights: number
      insight_sources: number
    }
    assert.deepEqual(
      insights.searches?.map((x) => [x.category, x.returned > 0]),
      [
        ['market_report', false],
        ['academic_report', true],
      ],
      "the empty market reports do not spend low effort's one insight search",
    )
    assert.ok(insights.insights >= 1, `an insight from the paper: ${JSON.stringify(insights)}`)
    assert.ok(insights.insight_sources >= 1)
  })
})
