// `npm run eval`: relevance of fast, auto and deep search on the demo corpus against a plain
// full-text baseline (PostgreSQL ts_rank over the same tsvector, no vectors, no parser), on a
// judged query set (bench/relevance/queries.json) in two groups: `attribute` (relevance = typed
// attributes, which the auto parser reads as filters) and `free_text` (relevance = what the records'
// text says, some queries paraphrased). Reports nDCG@10 (binary gains) and recall@50 per mode, per
// group and overall, and writes bench/results/relevance.json. Docs: docs/performance-search.md (relevance).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { sql } from 'kysely'
import { compileWhere } from '../src/domain/search/compile.ts'
import { TABLE } from '../src/domain/search/retrieval-plan.ts'
import { queryTerms } from '../src/domain/search/terms.ts'
import type { EntityCategory } from '../src/contract/records.ts'
import { findSeededDemo } from '../src/domain/corpus/demo.ts'
import type { Deps } from '../src/domain/types.ts'
import type { Filters } from '../src/store/search-filters.ts'
import { seedSmallDemo, startBenchServer } from './lib/server.ts'

interface TextRule {
  /** A record field; `[]` after a name reads every element of that array (`products[].description`). */
  field: string
  /** Relevant when the field contains one of these phrases (case-insensitive). */
  any: string[]
}

interface Judged {
  query: string
  category: EntityCategory
  /** attribute group: the filters that define relevance. */
  relevant?: Filters
  /** free_text group: the text that defines relevance. */
  relevant_text?: TextRule
  /** free_text group: the query's key words are not in the relevant text. */
  paraphrase?: boolean
}

interface Group {
  name: string
  about: string
  queries: Judged[]
}

const MODES = ['fast', 'auto', 'deep'] as const
const RANKERS = [...MODES, 'baseline'] as const
type Ranker = (typeof RANKERS)[number]
const groups = (
  JSON.parse(readFileSync(new URL('./relevance/queries.json', import.meta.url), 'utf8')) as { groups: Group[] }
).groups

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
const round = (x: number) => Math.round(x * 1000) / 1000
const aliasOf = (category: EntityCategory) =>
  TABLE[category] === 'companies' ? 'c' : TABLE[category] === 'persons' ? 'p' : 'd'

/** The strings at a field path; arrays are read element by element. */
function valuesAt(value: unknown, path: string[]): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesAt(v, path))
  if (path.length === 0) return typeof value === 'string' ? [value] : []
  if (value === null || typeof value !== 'object') return []
  const [head, ...rest] = path
  return valuesAt((value as Record<string, unknown>)[head!.replace(/\[\]$/, '')], rest)
}

// Every stored record of a category, read once: the text rules scan them in memory.
const recordCache = new Map<EntityCategory, Promise<{ id: string; record: unknown }[]>>()
function recordsOf(deps: Deps, category: EntityCategory) {
  let hit = recordCache.get(category)
  if (!hit) {
    const table = TABLE[category]
    const a = aliasOf(category)
    const where = table === 'documents' ? sql`${sql.ref(`${a}.category`)} = ${category}` : sql`true`
    hit = sql<{
      id: string
      record: unknown
    }>`select ${sql.ref(`${a}.id`)} as id, ${sql.ref(`${a}.record`)} as record from ${sql.table(table)} as ${sql.raw(a)} where ${where}`
      .execute(deps.db)
      .then((r) =>
        r.rows.map((row) => ({
          id: row.id,
          record: typeof row.record === 'string' ? JSON.parse(row.record) : row.record,
        })),
      )
    recordCache.set(category, hit)
  }
  return hit
}

/** The judged relevant ids: by the filter engine (attributes) or by the records' own text (free text). Never by our search. */
async function relevantIds(deps: Deps, j: Judged): Promise<Set<string>> {
  if (j.relevant_text) {
    const rule = j.relevant_text
    const path = rule.field.split('.')
    const phrases = rule.any.map((p) => p.toLowerCase())
    const records = await recordsOf(deps, j.category)
    return new Set(
      records
        .filter((r) => valuesAt(r.record, path).some((v) => phrases.some((p) => v.toLowerCase().includes(p))))
        .map((r) => r.id),
    )
  }
  const table = TABLE[j.category]
  const alias = aliasOf(j.category)
  const where = compileWhere(deps, { category: j.category, filters: j.relevant ?? {}, include_domains: [] })
  const rel = await sql<{
    id: string
  }>`select ${sql.ref(`${alias}.id`)} as id from ${sql.table(table)} as ${sql.raw(alias)} where ${where}`.execute(
    deps.db,
  )
  return new Set(rel.rows.map((r) => r.id))
}

/** The plain full-text baseline: an OR of the query's terms ranked by ts_rank_cd over the category's slice. */
async function baseline(deps: Deps, j: Judged): Promise<string[]> {
  const table = TABLE[j.category]
  const alias = aliasOf(j.category)
  const terms = queryTerms(j.query)
  const tsq = sql`to_tsquery('english', ${terms.join(' | ')})`
  const slice = table === 'documents' ? sql`and ${sql.ref(`${alias}.category`)} = ${j.category}` : sql``
  const base = await sql<{
    id: string
  }>`select ${sql.ref(`${alias}.id`)} as id from ${sql.table(table)} as ${sql.raw(alias)} where ${sql.ref(`${alias}.tsv`)} @@ ${tsq} ${slice} order by ts_rank_cd(${sql.ref(`${alias}.tsv`)}, ${tsq}) desc, ${sql.ref(`${alias}.id`)} limit 50`.execute(
    deps.db,
  )
  return base.rows.map((r) => r.id)
}

type Scores = Record<Ranker, { ndcg_at_10: number; recall_at_50: number }>

function summarise(rows: Scores[]) {
  const summary = Object.fromEntries(
    RANKERS.map((m) => [
      m,
      { ndcg_at_10: mean(rows.map((r) => r[m].ndcg_at_10)), recall_at_50: mean(rows.map((r) => r[m].recall_at_50)) },
    ]),
  ) as Scores
  const base = summary.baseline
  const beats = Object.fromEntries(
    MODES.map((m) => [m, summary[m].ndcg_at_10 > base.ndcg_at_10 && summary[m].recall_at_50 >= base.recall_at_50]),
  ) as Record<(typeof MODES)[number], boolean>
  return { queries: rows.length, summary, beats_baseline: beats }
}

async function main() {
  const server = await startBenchServer()
  try {
    const deps = server.app.deps
    // A store seeded before (DSP_BENCH_SEEDED_DATA_DIR) is used as it is; else the small demo now.
    const seeded = (await findSeededDemo(deps)) ?? (await seedSmallDemo(server), await findSeededDemo(deps))
    const { key } = await server.admin.workspaceWithKey({ scopes: ['dsp.search.read'], environment: 'test' })
    const perQuery: (Record<string, unknown> & { group: string; paraphrase: boolean | null; scores: Scores })[] = []
    for (const group of groups) {
      for (const j of group.queries) {
        const relevant = await relevantIds(deps, j)
        if (relevant.size === 0)
          throw new Error(`"${j.query}" (${group.name}): no relevant record; the judgment does not match the corpus`)
        const rankings: Record<string, string[]> = { baseline: await baseline(deps, j) }
        for (const mode of MODES) {
          const ids: string[] = []
          let cursor: string | null = null
          while (ids.length < 50) {
            const res = await fetch(`${server.url}/v1/search`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': key },
              body: JSON.stringify({
                query: j.query,
                category: j.category,
                mode,
                limit: 25,
                ...(cursor ? { cursor } : {}),
              }),
            })
            const body = (await res.json()) as { results?: { id: string }[]; next_cursor?: string | null }
            if (!res.ok) throw new Error(`${mode} "${j.query}": ${res.status} ${JSON.stringify(body)}`)
            ids.push(...(body.results ?? []).map((r) => r.id))
            cursor = body.next_cursor ?? null
            if (!cursor) break
          }
          rankings[mode] = ids
        }
        const scores = Object.fromEntries(
          RANKERS.map((m) => [
            m,
            {
              ndcg_at_10: round(ndcgAt10(rankings[m]!, relevant)),
              recall_at_50: round(recallAt50(rankings[m]!, relevant)),
            },
          ]),
        ) as Scores
        perQuery.push({
          group: group.name,
          query: j.query,
          category: j.category,
          paraphrase: j.relevant_text ? (j.paraphrase ?? false) : null,
          relevant: relevant.size,
          scores,
        })
      }
    }
    const byGroup = Object.fromEntries(
      groups.map((g) => [g.name, summarise(perQuery.filter((q) => q.group === g.name).map((q) => q.scores))]),
    )
    const free = perQuery.filter((q) => q.paraphrase !== null)
    const overall = summarise(perQuery.map((q) => q.scores))
    const result = {
      name: 'relevance',
      date: new Date().toISOString(),
      corpus: { scale: seeded?.scale ?? 'small', seed: seeded?.seed ?? 42 },
      queries: perQuery.length,
      // Overall (every group): the check `npm run eval` enforces.
      summary: overall.summary,
      beats_baseline: overall.beats_baseline,
      groups: {
        ...byGroup,
        ...(free.length
          ? {
              free_text_literal: summarise(free.filter((q) => !q.paraphrase).map((q) => q.scores)),
              free_text_paraphrase: summarise(free.filter((q) => q.paraphrase).map((q) => q.scores)),
            }
          : {}),
      },
      per_query: perQuery.map(({ scores, paraphrase, ...q }) => ({
        ...q,
        ...(paraphrase === null ? {} : { paraphrase }),
        ...scores,
      })),
    }
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
    writeFileSync(new URL('./results/relevance.json', import.meta.url), JSON.stringify(result, null, 2) + '\n')
    for (const [name, g] of [['overall', overall] as const, ...Object.entries(result.groups)]) {
      console.log(
        `${name} (${g.queries} queries); beats the baseline: ${MODES.map((m) => `${m} ${g.beats_baseline[m] ? 'yes' : 'NO'}`).join(', ')}`,
      )
      console.table(g.summary)
    }
    const failed = !overall.beats_baseline.auto || !overall.beats_baseline.deep
    if (failed) console.error('auto and deep must beat the full-text baseline (overall)')
    for (const [name, g] of Object.entries(byGroup)) {
      const losing = MODES.filter((m) => !g.beats_baseline[m])
      if (losing.length) console.error(`group ${name}: ${losing.join(', ')} do not beat the baseline`)
    }
    process.exitCode = failed ? 1 : 0
  } finally {
    await server.close()
  }
}

await main()
