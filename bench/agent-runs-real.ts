// Agent runs on real public data: the companies of ../shared/datasets/ (YC, Crunchbase 2013, the
// S&P 500; converted by bench/real-data/records.ts, as `npm run eval` does), the arXiv papers (for
// insights) and Crunchbase's funding rounds (linked to their companies by domain), ingested through
// the product's own ingest path, then asked three kinds of questions over HTTP at several tiers:
//   filter  all filters: an industry value and a place ("biotech companies in Massachusetts")
//   topic   a topic no filter value names, sometimes with a place ("drone companies in California")
//   empty   a filter on a value the matching records lack ("… founded after 2012"): truth is empty
// Each task's truth comes from the converted rows only (never from the product's answers). Per
// task and tier it reports row precision, recall within the tier's budget, enrichment accuracy
// against the source values (headcount, total raised, latest round and its date), whether the
// unsupported column stayed empty, the share of insights on the task's topic, and whether an
// empty answer was explained. Writes bench/results/agent-runs-real.json (agent-runs-real.postgresql.json
// with DSP_BENCH_DATABASE_URL) and prints a summary; docs/agent-runs-evaluation.md quotes the figures.
//
// It ingests only what the tasks need: the companies, the papers, and the funding rounds of the
// companies some task's truth holds (enrichments are checked against those same rounds).
//
//   nice -n 10 npx tsx bench/agent-runs-real.ts [--tiers low,medium,high] [--per-kind 10]
//     [--data-dir DIR [--database-url URL]] [--ingest-only] [--kind filter|topic|empty]
// --data-dir keeps the ingested store between runs (bench/lib/kept-store.ts, as
// bench/relevance-real.ts does); --ingest-only stops once it is ingested. A partial run (--kind,
// another --per-kind) writes agent-runs-real.partial*.json instead of the results file.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parse } from 'csv-parse/sync'
import { ingestLines } from '../src/domain/corpus/ingest.ts'
import { prepareRecord } from '../src/domain/corpus/prepare.ts'
import { BUDGETS } from '../src/domain/agent-runs/tiers.ts'
import { fingerprint, prepareKept, saveKept } from './lib/kept-store.ts'
import { startBenchServer } from './lib/server.ts'
import { DATASETS, realRecords, type RealRecord } from './real-data/records.ts'

const { values: args } = parseArgs({
  options: {
    tiers: { type: 'string' },
    'per-kind': { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'ingest-only': { type: 'boolean' },
    kind: { type: 'string', multiple: true },
  },
})
const TIERS = (args.tiers ?? 'low,medium,high').split(',') as ('minimal' | 'low' | 'medium' | 'high' | 'xhigh')[]
const PER_KIND = Number(args['per-kind'] ?? 10)
const KINDS = args.kind ?? null
const PARTIAL = KINDS !== null || PER_KIND !== 10

interface Stored {
  id: string
  source: RealRecord['source']
  record: Record<string, unknown>
}

type Kind = 'filter' | 'topic' | 'empty'
interface Task {
  kind: Kind
  query: string
  /** The words an insight must name to be on topic. */
  topic: string[]
  /** Whether a record answers the question, from its converted source values. */
  judge: (r: Record<string, unknown>) => boolean
  truth: Set<string>
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/^\/company\//, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 50)
    .replace(/^-|-$/g, '') || 'x'

/** A category's word as an insight names it: games → game. */
const singular = (w: string) => (w.length > 4 ? w.replace(/s$/, '') : w)
const low = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '')
const words = (r: Record<string, unknown>) =>
  [r.account_name, r.industry, r.sub_industry, r.description, ...((r.company_keyword as string[] | undefined) ?? [])]
    .map(low)
    .join(' • ')
const has = (text: string, word: string) => new RegExp(`(?:^|[^a-z0-9])${word}`, 'i').test(text)
/** What classifies a record: its name, industry and tags (not its description). */
const classifying = (r: Record<string, unknown>) =>
  [r.account_name, r.industry, r.sub_industry, ...((r.company_keyword as string[] | undefined) ?? [])]
    .map(low)
    .join(' • ')
/** A phrasing's word: anywhere in the record's words, or (`tag`) only where it classifies the record. */
type Word = string | { tag: string }
const tag = (w: string): Word => ({ tag: w })
const wordOf = (w: Word) => (typeof w === 'string' ? w : w.tag)
const names = (r: Record<string, unknown>, w: Word) =>
  typeof w === 'string' ? has(words(r), w) : has(classifying(r), w.tag)

// ---- funding rounds from rounds.csv, linked by the Crunchbase stand-in domain ----------------
interface SourceRound {
  domain: string
  type: string
  announced_on: string
  amount_usd: number | null
}
function sourceRounds(): SourceRound[] {
  const rows = parse(readFileSync(new URL('crunchbase-2013/rounds.csv', DATASETS)), {
    columns: true,
    skip_empty_lines: true,
    relax_quotes: true,
  }) as Record<string, string>[]
  return rows
    .filter((r) => r.company_permalink && r.funded_at)
    .map((r) => ({
      domain: `${slug(r.company_permalink!)}.crunchbase.example`,
      type: r.funding_round_type ?? 'other',
      announced_on: r.funded_at!,
      amount_usd: r.raised_amount_usd ? Number(r.raised_amount_usd) || null : null,
    }))
}

// ---- tasks ---------------------------------------------------------------------------------
function buildTasks(companies: Stored[]): Task[] {
  const tasks: Omit<Task, 'truth'>[] = []
  const cb = companies.filter((c) => c.source === 'crunchbase')
  // filter: a Crunchbase category in a state with 15–120 companies.
  const pairs = new Map<string, number>()
  for (const c of cb) {
    const k = `${low(c.record.industry)}|${c.record.state ?? ''}`
    pairs.set(k, (pairs.get(k) ?? 0) + 1)
  }
  const PHRASE: Record<string, string> = {
    biotech: 'biotech',
    software: 'software',
    web: 'web',
    mobile: 'mobile',
    enterprise: 'enterprise',
    ecommerce: 'ecommerce',
    games_video: 'games_video',
    hardware: 'hardware',
    cleantech: 'cleantech',
    medical: 'medical',
    advertising: 'advertising',
    semiconductor: 'semiconductor',
  }
  const filterPairs = [...pairs.entries()]
    .filter(([k, n]) => n >= 15 && n <= 120 && PHRASE[k.split('|')[0]!] && k.split('|')[1])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  const seenIndustry = new Map<string, number>()
  for (const [k] of filterPairs) {
    const [industry, state] = k.split('|') as [string, string]
    if ((seenIndustry.get(industry) ?? 0) >= 1) continue
    seenIndustry.set(industry, 1)
    tasks.push({
      kind: 'filter',
      query: `${PHRASE[industry]} companies in ${state}`,
      topic: industry.split('_').map(singular),
      judge: (r) => low(r.industry) === industry && r.state === state,
    })
    if (tasks.filter((t) => t.kind === 'filter').length >= PER_KIND) break
  }

  // topic: words no filter value names. A record answers when its tags, name, industry or
  // description name the topic: every word of one of its phrasings (word starts, any ending).
  // "security" alone counts where it classifies the record: in a description it names a feature
  // or a customer far more often than the business ("security cameras", "buyer security",
  // "National Security", "row level security"), and such records are not cybersecurity companies.
  const TOPICS: [string, Word[][], string | null][] = [
    ['drone companies', [['drone']], null],
    ['companies building developer tools', [['developer tool'], ['devtool'], ['developer', 'tool']], null],
    ['payroll software companies', [['payroll']], null],
    ['companies working on carbon capture', [['carbon', 'capture'], ['carbon removal']], null],
    ['genomics companies', [['genomic']], null],
    ['cybersecurity companies in California', [['cybersecurity'], ['cyber security'], [tag('security')]], 'California'],
    ['robotics companies in California', [['robot']], 'California'],
    [
      'legal technology companies',
      [['legaltech'], ['legal tech'], ['legal', 'technolog'], ['legal', 'software']],
      null,
    ],
    ['battery companies', [['batter']], null],
    ['food delivery companies', [['food', 'deliver']], null],
    ['insurance companies in New York', [['insur']], 'New York'],
    ['crypto companies', [['crypto']], null],
  ]
  for (const [query, phrasings, state] of TOPICS.slice(0, Math.max(PER_KIND, 10))) {
    tasks.push({
      kind: 'topic',
      query,
      topic: [...new Set(phrasings.flat().map(wordOf))],
      judge: (r) =>
        phrasings.some((words_) => words_.every((w) => names(r, w))) && (state === null || r.state === state),
    })
  }

  // empty: an industry and a state whose Crunchbase records carry no founding year after a bound.
  const emptyPairs = [...pairs.entries()]
    .filter(([k, n]) => n >= 3 && n <= 60 && PHRASE[k.split('|')[0]!] && k.split('|')[1])
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
  let empties = 0
  for (const [k] of emptyPairs) {
    if (empties >= PER_KIND) break
    const [industry, state] = k.split('|') as [string, string]
    const here = companies.filter((c) => low(c.record.industry) === industry && c.record.state === state)
    const lacking = here.filter((c) => c.record.founded_year === undefined).length
    if (lacking === 0) continue
    const year = 2012
    if (here.some((c) => Number(c.record.founded_year) > year)) continue
    empties++
    tasks.push({
      kind: 'empty',
      query: `${PHRASE[industry]} companies in ${state} founded after ${year}`,
      topic: industry.split('_').map(singular),
      judge: (r) =>
        low(r.industry) === industry &&
        r.state === state &&
        typeof r.founded_year === 'number' &&
        r.founded_year > year,
    })
  }
  return tasks.map((t) => ({ ...t, truth: new Set(companies.filter((c) => t.judge(c.record)).map((c) => c.id)) }))
}

const secondsSince = (t0: number) => Math.round((performance.now() - t0) / 100) / 10

// ---- the run -------------------------------------------------------------------------------
async function main() {
  const dataDir = args['data-dir'] ? path.resolve(args['data-dir']) : undefined
  const databaseUrl = dataDir ? args['database-url'] : undefined
  // The tasks (and so the funding rounds ingested) come from the converted records alone.
  const all = realRecords().filter((r) => r.category === 'company' || r.category === 'academic_report')
  const allRounds = sourceRounds()
  // The funding rounds of the companies some task's truth holds (by domain; the ids come with the server's secret).
  const draft = all
    .filter((r) => r.category === 'company')
    .map((r, i) => ({ id: String(i), source: r.source, record: r.record }))
  const draftTasks = buildTasks(draft)
  const needed = new Set(
    draft
      .filter((c) => draftTasks.some((t) => t.truth.has(c.id)) && typeof c.record.domain === 'string')
      .map((c) => c.record.domain as string),
  )
  const rounds = allRounds.filter((r) => needed.has(r.domain))
  const print = createHash('sha256')
    .update(fingerprint())
    .update([...needed].sort().join('\n'))
    .digest('hex')
  const kept = await prepareKept(dataDir, databaseUrl, print, 'agent-runs-real.json')
  const server = await startBenchServer(
    {
      DSP_STORE_ACQUIRE_TIMEOUT_MS: '600000',
      DSP_STORE_STATEMENT_TIMEOUT_MS: '600000',
      DSP_RETRIEVAL_TIMEOUT_MS: '120000',
      DSP_AGENT_WORKERS: '1',
    },
    dataDir ? { dataDir, ...(databaseUrl ? { databaseUrl } : {}) } : {},
  )
  const started = performance.now()
  try {
    const deps = server.app.deps
    const companies: Stored[] = []
    for (const r of all)
      if (r.category === 'company') {
        const p = prepareRecord('company', r.record, deps.secret)
        if (p.ok) companies.push({ id: p.value.id, source: r.source, record: r.record })
      }
    const everyTask = buildTasks(companies)
    const ingested: Record<string, unknown> = kept?.ingested ?? {}
    if (kept) console.error(`  ${dataDir}: already ingested (${JSON.stringify(ingested)})`)
    else {
      for (const category of ['company', 'academic_report'] as const) {
        const t0 = performance.now()
        const rows = all.filter((r) => r.category === category)
        const s = await ingestLines(
          deps,
          category,
          rows.map((r) => JSON.stringify(r.record)),
        )
        ingested[category] = {
          rows: rows.length,
          upserted: s.upserted,
          rejected: s.rejected,
          seconds: secondsSince(t0),
        }
        console.error(`  ${category}: ${JSON.stringify(ingested[category])}`)
      }
      const t0 = performance.now()
      const s = await ingestLines(
        deps,
        'funding_round',
        rounds.map((r, i) =>
          JSON.stringify({
            source_id: `crunchbase-round:${i}`,
            company_domain: r.domain,
            type: r.type,
            announced_on: r.announced_on,
            amount_usd: r.amount_usd,
          }),
        ),
      )
      ingested.funding_round = {
        rows: rounds.length,
        of: allRounds.length,
        upserted: s.upserted,
        rejected: s.rejected,
        seconds: secondsSince(t0),
      }
      console.error(`  funding_round: ${JSON.stringify(ingested.funding_round)}`)
      if (dataDir) saveKept(dataDir, 'agent-runs-real.json', { fingerprint: print, ingested })
    }
    const ingestSeconds = kept ? null : secondsSince(started)
    if (args['ingest-only']) return

    // Source values per domain: the latest round and the rounds' total (for a company without its own total).
    const byDomain = new Map<string, Stored>()
    for (const c of companies) if (typeof c.record.domain === 'string') byDomain.set(c.record.domain, c)
    const latest = new Map<string, SourceRound>()
    const raised = new Map<string, number>()
    for (const r of rounds) {
      const cur = latest.get(r.domain)
      if (!cur || r.announced_on > cur.announced_on) latest.set(r.domain, r)
      if (r.amount_usd !== null) raised.set(r.domain, (raised.get(r.domain) ?? 0) + r.amount_usd)
    }

    const tasks = everyTask.filter((t) => !KINDS || KINDS.includes(t.kind))
    console.error(
      `  ${tasks.length} tasks: ${['filter', 'topic', 'empty'].map((k) => `${tasks.filter((t) => t.kind === k).length} ${k}`).join(', ')}`,
    )
    const { key } = await server.admin.workspaceWithKey({
      scopes: ['dsp.agents.write', 'dsp.agents.read'],
      environment: 'test',
      credits: 1_000_000,
    })
    const call = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${server.url}${route}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-api-key': key,
          ...(method === 'POST' ? { 'idempotency-key': `${route}-${Math.random()}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return (await res.json()) as Record<string, unknown>
    }
    const byId = new Map(companies.map((c) => [c.id, c]))
    const brief = (r: Record<string, unknown>) =>
      [r.account_name, r.industry, r.state, (r.company_keyword as string[] | undefined)?.join(', '), r.description]
        .filter((v) => v !== undefined && v !== '')
        .join(' | ')
        .slice(0, 200)
    // The search steps from the run's event log (it ends after `done`).
    const searchesOf = async (id: string) => {
      const res = await fetch(`${server.url}/v1/agents/runs/${id}/events`, { headers: { 'x-api-key': key } })
      return (await res.text())
        .split(/\n\n/)
        .filter((b) => /^event: search_step$/m.test(b))
        .map((b) => JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as Record<string, unknown>)
        .map((d) => ({
          purpose: d.purpose,
          ...(d.kind ? { kind: d.kind } : {}),
          semantic_query: d.semantic_query,
          expansions: d.expansions,
          returned: d.returned,
          off_topic: d.off_topic,
          new_candidates: d.new_candidates,
        }))
    }
    const ENRICH = ['headcount', 'total raised', 'latest funding round', 'latest funding date', 'favourite colour']
    const results: Record<string, unknown>[] = []
    for (const task of tasks) {
      for (const tier of TIERS) {
        const t0 = performance.now()
        const start = await call('POST', '/v1/agents/runs', { query: task.query, effort: tier, enrichments: ENRICH })
        const id = start.run_id as string
        let read: Record<string, unknown>
        for (;;) {
          read = await call('GET', `/v1/agents/runs/${id}`)
          if (['completed', 'failed', 'cancelled'].includes(read.status as string)) break
          await new Promise((r) => setTimeout(r, 200))
        }
        const rows: Record<string, unknown>[] = []
        for (let cursor: string | null = null; ;) {
          const page = await call(
            'GET',
            `/v1/agents/runs/${id}/results?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          )
          rows.push(...((page.results as Record<string, unknown>[]) ?? []))
          cursor = (page.next_cursor as string | null) ?? null
          if (!cursor) break
        }
        const strict = rows.filter((r) => !((r.unknown as string[] | undefined) ?? []).length)
        const relaxed = rows.length - strict.length
        const hits = strict.filter((r) => task.truth.has(r.id as string)).length
        const precision = strict.length ? hits / strict.length : null
        const reachable = Math.min(task.truth.size, BUDGETS[tier].candidates)
        const recall = reachable ? Math.min(1, hits / reachable) : null
        // Enrichments against the source values.
        let checked = 0
        let right = 0
        let unsupportedFilled = 0
        for (const r of rows) {
          const e = r.enrichments as Record<string, unknown>
          const rec = r.record as Record<string, unknown>
          const source = byDomain.get(rec.domain as string)
          if (e['favourite colour'] !== null) unsupportedFilled++
          if (!source) continue
          const d = rec.domain as string
          const expect: Record<string, unknown> = {
            headcount: source.record.employee_count ?? null,
            'total raised': source.record.total_funding ?? raised.get(d) ?? null,
            'latest funding date': source.record.last_funding_date ?? latest.get(d)?.announced_on ?? null,
            'latest funding round': latest.get(d)
              ? {
                  type: latest.get(d)!.type,
                  announced_on: latest.get(d)!.announced_on,
                  amount_usd: latest.get(d)!.amount_usd,
                }
              : null,
          }
          for (const [col, want] of Object.entries(expect)) {
            const got = e[col] ?? null
            if (got === null && want === null) continue
            checked++
            const same =
              col === 'latest funding round' && got && want
                ? (got as { announced_on: string }).announced_on === (want as { announced_on: string }).announced_on
                : JSON.stringify(got) === JSON.stringify(want)
            if (same) right++
          }
        }
        const insights = (read.insights as { statement: string }[]) ?? []
        const offTopic = insights.filter((i) => !task.topic.some((t) => has(i.statement.toLowerCase(), t)))
        const onTopic = insights.filter((i) => task.topic.some((t) => has(i.statement.toLowerCase(), t))).length
        const summary = String(read.summary ?? '')
        const explained =
          rows.length > 0
            ? strict.length > 0 || /was dropped for/.test(summary)
            : /Nothing was kept because [^.]+\./.test(summary)
        const result = {
          kind: task.kind,
          query: task.query,
          tier,
          status: read.status,
          truth: task.truth.size,
          rows: rows.length,
          relaxed_rows: relaxed,
          precision,
          recall,
          enrichment_checked: checked,
          enrichment_accuracy: checked ? right / checked : null,
          unsupported_filled: unsupportedFilled,
          insights: insights.length,
          insights_on_topic: insights.length ? onTopic / insights.length : null,
          empty_explained: rows.length === 0 || relaxed === rows.length ? explained : null,
          seconds: Math.round((performance.now() - t0) / 100) / 10,
          summary: rows.length === 0 ? summary : undefined,
          // What the run searched, and a few rows it kept wrongly or missed (by their source values).
          searches: await searchesOf(id),
          wrong_sample: strict
            .filter((r) => !task.truth.has(r.id as string))
            .slice(0, 3)
            .map((r) => brief(r.record as Record<string, unknown>)),
          insights_off_topic_sample: offTopic.slice(0, 3).map((i) => i.statement.slice(0, 200)),
          missed_sample: [...task.truth]
            .filter((t) => !rows.some((r) => r.id === t))
            .slice(0, 3)
            .map((t) => brief(byId.get(t)!.record)),
        }
        results.push(result)
        console.error(
          `  ${task.kind.padEnd(6)} ${tier.padEnd(6)} rows ${String(rows.length).padStart(4)} truth ${String(task.truth.size).padStart(4)} P ${precision?.toFixed(2) ?? ' -  '} R ${recall?.toFixed(2) ?? ' -  '} E ${result.enrichment_accuracy?.toFixed(3) ?? '-'} I ${result.insights_on_topic?.toFixed(2) ?? '-'} ${result.seconds}s  ${task.query}`,
        )
      }
    }
    const mean = (xs: (number | null)[]) => {
      const v = xs.filter((x): x is number => x !== null)
      return v.length ? Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 1000) / 1000 : null
    }
    const summary: Record<string, Record<string, unknown>> = {}
    for (const tier of TIERS) {
      const of = (k: Kind) => results.filter((r) => r.tier === tier && r.kind === k)
      const tierRows = results.filter((r) => r.tier === tier)
      summary[tier] = {
        precision_filter: mean(of('filter').map((r) => r.precision as number | null)),
        precision_topic: mean(of('topic').map((r) => r.precision as number | null)),
        recall_filter: mean(of('filter').map((r) => r.recall as number | null)),
        recall_topic: mean(of('topic').map((r) => r.recall as number | null)),
        recall: mean([...of('filter'), ...of('topic')].map((r) => r.recall as number | null)),
        enrichment_accuracy: (() => {
          const c = tierRows.reduce((a, r) => a + (r.enrichment_checked as number), 0)
          const ok = tierRows.reduce(
            (a, r) =>
              a + Math.round(((r.enrichment_accuracy as number | null) ?? 0) * (r.enrichment_checked as number)),
            0,
          )
          return c ? Math.round((ok / c) * 1000) / 1000 : null
        })(),
        unsupported_columns_empty: tierRows.every((r) => r.unsupported_filled === 0),
        insights_on_topic: mean(tierRows.map((r) => r.insights_on_topic as number | null)),
        empty_answers_explained: tierRows
          .filter((r) => r.empty_explained !== null)
          .every((r) => r.empty_explained === true),
        empty_answers: tierRows.filter((r) => r.empty_explained !== null).length,
        seconds_mean: mean(tierRows.map((r) => r.seconds as number)),
      }
    }
    const out = {
      name: 'agent-runs-real',
      date: new Date().toISOString(),
      store: server.store,
      tiers: TIERS,
      tasks: tasks.length,
      ingest_seconds: ingestSeconds,
      ingested,
      goals: {
        precision_filter: 0.95,
        precision_topic: 0.85,
        recall: 0.85,
        enrichment_accuracy: 0.98,
        insights_on_topic: 0.8,
      },
      summary,
      results,
    }
    const suffix = `${PARTIAL ? '.partial' : ''}${server.store === 'postgresql' ? '.postgresql' : ''}`
    writeFileSync(
      new URL(`./results/agent-runs-real${suffix}.json`, import.meta.url),
      `${JSON.stringify(out, null, 2)}\n`,
    )
    console.error(JSON.stringify(summary, null, 2))
  } finally {
    await server.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
