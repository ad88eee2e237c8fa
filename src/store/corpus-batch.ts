// An ingest batch of one category written as one statement (writeBatchQuery): the record upsert,
// the stored vectors of the rows written and, for persons, their affiliations and institutions;
// its inputs as JSON-array parameters or a bulk load's staging tables.
import { sql, type CompiledQuery } from 'kysely'
import { bulkRows, type BulkColumns, type RowsSource } from './bulk.ts'
import type { AffiliationRow, CompanyRow, DocumentRow, InstitutionRow, PersonRow, RecordTable } from './corpus.ts'
import { AFFILIATION_BULK, anyText, BULK_COLUMNS, bulkInsert, INSTITUTION_BULK } from './corpus-columns.ts'
import type { Db } from './db.ts'
import { GRAPH_CORPUS } from './graph-blocks.ts'

// Rows whose hash and embedder both match are left alone: re-ingesting identical data writes nothing.
function changed(table: RecordTable) {
  const hash = sql.ref(`${table}.record_hash`)
  const embedder = sql.ref(`${table}.embedded_with`)
  return sql<boolean>`excluded.record_hash is distinct from ${hash} or excluded.embedded_with is distinct from ${embedder}`
}

function updateAll(columns: readonly string[]) {
  return Object.fromEntries(columns.filter((c) => c !== 'id').map((c) => [c, sql.ref(`excluded.${c}`)]))
}

export interface WrittenRecord {
  id: string
  vec_key: number
  inserted: boolean
}

/**
 * Multi-row upsert keyed by id, as a builder (writeBatchQuery runs it): rows whose hash and
 * embedder both match are left alone. It returns the ids and vector keys of the rows actually
 * written (inserted, or updated because the record or its embedder changed), and which were inserted.
 */
function upsertRecordsBuilder(db: Db, table: RecordTable, rows: RowsSource) {
  const columns = BULK_COLUMNS[table]
  return (
    bulkInsert(db, table, columns, rows)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(updateAll(Object.keys(columns)) as never)
          .where(changed(table)),
      )
      // xmax is 0 on a row this statement inserted (not updated).
      .returning(['id', 'vec_key', sql<boolean>`(xmax = 0)`.as('inserted')])
  )
}

/** A batch of one category as one statement (writeBatchQuery). */
export interface BatchWrite {
  table: RecordTable
  rows: CompanyRow[] | PersonRow[] | DocumentRow[]
  /** corpus_state row whose vector generation the batch takes. */
  corpus: string
  category: string
  /** The embedder's name ('' when nothing was embedded). */
  model: string
  /** Each row's vector (null: none), by row id. */
  vectors: { id: string; vector: Uint8Array | null }[]
  /** Persons: their affiliations replace the stored ones; institutions they name are created if missing. */
  graph?: { personIds: string[]; affiliations: AffiliationRow[]; institutions: InstitutionRow[] }
}

/** The batch's vector generation, and one row per record written (none: id null). */
export interface WrittenBatchRow {
  generation: number | string
  id: string | null
  vec_key: number | string | null
  inserted: boolean | null
}

const VECTOR_IN: BulkColumns = { id: 'text', vector: 'bytea' }

/**
 * Where a batch statement reads its rows: JSON-array parameters (bulkRows, the ordinary ingest),
 * or a bulk load's staging tables filled by COPY (store/bulk-loads.ts). The statement is the same.
 */
export interface BatchSources {
  rows: RowsSource
  vectors: RowsSource
  affiliations?: RowsSource
  institutions?: RowsSource
}

/** The columns of each input of a batch statement, as they travel (bulk.ts types). */
export function batchColumns(table: RecordTable) {
  return {
    rows: BULK_COLUMNS[table],
    vectors: VECTOR_IN,
    affiliations: AFFILIATION_BULK,
    institutions: INSTITUTION_BULK,
  }
}

/** A batch's inputs as JSON-array parameters. */
export function batchParameters(b: BatchWrite): BatchSources {
  return {
    rows: bulkRows(BULK_COLUMNS[b.table], b.rows as Record<string, unknown>[]),
    vectors: bulkRows(VECTOR_IN, b.vectors),
    ...(b.graph
      ? {
          affiliations: bulkRows(AFFILIATION_BULK, b.graph.affiliations as unknown as Record<string, unknown>[]),
          institutions: bulkRows(INSTITUTION_BULK, b.graph.institutions as unknown as Record<string, unknown>[]),
        }
      : {}),
  }
}

/**
 * A whole batch in one statement, so one round trip and atomic without a transaction: the next
 * vector generation, the record upsert (rows whose hash and embedder are unchanged left alone),
 * the stored vectors of the rows written and, for persons, their affiliations (upserted by
 * (person_id, ordinal), the ones beyond the new list deleted), the institutions they name and the
 * graph generation. Data-modifying CTEs: each sees the tables as they were before the statement,
 * and the rows they touch are disjoint.
 */
export function writeBatchQuery(
  db: Db,
  b: BatchWrite,
  sources: BatchSources = batchParameters(b),
): CompiledQuery<WrittenBatchRow> {
  const v = sources.vectors
  const ctes = [
    sql`gen as (update corpus_state set vector_generation = vector_generation + 1 where corpus = ${b.corpus}
      returning vector_generation)`,
    sql`w as (${upsertRecordsBuilder(db, b.table, sources.rows)})`,
    sql`v as (insert into record_vectors (vec_key, category, model, vector, generation)
      select w.vec_key, ${b.category}, ${b.model}, ${v.ref('vector')}, gen.vector_generation
      from w join ${v.from} on u.id = w.id cross join gen
      on conflict (vec_key) do update set model = excluded.model, vector = excluded.vector, generation = excluded.generation)`,
  ]
  if (b.graph && sources.affiliations && sources.institutions) {
    const names = Object.keys(AFFILIATION_BULK)
    const a = sources.affiliations
    const set = sql.join(
      names.filter((n) => n !== 'person_id' && n !== 'ordinal').map((n) => sql.raw(`${n} = excluded.${n}`)),
    )
    ctes.push(
      sql`newaff as materialized (select ${sql.join(names.map((n) => sql`${a.ref(n)} as ${sql.id(n)}`))} from ${a.from})`,
      sql`trimmed as (delete from affiliations x where x.person_id = ${anyText(b.graph.personIds)}
        and not exists (select 1 from newaff n where n.person_id = x.person_id and n.ordinal = x.ordinal))`,
      sql`aff as (insert into affiliations (${sql.raw(names.join(', '))}) select ${sql.raw(names.join(', '))} from newaff
        on conflict (person_id, ordinal) do update set ${set})`,
      sql`inst as (${bulkInsert(db, 'institutions', INSTITUTION_BULK, sources.institutions).onConflict((oc) => oc.column('inst_key').doNothing())})`,
      sql`graph as (update corpus_state set graph_generation = graph_generation + 1 where corpus = ${GRAPH_CORPUS})`,
    )
  }
  return sql<WrittenBatchRow>`with ${sql.join(ctes)}
    select gen.vector_generation as generation, w.id, w.vec_key, w.inserted from gen left join w on true`.compile(db)
}
