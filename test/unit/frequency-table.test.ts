import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { FrequencyTable } from '../../src/domain/search/frequency-table.ts'

describe('FrequencyTable', () => {
  it('finds every lexeme it was built from, with its count, and nothing else', () => {
    const entries: [string, number][] = [
      ['software', 512_345],
      ['zürich', 7],
      ['東京', 3],
      ['a', 1],
      ['ab', 2],
      ['', 9],
      ['😀emoji', 4],
      ['\uffffend', 5],
      ['cloud', 4_000_000_000],
    ]
    const table = FrequencyTable.from(entries)
    assert.equal(table.size, entries.length)
    for (const [lexeme, n] of entries) assert.equal(table.get(lexeme), n, lexeme)
    for (const absent of ['softwar', 'softwares', 'b', 'zurich', '東', 'A', ' a'])
      assert.equal(table.get(absent), undefined, absent)
    assert.deepEqual(new Map(table), new Map(entries))
  })

  it('matches a Map on many random lexemes', () => {
    let seed = 7
    // A 32-bit xorshift: exact in JavaScript numbers, unlike a multiplicative generator past 2⁵³.
    const random = () => {
      seed ^= seed << 13
      seed ^= seed >>> 17
      seed ^= seed << 5
      return (seed >>> 0) / 2 ** 32
    }
    const alphabet = 'abcdeéßø日本\u{1F600}'
    const map = new Map<string, number>()
    while (map.size < 5_000) {
      const chars = Array.from(alphabet)
      let word = ''
      for (let i = 0, n = 1 + Math.floor(random() * 8); i < n; i++) word += chars[Math.floor(random() * chars.length)]
      map.set(word, Math.floor(random() * 1_000_000))
    }
    const table = FrequencyTable.from(map)
    for (const [lexeme, n] of map) assert.equal(table.get(lexeme), n)
    assert.equal(table.get('not-there'), undefined)
    assert.equal(FrequencyTable.from([]).get('x'), undefined)
  })
})
