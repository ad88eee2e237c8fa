// The corpus's row types (its tables' types are in tables-corpus.ts), and the per-corpus state row
// (corpus_state): its figures read and written. The queries of the other tables are in corpus-*.ts
// beside this; the domain (domain/corpus/) opens the transactions.
import type { Insertable, Selectable } from 'kysely'
import type { Db } from './db.ts'
import type {
  AffiliationsTable,
  CompaniesTable,
  CorpusStateTable,
  DocumentsTable,
  InstitutionsTable,
  PersonsTable,
} from './tables-corpus.ts'

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
