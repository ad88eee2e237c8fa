// What the API layer costs per request: GET /v1/credits (API key from the warm key cache, scope
// check, ledger read, meta envelope) next to GET /healthz (no auth, no meta) on the same server in
// the same run, minus the bare getCredits call timed in-process. Explained in docs/performance-search.md.
import { loadavg } from 'node:os'
import { getCredits } from '../src/domain/credits/ledger.ts'
import { timeCalls, type CallTiming } from './lib/in-process.ts'
import { load, type LoadResult } from './lib/load.ts'
import { startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'api-layer'

/** Issue goal: authentication, scope check and envelope add under 0.2 ms at p50. */
const GOAL_MS = 0.2

const FULL = {
  rounds: 4,
  warmupSeconds: 5,
  durationSeconds: 10,
  bareWarmupSeconds: 1,
  bareSeconds: 3,
  latencyConnections: 1,
  throughputConnections: 10,
}
const QUICK = {
  rounds: 2,
  warmupSeconds: 1,
  durationSeconds: 2,
  bareWarmupSeconds: 0.5,
  bareSeconds: 1,
  latencyConnections: 1,
  throughputConnections: 10,
}

// sorts: GET /v1/sorts/news_article answers from the catalogue in code: with a warm key it does no
// store work at all, so its p50 minus /healthz's is the API layer alone (the goal figure).
type Route = 'healthz' | 'credits' | 'sorts'

interface Round {
  order: Route[]
  /** The machine is shared: how busy it was when the round ended. */
  loadavg_1m: number
  latency: Record<Route, LoadResult>
  bare_get_credits: CallTiming
  throughput: Record<Route, LoadResult>
  api_layer_overhead_p50_ms: number
  api_layer_no_store_p50_ms: number
}

async function checkRoutes(url: string, key: string): Promise<void> {
  const health = await fetch(`${url}/healthz`)
  const healthBody = (await health.json()) as Record<string, unknown>
  if (health.status !== 200 || 'meta' in healthBody)
    throw new Error(`/healthz answered ${health.status} ${JSON.stringify(healthBody)}; expected 200 without meta`)
  const credits = await fetch(`${url}/v1/credits`, { headers: { 'x-api-key': key } })
  const creditsBody = (await credits.json()) as { meta?: { request_id?: string }; spendable?: number }
  if (credits.status !== 200 || !creditsBody.meta?.request_id || typeof creditsBody.spendable !== 'number') {
    throw new Error(
      `/v1/credits answered ${credits.status} ${JSON.stringify(creditsBody)}; expected 200 with a balance and meta`,
    )
  }
}

const brief = (r: LoadResult) =>
  `${r.requests_per_second} req/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms${r.valid ? '' : ` INVALID: ${r.problems.join('; ')}`}`

/** Median over rounds of one route's figures, with its ratio to /healthz computed round by round. */
function routeFigures(rounds: Round[], profile: 'latency' | 'throughput', route: Route) {
  const pick = (f: (r: LoadResult) => number) => round(median(rounds.map((r) => f(r[profile][route]))))
  const ratio = (f: (r: LoadResult) => number) =>
    round(median(rounds.map((r) => f(r[profile][route]) / f(r[profile].healthz))), 2)
  return {
    requests_per_second: Math.round(median(rounds.map((r) => r[profile][route].requests_per_second))),
    p50_ms: pick((r) => r.latency_ms.p50),
    p90_ms: pick((r) => r.latency_ms.p90),
    p99_ms: pick((r) => r.latency_ms.p99),
    ...(route === 'healthz'
      ? {}
      : {
          requests_per_second_vs_healthz: ratio((r) => r.requests_per_second),
          p50_vs_healthz: ratio((r) => r.latency_ms.p50),
        }),
  }
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  // One hour instead of the default minute: a run lasts minutes and the figure is about the warm
  // path; a miss every 60 s would add one store lookup to the p99, not the p50.
  const server = await startBenchServer()
  try {
    const { key, workspace_id } = await server.admin.workspaceWithKey({ scopes: ['dsp.usage.read'] })
    await checkRoutes(server.url, key)
    const { key: sortsKey } = await server.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const sortsCheck = await fetch(`${server.url}/v1/sorts/news_article`, { headers: { 'x-api-key': sortsKey } })
    if (sortsCheck.status !== 200) throw new Error(`/v1/sorts/news_article answered ${sortsCheck.status}`)
    const targets: Record<Route, { url: string; headers: Record<string, string> }> = {
      healthz: { url: `${server.url}/healthz`, headers: {} },
      credits: { url: `${server.url}/v1/credits`, headers: { 'x-api-key': key } },
      sorts: { url: `${server.url}/v1/sorts/news_article`, headers: { 'x-api-key': sortsKey } },
    }
    const measure = async (route: Route, connections: number) => {
      const r = await load({
        ...targets[route],
        connections,
        warmupSeconds: s.warmupSeconds,
        durationSeconds: s.durationSeconds,
      })
      console.error(`  ${route.padEnd(8)} ${connections} conn: ${brief(r)}`)
      return r
    }

    const rounds: Round[] = []
    for (let i = 0; i < s.rounds; i++) {
      // A B, then B A: if the shared machine gets busier during the run, both routes pay for it.
      const order: Route[] = i % 2 === 0 ? ['healthz', 'sorts', 'credits'] : ['credits', 'sorts', 'healthz']
      console.error(`round ${i + 1}/${s.rounds}`)
      const latency = {} as Record<Route, LoadResult>
      for (const route of order) latency[route] = await measure(route, s.latencyConnections)
      // Same process, server idle: the store work /v1/credits does that /healthz does not.
      const bare = await timeCalls(() => getCredits(server.app.deps, workspace_id), {
        warmupSeconds: s.bareWarmupSeconds,
        durationSeconds: s.bareSeconds,
      })
      console.error(`  getCredits in-process: ${bare.calls_per_second} calls/s, p50 ${bare.latency_ms.p50} ms`)
      const throughput = {} as Record<Route, LoadResult>
      for (const route of order) throughput[route] = await measure(route, s.throughputConnections)
      rounds.push({
        order,
        loadavg_1m: round(loadavg()[0]!, 2),
        latency,
        bare_get_credits: bare,
        throughput,
        api_layer_overhead_p50_ms: round(
          latency.credits.latency_ms.p50 - latency.healthz.latency_ms.p50 - bare.latency_ms.p50,
        ),
        api_layer_no_store_p50_ms: round(latency.sorts.latency_ms.p50 - latency.healthz.latency_ms.p50),
      })
    }

    const overhead = round(median(rounds.map((r) => r.api_layer_overhead_p50_ms)))
    const noStore = round(median(rounds.map((r) => r.api_layer_no_store_p50_ms)))
    const problems = rounds.flatMap((r, i) =>
      [...Object.values(r.latency), ...Object.values(r.throughput)].flatMap((l) =>
        l.problems.map((p) => `round ${i + 1} ${l.url} (${l.connections} conn): ${p}`),
      ),
    )
    const valid = problems.length === 0
    return {
      title: 'API layer: authenticated routes (/v1/sorts/news_article, /v1/credits) next to /healthz',
      store: server.store,
      settings: {
        ...s,
        key_cache_ttl_seconds: 3600,
        load_generator: 'autocannon 8 in a child process; latency per response from hrtime',
      },
      figures: {
        latency: {
          connections: s.latencyConnections,
          healthz: routeFigures(rounds, 'latency', 'healthz'),
          credits: routeFigures(rounds, 'latency', 'credits'),
          sorts: routeFigures(rounds, 'latency', 'sorts'),
        },
        bare_get_credits: {
          calls_per_second: Math.round(median(rounds.map((r) => r.bare_get_credits.calls_per_second))),
          p50_ms: round(median(rounds.map((r) => r.bare_get_credits.latency_ms.p50))),
          p90_ms: round(median(rounds.map((r) => r.bare_get_credits.latency_ms.p90))),
          p99_ms: round(median(rounds.map((r) => r.bare_get_credits.latency_ms.p99))),
        },
        throughput: {
          connections: s.throughputConnections,
          healthz: routeFigures(rounds, 'throughput', 'healthz'),
          credits: routeFigures(rounds, 'throughput', 'credits'),
          sorts: routeFigures(rounds, 'throughput', 'sorts'),
        },
        credits_minus_healthz_p50_ms: round(
          median(rounds.map((r) => r.latency.credits.latency_ms.p50 - r.latency.healthz.latency_ms.p50)),
        ),
        api_layer_overhead_p50_ms: overhead,
        api_layer_no_store_p50_ms: noStore,
      },
      rounds,
      goal: {
        description:
          'Authentication, scope check and envelope add under 0.2 ms at p50: p50(GET /v1/sorts/news_article, warm key, no store work) − p50(/healthz), 1 connection',
        figure: 'api_layer_no_store_p50_ms',
        value: noStore,
        limit: GOAL_MS,
        unit: 'ms',
        ratio: round(noStore / GOAL_MS, 2),
        pass: valid && noStore < GOAL_MS,
      },
      valid,
      problems,
    }
  } finally {
    await server.close()
  }
}
