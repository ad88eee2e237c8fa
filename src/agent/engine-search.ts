// The searches an agent run plans, each a checkpointed step: the query's search, the vocabulary
// search (the corpus's own words for the topic), the search without the filters the query only
// implied, and the look-alikes of the best rows; each page's rows screened (engine-rows.ts), and
// the events a search step records.
import { SEARCH_LIMIT, SIMILAR_ANCHORS_MAX } from '../contract/search.ts'
import { ApiError } from '../errors.ts'
import { lexemeOf } from '../retrieval/fulltext.ts'
import type { NewEvent } from '../store/agent-runs.ts'
import type { Filters } from '../store/search-filters.ts'
import { buildRows, queryTerms, retrieve, withRetrieval, type RetrievalPlan } from '../domain/search/engine.ts'
import { termFrequencies } from '../domain/search/rarity.ts'
import { findSimilar } from '../domain/search/similar.ts'
import type { Credential, Deps } from '../domain/types.ts'
import type { ScreenState } from './answer.ts'
import { emptyDelta, screen, type Exclusion, type SearchDelta } from './engine-rows.ts'
import { ev, type Step } from './engine-steps.ts'
import {
  describeFilter,
  describeFilters,
  expansionWord,
  RECALL_TIERS,
  VOCABULARY_TERMS_MAX,
  type RunPlan,
  type SearchSpec,
} from './plan.ts'

/** What every search of a run reads: the run, its plan, its state so far and its exclusion list. */
interface SearchRun {
  deps: Deps
  workspaceId: string
  plan: RunPlan
  state: ScreenState
  exclusion: Exclusion
}

/**
 * Screens a search's pages into its delta: the first page's total is the search's, and each page's
 * rows are counted and screened against the candidates seen before the search and on its earlier pages.
 */
function pageScreener(
  { plan, state, exclusion }: SearchRun,
  spec: SearchSpec,
  delta: SearchDelta,
): (page: number, found: { total: number; total_is_estimate: boolean }, rows: Record<string, unknown>[]) => void {
  const proof = describeFilters(plan.filters)
  const seen = new Set(state.seen)
  return (page, found, rows) => {
    if (page === 0) {
      delta.total = found.total
      delta.total_is_estimate = found.total_is_estimate
    }
    delta.returned += rows.length
    screen(plan, spec, rows, delta, seen, exclusion, proof)
  }
}

async function searchStep(run: SearchRun, spec: SearchSpec): Promise<SearchDelta> {
  const { deps, plan } = run
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
  const delta = emptyDelta(spec, plan)
  const screenPage = pageScreener(run, spec, delta)
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
    screenPage(page, got, rows)
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
async function bestRows({ deps, plan, state }: SearchRun): Promise<Record<string, unknown>[]> {
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
async function vocabularyStep(run: SearchRun, spec: SearchSpec): Promise<SearchDelta> {
  const { deps, plan } = run
  const counts = new Map<string, number>()
  for (const row of await bestRows(run)) {
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
  const d = await searchStep(run, { ...spec, semantic_query: words || null, expansions: [] })
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
async function relaxedStep(run: SearchRun, spec: SearchSpec): Promise<SearchDelta> {
  const { plan } = run
  const dropped = new Set((plan.implied ?? []).map((f) => f.key))
  const keep = (filters: Filters) => Object.fromEntries(Object.entries(filters).filter(([k]) => !dropped.has(k)))
  const without: RunPlan = { ...plan, filters: keep(plan.filters), query_filters: keep(plan.query_filters) }
  const d = await searchStep({ ...run, plan: without }, spec)
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
async function similarStep(run: SearchRun, spec: SearchSpec): Promise<SearchDelta> {
  const { deps, workspaceId, plan } = run
  const delta: SearchDelta = { ...emptyDelta(spec, plan), anchors: [] }
  const anchors = (await bestRows(run))
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
  const screenPage = pageScreener(run, spec, delta)
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
    screenPage(page, envelope, envelope.results as Record<string, unknown>[])
    cursor = envelope.next_cursor
    if (!cursor) {
      delta.exhausted = !envelope.total_is_estimate
      break
    }
    if (delta.budget_hit) break
  }
  return delta
}

/** The search_step event of any search a run makes (its planned ones and the value probes). */
export function searchStepEvent(
  search: Pick<SearchSpec, 'step' | 'purpose' | 'kind' | 'semantic_query' | 'expansions'> & { anchors?: string[] },
  read: { returned: number; off_topic: number; total: number | null; total_is_estimate: boolean | null },
  seenBefore: number,
  seenNew: number,
): NewEvent {
  return ev('search_step', {
    step: search.step,
    purpose: search.purpose,
    ...(search.kind ? { kind: search.kind } : {}),
    semantic_query: search.semantic_query,
    expansions: search.expansions,
    ...(search.anchors ? { anchors: search.anchors } : {}),
    returned: read.returned,
    off_topic: read.off_topic,
    new_candidates: seenNew,
    candidates_examined: seenBefore + seenNew,
    matching_total: read.total,
    matching_total_is_estimate: read.total_is_estimate,
  })
}

function searchEvents(plan: RunPlan, spec: SearchSpec, d: SearchDelta, before: ScreenState): NewEvent[] {
  const keptBefore = before.kept.length
  return [
    searchStepEvent(
      { ...spec, expansions: d.expansions ?? spec.expansions, anchors: d.anchors },
      d,
      before.seen.size,
      d.seen.length,
    ),
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

/** What a search step adds, added to the run's state; the first search's total is the run's universe. */
function applyDelta(state: ScreenState, d: SearchDelta): void {
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

/** One search as a checkpointed step, its rows added to the run's state (and, for the relaxed search, what it dropped). */
async function runSearch(step: Step, run: SearchRun, spec: SearchSpec): Promise<void> {
  const { plan, state } = run
  const before = rowsMeetingEveryFilter(state)
  const delta = await step(`search:${spec.step}`, async () => {
    const d =
      spec.kind === 'similar'
        ? await similarStep(run, spec)
        : spec.kind === 'vocabulary'
          ? await vocabularyStep(run, spec)
          : spec.kind === 'relaxed'
            ? await relaxedStep(run, spec)
            : await searchStep(run, spec)
    return { output: d, events: searchEvents(plan, spec, d, state) }
  })
  applyDelta(state, delta)
  if (spec.kind === 'relaxed')
    state.implied_dropped = {
      filters: (plan.implied ?? []).map((f) => describeFilter(f.key, plan.filters[f.key])),
      words: (plan.implied ?? []).flatMap((f) => f.words),
      meeting: before,
      kept: delta.kept.length,
    }
}

/** The run's planned searches in order, until the candidate budget is spent, and the relaxed search when the answer is thin. */
export async function runSearches(
  step: Step,
  deps: Deps,
  workspaceId: string,
  plan: RunPlan,
  state: ScreenState,
  exclusion: Exclusion,
): Promise<void> {
  const run: SearchRun = { deps, workspaceId, plan, state, exclusion }
  const search = (spec: SearchSpec) => runSearch(step, run, spec)
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
}
