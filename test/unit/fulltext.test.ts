// Full-text analysis in the process (retrieval/fulltext.ts) against PostgreSQL's own `english`
// configuration, run in the embedded store (and in the PostgreSQL server when
// DSP_TEST_DATABASE_URL is set): every word of a slice of the demo corpus gets the lexeme
// to_tsvector gives it, and whole record texts give the same weighted tsvector, positions
// included. Where PostgreSQL's parser sees more than words, the documented differences hold.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { createDemoCorpus } from '../../src/corpus/demo/index.ts'
import type { IngestCategory } from '../../src/contract/records.ts'
import { prepareRecord } from '../../src/domain/corpus/prepare.ts'
import { recordTexts } from '../../src/domain/corpus/record-texts.ts'
import {
  lexemeOf,
  phraseTsqueryText,
  termLexemes,
  textLexemes,
  tsqueryText,
  weightedTsvector,
  wordsCondition,
} from '../../src/retrieval/fulltext.ts'

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
const stores: { name: string; query: Query; close: () => Promise<void> }[] = []

before(async () => {
  const lite = await PGlite.create()
  stores.push({ name: 'PGlite', query: (t, p) => lite.query(t, p), close: () => lite.close() })
  if (process.env.DSP_TEST_DATABASE_URL) {
    const client = new pg.Client(process.env.DSP_TEST_DATABASE_URL)
    await client.connect()
    stores.push({ name: 'PostgreSQL', query: (t, p) => client.query(t, p), close: () => client.end() })
  }
})
after(async () => {
  for (const s of stores) await s.close()
})

const corpus = createDemoCorpus({ scale: 'small' })
const SECRET = 'fulltext-test'
function textsOf(category: IngestCategory, records: Iterable<unknown>) {
  return [...records].map((r) => {
    const p = prepareRecord(category, JSON.parse(JSON.stringify(r)), SECRET)
    if (!p.ok) throw new Error(p.reason)
    return recordTexts(category as 'company', p.value.record)
  })
}
const TEXTS = [...textsOf('company', corpus.companies(0, 150)), ...textsOf('person', corpus.persons(0, 150))]
// What both analysers read the same way: words separated by spaces and plain punctuation.
const plain = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, ' ')

describe('full-text analysis in the process = PostgreSQL english', () => {
  test('every word of the texts gets the lexeme PostgreSQL gives it (stop words: none)', async () => {
    const words = new Set<string>()
    for (const t of TEXTS) for (const w of plain(`${t.a} ${t.b} ${t.c}`).toLowerCase().split(' ')) if (w) words.add(w)
    // Plus the shapes the rules single out: digits, mixed letters and digits, accents, stop words.
    for (const w of ['2024', 'b2b', 'web3', '3d', 'zürich', 'société', 'running', 'the', 'and', 's', 'don'])
      words.add(w)
    const list = [...words]
    assert.ok(list.length > 1000, `only ${list.length} words`)
    for (const store of stores) {
      const { rows } = await store.query(
        `select w, coalesce((select array_agg(lexeme) from unnest(to_tsvector('english', w))), '{}') as l from unnest($1::text[]) w`,
        [list],
      )
      const wrong = rows
        .map((r) => ({ w: r.w as string, want: (r.l as string[])[0] ?? null }))
        .filter(({ w, want }) => lexemeOf(w) !== want)
        .slice(0, 10)
      assert.deepEqual(wrong, [], `${store.name}: words analysed differently`)
    }
  })

  test('whole records give the same weighted tsvector, positions and weights included', async () => {
    for (const store of stores) {
      for (const t of TEXTS) {
        const [a, b, c] = [plain(t.a), plain(t.b), plain(t.c)]
        const ours = weightedTsvector([
          [a, 'A'],
          [b, 'B'],
          [c, 'C'],
        ])
        const { rows } = await store.query(
          `select $1::tsvector::text as ours, (setweight(to_tsvector('english', $2), 'A') || setweight(to_tsvector('english', $3), 'B') || setweight(to_tsvector('english', $4), 'C'))::text as theirs`,
          [ours, a, b, c],
        )
        assert.equal(rows[0]!.ours, rows[0]!.theirs, `${store.name}: ${a.slice(0, 60)}`)
      }
    }
  })

  test('stop words keep their positions inside a part; a part of stop words only moves nothing (as ||)', () => {
    assert.equal(weightedTsvector([['', 'A']]), '')
    assert.equal(weightedTsvector([['the cloud of clouds', 'A']]), "'cloud':2A,4A")
    assert.equal(
      weightedTsvector([
        ['the and of', 'A'],
        ['cloud', 'B'],
      ]),
      "'cloud':1B",
    )
  })

  test('beyond words: compounds, hosts and decimals index their words', () => {
    assert.equal(weightedTsvector([['acme-widgets.com', 'A']]), "'acm':1A 'widget':2A 'com':3A")
    assert.equal(weightedTsvector([['version 3.5', 'C']]), "'version':1C '3':2C '5':3C")
  })

  test('queries: stemmed like records, punctuation inside a term joins its parts, stop words only → null', () => {
    assert.equal(tsqueryText(['Payments', 'cloud'], 'any'), "'payment' | 'cloud'")
    assert.equal(tsqueryText(['payments', 'cloud'], 'all'), "'payment' & 'cloud'")
    assert.equal(tsqueryText(['e-mail'], 'any'), "'email'")
    assert.equal(tsqueryText(['the', 'of'], 'any'), null)
    assert.equal(tsqueryText(['B2B'], 'any'), "'b2b'")
    assert.deepEqual(termLexemes(['Payments', 'the', 'payment', 'cloud']), ['payment', 'cloud'])
  })

  test('a phrase query is what phraseto_tsquery gives: lexemes in order, stop words keep their distance', async () => {
    const phrases = [
      'Attention Is All You Need',
      'cloud payments platform',
      'the cat of the dog runs',
      'Learning to rank with B2B data',
      'A method of the one',
    ]
    for (const store of stores) {
      for (const text of phrases) {
        const r = await store.query(`select phraseto_tsquery('english', $1)::text as q`, [text])
        const expected = String(r.rows[0]!.q)
        // One lexeme is no phrase here (the term itself ranks it).
        assert.equal(phraseTsqueryText(text), expected.includes('<') ? expected : null, `${store.name}: ${text}`)
      }
      // And a record holding the words in that order matches it.
      const m = await store.query(`select to_tsvector('english', $1) @@ $2::tsquery as m`, [
        'we study the cat of the dog runs daily',
        phraseTsqueryText('the cat of the dog runs'),
      ])
      assert.equal(m.rows[0]!.m, true)
    }
  })
})

describe('words a filter implies (search/text-side.ts impliedLexemes)', () => {
  test('a value gives the lexemes weightedTsvector indexes it with', () => {
    assert.deepEqual([...textLexemes('Data Science')], ['data', 'scienc'])
    assert.deepEqual([...textLexemes('Human Resources')], ['human', 'resourc'])
    const indexed = weightedTsvector([['Research and Development', 'B']])
    assert.deepEqual(
      [...textLexemes('Research and Development')],
      indexed.split(' ').map((e) => e.slice(1, e.indexOf("'", 1))),
    )
  })

  test('all terms: the implied ones leave the condition; any term: one implied is the whole condition', () => {
    const implied = new Set(['data'])
    assert.deepEqual(wordsCondition(['data', 'pipelines'], 'all', implied), {
      tsquery: "'pipelin'",
      lexemes: ['pipelin'],
    })
    assert.deepEqual(wordsCondition(['data', 'pipelines'], 'any', implied), { implied: true })
    assert.deepEqual(wordsCondition(['data'], 'all', implied), { implied: true })
    assert.deepEqual(wordsCondition(['cloud', 'pipelines'], 'any', implied), {
      tsquery: "'cloud' | 'pipelin'",
      lexemes: ['cloud', 'pipelin'],
    })
    // Nothing implied: the terms' own tsquery; stop words only: nothing matches.
    assert.deepEqual(wordsCondition(['cloud', 'payments'], 'all', new Set()), {
      tsquery: tsqueryText(['cloud', 'payments'], 'all'),
      lexemes: ['cloud', 'payment'],
    })
    assert.equal(wordsCondition(['the', 'of'], 'all', implied), null)
  })
})
