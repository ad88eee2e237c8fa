// Relationships between the two largest demo companies (Lumina Cloud → Brightwave Payments; small,
// or medium from a seeded store, where each has over 5,000 people): p50 of POST /v1/relationships
// (10 rows, one request in flight, test key) next to the bare domain call (plan + graph read +
// count + page, in process), the bare graph read (both companies' blocks as this process keeps
// them, narrowed to the join), the stored blocks' read (a process's first read: fetched and
// unpacked) and the block build (what the first read after an ingest adds: both
// companies' people and affiliations read from their index ranges and packed), in the same run.
// Explained in docs/performance-search.md and docs/relationships.md §1.
import { peopleFilter } from '../src/domain/relationships/anchors.ts'
import { computeRelationships, planRelationships, relationshipsPage } from '../src/domain/relationships/index.ts'
import type { Deps } from '../src/domain/types.ts'
import { blockFromSource, unpackBlock } from '../src/domain/relationships/block-format.ts'
import { joinCompanies } from '../src/domain/relationships/block-join.ts'
import { readGraph } from '../src/domain/relationships/common.ts'
import { findGraphBlock, readBlockSource } from '../src/store/graph-blocks.ts'
import type { Population } from '../src/store/relationships.ts'
import { timeAlternating, type AlternatingRound } from './lib/in-process.ts'
import { demoCorpus, startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import { atMost, type BenchResult, type RunOptions } from './lib/types.ts'

export const name = 'relationships'

/** The goal: two companies of ≥ 5,000 people each at ≤ 100 ms p50 on PostgreSQL (medium corpus). */
const GOAL_P50_MS = 100

const FULL = { rounds: 3, warmupSeconds: 3, durationSeconds: 10 }
const QUICK = { rounds: 1, warmupSeconds: 1, durationSeconds: 2 }

const FIRST = 'luminacloud.io'
const SECOND = 'brightwave.com'
const BODY = { companies: [{ value: FIRST }, { value: SECOND }], limit: 10 }

type Which = 'http' | 'domain' | 'read' | 'stored' | 'build'

type Round = AlternatingRound<Which>

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer()
  try {
    const deps: Deps = server.app.deps
    const corpus = await demoCorpus(server)
    // A test key: the metering path runs (a usage run is written) but nothing runs out of credits.
    const { key, workspace_id } = await server.admin.workspaceWithKey({
      scopes: ['dsp.search.read'],
      environment: 'test',
    })
    const headers = { 'x-api-key': key, 'content-type': 'application/json' }
    const problems: string[] = []
    let total = 0
    const post = async () => {
      const res = await fetch(`${server.url}/v1/relationships`, { method: 'POST', headers, body: JSON.stringify(BODY) })
      const answer = (await res.json()) as { results?: unknown[]; total?: number }
      total = answer.total ?? 0
      if ((res.status !== 200 || answer.results?.length !== 10) && problems.length < 5)
        problems.push(`POST /v1/relationships answered ${res.status}: ${JSON.stringify(answer).slice(0, 200)}`)
    }
    const credential = {
      kind: 'api_key' as const,
      workspace_id,
      organisation_id: '',
      key_id: null,
      user_id: null,
      environment: 'test' as const,
      scopes: ['dsp.search.read' as const],
    }
    const ctx = { request_id: 'bench', idempotency_scope: null, credential }
    const side = (company_key: string): Population => ({ company_key, filter: peopleFilter(null), exclude_ids: [] })
    let rows = 0
    const fns: Record<Which, () => Promise<unknown>> = {
      http: post,
      domain: async () => {
        const plan = await planRelationships(deps, BODY, { query: null, parser_version: 'none', chain: 'bench' })
        await relationshipsPage(deps, plan, await computeRelationships(deps, plan), 0, 10, ctx, false)
      },
      read: async () => {
        const edges = await readGraph(deps, (d) =>
          joinCompanies(d, side(FIRST), side(SECOND), { exclude_current: false, kind: null, only: null }),
        )
        rows = edges.first.person.length + edges.second.person.length
      },
      stored: async () => {
        for (const company of [FIRST, SECOND]) {
          const found = await findGraphBlock(deps.db, company, null)
          if (!found.data || !unpackBlock(found.data)) throw new Error(`no stored block for ${company}`)
        }
      },
      build: async () => {
        for (const company of [FIRST, SECOND]) blockFromSource(await readBlockSource(deps.db, company), null)
      },
    }
    // One answer first, so both companies' blocks are built and stored before anything is timed.
    await post()
    await deps.graphBlocks.flush()
    const rounds = await timeAlternating(fns, ['http', 'domain', 'read', 'stored', 'build'], s)
    const med = (f: (r: Round) => number, digits = 3) => round(median(rounds.map(f)), digits)
    const httpP50 = med((r) => r.http.p50_ms)
    const valid = problems.length === 0
    const people = async (company: string) =>
      (
        await deps.db
          .selectFrom('persons')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_key', '=', company)
          .executeTakeFirstOrThrow()
      ).n
    return {
      variant: corpus.variant,
      title: `POST /v1/relationships between the two largest demo companies (${corpus.scale}) next to the bare domain call and the bare SQL read`,
      store: server.store,
      settings: {
        ...s,
        corpus: corpus.scale,
        seed_seconds: corpus.seed_seconds,
        body: BODY,
        people_first: Number(await people(FIRST)),
        people_second: Number(await people(SECOND)),
        connected_first: total,
        join_rows: rows,
        connections: 1,
        key_environment: 'test',
      },
      figures: {
        http_p50_ms: httpP50,
        http_p95_ms: med((r) => r.http.p95_ms),
        domain_p50_ms: med((r) => r.domain.p50_ms),
        read_p50_ms: med((r) => r.read.p50_ms),
        read_share_of_domain_p50: med((r) => r.read.p50_ms / r.domain.p50_ms, 2),
        /** What a process's first read of the two companies adds (fetching and unpacking the stored blocks). */
        stored_read_p50_ms: med((r) => r.stored.p50_ms),
        /** Added to the first read of the two companies after an ingest (their blocks are rebuilt). */
        block_build_p50_ms: med((r) => r.build.p50_ms),
        outside_domain_share_p50: med((r) => (r.http.p50_ms - r.domain.p50_ms) / r.http.p50_ms, 2),
      },
      rounds,
      // The goal is the for the medium corpus on PostgreSQL; reported on every variant.
      goal: atMost(
        `POST /v1/relationships between two companies at most 100 ms at p50 (${corpus.scale} corpus, ${server.store})`,
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
