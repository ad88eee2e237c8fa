// Read replicas (DATABASE_READ_URLS; docs/deploy-scaling.md §1): a pool per PostgreSQL hot standby, a
// probe that compares each standby's replay position with the primary's every PROBE_INTERVAL_MS,
// and the choice of the standby a read-only call runs on (domain/replicas.ts runs it, and runs it
// again elsewhere when the standby fails under it). A standby serves reads only while it answers,
// is in recovery, lags by at most DSP_READ_MAX_LAG_MS, and has replayed the last corpus change this
// process heard of (fence); otherwise reads go to another standby or the primary.
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { POOL_KEEP, POOL_SIZE, type Database, type StoreDeadlines } from './db.ts'
import { storeOutage } from './outage.ts'

/**
 * How often each standby and the primary's WAL position are read. Lag is measured to within this
 * (never under): under a steady write load a healthy standby shows about this much.
 */
export const PROBE_INTERVAL_MS = 500
/** A fence waits this long for the probe that sees standbys past it (they replay within milliseconds). */
const FENCE_PROBE_DELAY_MS = 20
/** A standby's statements end at their statement_timeout; a standby that stops answering (frozen, cut off) at this much later. */
const SILENT_SERVER_MARGIN_MS = 2000

export type ReplicaState = 'starting' | 'up' | 'lagging' | 'catching_up' | 'down' | 'not_standby'

export interface ReplicaStatus {
  /** host:port/database of its URL (never its credentials). */
  name: string
  state: ReplicaState
  /** True when reads go there now (state `up`). */
  serving: boolean
  /** How far behind the primary it was at its last probe, ms (an upper bound); null when unknown. */
  lag_ms: number | null
  /** How long its last probe took, ms. */
  probe_ms: number | null
  detail: string | null
}

export interface Replica {
  readonly name: string
  readonly db: Kysely<Database>
}

interface Sample {
  lsn: bigint
  /** The last time the primary was seen at `lsn`. */
  at: number
}

interface Member extends Replica {
  pool: pg.Pool
  probePool: pg.Pool
  /** Last probe: replay position (null: not in recovery), when it was read, how long it took. */
  replay: bigint | null
  standby: boolean
  lagMs: number | null
  /** False when it is behind every primary position kept: lagMs is then only a lower bound. */
  lagKnown: boolean
  probeMs: number | null
  probedAt: number
  /** Why it is down (its last probe failed, or a read lost its connection since), else null. */
  error: string | null
  lostAt: number
}

export interface ReplicaOptions {
  urls: string[]
  /** The primary: its WAL position is the measure of every standby's lag. */
  primary: Kysely<Database>
  deadlines: StoreDeadlines
  maxLagMs: number
  /** Deadline of one probe (DSP_READY_TIMEOUT_MS): a standby that answers later is down. */
  probeTimeoutMs: number
  onConnectionLost?: (e: Error, replica: string) => void
}

/** `16/B374D848` → its byte position. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/')
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`)
}

/** host:port/database: how metrics, readiness and logs name a standby. */
export function replicaName(url: string): string {
  const u = new URL(url)
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`
}

/**
 * What a failed statement says about the standby: `lost` (it is gone or silent: down until a
 * probe sees it again), `conflict` (a recovery conflict cancelled the statement: run it again
 * elsewhere, the standby is fine), or null (the statement's own failure, a statement timeout
 * included: the same read would fail or be as slow on the primary).
 */
export function replicaFailure(e: unknown): 'lost' | 'conflict' | null {
  const code = (e as { code?: unknown } | null)?.code
  // 40001 canceling statement due to conflict with recovery; 57P04 database dropped (replayed).
  if (code === '40001' || code === '40P01' || code === '57P04') return 'conflict'
  const outage = storeOutage(e)
  if (outage === 'unavailable') return 'lost'
  if (outage === 'timeout' && code !== '57014' && code !== '55P03') return 'lost'
  return null
}

async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([p, late])
  } finally {
    clearTimeout(timer)
  }
}

export class ReadReplicas {
  private readonly members: Member[]
  /** The primary's WAL positions, oldest first, one per distinct position. */
  private readonly samples: Sample[] = []
  private fenceAt: { lsn: bigint | null } | null = null
  private next = 0
  private timer: NodeJS.Timeout | null = null
  private soon: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private closed = false
  /** Reads interrupted by a standby so far (lost or in conflict): domain/replicas.ts runs them again. */
  interruptions = 0

  constructor(private readonly o: ReplicaOptions) {
    const seen = new Map<string, number>()
    this.members = o.urls.map((url) => {
      let name = replicaName(url)
      const n = (seen.get(name) ?? 0) + 1
      seen.set(name, n)
      if (n > 1) name = `${name}#${n}`
      return this.member(url, name)
    })
  }

  private member(url: string, name: string): Member {
    const d = this.o.deadlines
    const pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      ...POOL_KEEP,
      options: '-c TimeZone=UTC',
      application_name: 'dsp',
      statement_timeout: d.statementMs,
      lock_timeout: d.lockMs,
      connectionTimeoutMillis: d.acquireMs,
      // A standby that stops answering (frozen, cut off) cannot end a statement itself.
      query_timeout: d.statementMs + SILENT_SERVER_MARGIN_MS,
      keepAlive: true,
    })
    // As the primary's pool (store/db.ts): a dropped connection must never end the process.
    pool.on('connect', (client) => {
      client.once('error', (e: Error) => {
        this.lost(m, e)
        this.o.onConnectionLost?.(e, name)
      })
      client.on('error', () => undefined)
    })
    pool.on('error', () => undefined)
    const probePool = new pg.Pool({
      connectionString: url,
      max: 1,
      application_name: 'dsp replica probe',
      connectionTimeoutMillis: this.o.probeTimeoutMs,
      query_timeout: this.o.probeTimeoutMs,
      statement_timeout: this.o.probeTimeoutMs,
      keepAlive: true,
    })
    probePool.on('connect', (client) => client.on('error', () => undefined))
    probePool.on('error', () => undefined)
    const m: Member = {
      name,
      pool,
      probePool,
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: this.watched(pool, () => m) }) }),
      replay: null,
      standby: false,
      lagMs: null,
      lagKnown: false,
      probeMs: null,
      probedAt: 0,
      error: 'not probed yet',
      lostAt: 0,
    }
    return m
  }

  /** The pool as Kysely sees it: a failure of a connection or statement that says the standby is gone marks it down. */
  private watched(pool: pg.Pool, member: () => Member) {
    const fail = (e: unknown) => {
      const kind = replicaFailure(e)
      if (kind === 'lost') this.lost(member(), e as Error)
      else if (kind === 'conflict') this.interruptions++
      return kind
    }
    return {
      connect: async () => {
        let client: pg.PoolClient
        try {
          client = await pool.connect()
        } catch (e) {
          fail(e)
          throw e
        }
        let broken = false
        return {
          query: (...args: unknown[]) => {
            const r = (client.query as (...a: unknown[]) => unknown).apply(client, args)
            if (!(r instanceof Promise)) return r
            return r.catch((e: unknown) => {
              // A connection that lost its server or timed out client-side is out of step: never reused.
              if (fail(e) === 'lost') broken = true
              throw e
            })
          },
          release: (destroy?: boolean) => client.release(destroy || broken),
        }
      },
      end: () => pool.end(),
    } as unknown as ConstructorParameters<typeof PostgresDialect>[0]['pool']
  }

  private lost(m: Member, e: Error): void {
    this.interruptions++
    m.error = e.message || String((e as { code?: unknown }).code ?? 'connection lost')
    m.lostAt = Date.now()
  }

  /** Starts probing (the first probe at once); standbys serve no read before their first probe. */
  start(): void {
    if (this.timer || this.closed) return
    void this.probe()
    this.timer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS)
    this.timer.unref()
  }

  /** How many standbys are configured. */
  get size(): number {
    return this.members.length
  }

  /** The standby the next read goes to (round robin over those serving), or null: the primary. */
  pick(): Replica | null {
    const n = this.members.length
    for (let i = 0; i < n; i++) {
      const m = this.members[(this.next + i) % n]!
      if (this.stateOf(m) === 'up') {
        this.next = (this.next + i + 1) % n
        return m
      }
    }
    return null
  }

  /**
   * A corpus change committed on the primary (this process's write, or another's NOTIFY): reads
   * stay off every standby until it has replayed the primary's position as of now, so what this
   * process reads (and caches) next holds the change.
   */
  fence(): void {
    if (this.closed) return
    const f: { lsn: bigint | null } = { lsn: null }
    this.fenceAt = f
    this.primaryLsn().then(
      (lsn) => {
        f.lsn = lsn
        this.probeSoon()
      },
      // The primary did not say where it is: the lag bound alone applies.
      () => {
        if (this.fenceAt === f) this.fenceAt = null
      },
    )
  }

  statuses(): ReplicaStatus[] {
    return this.members.map((m) => {
      const state = this.stateOf(m)
      return {
        name: m.name,
        state,
        serving: state === 'up',
        lag_ms: state === 'down' || state === 'starting' || state === 'not_standby' ? null : m.lagMs,
        probe_ms: m.probeMs,
        detail: this.detailOf(m, state),
      }
    })
  }

  private stateOf(m: Member): ReplicaState {
    if (m.probedAt === 0) return m.error === 'not probed yet' ? 'starting' : 'down'
    if (m.error !== null) return 'down'
    if (!m.standby) return 'not_standby'
    if (m.lagMs === null || !m.lagKnown || m.lagMs > this.o.maxLagMs) return 'lagging'
    const f = this.fenceAt
    if (f && (f.lsn === null || m.replay === null || m.replay < f.lsn)) return 'catching_up'
    return 'up'
  }

  private detailOf(m: Member, state: ReplicaState): string | null {
    switch (state) {
      case 'up':
        return `lag ≤ ${m.lagMs} ms`
      case 'starting':
        return 'not probed yet: reads go to the primary'
      case 'down':
        return `unreachable (${m.error}): reads go elsewhere`
      case 'not_standby':
        return 'not in recovery (promoted, or not a standby): reads go elsewhere'
      case 'lagging':
        return m.lagKnown
          ? `lag ${m.lagMs} ms over DSP_READ_MAX_LAG_MS ${this.o.maxLagMs}: reads go elsewhere`
          : `behind every primary position seen in the last ${m.lagMs ?? 0} ms: reads go elsewhere`
      case 'catching_up':
        return 'not yet at the last corpus change: reads go elsewhere until it replays it'
    }
  }

  private async primaryLsn(): Promise<bigint> {
    const r = await within(
      sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(this.o.primary),
      this.o.probeTimeoutMs,
    )
    return parseLsn(r.rows[0]!.lsn)
  }

  private probeSoon(): void {
    if (this.soon || this.closed) return
    this.soon = setTimeout(() => {
      this.soon = null
      void this.probe()
    }, FENCE_PROBE_DELAY_MS)
    this.soon.unref()
  }

  /** One round: the primary's position first, then every standby's (so a standby at or past it holds all the primary had then). */
  private probe(): Promise<void> {
    if (this.running) return this.running
    this.running = (async () => {
      try {
        const now = Date.now()
        const lsn = await this.primaryLsn()
        const last = this.samples[this.samples.length - 1]
        if (last && last.lsn === lsn) last.at = now
        else this.samples.push({ lsn, at: now })
        this.trimSamples(now)
      } catch {
        // The primary away: standbys are measured against the positions seen before.
      }
      await Promise.all(this.members.map((m) => this.probeOne(m)))
    })().finally(() => {
      this.running = null
    })
    return this.running
  }

  private trimSamples(now: number): void {
    // Older positions than this tell nothing more: a standby behind them lags past the bound.
    const keepMs = Math.max(2 * this.o.maxLagMs, 10_000)
    while (this.samples.length > 1 && now - this.samples[1]!.at > keepMs) this.samples.shift()
  }

  private async probeOne(m: Member): Promise<void> {
    const started = Date.now()
    try {
      const r = await within(this.probeQuery(m), this.o.probeTimeoutMs)
      const now = Date.now()
      m.standby = r.standby
      m.replay = r.replay === null ? null : parseLsn(r.replay)
      const lag = m.replay === null ? null : this.lagOf(m.replay, now)
      m.lagMs = lag?.ms ?? null
      m.lagKnown = lag?.known ?? false
      m.probeMs = now - started
      m.probedAt = now
      // A read that lost the standby after this probe began keeps it down until the next one.
      if (m.lostAt < started) m.error = null
    } catch (e) {
      m.probeMs = Date.now() - started
      m.probedAt = Date.now()
      m.error = (e as Error).message || String((e as { code?: unknown }).code ?? 'probe failed')
    }
  }

  private async probeQuery(m: Member): Promise<{ standby: boolean; replay: string | null }> {
    const r = await m.probePool.query<{ standby: boolean; replay: string | null }>(
      'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay',
    )
    return r.rows[0]!
  }

  /**
   * How stale a standby at `replay` is, ms, as an upper bound: the time since the latest primary
   * position it has replayed was seen (it holds everything written before then); 0 when it is at
   * or past the newest. Behind every position kept (`known` false), only a lower bound: the time
   * since the oldest was seen.
   */
  private lagOf(replay: bigint, now: number): { ms: number; known: boolean } | null {
    const s = this.samples
    if (s.length === 0) return null
    if (replay >= s[s.length - 1]!.lsn) return { ms: 0, known: true }
    for (let i = s.length - 1; i >= 0; i--)
      if (s[i]!.lsn <= replay) return { ms: Math.max(0, now - s[i]!.at), known: true }
    return { ms: Math.max(0, now - s[0]!.at), known: false }
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    if (this.soon) clearTimeout(this.soon)
    await this.running?.catch(() => undefined)
    await Promise.all(
      this.members.map(async (m) => {
        await m.db.destroy().catch(() => undefined)
        await m.probePool.end().catch(() => undefined)
      }),
    )
  }
}
