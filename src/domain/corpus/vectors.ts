// The per-category ANN indexes of this process: one index file per category under
// DSP_DATA_DIR/index/, loaded lazily (or at start: prepare), updated as ingests commit,
// caught up from record_vectors when another process (or a crash) left the file behind the store.
// A file of DSP_VECTOR_MAP_MIN_VECTORS or more is mapped read-only and shared by every process
// (retrieval/mapped-vector-index.ts); what changed since it lives in a private delta until a
// save writes a new file. Design: docs/corpus-embeddings.md §1, docs/architecture.md.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import type { Logger } from 'pino'
import { lock } from 'proper-lockfile'
import type { EntityCategory } from '../../contract/records.ts'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { Embedder } from '../../retrieval/embedder/index.ts'
import { LayeredVectorIndex, MappedVectorIndex, type NearestNeighbours } from '../../retrieval/mapped-vector-index.ts'
import { VectorIndex } from '../../retrieval/vector-index.ts'
import { readIndexHeader } from '../../retrieval/vector-index-file.ts'
import { findVectorGeneration, findVectorsSince } from '../../store/corpus-vectors.ts'
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
  index: VectorIndex | LayeredVectorIndex
  /** Every stored vector of generation ≤ this is in the index. */
  generation: number
  model: string
  isDirty: boolean
  checkedAt: number
  /** The index file's modification time when it was read (0: none); a newer file is re-read. */
  fileMtimeMs: number
}

/** What prepare() tells while it loads or builds one category's index. */
export interface PrepareProgress {
  category: EntityCategory
  /** Vectors read from the store so far (a build or a catch-up). */
  applied: number
  /** waiting: another process holds the category's build lock (it builds; this one then loads its file). */
  phase: 'waiting' | 'loading' | 'building' | 'saving' | 'done'
}

export interface VectorUpdate {
  key: number
  /** Null: the record has no vector any more. */
  vector: Float32Array | null
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
    /** DSP_VECTOR_MAP_MIN_VECTORS: files this large are mapped, not read into the process. */
    private readonly mapMinVectors = 50_000,
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
      fileMtimeMs: 0,
    })
    if (this.dir === null) return fresh()
    const files = this.files(category)
    const started = performance.now()
    try {
      const sidecar = JSON.parse(await readFile(files.sidecar, 'utf8')) as Sidecar
      if (sidecar.model !== embedder.name || sidecar.dimensions !== embedder.dimensions) return fresh()
      const loaded = await this.readFile(files.index, sidecar.model)
      this.log.info(
        {
          category,
          vectors: loaded.index.size,
          generation: loaded.generation,
          mapped: loaded.index instanceof LayeredVectorIndex,
          seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
        },
        'vector index loaded from file',
      )
      return loaded
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn(
          { category, err: (e as Error).message },
          'vector index file unreadable; rebuilding from the store',
        )
      return fresh()
    }
  }

  /** The file as a mapped, layered index when it is large enough, else read into this process. */
  private async readFile(indexPath: string, model: string): Promise<Loaded> {
    const { mtimeMs } = await stat(indexPath)
    const header = await readIndexHeader(indexPath)
    const index =
      header.count > 0 && header.count >= this.mapMinVectors
        ? new LayeredVectorIndex(await MappedVectorIndex.open(indexPath))
        : await VectorIndex.load(indexPath)
    return { index, generation: header.generation, model, isDirty: false, checkedAt: 0, fileMtimeMs: mtimeMs }
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
  private async catchUp(category: EntityCategory, l: Loaded, onProgress?: (applied: number) => void): Promise<void> {
    const target = await findVectorGeneration(this.db, CATEGORY_SOURCE_CORPUS[category])
    l.checkedAt = Date.now()
    if (target <= l.generation) return
    await this.takeNewerFile(category, l)
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
      onProgress?.(applied)
    }
    l.generation = target
    l.isDirty = true
    this.log.info(
      { category, applied, seconds: (performance.now() - started) / 1000 },
      'vector index caught up with the store',
    )
  }

  /**
   * A mapped index whose file another process rewrote since it was read (a save folds changes
   * in): read the new file instead of growing the private delta, when it holds more than this one.
   */
  private async takeNewerFile(category: EntityCategory, l: Loaded): Promise<void> {
    if (this.dir === null || !(l.index instanceof LayeredVectorIndex)) return
    const files = this.files(category)
    try {
      const { mtimeMs } = await stat(files.index)
      if (mtimeMs === l.fileMtimeMs) return
      const header = await readIndexHeader(files.index)
      if (header.generation <= l.generation) return
      const next = await this.readFile(files.index, l.model)
      const previous = l.index
      Object.assign(l, { ...next, checkedAt: l.checkedAt })
      await previous.base.close()
      this.log.info({ category, vectors: l.index.size, generation: l.generation }, 'vector index loaded from file')
    } catch (e) {
      this.log.warn({ category, err: (e as Error).message }, 'newer vector index file not read; catching up instead')
    }
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
  index(category: EntityCategory): Promise<NearestNeighbours> {
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

  /**
   * Writes the index file and then its sidecar (the file's header carries the generation it holds).
   * A mapped index with changes is folded into a new file: the file is read into this process, the
   * changes applied, the result written and mapped again (the private copy lives only meanwhile).
   */
  save(category: EntityCategory): Promise<void> {
    return this.serial(category, async () => {
      const p = this.loaded.get(category)
      if (!p || this.dir === null) return
      const l = await p
      if (!l.isDirty) return
      const files = this.files(category)
      await mkdir(this.dir, { recursive: true })
      if (l.index instanceof LayeredVectorIndex) {
        if (l.index.changes > 0) {
          const full = await VectorIndex.load(l.index.base.path)
          full.remove([...l.index.hidden])
          const keys: bigint[] = []
          const vectors: Float32Array[] = []
          for (const [key, vector] of l.index.delta.entries()) {
            keys.push(key)
            vectors.push(vector)
          }
          if (keys.length > 0) full.add(keys, vectors)
          await full.save(files.index, l.generation)
        }
      } else await l.index.save(files.index, l.generation)
      await this.writeSidecar(category, l)
      if (l.index instanceof LayeredVectorIndex || (l.index.size > 0 && l.index.size >= this.mapMinVectors)) {
        const previous = l.index
        Object.assign(l, await this.readFile(files.index, l.model))
        if (previous instanceof LayeredVectorIndex) await previous.base.close()
      }
      l.isDirty = false
    })
  }

  private async writeSidecar(category: EntityCategory, l: Loaded): Promise<void> {
    const files = this.files(category)
    const sidecar: Sidecar = { generation: l.generation, model: l.model, dimensions: l.index.dimensions }
    await writeFile(`${files.sidecar}.tmp`, JSON.stringify(sidecar))
    await rename(`${files.sidecar}.tmp`, files.sidecar)
  }

  /**
   * Loads (or, with no usable file, builds from the store) one category's index, catches it up
   * and writes its file when it was built or read into this process (a build holds the whole
   * index in this process until it is written and mapped): what `dsp serve` does for every category
   * before /readyz says ready, so a restart reads files instead of rebuilding.
   */
  async prepare(
    category: EntityCategory,
    onProgress?: (p: PrepareProgress) => void,
  ): Promise<{ from: 'file' | 'store'; vectors: number; seconds: number }> {
    const started = performance.now()
    // Processes sharing a data dir build each index once: the first takes the category's build
    // lock and writes the file; the others wait for it, then load that file.
    const release = await this.buildLock(category, () => onProgress?.({ category, applied: 0, phase: 'waiting' }))
    try {
      return await this.prepareLocked(category, started, onProgress)
    } finally {
      await release()
    }
  }

  /**
   * The category's build lock across processes (proper-lockfile: a lock directory whose mtime the
   * holder refreshes; one left by a killed process is stale after a minute and taken over).
   * `onWait` once if another process holds it.
   */
  private async buildLock(category: EntityCategory, onWait: () => void): Promise<() => Promise<void>> {
    if (this.dir === null) return async () => {}
    await mkdir(this.dir, { recursive: true })
    const file = path.join(this.dir, `${category}.build`)
    const options = {
      realpath: false,
      stale: 60_000,
      onCompromised: (e: Error) => this.log.warn({ category, err: e.message }, 'vector index build lock lost'),
    }
    try {
      return await lock(file, options)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e
    }
    onWait()
    return lock(file, { ...options, retries: { forever: true, minTimeout: 250, maxTimeout: 2_000 } })
  }

  private async prepareLocked(
    category: EntityCategory,
    started: number,
    onProgress?: (p: PrepareProgress) => void,
  ): Promise<{ from: 'file' | 'store'; vectors: number; seconds: number }> {
    let from = 'file' as 'file' | 'store' // set in the serial step below
    await this.serial(category, async () => {
      const l = await this.entry(category)
      if (l.fileMtimeMs === 0) from = 'store'
      const phase = from === 'store' ? 'building' : 'loading'
      onProgress?.({ category, applied: 0, phase })
      await this.catchUp(category, l, (applied) => onProgress?.({ category, applied, phase }))
    })
    // A mapped file stays as it is: folding a start's catch-up into it would read the whole index
    // into every process that starts; the process that ingests writes the next file.
    const loaded = await this.entry(category)
    if (from === 'store' || !(loaded.index instanceof LayeredVectorIndex)) {
      onProgress?.({ category, applied: 0, phase: 'saving' })
      await this.save(category)
    }
    const vectors = (await this.entry(category)).index.size
    onProgress?.({ category, applied: 0, phase: 'done' })
    return { from, vectors, seconds: (performance.now() - started) / 1000 }
  }

  /** Vectors held per loaded category (diagnostics). */
  async sizes(): Promise<Partial<Record<EntityCategory, number>>> {
    const out: Partial<Record<EntityCategory, number>> = {}
    for (const [category, p] of this.loaded) out[category] = (await p).index.size
    return out
  }
}
