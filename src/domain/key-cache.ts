// The in-process cache of verified API keys and OAuth access tokens (Deps.keyCache), with the
// revocation channel it listens on: the keys' rules are src/domain/api-keys.ts.
import type { ApiKeyRow } from '../store/accounts.ts'
import { PgListener } from '../store/listen.ts'

export const REVOCATION_CHANNEL = 'dsp_key_revoked'

/**
 * A verified OAuth access token (src/http/oauth/service.ts): its expiry and its grant with the
 * member's role and state as read. Cached beside the keys, dropped by grant or by member.
 */
export interface CachedToken {
  expires_at: Date
  grant_id: string
  client_id: string
  workspace_id: string
  organisation_id: string
  user_id: number
  scopes: string[]
  role: string | null
  state: string
  cachedAtMs: number
}

export interface CachedKey {
  row: ApiKeyRow
  organisation_id: string
  cachedAtMs: number
}

/** Entries kept per map; past it the map starts again empty. */
const MAX_ENTRIES = 50_000

function put<T>(map: Map<string, T>, hash: string, entry: T): void {
  if (map.size > MAX_ENTRIES) map.clear()
  map.set(hash, entry)
}

/** How long a verified key stays in the cache (revocation still applies to the next request). */
export const KEY_CACHE_TTL_MS = 60_000

/**
 * Warm key lookups cost no store round trip: verified keys stay in this map for
 * KEY_CACHE_TTL_MS. Revocation still applies to the next request: the revoking process
 * drops the entry itself, and on PostgreSQL every process LISTENs on `dsp_key_revoked`, which the
 * revoke transaction NOTIFYs. If the LISTEN connection drops, the cache is cleared and bypassed
 * until it is back, so a missed notification can never keep a revoked key alive.
 */
export class KeyCache {
  private readonly entries = new Map<string, CachedKey>()
  private readonly tokens = new Map<string, CachedToken>()
  /** When this process last wrote each key's last_used_at. */
  private readonly touched = new Map<string, number>()
  private listening = true
  private listener: PgListener | null = null

  constructor(private readonly ttlMs: number) {}

  get(hash: string, nowMs: number): CachedKey | undefined {
    return this.young(this.entries, hash, nowMs)
  }

  set(hash: string, entry: CachedKey): void {
    put(this.entries, hash, entry)
  }

  /** A verified access token by its hash, while the cache is trusted and the entry young. */
  getToken(hash: string, nowMs: number): CachedToken | undefined {
    return this.young(this.tokens, hash, nowMs)
  }

  setToken(hash: string, entry: CachedToken): void {
    put(this.tokens, hash, entry)
  }

  /** An entry of `map` while the cache is trusted and the entry younger than the TTL; an older one is dropped. */
  private young<T extends { cachedAtMs: number }>(map: Map<string, T>, hash: string, nowMs: number): T | undefined {
    if (!this.listening || this.ttlMs === 0) return undefined
    const hit = map.get(hash)
    if (hit && nowMs - hit.cachedAtMs > this.ttlMs) {
      map.delete(hash)
      return undefined
    }
    return hit
  }

  /** A key's hash, a token's hash, `grant:<id>` (its tokens) or `user:<id>` (the member's tokens). */
  invalidate(what: string): void {
    this.entries.delete(what)
    this.tokens.delete(what)
    const grant = what.startsWith('grant:') ? what.slice(6) : null
    const user = what.startsWith('user:') ? Number(what.slice(5)) : null
    if (grant === null && user === null) return
    for (const [hash, t] of this.tokens) if (t.grant_id === grant || t.user_id === user) this.tokens.delete(hash)
  }

  /** Whether a key's last_used_at is due a write (at most once per LAST_USED_RESOLUTION_MS); marks it written. */
  touchDue(keyId: string, nowMs: number): boolean {
    const last = this.touched.get(keyId) ?? 0
    if (nowMs - last <= LAST_USED_RESOLUTION_MS) return false
    if (this.touched.size > 50_000) this.touched.clear()
    this.touched.set(keyId, nowMs)
    return true
  }

  clear(): void {
    this.entries.clear()
    this.tokens.clear()
  }

  /**
   * PostgreSQL only: subscribe to revocations made by other processes. Throws if the first LISTEN
   * fails. Its loss (PostgreSQL restarting, a terminated backend) is handled once: the cache is
   * cleared and bypassed until a new connection (tried every second, store/listen.ts) is up.
   */
  async listen(url: string): Promise<void> {
    this.listening = false
    this.listener = new PgListener({
      url,
      channel: REVOCATION_CHANNEL,
      applicationName: 'dsp key revocations',
      onNotify: (payload) => this.invalidate(payload),
      onLost: () => {
        this.listening = false
        this.clear()
      },
      onUp: () => {
        this.clear()
        this.listening = true
      },
    })
    await this.listener.start()
  }

  async close(): Promise<void> {
    await this.listener?.close()
  }
}

const LAST_USED_RESOLUTION_MS = 60_000
