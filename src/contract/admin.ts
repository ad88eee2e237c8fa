// Operator admin API (/admin/v1, outside the public OpenAPI): request and response shapes.
import { Type, type Static } from 'typebox'
import { dependencies } from '../faults.ts'
import { Credits, Nullable, ScopeName, Strict, Timestamp } from './common.ts'

export const CreateWorkspaceBody = Strict({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  credits: Type.Optional(Type.Number({ minimum: 0, multipleOf: 0.001 })),
  shared_credits: Type.Optional(Type.Number({ minimum: 0, multipleOf: 0.001 })),
  purchased: Type.Optional(Type.Boolean()),
})
export type CreateWorkspaceBody = Static<typeof CreateWorkspaceBody>

export const CreateWorkspaceResponse = Type.Object({ workspace_id: Type.String(), organisation_id: Type.String() })

export const GrantCreditsBody = Strict({
  amount: Type.Number({ minimum: 0.001, multipleOf: 0.001 }),
  pool: Type.Optional(Type.Union([Type.Literal('allocated'), Type.Literal('shared')])),
})

export const BalanceResponse = Type.Object({
  allocated: Nullable(
    Type.Object({ granted: Credits, remaining: Credits, reserved: Credits, expires_at: Nullable(Timestamp) }),
  ),
  shared: Nullable(Type.Object({ remaining: Credits })),
  spendable: Credits,
  scope: Type.String(),
  platform: Type.String(),
  as_of: Timestamp,
})

export const CreateKeyBody = Strict({
  environment: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  scopes: Type.Optional(Type.Array(ScopeName, { minItems: 1, maxItems: 5, uniqueItems: true })),
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 730 })),
  name: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
})
export type CreateKeyBody = Static<typeof CreateKeyBody>

export const CreatedKeyResponse = Type.Object({
  key_id: Type.String(),
  secret: Type.String({ description: 'Shown once' }),
  display_key: Type.String(),
  scopes: Type.Array(ScopeName),
  environment: Type.String(),
  expires_at: Timestamp,
})

export const AddMemberBody = Strict({
  email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' }),
  role: Nullable(Type.Enum(['dsp_owner', 'dsp_admin', 'dsp_developer', 'dsp_viewer'])),
  state: Type.Enum(['active', 'not_activated', 'invitation_pending', 'no_access']),
  password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
})
export type AddMemberBody = Static<typeof AddMemberBody>

export const ClockBody = Strict({ advance_seconds: Type.Number({ minimum: 0 }) })
export const ClockResponse = Type.Object({ now: Timestamp, offset_seconds: Type.Number() })

export const FaultBody = Strict({
  // The fault injector's own list (src/faults.ts): one place to name a dependency.
  dependency: Type.Enum([...dependencies]),
  mode: Type.Union([Type.Literal('down'), Type.Literal('slow'), Type.Literal('error')]),
  seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
})
export type FaultBody = Static<typeof FaultBody>
export const FaultsResponse = Type.Object({
  faults: Type.Array(Type.Object({ dependency: Type.String(), mode: Type.String(), until: Nullable(Timestamp) })),
})

export const WorkspaceIdParams = Strict({ workspace_id: Type.String() })
export const KeyIdParams = Strict({ key_id: Type.String() })

export const JobParams = Strict({
  job: Type.Enum([
    'usage.retention',
    'credits.expire_holds',
    'agents.prune_exposures',
    'relationships.prune_blocks',
    'webhooks.prune_events',
    'monitors.prune_runs',
  ]),
})
