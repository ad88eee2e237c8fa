// The holder's current company on each affiliation (docs/relationships.md §1.1): a company's
// people's affiliations become one index range (affiliations_holder_idx) instead of one probe
// per person. The person ingest keeps it (store/corpus-batch.ts writeBatchQuery, store/corpus-graph.ts rekeyNamedAffiliations).
//
// The table is rebuilt rather than updated in place: an UPDATE of every row would leave the old
// row versions behind (autovacuum may be off, and PGlite has none), and the rebuilt heap is laid
// out by holder, so a company's rows share pages even before a VACUUM marks them all-visible.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table affiliations_next (like affiliations including defaults)`.execute(db)
  await sql`alter table affiliations_next add column holder_key text`.execute(db)
  await sql`insert into affiliations_next (person_id, ordinal, inst_key, kind, start_month, end_month, is_current, match_confidence, title, department, seniority, holder_key)
    select a.person_id, a.ordinal, a.inst_key, a.kind, a.start_month, a.end_month, a.is_current, a.match_confidence, a.title, a.department, a.seniority, p.company_key
    from affiliations a left join persons p on p.id = a.person_id
    order by p.company_key, a.person_id, a.ordinal`.execute(db)
  // Dropping the table drops affiliations_person_idx (0007) with it: the holder index serves
  // populations, and the primary key a few named people (reach seeds, search filters).
  await sql`drop table affiliations`.execute(db)
  await sql`alter table affiliations_next rename to affiliations`.execute(db)
  await sql`alter table affiliations add constraint affiliations_pkey primary key (person_id, ordinal)`.execute(db)
  await sql`create index affiliations_inst_idx on affiliations (inst_key, person_id)
    include (kind, start_month, end_month, is_current, match_confidence)`.execute(db)
  await sql`create index affiliations_holder_idx on affiliations (holder_key, person_id)
    include (inst_key, kind, start_month, end_month, is_current, match_confidence)`.execute(db)
  // Statistics, so the planner takes the index ranges (autovacuum may be off; PGlite has none).
  await sql`analyze affiliations`.execute(db)
  await sql`analyze persons`.execute(db)
}
