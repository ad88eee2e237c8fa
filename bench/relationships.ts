// Relationships between two companies on the small demo corpus: p50 of POST /v1/relationships
// (Lumina Cloud → Brightwave Payments, 10 rows, one connection) next to the bare domain work
// (plan + graph reads + join + page) timed in-process. Explained in docs/performance.md.
import { loadavg } from 'node:os'
import { computeRelationships, planRelationships, relationshipsPage } from '../src/domain/relationships/index.ts'
import { timeCalls, type CallTiming } from './lib/in-process.ts'
import { seedSmallDemo, startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'relationships'

const FULL = { rounds: 3, warmupSeconds: 3, durationSeconds: 10 }
const QUICK = { rounds: 1, warmupSeconds: 1, durationSeconds: 2 }

const BODY = { companies: [{ value: 'luminacloud.io' }, { value: 'brightwave.com' }], limit: 10 }

interface Round {
  loadavg_1m: number
  http: CallTiming
  bare: CallTiming
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer({ DSP_KEY_CACHE_TTL_SECONDS: '3600' })
  try {
    await seedSmallDemo(server)
    // A test key: the metering path runs (a usage run is written) but nothing runs out of credits.
    const { key, workspace_id } = await server.admin.workspaceWithKey({ scopes: ['dsp.search.read'], environment: 'test' })
    const problems: string[] = []
    const post = async () => {
      const res = await fetch(`${server.url}/v1/relationships`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(BODY) })
      const body = (await res.json()) as { results?: unknown[] }
      if (res.status !== 200 || body.results?.length !== 10) {
        if (problems.length < 5) problems.push(`POST /v1/relationships answered ${res.status}`)
      }
    }
    const deps = server.app.deps
    const credential = { kind: 'api_key' as const, workspace_id, organisation_id: '', key_id: null, user_id: null, environment: 'test' as const, scopes: ['dsp.search.read' as const] }
    const bare = async () => {
      const plan = await planRelationships(deps, BODY, { query: null, parser_version: 'none', chain: 'bench' })
      const computed = await computeRelationships(deps, plan)
      await relationshipsPage(deps, plan, computed, 0, 10, { request_id: 'bench', idempotency_scope: null, credential }, false)
    }
    const rounds: Round[] = []
    for (let i = 0; i < s.rounds; i++) {
      console.error(`round ${i + 1}/${s.rounds}`)
      const timing = { warmupSeconds: s.warmupSeconds, durationSeconds: s.durationSeconds }
      // A B, then B A: a machine that gets busier during the run costs both the same.
      const order = i % 2 === 0 ? (['http', 'bare'] as const) : (['bare', 'http'] as const)
      const got: Partial<Record<'http' | 'bare', CallTiming>> = {}
      for (const which of order) {
        got[which] = await timeCalls(which === 'http' ? post : bare, timing)
        console.error(`  ${which.padEnd(4)} p50 ${got[which]!.latency_ms.p50} ms (${got[which]!.calls} calls)`)
      }
      rounds.push({ loadavg_1m: round(loadavg()[0]!, 2), http: got.http!, bare: got.bare! })
    }
    const p50 = (f: (r: Round) => number) => round(median(rounds.map(f)))
    const httpP50 = p50((r) => r.http.latency_ms.p50)
    const bareP50 = p50((r) => r.bare.latency_ms.p50)
    return {
      title: 'Relationships between two companies (demo corpus, small): POST /v1/relationships next to the bare domain call',
      store: server.store,
      settings: { ...s, body: BODY, connections: 1, key_environment: 'test' },
      figures: {
        http_p50_ms: httpP50,
        http_p90_ms: p50((r) => r.http.latency_ms.p90),
        http_p99_ms: p50((r) => r.http.latency_ms.p99),
        bare_p50_ms: bareP50,
        api_layer_share_p50: round((httpP50 - bareP50) / httpP50, 2),
      },
      rounds,
      goal: null,
      valid: problems.length === 0,
      problems,
    }
  } finally {
    await server.close()
  }
}
