// Prometheus metrics of one process (prom-client), in a registry of its own (tests run several
// servers in one process). Counters and histograms are counted where things happen (HTTP hooks,
// charges, agent-run attempts, ingests, limiter fallbacks); gauges of state (agent-run queue,
// store connections) are read when scraped. docs/deploy-operations.md lists every metric.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { sql } from 'kysely'
import type { Store } from './store/db.ts'
import type { ReadReplicas } from './store/replicas.ts'

type Scraped = Pick<Store, 'db' | 'stats'>

/** Latency buckets in seconds: 1 ms … 30 s (search answers in ms, agent-run steps and ingests take seconds). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const RUN_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600]

export class Metrics {
  readonly registry = new Registry()
  private readonly requests: Counter<'method' | 'route' | 'status'>
  private readonly latency: Histogram<'method' | 'route' | 'status'>
  private readonly credits: Counter<'action' | 'environment'>
  private readonly runAttempts: Histogram<'outcome'>
  private readonly ingested: Counter<'category' | 'outcome'>
  private readonly degraded: Counter<'operation'>
  private readonly reads: Counter<'target'>
  private readonly readRetries: Counter<'replica'>
  /** Set once the store is open: the gauges read it when scraped. */
  private store: Scraped | null = null
  private replicas: Pick<ReadReplicas, 'statuses'> | null = null

  constructor() {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.requests = new Counter({
      name: 'dsp_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    })
    this.latency = new Histogram({
      name: 'dsp_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    })
    this.credits = new Counter({
      name: 'dsp_credits_charged_total',
      help: 'Credits charged (billed calls, settled agent-run holds), by action type and key environment.',
      labelNames: ['action', 'environment'],
      registers,
    })
    this.runAttempts = new Histogram({
      name: 'dsp_agent_run_attempt_duration_seconds',
      help: 'Duration of agent-run attempts this process ran, by outcome (finished, interrupted, failed).',
      labelNames: ['outcome'],
      buckets: RUN_BUCKETS,
      registers,
    })
    this.ingested = new Counter({
      name: 'dsp_ingest_records_total',
      help: 'Records ingested by this process (admin NDJSON ingest, dsp ingest, demo seed), by category and outcome.',
      labelNames: ['category', 'outcome'],
      registers,
    })
    this.degraded = new Counter({
      name: 'dsp_limiter_degraded_total',
      help: 'Limiter calls that failed open (limiter unreachable or past its deadline), by operation.',
      labelNames: ['operation'],
      registers,
    })
    this.reads = new Counter({
      name: 'dsp_store_reads_total',
      help: 'Read-only calls (search, similar, lookups, relationships, org chart, filter values, coverage) by where they ran: a read replica, or primary. Only with DATABASE_READ_URLS.',
      labelNames: ['target'],
      registers,
    })
    this.readRetries = new Counter({
      name: 'dsp_store_read_retries_total',
      help: 'Reads a read replica failed under (stopped, cut off, recovery conflict), run again on another replica or the primary.',
      labelNames: ['replica'],
      registers,
    })
    const replicasOf = () => this.replicas
    new Gauge({
      name: 'dsp_store_replica_up',
      help: 'Per read replica: 1 when reads go to it, 0 when it is skipped (down, lagging past DSP_READ_MAX_LAG_MS, catching up with a corpus change, not a standby).',
      labelNames: ['replica', 'state'],
      registers,
      collect() {
        this.reset()
        for (const r of replicasOf()?.statuses() ?? []) this.set({ replica: r.name, state: r.state }, r.serving ? 1 : 0)
      },
    })
    new Gauge({
      name: 'dsp_store_replica_lag_seconds',
      help: "Per read replica: how far behind the primary's WAL it was at its last probe (an upper bound, to within 0.5 s); absent while unknown (down).",
      labelNames: ['replica'],
      registers,
      collect() {
        this.reset()
        for (const r of replicasOf()?.statuses() ?? [])
          if (r.lag_ms !== null) this.set({ replica: r.name }, r.lag_ms / 1000)
      },
    })
    const storeOf = () => this.store
    new Gauge({
      name: 'dsp_agent_runs',
      help: 'Agent runs in the queue (pending) and running, across every process of the store.',
      labelNames: ['status'],
      registers,
      async collect() {
        const store = storeOf()
        if (!store) return
        const counts = { pending: 0, running: 0 }
        try {
          const { rows } = await sql<{ status: 'pending' | 'running'; n: number }>`
            select status, count(*)::int as n from agent_runs where status in ('pending', 'running') group by status
          `.execute(store.db)
          for (const r of rows) counts[r.status] = Number(r.n)
        } catch {
          // A store down leaves the gauge out of this scrape rather than failing it.
          this.reset()
          return
        }
        this.set({ status: 'pending' }, counts.pending)
        this.set({ status: 'running' }, counts.running)
      },
    })
    new Gauge({
      name: 'dsp_store_connections',
      help: 'Store connections of this process: in_use (checked out), idle, and waiting (calls waiting for one). Embedded: its one connection.',
      labelNames: ['state'],
      registers,
      collect() {
        const s = storeOf()?.stats()
        if (!s) return
        this.set({ state: 'in_use' }, s.inUse)
        this.set({ state: 'idle' }, Math.max(0, s.total - s.inUse))
        this.set({ state: 'waiting' }, s.waiting)
      },
    })
  }

  /** The store the gauges read (set by the app once it is open). */
  attachStore(store: Scraped): void {
    this.store = store
  }

  /** The read replicas the gauges read (DATABASE_READ_URLS). */
  attachReplicas(replicas: Pick<ReadReplicas, 'statuses'>): void {
    this.replicas = replicas
  }

  storeRead(target: string): void {
    this.reads.inc({ target })
  }

  storeReadRetried(replica: string): void {
    this.readRetries.inc({ replica })
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) }
    this.requests.inc(labels)
    this.latency.observe(labels, seconds)
  }

  creditsCharged(action: string, environment: string, credits: number): void {
    if (credits > 0) this.credits.inc({ action, environment }, credits)
  }

  runAttempt(outcome: 'finished' | 'interrupted' | 'failed', seconds: number): void {
    this.runAttempts.observe({ outcome }, seconds)
  }

  ingest(
    category: string,
    figures: {
      read: number
      inserted: number
      updated: number
      unchanged: number
      duplicate: number
      rejected: number
    },
  ): void {
    for (const outcome of ['read', 'inserted', 'updated', 'unchanged', 'duplicate', 'rejected'] as const)
      this.ingested.inc({ category, outcome }, figures[outcome])
  }

  limiterDegraded(operation: 'hit' | 'acquire' | 'release'): void {
    this.degraded.inc({ operation })
  }

  /** The exposition text and its content type. */
  async expose(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() }
  }
}
