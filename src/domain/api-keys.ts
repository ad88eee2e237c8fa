// API keys (contract §5, §2.9, §3.5): creation, verification with a warm in-process cache,
// immediate revocation across processes, last-used time.
import { hash as oneShotHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { ApiError } from '../errors.ts'
import * as store from '../store/accounts.ts'
import type { ApiKeyRow } from '../store/accounts.ts'
import { guarded } from './guard.ts'
import { randomId } from './ids.ts'
import { REVOCATION_CHANNEL, type CachedKey } from './key-cache.ts'
import { SCOPES, type Credential, type Deps, type Environment, type Scope } from './types.ts'

export const KEY_PREFIXES = { live: 'sk_dsp_live_', test: 'sk_dsp_test_' } as const
const SECRET_BYTES = 32

/**
 * SHA-256, not a password hash: the secret carries 256 random bits, so there is nothing to
 * brute-force and a slow KDF (argon2, bcrypt) would only add latency to every request. A fast
 * deterministic hash also lets the store index the hash and find the key in one lookup.
 */
export function hashSecret(secret: string): string {
  // One-shot hash (no Hash object): every request with a key hashes it to find it.
  return oneShotHash('sha256', secret, 'hex')
}

export function displayKey(secret: string): string {
  const prefix = secret.startsWith(KEY_PREFIXES.live) ? KEY_PREFIXES.live : KEY_PREFIXES.test
  return `${prefix}…${secret.slice(-4)}`
}

export interface ApiKeyView {
  key_id: string
  name: string | null
  display_key: string
  environment: Environment
  scopes: Scope[]
  created_at: string
  expires_at: string
  last_used_at: string | null
  revoked_at: string | null
}

export function apiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    key_id: row.id,
    name: row.name,
    display_key: row.display_key,
    environment: row.environment,
    scopes: row.scopes as Scope[],
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  }
}

export interface CreateKeyInput {
  workspace_id: string
  environment: Environment
  scopes?: Scope[]
  expires_in_days?: number
  name?: string | null
  created_by_user_id?: number | null
}

/** Omitted scopes: all five; omitted expiry: 365 days (§4.6). The secret is returned only here. */
export async function createApiKey(deps: Deps, input: CreateKeyInput): Promise<ApiKeyView & { secret: string }> {
  const secret = KEY_PREFIXES[input.environment] + randomBytes(SECRET_BYTES).toString('base64url')
  const now = deps.clock.now()
  const days = input.expires_in_days ?? 365
  const scopes = [...new Set(input.scopes ?? SCOPES)].sort((a, b) => SCOPES.indexOf(a) - SCOPES.indexOf(b))
  const row: ApiKeyRow = {
    id: randomId('key'),
    workspace_id: input.workspace_id,
    created_by_user_id: input.created_by_user_id ?? null,
    name: input.name ?? null,
    environment: input.environment,
    scopes,
    secret_hash: hashSecret(secret),
    display_key: displayKey(secret),
    created_at: now,
    expires_at: new Date(now.getTime() + days * 86_400_000),
    revoked_at: null,
    last_used_at: null,
  }
  await store.insertApiKey(deps.db, row)
  return { ...apiKeyView(row), secret }
}

/** Revocation is immediate: the row, this process's cache and every other process's cache. */
export async function revokeApiKey(deps: Deps, keyId: string, workspaceId?: string): Promise<boolean> {
  const revoked = await store.revokeApiKeyRow(deps.db, keyId, deps.clock.now(), workspaceId)
  if (!revoked) {
    const existing = await store.findApiKey(deps.db, keyId)
    return existing !== undefined && (workspaceId === undefined || existing.workspace_id === workspaceId)
  }
  deps.keyCache.invalidate(revoked.secret_hash)
  if (deps.store.kind === 'postgres') {
    await sql`select pg_notify(${REVOCATION_CHANNEL}, ${revoked.secret_hash})`.execute(deps.db)
  }
  return true
}

/**
 * OAuth grants revoked, or a member's role or state changed: this process's cached tokens of the
 * grant (or of the member) go at once, and on PostgreSQL every other process's, by NOTIFY on the
 * revocation channel (`grant:<id>`, `user:<id>`).
 */
export async function announceTokenChange(deps: Deps, change: { grant_id: string } | { user_id: number }) {
  const payload = 'grant_id' in change ? `grant:${change.grant_id}` : `user:${change.user_id}`
  deps.keyCache.invalidate(payload)
  if (deps.store.kind === 'postgres') await sql`select pg_notify(${REVOCATION_CHANNEL}, ${payload})`.execute(deps.db)
}

function environmentOf(presented: string): Environment {
  const environment: Environment | null = presented.startsWith(KEY_PREFIXES.live)
    ? 'live'
    : presented.startsWith(KEY_PREFIXES.test)
      ? 'test'
      : null
  if (environment === null) throw invalidKey()
  return environment
}

/**
 * Rule 2 of §5: a key with an unknown prefix is refused before any lookup. An unknown, revoked
 * or expired key is auth.invalid_key; a store outage on a cold key is auth.unavailable.
 */
export async function verifyApiKey(deps: Deps, presented: string): Promise<Credential> {
  const environment = environmentOf(presented)
  const hash = hashSecret(presented)
  const nowMs = deps.clock.nowMs()
  let entry = deps.keyCache.get(hash, nowMs)
  if (entry) {
    await guarded(deps, 'auth', 'auth.unavailable', async () => undefined)
  } else {
    // Unknown, revoked and expired keys take the same path and the same time to refuse: one
    // statement that finds no live key. Only live keys are cached.
    entry = await guarded(deps, 'auth', 'auth.unavailable', async () => {
      const found = await store.findLiveApiKeyByHash(deps.db, hash, new Date(nowMs))
      if (!found) return undefined
      const { organisation_id, ...row } = found
      return { row, organisation_id, cachedAtMs: nowMs }
    })
    if (!entry) throw invalidKey()
    deps.keyCache.set(hash, entry)
  }
  return credentialOf(deps, entry, hash, environment, nowMs)
}

/**
 * verifyApiKey without waiting, for a key in the cache while no fault is injected into the
 * credential store (the common case: every request of a warm key). Null: the caller awaits
 * verifyApiKey. Throws as verifyApiKey does.
 */
export function verifyCachedApiKey(deps: Deps, presented: string): Credential | null {
  const environment = environmentOf(presented)
  const hash = hashSecret(presented)
  const nowMs = deps.clock.nowMs()
  const entry = deps.keyCache.get(hash, nowMs)
  if (!entry || deps.faults.modeOf('auth') !== null) return null
  return credentialOf(deps, entry, hash, environment, nowMs)
}

function credentialOf(deps: Deps, entry: CachedKey, hash: string, environment: Environment, nowMs: number): Credential {
  const { row } = entry
  // The hash lookup already matched; this constant-time comparison guards against a cache
  // entry ever being reached under a different key.
  if (!timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), Buffer.from(hash, 'hex'))) throw invalidKey()
  if (row.revoked_at !== null || row.expires_at.getTime() <= nowMs) {
    // Gone from the cache: the next refusal costs the store's statement, as an unknown key's does.
    deps.keyCache.invalidate(hash)
    throw invalidKey()
  }
  if (row.environment !== environment) throw invalidKey()
  if (deps.keyCache.touchDue(row.id, nowMs)) {
    // last_used_at is advisory (minute resolution): written off the request path.
    store.touchApiKey(deps.db, row.id, new Date(nowMs)).catch(() => {})
  }
  return {
    kind: 'api_key',
    workspace_id: row.workspace_id,
    organisation_id: entry.organisation_id,
    key_id: row.id,
    user_id: row.created_by_user_id,
    environment,
    scopes: row.scopes as Scope[],
  }
}

function invalidKey(): ApiError {
  return new ApiError(
    'auth.invalid_key',
    'The API key is unknown, revoked, expired, or does not start with sk_dsp_live_ or sk_dsp_test_.',
  )
}
