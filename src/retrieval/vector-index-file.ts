// The vector index file format: a 128-byte header, the keys in ascending order (u64), then their
// unit vectors (f32), in `path`; usearch's own serialisation of the graph beside it, in
// `path`.<graph id>.hnsw, named by the header. VectorIndex writes and reads both; MappedVectorIndex
// maps them.

import { open, readdir, rm, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { GraphSettings } from './hnsw-graph.ts'

const FILE_MAGIC = 'DSPVIDX1'
// 2: the graph in its own file (path.hnsw) and keys in ascending order.
const FILE_VERSION = 2
const HEADER_BYTES = 128

async function readExactly(file: FileHandle, into: Uint8Array, position: number, path: string): Promise<void> {
  for (let done = 0; done < into.length;) {
    const { bytesRead } = await file.read(into, done, Math.min(into.length - done, 1 << 30), position + done)
    if (bytesRead === 0) throw new Error(`${path} is truncated.`)
    done += bytesRead
  }
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

export async function removeOtherGraphs(path: string, keep: string): Promise<void> {
  const name = basename(path)
  for (const f of await readdir(dirname(path)))
    if (f.startsWith(`${name}.`) && f.endsWith('.hnsw') && f !== basename(graphPath(path, keep)))
      await rm(join(dirname(path), f), { force: true })
}

export interface IndexFileHeader extends GraphSettings {
  dimensions: number
  count: number
  graphBytes: number
  graphId: string
  /** The store's vector generation the file holds (CorpusVectors). */
  generation: number
}

export function fileHeader(
  dimensions: number,
  options: GraphSettings,
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

/** Writes an index file (not its graph): the header, then the keys, then their vectors, synced. */
export async function writeIndexFile(
  path: string,
  header: Buffer,
  keys: BigUint64Array,
  vectors: Float32Array,
): Promise<void> {
  const out = await open(path, 'wx')
  try {
    await out.write(header)
    await writeAll(out, new Uint8Array(keys.buffer, keys.byteOffset, keys.byteLength))
    await writeAll(out, new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength))
    await out.sync()
  } finally {
    await out.close()
  }
}

/** Where an index file of `count` keys holds its vectors (row i at this + i × 4 × dimensions). */
export function vectorsOffset(count: number): number {
  return HEADER_BYTES + count * 8
}

/** The keys of an index file, ascending: row i of the file holds keys[i]. */
export async function readIndexKeys(file: FileHandle, header: IndexFileHeader, path: string): Promise<BigUint64Array> {
  const keys = new BigUint64Array(header.count)
  await readExactly(file, new Uint8Array(keys.buffer), HEADER_BYTES, path)
  return keys
}

/** Every vector of an index file, in row order. */
export async function readIndexVectors(file: FileHandle, header: IndexFileHeader, path: string): Promise<Float32Array> {
  const vectors = new Float32Array(header.count * header.dimensions)
  await readExactly(file, new Uint8Array(vectors.buffer), vectorsOffset(header.count), path)
  return vectors
}
