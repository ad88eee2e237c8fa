// Honest counts (docs/search-ranking.md, "Counts"): up to the exact-count cap `total` is exact; past it,
// an estimate from a sample of the table within ±20 % of the true count, with
// total_is_estimate true and coverage.universe_is_exact false, never the cap itself. 40,000
// companies are written straight into the store (ingesting them one by one would take minutes on
// a shared machine); their corpus state is recounted as an ingest does.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { refreshCorpusState } from '../../src/domain/corpus/coverage.ts'
import { PLANNED_TOO_MANY } from '../../src/domain/search/caches.ts'
import { compileWhere } from '../../src/domain/search/compile.ts'
import { COUNT_CAP } from '../../src/domain/search/counts.ts'
import { DF_COUNT_CAP, rarityTablesLoaded, termFrequencies, warmRarity } from '../../src/domain/search/rarity.ts'
import { wordsCount } from '../../src/domain/search/retrieve.ts'
import { smallFilteredSet } from '../../src/domain/search/vector-side.ts'
import { EXACT_SCAN_MAX_CANDIDATES } from '../../src/retrieval/vector-index.ts'
import { plannedRows, sampledCountWithError } from '../../src/store/search.ts'
import { expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

// Company i is in the United States when i % 11 < 9 (32,728 of 40,000), else in Canada (7,272);
// in Texas when i % 7 = 0 as well.
const N = 40_000
const US = Array.from({ length: N }, (_, i) => i).filter((i) => i % 11 < 9)
const TEXAS = US.filter((i) => i % 7 === 0)

async function seed(api: TestServer) {
  const db = api.app.deps.db
  await sql`insert into companies (id, domain, name, name_norm, country, state, record, record_hash, tsv, updated_at)
    select 'count' || i || '.example', 'count' || i || '.example', 'Count ' || i, 'count ' || i,
      case when i % 11 < 9 then 'United States' else 'Canada' end,
      case when i % 11 < 9 and i % 7 = 0 then 'Texas' end,
      jsonb_build_object('account_name', 'Count ' || i, 'domain', 'count' || i || '.example',
        'country', case when i % 11 < 9 then 'United States' else 'Canada' end),
      md5(i::text), to_tsvector('english', 'Count ' || i || ' widgets'), now()
    from generate_series(0, ${N - 1}) i`.execute(db)
  await refreshCorpusState(db, 'company', { asOf: new Date(), now: new Date(), recount: true, model: null })
}

/** This file's server with the 40,000 companies, seeded if no test of the file did yet. */
async function seededServer() {
  const api = await server()
  const total = await sql<{ n: number }>`select count(*)::int as n from companies`.execute(api.app.deps.db)
  if (total.rows[0]!.n < N) await seed(api)
  return api.app.deps
}

describe('search counts', () => {
  let ready: Promise<void> | null = null
  async function search(body: Record<string, unknown>) {
    const api = await server()
    await (ready ??= seed(api))
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/search', { key, body: { mode: 'fast', category: 'company', limit: 5, ...body } })
    expectStatus(res, 200)
    return res.body
  }

  test('past the cap, total is an estimate within ±20 % of the true count, said to be one', async () => {
    const body = await search({ filters: { geo: { include: [{ value: 'United States', level: 'country' }] } } })
    assert.ok(US.length > COUNT_CAP)
    assert.notEqual(body.total, COUNT_CAP)
    assert.ok(Math.abs(body.total - US.length) <= 0.2 * US.length, `total ${body.total}, true ${US.length}`)
    assert.equal(body.total_is_estimate, true)
    assert.equal(body.coverage.universe_is_exact, false)
    assert.equal(body.coverage.universe, body.total)
    assert.equal(body.has_more, true)
  })

  test('the same question gets the same estimate', async () => {
    const a = await search({ filters: { geo: { include: [{ value: 'United States', level: 'country' }] } } })
    const b = await search({ filters: { geo: { include: [{ value: 'United States', level: 'country' }] } } })
    assert.equal(a.total, b.total)
  })

  test('up to the cap, total is exact', async () => {
    const texas = await search({ filters: { geo: { include: [{ value: 'Texas', level: 'state' }] } } })
    assert.equal(texas.total, TEXAS.length)
    assert.equal(texas.total_is_estimate, false)
    assert.equal(texas.coverage.universe_is_exact, true)
    const canada = await search({ filters: { geo: { include: [{ value: 'Canada', level: 'country' }] } } })
    assert.equal(canada.total, N - US.length)
    assert.equal(canada.total_is_estimate, false)
  })

  test('a text search matching more records than the cap estimates its total too', async () => {
    const body = await search({ query: 'widgets' })
    assert.ok(Math.abs(body.total - N) <= 0.2 * N, `total ${body.total}, true ${N}`)
    assert.equal(body.total_is_estimate, true)
    assert.equal(body.coverage.universe_is_exact, false)
  })
})

describe('document frequencies counted one word at a time', () => {
  test('past DF_COUNT_CAP a word held by most records is estimated from a page sample, not counted', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    // Seeds the 40,000 companies if no test of this file did yet (each one says "widgets").
    const res = await api.post('/v1/search', { key, body: { mode: 'fast', category: 'company', query: 'widgets' } })
    expectStatus(res, 200)
    const deps = await seededServer()
    // No table of every lexeme for this state, and none to load: the word is counted on its own.
    await rarityTablesLoaded(deps)
    const load = deps.searchCaches.rarity.loads.get('company')
    if (load) deps.searchCaches.rarity.loads.set('company', { ...load, at: Date.now() })
    deps.searchCaches.rarity.tables.delete('company')
    deps.searchCaches.rarity.df.clear()
    const { df, total: records } = await termFrequencies(deps, 'company', ['widget', 'count'])
    assert.ok(records >= N)
    for (const lexeme of ['widget', 'count']) {
      const n = df.get(lexeme)!
      assert.ok(n > DF_COUNT_CAP, `${lexeme}: ${n}`)
      assert.ok(Math.abs(n - records) <= 0.2 * records, `${lexeme}: ${n} of ${records}`)
      // An exact count would be every record; the sample's estimate (75 % of the pages) is not.
      assert.notEqual(n, records, `${lexeme}: estimated, not counted`)
    }
  })
})

describe('a word searched alone', () => {
  test('is counted exactly from the table of document frequencies once it is read; with a filter, or before, estimated', async () => {
    const deps = await seededServer()
    const plan = (filters: Record<string, unknown>) =>
      ({ category: 'company', filters, include_domains: [] }) as unknown as Parameters<typeof wordsCount>[1]
    const count = (filters: Record<string, unknown>) =>
      wordsCount(deps, plan(filters), compileWhere(deps, plan(filters)), ['widgets'], 'any')
    // No table for this state yet: the page sample's estimate (75 % of the pages), not every record.
    await rarityTablesLoaded(deps)
    deps.searchCaches.rarity.tables.delete('company')
    deps.searchCaches.rarity.loads.delete('company')
    const before = await count({})
    // The count above started the table's read; once read, the word's count is the table's, exact.
    await rarityTablesLoaded(deps)
    await warmRarity(deps)
    await rarityTablesLoaded(deps)
    const total = await sql<{
      n: number
    }>`select count(*)::int as n from companies where tsv @@ 'widget'::tsquery`.execute(deps.db)
    assert.ok(total.rows[0]!.n >= N)
    assert.deepEqual(await count({}), { count: total.rows[0]!.n, estimated: false })
    assert.equal(before.estimated, true)
    assert.notEqual(before.count, total.rows[0]!.n)
    // A filter: the table says nothing of the records passing it.
    const us = await count({ geo: { include: [{ value: 'United States', level: 'country' }] } })
    assert.equal(us.estimated, true)
  })
})

describe('the filtered set the meaning side scans exactly', () => {
  test("read only when the planner expects it within the bound; the planner's estimate is near the truth", async () => {
    const deps = await seededServer()
    await sql`analyze companies`.execute(deps.db)
    const scope = (geo: { value: string; level: 'country' | 'state' }) => ({
      table: 'companies' as const,
      category: null,
      where: compileWhere(deps, { category: 'company', filters: { geo: { include: [geo] } }, include_domains: [] }),
    })
    const us = scope({ value: 'United States', level: 'country' })
    const texas = scope({ value: 'Texas', level: 'state' })
    for (const [where, truth] of [
      [us, US.length],
      [texas, TEXAS.length],
    ] as const) {
      const planned = await plannedRows(deps.db, where)
      assert.ok(Math.abs(planned - truth) <= 0.2 * truth, `planned ${planned}, true ${truth}`)
    }
    assert.equal(deps.searchCaches.vectorSet.plannedTooMany, PLANNED_TOO_MANY)
    assert.ok(US.length > PLANNED_TOO_MANY && TEXAS.length < EXACT_SCAN_MAX_CANDIDATES)
    assert.equal(await smallFilteredSet(deps, us), null, 'more than the bound: not read')
    assert.equal((await smallFilteredSet(deps, texas))?.length, TEXAS.length, 'within it: every record')
    // With the bound lowered below Texas's estimate, Texas is not read either (its size is not what says so).
    deps.searchCaches.vectorSet.plannedTooMany = TEXAS.length / 2
    try {
      assert.equal(await smallFilteredSet(deps, texas), null)
    } finally {
      deps.searchCaches.vectorSet.plannedTooMany = PLANNED_TOO_MANY
    }
  })
})

describe('the page sample and its standard error', () => {
  test('matches packed on few pages have a larger error than the same number spread out; both estimates within it', async () => {
    const deps = await seededServer()
    const number = sql`(substring(c.id from 6 for position('.' in c.id) - 6))::int`
    // Companies were written in the order of i: the first 12,000 fill the first pages; i % 10 < 3 is on every page.
    const packed = sql`${number} < 12000 and c.id like 'count%'`
    const spread = sql`${number} % 10 < 3 and c.id like 'count%'`
    const at = (where: typeof packed) =>
      sampledCountWithError(deps.db, { table: 'companies', category: null, where, percent: 5 })
    const a = await at(packed)
    const b = await at(spread)
    for (const [name, got] of [
      ['packed', a],
      ['spread', b],
    ] as const) {
      assert.ok(got.standardError > 0, `${name}: ${JSON.stringify(got)}`)
      assert.ok(Math.abs(got.estimate - 12_000) <= 4 * got.standardError, `${name}: ${JSON.stringify(got)}`)
    }
    assert.ok(a.standardError > 1.5 * b.standardError, `packed ${a.standardError}, spread ${b.standardError}`)
    // The whole table: the exact count, no error.
    const whole = await sampledCountWithError(deps.db, {
      table: 'companies',
      category: null,
      where: spread,
      percent: 100,
    })
    assert.deepEqual(whole, { estimate: 12_000, standardError: 0 })
  })
})
