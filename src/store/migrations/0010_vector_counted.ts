// What each corpus's vector count was computed for (docs/corpus-embeddings.md §1): the embedder and the
// vector generation, `<model>@<generation>`. Server start recounts only corpora whose marker is
// not the current embedder at the current generation (an embedder switch, or batches committed
// after the last count by a process that stopped before counting).
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table corpus_state add column vector_counted text`.execute(db)
}
