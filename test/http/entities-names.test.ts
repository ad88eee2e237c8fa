// Lookups by name (data-routes §4.3; docs/entities-and-org-chart.md §1 "Name lookups"): a name
// that nothing stored fits is a miss, a near spelling of a stored name is found. Companies and
// people stored through the admin ingest route; then a sample of the S&P 500 file
// (../shared/datasets/sp500-companies, read at test time): every stored name found in the spellings
// a user sends, the companies left out missing.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { datasetsPresent, sp500Companies } from '../support/dataset-samples.ts'
import { expectStatus, type Res } from '../support/http.ts'
import { ADMIN_TOKEN, startTestServer, useTestServer, type TestServer } from '../support/server.ts'

type Hit = { id: string; found: boolean; matches: Record<string, unknown>[] }
const hits = (res: Res) => res.body.results as Hit[]

async function ingest(api: TestServer, category: 'company' | 'person', records: Record<string, unknown>[]) {
  const res = await api.request('POST', `/admin/v1/corpus/${category}`, {
    rawBody: records.map((r) => JSON.stringify(r)).join('\n') + '\n',
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
  })
  expectStatus(res, 200)
  assert.equal(res.body.rejected, 0, JSON.stringify(res.body))
}

/** Looks `names` up by name, 50 a request (the cap); one hit per name, in order. */
async function lookup(api: TestServer, key: string, path: 'companies' | 'persons', names: string[]): Promise<Hit[]> {
  const out: Hit[] = []
  for (let i = 0; i < names.length; i += 50) {
    const ids = names.slice(i, i + 50)
    const res = await api.post(`/v1/entities/${path}`, { key, body: { ids, by: 'name' } })
    expectStatus(res, 200)
    assert.equal(res.body.total, hits(res).filter((h) => h.found).length)
    out.push(...hits(res))
  }
  return out
}

/** name → the account_name it found (null: a miss, which has no matches). */
function answers(names: string[], found: Hit[], field = 'account_name'): Record<string, string | null> {
  return Object.fromEntries(
    names.map((n, i) => {
      const h = found[i]!
      assert.equal(h.id, n)
      assert.equal(h.found, h.matches.length > 0)
      return [n, (h.matches[0]?.[field] as string | undefined) ?? null]
    }),
  )
}

const server = useTestServer()

describe('POST /v1/entities/companies by name', () => {
  test('a name nothing stored fits is a miss, however much of it a stored name shares', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.entities.read'] })
    // What these lookups answered before the floor: each shares a word, a legal word or letters.
    await ingest(api, 'company', [
      { account_name: 'Q Holdings', domain: 'qholdings.example' },
      { account_name: 'RocketSDR', domain: 'rocketsdr.example' },
      { account_name: 'At The Pool', domain: 'atthepool.example' },
      { account_name: 'Electro-Petroleum', domain: 'electro-petroleum.example' },
      { account_name: 'Southern Company', domain: 'southernco.example' },
      { account_name: 'General Mills', domain: 'generalmills.example' },
      { account_name: 'Vistra Corp', domain: 'vistra.example' },
    ])
    const misses = [
      'Zyxwv Holdings',
      'Acme Rockets Intl',
      'AT&T',
      'Marathon Petroleum',
      'Norfolk Southern',
      'General Motors',
      'Vista',
      'Holdings Inc',
    ]
    const res = await api.post('/v1/entities/companies', { key, body: { ids: misses, by: 'name' } })
    expectStatus(res, 200)
    assert.deepEqual(
      hits(res).map((h) => [h.id, h.found, h.matches.length]),
      misses.map((n) => [n, false, 0]),
    )
    assert.equal(res.body.total, 0)
  })

  test('near spellings of a stored name find it: legal words, case, punctuation, "The", one typo', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.entities.read'] })
    await ingest(api, 'company', [
      { account_name: 'The Goldman Sachs Group, Inc.', domain: 'goldmansachs.example' },
      { account_name: 'AT&T', domain: 'att.example' },
      { account_name: 'Coca-Cola', domain: 'coca-cola.example' },
      { account_name: 'A. O. Smith', domain: 'aosmith.example' },
      { account_name: "McDonald's Corporation", domain: 'mcdonalds.example' },
      { account_name: 'JPMorgan Chase & Co.', domain: 'jpmorganchase.example' },
      { account_name: '3M', domain: '3m.example' },
      { account_name: 'Alphabet Inc. (Class A)', domain: 'abc.example' },
    ])
    const expected: Record<string, string> = {
      'Goldman Sachs': 'The Goldman Sachs Group, Inc.',
      'goldman sachs group': 'The Goldman Sachs Group, Inc.',
      'Goldmann Sachs': 'The Goldman Sachs Group, Inc.',
      'AT&T Inc.': 'AT&T',
      'at&t': 'AT&T',
      'The Coca-Cola Company': 'Coca-Cola',
      'COCA COLA': 'Coca-Cola',
      'CocaCola Co': 'Coca-Cola',
      'AO Smith Corp': 'A. O. Smith',
      McDonalds: "McDonald's Corporation",
      'J.P. Morgan Chase': 'JPMorgan Chase & Co.',
      JPMorgan: 'JPMorgan Chase & Co.',
      '3M Company': '3M',
      Alphabet: 'Alphabet Inc. (Class A)',
    }
    const names = Object.keys(expected)
    assert.deepEqual(answers(names, await lookup(api, key, 'companies', names)), expected)
    // The decoys of the first test are stored too: "AT&T" still answers AT&T, not At The Pool.
    assert.deepEqual(
      answers(['AT&T', 'Zyxwv Holdings'], await lookup(api, key, 'companies', ['AT&T', 'Zyxwv Holdings'])),
      {
        'AT&T': 'AT&T',
        'Zyxwv Holdings': null,
      },
    )
  })
})

describe('POST /v1/entities/persons by name', () => {
  test('honorifics and suffixes do not count, every name sent must be there, one typo in a longer name passes', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.entities.read'] })
    await ingest(api, 'person', [
      { name: 'Jane Doe', profile_url: 'https://www.linkedin.com/in/jane-doe-names' },
      { name: 'John Smith', profile_url: 'https://www.linkedin.com/in/john-smith-names' },
      { name: 'Li Wen', profile_url: 'https://www.linkedin.com/in/li-wen-names' },
    ])
    const expected: Record<string, string | null> = {
      'Dr. Jane Doe PhD': 'Jane Doe',
      'jane doe': 'Jane Doe',
      'Smith, John': 'John Smith',
      'Jon Smith': 'John Smith',
      'Li Wei': null,
      'Jane Smith': null,
      'John Smithers': null,
      'Mr. Zyxwv': null,
    }
    const names = Object.keys(expected)
    assert.deepEqual(answers(names, await lookup(api, key, 'persons', names), 'name'), expected)
  })
})

describe(
  'by name on a sample of the S&P 500 file',
  { skip: !datasetsPresent() && 'no ../shared/datasets here' },
  () => {
    test('every stored company found in the spellings a user sends; the companies not stored missing', async (t) => {
      const api = await startSp500()
      t.after(() => api.server.close())
      const { key } = await api.server.admin.workspaceWithKey({ scopes: ['dsp.entities.read'] })
      const { loaded, left, ciksOf } = api

      // 1. Stored names, as sent by users: case, punctuation, a legal word added or dropped, "The".
      const variants = loaded.flatMap((c) => spellings(c.name).map((name) => ({ name, cik: c.cik })))
      const foundStored = await lookup(
        api.server,
        key,
        'companies',
        variants.map((v) => v.name),
      )
      const wrong = variants.flatMap((v, i) => {
        const m = foundStored[i]!.matches[0]
        const cik = m ? ciksOf.get(m.source_id as string) : undefined
        return cik === v.cik ? [] : [`${v.name} → ${m ? (m.account_name as string) : 'miss'}`]
      })
      assert.deepEqual(wrong, [], `${wrong.length} of ${variants.length} spellings of stored names not found`)

      // 2. Companies left out of the sample: a miss, unless the file says it is a stored company
      // (another share class, same CIK) or its whole name begins a stored one ("FedEx" /
      // "FedEx Freight": the documented rule lets a stored name add a word).
      const storedCiks = new Set(loaded.map((c) => c.cik))
      const mustMiss = left.filter((c) => !storedCiks.has(c.cik) && !loaded.some((s) => beginsWith(s.name, c.name)))
      const sameCompany = left.filter((c) => storedCiks.has(c.cik))
      const foundLeft = await lookup(
        api.server,
        key,
        'companies',
        mustMiss.map((c) => c.name),
      )
      const falseHits = mustMiss.flatMap((c, i) =>
        foundLeft[i]!.found ? [`${c.name} → ${foundLeft[i]!.matches[0]!.account_name as string}`] : [],
      )
      assert.deepEqual(falseHits, [], `${falseHits.length} of ${mustMiss.length} companies not stored were found`)
      const foundClasses = await lookup(
        api.server,
        key,
        'companies',
        sameCompany.map((c) => c.name),
      )
      sameCompany.forEach((c, i) =>
        assert.equal(ciksOf.get(foundClasses[i]!.matches[0]?.source_id as string), c.cik, c.name),
      )
      assert.ok(mustMiss.length > 200, `${mustMiss.length} companies checked as misses`)
    })
  },
)

/** A server of its own with every other row of the file stored (source_id = ticker); the rest left out. */
async function startSp500() {
  const api = await startTestServer()
  const rows = sp500Companies()
  const loaded = rows.filter((_, i) => i % 2 === 0)
  const left = rows.filter((_, i) => i % 2 === 1)
  await ingest(
    api,
    'company',
    loaded.map((c) => ({ account_name: c.name, source_id: `sp500:${c.symbol}` })),
  )
  const ciksOf = new Map(loaded.map((c) => [`sp500:${c.symbol}`, c.cik]))
  return { server: api, loaded, left, ciksOf }
}

/** How users write a stored name: as is, lower and upper case, without punctuation, with or without "Inc." and "The". */
function spellings(name: string): string[] {
  const suffix = /,?\s+(Inc\.?|Corporation|Corp\.?|Company|Co\.|plc|N\.V\.|Ltd\.?)$/i
  const out = new Set([name, name.toLowerCase(), name.toUpperCase(), name.replace(/[.,'’]/g, '')])
  out.add(suffix.test(name) ? name.replace(suffix, '') : `${name}, Inc.`)
  if (!/^the\s/i.test(name)) out.add(`The ${name}`)
  return [...out]
}

/** True when the words of `name` start with every word of `start` (case and punctuation aside). */
function beginsWith(name: string, start: string): boolean {
  const words = (s: string) =>
    s
      .toLowerCase()
      .split(/[^a-z0-9&]+/)
      .filter(Boolean)
  const [n, s] = [words(name), words(start)]
  return s.length < n.length && s.every((w, i) => n[i] === w)
}
