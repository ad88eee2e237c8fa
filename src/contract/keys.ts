// API keys routes (contract §2.9, §3.5, §4.6): session-authenticated, used by the dashboard.
// The secret is in the creation answer only; listings show display_key.
import { Type, type Static } from 'typebox'
import { Nullable, ScopeName, Strict, Timestamp, WithMeta } from './common.ts'

/** What each scope opens, shown in the dashboard's key form and consent page and in the OpenAPI OAuth scheme. */
export const SCOPE_HELP = {
  'dsp.search.read': 'Search, look-alikes, relationships, org charts, filters and sorts',
  'dsp.entities.read': 'Record lookup by id or name',
  'dsp.usage.read': 'Credits, usage history, top-up links',
  'dsp.agents.read': 'Read agent runs and their events',
  'dsp.agents.write': 'Start and cancel agent runs (and read them)',
} as const satisfies Record<Static<typeof ScopeName>, string>

export const KeyEnvironment = Type.Enum(['live', 'test'])

export const CreateKeyBody = Strict({
  environment: KeyEnvironment,
  scopes: Type.Optional(
    Type.Array(ScopeName, {
      minItems: 1,
      maxItems: 5,
      uniqueItems: true,
      description: 'Default: every scope your role holds (all five for owner, admin, developer)',
    }),
  ),
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 730, default: 365 })),
  name: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
})
export type CreateKeyBody = Static<typeof CreateKeyBody>

const keyFields = {
  key_id: Type.String(),
  name: Nullable(Type.String()),
  display_key: Type.String({ description: 'Prefix, ellipsis, last four characters' }),
  environment: KeyEnvironment,
  scopes: Type.Array(ScopeName),
  status: Type.Enum(['active', 'revoked', 'expired']),
  created_at: Timestamp,
  created_by_user_id: Nullable(Type.Integer({ description: 'null: made by an operator' })),
  expires_at: Timestamp,
  last_used_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
}

export const KeyView = Type.Object(keyFields, { additionalProperties: false })
export type KeyView = Static<typeof KeyView>

export const CreatedKey = WithMeta({
  ...keyFields,
  secret: Type.String({ description: 'The full key; shown in this answer only' }),
})
export type CreatedKey = Static<typeof CreatedKey>

export const KeysResponse = WithMeta({ keys: Type.Array(KeyView, { description: 'Newest first' }) })
export type KeysResponse = Static<typeof KeysResponse>

export const KeyParams = Strict({ key_id: Type.String({ minLength: 1, maxLength: 100 }) })
