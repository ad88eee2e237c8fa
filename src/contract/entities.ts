// Record lookup (data-routes §2.1, §4.3): the nine POST /v1/entities/* bodies and their EntityHit
// envelopes. Rules: domain/entities.ts. Designed parts (persons, caps, prices): docs/entities-and-org-chart.md.
import { Type, type Static, type TSchema } from 'typebox'
import { ListEnvelope, Nullable, Strict } from './common.ts'
import { RecordSchemas, type EntityCategory } from './records.ts'

/** Id caps per request (§4.3, platform §8); the persons cap is ours. Name entries are capped lower. */
export const LOOKUP_CAPS = { company: 1000, person: 100, document: 100, name: 50 } as const

const Ids = (max: number) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), {
    minItems: 1,
    maxItems: max,
    description: `1..${max} entries; ${LOOKUP_CAPS.name} at most when they are looked up by name. One EntityHit per entry, in order, duplicates included`,
  })

const Fields = Type.Optional(
  Nullable(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: 100,
      description:
        'Record fields to return (each match keeps `id` too); omit or null for the full record. An unknown field name is 422',
    }),
  ),
)

export const CompanyLookupBody = Strict({
  ids: Ids(LOOKUP_CAPS.company),
  fields: Fields,
  by: Type.Optional(
    Nullable(
      Type.Enum(['domain', 'li_url', 'name', 'auto'], {
        description:
          "Omitted or null: internal ids (a record's `id`). domain; li_url (company page URLs); name (the best-ranked company whose distinctive words fit, else a miss: see the route description); auto (each entry classified as domain, page URL or name)",
      }),
    ),
  ),
})
export type CompanyLookupBody = Static<typeof CompanyLookupBody>

export const PersonLookupBody = Strict({
  ids: Ids(LOOKUP_CAPS.person),
  fields: Fields,
  by: Type.Optional(
    Nullable(
      Type.Enum(['li_url', 'name', 'auto'], {
        description:
          "Omitted or null: internal ids (a record's `id`). li_url: profile URLs (linkedin.com/in/<slug>, any accepted form); name: up to 10 candidates whose distinctive words fit (see the route description); auto: a profile URL is li_url, anything else a name",
      }),
    ),
  ),
})
export type PersonLookupBody = Static<typeof PersonLookupBody>

/** Patents (patent numbers), trends (trend names), academic reports (DOIs): no `by` (sending it is 422). */
export const KeyedDocumentLookupBody = Strict({ ids: Ids(LOOKUP_CAPS.document), fields: Fields })
export type KeyedDocumentLookupBody = Static<typeof KeyedDocumentLookupBody>

/** News, market reports, funding rounds, job openings: by name (default) or internal id. */
export const NamedDocumentLookupBody = Strict({
  ids: Ids(LOOKUP_CAPS.document),
  fields: Fields,
  by: Type.Optional(
    Type.Enum(['id', 'name'], {
      default: 'name',
      description:
        'name (default): every candidate (trigram similarity ≥ 0.5, up to 100 per entry); id: internal ids, one record or none',
    }),
  ),
})
export type NamedDocumentLookupBody = Static<typeof NamedDocumentLookupBody>

export type LookupBody = { ids: string[]; fields?: string[] | null; by?: string | null }

/** One row of every /v1/entities/* answer (§2.1). */
export const EntityHit = <C extends EntityCategory>(category: C, record: TSchema) =>
  Type.Object(
    {
      id: Type.String({ description: 'The input value echoed back; order and duplicates preserved' }),
      category: Type.Literal(category),
      found: Type.Boolean({ description: 'false for a miss; misses stay in results' }),
      matches: Type.Array(record, { description: 'Empty on a miss' }),
    },
    { additionalProperties: false },
  )

export interface EntityHitRow {
  id: string
  category: EntityCategory
  found: boolean
  matches: Record<string, unknown>[]
}

/** Never paginated: total is the number of entries found, has_more false, next_cursor and resolved_search null. */
export const EntityLookupEnvelope = (category: EntityCategory) =>
  ListEnvelope(EntityHit(category, RecordSchemas[category]))
