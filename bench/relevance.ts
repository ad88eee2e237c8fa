// `npm run eval`: relevance of fast, auto and deep search on the demo corpus against a plain
// full-text baseline (PostgreSQL ts_rank over the same tsvector, no vectors, no parser), on a
// judged query set (bench/relevance/queries.json). Reports nDCG@10 (binary gains) and recall@50
// per mode and writes bench/results/relevance.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { sql } from 'kysely'
import { compileWhere, queryTerms, TABLE } from '../src/domain/search/engine.ts'
import type { EntityCategory } from '../src/contract/records.ts'
import type { Filters } from '../src/store/search-filters.ts'
import { seedSmallDemo, startBenchServer } from './lib/server.ts'

interface Judged {
  query: string
  category: EntityCategory
  relevant: Filters
}

const MODES = ['fast', 'auto', 'deep'] as const
const judged = (JSON.parse(readFileSync(new URL('./relevance/queries.json', import.meta.url), 'utf8')) as { queries: Judged[] }).queries

function ndcgAt10(ranked: string[], relevant: Set<string>): number {
  let dcg = 0
  ranked.slice(0, 10).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2)
  })
  let ideal = 0
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2)
  return ideal === 0 ? 0 : dcg / ideal
}

function recallAt50(ranked: string[], relevant: Set<string>): number {
  if (relevant.size === 0) return 0
  const hits = ranked.slice(0, 50).filter((id) => relevant.has(id)).length
  return hits / Math.min(50, relevant.size)
}

const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / (xs.length || 1)) * 1000) / 1000

async function main() {
  const server = await startBenchServer()
  try {
    const deps = server.app.deps
    await seedSmallDemo(server)
    const { key } = await server.admin.workspaceWithKey({ scopes: ['dsp.search.read'], environment: 'test' })
    const perQuery: Record<string, unknown>[] = []
    const scores: Record<string, { ndcg: number[]; recall: number[] }> = Object.fromEntries([...MODES, 'baseline'].map((m) => [m, { ndcg: [], recall: [] }]))
    for (const j of judged) {
      const table = TABLE[j.category]
      const alias = table === 'companies' ? 'c' : table === 'persons' ? 'p' : 'd'
      const where = compileWhere(deps, { category: j.category, filters: j.relevant, include_domains: [] })
      const rel = await sql<{ id: string }>`select ${sql.ref(`${alias}.id`)} as id from ${sql.table(table)} as ${sql.raw(alias)} where ${where}`.execute(deps.db)
      const relevant = new Set(rel.rows.map((r) => r.id))
      const row: Record<string, unknown> = { query: j.query, category: j.category, relevant: relevant.size }
      const terms = queryTerms(j.query)
      const tsq = sql`to_tsquery('english', ${terms.join(' | ')})`
      const base = await sql<{ id: string }>`select ${sql.ref(`${alias}.id`)} as id from ${sql.table(table)} as ${sql.raw(alias)} where ${sql.ref(`${alias}.tsv`)} @@ ${tsq} order by ts_rank_cd(${sql.ref(`${alias}.tsv`)}, ${tsq}) desc, ${sql.ref(`${alias}.id`)} limit 50`.execute(deps.db)
      const rankings: Record<string, string[]> = { baseline: base.rows.map((r) => r.id) }
      for (const mode of MODES) {
        const ids: string[] = []
        let cursor: string | null = null
        while (ids.length < 50) {
          const res = await fetch(`${server.url}/v1/search`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ query: j.query, category: j.category, mode, limit: 25, ...(cursor ? { cursor } : {}) }) })
          const body = (await res.json()) as { results?: { id: string }[]; next_cursor?: string | null }
          if (!res.ok) throw new Error(`${mode} "${j.query}": ${res.status} ${JSON.stringify(body)}`)
          ids.push(...(body.results ?? []).map((r) => r.id))
          cursor = body.next_cursor ?? null
          if (!cursor) break
        }
        rankings[mode] = ids
      }
      for (const [mode, ranked] of Object.entries(rankings)) {
        const n = ndcgAt10(ranked, relevant)
        const r = recallAt50(ranked, relevant)
        scores[mode]!.ndcg.push(n)
        scores[mode]!.recall.push(r)
        row[mode] = { ndcg_at_10: Math.round(n * 1000) / 1000, recall_at_50: Math.round(r * 1000) / 1000 }
      }
      perQuery.push(row)
    }
    const summary = Object.fromEntries(Object.entries(scores).map(([m, s]) => [m, { ndcg_at_10: mean(s.ndcg), recall_at_50: mean(s.recall) }]))
    const base = summary.baseline!
    const result = {
      name: 'relevance',
      date: new Date().toISOString(),
      corpus: { scale: 'small', seed: 42 },
      queries: judged.length,
      summary,
      beats_baseline: Object.fromEntries(MODES.map((m) => [m, summary[m]!.ndcg_at_10 > base.ndcg_at_10 && summary[m]!.recall_at_50 >= base.recall_at_50])),
      per_query: perQuery,
    }
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
    writeFileSync(new URL('./results/relevance.json', import.meta.url), JSON.stringify(result, null, 2) + '\n')
    console.table(summary)
    const failed = !result.beats_baseline.auto || !result.beats_baseline.deep
    if (failed) console.error('auto and deep must beat the full-text baseline')
    process.exitCode = failed ? 1 : 0
  } finally {
    await server.close()
  }
}

await main()
