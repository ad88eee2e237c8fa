// A Kysely dialect over PGlite (embedded PostgreSQL in WebAssembly). PGlite is one connection,
// so connections are handed out one at a time behind a mutex: a transaction holds it until it
// commits. Existing dialect packages pin older PGlite majors, hence these few lines.
import type { PGlite } from '@electric-sql/pglite'
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

class Mutex {
  private tail: Promise<void> = Promise.resolve()
  lock(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((r) => (release = r))
    const ready = this.tail.then(() => release)
    this.tail = this.tail.then(() => next)
    return ready
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

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

  constructor(pg: PGlite) {
    this.connection = new PGliteConnection(pg)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock()
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
  constructor(private readonly pg: PGlite) {}
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
