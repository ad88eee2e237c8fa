// The Kysely instance over PGlite (embedded, under DSP_DATA_DIR) or PostgreSQL (DATABASE_URL),
// and the Database type that gathers the table types of tables*.ts. One dialect, one migration set.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PostgresDialect, sql, type PostgresPool, type Transaction } from 'kysely'
import pg from 'pg'
import type {
  ApiKeysTable,
  ChargedUnitsTable,
  CreditAccountsTable,
  CreditHoldsTable,
  DeploymentSettingsTable,
  FeedbackReportsTable,
  FeedbackVotesTable,
  LedgerEntriesTable,
  MembershipsTable,
  OAuthTables,
  OrganisationsTable,
  SavedItemsTable,
  SavedListsTable,
  SessionsTable,
  SuppressionsTable,
  TopupsTable,
  UsageRunsTable,
  UsersTable,
  WorkspacesTable,
} from './tables.ts'
import type { BulkLoadTables, CorpusTables, ParserVocabularyTables } from './tables-corpus.ts'
import type { AgentRunTables, MonitorTables, WebhookTables } from './tables-runs.ts'
import { StoreConnectError } from './outage.ts'
import { PGliteDialect } from './pglite-dialect.ts'
import { RemotePGlite, type EmbeddedEngine } from './pglite-remote.ts'

// int8 and numeric come back as JS numbers: every bigint we keep (thousandths of a credit,
// run ids) stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))

export interface Database
  extends
    CorpusTables,
    BulkLoadTables,
    ParserVocabularyTables,
    AgentRunTables,
    OAuthTables,
    WebhookTables,
    MonitorTables {
  deployment_settings: DeploymentSettingsTable
  organisations: OrganisationsTable
  workspaces: WorkspacesTable
  users: UsersTable
  memberships: MembershipsTable
  api_keys: ApiKeysTable
  credit_accounts: CreditAccountsTable
  ledger_entries: LedgerEntriesTable
  usage_runs: UsageRunsTable
  charged_units: ChargedUnitsTable
  topups: TopupsTable
  credit_holds: CreditHoldsTable
  sessions: SessionsTable
  saved_lists: SavedListsTable
  saved_items: SavedItemsTable
  suppressions: SuppressionsTable
  feedback_reports: FeedbackReportsTable
  feedback_votes: FeedbackVotesTable
}

export type Db = Kysely<Database> | Transaction<Database>

export interface Store {
  readonly db: Kysely<Database>
  readonly kind: 'pglite' | 'postgres'
  /** PostgreSQL connection string when kind is postgres (LISTEN/NOTIFY needs its own client). */
  readonly url: string | null
  /** Connections of this process now (metrics: dsp_store_connections). */
  stats(): StoreStats
  close(): Promise<void>
}

export interface StoreStats {
  /** Connections open: the PostgreSQL pool's, or the embedded store's one. */
  total: number
  /** Connections checked out by a call right now. */
  inUse: number
  /** Calls waiting for a connection. */
  waiting: number
}

/**
 * How long a store call may take. PostgreSQL: each statement (statement_timeout), each wait for a
 * lock (lock_timeout), and the wait for a pooled connection or a new one (the pool's
 * connectionTimeoutMillis). Embedded: only the wait for its one connection applies (PGlite runs
 * no timers to cancel a statement, and no other session can hold a lock against it).
 */
export interface StoreDeadlines {
  statementMs: number
  lockMs: number
  acquireMs: number
}

export interface OpenStoreOptions {
  databaseUrl?: string
  dataDir: string
  /** A tarball from dumpEmbeddedStore: loads a migrated database instead of running initdb. */
  loadDataDir?: Blob
  /** Keep the embedded database in memory (tests). */
  inMemory?: boolean
  /** Where the embedded engine runs: a worker thread (the default, what the server runs) or this thread. */
  thread?: 'worker' | 'main'
  /** None: calls wait as long as they take (`dsp migrate`). */
  deadlines?: StoreDeadlines
  /** A pooled PostgreSQL connection went away (told once per connection; the pool replaces it by itself). */
  onConnectionLost?: (e: Error) => void
}

/** PostgreSQL pool size per process. */
export const POOL_SIZE = 10

/**
 * How a pool keeps its connections: open once, kept while idle, for the process's life (or until
 * one is lost). pg-pool closes an idle connection after 10 s by default, and a new PostgreSQL
 * backend pays for its first touch of every shared buffer it reads: a minor page fault per 4 kB
 * page of shared memory unless the server runs on huge pages. On a large store a search reads tens
 * of thousands of buffers, so the first statement of a new backend took up to 5× as long as the
 * same statement on a backend that had run it (1,136 against 236 ms, docs/deploy-scaling.md,
 * "PostgreSQL settings"); a quiet server paid that on every search after 10 s without one.
 * `allowExitOnIdle` lets a command that is done exit without waiting for its idle connections.
 */
export const POOL_KEEP = { idleTimeoutMillis: 0, allowExitOnIdle: true } as const

export async function openStore(opts: OpenStoreOptions): Promise<Store & { pglite?: EmbeddedEngine }> {
  if (opts.databaseUrl) {
    const d = opts.deadlines
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: POOL_SIZE,
      ...POOL_KEEP,
      options: '-c TimeZone=UTC',
      application_name: 'dsp',
      // Session defaults of every pooled connection; 0 (PostgreSQL's own default) waits for ever.
      statement_timeout: d?.statementMs ?? 0,
      lock_timeout: d?.lockMs ?? 0,
      connectionTimeoutMillis: d?.acquireMs ?? 0,
      // A peer that vanished without closing the socket (a failover, a cut network) is noticed.
      keepAlive: true,
    })
    // PostgreSQL drops connections when it restarts or fails over, on pg_terminate_backend, or
    // through a proxy's idle cut; the client then emits 'error', and an 'error' event nobody
    // listens to ends the process. So every connection gets a listener when the pool opens it,
    // whether it is idle or checked out when it dies: the statement in flight fails with the
    // error (its caller's guard answers the contract's 503), and the pool discards the
    // connection, idle at once, checked out when released (it is no longer queryable), and
    // opens a new one for the next call. The pool re-emits an idle connection's error: heard here already.
    pool.on('connect', (client) => {
      client.once('error', (e: Error) => opts.onConnectionLost?.(e))
      client.on('error', () => undefined)
    })
    pool.on('error', () => undefined)
    // Kysely acquires every connection through connect(): an error there is the store's outage,
    // whatever it says (store/outage.ts), so it is marked as met while connecting.
    const connecting: PostgresPool = {
      connect: () =>
        pool.connect().catch((e: unknown) => {
          throw new StoreConnectError(e)
        }),
      end: () => pool.end(),
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: connecting }) })
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      stats: () => ({
        total: pool.totalCount,
        inUse: pool.totalCount - pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => db.destroy(),
    }
  }
  let dataDir: string | undefined
  if (!opts.inMemory) {
    dataDir = path.resolve(opts.dataDir, 'pg')
    mkdirSync(dataDir, { recursive: true })
  }
  // By default the engine runs in a worker thread (store/pglite-remote.ts): its statements no
  // longer hold the server's thread, which goes on with HTTP meanwhile.
  const pglite =
    (opts.thread ?? 'worker') === 'worker'
      ? await RemotePGlite.create({ dataDir, loadDataDir: opts.loadDataDir })
      : await PGlite.create({
          dataDir,
          loadDataDir: opts.loadDataDir,
          extensions: { pg_trgm },
        })
  await pglite.exec("set timezone = 'UTC'")
  const dialect = new PGliteDialect(pglite, { acquireMs: opts.deadlines?.acquireMs })
  const db = new Kysely<Database>({ dialect })
  return {
    db,
    kind: 'pglite',
    url: null,
    pglite,
    stats: () => ({ total: 1, ...dialect.connectionStats() }),
    close: async () => {
      await db.destroy()
      await pglite.close()
    },
  }
}

/**
 * Runs `fn` on one connection with no statement or lock timeout: migrations, VACUUM and the corpus
 * counts, whose time grows with the data and which answer no request. A no-op wrapper on the
 * embedded store, and inside a transaction (it runs on the transaction's own connection, as it is).
 */
export async function withoutStatementDeadlines<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db)
  return db.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn)
    await sql`set lock_timeout = 0`.execute(conn)
    try {
      return await fn(conn)
    } finally {
      // Back to the pool's session defaults (a connection that died is discarded anyway).
      await sql`reset statement_timeout`.execute(conn).catch(() => undefined)
      await sql`reset lock_timeout`.execute(conn).catch(() => undefined)
    }
  })
}
