// The embedded store's engine in a worker thread (store/pglite-worker.mjs): the same calls as
// PGlite's own (query, exec, dumpDataDir, close), each a message to the thread and its answer.
// The server's thread no longer runs the store's statements: HTTP, planning and serialisation go
// on while the store reads or writes (docs/architecture-store.md, Store).
import { Worker } from 'node:worker_threads'

export interface QueryAnswer<R> {
  rows: R[]
  affectedRows?: number
  blob?: Blob
}

/** What the dialect and the store need of an embedded engine, wherever it runs. */
export interface EmbeddedEngine {
  query<R>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<QueryAnswer<R>>
  exec(sql: string): Promise<unknown>
  dumpDataDir(compression: 'none' | 'gzip' | 'auto'): Promise<Blob>
  close(): Promise<void>
}

/** An error of the store, as the thread reported it (code, detail… as PGlite's own). */
class RemoteDatabaseError extends Error {}

export class RemotePGlite implements EmbeddedEngine {
  private readonly worker: Worker
  private next = 1
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  /** Calls not answered yet: closing waits for them (PGlite closed under a statement fails its thread). */
  private readonly pending = new Set<Promise<unknown>>()
  private closed = false

  private constructor() {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url))
    // The thread keeps the process alive only while a call waits for it (as a pending query would).
    this.worker.unref()
    this.worker.on(
      'message',
      (m: {
        id: number
        result?: unknown
        error?: { message: string; name: string; fields: Record<string, unknown> }
      }) => {
        const w = this.waiting.get(m.id)
        if (!w) return
        this.waiting.delete(m.id)
        if (this.waiting.size === 0) this.worker.unref()
        if (m.error)
          w.reject(Object.assign(new RemoteDatabaseError(m.error.message), { name: m.error.name }, m.error.fields))
        else w.resolve(m.result)
      },
    )
    this.worker.on('error', (e) => this.fail(e))
    // A thread that is gone answers nothing more: later calls fail at once, as on a closed PGlite
    // (domain/guard.ts isConnectionError), instead of waiting for ever.
    this.worker.on('exit', () => {
      this.closed = true
      this.fail(new Error('PGlite is closed'))
    })
  }

  /** Milliseconds the engine's thread has been busy so far (benchmarks: the store's share of a run). */
  busyMs(): number {
    return this.worker.performance.eventLoopUtilization().active
  }

  /** Fails every call waiting for the thread. */
  private fail(e: unknown): void {
    for (const w of this.waiting.values()) w.reject(e)
    this.waiting.clear()
    this.worker.unref()
  }

  static async create(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<RemotePGlite> {
    const engine = new RemotePGlite()
    const load = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined
    try {
      await engine.call({ op: 'open', dataDir: opts.dataDir, loadDataDir: load }, load ? [load] : [])
    } catch (e) {
      // A store that did not open leaves no thread behind.
      await engine.worker.terminate()
      throw e
    }
    return engine
  }

  private call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'))
    const id = this.next++
    const answer = new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref()
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject })
      this.worker.postMessage({ ...message, id }, transfer)
    })
    this.pending.add(answer)
    const settled = () => void this.pending.delete(answer)
    answer.then(settled, settled)
    return answer
  }

  async query<R>(sql: string, params: unknown[] = [], options?: { blob?: Blob }): Promise<QueryAnswer<R>> {
    const blob = options?.blob ? await options.blob.arrayBuffer() : undefined
    const r = await this.call<{ rows: R[]; affectedRows?: number; blob?: string }>(
      { op: 'query', sql, params, blob },
      blob ? [blob] : [],
    )
    return { rows: r.rows, affectedRows: r.affectedRows, blob: r.blob === undefined ? undefined : new Blob([r.blob]) }
  }

  async exec(sql: string): Promise<void> {
    await this.call({ op: 'exec', sql })
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })])
  }

  async close(): Promise<void> {
    if (this.closed) return
    await Promise.allSettled([...this.pending])
    await this.call({ op: 'close' })
    this.closed = true
    await this.worker.terminate()
  }
}
