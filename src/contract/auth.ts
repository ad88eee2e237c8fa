// Dashboard session routes (/v1/auth/*, contract §4.6, §5.7): sign-up, sign-in, sign-out, the
// signed-in person, activation and the workspace's members. Not in the public OpenAPI.
import { Type, type Static } from 'typebox'
import { MemberRole, MemberStateName } from './account.ts'
import { Nullable, ScopeName, Strict, Timestamp, WithMeta } from './common.ts'

const Email = Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' })

export const SignUpBody = Strict({
  email: Email,
  password: Type.String({
    minLength: 10,
    maxLength: 200,
    description:
      'At least 10 characters and not easy to guess (checked with zxcvbn-ts: no common password, keyboard pattern or part of the email); stored as an argon2id hash',
  }),
  workspace_name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Default: "<email>\'s workspace"' }),
  ),
})
export type SignUpBody = Static<typeof SignUpBody>

export const SignInBody = Strict({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
})
export type SignInBody = Static<typeof SignInBody>

export const Permissions = Type.Object(
  {
    billing: Type.Boolean({ description: 'May pay for a top-up (owner, admin)' }),
    manage_all_keys: Type.Boolean({
      description: 'Sees and revokes every key of the workspace (owner, admin); others manage their own',
    }),
  },
  { additionalProperties: false },
)

/** The signed-in person: sign-up (201), sign-in (200), GET /v1/auth/me, POST /v1/auth/activate. */
export const SessionView = WithMeta({
  user: Type.Object({ user_id: Type.Integer(), email: Type.String() }, { additionalProperties: false }),
  workspace: Type.Object(
    { workspace_id: Type.String(), organisation_id: Type.String(), name: Type.String() },
    { additionalProperties: false },
  ),
  role: Nullable(MemberRole),
  state: Type.Enum(['active', 'not_activated', 'invitation_pending', 'no_access']),
  scopes: Type.Array(ScopeName, {
    description: "The session's scopes, from its role; empty until the member is active",
  }),
  permissions: Permissions,
  csrf_token: Type.String({ description: 'Send as header X-CSRF-Token on every session POST, PUT, PATCH and DELETE' }),
  expires_at: Timestamp,
})
export type SessionView = Static<typeof SessionView>

export const MemberView = Type.Object(
  {
    user_id: Type.Integer(),
    email: Type.String(),
    role: Nullable(MemberRole),
    state: MemberStateName,
    joined_at: Timestamp,
  },
  { additionalProperties: false },
)
export type MemberView = Static<typeof MemberView>

export const MembersResponse = WithMeta({ members: Type.Array(MemberView) })
export type MembersResponse = Static<typeof MembersResponse>
