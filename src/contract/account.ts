// Account routes (contract §2.4, §2.8, §4.2, §4.5): credits and member lookup.
import { Type, type Static } from 'typebox'
import { Credits, Nullable, Strict, Timestamp, WithMeta } from './common.ts'

export const CreditBalanceResponse = WithMeta({
  allocated: Nullable(
    Type.Object({ granted: Credits, remaining: Credits, reserved: Credits, expires_at: Nullable(Timestamp) }),
  ),
  shared: Nullable(Type.Object({ remaining: Credits })),
  spendable: Credits,
  scope: Type.Union([Type.Literal('platform'), Type.Literal('tenant_wide_fallback')]),
  platform: Type.String(),
  as_of: Timestamp,
})

export const ResolveMemberBody = Strict({ email: Type.String({ minLength: 1, maxLength: 320 }) })
export type ResolveMemberBody = Static<typeof ResolveMemberBody>

export const MemberRole = Type.Enum(['dsp_owner', 'dsp_admin', 'dsp_developer', 'dsp_viewer'])
export const MemberStateName = Type.Enum(['active', 'not_activated', 'invitation_pending', 'no_access', 'unknown'])

export const MemberLookupResponse = WithMeta({
  email: Type.String(),
  found: Type.Boolean(),
  role: Nullable(MemberRole),
  state: MemberStateName,
  user_id: Nullable(Type.Integer()),
})
