// Corpus tables (migration 0003) and their queries: record upserts, the affiliation graph, stored
// vectors and per-corpus state. The domain (domain/corpus/) opens the transactions.
import { sql, type ColumnType, type CompiledQuery, type Insertable, type Selectable } from 'kysely'
import { bulkRows, type BulkColumns, type RowsSource } from './bulk.ts'
import type { Db } from './db.ts'
import { GRAPH_CORPUS } from './graph-blocks.ts'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type Json = ColumnType<unknown, string, string>
/** Written as tsvector text (retrieval/fulltext.ts builds it); never read back here. */
type TsVector = string
type VecKey = ColumnType<number, never, never>

interface RecordColumns {
  /** The id the record's source gives it (`crm:123`), when it has one. */
  source_id: string | null
  record: Json
  record_hash: string
  tsv: TsVector
  vec_key: VecKey
  has_vector: boolean
  embedded_with: string | null
  updated_at: Timestamp
}

export interface CompaniesTable extends RecordColumns {
  id: string
  domain: string | null
  professional_url: string | null
  name: string | null
  name_norm: string | null
  industry: string | null
  sub_industry: string | null
  country: string | null
  state: string | null
  city: string | null
  region: string[] | null
  employee_count: number | null
  founded_year: number | null
  revenue: number | null
  total_funding: number | null
  last_funding_date: string | null
  funding_stage: string | null
  growth_stage: string | null
  ipo_status: string | null
  ownership: string | null
  operating_status: string | null
  technology: string[] | null
  company_keyword: string[] | null
  company_types: string[] | null
  business_models: string[] | null
  naics: string[] | null
  sic: string[] | null
  investors: string[] | null
}

export interface PersonsTable extends RecordColumns {
  id: string
  profile_url: string | null
  name: string | null
  name_norm: string | null
  title: string | null
  company_domain: string | null
  company_key: string | null
  company_name: string | null
  department: string | null
  sub_department: string | null
  seniority: string | null
  country: string | null
  state: string | null
  city: string | null
  skills: string[] | null
  certifications: string[] | null
  languages: string[] | null
  employment_type: string | null
  governance_level: string[] | null
  has_direct_access_to_c_suite: boolean | null
  current_start_month: number | null
  career_start_month: number | null
}

export interface DocumentsTable extends RecordColumns {
  id: string
  category: string
  natural_key: string
  lookup_id: string | null
  name: string | null
  name_norm: string | null
  company_domain: string | null
  company_domains: string[] | null
  published_at: Timestamp | null
  industry: string | null
  country: string | null
  amount: number | null
}

export interface InstitutionsTable {
  inst_key: string
  type: 'company' | 'school'
  name: string | null
  name_norm: string | null
  domain: string | null
  professional_url: string | null
  record: Json | null
  updated_at: Timestamp
}

export interface AffiliationsTable {
  person_id: string
  ordinal: number
  inst_key: string
  kind: 'employment' | 'education'
  start_month: number | null
  end_month: number | null
  is_current: boolean
  match_confidence: 'url' | 'edu' | 'name'
  title: string | null
  department: string | null
  seniority: string | null
  /** The holder's current company (persons.company_key), kept with it: a company's people's affiliations are one index range. */
  holder_key: string | null
}

export interface RecordVectorsTable {
  vec_key: number
  category: string
  model: string
  vector: Uint8Array | null
  generation: number
}

export interface CorpusStateTable {
  corpus: string
  as_of: Timestamp | null
  record_count: number
  vector_count: number | null
  fields: ColumnType<Record<string, number | null>, string, string>
  vector_generation: number
  /** Moves on in every transaction that writes persons or affiliations (graph blocks are valid for one). */
  graph_generation: number
  /** What vector_count was counted for: `<embedder>@<vector_generation>` (migration 0010). */
  vector_counted: string | null
  updated_at: Timestamp | null
}

export interface CorpusTables {
  companies: CompaniesTable
  persons: PersonsTable
  documents: DocumentsTable
  institutions: InstitutionsTable
  affiliations: AffiliationsTable
  record_vectors: RecordVectorsTable
  corpus_state: CorpusStateTable
}

export type RecordTable = 'companies' | 'persons' | 'documents'
export type CompanyRow = Insertable<CompaniesTable>
export type PersonRow = Insertable<PersonsTable>
export type DocumentRow = Insertable<DocumentsTable>
export type InstitutionRow = Insertable<InstitutionsTable>
export type AffiliationRow = Insertable<AffiliationsTable>
export type CorpusState = Selectable<CorpusStateTable>

// What each record table's upsert writes, as bulk.ts sends it.
const RECORD_BULK: BulkColumns = {
  id: 'text',
  source_id: 'text',
  tsv: 'tsvector',
  record: 'jsonb',
  record_hash: 'text',
  has_vector: 'bool',
  embedded_with: 'text',
  updated_at: 'timestamptz',
}
const BULK_COLUMNS: Record<RecordTable, BulkColumns> = {
  companies: {
    ...RECORD_BULK,
    domain: 'text',
    professional_url: 'text',
    name: 'text',
    name_norm: 'text',
    industry: 'text',
    sub_industry: 'text',
    country: 'text',
    state: 'text',
    city: 'text',
    region: 'text[]',
    employee_count: 'int4',
    founded_year: 'int4',
    revenue: 'float8',
    total_funding: 'float8',
    last_funding_date: 'date',
    funding_stage: 'text',
    growth_stage: 'text',
    ipo_status: 'text',
    ownership: 'text',
    operating_status: 'text',
    technology: 'text[]',
    company_keyword: 'text[]',
    company_types: 'text[]',
    business_models: 'text[]',
    naics: 'text[]',
    sic: 'text[]',
    investors: 'text[]',
  },
  persons: {
    ...RECORD_BULK,
    profile_url: 'text',
    name: 'text',
    name_norm: 'text',
    title: 'text',
    company_domain: 'text',
    company_key: 'text',
    company_name: 'text',
    department: 'text',
    sub_department: 'text',
    seniority: 'text',
    country: 'text',
    state: 'text',
    city: 'text',
    skills: 'text[]',
    certifications: 'text[]',
    languages: 'text[]',
    employment_type: 'text',
    governance_level: 'text[]',
    has_direct_access_to_c_suite: 'bool',
    current_start_month: 'int4',
    career_start_month: 'int4',
  },
  documents: {
    ...RECORD_BULK,
    category: 'text',
    natural_key: 'text',
    lookup_id: 'text',
    name: 'text',
    name_norm: 'text',
    company_domain: 'text',
    company_domains: 'text[]',
    published_at: 'timestamptz',
    industry: 'text',
    country: 'text',
    amount: 'float8',
  },
}
/** `= any($1::text[])`: one parameter for a whole list of keys. */
const anyText = (values: readonly string[]) => sql<string>`any(${values}::text[])`

export interface StoredHash {
  id: string
  source_id: string | null
  record_hash: string
  embedded_with: string | null
}

/** Hash and embedder of the records that exist among `ids` (to skip unchanged ones before embedding). */
export async function findRecordHashes(db: Db, table: RecordTable, ids: string[]): Promise<StoredHash[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom(table)
    .select(['id', 'source_id', 'record_hash', 'embedded_with'])
    .where('id', '=', anyText(ids))
    .execute()
}

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

/** Deletes the affiliations of these persons (before their new ones are inserted). */
export function deleteAffiliationsQuery(db: Db, personIds: string[]): CompiledQuery | null {
  if (personIds.length === 0) return null
  return db.deleteFrom('affiliations').where('person_id', '=', anyText(personIds)).compile()
}

const AFFILIATION_BULK: BulkColumns = {
  person_id: 'text',
  ordinal: 'int4',
  inst_key: 'text',
  kind: 'text',
  start_month: 'int4',
  end_month: 'int4',
  is_current: 'bool',
  match_confidence: 'text',
  title: 'text',
  department: 'text',
  seniority: 'text',
  holder_key: 'text',
}

const INSTITUTION_BULK: BulkColumns = {
  inst_key: 'text',
  type: 'text',
  name: 'text',
  name_norm: 'text',
  domain: 'text',
  professional_url: 'text',
  record: 'jsonb',
  updated_at: 'timestamptz',
}

/** `insert into <table> (…) select … from <source>`: JSON-array parameters (bulk.ts) or a staging table. */
function bulkInsert<T extends RecordTable | 'affiliations' | 'institutions' | 'record_vectors'>(
  db: Db,
  table: T,
  columns: BulkColumns,
  u: RowsSource,
) {
  const names = Object.keys(columns)
  return db
    .insertInto(table)
    .columns(names as never)
    .expression(sql`select ${sql.join(names.map((n) => u.ref(n)))} from ${u.from}`)
}

/**
 * Institutions from company and school records: their own record wins over what affiliations
 * named. Rows whose values are all unchanged are not written; returns how many were, and how
 * many of those were new.
 */
export async function upsertInstitutions(
  db: Db,
  rows: InstitutionRow[],
): Promise<{ written: number; inserted: number }> {
  if (rows.length === 0) return { written: 0, inserted: 0 }
  const current = sql`(institutions.type, institutions.name, institutions.domain, institutions.professional_url, institutions.record)`
  const incoming = sql`(excluded.type, excluded.name, excluded.domain, excluded.professional_url, excluded.record)`
  const written = await bulkInsert(
    db,
    'institutions',
    INSTITUTION_BULK,
    bulkRows(INSTITUTION_BULK, rows as unknown as Record<string, unknown>[]),
  )
    .onConflict((oc) =>
      oc
        .column('inst_key')
        .doUpdateSet({
          type: (eb) => eb.ref('excluded.type'),
          name: (eb) => eb.ref('excluded.name'),
          name_norm: (eb) => eb.ref('excluded.name_norm'),
          domain: (eb) => eb.ref('excluded.domain'),
          professional_url: (eb) => eb.ref('excluded.professional_url'),
          record: (eb) => eb.ref('excluded.record'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        })
        .where(sql<boolean>`${current} is distinct from ${incoming}`),
    )
    .returning(['inst_key', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute()
  return { written: written.length, inserted: written.filter((w) => w.inserted).length }
}

/** Domains of companies by normalised name (affiliations that name an employer without its domain). */
export async function findCompanyDomainsByName(
  db: Db,
  names: string[],
): Promise<{ name_norm: string; domain: string }[]> {
  if (names.length === 0) return []
  const rows = await db
    .selectFrom('companies')
    .select(['name_norm', 'domain'])
    .where('name_norm', '=', anyText(names))
    .where('domain', 'is not', null)
    .orderBy('domain')
    .execute()
  return rows as { name_norm: string; domain: string }[]
}

/**
 * Affiliations keyed `name:<normalised>` before their company arrived move to its domain (and so
 * do persons whose current job it is, with every affiliation they hold), so the graph does not
 * depend on ingesting companies before persons; the `name:` institution goes. So do persons whose
 * current company is only a name (no job behind it). Returns the affiliation and person rows moved.
 */
export async function rekeyNamedAffiliations(
  db: Db,
  companies: { name_norm: string; domain: string }[],
): Promise<number> {
  if (companies.length === 0) return 0
  const values = sql.join(companies.map((c) => sql`(${'name:' + c.name_norm}, ${c.domain})`))
  const res = await sql`update affiliations a set inst_key = v.domain
    from (values ${values}) as v(named, domain) where a.inst_key = v.named`.execute(db)
  const moved = Number(res.numAffectedRows ?? 0)
  // A person's current company can be a name with no affiliation behind it (a current employer
  // named without a domain or a job: rows.ts personGraph).
  const persons = await sql`update persons p set company_key = v.domain,
      company_domain = coalesce(p.company_domain, v.domain)
    from (values ${values}) as v(named, domain) where p.company_key = v.named`.execute(db)
  if (moved > 0) {
    await sql`update affiliations a set holder_key = v.domain
      from (values ${values}) as v(named, domain) where a.holder_key = v.named`.execute(db)
    await db
      .deleteFrom('institutions')
      .where(
        'inst_key',
        'in',
        companies.map((c) => 'name:' + c.name_norm),
      )
      .execute()
  }
  return moved + Number(persons.numAffectedRows ?? 0)
}

export async function upsertRecordVectors(
  db: Db,
  rows: { vec_key: number; category: string; model: string; vector: Uint8Array | null; generation: number }[],
): Promise<void> {
  if (rows.length === 0) return
  await bulkInsert(db, 'record_vectors', VECTOR_BULK, bulkRows(VECTOR_BULK, rows))
    .onConflict((oc) =>
      oc.column('vec_key').doUpdateSet({
        model: (eb) => eb.ref('excluded.model'),
        vector: (eb) => eb.ref('excluded.vector'),
        generation: (eb) => eb.ref('excluded.generation'),
      }),
    )
    .execute()
}

const VECTOR_BULK: BulkColumns = {
  vec_key: 'int8',
  category: 'text',
  model: 'text',
  vector: 'bytea',
  generation: 'int8',
}

/**
 * Next vector generation of a corpus. The row lock serialises concurrent writers of one corpus,
 * so generation order is commit order and a reader that sees generation G sees every row ≤ G.
 */
export async function nextVectorGeneration(db: Db, corpus: string): Promise<number> {
  const row = await db
    .updateTable('corpus_state')
    .set((eb) => ({ vector_generation: eb('vector_generation', '+', 1) }))
    .where('corpus', '=', corpus)
    .returning('vector_generation')
    .executeTakeFirstOrThrow()
  return row.vector_generation
}

export async function findVectorGeneration(db: Db, corpus: string): Promise<number> {
  const row = await db
    .selectFrom('corpus_state')
    .select('vector_generation')
    .where('corpus', '=', corpus)
    .executeTakeFirst()
  return row?.vector_generation ?? 0
}

/** Stored vectors of a category written after `generation`, in vec_key pages (keyset). */
export async function findVectorsSince(
  db: Db,
  category: string,
  generation: number,
  afterKey: number,
  limit: number,
): Promise<{ vec_key: number; vector: Uint8Array | null; generation: number; model: string }[]> {
  return db
    .selectFrom('record_vectors')
    .select(['vec_key', 'vector', 'generation', 'model'])
    .where('category', '=', category)
    .where('generation', '>', generation)
    .where('vec_key', '>', afterKey)
    .orderBy('vec_key')
    .limit(limit)
    .execute()
}

export async function findCorpusStates(db: Db): Promise<CorpusState[]> {
  return db.selectFrom('corpus_state').selectAll().execute()
}

export async function updateCorpusState(
  db: Db,
  corpus: string,
  values: {
    as_of?: Date
    record_count?: number
    vector_count?: number | null
    vector_counted?: string | null
    fields?: Record<string, number | null>
    /** When the figures changed (left as it is when only the count's marker is written). */
    updated_at?: Date
  },
): Promise<void> {
  const { fields, ...rest } = values
  await db
    .updateTable('corpus_state')
    .set({ ...rest, ...(fields ? { fields: JSON.stringify(fields) } : {}) })
    .where('corpus', '=', corpus)
    .execute()
}

/** A present value: not missing, not JSON null, not an empty string, array or object. */
function jsonPresent(field: string) {
  return sql<boolean>`coalesce(record -> ${field} not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb), false)`
}

/**
 * Record count, vector count and, per field, how many records carry it: one scan of the table
 * (a category's slice of documents). Fields are top-level record fields. `model` counts only the
 * vectors that embedder made (`embedded_with`), the ones its index holds; null counts any vector.
 */
export async function countRecordFields(
  db: Db,
  table: RecordTable,
  category: string | null,
  fields: readonly string[],
  model: string | null,
): Promise<{ records: number; vectors: number; fields: Record<string, number> }> {
  const selections = [
    sql<number>`count(*)::int`.as('records'),
    model === null
      ? sql<number>`count(*) filter (where has_vector)::int`.as('vectors')
      : sql<number>`count(*) filter (where has_vector and embedded_with = ${model})::int`.as('vectors'),
    ...fields.map((f, i) => sql<number>`count(*) filter (where ${jsonPresent(f)})::int`.as(`f${i}`)),
  ]
  let query = db.selectFrom(table).select(selections)
  if (category !== null) query = query.where(sql.ref('category'), '=', category)
  const row = (await query.executeTakeFirstOrThrow()) as Record<string, number>
  return {
    records: row.records ?? 0,
    vectors: row.vectors ?? 0,
    fields: Object.fromEntries(fields.map((f, i) => [f, row[`f${i}`] ?? 0])),
  }
}

export async function countAffiliations(db: Db): Promise<{ records: number; fields: Record<string, number> }> {
  const row = await db
    .selectFrom('affiliations')
    .select([
      sql<number>`count(*)::int`.as('records'),
      sql<number>`count(*) filter (where kind = 'employment')::int`.as('employment'),
      sql<number>`count(*) filter (where kind = 'education')::int`.as('education'),
      sql<number>`count(start_month)::int`.as('start_month'),
      sql<number>`count(end_month)::int`.as('end_month'),
      sql<number>`count(*) filter (where match_confidence = 'url')::int`.as('match_url'),
      sql<number>`count(*) filter (where match_confidence = 'edu')::int`.as('match_edu'),
      sql<number>`count(*) filter (where match_confidence = 'name')::int`.as('match_name'),
    ])
    .executeTakeFirstOrThrow()
  const { records, ...fields } = row
  return { records, fields }
}

export async function countInstitutions(db: Db): Promise<{ records: number; fields: Record<string, number> }> {
  const row = await db
    .selectFrom('institutions')
    .select([
      sql<number>`count(*)::int`.as('records'),
      sql<number>`count(*) filter (where type = 'company')::int`.as('company'),
      sql<number>`count(*) filter (where type = 'school')::int`.as('school'),
      sql<number>`count(domain)::int`.as('domain'),
      sql<number>`count(professional_url)::int`.as('professional_url'),
    ])
    .executeTakeFirstOrThrow()
  const { records, ...fields } = row
  return { records, fields }
}

/** Order-independent fingerprint of what a table holds for a category: same ids and records ⇔ same digest. */
export async function digestRecords(
  db: Db,
  table: RecordTable,
  category: string | null,
): Promise<{ records: number; digest: string | null }> {
  let query = db
    .selectFrom(table)
    .select([
      sql<number>`count(*)::int`.as('records'),
      sql<string | null>`md5(string_agg(id || ':' || record_hash, ',' order by id))`.as('digest'),
    ])
  if (category !== null) query = query.where(sql.ref('category'), '=', category)
  return query.executeTakeFirstOrThrow()
}

/** Stored records of a table (a category's slice of documents) in id order, for export. */
export async function findRecordsPage(
  db: Db,
  table: RecordTable,
  category: string | null,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; vec_key: number; record: unknown }[]> {
  let query = db.selectFrom(table).select(['id', 'vec_key', 'record']).orderBy('id').limit(limit)
  if (category !== null) query = query.where(sql.ref('category'), '=', category)
  if (afterId !== null) query = query.where('id', '>', afterId)
  return query.execute()
}

export interface DeletedRecord {
  id: string
  vec_key: number
  source_id: string | null
  entity_id: string | null
}

/**
 * Deletes the records of a table (a category's slice of documents) named by row id, source_id,
 * or entity id (a company's domain, a person's profile URL; values arrive normalised).
 */
export async function deleteRecordsQuery(
  db: Db,
  table: RecordTable,
  category: string | null,
  ids: string[],
  entityIds: string[],
): Promise<DeletedRecord[]> {
  if (ids.length === 0 && entityIds.length === 0) return []
  const entity = table === 'companies' ? 'domain' : table === 'persons' ? 'profile_url' : null
  return (
    await sql<DeletedRecord>`delete from ${sql.table(table)}
    where (id = any(${ids}::text[]) or source_id = any(${ids}::text[])
      ${entity ? sql`or ${sql.ref(entity)} = any(${entityIds}::text[])` : sql``})
      ${category !== null ? sql`and category = ${category}` : sql``}
    returning id, vec_key, source_id, ${entity ? sql.ref(entity) : sql`null::text`} as entity_id`.execute(db)
  ).rows
}
