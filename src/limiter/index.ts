// The one limiter (contract §1, §8): sliding-window throttles (dashboard sessions, sign-in) and
// start slots (agent-run start concurrency), on Redis (REDIS_URL) or in process memory. Both
// fail open: a limiter outage never sheds traffic, so every error becomes "allowed" with
// `degraded: true`. docs/architecture-requests.md "Limiter" says why it is built this way.
//
// Counting is rate-limiter-flexible's (atomic increments with expiry: a Lua script on Redis, a
// Map in memory). Its own windows start at a key's first hit and end by the store's clock
// (Date.now() in memory, key TTLs on Redis), so they can neither slide nor follow our Clock.
// The window is therefore ours, keyed by the Clock: each rule's window is counted in SLICES
// slices, one counter per slice; a hit counts its own slice plus the SLICES before it, which
// cover the last `windowSeconds` and at most one slice more. So at most `limit` hits are allowed
// in any `windowSeconds` (never the fixed window's 2 × limit across a boundary), a refusal lasts
// at most one slice longer than an exact log's, and moving the test clock moves the window.
import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Clock } from '../clock.ts'
import type { Faults } from '../faults.ts'

/** One throttle rule: at most `limit` hits in any `windowSeconds`. `name` is its policy name in the RateLimit headers. */
export interface WindowRule {
  readonly name: string
  readonly limit: number
  readonly windowSeconds: number
}

export interface HitResult {
  allowed: boolean
  /** The rule this result reports: the one that refused (the longest wait), else the one with the fewest hits left. */
  rule: WindowRule
  /** Hits left in that rule's window after this one (0 when refused). */
  remaining: number
  /** Seconds until that rule allows a hit again: >= 1 when refused; 0 when allowed with hits left. */
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

/** Slices per window: a minute is counted in 5 s slices, a day in 2 h slices. */
export const SLICES = 12
/** The library counts; the rule decides (its own refusal never fires). */
const UNLIMITED_POINTS = Number.MAX_SAFE_INTEGER

export interface LimiterStore {
  readonly kind: 'memory' | 'redis'
  /** The counters whose keys live `ttlSeconds` (rate-limiter-flexible, one instance per ttl). */
  counters(ttlSeconds: number): RateLimiterAbstract
  /** The current values of several of those counters (0 for a missing one). */
  read(counters: RateLimiterAbstract, keys: string[]): Promise<number[]>
  acquire(
    key: string,
    token: string,
    max: number,
    ttlMs: number,
    nowMs: number,
  ): Promise<{ ok: boolean; count: number }>
  release(key: string, token: string): Promise<void>
  /** Resolves once the store can take commands (Redis: connected). */
  ready(): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

interface Counted {
  rule: WindowRule
  /** Hits per slice, oldest first; the last is the current slice, this hit included. */
  perSlice: number[]
  /** Index (on the Clock) of the current slice. */
  current: number
  sliceMs: number
  giveBack: () => Promise<unknown>
}

export class Limiter {
  /** Told of every call that failed open (metrics: dsp_limiter_degraded_total). */
  onDegraded: (operation: 'hit' | 'acquire' | 'release') => void = () => {}

  constructor(
    private readonly store: LimiterStore,
    private readonly clock: Clock,
    private readonly faults: Faults,
    private readonly timeoutMs: number,
  ) {}

  get kind(): 'memory' | 'redis' {
    return this.store.kind
  }

  /**
   * Counts one hit for `key` against every rule; allowed only if every rule allows it. A refused
   * hit is given back, so a client that keeps retrying while refused does not extend its wait.
   * Counting first and deciding after means two hits racing for the last unit may both be
   * refused, never both allowed.
   */
  async hit(key: string, rules: readonly WindowRule[]): Promise<HitResult> {
    const now = this.clock.nowMs()
    try {
      await this.faults.check('limiter', this.timeoutMs)
      const counted = await withTimeout(
        (async () => {
          await this.store.ready()
          return Promise.all(rules.map((rule) => this.count(key, rule, now)))
        })(),
        this.timeoutMs,
      )
      const verdicts = counted.map((c) => verdict(c, now))
      const refused = verdicts.filter((v) => !v.allowed)
      if (refused.length > 0) {
        await withTimeout(Promise.all(counted.map((c) => c.giveBack())), this.timeoutMs).catch(() => {})
        return refused.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a))
      }
      return verdicts.reduce((a, b) => (b.remaining < a.remaining ? b : a))
    } catch {
      this.onDegraded('hit')
      const rule = rules[0]!
      return { allowed: true, rule, remaining: rule.limit, retryAfterSeconds: 0, degraded: true }
    }
  }

  private async count(key: string, rule: WindowRule, now: number): Promise<Counted> {
    const windowMs = rule.windowSeconds * 1000
    const sliceMs = windowMs / SLICES
    const current = Math.floor(now / sliceMs)
    // A slice's counter is read while its slice overlaps the window: windowMs + sliceMs at most.
    const counters = this.store.counters(Math.ceil((windowMs + 2 * sliceMs) / 1000))
    const slot = (i: number) => `${key}:${rule.windowSeconds}:${i}`
    const [mine, earlier] = await Promise.all([
      counters.consume(slot(current), 1),
      this.store.read(
        counters,
        Array.from({ length: SLICES }, (_, k) => slot(current - SLICES + k)),
      ),
    ])
    return {
      rule,
      perSlice: [...earlier, mine.consumedPoints],
      current,
      sliceMs,
      giveBack: () => counters.reward(slot(current), 1),
    }
  }

  /** Counts in-flight work (agent-run starts) per key; entries expire after ttl in case release never comes. */
  /**
   * Takes one of `max` leases of `key` for `ttlSeconds`. A `token` already holding a lease gets it
   * again (its expiry renewed) whatever the count: callers that name their work (an agent run's
   * Idempotency-Key) never take two leases for one piece of work.
   */
  async acquire(key: string, max: number, ttlSeconds: number, token?: string): Promise<AcquireResult> {
    token ??= `${this.clock.nowMs()}-${Math.random().toString(36).slice(2)}`
    try {
      await this.faults.check('limiter', this.timeoutMs)
      const r = await withTimeout(
        (async () => {
          await this.store.ready()
          return this.store.acquire(key, token, max, ttlSeconds * 1000, this.clock.nowMs())
        })(),
        this.timeoutMs,
      )
      return { allowed: r.ok, token: r.ok ? token : null, inFlight: r.count, degraded: false }
    } catch {
      this.onDegraded('acquire')
      return { allowed: true, token: null, inFlight: 0, degraded: true }
    }
  }

  async release(key: string, token: string | null): Promise<void> {
    if (token === null) return
    try {
      await withTimeout(this.store.release(key, token), this.timeoutMs)
    } catch {
      this.onDegraded('release')
      // Fail open: the entry expires on its own ttl.
    }
  }

  async ping(): Promise<void> {
    await this.faults.check('limiter', this.timeoutMs)
    await withTimeout(
      (async () => {
        await this.store.ready()
        await this.store.ping()
      })(),
      this.timeoutMs,
    )
  }

  close(): Promise<void> {
    return this.store.close()
  }
}

/** Whether the window allows this hit, and when it next would if not. */
function verdict(c: Counted, now: number): HitResult {
  const { rule, perSlice, current, sliceMs } = c
  const total = perSlice.reduce((a, b) => a + b, 0)
  const windowMs = rule.windowSeconds * 1000
  // Slice k (oldest first) stops counting once the window has slid past its end.
  const leavesAt = (k: number) => (current - SLICES + k + 1) * sliceMs + windowMs
  if (total <= rule.limit) {
    const remaining = rule.limit - total
    const oldest = perSlice.findIndex((n) => n > 0)
    return {
      allowed: true,
      rule,
      remaining,
      retryAfterSeconds: remaining > 0 ? 0 : Math.max(1, Math.ceil((leavesAt(oldest) - now) / 1000)),
      degraded: false,
    }
  }
  // Refused: the earliest moment the hits still counted, plus a new one, fit the limit.
  let left = total - 1
  let at = leavesAt(SLICES)
  for (let k = 0; k <= SLICES; k++) {
    left -= perSlice[k]!
    if (left + 1 <= rule.limit) {
      at = leavesAt(k)
      break
    }
  }
  return {
    allowed: false,
    rule,
    remaining: 0,
    retryAfterSeconds: Math.max(1, Math.ceil((at - now) / 1000)),
    degraded: false,
  }
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): every rule's policy, and the
 * state of the rule the result reports.
 */
export function rateLimitHeaders(rules: readonly WindowRule[], r: HitResult): Record<string, string> {
  return {
    'RateLimit-Policy': rules.map((p) => `"${p.name}";q=${p.limit};w=${p.windowSeconds}`).join(', '),
    RateLimit: `"${r.rule.name}";r=${r.remaining};t=${r.retryAfterSeconds}`,
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
  private readonly byTtl = new Map<number, RateLimiterMemory>()
  private readonly inflight = new Map<string, Map<string, number>>()

  counters(ttlSeconds: number): RateLimiterAbstract {
    let c = this.byTtl.get(ttlSeconds)
    if (!c) {
      c = new RateLimiterMemory({ points: UNLIMITED_POINTS, duration: ttlSeconds, keyPrefix: `w${ttlSeconds}` })
      this.byTtl.set(ttlSeconds, c)
    }
    return c
  }

  async read(counters: RateLimiterAbstract, keys: string[]): Promise<number[]> {
    return Promise.all(keys.map(async (k) => (await counters.get(k))?.consumedPoints ?? 0))
  }

  async acquire(key: string, token: string, max: number, ttlMs: number, nowMs: number) {
    const tokens = this.inflight.get(key) ?? new Map<string, number>()
    for (const [t, exp] of tokens) if (exp <= nowMs) tokens.delete(t)
    this.inflight.set(key, tokens)
    if (!tokens.has(token) && tokens.size >= max) return { ok: false, count: tokens.size }
    tokens.set(token, nowMs + ttlMs)
    return { ok: true, count: tokens.size }
  }

  async release(key: string, token: string): Promise<void> {
    this.inflight.get(key)?.delete(token)
  }

  async ready(): Promise<void> {}
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

// Start slots are leases, not a rate: each start holds its own token until released (twice is
// harmless) or until its ttl on the Clock, which a counter cannot do. KEYS[1] = set key;
// ARGV = token, max, expiresAt, now. Atomic: prune expired, count, add.
const ACQUIRE_LUA = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[4])
local n = redis.call('ZCARD', KEYS[1])
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not held and n >= tonumber(ARGV[2]) then return {0, n} end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], 3600000)
if held then return {1, n} end
return {1, n + 1}
`

export class RedisLimiterStore implements LimiterStore {
  readonly kind = 'redis' as const
  private readonly redis: Redis
  private readonly byTtl = new Map<number, RateLimiterRedis>()
  private connecting: Promise<void> | null = null
  private lost = false

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
    this.redis.on('close', () => {
      this.lost = true
    })
    this.redis.on('ready', () => {
      this.lost = false
    })
  }

  counters(ttlSeconds: number): RateLimiterAbstract {
    let c = this.byTtl.get(ttlSeconds)
    if (!c) {
      c = new RateLimiterRedis({
        storeClient: this.redis,
        points: UNLIMITED_POINTS,
        duration: ttlSeconds,
        keyPrefix: `${this.prefix}w${ttlSeconds}`,
        // Not connected: an error at once (the limiter then fails open), never a queued command.
        rejectIfRedisNotReady: true,
      })
      this.byTtl.set(ttlSeconds, c)
    }
    return c
  }

  /** One MGET for the earlier slices (the library's get is a MULTI per key: 12 of them cost ≈ 10× more). */
  async read(counters: RateLimiterAbstract, keys: string[]): Promise<number[]> {
    const values = await this.redis.mget(keys.map((k) => counters.getKey(k)))
    return values.map((v) => (v === null ? 0 : Number(v)))
  }

  /**
   * Waits for the first connection (commands are not queued offline), bounded by the caller's
   * deadline; one shared wait, so callers add no listeners of their own. Once a connection has
   * closed (Redis down, or never reached), fails at once until it is back: an outage must not
   * cost every throttled request the whole deadline.
   */
  ready(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve()
    if (this.lost) return Promise.reject(new Error('redis is unreachable'))
    this.connecting ??= new Promise<void>((resolve, reject) => {
      const onReady = () => {
        this.redis.off('close', onClose)
        resolve()
      }
      const onClose = () => {
        this.redis.off('ready', onReady)
        reject(new Error('redis connection closed'))
      }
      this.redis.once('ready', onReady)
      this.redis.once('close', onClose)
    }).finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  async acquire(key: string, token: string, max: number, ttlMs: number, nowMs: number) {
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
    await this.redis.ping()
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}
