// The columns each corpus table's bulk writes send (bulk.ts types), and the two statement pieces
// the corpus writes share: `= any($1::text[])` and `insert into <table> (…) select … from <source>`.
import { sql } from 'kysely'
import type { BulkColumns, RowsSource } from './bulk.ts'
import type { RecordTable } from './corpus.ts'
import type { Db } from './db.ts'

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
export const BULK_COLUMNS: Record<RecordTable, BulkColumns> = {
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
export const anyText = (values: readonly string[]) => sql<string>`any(${values}::text[])`

export const AFFILIATION_BULK: BulkColumns = {
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

export const INSTITUTION_BULK: BulkColumns = {
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
export function bulkInsert<T extends RecordTable | 'affiliations' | 'institutions' | 'record_vectors'>(
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
