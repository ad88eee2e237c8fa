// One limiter interface (session throttles, sign-in throttle, agent-run start concurrency, the
// MCP server) with an in-memory store and a Redis store. Both fail open: §1 says a limiter
// outage never sheds traffic, so every error becomes "allowed" with `degraded: true`.
import { Redis } from 'ioredis'
import type { Clock } from '../clock.ts'
import type { Faults } from '../faults.ts'

export interface HitResult {
  allowed: boolean
  remaining: number
  /** Seconds until the window that refused this hit ends (>= 1 when refused). */
  retryAfterSeconds: number
  degraded: boolean
}

export interface AcquireResult {
  allowed: boolean
  /** Pass back to release(); null when refused or degraded. */
  token: string | null
  inFlight: number
  degraded: boolean
}

export interface LimiterStore {
  readonly kind: 'memory' | 'redis'
  incr(key: string, windowMs: number): Promise<number>
  acquire(
    key: string,
    token: string,
    max: number,
    ttlMs: number,
    nowMs: number,
  ): Promise<{ ok: boolean; count: number }>
  release(key: string, token: string): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

export class Limiter {
  constructor(
    private readonly store: LimiterStore,
    private readonly clock: Clock,
    private readonly faults: Faults,
    private readonly timeoutMs: number,
  ) {}

  get kind(): 'memory' | 'redis' {
    return this.store.kind
  }

  /** Fixed-window counter: at most `limit` hits per `windowSeconds` for `key`. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<HitResult> {
    const windowMs = windowSeconds * 1000
    const now = this.clock.nowMs()
    const windowIndex = Math.floor(now / windowMs)
    const retryAfterSeconds = Math.max(1, Math.ceil(((windowIndex + 1) * windowMs - now) / 1000))
    try {
      await this.faults.check('limiter', this.timeoutMs)
      const count = await withTimeout(
        this.store.incr(`${key}:${windowSeconds}:${windowIndex}`, windowMs),
        this.timeoutMs,
      )
      return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds, degraded: false }
    } catch {
      return { allowed: true, remaining: limit, retryAfterSeconds: 0, degraded: true }
    }
  }

  /** Counts in-flight work (e.g. agent-run starts) per key; entries expire after ttl in case release never comes. */
  async acquire(key: string, max: number, ttlSeconds: number): Promise<AcquireResult> {
    const token = `${this.clock.nowMs()}-${Math.random().toString(36).slice(2)}`
    try {
      await this.faults.check('limiter', this.timeoutMs)
      const r = await withTimeout(
        this.store.acquire(key, token, max, ttlSeconds * 1000, this.clock.nowMs()),
        this.timeoutMs,
      )
      return { allowed: r.ok, token: r.ok ? token : null, inFlight: r.count, degraded: false }
    } catch {
      return { allowed: true, token: null, inFlight: 0, degraded: true }
    }
  }

  async release(key: string, token: string | null): Promise<void> {
    if (token === null) return
    try {
      await withTimeout(this.store.release(key, token), this.timeoutMs)
    } catch {
      // Fail open: the entry expires on its own ttl.
    }
  }

  async ping(): Promise<void> {
    await this.faults.check('limiter', this.timeoutMs)
    await withTimeout(this.store.ping(), this.timeoutMs)
  }

  close(): Promise<void> {
    return this.store.close()
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`limiter did not answer within ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

export class MemoryLimiterStore implements LimiterStore {
  readonly kind = 'memory' as const
  private readonly counters = new Map<string, { count: number; expiresAt: number }>()
  private readonly inflight = new Map<string, Map<string, number>>()

  async incr(key: string, windowMs: number): Promise<number> {
    const now = Date.now()
    if (this.counters.size > 10_000) for (const [k, v] of this.counters) if (v.expiresAt <= now) this.counters.delete(k)
    const entry = this.counters.get(key)
    if (!entry || entry.expiresAt <= now) {
      this.counters.set(key, { count: 1, expiresAt: now + windowMs * 2 })
      return 1
    }
    entry.count += 1
    return entry.count
  }

  async acquire(key: string, token: string, max: number, ttlMs: number, nowMs: number) {
    const tokens = this.inflight.get(key) ?? new Map<string, number>()
    for (const [t, exp] of tokens) if (exp <= nowMs) tokens.delete(t)
    this.inflight.set(key, tokens)
    if (tokens.size >= max) return { ok: false, count: tokens.size }
    tokens.set(token, nowMs + ttlMs)
    return { ok: true, count: tokens.size }
  }

  async release(key: string, token: string): Promise<void> {
    this.inflight.get(key)?.delete(token)
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

// KEYS[1] = set key; ARGV = token, max, expiresAt, now. Atomic: prune expired, count, add.
const ACQUIRE_LUA = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[4])
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return {0, n} end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], 3600000)
return {1, n + 1}
`

export class RedisLimiterStore implements LimiterStore {
  readonly kind = 'redis' as const
  private readonly redis: Redis

  constructor(
    url: string,
    private readonly prefix = 'dsp:limit:',
  ) {
    // No offline queue and one retry: a dead Redis must fail fast so the limiter fails open.
    this.redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    })
    this.redis.on('error', () => {})
  }

  /** Waits for the first connection (commands are not queued offline), bounded by the caller's deadline. */
  private async ready(): Promise<void> {
    if (this.redis.status === 'ready') return
    await new Promise<void>((resolve, reject) => {
      const onReady = () => {
        this.redis.off('end', onEnd)
        resolve()
      }
      const onEnd = () => {
        this.redis.off('ready', onReady)
        reject(new Error('redis connection ended'))
      }
      this.redis.once('ready', onReady)
      this.redis.once('end', onEnd)
    })
  }

  async incr(key: string, windowMs: number): Promise<number> {
    await this.ready()
    const k = this.prefix + key
    const [[, count]] = (await this.redis
      .multi()
      .incr(k)
      .pexpire(k, windowMs * 2)
      .exec()) as [[unknown, number]]
    return count
  }

  async acquire(key: string, token: string, max: number, ttlMs: number, nowMs: number) {
    await this.ready()
    const [ok, count] = (await this.redis.eval(
      ACQUIRE_LUA,
      1,
      this.prefix + 'c:' + key,
      token,
      max,
      nowMs + ttlMs,
      nowMs,
    )) as [number, number]
    return { ok: ok === 1, count }
  }

  async release(key: string, token: string): Promise<void> {
    await this.ready()
    await this.redis.zrem(this.prefix + 'c:' + key, token)
  }

  async ping(): Promise<void> {
    await this.ready()
    await this.redis.ping()
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
