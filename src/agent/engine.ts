// The rule-based agent engine: plan → searches (each screened against the criteria) → insights →
// answer. Every step is a checkpoint committed with its events (domain/agent-runs/progress.ts),
// so a run picked up again after its worker died resumes after its last committed step. It
// reads only through the search service (retrieve, buildRows) and the domain. Deterministic for
// a given corpus, query and tier.
import type { RunCategory } from '../contract/agent-runs.ts'
import { SEARCH_LIMIT, SIMILAR_ANCHORS_MAX } from '../contract/search.ts'
import { ApiError } from '../errors.ts'
import { normaliseDomain, normaliseProfileUrl } from '../corpus/normalise.ts'
import { lexemeOf } from '../retrieval/fulltext.ts'
import type { NewEvent } from '../store/agent-runs.ts'
import type { Filters } from '../store/search-filters.ts'
import * as progress from '../domain/agent-runs/progress.ts'
import type { RunAnswer } from '../domain/agent-runs/progress.ts'
import {
  buildRows,
  queryTerms,
  retrieve,
  vectorDegradation,
  vectorUnavailableDegradation,
  withRetrieval,
  type RetrievalPlan,
} from '../domain/search/engine.ts'
import { readSearchQuery } from '../domain/search/llm-parser.ts'
import { termFrequencies } from '../domain/search/rarity.ts'
import { vocabularies } from '../domain/search/vocabularies.ts'
import { findSimilar } from '../domain/search/similar.ts'
import type { Credential, Deps } from '../domain/types.ts'
import { composeAnswer, type ScreenState } from './answer.ts'
import { columnValue } from './columns.ts'
import { checkCriterion, mentionsAny, recordText, type CriterionCheck } from './criteria.ts'
import { findInsights, type InsightsResult } from './insights.ts'
import { linkedNames, linkedValues } from './links.ts'
import {
  describeFilter,
  describeFilters,
  expansionWord,
  planRun,
  RECALL_TIERS,
  VOCABULARY_TERMS_MAX,
  type RunPlan,
  type SearchSpec,
} from './plan.ts'
import { matchTopic } from './topic.ts'
import { checkValue, filterEvidence, personFilterCheck, type ValueFilter } from './values.ts'

/** The run stops between steps when this says so (worker shutting down); its lease then expires and it is picked up again. */
export type ShouldStop = () => boolean

export class Interrupted extends Error {}

/** A filter read from the query, checked on the row: its verdict and the record's own value. */
export interface FilterCheck {
  filter: string
  verdict: 'met' | 'unknown'
  evidence: string | null
}

export interface KeptRow {
  id: string
  score: number
  checks: CriterionCheck[]
  /** Where the record carries the run's topic (absent when the run has no topic words). */
  topic?: { field: string | null; evidence: string | null; words: string[] } | null
  filters?: FilterCheck[]
  /** Fields whose value the record lacks, kept because the filter on them was relaxed. */
  unknown?: string[]
}

/** What a value filter's check found among the candidates found without it (step `values:<key>`). */
export interface ValueProbe {
  key: string
  field: string
  label: string
  origin: 'query' | 'criterion'
  /** Candidates on topic and meeting everything else that lack the value. */
  unknown: number
  /** Of those, kept as rows with the value shown unknown (the filter relaxed). */
  relaxed: number
  /** Candidates whose known value is outside the bound. */
  not_met: number
}

/** What a search step adds to the run's state (its checkpoint). */
interface SearchDelta {
  step: number
  returned: number
  seen: string[]
  kept: KeptRow[]
  excluded: number
  /** Rows that do not carry the run's topic (or, for people, do not mention it in a search that ignored it). */
  off_topic: number
  /** Their ids, so a record met in several searches is counted once. Absent in steps stored before it existed. */
  off_topic_ids?: string[]
  stats: { evaluated: number; passed: number; unknown?: number }[]
  total: number | null
  total_is_estimate: boolean | null
  exhausted: boolean
  budget_hit: boolean
  /** The embeddings provider failed on this search's words: it matched by words only. Absent in steps stored before it existed. */
  vector_unavailable?: boolean
  /** A vocabulary search: the expansion words it ran with (the plan's and the best rows'). */
  expansions?: string[]
  /** A look-alike search: the best rows it resembled. */
  anchors?: string[]
}

/** A search step before it has read anything: no rows, no verdicts, one zeroed tally per criterion. */
function emptyDelta(spec: SearchSpec, plan: RunPlan): SearchDelta {
  return {
    step: spec.step,
    returned: 0,
    seen: [],
    kept: [],
    excluded: 0,
    off_topic: 0,
    stats: plan.criteria.map(() => ({ evaluated: 0, passed: 0, unknown: 0 })),
    total: null,
    total_is_estimate: null,
    exhausted: false,
    budget_hit: false,
  }
}

const ev = (event: string, data: Record<string, unknown>): NewEvent => ({ event, data })

/** Runs (or resumes) a claimed run to its end. Throws LostClaim or Interrupted when it must stop quietly. */
export async function executeRun(deps: Deps, claim: progress.Claim, shouldStop: ShouldStop): Promise<void> {
  const run = claim.run
  // Loading the embedder is a one-off of the process: done here, outside the retrieval deadlines.
  await deps.embedder()
  const done = await progress.loadCheckpoint(deps, claim)
  const step = async <T>(
    name: string,
    work: () => Promise<{ output: T; events: NewEvent[]; fields?: Parameters<typeof progress.commitStep>[5] }>,
  ): Promise<T> => {
    if (done.has(name)) return done.get(name) as T
    if (shouldStop()) throw new Interrupted()
    const r = await work()
    await progress.commitStep(deps, claim, name, r.output, r.events, r.fields)
    return r.output
  }

  const input = {
    query: run.query,
    category: run.category as RunCategory,
    effort: run.effort as RunPlan['tier'] | 'auto',
    criteria: run.criteria as string[],
    enrichments: run.enrichments as string[],
  }
  const plan = await step('plan', async () => {
    const vocab = await vocabularies(deps)
    const now = deps.clock.now()
    const nowYear = now.getUTCFullYear()
    // With DSP_PARSER_PROVIDER=llm the language model reads the query (its filters and topic);
    // on its failure or timeout the rules do, and the run says so in its degradation.
    const reading =
      deps.config.DSP_PARSER_PROVIDER === 'llm'
        ? await readSearchQuery(deps, input.query, vocab, { category: input.category, nowYear })
        : undefined
    const p = planRun(input, vocab, nowYear, reading, now)
    return {
      output: p,
      fields: { tier: p.tier },
      events: [
        ev('plan', {
          tier: p.tier,
          tier_chosen_by: run.effort === 'auto' ? 'auto' : 'caller',
          parser_version: p.parser_version,
          budget: p.budget,
          filters: p.filters,
          semantic_query: p.semantic_query,
          searches: p.searches.map((s) => ({
            step: s.step,
            purpose: s.purpose,
            ...(s.kind ? { kind: s.kind } : {}),
            semantic_query: s.semantic_query,
            expansions: s.expansions,
          })),
          criteria: p.criteria.map((c) => ({
            criterion: c.criterion,
            method: c.method,
            filters: c.filters,
            terms: c.terms,
            negated: c.negated,
            ...(c.top_schools ? { top_schools: c.top_schools } : {}),
          })),
          columns: p.columns,
        }),
      ],
    }
  })

  const exclusion = exclusionMatcher(run.exclusion as string[])
  const state: ScreenState = {
    seen: new Set(),
    kept: [],
    excluded: 0,
    stats: plan.criteria.map(() => ({ evaluated: 0, passed: 0, unknown: 0 })),
    universe: null,
    primary_exhausted: false,
    primary_seen: 0,
    all_exhausted: true,
    searches_run: 0,
    budget_hit: false,
    vector_unavailable: false,
    off_topic: new Set(),
    probes: [],
    implied_dropped: null,
  }
  const apply = (d: SearchDelta) => {
    d.seen.forEach((id) => state.seen.add(id))
    d.off_topic_ids?.forEach((id) => state.off_topic.add(id))
    state.kept.push(...d.kept)
    state.excluded += d.excluded
    d.stats.forEach((s, i) => {
      state.stats[i]!.evaluated += s.evaluated
      state.stats[i]!.passed += s.passed
      state.stats[i]!.unknown = (state.stats[i]!.unknown ?? 0) + (s.unknown ?? 0)
    })
    if (d.step === 0 && d.total !== null) {
      state.universe = { total: d.total, estimate: d.total_is_estimate ?? false }
      state.primary_exhausted = d.exhausted
      state.primary_seen = d.seen.length
    }
    state.all_exhausted &&= d.exhausted
    state.searches_run += 1
    state.budget_hit ||= d.budget_hit
    state.vector_unavailable ||= d.vector_unavailable === true
  }
  const search = async (spec: SearchSpec) => {
    const before = rowsMeetingEveryFilter(state)
    const delta = await step(`search:${spec.step}`, async () => {
      const d =
        spec.kind === 'similar'
          ? await similarStep(deps, run.workspace_id, plan, spec, state, exclusion)
          : spec.kind === 'vocabulary'
            ? await vocabularyStep(deps, plan, spec, state, exclusion)
            : spec.kind === 'relaxed'
              ? await relaxedStep(deps, plan, spec, state, exclusion)
              : await searchStep(deps, plan, spec, state, exclusion)
      return { output: d, events: searchEvents(plan, spec, d, state) }
    })
    apply(delta)
    if (spec.kind === 'relaxed')
      state.implied_dropped = {
        filters: (plan.implied ?? []).map((f) => describeFilter(f.key, plan.filters[f.key])),
        words: (plan.implied ?? []).flatMap((f) => f.words),
        meeting: before,
        kept: delta.kept.length,
      }
  }
  for (const spec of plan.searches) {
    if (state.budget_hit) break
    // Below medium effort the budget has no search to spare: the last one runs without the
    // filters the query only implied when the searches before it came back thin.
    const last = spec.step > 0 && spec.step === plan.searches.length - 1 && !RECALL_TIERS.has(plan.tier)
    await search(last && thinBesideImplied(plan, state) ? relaxedSpec(plan, spec.step) : spec)
  }
  // Medium effort and above: one more search, without them, after the planned ones.
  if (RECALL_TIERS.has(plan.tier) && !state.budget_hit && thinBesideImplied(plan, state))
    await search(relaxedSpec(plan, plan.searches.length))

  // Each value filter checked again on the candidates found without it: how many lack the value
  // (and, at medium effort and above, a thin answer keeps them when the query's text only implied it).
  for (const vf of plan.value_filters ?? []) {
    if (shouldStop()) throw new Interrupted()
    const probe = await step(`values:${vf.key}`, async () => {
      const r = await valueStep(deps, plan, vf, state, exclusion)
      return {
        output: r,
        events: [
          ev('search_step', {
            step: plan.searches.length + state.probes.length,
            purpose: `without the filter on ${vf.label}, to count the records lacking it`,
            semantic_query: plan.semantic_query,
            expansions: [],
            returned: r.returned,
            off_topic: 0,
            new_candidates: r.seen.length,
            candidates_examined: state.seen.size + r.seen.length,
            matching_total: null,
            matching_total_is_estimate: null,
          }),
          ev('values_checked', {
            filter: vf.key,
            field: vf.field,
            origin: vf.origin,
            unknown: r.probe.unknown,
            relaxed: r.probe.relaxed,
            not_met: r.probe.not_met,
          }),
        ],
      }
    })
    probe.seen.forEach((id) => state.seen.add(id))
    state.kept.push(...probe.kept)
    state.probes.push(probe.probe)
  }

  const insights = await step('insights', async () => {
    const names = await rowNames(deps, plan, state.kept.slice(0, 200))
    const r = await findInsights(deps, plan, names)
    return {
      output: r,
      events: [
        ev('insights', {
          searches: r.searches,
          insights: r.insights.length,
          insight_sources: r.insight_sources.length,
        }),
      ],
    }
  })

  if (shouldStop()) throw new Interrupted()
  await finish(deps, claim, plan, state, insights)
}

async function searchStep(
  deps: Deps,
  plan: RunPlan,
  spec: SearchSpec,
  state: ScreenState,
  exclusion: (row: Record<string, unknown>) => boolean,
): Promise<SearchDelta> {
  const retrievalPlan: RetrievalPlan = {
    category: plan.category,
    filters: plan.filters,
    include_domains: [],
    semantic_query: spec.semantic_query,
    semantic_scope: spec.semantic_scope,
    sort: [],
    expansions: spec.expansions,
    pool: plan.budget.page * plan.budget.depth,
  }
  const proof = describeFilters(plan.filters)
  const delta = emptyDelta(spec, plan)
  const seen = new Set(state.seen)
  // The whole fused list is read (the words' matches and their vector neighbours, up to twice the
  // pool), not only its first pool's worth: the neighbours that do not carry the topic are skipped.
  const pages = plan.budget.depth * 2
  // One retrieval deadline per page (DSP_RETRIEVAL_TIMEOUT_MS), as a search request has.
  for (let page = 0; page < pages; page++) {
    const { got, rows } = await withRetrieval(deps, async () => {
      const got = await retrieve(deps, retrievalPlan, page * plan.budget.page, plan.budget.page)
      return { got, rows: await buildRows(deps, plan.category, got.hits) }
    })
    if (got.vector_unavailable) delta.vector_unavailable = true
    if (page === 0) {
      delta.total = got.total
      delta.total_is_estimate = got.total_is_estimate
    }
    delta.returned += rows.length
    screen(plan, spec, rows, delta, seen, exclusion, proof)
    const reached = page * plan.budget.page + got.hits.length
    if (got.hits.length < plan.budget.page || reached >= Math.min(got.total, got.reachable)) {
      delta.exhausted = !got.total_is_estimate && reached >= got.total
      break
    }
    if (delta.budget_hit) break
  }
  return delta
}

/** How many of the best rows a look-alike search resembles, and a vocabulary search reads. */
const BEST_ROWS: Record<RunPlan['tier'], number> = { minimal: 0, low: 3, medium: 5, high: 8, xhigh: 10 }

/** The best rows kept so far (by score, ties by the order found), as records. */
async function bestRows(deps: Deps, plan: RunPlan, state: ScreenState): Promise<Record<string, unknown>[]> {
  const best = state.kept
    .filter((k) => !k.unknown?.length)
    .map((k, i) => ({ k, i }))
    .sort((a, b) => b.k.score - a.k.score || a.i - b.i)
    .slice(0, BEST_ROWS[plan.tier])
    .map((x) => ({ id: x.k.id, score: x.k.score }))
  if (!best.length) return []
  return withRetrieval(deps, () => buildRows(deps, plan.category, best))
}

/**
 * The query again with the corpus's own words for its topic: the plan's (from the index's
 * vocabularies) and the keywords and industries two or more of the best rows share beside the
 * topic (most shared first, then alphabetical). Its rows pass the same checks as any search's.
 */
async function vocabularyStep(
  deps: Deps,
  plan: RunPlan,
  spec: SearchSpec,
  state: ScreenState,
  exclusion: (row: Record<string, unknown>) => boolean,
): Promise<SearchDelta> {
  const counts = new Map<string, number>()
  for (const row of await bestRows(deps, plan, state)) {
    const values = [row.industry, row.sub_industry, ...(Array.isArray(row.company_keyword) ? row.company_keyword : [])]
    const words = new Set(values.flatMap((v) => (typeof v === 'string' ? queryTerms(v) : [])).filter(expansionWord))
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
  }
  const shared = [...counts.entries()]
    .filter(([w, n]) => n >= 2 && !plan.topic_terms.includes(w) && !spec.expansions.includes(w))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w)
  // Alone, only the rarer words; with the topic's words, every one (the most shared first) at
  // medium effort and above, where the rarer ones also get their own search ("developer tools"
  // reaches more rows beside "api" and "saas"), but only the rarer ones at low effort, whose one
  // vocabulary search a common word would fill ("drone" beside "industrials").
  const all = [...spec.expansions, ...shared]
  const expansions =
    spec.semantic_query === null || !RECALL_TIERS.has(plan.tier)
      ? await rareEnough(deps, plan, all)
      : all.slice(0, VOCABULARY_TERMS_MAX)
  if (!expansions.length && spec.semantic_query === null)
    return { ...emptyDelta(spec, plan), exhausted: true, expansions }
  // The words are searched together, the rarest weighing most: a record naming the topic and the
  // corpus's words for it ranks first, and one naming any of them is still a candidate.
  const words = [spec.semantic_query ?? '', ...expansions].join(' ').trim()
  const d = await searchStep(deps, plan, { ...spec, semantic_query: words || null, expansions: [] }, state, exclusion)
  return { ...d, expansions }
}

/** Rows kept so far that meet every filter (none relaxed). */
const rowsMeetingEveryFilter = (state: ScreenState) => state.kept.filter((k) => !k.unknown?.length).length

/**
 * The answer is thin (fewer rows meeting every filter than the tier's page) and the query's text
 * implied a category filter beside its topic: worth a search without it (RunPlan.implied).
 */
function thinBesideImplied(plan: RunPlan, state: ScreenState): boolean {
  return (plan.implied?.length ?? 0) > 0 && rowsMeetingEveryFilter(state) < plan.budget.page
}

/** The search without the implied filters: the query's words and theirs ("payroll" and "software"). */
function relaxedSpec(plan: RunPlan, step: number): SearchSpec {
  const implied = plan.implied ?? []
  const words = [plan.semantic_query ?? '', ...implied.flatMap((f) => f.words)].join(' ').trim()
  return {
    step,
    purpose: `the query without ${implied.map((f) => describeFilter(f.key, plan.filters[f.key])).join(' and ')}, its words searched instead`,
    semantic_query: words || null,
    semantic_scope: plan.searches[0]?.semantic_scope ?? null,
    expansions: [],
    check_topic: false,
    kind: 'relaxed',
  }
}

/**
 * The query without the category filters its text only implied, their words searched as words.
 * A row still carries the topic (the words no filter took) and meets every other filter and
 * criterion; it scores half, below every row meeting the dropped filter, and lists only the
 * filters it was searched with.
 */
async function relaxedStep(
  deps: Deps,
  plan: RunPlan,
  spec: SearchSpec,
  state: ScreenState,
  exclusion: (row: Record<string, unknown>) => boolean,
): Promise<SearchDelta> {
  const dropped = new Set((plan.implied ?? []).map((f) => f.key))
  const keep = (filters: Filters) => Object.fromEntries(Object.entries(filters).filter(([k]) => !dropped.has(k)))
  const without: RunPlan = { ...plan, filters: keep(plan.filters), query_filters: keep(plan.query_filters) }
  const d = await searchStep(deps, without, spec, state, exclusion)
  return { ...d, kept: d.kept.map((k) => ({ ...k, score: Math.round((k.score / 2) * 10000) / 10000 })) }
}

/**
 * The expansion words fit to be searched alone, rarest first, at most VOCABULARY_TERMS_MAX: a word
 * more of the category's records name than the search reads (its pool, pages × rows) would fill
 * it on its own and crowd out the records the rarer words find ("saas" beside "legaltech"), and
 * a word no record names finds nothing; both are left out.
 */
async function rareEnough(deps: Deps, plan: RunPlan, words: string[]): Promise<string[]> {
  if (!words.length) return []
  const lexemes = new Map(words.map((w) => [w, lexemeOf(w)]))
  const { df } = await withRetrieval(deps, () =>
    termFrequencies(
      deps,
      plan.category,
      [...lexemes.values()].filter((l): l is string => l !== null),
    ),
  )
  const pool = plan.budget.page * plan.budget.depth
  const count = (w: string) => df.get(lexemes.get(w) ?? '') ?? 0
  return words
    .map((w, i) => ({ w, i, n: count(w) }))
    .filter((x) => x.n > 0 && x.n <= pool)
    .sort((a, b) => a.n - b.n || a.i - b.i)
    .slice(0, VOCABULARY_TERMS_MAX)
    .map((x) => x.w)
}

/**
 * Look-alikes of the best rows (the engine of POST /v1/similar, under the run's filters): each
 * passes the same checks as a search's row (the topic carried, every criterion, the exclusion
 * list). A look-alike that does not carry the topic is never kept. Nothing to resemble: no search.
 */
async function similarStep(
  deps: Deps,
  workspaceId: string,
  plan: RunPlan,
  spec: SearchSpec,
  state: ScreenState,
  exclusion: (row: Record<string, unknown>) => boolean,
): Promise<SearchDelta> {
  const delta: SearchDelta = { ...emptyDelta(spec, plan), anchors: [] }
  const anchors = (await bestRows(deps, plan, state))
    .map((r) => r.domain)
    .filter((d): d is string => typeof d === 'string' && d !== '')
    .slice(0, SIMILAR_ANCHORS_MAX)
  delta.anchors = anchors
  if (!anchors.length) {
    delta.exhausted = true
    return delta
  }
  // The run is charged by its tier: the look-alike engine's own charge is not applied.
  const credential: Credential = {
    kind: 'api_key',
    workspace_id: workspaceId,
    organisation_id: '',
    key_id: null,
    user_id: null,
    environment: 'live',
    scopes: [],
  }
  const limit = Math.min(plan.budget.page, SEARCH_LIMIT.max)
  const proof = describeFilters(plan.filters)
  const seen = new Set(state.seen)
  let cursor: string | null = null
  for (let page = 0; page < plan.budget.depth; page++) {
    let envelope: Awaited<ReturnType<typeof findSimilar>>['envelope']
    try {
      ;({ envelope } = await findSimilar(
        deps,
        credential,
        { anchors, filters: plan.filters as Record<string, unknown>, limit, cursor },
        { request_id: `agent-run-similar-${spec.step}`, idempotency_scope: null },
      ))
    } catch (e) {
      // Filters the look-alike engine refuses (it takes company filters only): no look-alikes, the run goes on.
      if (e instanceof ApiError && e.status < 500) {
        delta.exhausted = true
        break
      }
      throw e
    }
    const rows = envelope.results as Record<string, unknown>[]
    if (page === 0) {
      delta.total = envelope.total
      delta.total_is_estimate = envelope.total_is_estimate
    }
    delta.returned += rows.length
    screen(plan, spec, rows, delta, seen, exclusion, proof)
    cursor = envelope.next_cursor
    if (!cursor) {
      delta.exhausted = !envelope.total_is_estimate
      break
    }
    if (delta.budget_hit) break
  }
  return delta
}

/** Screens a page's new rows: topic, every criterion, then the exclusion list. */
function screen(
  plan: RunPlan,
  spec: SearchSpec,
  rows: Record<string, unknown>[],
  delta: SearchDelta,
  seen: Set<string>,
  exclusion: (row: Record<string, unknown>) => boolean,
  proof: string | null,
): void {
  const offTopic = new Set<string>()
  for (const row of rows) {
    const id = String(row.id)
    if (seen.has(id) || offTopic.has(id)) continue
    if (seen.size >= plan.budget.candidates) {
      delta.budget_hit = true
      return
    }
    const text = recordText(row)
    const topic = plan.category === 'company' ? matchTopic(plan.category, plan.topic_terms, row) : null
    const off = topic ? !topic.carried : spec.check_topic && !mentionsAny(plan.topic_terms, text)
    if (off) {
      offTopic.add(id)
      delta.off_topic += 1
      ;(delta.off_topic_ids ??= []).push(id)
      continue
    }
    seen.add(id)
    delta.seen.push(id)
    const checks = plan.criteria.map((c) => judge(plan, c, row, text, proof))
    checks.forEach((c, i) => {
      delta.stats[i]!.evaluated += 1
      if (c.passed) delta.stats[i]!.passed += 1
      if (c.verdict === 'unknown') delta.stats[i]!.unknown = (delta.stats[i]!.unknown ?? 0) + 1
    })
    if (!checks.every((c) => c.passed)) continue
    if (exclusion(row)) {
      delta.excluded += 1
      continue
    }
    delta.kept.push(keptRow(plan, id, row, checks, topic, rank(plan, seen.size), []))
  }
}

/** 1 for the first candidate examined, falling towards 0 by the tier's candidate budget: the retrieval order. */
const rank = (plan: RunPlan, nth: number) => 1 - nth / (plan.budget.candidates + 1)

/**
 * A row's score: 0.5 + 0.4 × the topic's strength (which fields carry its words) + 0.1 × its
 * retrieval order, in (0.5, 1]; a row kept by a relaxed filter scores half of that, below every
 * row meeting every filter. Rounded to 4 places; equal scores are rare.
 */
function keptRow(
  plan: RunPlan,
  id: string,
  row: Record<string, unknown>,
  checks: CriterionCheck[],
  topic: ReturnType<typeof matchTopic> | null,
  order: number,
  unknown: ValueFilter[],
): KeptRow {
  const strength = topic ? topic.strength : 1
  const full = 0.5 + 0.4 * Math.min(1, strength) + 0.1 * order
  const score = Math.round((unknown.length ? full / 2 : full) * 10000) / 10000
  const filters: FilterCheck[] = Object.entries(plan.query_filters)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => {
      const relaxed = unknown.find((u) => u.key === k)
      return {
        filter: describeFilter(k, v),
        verdict: relaxed ? ('unknown' as const) : ('met' as const),
        evidence: relaxed
          ? `${relaxed.field}: unknown`
          : plan.category === 'person'
            ? (personFilterCheck(k, v, row, clockOf(plan))?.evidence ?? filterEvidence(plan.category, k, v, row))
            : filterEvidence(plan.category, k, v, row),
      }
    })
  return {
    id,
    score,
    checks,
    topic:
      topic && plan.topic_terms.length ? { field: topic.field, evidence: topic.evidence, words: topic.matched } : null,
    filters,
    ...(unknown.length ? { unknown: unknown.map((u) => u.field) } : {}),
  }
}

/**
 * One criterion on one row. A filter criterion was proven by every search's filters; its evidence
 * is the record's own value. A judged one is read from the record's text; a record with no
 * description, keywords or products to read leaves it undecided (verdict unknown, not kept).
 */
function judge(
  plan: RunPlan,
  c: RunPlan['criteria'][number],
  row: Record<string, unknown>,
  text: string,
  proof: string | null,
): CriterionCheck {
  if (c.method === 'filter' && plan.category === 'person') return judgePerson(plan, c, row, text, proof)
  if (c.method === 'filter') {
    const evidence = Object.entries(c.filters)
      .map(([k, v]) => filterEvidence(plan.category, k, v, row))
      .filter(Boolean)
      .join('; ')
    return {
      ...checkCriterion(c, text, describeFilters(c.filters) ?? proof),
      verdict: 'met',
      evidence: evidence || (describeFilters(c.filters) ?? proof),
    }
  }
  const check = checkCriterion(c, text, null)
  if (check.passed) return { ...check, verdict: 'met' }
  const readable =
    plan.category !== 'company' ||
    ['description', 'short_description', 'company_keyword', 'products', 'technology'].some((f) => {
      const v = row[f]
      return typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) && v.length > 0
    })
  return { ...check, verdict: readable ? 'not_met' : 'unknown' }
}

/** The run's clock when it planned; a plan stored before it held one reads the present. */
const clockOf = (plan: RunPlan) => (plan.now ? new Date(plan.now) : new Date())

/**
 * A filter criterion of a person run, judged on the record's own fields against the run's clock
 * (values.ts personFilterCheck): "has been in role under a year" reads the current job's start,
 * "studied at <school>" the education. Not met when a field says no, unknown (never kept) when the
 * record lacks it; a filter this does not judge (a level, a function) was proven by the searches.
 * A top-N school says its rank among the index's schools by people.
 */
function judgePerson(
  plan: RunPlan,
  c: RunPlan['criteria'][number],
  row: Record<string, unknown>,
  text: string,
  proof: string | null,
): CriterionCheck {
  const now = clockOf(plan)
  const parts: string[] = []
  let verdict: 'met' | 'not_met' | 'unknown' = 'met'
  for (const [k, v] of Object.entries(c.filters)) {
    const check = personFilterCheck(k, v, row, now)
    let evidence = check?.evidence ?? filterEvidence(plan.category, k, v, row)
    if (check && k === 'university' && c.top_schools) {
      const schools = (v as { include?: string[] }).include ?? []
      const education = (Array.isArray(row.education) ? row.education : []) as { school?: string }[]
      const rank = schools.findIndex((s) => education.some((e) => e.school?.toLowerCase().includes(s.toLowerCase())))
      evidence +=
        rank >= 0
          ? ` — #${rank + 1} of the index's schools by people`
          : ` — none of the index's top ${c.top_schools} schools by people`
    }
    if (evidence) parts.push(evidence)
    if (check?.verdict === 'not_met') verdict = 'not_met'
    else if (check?.verdict === 'unknown' && verdict === 'met') verdict = 'unknown'
  }
  const base = checkCriterion(c, text, describeFilters(c.filters) ?? proof)
  return {
    ...base,
    passed: verdict === 'met',
    verdict,
    evidence: parts.join('; ') || (describeFilters(c.filters) ?? proof),
  }
}

interface ValueStepResult {
  returned: number
  seen: string[]
  kept: KeptRow[]
  probe: ValueProbe
}

/** The run's searches without one value filter: the on-topic candidates meeting everything else, by what they hold. */
async function valueStep(
  deps: Deps,
  plan: RunPlan,
  vf: ValueFilter,
  state: ScreenState,
  exclusion: (row: Record<string, unknown>) => boolean,
): Promise<ValueStepResult> {
  const { [vf.key]: bound, ...others } = plan.filters
  const out: ValueStepResult = {
    returned: 0,
    seen: [],
    kept: [],
    probe: { key: vf.key, field: vf.field, label: vf.label, origin: vf.origin, unknown: 0, relaxed: 0, not_met: 0 },
  }
  const relax = plan.relax === true && vf.origin === 'query' && state.kept.length < plan.budget.page
  const retrievalPlan: RetrievalPlan = {
    category: plan.category,
    filters: others,
    include_domains: [],
    semantic_query: plan.semantic_query,
    semantic_scope: plan.searches[0]?.semantic_scope ?? null,
    sort: [],
    expansions: [],
    pool: plan.budget.page * plan.budget.depth,
  }
  const seen = new Set(state.seen)
  const looked = new Set<string>()
  for (let page = 0; page < plan.budget.depth; page++) {
    const { got, rows } = await withRetrieval(deps, async () => {
      const got = await retrieve(deps, retrievalPlan, page * plan.budget.page, plan.budget.page)
      return { got, rows: await buildRows(deps, plan.category, got.hits) }
    })
    out.returned += rows.length
    for (const row of rows) {
      const id = String(row.id)
      if (seen.has(id) || looked.has(id)) continue
      looked.add(id)
      const verdict = checkValue(vf.key, bound, row)
      if (verdict === 'met') continue
      const topic = plan.category === 'company' ? matchTopic(plan.category, plan.topic_terms, row) : null
      if (topic && !topic.carried) continue
      const text = recordText(row)
      const checks = plan.criteria.map((c) =>
        c.method === 'filter' && vf.key in c.filters
          ? {
              criterion: c.criterion,
              passed: false,
              proven_by: 'query' as const,
              verdict: 'unknown' as const,
              evidence: `${vf.field}: ${verdict === 'unknown' ? 'unknown' : String(row[vf.field])}`,
            }
          : judge(plan, c, row, text, null),
      )
      if (!checks.every((c) => c.passed || (c.verdict === 'unknown' && c.proven_by === 'query'))) continue
      if (verdict === 'not_met') {
        out.probe.not_met += 1
        continue
      }
      out.probe.unknown += 1
      if (!relax || !checks.every((c) => c.passed) || seen.size >= plan.budget.candidates) continue
      seen.add(id)
      out.seen.push(id)
      if (exclusion(row)) continue
      out.probe.relaxed += 1
      out.kept.push(keptRow(plan, id, row, checks, topic, rank(plan, seen.size), [vf]))
    }
    if (got.hits.length < plan.budget.page) break
  }
  return out
}

function searchEvents(plan: RunPlan, spec: SearchSpec, d: SearchDelta, before: ScreenState): NewEvent[] {
  const keptBefore = before.kept.length
  return [
    ev('search_step', {
      step: spec.step,
      purpose: spec.purpose,
      ...(spec.kind ? { kind: spec.kind } : {}),
      semantic_query: spec.semantic_query,
      expansions: d.expansions ?? spec.expansions,
      ...(d.anchors ? { anchors: d.anchors } : {}),
      returned: d.returned,
      off_topic: d.off_topic,
      new_candidates: d.seen.length,
      candidates_examined: before.seen.size + d.seen.length,
      matching_total: d.total,
      matching_total_is_estimate: d.total_is_estimate,
    }),
    ev('rows_found', {
      step: spec.step,
      new_rows: d.kept.length,
      rows: keptBefore + d.kept.length,
      excluded: d.excluded,
      sample: d.kept.slice(0, 5).map((k) => k.id),
    }),
    ev('criterion_progress', {
      step: spec.step,
      criteria: plan.criteria.map((c, i) => {
        const evaluated = before.stats[i]!.evaluated + d.stats[i]!.evaluated
        const passed = before.stats[i]!.passed + d.stats[i]!.passed
        return {
          criterion: c.criterion,
          proven_by: c.method === 'filter' ? 'query' : 'judged',
          evaluated,
          passed,
          success_rate: evaluated ? Math.round((passed / evaluated) * 1000) / 1000 : null,
        }
      }),
    }),
  ]
}

/** Display names of the kept rows (companies, or people and their employers), so insights skip them. */
async function rowNames(deps: Deps, plan: RunPlan, kept: KeptRow[]): Promise<string[]> {
  const rows = await withRetrieval(deps, () =>
    buildRows(
      deps,
      plan.category,
      kept.map((k) => ({ id: k.id, score: k.score })),
    ),
  )
  return rows
    .flatMap((r) => [r.account_name, r.name, (r.current_employer as { company?: unknown } | null)?.company])
    .filter((n): n is string => typeof n === 'string')
}

/** Row ids, domains or profile URLs; a row matches when any of its identifiers is listed. */
function exclusionMatcher(list: string[]): (row: Record<string, unknown>) => boolean {
  const ids = new Set<string>()
  for (const raw of list) {
    const v = raw.trim().toLowerCase()
    ids.add(v)
    const domain = normaliseDomain(v)
    if (domain) ids.add(domain)
    const profile = normaliseProfileUrl(v)
    if (profile) ids.add(profile)
  }
  return (row) => {
    if (ids.size === 0) return false
    for (const key of [row.id, row.domain, row.profile_url])
      if (typeof key === 'string' && ids.has(key.toLowerCase())) return true
    return false
  }
}

async function finish(
  deps: Deps,
  claim: progress.Claim,
  plan: RunPlan,
  state: ScreenState,
  insights: InsightsResult,
): Promise<void> {
  const rows: { entity_id: string; row: unknown }[] = []
  const filled = plan.columns.map(() => 0)
  // Rows best first: by score, ties by the order found.
  const kept = state.kept
    .map((k, i) => ({ k, i }))
    .sort((a, b) => b.k.score - a.k.score || a.i - b.i)
    .map((x) => x.k)
  const wanted = plan.category === 'company' ? linkedNames(plan.columns.map((c) => c.source)) : new Set<string>()
  for (let i = 0; i < kept.length; i += 200) {
    const chunk = kept.slice(i, i + 200)
    const records = await withRetrieval(deps, () =>
      buildRows(
        deps,
        plan.category,
        chunk.map((k) => ({ id: k.id, score: k.score })),
      ),
    )
    const byId = new Map(records.map((r) => [String(r.id), r]))
    const domains = records.map((r) => r.domain).filter((d): d is string => typeof d === 'string' && d !== '')
    const linked = wanted.size ? await withRetrieval(deps, () => linkedValues(deps, domains, wanted)) : new Map()
    for (const k of chunk) {
      const record = byId.get(k.id)
      if (!record) continue
      const { id: _id, category: _category, score: _score, ...fields } = record
      const enrichments: Record<string, unknown> = {}
      const links = typeof fields.domain === 'string' ? (linked.get(fields.domain) ?? {}) : {}
      plan.columns.forEach((c, j) => {
        const value = columnValue(fields, c.source, links)
        enrichments[c.name] = value
        if (value !== null) filled[j]! += 1
      })
      rows.push({
        entity_id: k.id,
        row: {
          id: k.id,
          category: plan.category,
          score: k.score,
          position: rows.length,
          record: fields,
          enrichments,
          criteria: k.checks,
          filters: k.filters ?? [],
          topic: k.topic ?? null,
          unknown: k.unknown ?? [],
        },
      })
    }
  }
  const vectorGaps = [
    ...((plan.degradation ?? []) as RunAnswer['degradation']),
    ...(plan.semantic_query ? await withRetrieval(deps, () => vectorDegradation(deps, plan.category)) : []),
    ...(state.vector_unavailable ? vectorUnavailableDegradation(plan.category) : []),
    // The insights' document searches too: each corpus searched by its words only says so.
    ...insights.searches.filter((s) => s.vector_unavailable).flatMap((s) => vectorUnavailableDegradation(s.category)),
  ]
  const answer = composeAnswer(claim.run, plan, state, insights, rows.length, filled, vectorGaps)
  await progress.completeRun(deps, claim, answer, rows, [ev('enrichment', { columns: answer.columns })])
}
