// A company's place (city, state, country) is indexed at weight D, so "software companies in
// Texas" finds Texas by its words in fast mode too (src/domain/corpus/record-texts.ts). Records written
// before get the place's lexemes appended, after their other positions, as a new ingest writes
// them. docs/search-ranking.md, "Ranking".
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update companies set tsv = tsv || setweight(to_tsvector('english', concat_ws(' ', city, state, country)), 'D')
    where coalesce(city, state, country) is not null`.execute(db)
}
