// Where a fast search's time goes outside its engine query: a diagnostic, no goal. The search
// benchmark's fast request (one in flight, the load client in its own process) while this
// process, which runs the server, listens on diagnostics channels: Node's
// `http.server.request.start` and `http.server.response.finish`, Fastify's
// `tracingChannel('fastify.request.handler')` (start; asyncStart = the handler's return), and
// the search's own `dsp.search.steps` (domain/search/index.ts). Each phase is a median over the
// requests of a round; the headline is the median of the rounds (docs/performance.md,
// `## search-phases`). Results: bench/results/search-phases.<store>-<scale>.json.
import dc from 'node:diagnostics_channel'
import type { IncomingMessage } from 'node:http'
import type { SearchSteps } from '../src/domain/search/index.ts'
import { searchStepsChannel } from '../src/domain/search/index.ts'
import { load } from './lib/load.ts'
import { chargeWriteVariant, demoCorpus, startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'search-phases'

const FULL = { rounds: 3, warmupSeconds: 2, durationSeconds: 8 }
const QUICK = { rounds: 1, warmupSeconds: 0.5, durationSeconds: 1 }

/** The search benchmark's fast request. */
const BODY = { mode: 'fast', category: 'company', query: 'cloud payments platform', limit: 5 }

/** One request as the server saw it (performance.now(), ms). */
interface Seen {
  start: number
  handler?: number
  returned?: number
  finish?: number
  steps?: SearchSteps
}

const PHASES = {
  before_handler: 'request parsed → handler: routing, body, authentication, validation, hooks',
  planning: 'handler → engine query starts: fingerprint, plan (searchRecords entered in between)',
  engine: 'the engine query (the Server-Timing window): retrieval and the page’s records',
  envelope_after_records: 'records read → envelope built',
  charge_wait: 'waiting for the page’s charge after the envelope',
  after_charge: 'charge settled → handler returns (history detail queued, meta added)',
  send: 'handler returns → response finished (serialisation, the write, its callback)',
  server_outside_engine: 'request parsed → response finished, less the engine query',
} as const
type Phase = keyof typeof PHASES

function phasesOf(seen: Seen): Record<Phase, number> | null {
  const s = seen.steps
  if (!s || seen.handler === undefined || seen.returned === undefined || seen.finish === undefined) return null
  const engine = s.engine_end - s.engine_start
  return {
    before_handler: seen.handler - seen.start,
    planning: s.engine_start - seen.handler,
    engine,
    envelope_after_records: s.charge_await - s.engine_end,
    charge_wait: s.charged - s.charge_await,
    after_charge: seen.returned - s.charged,
    send: seen.finish - seen.returned,
    server_outside_engine: seen.finish - seen.start - engine,
  }
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer({ DSP_KEY_CACHE_TTL_SECONDS: '3600' })
  const problems: string[] = []
  // What the subscribers see, keyed by the request object; finished requests collect in `done`.
  const live = new WeakMap<IncomingMessage, Seen>()
  const byRequestId = new Map<string, Seen>()
  let done: Seen[] = []
  const onStart = (m: unknown) => {
    const seen = { start: performance.now() }
    live.set((m as { request: IncomingMessage }).request, seen)
  }
  const onFinish = (m: unknown) => {
    const seen = live.get((m as { request: IncomingMessage }).request)
    if (!seen) return
    seen.finish = performance.now()
    done.push(seen)
  }
  type HandlerMessage = { request: { id: string; raw: IncomingMessage } }
  const handler = {
    start: (m: unknown) => {
      const { request } = m as HandlerMessage
      const seen = live.get(request.raw)
      if (!seen) return
      seen.handler = performance.now()
      byRequestId.set(request.id, seen)
    },
    asyncStart: (m: unknown) => {
      const seen = live.get((m as HandlerMessage).request.raw)
      if (seen) seen.returned = performance.now()
    },
    end: () => {},
    asyncEnd: () => {},
    error: () => {},
  }
  const onSteps = (m: unknown) => {
    const steps = m as SearchSteps
    const seen = byRequestId.get(steps.request_id)
    if (seen) seen.steps = steps
    byRequestId.delete(steps.request_id)
  }
  const handlerChannel = dc.tracingChannel('fastify.request.handler')
  try {
    const corpus = await demoCorpus(server)
    const { key } = await server.admin.workspaceWithKey({
      scopes: ['dsp.search.read'],
      environment: 'live',
      credits: 10_000_000,
    })
    const opts = {
      url: `${server.url}/v1/search`,
      method: 'POST' as const,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(BODY),
      connections: 1,
      serverTiming: 'engine',
    }
    // JIT, caches and the key cache warm before anything is timed.
    await load({ ...opts, warmupSeconds: s.warmupSeconds, durationSeconds: s.warmupSeconds })
    dc.subscribe('http.server.request.start', onStart)
    dc.subscribe('http.server.response.finish', onFinish)
    handlerChannel.subscribe(handler)
    searchStepsChannel.subscribe(onSteps)
    type Round = {
      requests: number
      route_p50_ms: number
      client_outside_engine_p50_ms: number
      phases_p50_ms: Record<Phase, number>
      transport_p50_ms: number
    }
    const rounds: Round[] = []
    for (let i = 0; i < s.rounds; i++) {
      done = []
      const r = await load({ ...opts, warmupSeconds: 0, durationSeconds: s.durationSeconds })
      if (!r.valid) problems.push(`round ${i + 1}: ${r.problems.join('; ')}`)
      const rows = done.map(phasesOf).filter((p): p is Record<Phase, number> => p !== null)
      const phases = Object.fromEntries(
        (Object.keys(PHASES) as Phase[]).map((p) => [p, round(median(rows.map((row) => row[p])))]),
      ) as Record<Phase, number>
      const clientOutside = r.server_timing?.outside_ms.p50 ?? NaN
      rounds.push({
        requests: rows.length,
        route_p50_ms: r.latency_ms.p50,
        client_outside_engine_p50_ms: clientOutside,
        phases_p50_ms: phases,
        // The client's view less the server's: loopback both ways, the client, waking each side.
        transport_p50_ms: round(clientOutside - phases.server_outside_engine),
      })
      console.error(
        `  round ${i + 1}/${s.rounds}: route p50 ${r.latency_ms.p50} ms, outside ${clientOutside} ms; ${JSON.stringify(phases)}`,
      )
    }
    const med = (f: (r: Round) => number) => round(median(rounds.map(f)))
    return {
      variant: `${server.store}-${corpus.scale}${chargeWriteVariant(server)}`,
      title: 'Where a fast search spends its time outside the engine query (diagnostic, no goal)',
      store: server.store,
      settings: { ...s, body: BODY, connections: 1, phases: PHASES },
      figures: {
        route_p50_ms: med((r) => r.route_p50_ms),
        client_outside_engine_p50_ms: med((r) => r.client_outside_engine_p50_ms),
        transport_p50_ms: med((r) => r.transport_p50_ms),
        phases_p50_ms: Object.fromEntries(
          (Object.keys(PHASES) as Phase[]).map((p) => [p, med((r) => r.phases_p50_ms[p])]),
        ),
      },
      rounds,
      goal: null,
      valid: problems.length === 0,
      problems,
    }
  } finally {
    dc.unsubscribe('http.server.request.start', onStart)
    dc.unsubscribe('http.server.response.finish', onFinish)
    handlerChannel.unsubscribe(handler)
    searchStepsChannel.unsubscribe(onSteps)
    await server.close()
  }
}
