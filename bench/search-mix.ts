// The query mix of a store at scale (issue 39, item 3): POST /v1/search by class of question —
// rare words, common words, very common words, filters only, filters with words, people by title
// and employer, `auto` questions with places and ranges, sorts — each class in fast and auto mode
// (p50 and p99 at one request in flight) and once in deep mode (p50); a count past the exact-count
// cap against its true count; page 50 of a query reached through the cursor against page 1; and
// GET /v1/search/filters/{name}. Run by name on a seeded store (DSP_BENCH_SEEDED_DATA_DIR, plus
// DSP_BENCH_SEEDED_DATABASE_URL on PostgreSQL): `npm run bench -- search-mix`.
// The questions are built from the corpus itself (its most common industry, country and
// seniority, its largest employer, a rare company name), so the same mix runs at every scale.
// Explained in docs/performance-search.md.
import { sql } from 'kysely'
import { rarityTablesLoaded, warmRarity } from '../src/domain/search/rarity.ts'
import { vocabularies } from '../src/domain/search/vocabularies.ts'
import { load, type LoadResult } from './lib/load.ts'
import { countPastCap } from './search.ts'
import { demoCorpus, startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import { atMost, type BenchResult, type Goal, type RunOptions } from './lib/types.ts'

export const name = 'search-mix'
/** Needs a seeded store (medium or large) to say anything; minutes. */
export const onlyByName = true

/**
 * Only the company questions (`DSP_BENCH_SEARCH_MIX_CATEGORY=company`): for a store whose demo seed
 * has stored its companies and not its people (a large load stopped after its first category).
 * The results file is then named by the company count (`<store>-companies-<thousands>k`).
 */
const ONLY_COMPANIES = process.env.DSP_BENCH_SEARCH_MIX_CATEGORY === 'company'

/** Issue 39, item 3: goals at one connection on the large corpus, PostgreSQL. */
const GOALS = { fastAutoP50: 50, fastAutoP99: 300, deepP50: 150, page50VsPage1: 2, filterValuesP50: 50 }

const FULL = { warmupSeconds: 1, durationSeconds: 4 }
const QUICK = { warmupSeconds: 0.3, durationSeconds: 1 }

type Mode = 'fast' | 'auto' | 'deep'
type Body = Record<string, unknown>
interface Question {
  label: string
  body: Body
}

interface Corpus {
  industry: string
  country: string
  seniority: string
  employer: string
  rareWord: string
}

interface Timing {
  p50_ms: number
  p99_ms: number
  requests: number
  results: number | null
  /** A question slower than SLOW_MS: three requests one by one (median and slowest) instead of a window. */
  one_by_one?: true
  /** Where its time goes (PostgreSQL with pg_stat_statements). */
  breakdown?: Breakdown
}

/** A first answer slower than this is timed one by one, three times, instead of in a window. */
const SLOW_MS = 1000

/**
 * Where one answer's time goes (PostgreSQL with pg_stat_statements loaded: shared_preload_libraries),
 * from BREAKDOWN_ANSWERS answers sent one by one: the response; the engine (its Server-Timing
 * entry: the ranked page and its records); the store's statements summed per answer (some run side
 * by side, so the sum can pass the engine's time); and the slowest statement's mean: no plan of
 * this question that sends it answers faster than that statement alone takes.
 */
interface Breakdown {
  response_ms: number
  engine_ms: number
  store_ms_per_answer: number
  /**
   * Of store_ms_per_answer, the time PostgreSQL spent compiling statements with JIT (PostgreSQL 15's
   * pg_stat_statements; null before): work a statement pays before it reads a row.
   */
  jit_ms_per_answer: number | null
  slowest_statement: { mean_ms: number; calls_per_answer: number; statement: string } | null
}
const BREAKDOWN_ANSWERS = 5

/** Whether the store counts its statements (pg_stat_statements loaded and created in this database). */
async function statementStats(server: Awaited<ReturnType<typeof startBenchServer>>): Promise<boolean> {
  if (server.store !== 'postgresql') return false
  const db = server.app.deps.db
  const loaded = await sql<{ v: string }>`select current_setting('shared_preload_libraries') as v`.execute(db)
  if (!/\bpg_stat_statements\b/.test(loaded.rows[0]?.v ?? '')) return false
  await sql`create extension if not exists pg_stat_statements`.execute(db)
  return true
}

/** The PostgreSQL settings that choose and price the plans, as the API's connections see them. */
async function plannerSettings(
  server: Awaited<ReturnType<typeof startBenchServer>>,
): Promise<Record<string, string> | null> {
  if (server.store !== 'postgresql') return null
  const rows = await sql<{ name: string; setting: string }>`
    select name, current_setting(name) as setting from pg_settings
    where name in ('jit', 'jit_above_cost', 'random_page_cost', 'effective_cache_size', 'shared_buffers', 'work_mem')
    order by name`.execute(server.app.deps.db)
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.setting]))
}

async function breakdown(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  url: string,
  init: RequestInit,
): Promise<Breakdown> {
  const db = server.app.deps.db
  const response: number[] = []
  const engine: number[] = []
  await sql`select pg_stat_statements_reset()`.execute(db)
  for (let i = 0; i < BREAKDOWN_ANSWERS; i++) {
    const t0 = performance.now()
    const res = await fetch(url, init)
    await res.arrayBuffer()
    response.push(performance.now() - t0)
    const timing = /engine;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')
    if (timing) engine.push(Number(timing[1]))
  }
  const stats = await sql<{ query: string; calls: string; total: number; mean: number }>`
    select query, calls, total_exec_time as total, mean_exec_time as mean from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database())
      and query not like '%pg_stat_statements%'
    order by mean_exec_time desc`.execute(db)
  const slowest = stats.rows[0]
  const jit = await sql<{ ms: number | null }>`
    select sum(jit_generation_time + jit_inlining_time + jit_optimization_time + jit_emission_time) as ms
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`
    .execute(db)
    .then((r) => Number(r.rows[0]?.ms ?? 0))
    .catch(() => null)
  return {
    response_ms: round(median(response)),
    engine_ms: round(median(engine)),
    store_ms_per_answer: round(stats.rows.reduce((a, r) => a + Number(r.total), 0) / BREAKDOWN_ANSWERS),
    jit_ms_per_answer: jit === null ? null : round(jit / BREAKDOWN_ANSWERS),
    slowest_statement: slowest
      ? {
          mean_ms: round(Number(slowest.mean)),
          calls_per_answer: round(Number(slowest.calls) / BREAKDOWN_ANSWERS, 1),
          statement: slowest.query.replace(/\s+/g, ' ').slice(0, 160),
        }
      : null,
  }
}

async function getJson(url: string, key: string): Promise<{ values?: string[] }> {
  const res = await fetch(url, { headers: { 'x-api-key': key } })
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as { values?: string[] }
}

/** The corpus's own most common values, its largest employer and a rare company name. */
async function readCorpus(server: Awaited<ReturnType<typeof startBenchServer>>, key: string): Promise<Corpus> {
  const first = async (filter: string) => {
    const value = (await getJson(`${server.url}/v1/search/filters/${filter}`, key)).values?.[0]
    if (!value) throw new Error(`GET /v1/search/filters/${filter} lists no value: is the store seeded?`)
    return value
  }
  const db = server.app.deps.db
  const employer = ONLY_COMPANIES
    ? { rows: [] }
    : await sql<{ d: string }>`select company_domain as d from persons where company_domain is not null
    group by company_domain order by count(*) desc, company_domain limit 1`.execute(db)
  // A company name word held by few records: the first word of a name at a fixed place in id order.
  const rare = await sql<{ name: string }>`select name from companies where name is not null
    order by id limit 1 offset 77`.execute(db)
  return {
    industry: await first('industry'),
    country: await first('country'),
    seniority: ONLY_COMPANIES ? '' : await first('seniority'),
    employer: employer.rows[0]?.d ?? '',
    rareWord: (rare.rows[0]?.name ?? 'zebra').split(/\s+/)[0]!,
  }
}

/** The classes of the mix, each with a few questions; `mode` is added per run. */
function classes(c: Corpus): Record<string, Question[]> {
  const country = { geo: { include: [{ value: c.country, level: 'country' }] } }
  const industry = { industry: { include: [c.industry] } }
  return {
    rare_words: [
      { label: `"${c.rareWord}"`, body: { category: 'company', query: c.rareWord } },
      { label: '"quantum cryptography"', body: { category: 'company', query: 'quantum cryptography' } },
    ],
    common_words: [
      { label: '"cloud payments platform"', body: { category: 'company', query: 'cloud payments platform' } },
      { label: '"data analytics"', body: { category: 'person', query: 'data analytics' } },
    ],
    very_common_words: [
      { label: '"software"', body: { category: 'company', query: 'software' } },
      { label: '"manager"', body: { category: 'person', query: 'manager' } },
      { label: '"engineer"', body: { category: 'person', query: 'engineer' } },
    ],
    filters_only: [
      { label: `industry ${c.industry}`, body: { category: 'company', filters: industry } },
      { label: `country ${c.country}`, body: { category: 'person', filters: country } },
      {
        label: `seniority ${c.seniority}`,
        body: { category: 'person', filters: { seniority: { include: [c.seniority] } } },
      },
    ],
    filters_with_words: [
      {
        label: `"platform" + industry + employee_count ≥ 50`,
        body: { category: 'company', query: 'platform', filters: { ...industry, employee_count: { min: 50 } } },
      },
      { label: `"sales" + country`, body: { category: 'person', query: 'sales', filters: country } },
    ],
    people_by_title_and_employer: [
      {
        label: `"engineer" at ${c.employer}`,
        body: {
          category: 'person',
          query: 'engineer',
          filters: { company: { include: [{ value: c.employer, by: 'domain' }] } },
        },
      },
      {
        label: `title "director", seniority ${c.seniority}`,
        body: {
          category: 'person',
          filters: { title: { include: ['director'] }, seniority: { include: [c.seniority] } },
        },
      },
    ],
    auto_places_and_ranges: [
      {
        label: `"${c.industry} companies in ${c.country}"`,
        body: { query: `${c.industry} companies in ${c.country}` },
      },
      {
        label: '"software companies with more than 500 employees founded after 2010"',
        body: { query: 'software companies with more than 500 employees founded after 2010' },
      },
      { label: `"VP of sales in ${c.country}"`, body: { query: `VP of sales in ${c.country}` } },
    ],
    sorts: [
      {
        label: 'industry, by employee_count desc',
        body: { category: 'company', filters: industry, sort: [{ field: 'employee_count', direction: 'desc' }] },
      },
      {
        label: '"software", by founded_year asc',
        body: { category: 'company', query: 'software', sort: [{ field: 'founded_year', direction: 'asc' }] },
      },
    ],
  }
}

/** A company question: its category, or an `auto` question about companies. */
function isCompanyQuestion(q: Question): boolean {
  return q.body.category === 'company' || (q.body.category === undefined && /\bcompanies\b/.test(String(q.body.query)))
}

/** A store holding companies of an unfinished seed: named by how many. */
async function companiesOnly(server: Awaited<ReturnType<typeof startBenchServer>>) {
  const r = await sql<{ n: number }>`select count(*)::int as n from companies`.execute(server.app.deps.db)
  const n = Number(r.rows[0]?.n ?? 0)
  console.error(`  companies only: ${n} companies in the store`)
  return { scale: `${n} companies only`, variant: `${server.store}-companies-${Math.round(n / 1000)}k` }
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer()
  try {
    const corpus = ONLY_COMPANIES ? await companiesOnly(server) : await demoCorpus(server)
    const { key } = await server.admin.workspaceWithKey({
      scopes: ['dsp.search.read', 'dsp.entities.read'],
      credits: 10_000_000,
    })
    // The parser's vocabularies are read once before anything is timed (dsp serve starts this read
    // as soon as its indexes are ready): how long the read takes is a figure of its own.
    const vocabularyStart = performance.now()
    await vocabularies(server.app.deps)
    const vocabularyReadSeconds = round((performance.now() - vocabularyStart) / 1000, 1)
    console.error(`  parser vocabularies read in ${vocabularyReadSeconds} s`)
    // So are the tables of document frequencies (dsp serve starts them with the vocabularies).
    const rarityStart = performance.now()
    await warmRarity(server.app.deps)
    await rarityTablesLoaded(server.app.deps)
    const rarityReadSeconds = round((performance.now() - rarityStart) / 1000, 1)
    console.error(`  document frequencies read in ${rarityReadSeconds} s`)
    const c = await readCorpus(server, key)
    console.error(`  corpus values: ${JSON.stringify(c)}`)
    const problems: string[] = []
    const headers = { 'x-api-key': key, 'content-type': 'application/json' }
    const counted = await statementStats(server)
    console.error(
      counted
        ? '  store statements counted (pg_stat_statements)'
        : '  store statements not counted (pg_stat_statements not loaded)',
    )

    const timed = async (what: string, body: Body | null, path = '/v1/search'): Promise<Timing> => {
      const url = `${server.url}${path}`
      // One answer first: its result count, and a 4xx/5xx said plainly rather than as a load problem.
      const send = async () => {
        const t0 = performance.now()
        const res = await fetch(url, body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers })
        const answer = (await res.json()) as { results?: unknown[]; values?: unknown[]; detail?: string }
        return { res, answer, ms: performance.now() - t0 }
      }
      const probe = await send()
      if (probe.res.status !== 200) problems.push(`${what}: ${probe.res.status} ${probe.answer.detail ?? ''}`.trim())
      const results = probe.answer.results?.length ?? probe.answer.values?.length ?? null
      if (probe.ms > SLOW_MS) {
        // Too slow for a window to hold more than a few answers: two more, one by one.
        const times = [probe.ms]
        for (let i = 0; i < 2; i++) {
          const next = await send()
          if (next.res.status !== 200) problems.push(`${what}: ${next.res.status} ${next.answer.detail ?? ''}`.trim())
          times.push(next.ms)
        }
        times.sort((a, b) => a - b)
        return { p50_ms: round(times[1]!), p99_ms: round(times[2]!), requests: 3, results, one_by_one: true }
      }
      const r: LoadResult = await load({
        url,
        method: body ? 'POST' : 'GET',
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        connections: 1,
        warmupSeconds: s.warmupSeconds,
        durationSeconds: s.durationSeconds,
      })
      if (!r.valid) problems.push(`${what}: ${r.problems.join('; ')}`)
      const timing: Timing = { p50_ms: r.latency_ms.p50, p99_ms: r.latency_ms.p99, requests: r.requests, results }
      if (counted && body)
        timing.breakdown = await breakdown(server, url, { method: 'POST', headers, body: JSON.stringify(body) })
      return timing
    }

    // Each class: every question in fast and auto, the first in deep.
    const byClass: Record<string, { questions: Record<string, Partial<Record<Mode, Timing>>> }> = {}
    for (const [cls, all] of Object.entries(classes(c))) {
      const questions = ONLY_COMPANIES ? all.filter(isCompanyQuestion) : all
      if (!questions.length) continue
      byClass[cls] = { questions: {} }
      for (const [i, q] of questions.entries()) {
        const modes: Mode[] = i === 0 ? ['fast', 'auto', 'deep'] : ['fast', 'auto']
        const row: Partial<Record<Mode, Timing>> = {}
        for (const mode of modes) {
          row[mode] = await timed(`${cls} ${q.label} (${mode})`, { ...q.body, mode, limit: 10 })
          const b = row[mode]!.breakdown
          console.error(
            `  ${cls} ${q.label} ${mode}: p50 ${row[mode]!.p50_ms} ms, p99 ${row[mode]!.p99_ms} ms` +
              (b
                ? ` (engine ${b.engine_ms} ms, store ${b.store_ms_per_answer} ms, slowest statement ${b.slowest_statement?.mean_ms} ms)`
                : ''),
          )
        }
        byClass[cls]!.questions[q.label] = row
      }
    }

    // Page 50 through the cursor (20 a page) against page 1 of the same very common query.
    const pageBody = {
      mode: 'fast',
      category: ONLY_COMPANIES ? 'company' : 'person',
      query: ONLY_COMPANIES ? 'software' : 'manager',
      limit: 20,
    }
    let cursor: string | null = null
    let pagingSkipped = false
    const firstPageStart = performance.now()
    for (let page = 1; page < 50; page++) {
      if (page === 2 && performance.now() - firstPageStart > SLOW_MS) {
        problems.push(`page 50 not timed: page 1 of "${pageBody.query}" took over ${SLOW_MS} ms`)
        cursor = null
        pagingSkipped = true
        break
      }
      const res = await fetch(`${server.url}/v1/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify(cursor ? { ...pageBody, cursor } : pageBody),
      })
      const answer = (await res.json()) as { next_cursor?: string | null; detail?: string }
      if (res.status !== 200) {
        problems.push(
          `page 50 not timed: page ${page} of "${pageBody.query}" answered ${res.status} ${answer.detail ?? ''}`,
        )
        cursor = null
        pagingSkipped = true
        break
      }
      cursor = answer.next_cursor ?? null
      if (!cursor) break
    }
    const page1 = await timed('page 1', pageBody)
    const page50 = cursor ? await timed('page 50', { ...pageBody, cursor }) : null
    if (!cursor && !pagingSkipped)
      problems.push(`"${pageBody.query}" has fewer than 50 pages of 20: no page 50 to time`)

    const filterValues: Record<string, Timing> = {
      industry: await timed('filter values industry', null, '/v1/search/filters/industry'),
    }
    if (!ONLY_COMPANIES) {
      filterValues['title?search=engineer'] = await timed(
        'filter values title',
        null,
        '/v1/search/filters/title?search=engineer',
      )
      filterValues['company?search=an'] = await timed(
        'filter values company',
        null,
        '/v1/search/filters/company?search=an',
      )
    }

    const count = await countPastCap(server.app.deps, server.url, key)

    const valid = problems.length === 0
    const worst = (mode: Mode, figure: 'p50_ms' | 'p99_ms') => {
      const out: Record<string, number> = {}
      for (const [cls, { questions }] of Object.entries(byClass)) {
        const values = Object.values(questions).flatMap((row) => (row[mode] ? [row[mode]![figure]] : []))
        if (values.length) out[cls] = round(Math.max(...values))
      }
      return out
    }
    /** Per class, the slowest statement's mean among its questions of `mode` (a floor under their p50). */
    const slowestStatement = (mode: Mode) => {
      const out: Record<string, number> = {}
      for (const [cls, { questions }] of Object.entries(byClass)) {
        const values = Object.values(questions).flatMap((row) => {
          const ms = row[mode]?.breakdown?.slowest_statement?.mean_ms
          return ms === undefined ? [] : [ms]
        })
        if (values.length) out[cls] = round(Math.max(...values))
      }
      return out
    }
    const fastAutoP50 = Math.max(...Object.values(worst('fast', 'p50_ms')), ...Object.values(worst('auto', 'p50_ms')))
    const fastAutoP99 = Math.max(...Object.values(worst('fast', 'p99_ms')), ...Object.values(worst('auto', 'p99_ms')))
    const deepP50 = Math.max(...Object.values(worst('deep', 'p50_ms')))
    const page50Ratio = page50 ? round(page50.p50_ms / page1.p50_ms, 2) : NaN
    const filterValuesP50 = Math.max(...Object.values(filterValues).map((t) => t.p50_ms))
    const goals: Goal[] = [
      atMost('fast and auto p50, worst class', 'fast_auto_p50_worst_ms', fastAutoP50, GOALS.fastAutoP50, 'ms', valid),
      atMost('fast and auto p99, worst class', 'fast_auto_p99_worst_ms', fastAutoP99, GOALS.fastAutoP99, 'ms', valid),
      atMost('deep p50, worst class', 'deep_p50_worst_ms', deepP50, GOALS.deepP50, 'ms', valid),
      atMost('page 50 ÷ page 1 (p50)', 'page50_vs_page1', page50Ratio, GOALS.page50VsPage1, '×', valid && !!page50),
      atMost(
        'filter values p50, worst',
        'filter_values_p50_worst_ms',
        filterValuesP50,
        GOALS.filterValuesP50,
        'ms',
        valid,
      ),
    ]
    if (count)
      goals.push(
        atMost(
          'count past the cap: |relative error|',
          'count_relative_error',
          Math.abs(count.relative_error),
          0.2,
          '',
          valid && count.met,
        ),
      )
    return {
      variant: corpus.variant,
      title: `POST /v1/search by class of question (demo corpus, ${corpus.scale}), page 50 through the cursor, filter values and a count past the cap`,
      store: server.store,
      settings: {
        ...s,
        corpus: corpus.scale,
        connections: 1,
        limit: 10,
        key_environment: 'live',
        corpus_values: c,
        statements_counted: counted,
        planner: await plannerSettings(server),
      },
      figures: {
        p50_ms_worst_per_class: {
          fast: worst('fast', 'p50_ms'),
          auto: worst('auto', 'p50_ms'),
          deep: worst('deep', 'p50_ms'),
        },
        p99_ms_worst_per_class: { fast: worst('fast', 'p99_ms'), auto: worst('auto', 'p99_ms') },
        ...(counted
          ? {
              slowest_statement_ms_worst_per_class: {
                fast: slowestStatement('fast'),
                auto: slowestStatement('auto'),
                deep: slowestStatement('deep'),
              },
            }
          : {}),
        classes: byClass,
        page_1: page1,
        page_50: page50,
        page50_vs_page1: page50Ratio,
        filter_values: filterValues,
        vocabularies_first_read_seconds: vocabularyReadSeconds,
        document_frequencies_read_seconds: rarityReadSeconds,
        count_past_cap: count,
      },
      rounds: [],
      goal: goals[0]!,
      more_goals: goals.slice(1),
      valid,
      problems,
    }
  } finally {
    await server.close()
  }
}
