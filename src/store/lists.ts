// Queries for saved lists, their items and the Do-Not-Contact list (suppressions). Every list
// query is scoped to a workspace in the query itself. Rules: domain/lists.ts.
import { sql, type Insertable, type NotNull, type Selectable } from 'kysely'
import type { Db } from './db.ts'
import type { SavedItemsTable, SavedListsTable } from './tables.ts'
import { answeredPersonRecord } from './person-records.ts'

export type SavedListRow = Selectable<SavedListsTable> & { item_count: number }
export type SavedItemRow = Selectable<SavedItemsTable>

export interface EntityKey {
  entity_category: string
  entity_id: string
}

/** A workspace's plan flags, locked `for update` so adds to one workspace run one at a time (cap check). */
export function lockWorkspace(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspaces')
    .select(['id', 'has_purchased'])
    .where('id', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst()
}

export function findWorkspacePlan(db: Db, workspaceId: string) {
  return db.selectFrom('workspaces').select(['id', 'has_purchased']).where('id', '=', workspaceId).executeTakeFirst()
}

function listsWithCounts(db: Db, workspaceId: string) {
  return db
    .selectFrom('saved_lists')
    .selectAll('saved_lists')
    .select((eb) =>
      eb
        .selectFrom('saved_items')
        .whereRef('saved_items.list_id', '=', 'saved_lists.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('item_count'),
    )
    .where('saved_lists.workspace_id', '=', workspaceId)
}

const withCount = (r: Selectable<SavedListsTable> & { item_count: number | string | null }): SavedListRow => ({
  ...r,
  item_count: Number(r.item_count ?? 0),
})

export async function findLists(db: Db, workspaceId: string): Promise<SavedListRow[]> {
  const rows = await listsWithCounts(db, workspaceId)
    .orderBy('saved_lists.updated_at', 'desc')
    .orderBy('saved_lists.created_at', 'desc')
    .orderBy('saved_lists.id')
    .execute()
  return rows.map(withCount)
}

export async function findList(db: Db, workspaceId: string, listId: string): Promise<SavedListRow | undefined> {
  const row = await listsWithCounts(db, workspaceId).where('saved_lists.id', '=', listId).executeTakeFirst()
  return row ? withCount(row) : undefined
}

/** The list row locked for an item change (so a concurrent delete of the list waits). */
export function lockList(db: Db, workspaceId: string, listId: string) {
  return db
    .selectFrom('saved_lists')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', listId)
    .forUpdate()
    .executeTakeFirst()
}

export async function insertList(db: Db, row: Insertable<SavedListsTable>): Promise<void> {
  await db.insertInto('saved_lists').values(row).execute()
}

export async function updateList(
  db: Db,
  workspaceId: string,
  listId: string,
  values: { name?: string; updated_at: Date },
): Promise<boolean> {
  const r = await db
    .updateTable('saved_lists')
    .set(values)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', listId)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function deleteList(db: Db, workspaceId: string, listId: string): Promise<boolean> {
  const r = await db
    .deleteFrom('saved_lists')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', listId)
    .executeTakeFirst()
  if (Number(r.numDeletedRows) === 0) return false
  await db.deleteFrom('saved_items').where('workspace_id', '=', workspaceId).where('list_id', '=', listId).execute()
  return true
}

/** A VALUES list of (category, id) pairs, to join against instead of OR-ing hundreds of conditions. */
function keyValues(keys: readonly EntityKey[]) {
  return sql`(values ${sql.join(keys.map((k) => sql`(${k.entity_category}, ${k.entity_id})`))}) as k(entity_category, entity_id)`
}

export async function findSuppressed(db: Db, keys: readonly EntityKey[]): Promise<EntityKey[]> {
  if (keys.length === 0) return []
  const r = await sql<EntityKey>`select s.entity_category, s.entity_id from suppressions s
    join ${keyValues(keys)} on k.entity_category = s.entity_category and k.entity_id = s.entity_id`.execute(db)
  return r.rows
}

/** Of `keys`, those already saved in any list of the workspace (they do not count against the cap again). */
export async function findSavedInWorkspace(
  db: Db,
  workspaceId: string,
  keys: readonly EntityKey[],
): Promise<EntityKey[]> {
  if (keys.length === 0) return []
  const r = await sql<EntityKey>`select distinct i.entity_category, i.entity_id from saved_items i
    join ${keyValues(keys)} on k.entity_category = i.entity_category and k.entity_id = i.entity_id
    where i.workspace_id = ${workspaceId}`.execute(db)
  return r.rows
}

/** Distinct entities across all the workspace's lists. */
export async function countSavedEntities(db: Db, workspaceId: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from (
    select distinct entity_category, entity_id from saved_items where workspace_id = ${workspaceId}) d`.execute(db)
  return Number(r.rows[0]?.n ?? 0)
}

/** Inserts the items not yet in the list; returns how many were new. */
export async function insertItems(db: Db, rows: Insertable<SavedItemsTable>[]): Promise<number> {
  if (rows.length === 0) return 0
  const r = await db
    .insertInto('saved_items')
    .values(rows)
    .onConflict((oc) => oc.columns(['list_id', 'entity_category', 'entity_id']).doNothing())
    .returning('seq')
    .execute()
  return r.length
}

export async function deleteItems(
  db: Db,
  workspaceId: string,
  listId: string,
  keys: readonly EntityKey[],
): Promise<number> {
  if (keys.length === 0) return 0
  const r = await sql`delete from saved_items i using ${keyValues(keys)}
    where i.workspace_id = ${workspaceId} and i.list_id = ${listId}
      and i.entity_category = k.entity_category and i.entity_id = k.entity_id`.execute(db)
  return Number(r.numAffectedRows ?? 0)
}

/**
 * One page of a list's items, most recently added first (seq descending), keyset after `beforeSeq`.
 * Suppressed entities are left out here too, although suppressing one also deletes its items.
 */
export function findItemsPage(
  db: Db,
  workspaceId: string,
  listId: string,
  beforeSeq: number | null,
  limit: number,
): Promise<SavedItemRow[]> {
  let q = db
    .selectFrom('saved_items')
    .selectAll('saved_items')
    .where('saved_items.workspace_id', '=', workspaceId)
    .where('saved_items.list_id', '=', listId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('suppressions')
            .select(sql`1`.as('one'))
            .whereRef('suppressions.entity_category', '=', 'saved_items.entity_category')
            .whereRef('suppressions.entity_id', '=', 'saved_items.entity_id'),
        ),
      ),
    )
  if (beforeSeq !== null) q = q.where('saved_items.seq', '<', beforeSeq)
  return q.orderBy('saved_items.seq', 'desc').limit(limit).execute()
}

export async function insertSuppression(db: Db, key: EntityKey, at: Date): Promise<boolean> {
  const r = await db
    .insertInto('suppressions')
    .values({ ...key, created_at: at })
    .onConflict((oc) => oc.columns(['entity_category', 'entity_id']).doNothing())
    .returning('entity_id')
    .execute()
  return r.length > 0
}

export async function deleteSuppression(db: Db, key: EntityKey): Promise<boolean> {
  const r = await db
    .deleteFrom('suppressions')
    .where('entity_category', '=', key.entity_category)
    .where('entity_id', '=', key.entity_id)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** Removes a suppressed entity from every list of every workspace; touches the lists it left. */
export async function deleteEntityEverywhere(db: Db, key: EntityKey, at: Date): Promise<number> {
  const removed = await db
    .deleteFrom('saved_items')
    .where('entity_category', '=', key.entity_category)
    .where('entity_id', '=', key.entity_id)
    .returning(['list_id'])
    .execute()
  const lists = [...new Set(removed.map((r) => r.list_id))]
  if (lists.length > 0) await db.updateTable('saved_lists').set({ updated_at: at }).where('id', 'in', lists).execute()
  return removed.length
}

// ---- Current record data of saved items (corpus tables of migration 0003) ----

/** Company records by domain (the company entity id). */
export function findCompanyRecords(db: Db, domains: string[]): Promise<{ key: string | null; record: unknown }[]> {
  if (domains.length === 0) return Promise.resolve([])
  return db.selectFrom('companies').select(['domain as key', 'record']).where('domain', 'in', domains).execute()
}

/** Person records by normalised profile URL (the person entity id), as answered (the employer's industry filled in). */
export function findPersonRecords(db: Db, profileUrls: string[]): Promise<{ key: string; record: unknown }[]> {
  if (profileUrls.length === 0) return Promise.resolve([])
  return db
    .selectFrom('persons')
    .select(['profile_url as key', answeredPersonRecord('persons').as('record')])
    .where('profile_url', 'in', profileUrls)
    .$narrowType<{ key: NotNull }>()
    .execute()
}

/**
 * Document records of one category whose row id or lookup id is among `ids`, newest first: a
 * lookup id can name several records (a company's funding rounds, postings of one role).
 */
export function findDocumentRecords(
  db: Db,
  category: string,
  ids: string[],
): Promise<{ id: string; lookup_id: string | null; record: unknown }[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('documents')
    .select(['id', 'lookup_id', 'record'])
    .where('category', '=', category)
    .where((eb) => eb.or([eb('id', 'in', ids), eb('lookup_id', 'in', ids)]))
    .orderBy(sql`published_at desc nulls last`)
    .orderBy('id')
    .execute()
}
