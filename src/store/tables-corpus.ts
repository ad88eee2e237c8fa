// The corpus tables (migration 0003) and the bulk_loads table (migration 0047) as the store's
// types, with their SQL column names. Queries: corpus.ts, corpus-*.ts and bulk-loads.ts.
// This module imports nothing of ours.
import type { ColumnType } from 'kysely'

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

export interface BulkLoadsTable {
  category: string
  input_key: string
  /** What the load read, in words (migration 0049): a file's path, the demo seed's command, a request. */
  input: ColumnType<string | null, string | null | undefined, string | null>
  state: 'loading' | 'indexing' | 'done'
  committed_items: ColumnType<number, number | undefined, number>
  dropped_indexes: ColumnType<DroppedIndex[], string | undefined, string>
  started_at: Timestamp
  updated_at: Timestamp
}

export interface BulkLoadTables {
  bulk_loads: BulkLoadsTable
}

export interface ParserVocabularyTables {
  parser_vocabularies: ParserVocabulariesTable
}

/** The parser's vocabularies as last read, for the corpus states they were read at (migration 0050). */
export interface ParserVocabulariesTable {
  generation: string
  /** The vocabularies as JSON. */
  vocabularies: string
  read_ms: number
  read_at: Timestamp
}

/** An index a load dropped, with what rebuilds it. */
export interface DroppedIndex {
  table: string
  name: string
  definition: string
}
