// Saved lists and their items, the Do-Not-Contact list (suppressions), feedback reports and votes
// (contract §2.10, §2.11, §3.6, §4.7, §4.8). Design: docs/lists-and-feedback.md.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A list belongs to the workspace; deleting one deletes its items in the same transaction.
  await db.schema
    .createTable('saved_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_by_key_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('saved_lists_workspace_idx')
    .on('saved_lists')
    .columns(['workspace_id', 'updated_at'])
    .execute()

  // seq orders items by insertion (most recently added first) and is the keyset of the items
  // cursor; added_at comes from the service clock, which the test clock can move backwards.
  // workspace_id is repeated here so the cap's distinct count and a suppression's delete are
  // one indexed scan, not a join.
  await db.schema
    .createTable('saved_items')
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('entity_category', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .addColumn('added_by', 'integer')
    .addPrimaryKeyConstraint('saved_items_pk', ['list_id', 'entity_category', 'entity_id'])
    .execute()
  await db.schema.createIndex('saved_items_list_seq_idx').on('saved_items').columns(['list_id', 'seq']).execute()
  await db.schema
    .createIndex('saved_items_entity_idx')
    .on('saved_items')
    .columns(['entity_category', 'entity_id', 'workspace_id'])
    .execute()
  await db.schema
    .createIndex('saved_items_workspace_idx')
    .on('saved_items')
    .columns(['workspace_id', 'entity_category', 'entity_id'])
    .execute()

  // The platform's Do-Not-Contact list: operators add and lift entries; ids are normalised.
  await db.schema
    .createTable('suppressions')
    .addColumn('entity_category', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('suppressions_pk', ['entity_category', 'entity_id'])
    .execute()

  // Reports are private to the filing credential: `filer` is the key id, or `user:<id>` for a
  // session. `subject` is a copy of the history row taken at filing, so a report outlives the
  // 90-day history retention. seq orders newest first when two reports share a timestamp.
  await db.schema
    .createTable('feedback_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('filer', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sentiment', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('context', 'text')
    .addColumn('expected', 'jsonb')
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('subject', 'jsonb')
    .addColumn('tags', sql`text[]`, (c) => c.notNull())
    .addColumn('tag_vocab_version', 'integer', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_entity_id', 'text')
    .addColumn('target_entity_type', 'text')
    .addColumn('target_verified', 'boolean', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('feedback_reports_filer_idx').on('feedback_reports').columns(['filer', 'seq']).execute()

  // One active vote per (voter, request_id, level, entity_key): entity_key is the entity_id of
  // a flag and '' for a result_set vote, so the rule is a plain unique constraint and an upsert.
  // A replacing vote takes a new id, created_at and seq (votes list oldest first by seq).
  await db.schema
    .createTable('feedback_votes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('voter', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('entity_key', 'text', (c) => c.notNull())
    .addColumn('entity_category', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('vote', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('text', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('feedback_votes_active_uq', ['voter', 'request_id', 'level', 'entity_key'])
    .execute()
}
