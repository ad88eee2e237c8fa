// Nearest neighbours over record embeddings: an exact scan of an index of up to 50k vectors and of
// small candidate sets (what filters leave), usearch HNSW (cosine) otherwise. Embeddings come from
// retrieval/embedder/.

import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import usearch from 'usearch'
import type { Index } from 'usearch'

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
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const FILE_MAGIC = 'DSPVIDX1'
// 2: the graph in its own file (path.hnsw) and keys in ascending order.
const FILE_VERSION = 2
export const HEADER_BYTES = 128

export interface VectorIndexOptions {
  dimensions: number
  /** HNSW links per node (usearch default 16): more is better recall, more memory, slower adds. */
  connectivity?: number
  /** Candidate list while inserting (usearch default 128). */
  expansionAdd?: number
  /** Candidate list while searching (usearch default 64); k above it widens the search anyway. */
  expansionSearch?: number
  /** Up to this many vectors search() scans exactly (EXACT_INDEX_MAX_SIZE; 0: HNSW always). Not saved. */
  exactMaxSize?: number
}

export interface VectorMatch {
  key: bigint
  /** Cosine similarity, 1 = same direction. */
  score: number
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
  // Key → slot in two maps: a Map keyed by BigInt hashes the digits on every lookup, ≈ 4× slower
  // than a number key (10 ms vs 2.5 ms for 20k lookups), and most ids are safe integers.
  private readonly slotOfSafe = new Map<number, number>()
  private readonly slotOfBig = new Map<bigint, number>()
  private slotKeys: BigUint64Array
  private isLive: Uint8Array
  private vectors: Float32Array
  private readonly freeSlots: number[] = []
  private usedSlots = 0

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
    this.index = this.newIndex()
    this.slotKeys = new BigUint64Array(1024)
    this.isLive = new Uint8Array(1024)
    this.vectors = new Float32Array(1024 * this.dimensions)
  }

  get size(): number {
    return this.slotOfSafe.size + this.slotOfBig.size
  }

  has(key: bigint): boolean {
    return this.slotOf(key) !== undefined
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
      const key = batchKeys[r]!
      const slot = this.slotOf(key) ?? this.allocateSlot(key)
      this.vectors.set(batch.subarray(r * dims, (r + 1) * dims), slot * dims)
    }
  }

  /** Removes the keys that are present and returns how many were. */
  remove(keys: bigint[]): number {
    const present = [...new Set(keys)].filter((key) => this.has(key))
    if (present.length === 0) return 0
    this.index.remove(BigUint64Array.from(present))
    for (const key of present) {
      const slot = this.slotOf(key)!
      if (key <= MAX_SAFE) this.slotOfSafe.delete(Number(key))
      else this.slotOfBig.delete(key)
      this.isLive[slot] = 0
      this.freeSlots.push(slot)
    }
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
    const nearest = (n: number) => (isExact ? this.scanAll(query, n) : this.approximate(query, n))
    if (candidates === undefined) return nearest(Math.min(k, this.size))
    const count = candidates instanceof Set ? candidates.size : candidates.length
    if (count <= EXACT_SCAN_MAX_CANDIDATES) return this.scanSlots(query, k, this.slotsOf(candidates))
    return this.filteredNearest(query, k, candidates instanceof Set ? candidates : new Set(candidates), nearest)
  }

  /** search() without HNSW: every vector (or every candidate) scored. The reference for recall. */
  exactSearch(vector: Float32Array, k: number, candidates?: Set<bigint> | bigint[]): VectorMatch[] {
    const query = this.queryVector(vector)
    if (query === undefined || k <= 0 || this.size === 0) return []
    return candidates === undefined ? this.scanAll(query, k) : this.scanSlots(query, k, this.slotsOf(candidates))
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
      const { keys, vectors } = this.snapshot()
      // The graph is saved from the same synchronous turn as the snapshot: both hold the same keys.
      this.index.save(graphTemp)
      const graphBytes = (await stat(graphTemp)).size
      const header = fileHeader(this.dimensions, this.options, { count: keys.length, graphBytes, graphId, generation })
      const out = await open(fileTemp, 'wx')
      try {
        await out.write(header)
        await writeAll(out, new Uint8Array(keys.buffer, keys.byteOffset, keys.byteLength))
        await writeAll(out, new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength))
        await out.sync()
      } finally {
        await out.close()
      }
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
      const keys = new BigUint64Array(header.count)
      const vectors = new Float32Array(header.count * header.dimensions)
      let offset = HEADER_BYTES
      offset += await readExactly(file, new Uint8Array(keys.buffer), offset, path)
      await readExactly(file, new Uint8Array(vectors.buffer), offset, path)
      index.index.load(graphPath(path, header.graphId))
      if (index.index.size() !== header.count || index.index.dimensions() !== header.dimensions) {
        throw new Error(
          `${path} is corrupt: its graph holds ${index.index.size()} vectors, its header ${header.count}.`,
        )
      }
      index.restore(keys, vectors)
      return index
    } finally {
      await file.close()
    }
  }

  /** Every (key, unit vector) held, in slot order; the vectors are views, valid until the next change. */
  *entries(): Generator<[bigint, Float32Array]> {
    const dims = this.dimensions
    for (let slot = 0; slot < this.usedSlots; slot++)
      if (this.isLive[slot]) yield [this.slotKeys[slot]!, this.vectors.subarray(slot * dims, (slot + 1) * dims)]
  }

  private newIndex(): Index {
    return new usearch.Index({
      dimensions: this.dimensions,
      metric: usearch.MetricKind.Cos,
      quantization: usearch.ScalarKind.F32,
      connectivity: this.options.connectivity,
      expansion_add: this.options.expansionAdd,
      expansion_search: this.options.expansionSearch,
      multi: false,
    })
  }

  private approximate(query: Float32Array, k: number): VectorMatch[] {
    // One query: threads 1, measured no slower than auto and it leaves cores to other requests.
    const { keys, distances } = this.index.search(query, k, 1)
    const matches: VectorMatch[] = new Array(keys.length)
    for (let i = 0; i < keys.length; i++) matches[i] = { key: keys[i]!, score: 1 - distances[i]! }
    return matches
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
      if (fetch >= this.size) return this.scanSlots(query, k, this.slotsOf(allowed))
      fetch = Math.min(this.size, fetch * 4)
    }
  }

  /**
   * Every live vector, through usearch's native exact search over our store (SIMD: 4 ms for 100k
   * × 100-d where a JS loop takes 20 ms). Free slots still hold old vectors, so it asks for as
   * many more results as there are free slots and drops them.
   */
  private scanAll(query: Float32Array, k: number): VectorMatch[] {
    const rows = this.usedSlots
    const wanted = Math.min(rows, k + this.freeSlots.length)
    const { keys, distances } = usearch.exactSearch(
      this.vectors.subarray(0, rows * this.dimensions),
      query,
      this.dimensions,
      wanted,
      usearch.MetricKind.Cos,
      1,
    ) as { keys: BigUint64Array; distances: Float32Array }
    const matches: VectorMatch[] = []
    for (let i = 0; i < keys.length && matches.length < k; i++) {
      const slot = Number(keys[i]!)
      if (this.isLive[slot]) matches.push({ key: this.slotKeys[slot]!, score: 1 - distances[i]! })
    }
    // Equal scores (records of one text) in key order, as scanSlots orders them, not slot order.
    return matches.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }

  /** Live slots of the given keys, each once; unknown keys are skipped. */
  private slotsOf(keys: Iterable<bigint>): Int32Array {
    const slots: number[] = []
    const isTaken = new Uint8Array(this.usedSlots)
    for (const key of keys) {
      const slot = this.slotOf(key)
      if (slot === undefined || isTaken[slot]) continue
      isTaken[slot] = 1
      slots.push(slot)
    }
    return Int32Array.from(slots)
  }

  private scanSlots(query: Float32Array, k: number, slots: Int32Array): VectorMatch[] {
    const dims = this.dimensions
    const vectors = this.vectors
    const top = new TopK(Math.min(k, slots.length), this.slotKeys)
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!
      const base = slot * dims
      let dot = 0
      for (let d = 0; d < dims; d++) dot += query[d]! * vectors[base + d]!
      top.offer(slot, dot)
    }
    return top.sorted()
  }

  private slotOf(key: bigint): number | undefined {
    return key <= MAX_SAFE ? this.slotOfSafe.get(Number(key)) : this.slotOfBig.get(key)
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

  private allocateSlot(key: bigint): number {
    let slot = this.freeSlots.pop()
    if (slot === undefined) {
      slot = this.usedSlots++
      if (slot >= this.slotKeys.length) this.grow(this.slotKeys.length * 2)
    }
    if (key <= MAX_SAFE) this.slotOfSafe.set(Number(key), slot)
    else this.slotOfBig.set(key, slot)
    this.slotKeys[slot] = key
    this.isLive[slot] = 1
    return slot
  }

  private grow(slots: number): void {
    const keys = new BigUint64Array(slots)
    keys.set(this.slotKeys)
    const isLive = new Uint8Array(slots)
    isLive.set(this.isLive)
    const vectors = new Float32Array(slots * this.dimensions)
    vectors.set(this.vectors)
    this.slotKeys = keys
    this.isLive = isLive
    this.vectors = vectors
  }

  /** Live keys in ascending order and their vectors (MappedVectorIndex finds a key by bisection). */
  private snapshot(): { keys: BigUint64Array; vectors: Float32Array } {
    const dims = this.dimensions
    const slots: number[] = []
    for (let slot = 0; slot < this.usedSlots; slot++) if (this.isLive[slot]) slots.push(slot)
    const slotKeys = this.slotKeys
    slots.sort((a, b) => (slotKeys[a]! < slotKeys[b]! ? -1 : 1))
    const keys = new BigUint64Array(slots.length)
    const vectors = new Float32Array(slots.length * dims)
    slots.forEach((slot, row) => {
      keys[row] = slotKeys[slot]!
      vectors.set(this.vectors.subarray(slot * dims, (slot + 1) * dims), row * dims)
    })
    return { keys, vectors }
  }

  private restore(keys: BigUint64Array, vectors: Float32Array): void {
    if (keys.length > this.slotKeys.length) this.grow(keys.length)
    this.vectors.set(vectors)
    keys.forEach((key) => this.allocateSlot(key))
  }
}

function checkKey(key: bigint): bigint {
  if (typeof key !== 'bigint' || key < 0n || key > MAX_KEY) {
    throw new RangeError(`Vector keys are bigints in [0, 2^64 − 2]; got ${String(key)}.`)
  }
  return key
}

/** Best k slots by score; ties go to the smaller key, so results do not depend on slot order. */
class TopK {
  private readonly slots: Int32Array
  private readonly scores: Float64Array
  private length = 0

  constructor(
    private readonly k: number,
    private readonly slotKeys: BigUint64Array,
  ) {
    this.slots = new Int32Array(k)
    this.scores = new Float64Array(k)
  }

  offer(slot: number, score: number): void {
    // A min-heap: its root is the worst kept match, the one a better offer replaces.
    if (this.length < this.k) {
      this.slots[this.length] = slot
      this.scores[this.length] = score
      this.siftUp(this.length++)
    } else if (this.k > 0 && this.ranksBelow(0, score, slot)) {
      this.slots[0] = slot
      this.scores[0] = score
      this.siftDown(0)
    }
  }

  sorted(): VectorMatch[] {
    const matches: VectorMatch[] = []
    for (let i = 0; i < this.length; i++) matches.push({ key: this.slotKeys[this.slots[i]!]!, score: this.scores[i]! })
    return matches.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }

  /** Whether kept entry i ranks below (score, slot). */
  private ranksBelow(i: number, score: number, slot: number): boolean {
    const kept = this.scores[i]!
    if (kept !== score) return kept < score
    return this.slotKeys[this.slots[i]!]! > this.slotKeys[slot]!
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.ranksBelow(i, this.scores[parent]!, this.slots[parent]!)) return
      this.swap(i, parent)
      i = parent
    }
  }

  private siftDown(i: number): void {
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let worst = i
      if (left < this.length && this.ranksBelow(left, this.scores[worst]!, this.slots[worst]!)) worst = left
      if (right < this.length && this.ranksBelow(right, this.scores[worst]!, this.slots[worst]!)) worst = right
      if (worst === i) return
      this.swap(i, worst)
      i = worst
    }
  }

  private swap(a: number, b: number): void {
    const slot = this.slots[a]!
    const score = this.scores[a]!
    this.slots[a] = this.slots[b]!
    this.scores[a] = this.scores[b]!
    this.slots[b] = slot
    this.scores[b] = score
  }
}

export async function readExactly(file: FileHandle, into: Uint8Array, position: number, path: string): Promise<number> {
  for (let done = 0; done < into.length;) {
    const { bytesRead } = await file.read(into, done, Math.min(into.length - done, 1 << 30), position + done)
    if (bytesRead === 0) throw new Error(`${path} is truncated.`)
    done += bytesRead
  }
  return into.length
}

async function writeAll(file: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    const { bytesWritten } = await file.write(bytes, done, Math.min(bytes.length - done, 1 << 30))
    done += bytesWritten
  }
}

/** The usearch graph file beside an index file. */
export function graphPath(path: string, graphId: string): string {
  return `${path}.${graphId}.hnsw`
}

async function removeOtherGraphs(path: string, keep: string): Promise<void> {
  const name = basename(path)
  for (const f of await readdir(dirname(path)))
    if (f.startsWith(`${name}.`) && f.endsWith('.hnsw') && f !== basename(graphPath(path, keep)))
      await rm(join(dirname(path), f), { force: true })
}

export interface IndexFileHeader {
  dimensions: number
  connectivity: number
  expansionAdd: number
  expansionSearch: number
  count: number
  graphBytes: number
  graphId: string
  /** The store's vector generation the file holds (CorpusVectors). */
  generation: number
}

function fileHeader(
  dimensions: number,
  options: Required<VectorIndexOptions>,
  file: { count: number; graphBytes: number; graphId: string; generation: number },
): Buffer {
  const header = Buffer.alloc(HEADER_BYTES)
  const view = new DataView(header.buffer, header.byteOffset, HEADER_BYTES)
  header.write(FILE_MAGIC, 0, 'latin1')
  view.setUint32(8, FILE_VERSION, true)
  view.setUint32(12, dimensions, true)
  view.setUint32(16, options.connectivity, true)
  view.setUint32(20, options.expansionAdd, true)
  view.setUint32(24, options.expansionSearch, true)
  view.setFloat64(32, file.count, true)
  view.setFloat64(40, file.graphBytes, true)
  view.setFloat64(48, file.generation, true)
  header.write(file.graphId, 56, 'latin1')
  return header
}

/** Reads and checks an index file's header, and that its graph file is the one saved with it. */
export async function readHeader(file: FileHandle, path: string): Promise<IndexFileHeader> {
  const header = Buffer.alloc(HEADER_BYTES)
  await file.read(header, 0, HEADER_BYTES, 0)
  const view = new DataView(header.buffer, header.byteOffset, HEADER_BYTES)
  if (header.toString('latin1', 0, 8) !== FILE_MAGIC || view.getUint32(8, true) !== FILE_VERSION) {
    throw new Error(`${path} is not a vector index file of version ${FILE_VERSION}.`)
  }
  const dimensions = view.getUint32(12, true)
  const count = view.getFloat64(32, true)
  const graphBytes = view.getFloat64(40, true)
  const generation = view.getFloat64(48, true)
  const graphId = header.toString('latin1', 56, 68)
  const { size: fileBytes } = await file.stat()
  if (!Number.isSafeInteger(count) || count < 0 || HEADER_BYTES + count * (8 + 4 * dimensions) > fileBytes) {
    throw new Error(`${path} is truncated or corrupt: its header counts ${count} vectors.`)
  }
  const graph = await stat(graphPath(path, graphId)).catch(() => null)
  if (graph?.size !== graphBytes)
    throw new Error(`${graphPath(path, graphId)} is missing or not the graph saved with ${path}.`)
  return {
    dimensions,
    connectivity: view.getUint32(16, true),
    expansionAdd: view.getUint32(20, true),
    expansionSearch: view.getUint32(24, true),
    count,
    graphBytes,
    graphId,
    generation,
  }
}

/** The header of an index file (its size, generation and graph file), checked as load() checks it. */
export async function readIndexHeader(path: string): Promise<IndexFileHeader> {
  const file = await open(path, 'r')
  try {
    return await readHeader(file, path)
  } finally {
    await file.close()
  }
}
