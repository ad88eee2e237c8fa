// Broad words (docs/search-ranking.md, "Broad words"): past a number of records holding the words,
// a text list ranks a bounded number of them, the first in the category's quality order (employee
// count for companies) and every record the query names; below it, every match is ranked. The
// bound is lowered here so that 30 records reach it (at its default it starts at 50,000).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { compileWhere, defaultOrder } from '../../src/domain/search/compile.ts'
import type { Filters } from '../../src/store/search-filters.ts'
import { termRarity } from '../../src/domain/search/rarity.ts'
import { BROAD_CANDIDATES, BROAD_MATCHES } from '../../src/domain/search/retrieval-plan.ts'
import { wordsCount } from '../../src/domain/search/retrieve.ts'
import {
  CHECKED_WORDS_RATIO,
  bestTextScore,
  impliedLexemes,
  plannedFiltered,
  textList,
  wordsChecked,
} from '../../src/domain/search/text-side.ts'
import { plannedRows } from '../../src/store/search.ts'
import { textCandidates, wordsMatch } from '../../src/store/search-text.ts'
import { expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

// 30 companies say "widget" once, the larger the earlier; a small one says it four times (the best
// words score of all); the smallest is named "Widget" (the query's name).
const companies = [
  ...Array.from({ length: 30 }, (_, i) => ({
    account_name: `Gearworks ${i}`,
    domain: `gearworks${i}.example`,
    description: `Widget maker for ${i % 2 ? 'factories' : 'shops'} and more industrial customers everywhere.`,
    industry: i < 27 ? 'Machinery' : 'Retail',
    employee_count: 10_000 - i * 100,
  })),
  {
    account_name: 'Widget Widget Co',
    domain: 'widgetwidget.example',
    description: 'Widget widgets.',
    industry: 'Retail',
    employee_count: 20,
  },
  { account_name: 'Widget', domain: 'widget.example', description: 'Widget.', industry: 'Retail', employee_count: 5 },
]

async function seeded(api: TestServer) {
  const body = await api.admin.ingest('company', companies)
  assert.equal(body.rejected, 0, JSON.stringify(body))
}

async function idOf(api: TestServer, domain: string): Promise<string> {
  const r = await sql<{ id: string }>`select id from companies where domain = ${domain}`.execute(api.app.deps.db)
  return r.rows[0]!.id
}

async function widgetList(api: TestServer, filters: Filters = {}) {
  const deps = api.app.deps
  const plan = { category: 'company' as const, filters, include_domains: [] as string[] }
  const where = compileWhere(deps, plan)
  const idf = await termRarity(deps, 'company', ['widget'])
  return textList(deps, 'company', {
    where,
    planned: plannedFiltered(deps, plan, where),
    implied: impliedLexemes('company', filters),
    terms: ['widget'],
    limit: 100,
    match: 'any',
    ranking: { idf, phrase: null, name: 'widget' },
  })
}

describe('search: broad words', () => {
  test('the bound is where the docs put it', () => {
    assert.equal(BROAD_MATCHES, 50_000)
    assert.equal(BROAD_CANDIDATES, 2_000)
  })

  test('below the bound every match is ranked; past it, the first in quality order and the named record', async () => {
    const api = await server()
    await seeded(api)
    const deps = api.app.deps
    const best = await idOf(api, 'widgetwidget.example')
    const named = await idOf(api, 'widget.example')
    const largest = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => idOf(api, `gearworks${i}.example`)))

    const all = await widgetList(api)
    assert.equal(all.length, 32, 'every record holding the word')
    assert.equal(all[0]!.id, named, 'the record named by the query first')
    assert.equal(all[1]!.id, best, 'then the best words score')

    deps.searchCaches.broad.matches = 5
    deps.searchCaches.broad.candidates = 10
    try {
      const bounded = await widgetList(api)
      const ids = bounded.map((r) => r.id)
      assert.deepEqual(new Set(ids), new Set([...largest, named]), 'the 10 largest and the named record')
      assert.equal(ids[0], named)
      assert.ok(!ids.includes(best), 'a small record past the first 10 in quality order is not ranked')
      for (let i = 1; i < bounded.length; i++) assert.ok(bounded[i - 1]!.rank >= bounded[i]!.rank, 'best first')

      // A filter that leaves fewer matches than the bound: every one of them is ranked.
      const retail = await widgetList(api, { industry: { include: ['retail'] } })
      assert.equal(retail.length, 5)
      assert.equal(retail[1]!.id, best)

      // The best words score under a filter reads the same bounded list (auto's relax check).
      const score = await bestTextScore(deps, { category: 'company', filters: {}, include_domains: [] }, ['widget'])
      const ranked = await textList(deps, 'company', {
        where: sql`true`,
        planned: null,
        implied: new Set(),
        terms: ['widget'],
        limit: 100,
        match: 'any',
        ranking: { idf: await termRarity(deps, 'company', ['widget']), phrase: null, name: null },
      })
      assert.equal(ranked.length, 10, 'no named record without a name')
      assert.equal(score, ranked[0]!.rank)

      // Over HTTP: the search answers, and the named record still leads.
      const { key } = await api.admin.workspaceWithKey()
      const res = await api.post('/v1/search', {
        key,
        body: { category: 'company', query: 'widget', mode: 'fast', limit: 5 },
      })
      expectStatus(res, 200)
      assert.equal(res.body.results[0].id, named)
    } finally {
      deps.searchCaches.broad.matches = BROAD_MATCHES
      deps.searchCaches.broad.candidates = BROAD_CANDIDATES
    }
  })
})

describe('search: broad words under a narrow filter', () => {
  test('the words are checked on the records of a filter the planner expects to be small', async () => {
    const api = await server()
    await seeded(api)
    const deps = api.app.deps
    const whereOf = (filters: Filters, include_domains: string[] = []) =>
      compileWhere(deps, { category: 'company', filters, include_domains })
    const oneDomain = whereOf({}, ['widget.example'])
    const machinery = whereOf({ industry: { include: ['Machinery'] } })
    const planned = (where: ReturnType<typeof whereOf>) =>
      plannedRows(deps.db, { table: 'companies', category: null, where })
    const checked = (where: ReturnType<typeof whereOf>, constrained = true, stopAfter = 10) =>
      wordsChecked(deps, 'company', {
        planned: constrained ? () => planned(where) : null,
        lexemes: ['widget'],
        match: 'any',
        stopAfter,
      })
    // 32 records hold "widget". With the table's statistics read, the planner expects one record
    // for a domain, 27 for the industry Machinery.
    await sql`analyze companies`.execute(deps.db)
    assert.ok((await planned(oneDomain)) * CHECKED_WORDS_RATIO <= 32, `one domain: ${await planned(oneDomain)} planned`)
    assert.ok((await planned(machinery)) * CHECKED_WORDS_RATIO > 32, `Machinery: ${await planned(machinery)} planned`)

    assert.equal(await checked(oneDomain), false, 'words that are not broad are read from the full-text index')
    deps.searchCaches.broad.matches = 5
    try {
      assert.equal(await checked(oneDomain), true, 'broad words, a narrow filter: checked on its records')
      assert.equal(await checked(machinery), false, 'a filter not narrow enough: the full-text index')
      // Stopping at the first match, a statement reads about 32 ÷ 32 of the industry's records.
      assert.equal(await checked(machinery, true, 1), true, 'a statement that stops early: checked')
      assert.equal(await checked(sql`true`, false), false, 'no filter: the full-text index')

      // Checked or read from the index, the list and the count are the same.
      const idf = await termRarity(deps, 'company', ['widget'])
      for (const where of [oneDomain, machinery]) {
        const list = (checkedWords: boolean) =>
          textCandidates(deps.db, {
            table: 'companies',
            category: null,
            where,
            terms: ['widget'],
            limit: 100,
            match: 'any',
            ranking: { idf, phrase: null, name: null },
            bound: { candidates: 10, order: defaultOrder('company') },
            checked: checkedWords,
          })
        assert.deepEqual(await list(true), await list(false))
        const matched = (checkedWords: boolean) =>
          sql<{
            n: number
          }>`select count(*)::int as n from companies c where ${where} and ${wordsMatch('c', "'widget'", checkedWords)}`
            .execute(deps.db)
            .then((r) => r.rows[0]!.n)
        assert.equal(await matched(true), await matched(false))
      }
      const plan = { category: 'company', filters: {}, include_domains: ['widget.example'] } as unknown as Parameters<
        typeof wordsCount
      >[1]
      assert.deepEqual(await wordsCount(deps, plan, oneDomain, ['widget'], 'any'), { count: 1, estimated: false })

      // Over HTTP: the domain's record is found by the words.
      const { key } = await api.admin.workspaceWithKey()
      const res = await api.post('/v1/search', {
        key,
        body: {
          category: 'company',
          query: 'widget',
          mode: 'fast',
          include_domains: ['widget.example'],
        },
      })
      expectStatus(res, 200)
      assert.deepEqual(
        res.body.results.map((r: { domain: string }) => r.domain),
        ['widget.example'],
      )
    } finally {
      deps.searchCaches.broad.matches = BROAD_MATCHES
    }
  })
})

describe('search: indexes in search order', () => {
  /** The plan of a statement with sequential scans and sorts priced out: which indexes can serve it. */
  async function planOf(api: TestServer, statement: ReturnType<typeof sql>) {
    return api.app.deps.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      await sql`set local enable_sort = off`.execute(trx)
      const r = await sql<Record<string, string>>`explain ${statement}`.execute(trx)
      return r.rows.map((row) => Object.values(row)[0]).join('\n')
    })
  }

  test("a list filter's lower(column) and the default company and person orders are read from indexes", async () => {
    const api = await server()
    await seeded(api)
    const deps = api.app.deps
    const industry = compileWhere(deps, {
      category: 'company',
      filters: { industry: { include: ['Retail'] } },
      include_domains: [],
    })
    assert.match(await planOf(api, sql`select id from companies c where ${industry}`), /companies_industry_lower_idx/)
    const place = compileWhere(deps, {
      category: 'person',
      filters: { geo: { include: [{ value: 'Germany', level: 'country' }] } },
      include_domains: [],
    })
    assert.match(await planOf(api, sql`select id from persons p where ${place}`), /persons_country_lower_idx/)
    assert.match(
      await planOf(api, sql`select id from companies c order by c.employee_count desc nulls last, c.id limit 20`),
      /companies_quality_idx/,
    )
    assert.match(
      await planOf(api, sql`select id from companies c order by c.revenue desc nulls last limit 20`),
      /companies_revenue_desc_idx/,
    )
    const people = sql.join(defaultOrder('person'))
    assert.match(await planOf(api, sql`select id from persons p order by ${people} limit 20`), /persons_quality_idx/)
  })

  test('words checked on the filtered records are not read from the full-text index', async () => {
    const api = await server()
    await seeded(api)
    const words = (checked: boolean) => sql`select id from companies c where ${wordsMatch('c', "'widget'", checked)}`
    assert.match(await planOf(api, words(false)), /companies_tsv_idx/)
    assert.doesNotMatch(await planOf(api, words(true)), /companies_tsv_idx/)
  })
})
