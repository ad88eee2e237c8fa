// Bulk first loads (docs/ingest-bulk.md §1): the bulk_loads table (migration 0047; its type is in
// tables-corpus.ts), the indexes a load drops and rebuilds, and on PostgreSQL the load's own
// connection, which COPYs each batch into temporary staging tables that the batch statement
// (corpus-batch.ts writeBatchQuery) reads instead of JSON-array parameters. The domain (domain/corpus/bulk-load.ts) decides when; this file does the SQL.
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { textArrayLiteral, type BulkColumns, type BulkType, type RowsSource } from './bulk.ts'
import type { RecordTable } from './corpus.ts'
import { batchColumns, type BatchSources, type BatchWrite } from './corpus-batch.ts'
import type { Database, Db } from './db.ts'
import type { BulkLoadsTable, DroppedIndex } from './tables-corpus.ts'

export type BulkLoad = { category: string; input_key: string; state: BulkLoadsTable['state'] } & {
  committed_items: number
  dropped_indexes: DroppedIndex[]
}

export async function findBulkLoad(db: Db, category: string, inputKey: string): Promise<BulkLoad | null> {
  const row = await db
    .selectFrom('bulk_loads')
    .select(['category', 'input_key', 'state', 'committed_items', 'dropped_indexes'])
    .where('category', '=', category)
    .where('input_key', '=', inputKey)
    .executeTakeFirst()
  return row ? { ...row, committed_items: Number(row.committed_items) } : null
}

/** A new load, from its first item. `input`: what it reads, in words (a file's path, a command). */
export async function insertBulkLoad(
  db: Db,
  category: string,
  inputKey: string,
  input: string | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto('bulk_loads')
    .values({ category, input_key: inputKey, input, state: 'loading', started_at: now, updated_at: now })
    .execute()
}

/** A load as `dsp bulk-loads` lists it, and as a refusal names it. */
export interface BulkLoadListed extends BulkLoad {
  input: string | null
  started_at: Date
  updated_at: Date
}

/** Every load of the store (`category`: of that category), unfinished ones first, then the newest. */
export async function listBulkLoads(db: Db, category?: string): Promise<BulkLoadListed[]> {
  let q = db
    .selectFrom('bulk_loads')
    .select([
      'category',
      'input_key',
      'input',
      'state',
      'committed_items',
      'dropped_indexes',
      'started_at',
      'updated_at',
    ])
  if (category !== undefined) q = q.where('category', '=', category)
  const rows = await q.orderBy('updated_at', 'desc').execute()
  return rows
    .map((r) => ({
      ...r,
      committed_items: Number(r.committed_items),
      started_at: new Date(r.started_at),
      updated_at: new Date(r.updated_at),
    }))
    .sort((a, b) => Number(a.state === 'done') - Number(b.state === 'done'))
}

export async function updateBulkLoad(
  db: Db,
  category: string,
  inputKey: string,
  values: { state?: BulkLoadsTable['state']; committed_items?: number; dropped_indexes?: DroppedIndex[]; now: Date },
): Promise<void> {
  const { now, dropped_indexes, ...rest } = values
  await db
    .updateTable('bulk_loads')
    .set({
      ...rest,
      ...(dropped_indexes ? { dropped_indexes: JSON.stringify(dropped_indexes) } : {}),
      updated_at: now,
    })
    .where('category', '=', category)
    .where('input_key', '=', inputKey)
    .execute()
}

/** True when the table holds no row (a category's first load; documents: no category has any). */
export async function isTableEmpty(db: Db, table: string): Promise<boolean> {
  const r = await sql<{ empty: boolean }>`select not exists (select 1 from ${sql.table(table)}) as empty`.execute(db)
  return r.rows[0]?.empty === true
}

/** True when the category's table holds no record of it (documents: none of this category). */
export async function isCategoryEmpty(db: Db, table: string, category: string | null): Promise<boolean> {
  const where = category === null ? sql`true` : sql`category = ${category}`
  const r = await sql<{
    empty: boolean
  }>`select not exists (select 1 from ${sql.table(table)} where ${where}) as empty`.execute(db)
  return r.rows[0]?.empty === true
}

/** The category's unfinished load (loading or indexing), of any input, or null: one at a time. */
export async function findUnfinishedBulkLoad(db: Db, category: string): Promise<BulkLoadListed | null> {
  return (await listBulkLoads(db, category)).find((l) => l.state !== 'done') ?? null
}

/**
 * The table's indexes a load may drop: every one but those behind a constraint (primary keys and
 * unique keys: the upsert's conflict targets) and those on source_id (the load reads by them).
 */
export async function findDroppableIndexes(db: Db, table: string): Promise<DroppedIndex[]> {
  const r = await sql<{ name: string; definition: string }>`select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and i.indexname not like '%source_id%'
      and not exists (select 1 from pg_constraint c
        where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
    order by i.indexname`.execute(db)
  return r.rows.map((x) => ({ table, ...x }))
}

export async function dropIndexes(db: Db, indexes: readonly DroppedIndex[]): Promise<void> {
  for (const i of indexes) await sql`drop index if exists ${sql.id(i.name)}`.execute(db)
}

/** Builds an index again from its definition (pg_indexes.indexdef); one that exists is left alone. */
export async function rebuildIndex(db: Db, index: DroppedIndex): Promise<void> {
  const definition = index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')
  if (definition === index.definition) throw new Error(`bulk load: unexpected index definition ${index.definition}`)
  await sql.raw(definition).execute(db)
}

// --- PostgreSQL: the load's connection, its staging tables and COPY ---

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }
const NEEDS_ESCAPE = /[\\\n\r\t]/
const ESCAPED = /[\\\n\r\t]/g

/**
 * One value in COPY's text format: `\N` for null, a backslash, newline, carriage return or tab
 * escaped, everything else as it is. Not CSV: CSV quotes every value and doubles every `"` in it,
 * and a record's JSON is mostly quotes (the CSV form cost ≈ 80 µs of this thread a person, the
 * escaping almost all of it; JSON text rarely holds a backslash and never a raw newline or tab).
 */
function copyValue(type: BulkType, v: unknown): string {
  if (v === null || v === undefined) return '\\N'
  let s: string
  if (type === 'bytea') {
    // `\x` hex, its backslash escaped; hex needs nothing more.
    const b = v as Uint8Array
    return '\\\\x' + Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex')
  }
  if (type === 'text[]') s = textArrayLiteral(v as string[])!
  else if (type === 'bool') s = v ? 't' : 'f'
  else if (v instanceof Date) s = v.toISOString()
  else s = String(v)
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPED, (c) => COPY_ESCAPES[c]!) : s
}

function copyRows(columns: BulkColumns, rows: readonly Record<string, unknown>[]): string {
  const names = Object.entries(columns)
  const out: string[] = []
  for (const row of rows) {
    let line = ''
    for (let i = 0; i < names.length; i++) {
      const [name, type] = names[i]!
      line += (i > 0 ? '\t' : '') + copyValue(type, row[name])
    }
    out.push(line)
  }
  return out.join('\n') + '\n'
}

const STAGE = {
  rows: 'bulk_stage_rows',
  vectors: 'bulk_stage_vectors',
  affiliations: 'bulk_stage_affiliations',
  institutions: 'bulk_stage_institutions',
} as const

/** A staging table as a batch statement's source: the same `u` alias and columns bulkRows gives. */
function stagedSource(table: string): RowsSource {
  return { from: sql`${sql.table(table)} as u`, ref: (column: string): RawBuilder<unknown> => sql.ref(`u.${column}`) }
}

/** A batch statement's sources when its inputs are COPYed into the staging tables (CopyConnection.copyBatch). */
export function stagedBatchSources(b: BatchWrite): BatchSources {
  const sources: BatchSources = { rows: stagedSource(STAGE.rows), vectors: stagedSource(STAGE.vectors) }
  if (!b.graph) return sources
  return { ...sources, affiliations: stagedSource(STAGE.affiliations), institutions: stagedSource(STAGE.institutions) }
}

const PG_TYPE: Record<BulkType, string> = {
  text: 'text',
  int4: 'integer',
  int8: 'bigint',
  float8: 'double precision',
  bool: 'boolean',
  date: 'date',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
  bytea: 'bytea',
  'text[]': 'text[]',
  tsvector: 'tsvector',
}

/**
 * A bulk load's own PostgreSQL connection (no statement deadline: a batch and an index build answer
 * no request). Its staging tables are temporary, emptied at each commit: they are never written to
 * the WAL, belong to this session alone (two loads never meet there) and vanish with it, so a load
 * killed mid-batch leaves nothing behind but its rolled-back transaction.
 */
export class CopyConnection {
  readonly db: Kysely<Database>
  private readonly created = new Set<string>()

  private constructor(private readonly client: pg.Client) {
    const single = Object.assign(client, { release: () => undefined })
    this.db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: { connect: async () => single, end: async () => undefined } }),
    })
  }

  static async open(url: string): Promise<CopyConnection> {
    const client = new pg.Client({
      connectionString: url,
      options: '-c TimeZone=UTC',
      application_name: 'dsp bulk load',
    })
    // A connection lost is seen by the statement in flight; without a listener its 'error' ends the process.
    client.on('error', () => undefined)
    await client.connect()
    // Index builds at the end: memory for the sort, so the tsv and trigram GIN indexes build in one pass.
    await client.query(`set maintenance_work_mem = '512MB'`)
    return new CopyConnection(client)
  }

  /** The staging tables of a table's batches, emptied at every commit (created once, outside any transaction). */
  async prepare(table: RecordTable): Promise<void> {
    const columns = batchColumns(table)
    for (const [input, name] of Object.entries(STAGE) as [keyof typeof STAGE, string][]) {
      const cols = Object.entries(columns[input]).map(([c, t]) => `${c} ${PG_TYPE[t]}`)
      await this.client.query(`drop table if exists ${name}`)
      await this.client.query(`create temp table ${name} (${cols.join(', ')}) on commit delete rows`)
    }
  }

  private async copy(name: string, columns: BulkColumns, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return
    const stream = this.client.query(copyFrom(`copy ${name} (${Object.keys(columns).join(', ')}) from stdin`))
    await pipeline(Readable.from([copyRows(columns, rows)]), stream)
  }

  /** COPYs a batch's inputs into the staging tables, inside the caller's transaction on `db`. */
  async copyBatch(b: BatchWrite): Promise<void> {
    const columns = batchColumns(b.table)
    await this.copy(STAGE.rows, columns.rows, b.rows as Record<string, unknown>[])
    await this.copy(STAGE.vectors, columns.vectors, b.vectors)
    if (!b.graph) return
    await this.copy(
      STAGE.affiliations,
      columns.affiliations,
      b.graph.affiliations as unknown as Record<string, unknown>[],
    )
    await this.copy(
      STAGE.institutions,
      columns.institutions,
      b.graph.institutions as unknown as Record<string, unknown>[],
    )
  }

  async close(): Promise<void> {
    await this.db.destroy().catch(() => undefined)
    await this.client.end().catch(() => undefined)
  }
}
