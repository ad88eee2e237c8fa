// Random ids come from a pool of system randomness refilled 4 KiB at a time (domain/ids.ts):
// each id is fresh, across refills, and has the shape its prefix and length promise.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomId } from '../../src/domain/ids.ts'

test('random ids are unique across many pool refills and keep their shape', () => {
  const seen = new Set<string>()
  // 12 bytes each: 20,000 ids draw ≈ 59 pools of 4 KiB.
  for (let i = 0; i < 20_000; i++) {
    const id = randomId('req', 12)
    assert.match(id, /^req_[0-9a-z]{12}$/)
    seen.add(id)
  }
  assert.equal(seen.size, 20_000)
  assert.match(randomId('hold'), /^hold_[0-9a-z]{12}$/)
  assert.match(randomId('req', 10), /^req_[0-9a-z]{10}$/)
})

test('random ids use the whole alphabet', () => {
  const chars = new Set<string>()
  for (let i = 0; i < 500; i++) for (const c of randomId('x', 12).slice(2)) chars.add(c)
  assert.equal(chars.size, 36)
})
