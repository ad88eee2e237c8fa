// Words a filter implies (search/text-side.ts impliedLexemes): a filter on a column a record's own
// words index (FILTERS_IN_WORDS) makes every record passing it hold the words of the value it
// matched, so a text list does not ask for those words again (only ranks by them). Checked on the
// demo corpus, both stores: the premise for every value the corpus holds, and text lists with and
// without the implication give the same records in the same order, bounded or not.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import type { EntityCategory } from '../../src/contract/records.ts'
import { compileWhere } from '../../src/domain/search/compile.ts'
import { termRarity } from '../../src/domain/search/rarity.ts'
import { TABLE } from '../../src/domain/search/retrieval-plan.ts'
import { FILTERS_IN_WORDS, impliedLexemes, plannedFiltered, textList } from '../../src/domain/search/text-side.ts'
import { termLexemes } from '../../src/retrieval/fulltext.ts'
import type { Filters } from '../../src/store/search-filters.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

/** The columns each filter of FILTERS_IN_WORDS compares (the department filter: either level). */
const COLUMNS: Record<string, string[]> = {
  department: ['department', 'sub_department'],
  industry: ['industry'],
  sub_industry: ['sub_industry'],
}

async function valuesOf(api: TestServer, category: EntityCategory, name: string): Promise<string[]> {
  const table = sql.table(TABLE[category])
  const values = new Set<string>()
  for (const column of COLUMNS[name]!) {
    const r = await sql<{
      v: string
    }>`select distinct ${sql.ref(column)} as v from ${table} where ${sql.ref(column)} is not null`.execute(
      api.app.deps.db,
    )
    for (const row of r.rows) values.add(row.v)
  }
  return [...values]
}

const where = (api: TestServer, category: EntityCategory, filters: Filters) =>
  compileWhere(api.app.deps, { category, filters, include_domains: [] })

async function lists(
  api: TestServer,
  category: EntityCategory,
  filters: Filters,
  terms: string[],
  match: 'all' | 'any',
) {
  const deps = api.app.deps
  const idf = await termRarity(deps, category, termLexemes(terms))
  const filtered = where(api, category, filters)
  const args = {
    where: filtered,
    planned: plannedFiltered(deps, { category, filters, include_domains: [] }, filtered),
    terms,
    limit: 200,
    match,
    ranking: { idf, phrase: null, name: null },
  }
  const implied = impliedLexemes(category, filters)
  return {
    implied,
    with: await textList(deps, category, { ...args, implied }),
    without: await textList(deps, category, { ...args, implied: new Set() }),
  }
}

describe('words a filter implies', () => {
  test('every record passing such a filter holds the words of its value', async () => {
    const api = await server()
    for (const [category, names] of Object.entries(FILTERS_IN_WORDS) as [EntityCategory, string[]][])
      for (const name of names) {
        assert.ok(COLUMNS[name], `${name}: this test names the columns it compares`)
        const values = await valuesOf(api, category, name)
        assert.ok(values.length > 1, `${category} ${name}: the demo corpus holds values`)
        for (const value of values) {
          const filters = { [name]: { include: [value] } }
          const implied = [...impliedLexemes(category, filters)]
          if (implied.length === 0) continue
          const tsq = implied.map((l) => `'${l}'`).join(' & ')
          const r = await sql<{ passing: number; lacking: number }>`select count(*)::int as passing,
              count(*) filter (where not tsv @@ ${tsq}::tsquery)::int as lacking
            from ${sql.table(TABLE[category])} as ${sql.raw(TABLE[category] === 'companies' ? 'c' : 'p')}
            where ${where(api, category, filters)}`.execute(api.app.deps.db)
          assert.ok(r.rows[0]!.passing > 0, `${name} = ${value}`)
          assert.equal(r.rows[0]!.lacking, 0, `${category} ${name} = ${value}: records lacking ${tsq}`)
        }
      }
  })

  test('a text list asks the filter, not the word, and answers the same records in the same order', async () => {
    const api = await server()
    const deps = api.app.deps
    const science = { department: { include: ['Data Science'] } }
    const cases: [EntityCategory, Filters, string[], 'all' | 'any'][] = [
      ['person', science, ['data'], 'any'],
      ['person', science, ['data', 'engineer'], 'all'],
      ['person', science, ['data', 'engineer'], 'any'],
      ['person', { department: { include: ['Data Science', 'Engineering'] } }, ['data', 'platform'], 'any'],
    ]
    const [industry] = await valuesOf(api, 'company', 'industry')
    const words = industry!.split(/\W+/).filter(Boolean)
    cases.push(['company', { industry: { include: [industry!] } }, words, 'all'])
    cases.push(['company', { industry: { include: [industry!] } }, [words[0]!, 'software'], 'any'])
    const saved = { ...deps.searchCaches.broad }
    try {
      for (const bounded of [false, true]) {
        // Bounded: every word counts as broad, so the lists rank the first matches in quality order.
        if (bounded) Object.assign(deps.searchCaches.broad, { matches: 0, candidates: 20 })
        for (const [category, filters, terms, match] of cases) {
          const got = await lists(api, category, filters, terms, match)
          const label = `${JSON.stringify(filters)} ${terms.join(' ')} (${match}${bounded ? ', bounded' : ''})`
          assert.ok(got.without.length > 0, label)
          assert.deepEqual(got.with, got.without, label)
        }
      }
      // Two departments imply only the words they share: none here.
      assert.equal(impliedLexemes('person', { department: { include: ['Data Science', 'Engineering'] } }).size, 0)
      assert.deepEqual([...impliedLexemes('person', science)], ['data', 'scienc'])
      // A company filter on a person search reads the employer: it implies nothing of the person's words.
      assert.equal(impliedLexemes('person', { industry: { include: [industry!] } }).size, 0)
    } finally {
      Object.assign(deps.searchCaches.broad, saved)
    }
  })
})
