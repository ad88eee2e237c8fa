// How POST /v1/search ranks words (docs/search-ranking.md, "Ranking"): term rarity (BM25's idf computed in
// the store), an exact name or title first and by the all-words path, a phrase above scattered
// words, fusion weighted by how sure each list is. On records ingested here, not the demo corpus.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import * as placeMigration from '../../src/store/migrations/0028_company_place_words.ts'
import { expectStatus } from '../support/http.ts'
import { rarityTablesLoaded } from '../../src/domain/search/rarity.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

/** The ingest summary; every line is expected to go in. */
async function ingest(api: TestServer, category: string, records: unknown[]) {
  const body = await api.admin.ingest(category, records)
  assert.equal(body.rejected, 0, JSON.stringify(body))
  return body
}

const TOPICS = ['sales', 'support', 'hiring', 'finance', 'marketing', 'security', 'legal', 'design']

// 40 companies whose every text says "AI" (a common word here); one says "funerals" (a rare one);
// one decoy says AI in its name and four times over; one has a .ai domain and says nothing of AI.
const companies = [
  ...Array.from({ length: 40 }, (_, i) => ({
    account_name: `Nimbus ${i} Labs`,
    domain: `nimbus${i}.example`,
    description: `AI software for ${TOPICS[i % TOPICS.length]} teams.`,
    industry: 'Software',
  })),
  {
    account_name: 'Evergreen Memorials',
    domain: 'evergreen-memorials.example',
    description: 'Online planning of funerals and memorial services for families.',
    industry: 'Consumer Services',
  },
  {
    account_name: 'Quasar',
    domain: 'quasar.ai',
    description: 'Payroll for restaurants.',
    industry: 'Financial Services',
  },
  // A one-line pitch's words sit in one description; one of them is another company's name.
  {
    account_name: 'PathoLens',
    domain: 'patholens.example',
    description: 'Histopathology software accelerating cancer research.',
    industry: 'Health Care',
  },
  {
    account_name: 'Cancer Research Care',
    domain: 'cancer-research-care.example',
    description: 'Clinics for patients.',
    industry: 'Health Care',
  },
  {
    account_name: 'AI AI Systems',
    domain: 'aiaisystems.example',
    description: 'AI models, AI agents and AI tooling: AI for everyone.',
    industry: 'Software',
  },
  // Where a company is counts among its words (weight D): the same description in Texas and in Kansas.
  {
    account_name: 'Quarry Widgets',
    domain: 'quarry-widgets.example',
    description: 'Inventory software for warehouses.',
    industry: 'Software',
    city: 'Austin',
    state: 'Texas',
    country: 'United States',
  },
  {
    account_name: 'Acme Widgets',
    domain: 'acme-widgets.example',
    description: 'Inventory software for warehouses.',
    industry: 'Software',
    city: 'Wichita',
    state: 'Kansas',
    country: 'United States',
  },
  // A description whose every rare word one American company holds; German companies hold few of them.
  {
    account_name: 'Tallyhoe',
    domain: 'tallyhoe.example',
    description: 'Ledger reconciliation, appraisal tracking and inventory for pawnshops and jewellers.',
    industry: 'Financial Services',
    country: 'United States',
  },
  {
    account_name: 'Rhein Reconcile',
    domain: 'rhein-reconcile.example',
    description: 'Ledger reconciliation software for banks.',
    industry: 'Financial Services',
    city: 'Cologne',
    country: 'Germany',
  },
  {
    account_name: 'Spree Books',
    domain: 'spree-books.example',
    description: 'Bookkeeping for bakeries.',
    industry: 'Financial Services',
    city: 'Berlin',
    country: 'Germany',
  },
]

// One paper titled "Attention Is All You Need"; decoys say its words more often, in their titles too.
const papers = [
  { doi: '10.5555/rank.exact', title: 'Attention Is All You Need', abstract: 'A network based solely on attention.' },
  ...Array.from({ length: 12 }, (_, i) => ({
    doi: `10.5555/rank.decoy${i}`,
    title: `What attention layers need: attention, attention and more attention (${i})`,
    abstract: 'Attention is what models need; we need attention, attention everywhere, as all models need it.',
  })),
  {
    doi: '10.5555/rank.phrase',
    title: 'Sparse mixtures',
    abstract: 'We present a cloud payments platform for research groups.',
  },
  {
    doi: '10.5555/rank.scattered',
    title: 'Notes for research groups',
    abstract: 'A platform whose payments run in a cloud; payments, cloud and platform again: a platform.',
  },
]

describe('search ranking', () => {
  let ready: Promise<void> | null = null
  const setUp = async (api: TestServer) =>
    (ready ??= (async () => {
      await ingest(api, 'company', companies)
      await ingest(api, 'academic_report', papers)
    })())

  async function ids(body: Record<string, unknown>): Promise<string[]> {
    const api = await server()
    await setUp(api)
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/search', { key, body: { limit: 10, ...body } })
    expectStatus(res, 200)
    return res.body.results.map((r: { domain?: string; doi?: string }) => r.domain ?? r.doi)
  }

  test('a rare word outweighs a common one: "ai funerals" puts the funeral company first in every mode', async () => {
    for (const mode of ['fast', 'auto', 'deep']) {
      const got = await ids({ query: 'ai funerals', category: 'company', mode })
      assert.equal(got[0], 'evergreen-memorials.example', `${mode}: ${got.join(', ')}`)
    }
  })

  test('an exact title is first in every mode, although other records hold its words more often', async () => {
    for (const mode of ['fast', 'auto', 'deep']) {
      const got = await ids({ query: 'Attention Is All You Need', category: 'academic_report', mode })
      assert.equal(got[0], '10.5555/rank.exact', `${mode}: ${got.join(', ')}`)
    }
    // Case and spacing do not matter.
    const got = await ids({ query: '  attention is all   you need ', category: 'academic_report', mode: 'fast' })
    assert.equal(got[0], '10.5555/rank.exact')
  })

  test('words of a description count 0.7 of a name word: a pitch finds the description holding its words, not a name holding one', async () => {
    for (const mode of ['fast', 'auto', 'deep']) {
      const got = await ids({ query: 'Accelerating histopathology for cancer research', category: 'company', mode })
      assert.equal(got[0], 'patholens.example', `${mode}: ${got.join(', ')}`)
    }
  })

  test('a domain is no name: a .ai domain does not put its company among the "ai" companies', async () => {
    for (const mode of ['fast', 'auto']) {
      const got = await ids({ query: 'ai', category: 'company', mode })
      assert.equal(got.length, 10)
      assert.ok(!got.includes('quasar.ai'), `${mode}: ${got.join(', ')}`)
    }
    // Its name still finds it first.
    assert.equal((await ids({ query: 'Quasar', category: 'company', mode: 'fast' }))[0], 'quasar.ai')
    // In the store, its domain's words sit at weight C (the description's), its name at A.
    const api = await server()
    const r = await sql<{ tsv: string }>`select tsv::text as tsv from companies where id = 'quasar.ai'`.execute(
      api.app.deps.db,
    )
    assert.match(r.rows[0]!.tsv, /'ai':\d+C/)
    assert.match(r.rows[0]!.tsv, /'quasar':\d+A/)
  })

  test("a company's place is among its words: fast finds Texas in a company that never says it", async () => {
    const got = await ids({ query: 'inventory software Texas', category: 'company', mode: 'fast' })
    assert.equal(got[0], 'quarry-widgets.example', got.join(', '))
    assert.ok(got.includes('acme-widgets.example'))
    const api = await server()
    const r = await sql<{
      tsv: string
    }>`select tsv::text as tsv from companies where id = 'quarry-widgets.example'`.execute(api.app.deps.db)
    // Weight D, which PostgreSQL prints without a letter.
    assert.match(r.rows[0]!.tsv, /'texa':\d+(?:\s|$)/)
    assert.match(r.rows[0]!.tsv, /'austin':\d+(?:\s|$)/)
    // A record written before (its tsv without the place) gets it from migration 0028.
    const db = api.app.deps.db
    await sql`update companies set tsv = ts_delete(tsv, array['austin', 'texa', 'unit', 'state']) where id = 'quarry-widgets.example'`.execute(
      db,
    )
    await placeMigration.up(db)
    const after = await sql<{
      tsv: string
    }>`select tsv::text as tsv from companies where id = 'quarry-widgets.example'`.execute(db)
    assert.match(after.rows[0]!.tsv, /'texa':\d+(?:\s|$)/)
    assert.match(after.rows[0]!.tsv, /'austin':\d+(?:\s|$)/)
    assert.match(after.rows[0]!.tsv, /'inventori':\d+C/)
  })

  test('a filter read from a description that pushes out what the words describe is dropped and said; one that fits stays', async () => {
    const api = await server()
    await setUp(api)
    const { key } = await api.admin.workspaceWithKey()
    const query = 'Pawnshop ledger reconciliation, jeweller inventory and appraisal tracking, startups in Germany'
    for (const mode of ['auto', 'deep']) {
      const res = await api.post('/v1/search', { key, body: { query, category: 'company', mode, limit: 10 } })
      expectStatus(res, 200)
      const rs = res.body.resolved_search
      assert.equal(res.body.results[0].domain, 'tallyhoe.example', `${mode}: the words alone put it first`)
      assert.deepEqual(rs.filters, {})
      assert.equal(rs.semantic_query, query)
      assert.deepEqual(rs.conflicts, [
        { filter: 'geo', caller: null, parser: { include: [{ value: 'Germany', level: 'country' }] } },
      ])
      const relaxed = res.body.degradation.filter((d: { reason: string }) => d.reason === 'parsed_filter_relaxed')
      assert.equal(relaxed.length, 1)
      assert.match(relaxed[0].detail, /geo/)
      assert.equal(relaxed[0].impact, 'precision')
    }
    // The same place beside words a German company holds as well as any: a constraint, kept.
    const fits = await api.post('/v1/search', {
      key,
      body: {
        query: 'ledger reconciliation software for banks, startups in Germany',
        category: 'company',
        mode: 'auto',
      },
    })
    expectStatus(fits, 200)
    assert.deepEqual(fits.body.resolved_search.filters.geo, { include: [{ value: 'Germany', level: 'country' }] })
    assert.equal(fits.body.results[0].domain, 'rhein-reconcile.example')
    for (const r of fits.body.results as { country: string }[]) assert.equal(r.country, 'Germany')
    assert.ok(!fits.body.degradation.some((d: { reason: string }) => d.reason === 'parsed_filter_relaxed'))
  })

  test("deep keeps what fast ranked first, though other rows carry more of the query's words", async () => {
    for (const query of ['ai software funerals', 'inventory software Texas', 'ledger reconciliation for jewellers']) {
      const fast = await ids({ query, category: 'company', mode: 'fast' })
      const deep = await ids({ query, category: 'company', mode: 'deep' })
      assert.equal(deep[0], fast[0], `${query}: fast ${fast.join(', ')}; deep ${deep.join(', ')}`)
    }
  })

  test('the words as a phrase rank above the same words scattered', async () => {
    const got = await ids({ query: 'cloud payments platform', category: 'academic_report', mode: 'fast' })
    assert.ok(
      got.indexOf('10.5555/rank.phrase') >= 0 &&
        got.indexOf('10.5555/rank.phrase') < got.indexOf('10.5555/rank.scattered'),
      got.join(', '),
    )
  })

  test("a category's table of every lexeme's document frequency holds the per-word counts: the same scores from either", async () => {
    const api = await server()
    await setUp(api)
    const { key } = await api.admin.workspaceWithKey()
    const deps = api.app.deps
    const cases = [
      { category: 'academic_report', query: 'attention models need cloud payments' },
      { category: 'company', query: 'ai software for security teams funerals' },
    ] as const
    // Patents holding the papers' words: a paper's counts are its own category's.
    await ingest(api, 'patent', [
      { patent_id: 'US-RANK-1-B2', title: 'Attention models', abstract: 'Cloud payments need attention models.' },
      { patent_id: 'US-RANK-2-B2', title: 'Funerals', abstract: 'AI software for security teams.' },
    ])
    // One heap page a statement: the counts of many statements are summed.
    deps.searchCaches.rarity.slicePages = 1
    deps.searchCaches.rarity.tables.clear()
    deps.searchCaches.rarity.loads.clear()
    const scored = async (body: { category: string; query: string }) => {
      const res = await api.post('/v1/search', { key, body: { ...body, mode: 'fast', limit: 20 } })
      expectStatus(res, 200)
      return res.body.results.map((r: { id: string; score: number }) => [r.id, r.score])
    }
    // A search starts its category's table load (one pass over the records) and counts per word meanwhile.
    for (const c of cases) await scored(c)
    await rarityTablesLoaded(deps)
    const tables = deps.searchCaches.rarity.tables
    for (const c of cases) {
      const table = tables.get(c.category)
      assert.ok(table?.complete, `${c.category}: every lexeme read`)
      const pages = await sql<{
        n: number
      }>`select count(distinct (ctid::text::point)[0])::int as n from ${c.category === 'company' ? sql`companies` : sql`documents`}`.execute(
        deps.db,
      )
      assert.ok(pages.rows[0]!.n > 1, `${c.category}: records on ${pages.rows[0]!.n} pages`)
      // Each lexeme's count is the records of the category holding it, N the category's records.
      const slice = c.category === 'company' ? sql`companies where true` : sql`documents where category = ${c.category}`
      const exact = await sql<{ n: number }>`select count(*)::int as n from ${slice}`.execute(deps.db)
      assert.equal(table.total, exact.rows[0]!.n)
      for (const [lexeme, df] of table.df) {
        const r = await sql<{
          n: number
        }>`select count(*)::int as n from ${slice} and tsv @@ ${`'${lexeme.replaceAll("'", "''")}'`}::tsquery`.execute(
          deps.db,
        )
        assert.equal(df, r.rows[0]!.n, `${c.category}: ${lexeme}`)
      }
    }
    const fromTables = await Promise.all(cases.map(scored))
    // The same searches counted per word: no table, and none to load for this state.
    for (const c of cases) {
      const load = deps.searchCaches.rarity.loads.get(c.category)!
      tables.delete(c.category)
      deps.searchCaches.rarity.loads.set(c.category, { ...load, at: Date.now() })
    }
    deps.searchCaches.rarity.df.clear()
    deps.searchCaches.rarity.total.clear()
    const perWord = await Promise.all(cases.map(scored))
    assert.ok(fromTables.every((s) => s.length > 0))
    assert.deepEqual(perWord, fromTables)
    assert.equal(tables.size, 0, 'no table was read again for the same state')
  })

  test('a table past its bound keeps the most frequent lexemes, the rest counted per word: the same scores', async () => {
    const api = await server()
    await setUp(api)
    const { key } = await api.admin.workspaceWithKey()
    const deps = api.app.deps
    const body = { category: 'company', query: 'ai software for security teams funerals', mode: 'fast', limit: 20 }
    const scored = async () => {
      const res = await api.post('/v1/search', { key, body })
      expectStatus(res, 200)
      return res.body.results.map((r: { id: string; score: number }) => [r.id, r.score])
    }
    const reload = async (max: number) => {
      deps.searchCaches.rarity.tableMax = max
      deps.searchCaches.rarity.tables.clear()
      deps.searchCaches.rarity.loads.clear()
      deps.searchCaches.rarity.df.clear()
      deps.searchCaches.rarity.total.clear()
      await scored()
      await rarityTablesLoaded(deps)
      return deps.searchCaches.rarity.tables.get('company')!
    }
    try {
      const whole = await reload(1_000_000)
      const all = [...whole.df].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      assert.ok(whole.complete && all.length > 20, `${all.length} lexemes`)
      const full = await scored()
      const capped = await reload(10)
      assert.equal(capped.complete, false)
      assert.equal(capped.total, whole.total)
      assert.equal(capped.df.size, 10)
      // The kept ones are the most frequent, with their counts (ties at the bound: any of them).
      const tenth = all[9]![1]
      for (const [lexeme, n] of capped.df) {
        assert.equal(n, whole.df.get(lexeme), lexeme)
        assert.ok(n >= tenth, `${lexeme}: ${n} < ${tenth}`)
      }
      assert.deepEqual(await scored(), full)
    } finally {
      deps.searchCaches.rarity.tableMax = 500_000
    }
  })
})
