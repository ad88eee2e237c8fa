// A company's domain is no name: its words are indexed at weight C (with the description), not A
// (with the name), so every `.ai` domain does not match "ai" as strongly as a company named AI
// (src/domain/corpus/record-texts.ts). Records written before keep their vector but get the lexemes only
// their domain holds (not their name or legal name) set to weight C. docs/search-ranking.md, "Ranking".
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update companies c set tsv = setweight(c.tsv, 'C', d.lexemes)
    from (
      select id, array(
        select unnest(tsvector_to_array(to_tsvector('english', translate(domain, '.-_', '   '))))
        except
        select unnest(tsvector_to_array(to_tsvector('english', coalesce(name, '') || ' ' || coalesce(record->>'legal_name', ''))))
      ) as lexemes
      from companies where domain is not null
    ) d
    where c.id = d.id and cardinality(d.lexemes) > 0`.execute(db)
}
