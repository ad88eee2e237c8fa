// Org chart of the largest company of the demo corpus (small, or medium from a seeded store): p50 of POST /v1/org-chart (one
// request in flight, test key) next to the bare domain call (getOrgChart in process) and the bare
// SQL (countByDepartmentAndSeniority), in the same run. Explained in docs/performance-search.md.
import { sql } from 'kysely'
import { getOrgChart } from '../src/domain/org-chart.ts'
import type { Deps } from '../src/domain/types.ts'
import { countByDepartmentAndSeniority, type PeopleFilters } from '../src/store/org-chart.ts'
import { demoCorpus, startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import { atMost, type BenchResult, type RunOptions } from './lib/types.ts'
import { timeAlternating, type AlternatingRound } from './lib/in-process.ts'

export const name = 'org-chart'

const GOAL_P50_MS = 100

const FULL = { rounds: 2, warmupSeconds: 2, durationSeconds: 6 }
const QUICK = { rounds: 1, warmupSeconds: 0.5, durationSeconds: 1 }

const NO_FILTERS: PeopleFilters = {
  country: null,
  state: null,
  city: null,
  employment_type: null,
  governance_level: null,
  has_direct_access_to_c_suite: null,
}

type Which = 'http' | 'domain' | 'sql'

type Round = AlternatingRound<Which>

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer()
  try {
    const deps: Deps = server.app.deps
    const corpus = await demoCorpus(server)
    const largest = await sql<{ company_domain: string; people: number }>`
      select company_domain, count(*)::int as people from persons
      where company_domain is not null group by company_domain order by people desc, company_domain limit 1`.execute(
      deps.db,
    )
    const company = largest.rows[0]
    if (!company) throw new Error('the demo corpus has no people with a company domain')
    console.error(`  largest company: ${company.company_domain} (${company.people} person rows)`)
    const body = { domain: company.company_domain }
    const { key } = await server.admin.workspaceWithKey({ scopes: ['dsp.search.read'], environment: 'test' })
    const headers = { 'x-api-key': key, 'content-type': 'application/json' }
    const problems: string[] = []
    let total = 0
    const post = async () => {
      const res = await fetch(`${server.url}/v1/org-chart`, { method: 'POST', headers, body: JSON.stringify(body) })
      const answer = (await res.json()) as { total?: number }
      total = answer.total ?? 0
      if (res.status !== 200 && problems.length < 5)
        problems.push(`POST /v1/org-chart answered ${res.status}: ${JSON.stringify(answer).slice(0, 200)}`)
    }
    const fns: Record<Which, () => Promise<unknown>> = {
      http: post,
      domain: () => getOrgChart(deps, body),
      sql: () => countByDepartmentAndSeniority(deps.db, { company_domain: company.company_domain }, NO_FILTERS),
    }
    const rounds = await timeAlternating(fns, ['http', 'domain', 'sql'], s)
    const med = (f: (r: Round) => number, digits = 3) => round(median(rounds.map(f)), digits)
    const httpP50 = med((r) => r.http.p50_ms)
    const valid = problems.length === 0
    return {
      variant: corpus.variant,
      title: `POST /v1/org-chart for the largest demo company (${corpus.scale}) next to the bare domain call and the bare SQL`,
      store: server.store,
      settings: {
        ...s,
        corpus: corpus.scale,
        seed_seconds: corpus.seed_seconds,
        company: company.company_domain,
        person_rows: company.people,
        org_chart_total: total,
        connections: 1,
        key_environment: 'test',
      },
      figures: {
        http_p50_ms: med((r) => r.http.p50_ms),
        http_p95_ms: med((r) => r.http.p95_ms),
        domain_p50_ms: med((r) => r.domain.p50_ms),
        sql_p50_ms: med((r) => r.sql.p50_ms),
        http_vs_sql_p50: med((r) => r.http.p50_ms / r.sql.p50_ms, 2),
        http_vs_domain_p50: med((r) => r.http.p50_ms / r.domain.p50_ms, 2),
        outside_domain_share_p50: med((r) => (r.http.p50_ms - r.domain.p50_ms) / r.http.p50_ms),
      },
      rounds,
      // The goal: ≤ 100 ms p50 on PostgreSQL (the medium corpus); reported on every variant.
      goal: atMost(
        `POST /v1/org-chart of the largest company at most 100 ms at p50 (${corpus.scale} corpus, ${server.store})`,
        'http_p50_ms',
        httpP50,
        GOAL_P50_MS,
        'ms',
        valid,
      ),
      valid,
      problems,
    }
  } finally {
    await server.close()
  }
}
