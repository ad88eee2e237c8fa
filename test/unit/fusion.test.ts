// Fusion of the words' and the meaning's lists (src/domain/search/fusion.ts fuseBySureness):
// weighted by how sure each list is, a name the query spells first. docs/search-ranking.md, "Ranking".
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fuse, fuseBySureness, sureness } from '../../src/domain/search/fusion.ts'
import { idfOf } from '../../src/domain/search/rarity.ts'

const list = (scores: number[], prefix: string) => scores.map((score, i) => ({ id: `${prefix}${i}`, score }))

describe('fusion by sureness', () => {
  test('sureness: a head far above its tenth is sure, a flat list is not', () => {
    assert.equal(sureness([]), 0)
    assert.equal(sureness(list([5], 'a')), 1)
    assert.ok(sureness(list([10, 2, 2, 2, 2, 2, 2, 2, 2, 1], 'a')) > 0.85)
    assert.ok(sureness(list([0.62, 0.61, 0.61, 0.6, 0.6, 0.6, 0.6, 0.59, 0.59, 0.59], 'v')) < 0.05)
  })

  test('a clear lexical first stays first against a flat list of neighbours it is not in (reciprocal rank buries it)', () => {
    // Words: "mux" first by far; meaning: 30 near neighbours, the 20th to 30th also in the words' list.
    const words = [{ id: 'mux', score: 9 }, ...list(Array(29).fill(1.5), 'n')]
    const meaning = list(
      Array.from({ length: 30 }, (_, i) => 0.62 - i * 0.001),
      'n',
    ).reverse()
    assert.equal(
      fuseBySureness([
        { hits: words, weight: 1 },
        { hits: meaning, weight: 1 },
      ])[0]!.id,
      'mux',
    )
    const rrf = fuse([
      { hits: words, weight: 1 },
      { hits: meaning, weight: 1 },
    ])
    assert.notEqual(rrf[0]!.id, 'mux')
  })

  test('a flat lexical list leaves the order to a sure list of meaning', () => {
    const words = list(Array(10).fill(1), 'w')
    const meaning = [{ id: 'w9', score: 0.9 }, ...list([0.3, 0.3, 0.3, 0.29, 0.29, 0.28, 0.28, 0.27, 0.2], 'v')]
    assert.equal(
      fuseBySureness([
        { hits: words, weight: 1 },
        { hits: meaning, weight: 1 },
      ])[0]!.id,
      'w9',
    )
  })

  test('pinned records (the query is their name) come first with score 1; scores within 0..1', () => {
    const fused = fuseBySureness(
      [
        { hits: list([9, 8, 1], 'a'), weight: 1 },
        { hits: list([0.9, 0.5], 'a'), weight: 1 },
      ],
      new Set(['a2']),
    )
    assert.deepEqual(
      fused.map((h) => h.id),
      ['a2', 'a0', 'a1'],
    )
    assert.equal(fused[0]!.score, 1)
    for (const h of fused) assert.ok(h.score >= 0 && h.score <= 1)
  })

  test('idf: a rare lexeme weighs more than a common one, never below zero', () => {
    assert.ok(idfOf(10_000, 3) > idfOf(10_000, 5_000))
    assert.ok(idfOf(10_000, 10_000) > 0)
    assert.ok(idfOf(10, 50) > 0)
  })
})
