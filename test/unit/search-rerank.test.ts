// deep's re-rank of page 1 (docs/search.md, Modes, deep): a rarity-weighted share of the query's
// content words orders near ties; a row passes one ranked above it only when it carries every
// content word that row carries and more; the first row stays first.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rerank } from '../../src/domain/search/deep.ts'
import { termLexemes } from '../../src/retrieval/fulltext.ts'

const plan = { semantic_query: 'quantitative methods biology' }
const [quantitative, methods, biology] = termLexemes(['quantitative', 'methods', 'biology']) as [string, string, string]
// "methods" is common, "quantitative" and "biology" rare.
const idf = new Map([
  [quantitative, 3],
  [methods, 0.3],
  [biology, 3],
])
const row = (id: string, score: number, title: string) => ({ id, category: 'academic_report', score, title })
const order = (rows: Record<string, unknown>[]) => rows.map((r) => r.id)

describe("deep's re-rank", () => {
  test('a row carrying other words than the row above it keeps its place, however many', () => {
    const rows = [
      row('first', 0.9, 'A survey'),
      row('biology', 0.8, 'Models of biology'),
      row('quantitative', 0.799, 'Quantitative methods for text'),
    ]
    // Its blended key is the higher (more of the words' weight, nearly the same score).
    assert.deepEqual(order(rerank(plan, rows, idf)), ['first', 'biology', 'quantitative'])
  })

  test('a row carrying every word of the row above it and more passes it when the scores are close', () => {
    const rows = [
      row('first', 0.9, 'A survey'),
      row('biology', 0.8, 'Models of biology'),
      row('both', 0.79, 'Quantitative biology'),
    ]
    assert.deepEqual(order(rerank(plan, rows, idf)), ['first', 'both', 'biology'])
  })

  test('words weigh their rarity: one more common word does not outweigh a clear score gap', () => {
    const rows = [
      row('first', 0.9, 'A survey'),
      row('biology', 0.8, 'Models of biology'),
      row('common', 0.79, 'Methods in biology'),
    ]
    // Unweighted, "methods" would add a third of the share (0.033 of the key) and pass a 0.01 gap.
    assert.deepEqual(order(rerank(plan, rows, idf)), ['first', 'biology', 'common'])
  })

  test('the first row stays first; the scores descend with the order', () => {
    const rows = [
      row('first', 0.9, 'A survey'),
      row('all', 0.89, 'Quantitative methods in biology'),
      row('none', 0.5, 'Another survey'),
    ]
    const got = rerank(plan, rows, idf)
    assert.deepEqual(order(got), ['first', 'all', 'none'])
    const scores = got.map((r) => r.score as number)
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    )
  })
})
