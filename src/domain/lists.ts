// Saved lists (contract §2.10, §4.7): workspace lists, item normalisation, the Do-Not-Contact
// list, the saved-items cap, field tiers and the items cursor. Queries: store/lists.ts.
// Design notes: docs/lists-and-feedback.md.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { EntityRef, FieldTier, ListNameBody, SavedItemView, SavedListView } from '../contract/lists.ts'
import { CATEGORY_IDENTIFIERS, type EntityCategory } from '../contract/records.ts'
import { normaliseEntityId } from '../corpus/normalise.ts'
import { emitEvent, notifyDeliveries } from './webhooks/events.ts'
import { ApiError, DependencyError } from '../errors.ts'
import * as store from '../store/lists.ts'
import type { Db } from '../store/db.ts'
import type { EntityKey, SavedItemRow, SavedListRow } from '../store/lists.ts'
import { CURSOR_TTL_MS } from './cursors.ts'
import { guarded } from './guard.ts'
import type { Credential, Deps } from './types.ts'

const notFound = () => new ApiError('lists.not_found', 'No list with this id in your workspace.')

/** §2.10: created_by and added_by name a user; an API key leaves them null. */
const actingUser = (credential: Credential) => (credential.kind === 'api_key' ? null : credential.user_id)

export function listView(row: SavedListRow): SavedListView {
  return {
    id: row.id,
    name: row.name,
    item_count: row.item_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
  }
}

const tierOf = (hasPurchased: boolean): FieldTier => (hasPurchased ? 'unlocked' : 'free')

async function workspacePlan(db: Db, workspaceId: string) {
  const ws = await store.findWorkspacePlan(db, workspaceId)
  if (!ws) throw new ApiError('internal', "The credential's workspace is gone.")
  return ws
}

async function requireList(db: Db, workspaceId: string, listId: string): Promise<SavedListRow> {
  const list = await store.findList(db, workspaceId, listId)
  if (!list) throw notFound()
  return list
}

export async function listLists(deps: Deps, credential: Credential) {
  return guarded(deps, 'lists', 'lists.unavailable', async () => {
    const ws = await workspacePlan(deps.db, credential.workspace_id)
    const [lists, saved] = await Promise.all([
      store.findLists(deps.db, credential.workspace_id),
      store.countSavedEntities(deps.db, credential.workspace_id),
    ])
    return {
      lists: lists.map(listView),
      saved_items: saved,
      saved_items_cap: ws.has_purchased ? null : deps.config.DSP_SAVED_ITEMS_CAP,
      field_tier: tierOf(ws.has_purchased),
    }
  })
}

export async function createList(deps: Deps, credential: Credential, body: ListNameBody): Promise<SavedListView> {
  return guarded(deps, 'lists', 'lists.unavailable', async () => {
    const now = deps.clock.now()
    const row = {
      id: randomUUID(),
      workspace_id: credential.workspace_id,
      name: body.name.trim(),
      created_by: actingUser(credential),
      created_by_key_id: credential.key_id,
      created_at: now,
      updated_at: now,
    }
    await store.insertList(deps.db, row)
    return listView({ ...row, item_count: 0 })
  })
}

export async function updateList(
  deps: Deps,
  credential: Credential,
  listId: string,
  body: ListNameBody,
): Promise<SavedListView> {
  return guarded(deps, 'lists', 'lists.unavailable', async () => {
    const view = await deps.db.transaction().execute(async (tx) => {
      const updated = await store.updateList(tx, credential.workspace_id, listId, {
        name: body.name.trim(),
        updated_at: deps.clock.now(),
      })
      if (!updated) throw notFound()
      const list = listView(await requireList(tx, credential.workspace_id, listId))
      await emitEvent(tx, deps.clock, credential.workspace_id, 'list.updated', { list, change: 'renamed' })
      return list
    })
    notifyDeliveries()
    return view
  })
}

export async function deleteList(deps: Deps, credential: Credential, listId: string): Promise<void> {
  return guarded(deps, 'lists', 'lists.unavailable', () =>
    deps.db.transaction().execute(async (tx) => {
      if (!(await store.deleteList(tx, credential.workspace_id, listId))) throw notFound()
    }),
  )
}

const keyOf = (k: EntityKey) => `${k.entity_category}\u0000${k.entity_id}`

/**
 * §4.7 rules 1–2: ids normalised per category, duplicates inside one request counted once. An id
 * that cannot be normalised (a company id that is not a domain…) refuses the whole request.
 */
export function normaliseItems(items: readonly EntityRef[]): EntityKey[] {
  const errors: Record<string, unknown>[] = []
  const unique = new Map<string, EntityKey>()
  items.forEach((item, i) => {
    const id = normaliseEntityId(item.entity_category, item.entity_id)
    if (id === null || id.length > 255) {
      errors.push({
        type: 'value_error',
        loc: ['body', 'items', i, 'entity_id'],
        msg: `Not a usable ${item.entity_category} id (${CATEGORY_IDENTIFIERS[item.entity_category].id_field})`,
        input: item.entity_id,
        ctx: null,
      })
      return
    }
    const key = { entity_category: item.entity_category, entity_id: id }
    unique.set(keyOf(key), key)
  })
  if (errors.length > 0) {
    throw new ApiError(
      'request.invalid',
      `${errors.length} item id(s) cannot be read as the id of their category; nothing changed.`,
      { extra: { errors } },
    )
  }
  return [...unique.values()]
}

/**
 * Adds items (§4.7 rules 2–4). Suppressed entities are counted, never added. For a workspace that
 * never bought credits, an add that would take the distinct saved entities past the cap is
 * refused whole (409). The workspace row is locked first, so two adds cannot both pass the cap.
 */
export async function addListItems(deps: Deps, credential: Credential, listId: string, items: readonly EntityRef[]) {
  const keys = normaliseItems(items)
  const workspaceId = credential.workspace_id
  return guarded(deps, 'lists', 'lists.unavailable', () =>
    deps.db.transaction().execute(async (tx) => {
      const ws = await store.lockWorkspace(tx, workspaceId)
      if (!ws) throw new ApiError('internal', "The credential's workspace is gone.")
      if (!(await store.lockList(tx, workspaceId, listId))) throw notFound()
      const suppressed = new Set((await store.findSuppressed(tx, keys)).map(keyOf))
      const candidates = keys.filter((k) => !suppressed.has(keyOf(k)))
      if (!ws.has_purchased && candidates.length > 0) {
        const savedElsewhere = await store.findSavedInWorkspace(tx, workspaceId, candidates)
        const adding = candidates.length - savedElsewhere.length
        const cap = deps.config.DSP_SAVED_ITEMS_CAP
        if (adding > 0) {
          const saved = await store.countSavedEntities(tx, workspaceId)
          if (saved + adding > cap) {
            throw new ApiError(
              'lists.item_cap_reached',
              `Your workspace can save ${cap} distinct entities; it holds ${saved} and this request adds ${adding}. Nothing was saved.`,
              { extra: { cap, saved, adding } },
            )
          }
        }
      }
      const now = deps.clock.now()
      const added = await store.insertItems(
        tx,
        candidates.map((k) => ({
          ...k,
          list_id: listId,
          workspace_id: workspaceId,
          added_at: now,
          added_by: actingUser(credential),
        })),
      )
      if (added > 0) await store.updateList(tx, workspaceId, listId, { updated_at: now })
      const list = listView(await requireList(tx, workspaceId, listId))
      if (added > 0)
        await emitEvent(tx, deps.clock, workspaceId, 'list.updated', { list, change: 'items_added', added })
      return {
        added,
        already_present: candidates.length - added,
        suppressed: keys.length - candidates.length,
        saved_list: list,
      }
    }),
  ).finally(notifyDeliveries)
}

/** Removes items; ids are normalised as on entry and items not held are ignored. */
export async function removeListItems(deps: Deps, credential: Credential, listId: string, items: readonly EntityRef[]) {
  const keys = normaliseItems(items)
  const workspaceId = credential.workspace_id
  return guarded(deps, 'lists', 'lists.unavailable', () =>
    deps.db.transaction().execute(async (tx) => {
      if (!(await store.lockList(tx, workspaceId, listId))) throw notFound()
      const removed = await store.deleteItems(tx, workspaceId, listId, keys)
      if (removed > 0) await store.updateList(tx, workspaceId, listId, { updated_at: deps.clock.now() })
      const list = listView(await requireList(tx, workspaceId, listId))
      if (removed > 0)
        await emitEvent(tx, deps.clock, workspaceId, 'list.updated', { list, change: 'items_removed', removed })
      return { removed, saved_list: list }
    }),
  ).finally(notifyDeliveries)
}

// ---- The items cursor ----
// §8 caps a list cursor at 64 characters, too short for the signed JSON cursors of cursors.ts,
// so this one is `<seq>.<issued ms>.<signature>` (base36, base36, 16 base64url): about 40
// characters, bound to the list id, signed with the deployment secret, 24 hours of life.

const CURSOR_RE = /^([0-9a-z]{1,13})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})$/

function cursorSignature(deps: Deps, listId: string, body: string): string {
  return createHmac('sha256', deps.secret)
    .update(`list_items\u0000${listId}\u0000${body}`)
    .digest('base64url')
    .slice(0, 16)
}

function issueItemsCursor(deps: Deps, listId: string, seq: number): string {
  const body = `${seq.toString(36)}.${deps.clock.nowMs().toString(36)}`
  return `${body}.${cursorSignature(deps, listId, body)}`
}

/** The seq after which the next page starts; 422 pagination.cursor_invalid for any cursor this route did not issue for this list. */
function readItemsCursor(deps: Deps, listId: string, token: string): number {
  const invalid = new ApiError(
    'pagination.cursor_invalid',
    'This cursor was not issued by this route for this list; restart from page 1.',
  )
  const m = CURSOR_RE.exec(token)
  if (!m) throw invalid
  const expected = Buffer.from(cursorSignature(deps, listId, `${m[1]}.${m[2]}`))
  const given = Buffer.from(m[3]!)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid
  if (deps.clock.nowMs() - parseInt(m[2]!, 36) > CURSOR_TTL_MS)
    throw new ApiError(
      'pagination.cursor_expired',
      'The cursor is older than 24 hours; read the list again from page 1.',
    )
  return parseInt(m[1]!, 36)
}

// ---- Record data of items ----

/**
 * Free tier (§4.7 rule 5): the fields of a dashboard result card, per category, under the
 * record's own field names. Unlocked: the record as stored.
 */
export const CARD_FIELDS: Record<EntityCategory, readonly string[]> = {
  company: ['account_name', 'domain', 'logo', 'industry', 'country', 'employee_range'],
  person: ['name', 'title', 'current_employer', 'location', 'profile_url'],
  patent: ['patent_id', 'title', 'status', 'granted_date'],
  news_article: ['title', 'link', 'published_at', 'publication'],
  market_report: ['title', 'publisher', 'published_date', 'industry'],
  funding_round: ['company', 'company_domain', 'type', 'announced_on', 'amount_usd'],
  academic_report: ['doi', 'title', 'venue', 'published'],
  trend: ['name', 'category', 'momentum', 'direction'],
  job_opening: ['role', 'company', 'company_domain', 'location', 'posted_at'],
}

export type RecordRead =
  | { available: true; record: Record<string, unknown> }
  | { available: false; reason: 'not_found' | 'retrieval_unavailable' }

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null

/**
 * The current record of each item from the corpus store (companies by domain, persons by profile
 * URL, documents by row id or lookup id, newest first). Keyed `category\0id`; an entity absent from
 * the map was not found. When retrieval is unavailable (its fault, or the corpus cannot be read)
 * every item reads retrieval_unavailable and stays in its list.
 */
export async function readRecords(deps: Deps, items: readonly EntityKey[]): Promise<Map<string, RecordRead>> {
  const out = new Map<string, RecordRead>()
  if (items.length === 0) return out
  try {
    await deps.faults.check('retrieval', deps.config.DSP_RETRIEVAL_TIMEOUT_MS)
    const byCategory = new Map<string, string[]>()
    for (const i of items)
      byCategory.set(i.entity_category, [...(byCategory.get(i.entity_category) ?? []), i.entity_id])
    for (const [category, ids] of byCategory) {
      const found = (key: string | null, record: unknown) => {
        const r = asRecord(record)
        const k = `${category}\u0000${key}`
        if (key !== null && r && !out.has(k)) out.set(k, { available: true, record: r })
      }
      if (category === 'company') for (const r of await store.findCompanyRecords(deps.db, ids)) found(r.key, r.record)
      else if (category === 'person')
        for (const r of await store.findPersonRecords(deps.db, ids)) found(r.key, r.record)
      else {
        for (const r of await store.findDocumentRecords(deps.db, category, ids)) {
          found(r.id, r.record)
          found(r.lookup_id, r.record)
        }
      }
    }
    return out
  } catch (e) {
    if (e instanceof ApiError) throw e
    deps.log.warn(
      { err: (e as Error).message, dependency: e instanceof DependencyError ? e.dependency : 'corpus' },
      'saved items: records unavailable',
    )
    return new Map(items.map((i) => [keyOf(i), { available: false, reason: 'retrieval_unavailable' }]))
  }
}

function shapeRecord(
  category: EntityCategory,
  record: Record<string, unknown>,
  tier: FieldTier,
): Record<string, unknown> {
  if (tier === 'unlocked') return record
  return Object.fromEntries(CARD_FIELDS[category].map((f) => [f, record[f] ?? null]))
}

function itemView(row: SavedItemRow, read: RecordRead | undefined, tier: FieldTier): SavedItemView {
  const category = row.entity_category as EntityCategory
  const r: RecordRead = read ?? { available: false, reason: 'not_found' }
  return {
    entity_category: category,
    entity_id: row.entity_id,
    added_at: row.added_at.toISOString(),
    added_by: row.added_by,
    available: r.available,
    record: r.available ? shapeRecord(category, r.record, tier) : null,
    unavailable_reason: r.available ? null : r.reason,
  }
}

/** One page of a list's items, most recently added first, each with its record's current data. */
export async function listListItems(
  deps: Deps,
  credential: Credential,
  listId: string,
  q: { cursor?: string; limit?: number },
) {
  const limit = q.limit ?? 25
  const workspaceId = credential.workspace_id
  const page = await guarded(deps, 'lists', 'lists.unavailable', async () => {
    const [ws, list] = await Promise.all([
      workspacePlan(deps.db, workspaceId),
      requireList(deps.db, workspaceId, listId),
    ])
    const beforeSeq = q.cursor === undefined ? null : readItemsCursor(deps, listId, q.cursor)
    const rows = await store.findItemsPage(deps.db, workspaceId, listId, beforeSeq, limit + 1)
    return { ws, list, rows }
  })
  const rows = page.rows.slice(0, limit)
  const last = rows[rows.length - 1]
  const tier = tierOf(page.ws.has_purchased)
  const records = await readRecords(deps, rows)
  return {
    field_tier: tier,
    items: rows.map((r) => itemView(r, records.get(keyOf(r)), tier)),
    next_cursor: page.rows.length > limit && last ? issueItemsCursor(deps, listId, last.seq) : null,
    saved_list: listView(page.list),
  }
}

// ---- Export (§4.7): not switched on in this deployment ----

export async function exportList(): Promise<never> {
  throw new ApiError('export.not_enabled', 'CSV export is not switched on for this deployment.')
}

export async function exportSearch(): Promise<never> {
  throw new ApiError('export.not_enabled', 'CSV export is not switched on for this deployment.')
}

// ---- Operator: the Do-Not-Contact list (§4.7 rule 3) ----

/** Suppresses an entity: from now on never added nor returned, and removed from every list at once. */
export async function suppressEntity(deps: Deps, ref: EntityRef) {
  const [key] = normaliseItems([ref])
  return guarded(deps, 'lists', 'lists.unavailable', () =>
    deps.db.transaction().execute(async (tx) => {
      const now = deps.clock.now()
      await store.insertSuppression(tx, key!, now)
      const removed = await store.deleteEntityEverywhere(tx, key!, now)
      return {
        entity_category: ref.entity_category,
        entity_id: key!.entity_id,
        suppressed: true,
        removed_items: removed,
      }
    }),
  )
}

/** Lifts a suppression; items it removed are not restored. Idempotent. */
export async function liftSuppression(deps: Deps, ref: EntityRef) {
  const [key] = normaliseItems([ref])
  return guarded(deps, 'lists', 'lists.unavailable', async () => {
    await store.deleteSuppression(deps.db, key!)
    return { entity_category: ref.entity_category, entity_id: key!.entity_id, suppressed: false, removed_items: 0 }
  })
}
