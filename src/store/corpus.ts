// Corpus tables (migration 0003) as the store's types, and the per-corpus state row (corpus_state):
// its figures read and written. The queries of the other tables are in corpus-*.ts beside this;
// the domain (domain/corpus/) opens the transactions.
import type { ColumnType, Insertable, Selectable } from 'kysely'
import type { Db } from './db.ts'

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
