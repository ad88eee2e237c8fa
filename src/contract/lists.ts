// Saved lists and saved items (contract §2.10, §4.7), and the operator's Do-Not-Contact entries.
// Rules: domain/lists.ts.
import { Type, type Static } from 'typebox'
import { Nullable, Strict, Timestamp, WithMeta } from './common.ts'
import { ENTITY_CATEGORIES } from './records.ts'

export const EntityCategoryName = Type.Enum([...ENTITY_CATEGORIES])

export const FieldTier = Type.Enum(['free', 'unlocked'], {
  description: 'free: the fields of a dashboard result card; unlocked (the workspace bought credits): the full record',
})
export type FieldTier = Static<typeof FieldTier>

export const SavedListView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  item_count: Type.Integer({ minimum: 0 }),
  created_at: Timestamp,
  updated_at: Timestamp,
  created_by: Nullable(Type.Integer({ description: 'User id; null when an API key created the list' })),
})
export type SavedListView = Static<typeof SavedListView>

export const SavedItemView = Type.Object({
  entity_category: EntityCategoryName,
  entity_id: Type.String(),
  added_at: Timestamp,
  added_by: Nullable(Type.Integer({ description: 'User id; null when an API key added the item' })),
  available: Type.Boolean({ description: 'false when the record cannot be read right now; the item stays' }),
  record: Nullable(
    Type.Object({}, { additionalProperties: true, description: 'The current record, shaped by field_tier' }),
  ),
  unavailable_reason: Nullable(Type.Enum(['not_found', 'retrieval_unavailable'])),
})
export type SavedItemView = Static<typeof SavedItemView>

export const ListIdParams = Strict({ list_id: Type.String({ minLength: 1, maxLength: 100 }) })

/** 1..120 characters once the ends are trimmed (the pattern refuses a name of spaces only). */
export const ListNameBody = Strict({
  name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', description: '1..120 characters; ends trimmed' }),
})
export type ListNameBody = Static<typeof ListNameBody>

export const EntityRef = Strict({
  entity_category: EntityCategoryName,
  entity_id: Type.String({
    minLength: 1,
    maxLength: 255,
    description:
      'Normalised on entry: company domain, person profile URL, patent number, DOI, trend name, or the id the lookup route takes',
  }),
})
export type EntityRef = Static<typeof EntityRef>

export const ItemsBody = Strict({ items: Type.Array(EntityRef, { minItems: 1, maxItems: 500 }) })
export type ItemsBody = Static<typeof ItemsBody>

export const ListsResponse = WithMeta({
  lists: Type.Array(SavedListView, { description: 'Most recently updated first' }),
  saved_items: Type.Integer({ minimum: 0, description: "Distinct entities across the workspace's lists" }),
  saved_items_cap: Nullable(
    Type.Integer({ minimum: 0, description: 'null: never capped (the workspace bought credits)' }),
  ),
  field_tier: FieldTier,
})

export const SavedListResponse = WithMeta(SavedListView.properties)

export const AddItemsResponse = WithMeta({
  added: Type.Integer({ minimum: 0 }),
  already_present: Type.Integer({ minimum: 0 }),
  suppressed: Type.Integer({ minimum: 0, description: 'On the Do-Not-Contact list; never added' }),
  saved_list: SavedListView,
})

export const RemoveItemsResponse = WithMeta({
  removed: Type.Integer({ minimum: 0, description: 'Items not held are ignored' }),
  saved_list: SavedListView,
})

export const ItemsQuery = Strict({
  cursor: Type.Optional(Type.String({ maxLength: 64, description: 'next_cursor of the previous page' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
})
export type ItemsQuery = Static<typeof ItemsQuery>

export const ListItemsPage = WithMeta({
  field_tier: FieldTier,
  items: Type.Array(SavedItemView, { description: 'Most recently added first' }),
  next_cursor: Nullable(Type.String()),
  saved_list: SavedListView,
})

// ---- Operator: the Do-Not-Contact list (/admin/v1/suppressions) ----

export const SuppressionBody = EntityRef

export const SuppressionResponse = Type.Object({
  entity_category: EntityCategoryName,
  entity_id: Type.String({ description: 'As normalised' }),
  suppressed: Type.Boolean(),
  removed_items: Type.Integer({ minimum: 0, description: 'Items the suppression removed from lists' }),
})
