// VectorIndex: upserts, removal, ANN against the exact scan, candidate filtering and persistence.

import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { LayeredVectorIndex, MappedVectorIndex } from '../../src/retrieval/mapped-vector-index.ts'
import { EXACT_INDEX_MAX_SIZE, EXACT_SCAN_MAX_CANDIDATES, VectorIndex } from '../../src/retrieval/vector-index.ts'
import type { VectorMatch } from '../../src/retrieval/top-k.ts'

let workDir: string
before(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'dsp-vector-index-test-'))
})
after(async () => {
  await rm(workDir, { recursive: true, force: true })
})

/** Deterministic vectors: clusters of points around a few random centres, like topic embeddings. */
function clusteredVectors(count: number, dims: number, seed = 1): Float32Array[] {
  let state = seed
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1
  const centres = Array.from({ length: 20 }, () => Float32Array.from({ length: dims }, random))
  return Array.from({ length: count }, (_, i) => Float32Array.from(centres[i % 20]!, (x) => x + 0.6 * random()))
}

/** An index file and its one graph file (name.<graph id>.hnsw), nothing else. */
function assertIndexFiles(files: string[], name: string): void {
  assert.equal(files.length, 2, files.join(', '))
  assert.ok(files.includes(name), files.join(', '))
  assert.ok(
    files.some((f) => new RegExp(`^${name.replace('.', '\\.')}\\.[0-9a-f]{12}\\.hnsw$`).test(f)),
    files.join(', '),
  )
}

const keysOf = (matches: VectorMatch[]): bigint[] => matches.map((m) => m.key)
const range = (n: number, from = 0): bigint[] => Array.from({ length: n }, (_, i) => BigInt(from + i))
const vec = (...values: number[]) => Float32Array.from(values)

describe('VectorIndex', () => {
  test('finds the nearest keys by cosine, best first', () => {
    const index = new VectorIndex({ dimensions: 3 })
    index.add([1n, 2n, 3n], [vec(1, 0, 0), vec(0, 1, 0), vec(1, 1, 0)])
    assert.equal(index.size, 3)
    const matches = index.search(vec(2, 0.1, 0), 3)
    assert.deepEqual(keysOf(matches), [1n, 3n, 2n])
    assert.ok(Math.abs(matches[0]!.score - 2 / Math.hypot(2, 0.1)) < 1e-6)
    assert.ok(Math.abs(matches[1]!.score - 2.1 / Math.hypot(2, 0.1) / Math.SQRT2) < 1e-6)
    assert.deepEqual(keysOf(index.search(vec(0, 0, 1), 10)).length, 3)
    assert.deepEqual(index.search(vec(0, 0, 0), 3), [])
    assert.deepEqual(index.search(vec(1, 0, 0), 0), [])
  })

  test('re-adding a key replaces its vector; within one call the last occurrence wins', () => {
    const index = new VectorIndex({ dimensions: 3 })
    index.add([1n, 2n], [vec(1, 0, 0), vec(0, 1, 0)])
    index.add([1n], [vec(0, 0, 1)])
    assert.equal(index.size, 2)
    assert.deepEqual(keysOf(index.search(vec(0, 0, 1), 1)), [1n])
    assert.ok(index.search(vec(1, 0, 0), 2).every((m) => m.score < 0.01))
    index.add([5n, 5n], [vec(1, 0, 0), vec(0, 1, 0)])
    assert.equal(index.size, 3)
    assert.deepEqual(keysOf(index.search(vec(0, 1, 0), 2)).sort(), [2n, 5n])
    assert.deepEqual(keysOf(index.exactSearch(vec(1, 0, 0), 3)).includes(5n), true)
    assert.ok(index.exactSearch(vec(1, 0, 0), 3).find((m) => m.key === 5n)!.score < 0.01)
  })

  test('removed keys are never returned and can be added again', () => {
    const index = new VectorIndex({ dimensions: 3 })
    index.add([1n, 2n, 3n], [vec(1, 0, 0), vec(0.9, 0.1, 0), vec(0, 1, 0)])
    assert.equal(index.remove([1n, 1n, 42n]), 1)
    assert.equal(index.size, 2)
    assert.equal(index.has(1n), false)
    assert.deepEqual(keysOf(index.search(vec(1, 0, 0), 3)), [2n, 3n])
    assert.deepEqual(keysOf(index.exactSearch(vec(1, 0, 0), 3)), [2n, 3n])
    index.add([1n], [vec(1, 0, 0)])
    assert.deepEqual(keysOf(index.search(vec(1, 0, 0), 1)), [1n])
  })

  test('keys use the whole u64 range', () => {
    const big = 2n ** 63n + 5n
    const index = new VectorIndex({ dimensions: 3 })
    index.add([big, 7n, 2n ** 53n + 1n], [vec(1, 0, 0), vec(0, 1, 0), vec(0, 0, 1)])
    assert.deepEqual(keysOf(index.search(vec(1, 0.1, 0), 1)), [big])
    assert.deepEqual(keysOf(index.exactSearch(vec(1, 0.1, 0), 2)), [big, 7n])
    assert.deepEqual(keysOf(index.search(vec(0, 0.1, 1), 3, { candidates: [big, 2n ** 53n + 1n] })), [
      2n ** 53n + 1n,
      big,
    ])
    assert.equal(index.remove([big]), 1)
    assert.equal(index.has(big), false)
    assert.equal(index.has(7n), true)
  })

  test('rejects bad input without changing the index', () => {
    const index = new VectorIndex({ dimensions: 3 })
    index.add([1n], [vec(1, 0, 0)])
    assert.throws(() => index.add([2n, 3n], [vec(1, 0, 0), vec(0, 0, 0)]), /all zeros/)
    assert.throws(() => index.add([2n], [vec(1, 0)]), /2 dimensions; the index has 3/)
    assert.throws(() => index.add([2n], [vec(NaN, 0, 0)]), /not a finite number/)
    assert.throws(() => index.add([-1n], [vec(1, 0, 0)]), /\[0, 2\^64 − 2\]/)
    assert.throws(() => index.add([2n ** 64n - 1n], [vec(1, 0, 0)]), /\[0, 2\^64 − 2\]/)
    assert.throws(() => index.add([2n], []), /1 keys and 0 vectors/)
    assert.throws(() => index.search(vec(1, 0), 1), /2 dimensions/)
    assert.equal(index.size, 1)
    assert.equal(index.has(2n), false)
  })

  test('ANN agrees with the exact scan on a small set', () => {
    const dims = 32
    // Queries are fresh points of the same clusters, as a search text is to the records it is about.
    const points = clusteredVectors(2_050, dims)
    const vectors = points.slice(0, 2_000)
    const queries = points.slice(2_000)
    // exactMaxSize 0: HNSW even for an index this small.
    const index = new VectorIndex({ dimensions: dims, exactMaxSize: 0 })
    index.add(range(vectors.length), vectors)
    // HNSW is approximate and its multi-threaded build is not deterministic: measured recall@10
    // over 20 builds was 0.994–1.0, and top-1 differed on at most 1 query in 50.
    let found = 0
    let sameBest = 0
    for (const query of queries) {
      const ann = index.search(query, 10)
      const exact = index.exactSearch(query, 10)
      if (ann[0]!.key === exact[0]!.key) sameBest++
      const exactScores = new Map(exact.map((m) => [m.key, m.score]))
      for (const match of ann) {
        const score = exactScores.get(match.key)
        if (score === undefined) continue
        found++
        assert.ok(Math.abs(match.score - score) < 1e-5)
      }
    }
    assert.ok(found / (queries.length * 10) >= 0.97, `recall@10 ${found / (queries.length * 10)}`)
    assert.ok(sameBest >= queries.length - 2, `same best match for ${sameBest} of ${queries.length}`)
  })

  test('a small candidate set is scanned exactly', () => {
    const dims = 16
    const vectors = clusteredVectors(3_000, dims)
    const index = new VectorIndex({ dimensions: dims })
    index.add(range(vectors.length), vectors)
    const candidates = range(300, 1_000).filter((key) => key % 3n === 0n)
    const query = vectors[1_500]!
    const filtered = index.search(query, 5, { candidates: [...candidates, 999_999n] })
    assert.deepEqual(filtered, index.exactSearch(query, 5, new Set(candidates)))
    assert.ok(filtered.every((m) => m.key % 3n === 0n && m.key >= 1_000n && m.key < 1_300n))
    // Reference: score every candidate and sort.
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)
    const unit = (a: Float32Array) => Float32Array.from(a, (x) => x / Math.sqrt(dot(a, a)))
    const expected = candidates
      .map((key) => ({ key, score: dot(unit(query), unit(vectors[Number(key)]!)) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 5)
    assert.deepEqual(keysOf(filtered), keysOf(expected))
    assert.deepEqual(index.search(query, 5, { candidates: new Set() }), [])
  })

  test(`an index of at most ${EXACT_INDEX_MAX_SIZE} vectors answers exactly, whatever order it was built in`, () => {
    const dims = 16
    const vectors = clusteredVectors(3_000, dims)
    // Two records of one text: the same vector under two keys.
    vectors[2_999] = vectors[17]!
    const keys = range(vectors.length)
    const index = new VectorIndex({ dimensions: dims })
    index.add(keys, vectors)
    const reversed = new VectorIndex({ dimensions: dims })
    reversed.add([...keys].reverse(), [...vectors].reverse())
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)
    const unit = (a: Float32Array) => Float32Array.from(a, (x) => x / Math.sqrt(dot(a, a)))
    for (const query of [vectors[17]!, clusteredVectors(1, dims, 7)[0]!]) {
      const found = index.search(query, 1_000)
      assert.deepEqual(found, reversed.search(query, 1_000))
      assert.deepEqual(found, index.exactSearch(query, 1_000))
      // Reference: cosine over every stored vector, ties in key order.
      const expected = keys
        .map((key) => ({ key, score: dot(unit(query), unit(vectors[Number(key)]!)) }))
        .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
        .slice(0, 1_000)
      assert.deepEqual(keysOf(found).slice(0, 990), keysOf(expected).slice(0, 990))
      found.forEach((m, i) => assert.ok(Math.abs(m.score - expected[i]!.score) < 1e-5))
    }
    const first = index.search(vectors[17]!, 2)
    assert.deepEqual(keysOf(first), [17n, 2_999n])
  })

  test(`more than ${EXACT_SCAN_MAX_CANDIDATES} candidates go through HNSW and stay within the set`, () => {
    const dims = 8
    const vectors = clusteredVectors(25_000, dims)
    const index = new VectorIndex({ dimensions: dims, exactMaxSize: 0 })
    index.add(range(vectors.length), vectors)
    const candidates = new Set(range(vectors.length).filter((key) => key % 10n !== 0n))
    assert.ok(candidates.size > EXACT_SCAN_MAX_CANDIDATES)
    const query = vectors[12_340]! // key 12340 is not a candidate
    const ann = index.search(query, 10, { candidates })
    assert.equal(ann.length, 10)
    assert.ok(ann.every((m) => candidates.has(m.key)))
    const exact = new Set(keysOf(index.exactSearch(query, 10, candidates)))
    assert.ok(ann.filter((m) => exact.has(m.key)).length >= 8)
    // Below EXACT_INDEX_MAX_SIZE (the default), the same filtered search is exact.
    const small = new VectorIndex({ dimensions: dims })
    small.add(range(vectors.length), vectors)
    assert.deepEqual(keysOf(small.search(query, 10, { candidates })), keysOf(small.exactSearch(query, 10, candidates)))
  })

  test('save and load round-trip keys, vectors and the graph', async () => {
    const dims = 24
    const vectors = clusteredVectors(1_500, dims)
    const index = new VectorIndex({ dimensions: dims, connectivity: 8, expansionSearch: 80 })
    index.add(range(vectors.length), vectors)
    index.remove(range(100))
    const file = path.join(workDir, 'nested', 'records.vectors')
    await index.save(file)
    assertIndexFiles(await readdir(path.dirname(file)), 'records.vectors')

    const loaded = await VectorIndex.load(file)
    assert.equal(loaded.size, 1_400)
    assert.equal(loaded.dimensions, dims)
    assert.equal(loaded.has(50n), false)
    for (const query of clusteredVectors(20, dims, 7)) {
      assert.deepEqual(loaded.search(query, 10), index.search(query, 10))
      assert.deepEqual(loaded.exactSearch(query, 10), index.exactSearch(query, 10))
      assert.deepEqual(
        loaded.search(query, 5, { candidates: range(50, 200) }),
        index.search(query, 5, { candidates: range(50, 200) }),
      )
    }
    loaded.add([50n, 200n], [vectors[0]!, vectors[1]!])
    assert.equal(loaded.size, 1_401)
    assert.deepEqual(loaded.search(vectors[1]!, 1)[0]!.key, 200n)

    await loaded.save(file)
    assert.equal((await VectorIndex.load(file)).size, 1_401)
    // The previous save's graph file is gone: one pair on disk.
    assertIndexFiles(await readdir(path.dirname(file)), 'records.vectors')
  })

  test('an empty index saves and loads', async () => {
    const file = path.join(workDir, 'empty.vectors')
    await new VectorIndex({ dimensions: 5 }).save(file)
    const loaded = await VectorIndex.load(file)
    assert.equal(loaded.size, 0)
    assert.deepEqual(loaded.search(vec(1, 0, 0, 0, 0), 3), [])
  })

  test('load refuses a file that is not an index', async () => {
    const file = path.join(workDir, 'not-an-index')
    await writeFile(file, 'hello')
    await assert.rejects(VectorIndex.load(file), /not a vector index file/)
  })
})

describe('LayeredVectorIndex: a mapped file plus a private delta', () => {
  /** The same vectors and the same changes in a mapped file + delta and in an in-memory index. */
  async function twins(exactMaxSize: number) {
    const dims = 16
    const vectors = clusteredVectors(1_200, dims, 3)
    const memory = new VectorIndex({ dimensions: dims, exactMaxSize })
    memory.add(range(vectors.length), vectors)
    const file = path.join(workDir, `layered-${exactMaxSize}.vectors`)
    await memory.save(file, 7)
    const base = await MappedVectorIndex.open(file)
    assert.equal(base.count, 1_200)
    assert.equal(base.generation, 7)
    const layered = new LayeredVectorIndex(base, exactMaxSize)
    // Changes after the file: replaced, removed and new keys, on both sides alike.
    const changed = clusteredVectors(60, dims, 9)
    for (const index of [memory, layered]) {
      index.add([...range(30, 100), ...range(30, 5_000)], changed)
      assert.equal(index.remove([...range(20, 200), 5_001n, 99_999n]), 21)
    }
    return { memory, layered, base, dims }
  }

  test('answers as the in-memory index with the same changes (exact scans)', async () => {
    const { memory, layered, base, dims } = await twins(EXACT_INDEX_MAX_SIZE)
    assert.equal(layered.size, memory.size)
    // Hidden: 30 replaced and 20 removed file keys; delta: 30 replacements and 29 new keys.
    assert.equal(layered.changes, 50 + 59)
    for (const query of clusteredVectors(15, dims, 11)) {
      const same = (a: VectorMatch[], b: VectorMatch[]) => {
        assert.deepEqual(keysOf(a), keysOf(b))
        a.forEach((m, i) => assert.ok(Math.abs(m.score - b[i]!.score) < 1e-5))
      }
      same(layered.search(query, 10), memory.search(query, 10))
      for (const candidates of [range(400, 150), [...range(40, 90), ...range(10, 5_000), 7n, 7n]])
        same(layered.search(query, 5, { candidates }), memory.search(query, 5, { candidates }))
    }
    await base.close()
  })

  test('HNSW over the mapped graph finds what the exact scan finds, without removed keys', async () => {
    const { memory, layered, base, dims } = await twins(0)
    let overlap = 0
    for (const query of clusteredVectors(20, dims, 13)) {
      const found = layered.search(query, 10)
      assert.equal(found.length, 10)
      for (const m of found) assert.ok(memory.has(m.key), `key ${m.key} is not in the index`)
      const truth = new Set(keysOf(memory.exactSearch(query, 10)))
      overlap += found.filter((m) => truth.has(m.key)).length
    }
    assert.ok(overlap / 200 >= 0.9, `recall@10 ${overlap / 200}`)
    await base.close()
  })

  test("a file too short for its header, or with another save's graph, is refused", async () => {
    const dims = 4
    const a = new VectorIndex({ dimensions: dims })
    a.add(range(10), clusteredVectors(10, dims))
    const file = path.join(workDir, 'refused.vectors')
    await a.save(file)
    const files = await readdir(workDir)
    const graph = files.find((f) => f.startsWith('refused.vectors.') && f.endsWith('.hnsw'))!
    await writeFile(path.join(workDir, graph), 'not the graph')
    await assert.rejects(MappedVectorIndex.open(file), /not the graph saved with/)
    await assert.rejects(VectorIndex.load(file), /not the graph saved with/)
  })
})
