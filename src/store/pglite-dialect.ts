// A Kysely dialect over PGlite (embedded PostgreSQL in WebAssembly). PGlite is one connection,
// so connections are handed out one at a time behind a mutex: a transaction holds it until it
// commits. Existing dialect packages pin older PGlite majors, hence these few lines.
// Statements made in `background` (the write-behind batches) give way to every other statement
// waiting for the connection, for at most BACKGROUND_MAX_WAIT_MS: they run when the store is
// otherwise idle, not between a request's own statements.
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

  lock(low: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.held = true
        resolve(() => this.release())
      }
      if (!this.held) grant()
      else if (low) this.deferred.push({ grant, since: performance.now() })
      else this.foreground.push(grant)
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
  private readonly mutex = new Mutex()
  private readonly releases = new WeakMap<DatabaseConnection, () => void>()
  private readonly connection: PGliteConnection

  constructor(pg: QueryEngine) {
    this.connection = new PGliteConnection(pg)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock(background.getStore() === true)
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

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: QueryEngine) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
}
