// The per-category ANN indexes of this process: one usearch file per category under
// DSP_DATA_DIR/index/, loaded lazily, updated as ingests commit, caught up from record_vectors when
// another process (or a crash) left the file behind the store. Design: docs/corpus.md §7.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import type { Logger } from 'pino'
import type { Config } from '../../config.ts'
import type { EntityCategory } from '../../contract/records.ts'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import {
  createEmbedder,
  PREBUILT_GLOVE_DIR,
  type CreateEmbedderOptions,
  type Embedder,
} from '../../retrieval/embedder/index.ts'
import { VectorIndex } from '../../retrieval/vector-index.ts'
import { findVectorGeneration, findVectorsSince } from '../../store/corpus.ts'
import type { Db } from '../../store/db.ts'

/** How often index() asks the store whether another process wrote vectors (one indexed query). */
const CATCH_UP_CHECK_MS = 2_000
const CATCH_UP_PAGE = 5_000
/** Vectors added to an index in one call when an ingest batch commits (a few milliseconds of work). */
const APPLY_CHUNK = 100

interface Sidecar {
  generation: number
  model: string
  dimensions: number
}

interface Loaded {
  index: VectorIndex
  /** Every stored vector of generation ≤ this is in the index. */
  generation: number
  model: string
  isDirty: boolean
  checkedAt: number
}

export interface VectorUpdate {
  key: number
  /** Null: the record has no vector any more. */
  vector: Float32Array | null
}

/**
 * The deployment's embedder (DSP_EMBEDDINGS_*), created on first use (the GloVe cache conversion
 * takes seconds once). An openai provider is not contacted here: its first embed call is.
 */
export function lazyEmbedder(config: Readonly<Config>): () => Promise<Embedder> {
  let embedder: Promise<Embedder> | null = null
  const options: CreateEmbedderOptions = {
    provider: config.DSP_EMBEDDINGS_PROVIDER,
    cacheDir: config.DSP_CACHE_DIR,
    prebuiltDir: PREBUILT_GLOVE_DIR,
    openaiBaseUrl: config.DSP_EMBEDDINGS_URL,
    openaiApiKey: config.DSP_EMBEDDINGS_API_KEY,
    openaiModel: config.DSP_EMBEDDINGS_MODEL,
    dimensions: config.DSP_EMBEDDINGS_DIMENSIONS,
  }
  return () =>
    (embedder ??= createEmbedder(options).catch((e: unknown) => {
      embedder = null
      throw e
    }))
}

export function vectorToBytes(v: Float32Array): Uint8Array {
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
}

export function bytesToVector(b: Uint8Array): Float32Array {
  // A copy: driver buffers are not 4-byte aligned.
  const out = new Float32Array(b.byteLength / 4)
  new Uint8Array(out.buffer).set(b)
  return out
}

export class CorpusVectors {
  private readonly loaded = new Map<EntityCategory, Promise<Loaded>>()
  // Per category, every load, apply, catch-up and save runs one after another.
  private readonly queues = new Map<EntityCategory, Promise<unknown>>()

  constructor(
    private readonly db: Db,
    /** Null keeps indexes in memory only. */
    private readonly dir: string | null,
    private readonly embedder: () => Promise<Embedder>,
    private readonly log: Logger,
  ) {}

  private serial<T>(category: EntityCategory, fn: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(category) ?? Promise.resolve()).then(fn, fn)
    this.queues.set(
      category,
      next.catch(() => {}),
    )
    return next
  }

  private files(category: EntityCategory) {
    const base = path.join(this.dir ?? '', category)
    return { index: `${base}.vidx`, sidecar: `${base}.json` }
  }

  private async load(category: EntityCategory): Promise<Loaded> {
    const embedder = await this.embedder()
    const fresh = (): Loaded => ({
      index: new VectorIndex({ dimensions: embedder.dimensions }),
      generation: 0,
      model: embedder.name,
      isDirty: true,
      checkedAt: 0,
    })
    if (this.dir === null) return fresh()
    const files = this.files(category)
    try {
      const sidecar = JSON.parse(await readFile(files.sidecar, 'utf8')) as Sidecar
      if (sidecar.model !== embedder.name || sidecar.dimensions !== embedder.dimensions) return fresh()
      const index = await VectorIndex.load(files.index)
      return { index, generation: sidecar.generation, model: sidecar.model, isDirty: false, checkedAt: 0 }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn(
          { category, err: (e as Error).message },
          'vector index file unreadable; rebuilding from the store',
        )
      return fresh()
    }
  }

  private entry(category: EntityCategory): Promise<Loaded> {
    let p = this.loaded.get(category)
    if (!p) {
      p = this.load(category)
      p.catch(() => this.loaded.delete(category))
      this.loaded.set(category, p)
    }
    return p
  }

  /** Reads stored vectors newer than the index, so it matches the store (a full rebuild from 0). */
  private async catchUp(category: EntityCategory, l: Loaded): Promise<void> {
    const target = await findVectorGeneration(this.db, CATEGORY_SOURCE_CORPUS[category])
    l.checkedAt = Date.now()
    if (target <= l.generation) return
    const started = performance.now()
    let after = 0
    let applied = 0
    for (;;) {
      const rows = await findVectorsSince(this.db, category, l.generation, after, CATCH_UP_PAGE)
      if (rows.length === 0) break
      this.applyRows(
        l,
        rows.map((r) => ({ key: r.vec_key, vector: r.vector && r.model === l.model ? bytesToVector(r.vector) : null })),
      )
      applied += rows.length
      after = rows[rows.length - 1]!.vec_key
    }
    l.generation = target
    l.isDirty = true
    this.log.info(
      { category, applied, seconds: (performance.now() - started) / 1000 },
      'vector index caught up with the store',
    )
  }

  private applyRows(l: Loaded, updates: VectorUpdate[]): void {
    const keys: bigint[] = []
    const vectors: Float32Array[] = []
    const removed: bigint[] = []
    for (const u of updates) {
      if (u.vector) {
        keys.push(BigInt(u.key))
        vectors.push(u.vector)
      } else removed.push(BigInt(u.key))
    }
    if (removed.length > 0) l.index.remove(removed)
    if (keys.length > 0) l.index.add(keys, vectors)
  }

  /**
   * The category's index, current with the store: loaded from its file, or rebuilt from
   * record_vectors when the file is missing, unreadable or from another embedder, then caught up
   * (checked at most every 2 s). Search reads through this.
   */
  index(category: EntityCategory): Promise<VectorIndex> {
    return this.serial(category, async () => {
      const l = await this.entry(category)
      if (Date.now() - l.checkedAt >= CATCH_UP_CHECK_MS) await this.catchUp(category, l)
      return l.index
    })
  }

  /**
   * Another process wrote this category (a corpus-changed notification): the next index() read
   * catches up from the store at once instead of up to 2 s later.
   */
  markStale(category: EntityCategory): void {
    const p = this.loaded.get(category)
    if (p) void p.then((l) => (l.checkedAt = 0)).catch(() => undefined)
  }

  /**
   * Applies the vectors an ingest batch committed as `generation`. When that is not the next
   * generation (another writer committed in between), catches up from the store instead.
   */
  apply(category: EntityCategory, generation: number, updates: VectorUpdate[]): Promise<void> {
    return this.serial(category, async () => {
      const l = await this.entry(category)
      if (generation === l.generation + 1) {
        // In chunks with a turn of the event loop between them: an ingest's next statement is
        // still going out on this thread's socket while its last batch's vectors are added.
        for (let i = 0; i < updates.length; i += APPLY_CHUNK) {
          if (i > 0) await setImmediatePromise()
          this.applyRows(l, updates.slice(i, i + APPLY_CHUNK))
        }
        l.generation = generation
        l.isDirty = true
      } else if (generation > l.generation) {
        await this.catchUp(category, l)
      }
    })
  }

  /** Writes the index file and then its sidecar (the sidecar never claims more than the file holds). */
  save(category: EntityCategory): Promise<void> {
    return this.serial(category, async () => {
      const p = this.loaded.get(category)
      if (!p || this.dir === null) return
      const l = await p
      if (!l.isDirty) return
      const files = this.files(category)
      const sidecar: Sidecar = { generation: l.generation, model: l.model, dimensions: l.index.dimensions }
      await mkdir(this.dir, { recursive: true })
      await l.index.save(files.index)
      await writeFile(`${files.sidecar}.tmp`, JSON.stringify(sidecar))
      await rename(`${files.sidecar}.tmp`, files.sidecar)
      l.isDirty = false
    })
  }

  /** Vectors held per loaded category (diagnostics). */
  async sizes(): Promise<Partial<Record<EntityCategory, number>>> {
    const out: Partial<Record<EntityCategory, number>> = {}
    for (const [category, p] of this.loaded) out[category] = (await p).index.size
    return out
  }
}
