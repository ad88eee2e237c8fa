// Layout of the compact GloVe binary: written by glove-convert.ts, read by glove.ts. The file is
// the in-memory structure itself (vectors, weights and a word hash table), so loading is one read
// and no per-word work: 321k words in a JS Map would add ≈ 25 MB of heap and ≈ 100 ms. The loader
// keeps its sections but the vectors of the rarer words, which it reads from the file by offset.
// It is a cache local to one machine, so typed arrays are in native byte order; the byte-order
// marker makes a file from a machine of the other order read as invalid (and be rebuilt).

export const GLOVE_MAGIC = 'DSPGLOVE'
/** Bump when the layout or anything baked into the file (tokeniser, SIF constants) changes. */
export const GLOVE_FORMAT_VERSION = 1
const BYTE_ORDER_MARKER = 0x01020304
const HEADER_BYTES = 64

export interface GloveHeader {
  dimensions: number
  count: number
  wordsBytes: number
  /** Slots of the open-addressing word table: a power of two, at least twice count. */
  tableSize: number
  sifA: number
  /** Byte size of the JSON it came from: a changed package makes the cache stale. */
  sourceBytes: number
  /** Words in the source vocabulary (all ranks, not only the kept ones); fixes the Zipf constant. */
  sourceVocabulary: number
}

/** Byte offsets of the sections; every typed section starts at a multiple of 4 (viewed in place). */
export interface GloveLayout {
  common: number // float32[dimensions]: the SIF common component, unit length
  weights: number // float32[count]: SIF weight a/(a+p(w))
  scales: number // float32[count]: int8 → float factor
  hashes: number // uint32[count]: hashToken(word)
  wordOffsets: number // uint32[count + 1]: word i is words[wordOffsets[i], wordOffsets[i+1])
  table: number // int32[tableSize]: slot or -1, linear probing from hash & (tableSize - 1)
  vectors: number // int8[count × dimensions]
  words: number // ASCII bytes
  totalBytes: number
}

export function gloveLayout(h: Pick<GloveHeader, 'dimensions' | 'count' | 'wordsBytes' | 'tableSize'>): GloveLayout {
  const common = HEADER_BYTES
  const weights = common + 4 * h.dimensions
  const scales = weights + 4 * h.count
  const hashes = scales + 4 * h.count
  const wordOffsets = hashes + 4 * h.count
  const table = wordOffsets + 4 * (h.count + 1)
  const vectors = table + 4 * h.tableSize
  const words = vectors + h.count * h.dimensions
  return { common, weights, scales, hashes, wordOffsets, table, vectors, words, totalBytes: words + h.wordsBytes }
}

/** FNV-1a over UTF-16 code units; words in the file are ASCII, so code units equal bytes. */
export function hashToken(token: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

export function writeGloveHeader(buffer: Buffer, h: GloveHeader): void {
  buffer.write(GLOVE_MAGIC, 0, 'latin1')
  new Uint32Array(buffer.buffer, buffer.byteOffset + 8, 1)[0] = BYTE_ORDER_MARKER
  const view = new DataView(buffer.buffer, buffer.byteOffset, HEADER_BYTES)
  view.setUint32(12, GLOVE_FORMAT_VERSION, true)
  view.setUint32(16, h.dimensions, true)
  view.setUint32(20, h.count, true)
  view.setUint32(24, h.wordsBytes, true)
  view.setUint32(28, h.tableSize, true)
  view.setFloat32(32, h.sifA, true)
  view.setUint32(36, h.sourceVocabulary, true)
  view.setFloat64(40, h.sourceBytes, true)
}

/**
 * The header if the buffer is a complete file of the current version, otherwise undefined. The
 * buffer must start at a 4-byte aligned offset (see alignedCopy in glove-convert.ts).
 */
export function readGloveHeader(buffer: Buffer): GloveHeader | undefined {
  if (buffer.length < HEADER_BYTES) return undefined
  if (buffer.toString('latin1', 0, 8) !== GLOVE_MAGIC) return undefined
  if (new Uint32Array(buffer.buffer, buffer.byteOffset + 8, 1)[0] !== BYTE_ORDER_MARKER) return undefined
  const view = new DataView(buffer.buffer, buffer.byteOffset, HEADER_BYTES)
  if (view.getUint32(12, true) !== GLOVE_FORMAT_VERSION) return undefined
  const header: GloveHeader = {
    dimensions: view.getUint32(16, true),
    count: view.getUint32(20, true),
    wordsBytes: view.getUint32(24, true),
    tableSize: view.getUint32(28, true),
    sifA: view.getFloat32(32, true),
    sourceVocabulary: view.getUint32(36, true),
    sourceBytes: view.getFloat64(40, true),
  }
  const { tableSize, count } = header
  if (count === 0 || tableSize < 2 * count || (tableSize & (tableSize - 1)) !== 0) return undefined
  // A truncated file cannot appear under the final name (writes are temp + rename), but the length
  // check is free and also rejects a file of another layout that kept the version by mistake.
  if (gloveLayout(header).totalBytes !== buffer.length) return undefined
  return header
}
