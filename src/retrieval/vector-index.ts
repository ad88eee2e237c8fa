// Nearest neighbours over record embeddings: an exact scan of an index of up to 50k vectors and of
// small candidate sets (what filters leave), usearch HNSW (cosine) otherwise. Embeddings come from
// retrieval/embedder/. This module keeps the graph and the vectors in step and chooses the path;
// the vectors and the exact scans: vector-slots.ts; the graph: hnsw-graph.ts; the files:
// vector-index-file.ts.

import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Index } from 'usearch'
import { graphNearest, newGraph, type GraphSettings } from './hnsw-graph.ts'
import type { VectorMatch } from './top-k.ts'
import {
  fileHeader,
  graphPath,
  readHeader,
  readIndexKeys,
  readIndexVectors,
  removeOtherGraphs,
  writeIndexFile,
} from './vector-index-file.ts'
import { VectorSlots } from './vector-slots.ts'

/**
 * Up to this many candidates, search() scans their vectors exactly instead of asking HNSW, which
 * has no filter in usearch's JS API: a filtered ANN query over-fetches and drops non-candidates,
 * widening while too few survive. Measured on 100k GloVe vectors, 2 busy cores, top 10, random
 * candidate subsets: exact 1.5 ms / 4.5 ms / 15–23 ms at 1k / 5k / 20k candidates; filtered HNSW
 * 12 ms / 3.3 ms / 1.4 ms with recall 1.0 / 1.0 / 0.97. Up to 20k the scan costs at most a
 * full-text query (≈ 27 ms), answers exactly, and does not degrade when a filter selects records
 * far from the query, where filtered HNSW needs round after round of widening.
 */
export const EXACT_SCAN_MAX_CANDIDATES = 20_000

/**
 * Up to this many vectors, search() scans all of them exactly (usearch's native SIMD scan) and
 * never asks HNSW: the answer is exact and the same on every build and every store, whereas HNSW's
 * graph depends on the order and thread timing of its adds, so two ingests of the same records
 * ranked a query's neighbours differently. Measured on the medium demo corpus's company vectors
 * (GloVe, 100-d, k = 1,000, the engine's pool; load ≈ 4 on 2 cores), p50 exact / HNSW: 0.8 / 0.5 ms
 * at 12k vectors, 1.2 / 0.6 ms at 24k, 2.1 / 0.9 ms at 50k, 3.2 / 1.0 ms at 100k (HNSW recall@1000
 * 0.96–0.99). Up to 50k the scan costs at most about a millisecond more; past it, HNSW.
 */
export const EXACT_INDEX_MAX_SIZE = 50_000

// usearch reserves the largest u64 as its "free slot" marker, so it cannot be a key.
const MAX_KEY = 0xffff_ffff_ffff_fffen

/** HNSW settings (GraphSettings) default to usearch's. */
export interface VectorIndexOptions extends Partial<GraphSettings> {
  dimensions: number
  /** Up to this many vectors search() scans exactly (EXACT_INDEX_MAX_SIZE; 0: HNSW always). Not saved. */
  exactMaxSize?: number
}

export interface VectorSearchOptions {
  /** Only these keys may be returned; keys absent from the index are ignored. */
  candidates?: Set<bigint> | bigint[]
}

/**
 * Keeps its own float32 copy of every (unit-length) vector beside the HNSW graph: usearch 2.x's JS
 * API cannot read a vector back, and the exact scan and save() need them. That doubles vector
 * memory (100k × 100-d: 40 MB more), which buys exact answers under selective filters.
 * Not thread-safe across workers; within one event loop every method but save/load is synchronous.
 */
export class VectorIndex {
  readonly dimensions: number
  private readonly options: Required<VectorIndexOptions>
  private index: Index
  private readonly slots: VectorSlots

  constructor(options: VectorIndexOptions) {
    if (!Number.isInteger(options.dimensions) || options.dimensions <= 0) {
      throw new RangeError(`dimensions must be a positive integer, not ${options.dimensions}.`)
    }
    this.options = {
      connectivity: 16,
      expansionAdd: 128,
      expansionSearch: 64,
      exactMaxSize: EXACT_INDEX_MAX_SIZE,
      ...options,
    }
    this.dimensions = options.dimensions
    this.index = newGraph(this.dimensions, this.options)
    this.slots = new VectorSlots(this.dimensions)
  }

  get size(): number {
    return this.slots.size
  }

  has(key: bigint): boolean {
    return this.slots.has(key)
  }

  /**
   * Upsert: a key already present is replaced, and within one call the last occurrence of a key
   * wins. Vectors are stored normalised. Throws, changing nothing, on a wrong length, a non-finite
   * component, a zero vector (no direction: filter with isZeroVector first) or a key outside
   * [0, 2^64 − 2].
   */
  add(keys: bigint[], vectors: Float32Array[]): void {
    if (keys.length !== vectors.length) {
      throw new RangeError(`add() got ${keys.length} keys and ${vectors.length} vectors.`)
    }
    const lastIndexOf = new Map<bigint, number>()
    keys.forEach((key, i) => lastIndexOf.set(checkKey(key), i))
    const dims = this.dimensions
    const batchKeys = new BigUint64Array(lastIndexOf.size)
    const batch = new Float32Array(lastIndexOf.size * dims)
    let row = 0
    for (const [key, i] of lastIndexOf) {
      batchKeys[row] = key
      this.normalizeInto(vectors[i]!, batch, row * dims, `vector ${i} (key ${key})`)
      row++
    }
    // usearch rejects a key it already holds, so replaced keys leave the graph first; it reuses
    // their slots (measured: five full re-adds of 10k keys left capacity and file size unchanged).
    const replaced = [...lastIndexOf.keys()].filter((key) => this.has(key))
    if (replaced.length > 0) this.index.remove(BigUint64Array.from(replaced))
    // threads 0 = every core: a batch add is the expensive path (≈ 3k vectors/s on 2 cores at 100k).
    if (batchKeys.length > 0) this.index.add(batchKeys, batch, 0)
    for (let r = 0; r < batchKeys.length; r++) {
      this.slots.put(batchKeys[r]!, batch.subarray(r * dims, (r + 1) * dims))
    }
  }

  /** Removes the keys that are present and returns how many were. */
  remove(keys: bigint[]): number {
    const present = [...new Set(keys)].filter((key) => this.has(key))
    if (present.length === 0) return 0
    this.index.remove(BigUint64Array.from(present))
    for (const key of present) this.slots.release(key)
    return present.length
  }

  /**
   * The k nearest keys by cosine, best first: an exact scan of every vector when the index holds at
   * most EXACT_INDEX_MAX_SIZE of them, else HNSW. With candidates, only those keys: scanned exactly
   * when there are at most EXACT_SCAN_MAX_CANDIDATES of them, otherwise the nearest of the whole
   * set (as above) are fetched and filtered, widening until k survive. A zero query matches nothing.
   */
  search(vector: Float32Array, k: number, options: VectorSearchOptions = {}): VectorMatch[] {
    const query = this.queryVector(vector)
    if (query === undefined || k <= 0 || this.size === 0) return []
    const { candidates } = options
    const isExact = this.size <= this.options.exactMaxSize
    const nearest = (n: number) => (isExact ? this.slots.scanAll(query, n) : graphNearest(this.index, query, n))
    if (candidates === undefined) return nearest(Math.min(k, this.size))
    const count = candidates instanceof Set ? candidates.size : candidates.length
    if (count <= EXACT_SCAN_MAX_CANDIDATES) return this.slots.scanKeys(query, k, candidates)
    return this.filteredNearest(query, k, candidates instanceof Set ? candidates : new Set(candidates), nearest)
  }

  /** search() without HNSW: every vector (or every candidate) scored. The reference for recall. */
  exactSearch(vector: Float32Array, k: number, candidates?: Set<bigint> | bigint[]): VectorMatch[] {
    const query = this.queryVector(vector)
    if (query === undefined || k <= 0 || this.size === 0) return []
    return candidates === undefined ? this.slots.scanAll(query, k) : this.slots.scanKeys(query, k, candidates)
  }

  /**
   * Writes two files: `path` (header, keys in ascending order, their vectors) and
   * `path`.<graph id>.hnsw (usearch's own serialisation, so loading does not rebuild the graph,
   * which costs minutes at 100k+, and so other processes can map it read-only: MappedVectorIndex).
   * Each is written to a temp file and renamed, the graph first; the header names its graph file,
   * so two processes saving at once never pair one's keys with the other's graph. Older graph files
   * are then deleted (a process that mapped one keeps it until it lets go). `generation` is stored
   * in the header: what the file holds, whoever wrote the sidecar last. The snapshot is taken
   * synchronously, so adds made while the write is in flight are not in it and cannot tear it.
   */
  async save(path: string, generation = 0): Promise<void> {
    await mkdir(dirname(path), { recursive: true })
    const graphId = randomBytes(6).toString('hex')
    const temp = `${path}.${process.pid}.${graphId}`
    const graphTemp = `${temp}.hnsw.tmp`
    const fileTemp = `${temp}.tmp`
    try {
      const { keys, vectors } = this.slots.snapshot()
      // The graph is saved from the same synchronous turn as the snapshot: both hold the same keys.
      this.index.save(graphTemp)
      const graphBytes = (await stat(graphTemp)).size
      const header = fileHeader(this.dimensions, this.options, { count: keys.length, graphBytes, graphId, generation })
      await writeIndexFile(fileTemp, header, keys, vectors)
      await rename(graphTemp, graphPath(path, graphId))
      await rename(fileTemp, path)
      await removeOtherGraphs(path, graphId)
    } finally {
      await rm(graphTemp, { force: true })
      await rm(fileTemp, { force: true })
    }
  }

  /** Reads the files written by save() into this process's memory, HNSW settings included. */
  static async load(path: string): Promise<VectorIndex> {
    const file = await open(path, 'r')
    try {
      const header = await readHeader(file, path)
      const index = new VectorIndex({
        dimensions: header.dimensions,
        connectivity: header.connectivity,
        expansionAdd: header.expansionAdd,
        expansionSearch: header.expansionSearch,
      })
      const keys = await readIndexKeys(file, header, path)
      const vectors = await readIndexVectors(file, header, path)
      index.index.load(graphPath(path, header.graphId))
      if (index.index.size() !== header.count || index.index.dimensions() !== header.dimensions) {
        throw new Error(
          `${path} is corrupt: its graph holds ${index.index.size()} vectors, its header ${header.count}.`,
        )
      }
      index.slots.restore(keys, vectors)
      return index
    } finally {
      await file.close()
    }
  }

  /** Every (key, unit vector) held, in slot order; the vectors are views, valid until the next change. */
  entries(): Generator<[bigint, Float32Array]> {
    return this.slots.entries()
  }

  private filteredNearest(
    query: Float32Array,
    k: number,
    allowed: Set<bigint>,
    nearest: (n: number) => VectorMatch[],
  ): VectorMatch[] {
    // Expect k hits when fetching k × size / |allowed|; ask twice that, then widen 4× per round.
    let fetch = Math.min(this.size, Math.max(4 * k, Math.ceil((2 * k * this.size) / allowed.size)))
    for (;;) {
      const hits = nearest(fetch).filter((match) => allowed.has(match.key))
      if (hits.length >= k) return hits.slice(0, k)
      if (fetch >= this.size) return this.slots.scanKeys(query, k, allowed)
      fetch = Math.min(this.size, fetch * 4)
    }
  }

  /** Unit-length copy of a query, or undefined for a zero vector. */
  private queryVector(vector: Float32Array): Float32Array | undefined {
    const query = new Float32Array(this.dimensions)
    return this.normalizeInto(vector, query, 0, 'query', true) ? query : undefined
  }

  private normalizeInto(
    vector: Float32Array,
    out: Float32Array,
    offset: number,
    what: string,
    isZeroAllowed = false,
  ): boolean {
    if (vector.length !== this.dimensions) {
      throw new RangeError(`${what} has ${vector.length} dimensions; the index has ${this.dimensions}.`)
    }
    let sum = 0
    for (let d = 0; d < vector.length; d++) sum += vector[d]! * vector[d]!
    const norm = Math.sqrt(sum)
    if (!Number.isFinite(norm)) throw new RangeError(`${what} has a component that is not a finite number.`)
    if (norm === 0) {
      if (isZeroAllowed) return false
      throw new RangeError(`${what} is all zeros: it has no direction to index.`)
    }
    for (let d = 0; d < vector.length; d++) out[offset + d] = vector[d]! / norm
    return true
  }
}

function checkKey(key: bigint): bigint {
  if (typeof key !== 'bigint' || key < 0n || key > MAX_KEY) {
    throw new RangeError(`Vector keys are bigints in [0, 2^64 − 2]; got ${String(key)}.`)
  }
  return key
}
