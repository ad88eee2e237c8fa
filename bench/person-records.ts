// What reading a person's employer industry at answer time costs (docs/corpus.md §1.3): a page of
// 100 person records read as search rows read them (rowRecordsByIds: the stored record with
// current_employer.industry joined from companies) next to the same query reading the stored
// record as it is, in the same run. The small demo corpus is ingested with its people's industry
// left out, so every row takes the join. Explained in docs/performance-search.md.
import { sql } from 'kysely'
import { createDemoCorpus } from '../src/corpus/demo/index.ts'
import { ingestObjects } from '../src/domain/corpus/ingest.ts'
import type { Deps } from '../src/domain/types.ts'
import { rowRecordsByIds } from '../src/store/search.ts'
import { startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import { timeAlternating, type AlternatingRound } from './lib/in-process.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'person-records'

const FULL = { rounds: 4, warmupSeconds: 1, durationSeconds: 4 }
const QUICK = { rounds: 1, warmupSeconds: 0.3, durationSeconds: 1 }
const PAGE = 100
const PAGES = 50

type Which = 'answered' | 'stored'
type Round = AlternatingRound<Which>

/** The read before the employer's industry was answered: the stored record, same shape and filter. */
async function storedTexts(deps: Deps, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const r = await sql<{ id: string; record: Record<string, unknown> }>`
    select p.id, p.record - 'id' - 'category' - 'score' as record
    from persons as p where p.id = any(${ids}::text[])`.execute(deps.db)
  return new Map(r.rows.map((x) => [x.id, x.record]))
}

/** The small demo corpus, its people without current_employer.industry (so each is joined). */
async function seed(deps: Deps): Promise<number> {
  const started = performance.now()
  const corpus = createDemoCorpus({ scale: 'small' })
  await ingestObjects(deps, 'company', corpus.records('company'))
  const people = [...corpus.records('person')].map((p) => {
    const r = p as { current_employer?: Record<string, unknown> | null }
    if (!r.current_employer) return p
    const { industry: _industry, ...employer } = r.current_employer
    return { ...r, current_employer: employer }
  })
  await ingestObjects(deps, 'person', people)
  return round((performance.now() - started) / 1000, 1)
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer()
  try {
    const deps: Deps = server.app.deps
    const seedSeconds = await seed(deps)
    console.error(`  companies and people ingested in ${seedSeconds} s`)
    // Fixed pages: every 7th person from a seeded offset, so both reads see the same rows.
    const all = (await sql<{ id: string }>`select id from persons order by id`.execute(deps.db)).rows.map((r) => r.id)
    const pages = Array.from({ length: PAGES }, (_, p) =>
      Array.from({ length: PAGE }, (_, i) => all[(p * 977 + i * 7) % all.length]!),
    )
    const problems: string[] = []
    // Every answered row of a page carries its employer's industry; the stored ones none.
    const check = (records: Map<string, Record<string, unknown>>, answered: boolean) => {
      for (const t of records.values()) {
        const industry = (t as { current_employer?: { industry?: unknown } }).current_employer?.industry
        if (answered ? typeof industry !== 'string' : industry !== undefined) {
          if (problems.length < 5)
            problems.push(`${answered ? 'answered' : 'stored'} row: industry ${String(industry)}`)
        }
      }
    }
    check(await rowRecordsByIds(deps.db, 'persons', pages[0]!), true)
    check(await storedTexts(deps, pages[0]!), false)
    let a = 0
    let b = 0
    const fns: Record<Which, () => Promise<unknown>> = {
      answered: () => rowRecordsByIds(deps.db, 'persons', pages[a++ % PAGES]!),
      stored: () => storedTexts(deps, pages[b++ % PAGES]!),
    }
    const rounds = await timeAlternating(fns, ['answered', 'stored'], s)
    const med = (f: (r: Round) => number, digits = 3) => round(median(rounds.map(f)), digits)
    const valid = problems.length === 0
    return {
      variant: server.store,
      title: `A page of ${PAGE} person records with the employer's industry joined, next to the stored record read alone`,
      store: server.store,
      settings: { ...s, corpus: 'small', page: PAGE, pages: PAGES, persons: all.length, seed_seconds: seedSeconds },
      figures: {
        answered_p50_ms: med((r) => r.answered.p50_ms),
        answered_p95_ms: med((r) => r.answered.p95_ms),
        stored_p50_ms: med((r) => r.stored.p50_ms),
        stored_p95_ms: med((r) => r.stored.p95_ms),
        answered_vs_stored_p50: med((r) => r.answered.p50_ms / r.stored.p50_ms, 2),
      },
      rounds,
      goal: null,
      valid,
      problems,
    }
  } finally {
    await server.close()
  }
}
