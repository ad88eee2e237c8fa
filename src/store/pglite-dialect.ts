// A Kysely dialect over PGlite (embedded PostgreSQL in WebAssembly). PGlite is one connection,
// so connections are handed out one at a time behind a mutex: a transaction holds it until it
// commits. Existing dialect packages pin older PGlite majors, hence these few lines.
// Statements made in `background` (the write-behind batches) give way to every other statement
// waiting for the connection, for at most BACKGROUND_MAX_WAIT_MS: they run when the store is
// otherwise idle, not between a request's own statements. Every other statement waits for the
// connection at most `acquireMs` (DSP_STORE_ACQUIRE_TIMEOUT_MS), then fails as a timed-out store.
import { AsyncLocalStorage } from 'node:async_hooks'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { EMBEDDED_ACQUIRE_TIMEOUT } from './outage.ts'

/** What the dialect needs of the engine: PGlite itself, or RemotePGlite (store/pglite-remote.ts). */
export interface QueryEngine {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>
}

/** Work run in this context takes the embedded store's connection after every other waiting statement. */
export const background = new AsyncLocalStorage<true>()

/** How long a background statement gives way before it takes its turn regardless. */
const BACKGROUND_MAX_WAIT_MS = 25

class Mutex {
  private held = false
  private readonly foreground: (() => void)[] = []
  private readonly deferred: { grant: () => void; since: number }[] = []

  /** The connection held or not, and the statements waiting for it (metrics). */
  stats(): { inUse: number; waiting: number } {
    return { inUse: this.held ? 1 : 0, waiting: this.foreground.length + this.deferred.length }
  }

  /**
   * Resolves with the release once the connection is this caller's. A foreground caller given
   * `deadlineMs` is taken out of the queue and rejected when that passes first; a background one
   * (`low`) waits however long it takes.
   */
  lock(low: boolean, deadlineMs?: number): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const grant = () => {
        clearTimeout(timer)
        this.held = true
        resolve(() => this.release())
      }
      if (!this.held) return grant()
      if (low) return void this.deferred.push({ grant, since: performance.now() })
      this.foreground.push(grant)
      if (deadlineMs !== undefined)
        timer = setTimeout(() => {
          const at = this.foreground.indexOf(grant)
          if (at < 0) return
          this.foreground.splice(at, 1)
          const e = new Error(`no embedded store connection within ${deadlineMs} ms`)
          reject(Object.assign(e, { code: EMBEDDED_ACQUIRE_TIMEOUT }))
        }, deadlineMs)
    })
  }

  private release(): void {
    this.held = false
    const oldest = this.deferred[0]
    const next =
      oldest && performance.now() - oldest.since > BACKGROUND_MAX_WAIT_MS
        ? this.deferred.shift()!.grant
        : (this.foreground.shift() ?? this.deferred.shift()?.grant)
    next?.()
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: QueryEngine) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[])
    const affected = res.affectedRows
    return { rows: res.rows, numAffectedRows: affected === undefined ? undefined : BigInt(affected) }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the embedded store')
  }
}

class PGliteDriver implements Driver {
  private readonly releases = new WeakMap<DatabaseConnection, () => void>()
  private readonly connection: PGliteConnection

  constructor(
    pg: QueryEngine,
    private readonly options: PGliteDialectOptions,
    private readonly mutex: Mutex,
  ) {
    this.connection = new PGliteConnection(pg)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Background statements answer no one: they wait for the connection however long it is held.
    const release = await this.mutex.lock(background.getStore() === true, this.options.acquireMs)
    this.releases.set(this.connection, release)
    return this.connection
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let q = 'begin'
    if (settings.isolationLevel) q = `start transaction isolation level ${settings.isolationLevel}`
    await conn.executeQuery(CompiledQuery.raw(q))
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn)
    this.releases.delete(conn)
    release?.()
  }

  async destroy(): Promise<void> {}
}

export interface PGliteDialectOptions {
  /** How long a statement may wait for the one connection before it fails (EMBEDDED_ACQUIRE_TIMEOUT); none: as long as it takes. */
  acquireMs?: number
}

export class PGliteDialect implements Dialect {
  private readonly mutex = new Mutex()
  constructor(
    private readonly pg: QueryEngine,
    private readonly options: PGliteDialectOptions = {},
  ) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.options, this.mutex)
  }
  /** The one connection in use or not, and the statements waiting for it. */
  connectionStats(): { inUse: number; waiting: number } {
    return this.mutex.stats()
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
}
