// Tiers that buy recall (docs/agent-runs.md §5): medium effort and above run more searches — the
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

let loaded: Promise<void> | null = null
async function corpus(): Promise<TestServer> {
  const api = await server()
  loaded ??= (async () => {
    const s = await api.admin.ingest('company', [...DRONES, LOOKALIKE, ...OTHERS])
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
  return { rows, events }
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
      ['search', 'vocabulary', 'similar'],
    )
    const vocabulary = steps.find((s) => s.kind === 'vocabulary')!
    assert.ok(
      (vocabulary.expansions as string[]).some((w) => ['unmanned', 'aerial', 'vehicles', 'inspection'].includes(w)),
      `the best rows' keywords beside the topic: ${JSON.stringify(vocabulary.expansions)}`,
    )
    const similar = steps.find((s) => s.kind === 'similar')!
    assert.ok((similar.anchors as string[]).length >= 1, 'the look-alike search names the rows it resembles')
    for (const a of similar.anchors as string[]) assert.ok(drones.has(a), `anchor ${a} is a kept row`)
    const lowSteps = low.events.filter((e) => e.event === 'search_step').map((e) => e.data)
    assert.ok(
      lowSteps.every((s) => s.kind === undefined),
      'low runs neither vocabulary nor look-alike searches',
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
