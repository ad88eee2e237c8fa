// A vector index file shared by every process on a data dir: usearch maps the graph file read-only
// (Index.view: mmap, so N processes share one copy in the page cache), vectors are read from the
// index file on demand (the page cache again), and only the sorted keys (8 bytes a vector) are
// private. Changes since the file was written live in a small private delta (LayeredVectorIndex).
// The file format: vector-index-file.ts; the in-memory index: vector-index.ts.
import { readSync } from 'node:fs'
import { open } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import type { Index } from 'usearch'
import { graphNearest, newGraph } from './hnsw-graph.ts'
import { byScoreThenKey, type VectorMatch } from './top-k.ts'
import { graphPath, readHeader, readIndexKeys, vectorsOffset } from './vector-index-file.ts'
import {
  EXACT_INDEX_MAX_SIZE,
  EXACT_SCAN_MAX_CANDIDATES,
  VectorIndex,
  type VectorSearchOptions,
} from './vector-index.ts'

/** What search reads: the in-memory VectorIndex and the layered one both answer it. */
export interface NearestNeighbours {
  readonly dimensions: number
  readonly size: number
  search(vector: Float32Array, k: number, options?: VectorSearchOptions): VectorMatch[]
}

/**
 * Candidate rows read with one pread each unless close together: rows at most this far apart are
 * read as one range (a 100-d vector is 400 bytes; 16 of them fit a 4 KiB page and a half).
 */
const COALESCE_GAP_ROWS = 16

/** A read-only index file: the graph mapped by usearch, vectors read from the page cache. */
export class MappedVectorIndex {
  private constructor(
    readonly path: string,
    readonly dimensions: number,
    private readonly file: FileHandle,
    private readonly graph: Index,
    /** Ascending; row i of the file holds keys[i]. */
    private readonly keys: BigUint64Array,
    /** The store's vector generation the file holds. */
    readonly generation: number,
  ) {}

  static async open(path: string): Promise<MappedVectorIndex> {
    const file = await open(path, 'r')
    try {
      const header = await readHeader(file, path)
      const keys = await readIndexKeys(file, header, path)
      const graph = newGraph(header.dimensions, header)
      graph.view(graphPath(path, header.graphId))
      if (graph.size() !== header.count) {
        throw new Error(`${path} is corrupt: its graph holds ${graph.size()} vectors, its header ${header.count}.`)
      }
      return new MappedVectorIndex(path, header.dimensions, file, graph, keys, header.generation)
    } catch (e) {
      await file.close()
      throw e
    }
  }

  get count(): number {
    return this.keys.length
  }

  /** The file row of a key, or -1. */
  rowOf(key: bigint): number {
    let lo = 0
    let hi = this.keys.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const k = this.keys[mid]!
      if (k === key) return mid
      if (k < key) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }

  keyAt(row: number): bigint {
    return this.keys[row]!
  }

  /** HNSW over the mapped graph: cosine similarity, best first. */
  approximate(query: Float32Array, k: number): VectorMatch[] {
    return graphNearest(this.graph, query, Math.min(k, this.count))
  }

  /** The vectors of the given rows (ascending), packed in that order; close rows share one read. */
  readRows(rows: Int32Array): Float32Array {
    const dims = this.dimensions
    const rowBytes = dims * 4
    const out = new Float32Array(rows.length * dims)
    const outBytes = new Uint8Array(out.buffer)
    const base = vectorsOffset(this.keys.length)
    const fd = (this.file as unknown as { fd: number }).fd
    let i = 0
    while (i < rows.length) {
      let j = i
      while (j + 1 < rows.length && rows[j + 1]! - rows[j]! <= COALESCE_GAP_ROWS) j++
      const first = rows[i]!
      const span = rows[j]! - first + 1
      const buf = Buffer.allocUnsafe(span * rowBytes)
      readSyncFully(fd, buf, base + first * rowBytes)
      for (let r = i; r <= j; r++) {
        const at = (rows[r]! - first) * rowBytes
        outBytes.set(buf.subarray(at, at + rowBytes), r * rowBytes)
      }
      i = j + 1
    }
    return out
  }

  async close(): Promise<void> {
    await this.file.close()
  }
}

function readSyncFully(fd: number, into: Buffer, position: number): void {
  for (let done = 0; done < into.length;) {
    const n = readSync(fd, into, done, into.length - done, position + done)
    if (n === 0) throw new Error('vector index file is truncated')
    done += n
  }
}

/**
 * A mapped base file, the keys of it that were removed or replaced since (`hidden`), and a private
 * in-memory index of what was added or replaced since (`delta`). Search merges both. The delta is
 * what a process caught up from the store; a new file folds it in (CorpusVectors.save).
 */
export class LayeredVectorIndex implements NearestNeighbours {
  readonly dimensions: number
  readonly delta: VectorIndex
  /** Keys of the base that no longer answer from it (removed, or replaced by a delta vector). */
  readonly hidden = new Set<bigint>()

  constructor(
    readonly base: MappedVectorIndex,
    private readonly exactMaxSize = EXACT_INDEX_MAX_SIZE,
  ) {
    this.dimensions = base.dimensions
    this.delta = new VectorIndex({ dimensions: base.dimensions })
  }

  get size(): number {
    return this.base.count - this.hidden.size + this.delta.size
  }

  /** Changes held privately since the base file. */
  get changes(): number {
    return this.hidden.size + this.delta.size
  }

  add(keys: bigint[], vectors: Float32Array[]): void {
    this.delta.add(keys, vectors)
    for (const key of keys) if (this.base.rowOf(key) >= 0) this.hidden.add(key)
  }

  remove(keys: bigint[]): number {
    let removed = 0
    for (const key of new Set(keys)) {
      const inBase = this.base.rowOf(key) >= 0 && !this.hidden.has(key)
      const inDelta = this.delta.remove([key]) > 0
      if (inBase) this.hidden.add(key)
      if (inBase || inDelta) removed++
    }
    return removed
  }

  search(vector: Float32Array, k: number, options: VectorSearchOptions = {}): VectorMatch[] {
    const query = unit(vector)
    if (query === null || k <= 0 || this.size === 0) return []
    const fromDelta = this.delta.search(vector, k, options)
    const fromBase =
      options.candidates === undefined
        ? this.nearestInBase(query, k)
        : this.candidatesInBase(query, k, options.candidates)
    return merge(fromBase, fromDelta, k)
  }

  private nearestInBase(query: Float32Array, k: number): VectorMatch[] {
    const live = this.base.count - this.hidden.size
    if (live <= 0) return []
    if (this.base.count <= this.exactMaxSize) {
      const rows = new Int32Array(this.base.count)
      for (let r = 0; r < rows.length; r++) rows[r] = r
      return this.scanRows(query, k, rows)
    }
    // Hidden keys come back from the graph too: ask for that many more and drop them.
    const found = this.base.approximate(query, Math.min(this.base.count, k + this.hidden.size))
    return found.filter((m) => !this.hidden.has(m.key)).slice(0, k)
  }

  private candidatesInBase(query: Float32Array, k: number, candidates: Set<bigint> | bigint[]): VectorMatch[] {
    const rows: number[] = []
    for (const key of candidates) {
      if (this.hidden.has(key)) continue
      const row = this.base.rowOf(key)
      if (row >= 0) rows.push(row)
    }
    const unique = Int32Array.from(new Set(rows)).sort()
    if (unique.length <= EXACT_SCAN_MAX_CANDIDATES || this.base.count <= this.exactMaxSize)
      return this.scanRows(query, k, unique)
    // Many candidates: the graph's nearest, filtered, widening 4× until k survive (as VectorIndex).
    const allowed = new Set<bigint>()
    for (const row of unique) allowed.add(this.base.keyAt(row))
    let fetch = Math.min(this.base.count, Math.max(4 * k, Math.ceil((2 * k * this.base.count) / allowed.size)))
    for (;;) {
      const hits = this.base.approximate(query, fetch).filter((m) => allowed.has(m.key))
      if (hits.length >= k || fetch >= this.base.count) return hits.slice(0, k)
      fetch = Math.min(this.base.count, fetch * 4)
    }
  }

  /** Exact cosine over the given base rows (ascending): the vectors are stored unit-length. */
  private scanRows(query: Float32Array, k: number, rows: Int32Array): VectorMatch[] {
    const dims = this.dimensions
    const vectors = this.base.readRows(rows)
    const all: VectorMatch[] = []
    for (let i = 0; i < rows.length; i++) {
      const key = this.base.keyAt(rows[i]!)
      if (this.hidden.has(key)) continue
      let dot = 0
      for (let d = 0; d < dims; d++) dot += query[d]! * vectors[i * dims + d]!
      all.push({ key, score: dot })
    }
    return all.sort(byScoreThenKey).slice(0, k)
  }
}

function merge(a: VectorMatch[], b: VectorMatch[], k: number): VectorMatch[] {
  if (b.length === 0) return a.slice(0, k)
  if (a.length === 0) return b.slice(0, k)
  return [...a, ...b].sort(byScoreThenKey).slice(0, k)
}

function unit(vector: Float32Array): Float32Array | null {
  let sum = 0
  for (let d = 0; d < vector.length; d++) sum += vector[d]! * vector[d]!
  const norm = Math.sqrt(sum)
  if (norm === 0 || !Number.isFinite(norm)) return null
  const out = new Float32Array(vector.length)
  for (let d = 0; d < vector.length; d++) out[d] = vector[d]! / norm
  return out
}
