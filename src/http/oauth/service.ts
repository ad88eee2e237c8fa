// OAuth 2.1 authorization server rules (issue 29 item 4; docs/integrations.md "OAuth"): dynamic
// client registration (RFC 7591, public clients), authorization code with PKCE S256 only, a
// signed-in member's consent choosing scopes among the five, access tokens (1 h) and rotating
// refresh tokens (30 days; a refresh token used twice revokes its grant), revocation (RFC 7009).
// Codes and tokens are random 256-bit strings stored only as SHA-256 hashes; the PKCE verifier is
// compared in constant time. Bearer access tokens become an `oauth` credential (auth plugin).
import { createHash, hash as oneShotHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { announceTokenChange } from '../../domain/api-keys.ts'
import type { CachedToken } from '../../domain/key-cache.ts'
import { randomId } from '../../domain/ids.ts'
import { scopesFor } from '../../domain/roles.ts'
import { SCOPES, type Credential, type Deps, type Scope } from '../../domain/types.ts'
import { guarded } from '../../domain/guard.ts'
import { isRole } from '../../domain/roles.ts'
import * as store from '../../store/oauth.ts'

export const ACCESS_TOKEN_TTL_SECONDS = 3600
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400
export const CODE_TTL_SECONDS = 300
export const ACCESS_TOKEN_PREFIX = 'dsp_at_'
export const REFRESH_TOKEN_PREFIX = 'dsp_rt_'

/** An OAuth error answer (RFC 6749 §5.2): `error` and `error_description`, as OAuth clients read them. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description)
  }
}

const sha256 = (s: string) => oneShotHash('sha256', s, 'hex')
const secret = (prefix: string) => prefix + randomBytes(32).toString('base64url')

/** Constant-time equality of two strings (PKCE: the verifier's S256 against the stored challenge). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https anywhere, http only to a loopback address, or a native app's private-use scheme (RFC 8252). */
function acceptableRedirect(uri: string): boolean {
  let u: URL
  try {
    u = new URL(uri)
  } catch {
    return false
  }
  if (u.hash) return false
  if (u.protocol === 'https:') return true
  if (u.protocol === 'http:') return LOOPBACK.has(u.hostname)
  return !['javascript:', 'data:', 'file:', 'vbscript:', 'blob:'].includes(u.protocol)
}

export interface RegisterBody {
  redirect_uris?: unknown
  client_name?: unknown
  token_endpoint_auth_method?: unknown
  grant_types?: unknown
  response_types?: unknown
  scope?: unknown
}

export async function registerClient(deps: Deps, body: RegisterBody) {
  const uris = body.redirect_uris
  if (!Array.isArray(uris) || uris.length < 1 || uris.length > 10 || !uris.every((u) => typeof u === 'string'))
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be 1 to 10 URLs.')
  for (const u of uris as string[])
    if (u.length > 2000 || !acceptableRedirect(u))
      throw new OAuthError(
        'invalid_redirect_uri',
        `${u.slice(0, 200)} is not an acceptable redirect URI: use https, http to a loopback address, or a private-use scheme, without a fragment.`,
      )
  if (body.token_endpoint_auth_method !== undefined && body.token_endpoint_auth_method !== 'none')
    throw new OAuthError(
      'invalid_client_metadata',
      'Only public clients are registered: token_endpoint_auth_method none, with PKCE.',
    )
  const grantTypes = body.grant_types ?? ['authorization_code', 'refresh_token']
  if (!Array.isArray(grantTypes) || !grantTypes.every((g) => g === 'authorization_code' || g === 'refresh_token'))
    throw new OAuthError('invalid_client_metadata', 'grant_types: authorization_code and refresh_token only.')
  if (body.response_types !== undefined && JSON.stringify(body.response_types) !== '["code"]')
    throw new OAuthError('invalid_client_metadata', 'response_types: ["code"] only.')
  const name = typeof body.client_name === 'string' ? body.client_name.slice(0, 200) : null
  const now = deps.clock.now()
  const client_id = randomId('mcpc', 16)
  await guarded(deps, 'auth', 'auth.unavailable', () =>
    store.insertClient(deps.db, { client_id, client_name: name, redirect_uris: uris as string[], created_at: now }),
  )
  return {
    client_id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name ?? undefined,
    redirect_uris: uris as string[],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: SCOPES.join(' '),
  } satisfies OAuthClientInformationFull
}

export interface AuthorizeRequest {
  client_id: string
  redirect_uri: string
  response_type: string
  code_challenge: string
  code_challenge_method: string
  scope?: string
  state?: string
  resource?: string
}

/**
 * Checks an authorization request before anyone is asked to consent. A bad client or redirect URI
 * is answered to the user (never redirected); other faults go back to the client's redirect URI.
 */
export async function checkAuthorizeRequest(deps: Deps, req: Partial<AuthorizeRequest>) {
  const client = req.client_id
    ? await guarded(deps, 'auth', 'auth.unavailable', () => store.findClient(deps.db, req.client_id!))
    : undefined
  if (!client) return { ok: false as const, redirect: null, error: 'invalid_client', description: 'Unknown client_id.' }
  const uris = client.redirect_uris
  if (!req.redirect_uri || !uris.includes(req.redirect_uri))
    return {
      ok: false as const,
      redirect: null,
      error: 'invalid_request',
      description: 'redirect_uri is not one this client registered.',
    }
  const fail = (error: string, description: string) => ({
    ok: false as const,
    redirect: redirectWith(deps, req.redirect_uri!, { error, error_description: description, state: req.state }),
    error,
    description,
  })
  if (req.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code.')
  if (req.code_challenge_method !== 'S256')
    return fail('invalid_request', 'PKCE is required: code_challenge_method S256.')
  if (!req.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(req.code_challenge))
    return fail('invalid_request', 'code_challenge must be a base64url S256 challenge (43 to 128 characters).')
  const requested = parseScopes(req.scope)
  if (requested === null) return fail('invalid_scope', `scope must be among: ${SCOPES.join(' ')}.`)
  if (req.resource && !sameOrigin(req.resource, deps.publicUrl))
    return fail('invalid_target', 'resource must be this server (its /mcp or its origin).')
  return { ok: true as const, client, requested }
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin
  } catch {
    return false
  }
}

/** Space-separated scopes; empty or absent means all five; null when one is unknown. */
export function parseScopes(scope: string | undefined): Scope[] | null {
  const names = (scope ?? '').split(' ').filter(Boolean)
  if (names.length === 0) return [...SCOPES]
  return names.every((n) => (SCOPES as readonly string[]).includes(n)) ? [...new Set(names as Scope[])] : null
}

function redirectWith(deps: Deps, redirectUri: string, params: Record<string, string | undefined>): string {
  const u = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v)
  u.searchParams.set('iss', deps.publicUrl)
  return u.toString()
}

/** The member's decision on the consent page: a redirect to the client with a code, or with access_denied. */
export async function consent(
  deps: Deps,
  member: Credential,
  req: AuthorizeRequest & { scopes: string[]; approve: boolean },
): Promise<{ redirect_to: string }> {
  const checked = await checkAuthorizeRequest(deps, req)
  if (!checked.ok) {
    if (checked.redirect) return { redirect_to: checked.redirect }
    throw new OAuthError(checked.error, checked.description)
  }
  if (!req.approve)
    return {
      redirect_to: redirectWith(deps, req.redirect_uri, {
        error: 'access_denied',
        error_description: 'The member declined.',
        state: req.state,
      }),
    }
  const held = member.scopes
  const chosen = [...new Set(req.scopes)].filter((s): s is Scope => (SCOPES as readonly string[]).includes(s))
  if (chosen.length === 0 || chosen.length !== new Set(req.scopes).size)
    throw new OAuthError('invalid_scope', `Choose one or more of: ${SCOPES.join(', ')}.`)
  const beyond = chosen.filter((s) => !checked.requested.includes(s) || !held.includes(s))
  if (beyond.length > 0)
    throw new OAuthError(
      'invalid_scope',
      `These scopes were not requested by the client or are not held by your role: ${beyond.join(', ')}.`,
    )
  const now = deps.clock.now()
  const grantId = randomId('grt', 12)
  const code = secret('dsp_ac_')
  await guarded(deps, 'auth', 'auth.unavailable', async () => {
    await store.insertGrant(deps.db, {
      id: grantId,
      client_id: req.client_id,
      workspace_id: member.workspace_id,
      user_id: member.user_id!,
      scopes: chosen,
      created_at: now,
    })
    await store.insertCode(deps.db, {
      code_hash: sha256(code),
      grant_id: grantId,
      redirect_uri: req.redirect_uri,
      code_challenge: req.code_challenge,
      expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    })
  })
  return { redirect_to: redirectWith(deps, req.redirect_uri, { code, state: req.state }) }
}

async function issueTokens(deps: Deps, grantId: string, scopes: readonly string[]) {
  const now = deps.clock.now()
  const access = secret(ACCESS_TOKEN_PREFIX)
  const refresh = secret(REFRESH_TOKEN_PREFIX)
  await store.insertTokens(deps.db, [
    {
      token_hash: sha256(access),
      grant_id: grantId,
      kind: 'access',
      created_at: now,
      expires_at: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    },
    {
      token_hash: sha256(refresh),
      grant_id: grantId,
      kind: 'refresh',
      created_at: now,
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
  ])
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refresh,
    scope: scopes.join(' '),
  } satisfies OAuthTokens
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 4096 ? v : undefined)

/** POST /oauth/token: authorization_code (with the PKCE verifier) or refresh_token (rotated). */
export async function token(deps: Deps, body: Record<string, unknown>) {
  const grantType = str(body.grant_type)
  const clientId = str(body.client_id)
  if (!clientId) throw new OAuthError('invalid_client', 'client_id is required (public clients).', 401)
  return guarded(deps, 'auth', 'auth.unavailable', async () => {
    const now = deps.clock.now()
    if (grantType === 'authorization_code') {
      const code = str(body.code)
      const verifier = str(body.code_verifier)
      if (!code || !verifier) throw new OAuthError('invalid_request', 'code and code_verifier are required.')
      const used = await store.useCode(deps.db, sha256(code), now)
      if (!used) {
        // A code presented twice: whatever it granted is revoked (OAuth 2.1 §4.1.3).
        const seen = await store.findCode(deps.db, sha256(code))
        if (seen) await revokeGrantEverywhere(deps, seen.grant_id, now)
        throw new OAuthError('invalid_grant', 'The code is unknown or was used already.')
      }
      const grant = await store.findGrant(deps.db, used.grant_id)
      if (!grant || grant.client_id !== clientId || grant.revoked_at)
        throw new OAuthError('invalid_grant', 'The code was not issued to this client.')
      if (used.expires_at.getTime() <= now.getTime()) throw new OAuthError('invalid_grant', 'The code has expired.')
      if (str(body.redirect_uri) !== undefined && body.redirect_uri !== used.redirect_uri)
        throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request.')
      if (!safeEqual(s256(verifier), used.code_challenge))
        throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.')
      return issueTokens(deps, grant.id, grant.scopes)
    }
    if (grantType === 'refresh_token') {
      const refresh = str(body.refresh_token)
      if (!refresh) throw new OAuthError('invalid_request', 'refresh_token is required.')
      const hash = sha256(refresh)
      const used = await store.useRefreshToken(deps.db, hash, now)
      if (!used) {
        // A rotated refresh token presented again: it may be stolen, so its grant is revoked.
        const seen = await store.findToken(deps.db, hash)
        if (seen?.kind === 'refresh') await revokeGrantEverywhere(deps, seen.grant_id, now)
        throw new OAuthError('invalid_grant', 'The refresh token is unknown, revoked or was used already.')
      }
      const grant = await store.findGrant(deps.db, used.grant_id)
      if (!grant || grant.client_id !== clientId || grant.revoked_at || used.expires_at.getTime() <= now.getTime())
        throw new OAuthError('invalid_grant', 'The refresh token is expired, revoked or not this client’s.')
      return issueTokens(deps, grant.id, grant.scopes)
    }
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.')
  })
}

/** POST /oauth/revoke (RFC 7009): revokes the token's whole grant; unknown tokens are not an error. */
export async function revoke(deps: Deps, body: Record<string, unknown>) {
  const t = str(body.token)
  if (!t) throw new OAuthError('invalid_request', 'token is required.')
  await guarded(deps, 'auth', 'auth.unavailable', async () => {
    const found = await store.findToken(deps.db, sha256(t))
    if (found) await revokeGrantEverywhere(deps, found.grant_id, deps.clock.now())
  })
}

/**
 * The credential an access token stands for, or null (unknown, expired, revoked, member gone).
 * A verified token is cached like an API key (src/domain/key-cache.ts KeyCache): a warm Bearer
 * request costs no store read. Revoking its grant, or changing the member's role or state, drops
 * it from every process's cache at once (announceTokenChange).
 */
export async function verifyAccessToken(deps: Deps, accessToken: string): Promise<Credential | null> {
  if (!accessToken.startsWith(ACCESS_TOKEN_PREFIX) || accessToken.length > 200) return null
  const hash = sha256(accessToken)
  const nowMs = deps.clock.nowMs()
  let entry = deps.keyCache.getToken(hash, nowMs)
  if (entry) await guarded(deps, 'auth', 'auth.unavailable', async () => undefined)
  else {
    entry = await guarded(deps, 'auth', 'auth.unavailable', async () => {
      const row = await store.findToken(deps.db, hash)
      if (!row || row.kind !== 'access' || row.expires_at.getTime() <= nowMs) return undefined
      const grant = await store.findGrant(deps.db, row.grant_id)
      if (!grant || grant.revoked_at) return undefined
      const cached: CachedToken = {
        expires_at: row.expires_at,
        grant_id: grant.id,
        client_id: grant.client_id,
        workspace_id: grant.workspace_id,
        organisation_id: grant.organisation_id,
        user_id: grant.user_id,
        scopes: grant.scopes,
        role: grant.role,
        state: grant.state,
        cachedAtMs: nowMs,
      }
      return cached
    })
    if (!entry) return null
    deps.keyCache.setToken(hash, entry)
  }
  return credentialOfToken(deps, entry, hash, nowMs)
}

/**
 * verifyAccessToken without waiting, for a token in the cache while no fault is injected into the
 * credential store (every request of a warm token). Null: the caller awaits verifyAccessToken.
 */
export function verifyCachedAccessToken(deps: Deps, accessToken: string): Credential | null {
  if (!accessToken.startsWith(ACCESS_TOKEN_PREFIX) || accessToken.length > 200) return null
  const hash = sha256(accessToken)
  const nowMs = deps.clock.nowMs()
  const entry = deps.keyCache.getToken(hash, nowMs)
  if (!entry || deps.faults.modeOf('auth') !== null) return null
  return credentialOfToken(deps, entry, hash, nowMs)
}

function credentialOfToken(deps: Deps, entry: CachedToken, hash: string, nowMs: number): Credential | null {
  if (entry.expires_at.getTime() <= nowMs) {
    deps.keyCache.invalidate(hash)
    return null
  }
  if (!isRole(entry.role)) return null
  // The member's current role bounds the grant: a demotion or a suspension applies at once.
  const held = scopesFor(entry.role, entry.state)
  const scopes = entry.scopes.filter((s): s is Scope => (held as readonly string[]).includes(s))
  // Advisory (minute resolution), written off the request path, like keys' last_used_at.
  if (deps.keyCache.touchDue(entry.grant_id, nowMs))
    store.touchGrant(deps.db, entry.grant_id, new Date(nowMs)).catch(() => {})
  return {
    kind: 'oauth',
    workspace_id: entry.workspace_id,
    organisation_id: entry.organisation_id,
    key_id: null,
    user_id: entry.user_id,
    environment: 'live',
    scopes,
    grant_id: entry.grant_id,
  }
}

export async function listGrants(deps: Deps, member: Credential) {
  const rows = await guarded(deps, 'auth', 'auth.unavailable', () =>
    store.listGrants(deps.db, member.workspace_id, member.user_id!, deps.clock.now()),
  )
  return rows.map((r) => ({
    grant_id: r.id,
    client_id: r.client_id,
    client_name: r.client_name,
    scopes: r.scopes,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
    expires_at: r.expires_at ? new Date(r.expires_at as unknown as string).toISOString() : null,
  }))
}

export async function revokeMemberGrant(deps: Deps, member: Credential, grantId: string): Promise<boolean> {
  return guarded(deps, 'auth', 'auth.unavailable', () =>
    revokeGrantEverywhere(deps, grantId, deps.clock.now(), {
      workspace_id: member.workspace_id,
      user_id: member.user_id!,
    }),
  )
}

/** Revokes a grant in the store, then drops its cached access tokens here and in every other process. */
async function revokeGrantEverywhere(
  deps: Deps,
  grantId: string,
  now: Date,
  member?: { workspace_id: string; user_id: number },
): Promise<boolean> {
  const revoked = await store.revokeGrant(deps.db, grantId, now, member)
  if (revoked) await announceTokenChange(deps, { grant_id: grantId })
  return revoked
}

export async function clientView(deps: Deps, clientId: string) {
  const c = await guarded(deps, 'auth', 'auth.unavailable', () => store.findClient(deps.db, clientId))
  return c ? { client_id: c.client_id, client_name: c.client_name, redirect_uris: c.redirect_uris } : null
}
