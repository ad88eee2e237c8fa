// Dashboard sessions (contract §5.7, §8): sign-up, sign-in, sign-out, resolving the cookie on
// each request with its CSRF check and throttles. What a role may do: domain/roles.ts.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2'
import { ApiError } from '../errors.ts'
import { rateLimitHeaders, type WindowRule } from '../limiter/index.ts'
import * as accounts from '../store/accounts.ts'
import * as store from '../store/sessions.ts'
import type { LiveSessionRow } from '../store/sessions.ts'
import { createWorkspace } from './accounts.ts'
import { announceTokenChange } from './api-keys.ts'
import { grantCredits, toMilli } from './credits/ledger.ts'
import { guarded } from './guard.ts'
import { assertStrongPassword } from './passwords.ts'
import { isRole, permissionsFor, scopesFor, type Permissions } from './roles.ts'
import type { Credential, Deps, MemberState, Role, Scope } from './types.ts'

export const SESSION_COOKIE = 'dsp_session'
/** Absolute lifetime: a session ends 7 days after sign-in however active it is. */
export const SESSION_TTL_SECONDS = 7 * 86_400
/** §8: 30 requests in any minute and 500 in any day per signed-in session. */
export const SESSION_THROTTLE: readonly WindowRule[] = [
  { name: 'session-minute', limit: 30, windowSeconds: 60 },
  { name: 'session-day', limit: 500, windowSeconds: 86_400 },
]
/** Sign-in and sign-up attempts per email and client address. */
export const AUTH_ATTEMPTS_PER_MINUTE = 10
const SIGN_IN_THROTTLE: readonly WindowRule[] = [
  { name: 'sign-in', limit: AUTH_ATTEMPTS_PER_MINUTE, windowSeconds: 60 },
]
const TOKEN_BYTES = 32
const LAST_SEEN_RESOLUTION_MS = 60_000
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url')

export interface SessionView {
  user: { user_id: number; email: string }
  workspace: { workspace_id: string; organisation_id: string; name: string }
  role: Role | null
  state: MemberState
  scopes: Scope[]
  permissions: Permissions
  csrf_token: string
  expires_at: string
}

export interface ResolvedSession {
  /** sessions.id: the SHA-256 of the cookie token. */
  id: string
  view: SessionView
  credential: Credential
}

function resolved(row: LiveSessionRow): ResolvedSession {
  const state = row.state as MemberState
  const scopes = [...scopesFor(row.role, state)]
  return {
    id: row.id,
    view: {
      user: { user_id: row.user_id, email: row.email },
      workspace: { workspace_id: row.workspace_id, organisation_id: row.organisation_id, name: row.workspace_name },
      role: isRole(row.role) ? row.role : null,
      state,
      scopes,
      permissions: permissionsFor(row.role, state),
      csrf_token: row.csrf_token,
      expires_at: row.expires_at.toISOString(),
    },
    credential: {
      kind: 'session',
      workspace_id: row.workspace_id,
      organisation_id: row.organisation_id,
      key_id: null,
      user_id: row.user_id,
      environment: 'live',
      scopes,
    },
  }
}

/** A member may hold a session while it has a role and is active, or not_activated (to activate). */
const mayHoldSession = (m: { role: string | null; state: string }) =>
  isRole(m.role) && (m.state === 'active' || m.state === 'not_activated')

/** Counts an attempt against the email+address bucket; fails open with the limiter. */
async function throttleAttempt(deps: Deps, email: string, ip: string) {
  const r = await deps.limiter.hit(`auth:${sha256(`${email.toLowerCase()}\u0000${ip}`)}`, SIGN_IN_THROTTLE)
  if (!r.allowed)
    throw new ApiError(
      'quota.burst_exceeded',
      `Too many sign-in attempts for this email from your address; wait ${r.retryAfterSeconds} s.`,
      { retryAfter: r.retryAfterSeconds, headers: rateLimitHeaders(SIGN_IN_THROTTLE, r) },
    )
}

async function openSession(
  deps: Deps,
  userId: number,
  workspaceId: string,
): Promise<{ token: string; session: ResolvedSession }> {
  const token = newToken()
  const now = deps.clock.now()
  await store.deleteExpiredSessionsOfUser(deps.db, userId, now)
  await store.insertSession(deps.db, {
    id: sha256(token),
    user_id: userId,
    workspace_id: workspaceId,
    csrf_token: newToken(),
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    last_seen_at: now,
  })
  const row = await store.findLiveSession(deps.db, sha256(token), now)
  if (!row) throw new Error('session vanished right after it was created')
  return { token, session: resolved(row) }
}

export interface SignUpInput {
  email: string
  password: string
  workspace_name?: string
}

/**
 * A new organisation and workspace with the person as active dsp_owner. The workspace's own
 * allocation starts with DSP_STARTER_CREDITS (a grant noted "starter credits"); more come from a top-up. An email already known, in any
 * organisation, is 409 auth.account_exists.
 */
export async function signUp(deps: Deps, input: SignUpInput, ip: string) {
  const email = input.email.trim()
  await throttleAttempt(deps, email, ip)
  assertStrongPassword(input.password, [email, ...email.split('@'), input.workspace_name ?? ''])
  return guarded(deps, 'auth', 'auth.unavailable', async () => {
    if (await accounts.findUserByEmail(deps.db, email)) throw accountExists()
    const passwordHash = await argon2Hash(input.password)
    // Two concurrent sign-ups with one email: the loser leaves an empty workspace behind, and the
    // unique email index turns its user insert into account_exists.
    const ws = await createWorkspace(deps, { name: input.workspace_name?.trim() || `${email}'s workspace`, credits: 0 })
    // Starter credits: a grant like any other, so it shows in the workspace's history.
    const starter = deps.config.DSP_STARTER_CREDITS
    if (starter > 0)
      await grantCredits(deps, ws.workspace_id, toMilli(starter), 'allocated', 'grant', 'starter credits')
    const now = deps.clock.now()
    const userId = await deps.db.transaction().execute(async (tx) => {
      const id = await accounts
        .insertUser(tx, { email, password_hash: passwordHash, created_at: now })
        .catch((e: unknown) => {
          throw (e as { code?: string }).code === '23505' ? accountExists() : e
        })
      await accounts.upsertMembership(tx, {
        organisation_id: ws.organisation_id,
        workspace_id: ws.workspace_id,
        user_id: id,
        role: 'dsp_owner',
        state: 'active',
        created_at: now,
      })
      return id
    })
    return openSession(deps, userId, ws.workspace_id)
  })
}

// A verify against this hash when the email is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | null = null

export interface SignInInput {
  email: string
  password: string
}

/**
 * Unknown email, no password set, or a wrong password: 401 auth.invalid_credentials (one answer
 * for all three). Right password but no platform access (no role, invitation_pending,
 * no_access): 403 auth.insufficient_scope with extra.state. not_activated signs in with no
 * scopes until it accepts (activateMembership). Several organisations: the oldest membership
 * that may hold a session, active ones first.
 */
export async function signIn(deps: Deps, input: SignInInput, ip: string) {
  const email = input.email.trim()
  await throttleAttempt(deps, email, ip)
  return guarded(deps, 'auth', 'auth.unavailable', async () => {
    const user = await accounts.findUserByEmail(deps.db, email)
    let ok = false
    if (user?.password_hash) ok = await argon2Verify(user.password_hash, input.password).catch(() => false)
    else await argon2Verify(await (dummyHash ??= argon2Hash(newToken())), input.password)
    if (!user || !ok) throw new ApiError('auth.invalid_credentials', 'The email or password is wrong.')
    const memberships = await store.findMembershipsOfUser(deps.db, user.id)
    const eligible = memberships
      .filter(mayHoldSession)
      .sort((a, b) => Number(b.state === 'active') - Number(a.state === 'active'))
    const chosen = eligible[0]
    if (!chosen) {
      const m = memberships[0]
      throw new ApiError(
        'auth.insufficient_scope',
        'Your account has no access to this platform; ask an owner or admin of your organisation for a role.',
        {
          extra: { role: m?.role ?? null, state: m?.state ?? 'unknown', accepted_scopes: [], held_scopes: [] },
        },
      )
    }
    return openSession(deps, user.id, chosen.workspace_id)
  })
}

/** The signed-in person accepts the platform: not_activated → active (§2.8: only the person can). */
export async function activateMembership(deps: Deps, session: ResolvedSession): Promise<SessionView> {
  await store.activateMembership(deps.db, session.credential.workspace_id, session.view.user.user_id)
  await announceTokenChange(deps, { user_id: session.view.user.user_id })
  const row = await store.findLiveSession(deps.db, session.id, deps.clock.now())
  if (!row) throw new ApiError('auth.session_required', 'The session ended.')
  return resolved(row).view
}

export async function signOut(deps: Deps, session: ResolvedSession): Promise<void> {
  await guarded(deps, 'auth', 'auth.unavailable', () => store.deleteSession(deps.db, session.id))
}

/** Constant-time: comparing fixed-length digests hides the token's length and content. */
function csrfMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined || given.length === 0) return false
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest())
}

/**
 * Every request made with the cookie: the session (null when unknown, expired, or the member
 * lost access), then the CSRF token on POST, PUT, PATCH and DELETE, then the throttles
 * (30/min, 500/day per session; the limiter fails open).
 */
export async function resolveSession(
  deps: Deps,
  token: string,
  request: { method: string; csrfToken: string | undefined },
): Promise<ResolvedSession | null> {
  const now = deps.clock.now()
  const row = await guarded(deps, 'auth', 'auth.unavailable', () => store.findLiveSession(deps.db, sha256(token), now))
  if (!row || !mayHoldSession(row)) return null
  if (UNSAFE_METHODS.has(request.method) && !csrfMatches(row.csrf_token, request.csrfToken)) {
    throw new ApiError(
      'auth.csrf',
      'This session request needs header X-CSRF-Token with the token from GET /v1/auth/me.',
    )
  }
  const r = await deps.limiter.hit(`session:${row.id}`, SESSION_THROTTLE)
  if (!r.allowed)
    throw new ApiError(
      'quota.burst_exceeded',
      `This session made ${r.rule.limit} requests in the last ${r.rule.windowSeconds === 60 ? 'minute' : '24 hours'}, its limit; wait ${r.retryAfterSeconds} s.`,
      { retryAfter: r.retryAfterSeconds, headers: rateLimitHeaders(SESSION_THROTTLE, r) },
    )
  if (now.getTime() - row.last_seen_at.getTime() > LAST_SEEN_RESOLUTION_MS) {
    // Advisory (minute resolution), written off the request path.
    store.touchSession(deps.db, row.id, now).catch(() => {})
  }
  return resolved(row)
}

export async function listMembers(deps: Deps, credential: Credential) {
  const rows = await store.listWorkspaceMembers(deps.db, credential.workspace_id)
  return rows.map((r) => ({
    user_id: r.user_id,
    email: r.email,
    role: isRole(r.role) ? r.role : null,
    state: r.state as MemberState,
    joined_at: r.created_at.toISOString(),
  }))
}

function accountExists(): ApiError {
  return new ApiError('auth.account_exists', 'An account with this email exists; sign in instead.')
}
