// The run's answer around its rows (contract §2.2 coverage, §2.12): coverage measured against
// the whole matching set (excluded records included), the stop reason, what was left out and
// why, the enrichment columns, and a two- or three-sentence summary of what came back and the
// bar actually applied.
import type { RunAnswer } from '../domain/agent-runs/progress.ts'
import type { AgentRunRow } from '../store/agent-runs.ts'
import type { KeptRow, ValueProbe } from './engine-rows.ts'
import type { InsightsResult } from './insights.ts'
import { describeFilter, type RunPlan } from './plan.ts'

export interface ScreenState {
  /** Candidates examined (screened against every criterion). */
  seen: Set<string>
  kept: KeptRow[]
  /** Candidates that met every criterion but were on the exclusion list. */
  excluded: number
  stats: { evaluated: number; passed: number; unknown?: number }[]
  /** Candidates that did not carry the run's topic. */
  off_topic: Set<string>
  /** What each value filter's check found (values.ts). */
  probes: ValueProbe[]
  /** The first search's match count: the matching set of the query's filters and words. */
  universe: { total: number; estimate: boolean } | null
  /** The first search was read to its end. */
  primary_exhausted: boolean
  /** Candidates the first search brought; the others came from searches around it. */
  primary_seen: number
  /** Every search was read to its end. */
  all_exhausted: boolean
  searches_run: number
  budget_hit: boolean
  /** A search's words could not be embedded (provider down): it matched by words only. */
  vector_unavailable: boolean
  /**
   * The search without the category filters the query only implied (a thin answer): the filters
   * described, their words, the rows meeting them before it, and the rows it added.
   */
  implied_dropped: { filters: string[]; words: string[]; meeting: number; kept: number } | null
}

const rate = (passed: number, evaluated: number) => (evaluated ? Math.round((passed / evaluated) * 1000) / 1000 : null)
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`

/**
 * exhausted: the whole matching set was examined; candidate_budget: the tier's candidate budget
 * ran out; search_budget: the tier allowed fewer searches than planned; searches_complete: every
 * planned search ran; no_matches: nothing matched at all.
 */
export function stopReason(plan: RunPlan, state: ScreenState): string {
  if (state.seen.size === 0) return 'no_matches'
  if (state.budget_hit) return 'candidate_budget'
  const beyond = state.seen.size - state.primary_seen
  if (state.primary_exhausted && state.universe && !state.universe.estimate && (beyond === 0 || state.all_exhausted))
    return 'exhausted'
  return plan.planned_searches > plan.searches.length ? 'search_budget' : 'searches_complete'
}

export function composeAnswer(
  run: AgentRunRow,
  plan: RunPlan,
  state: ScreenState,
  insights: InsightsResult,
  rowCount: number,
  filled: number[],
  vectorGaps: RunAnswer['degradation'],
): RunAnswer {
  const examined = state.seen.size
  // The matching set: the first search's matches plus what the searches around it found beyond
  // them. Exact when the first count is, and nothing was found beyond it or every search was read
  // to its end.
  const outside = examined - state.primary_seen
  const universe = Math.max((state.universe?.total ?? 0) + outside, examined)
  const exact = state.universe !== null && !state.universe.estimate && (outside === 0 || state.all_exhausted)
  const criteria = plan.criteria.map((c, i) => {
    const s = state.stats[i]!
    return {
      criterion: c.criterion,
      evaluated: s.evaluated,
      passed: s.passed,
      success_rate: rate(s.passed, s.evaluated),
      proven_by: c.method === 'filter' ? 'query' : 'judged',
      undecided: s.unknown ?? 0,
    }
  })
  const unmet = criteria.filter((c) => c.evaluated > 0 && c.passed === 0).map((c) => c.criterion)
  const exhausted = exact && state.primary_exhausted && (outside === 0 || state.all_exhausted) && unmet.length === 0
  const stop = stopReason(plan, state)
  const coverage = {
    universe,
    enumerated: rowCount,
    // The share of the matching set this run examined: excluded records count as examined, so the
    // figure describes the whole matching set whatever the exclusion list hid.
    enumeration_recall: exact
      ? universe > 0
        ? Math.min(1, Math.round((Math.min(examined, universe) / universe) * 1000) / 1000)
        : 1
      : null,
    universe_exhausted: exhausted,
    universe_is_exact: exact,
    truncated_by: exhausted
      ? null
      : state.budget_hit
        ? 'candidate_budget'
        : state.primary_exhausted
          ? null
          : 'effort_budget',
    constraints_unmet: unmet,
    audited: true,
    criteria,
    linkage: [],
    linkage_coverage: null,
    linkage_coverage_is_lower_bound: false,
    similarity: [],
  }
  const columns = plan.columns.map((c, i) => ({
    name: c.name,
    source: c.source,
    supported: c.source !== null,
    filled: filled[i] ?? 0,
  }))
  const degradation: RunAnswer['degradation'] = [...vectorGaps]
  for (const c of columns.filter((x) => !x.supported)) {
    degradation.push({
      reason: 'enrichment_unsupported',
      detail: `No record field supports column "${c.name}"; it is empty on every row.`,
      impact: 'fields',
      source_corpus: null,
    })
  }
  const exclusions: string[] = []
  if (state.excluded > 0)
    exclusions.push(
      `${plural(state.excluded, 'record')} met every criterion but ${state.excluded === 1 ? 'was' : 'were'} on the exclusion list; left out of the rows, still counted in coverage.`,
    )
  if (state.off_topic.size > 0)
    exclusions.push(
      `${plural(state.off_topic.size, 'record')}${scopeOf(plan)} ${state.off_topic.size === 1 ? 'was' : 'were'} not about ${topicOf(plan)}: left out.`,
    )
  criteria.forEach((c) => {
    const undecided = c.undecided
    const failed = c.evaluated - c.passed - undecided
    if (failed > 0)
      exclusions.push(
        `${plural(failed, 'candidate')} did not meet "${c.criterion}" (${c.proven_by === 'query' ? 'proven by a filter' : "judged against the record's text"}).`,
      )
    if (undecided > 0)
      exclusions.push(
        `${plural(undecided, 'candidate')} had no description, keywords or products to judge "${c.criterion}" against: undecided, left out.`,
      )
  })
  for (const p of state.probes) {
    const f = describeFilter(p.key, plan.filters[p.key])
    if (p.unknown > 0)
      exclusions.push(
        p.relaxed > 0
          ? `${plural(p.unknown, 'candidate')} had no ${p.label} (${f}); ${p.relaxed} of them ${p.relaxed === 1 ? 'is' : 'are'} kept with the ${p.label} shown as unknown, as the query's text only implied that filter.`
          : `${plural(p.unknown, 'candidate')} had no ${p.label} (${f}): ${p.origin === 'criterion' ? 'the criterion could not be decided' : 'the filter could not be decided'}, left out.`,
      )
    if (p.not_met > 0)
      exclusions.push(
        `${plural(p.not_met, 'candidate')} matched everything else but ${p.not_met === 1 ? 'has' : 'have'} a ${p.label} outside ${f}.`,
      )
  }
  const dropped = state.implied_dropped
  if (dropped)
    exclusions.push(
      `The filter ${dropped.filters.join(' and ')}, which the query's words only implied, was dropped for one search: ${plural(dropped.meeting, 'row')} met it, fewer than the ${plan.tier} page of ${plan.budget.page}; that search (its words "${dropped.words.join(' ')}" searched as words) added ${plural(dropped.kept, 'row')} outside the filter, ranked below the rows meeting it.`,
    )
  if (!exhausted && (state.budget_hit || !state.primary_exhausted) && universe > examined) {
    exclusions.push(
      `Records past the ${plan.tier} budget (${plural(plan.budget.candidates, 'candidate')}, ${plural(plan.budget.searches, 'search', 'searches')}) were not examined.`,
    )
  }
  return {
    summary: summarise(run, plan, state, rowCount, examined, universe, exact, insights),
    coverage,
    degradation,
    exclusions,
    insights: insights.insights,
    insight_sources: insights.insight_sources,
    columns,
    stop_reason: stop,
  }
}

function summarise(
  run: AgentRunRow,
  plan: RunPlan,
  state: ScreenState,
  rows: number,
  examined: number,
  universe: number,
  exact: boolean,
  insights: InsightsResult,
): string {
  const noun = plan.category === 'person' ? 'people' : 'companies'
  const one = plan.category === 'person' ? 'person' : 'company'
  const found = rows === 0 ? `no ${noun}` : rows === 1 ? `1 ${one}` : `${rows.toLocaleString('en')} ${noun}`
  const set = universe > 0 ? ` from a matching set of ${exact ? '' : 'about '}${plural(universe, 'record')}` : ''
  const first = `Found ${found} for "${truncate(run.query, 120)}" after examining ${plural(examined, 'candidate')}${set} in ${plural(state.searches_run, 'search', 'searches')} (${plan.tier} effort).`
  const filters = Object.entries(plan.filters)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => describeFilter(k, v))
    .join(' and ')
  const judged = plan.criteria.filter((c) => c.method === 'judged').map((c) => `"${c.criterion}"`)
  const bar: string[] = []
  if (filters) bar.push(`filters ${filters}`)
  if (judged.length) bar.push(`${judged.join(', ')} judged against each record's text`)
  const ranked = plan.semantic_query
    ? `rows are ranked by relevance to "${truncate(plan.semantic_query, 80)}"`
    : 'rows are ordered by size'
  const second = bar.length
    ? `The bar applied: ${bar.join('; ')}; ${ranked}.`
    : `No filter or criterion narrowed the set; ${ranked}.`
  const extra: string[] = []
  const relaxed = state.probes.filter((p) => p.relaxed > 0)
  if (relaxed.length)
    extra.push(
      relaxed
        .map(
          (p) =>
            `the filter ${describeFilter(p.key, plan.filters[p.key])} was dropped for ${plural(p.relaxed, 'row')} whose ${p.label} is unknown (marked on each row)`,
        )
        .join('; '),
    )
  const dropped = state.implied_dropped
  if (dropped && dropped.kept > 0)
    extra.push(
      `the filter ${dropped.filters.join(' and ')}, only implied by the query's words, was dropped for ${plural(dropped.kept, 'row')} found by searching "${dropped.words.join(' ')}" as words instead, as ${plural(dropped.meeting, 'row')} met it`,
    )
  if (rows === 0) return [first, second, whyEmpty(plan, state)].join(' ')
  if (state.excluded > 0)
    extra.push(
      `${plural(state.excluded, 'record')} on the exclusion list ${state.excluded === 1 ? 'was' : 'were'} left out`,
    )
  if (insights.insights.length > 0)
    extra.push(
      `${plural(insights.insights.length, 'cited insight')} from ${plural(insights.insight_sources.length, 'document')} accompany the rows`,
    )
  return [first, second, extra.length ? `${capitalise(extra.join('; '))}.` : null].filter(Boolean).join(' ')
}

/** One sentence: why a run found nothing. */
export function whyEmpty(plan: RunPlan, state: ScreenState): string {
  const lacking = state.probes.filter((p) => p.unknown > 0).sort((a, b) => b.unknown - a.unknown)[0]
  if (lacking)
    return `Nothing was kept because ${plural(lacking.unknown, 'candidate')} matching the rest of the question ${lacking.unknown === 1 ? 'has' : 'have'} no ${lacking.label}, so the filter ${describeFilter(lacking.key, plan.filters[lacking.key])} could not be decided for ${lacking.unknown === 1 ? 'it' : 'them'}${lacking.origin === 'query' && plan.relax !== true ? ' (medium effort and above keep such records, marked unknown)' : ''}.`
  if (state.seen.size === 0 && state.off_topic.size > 0 && state.implied_dropped)
    return `Nothing was kept because none of the ${plural(state.off_topic.size, 'record')} found with or without ${state.implied_dropped.filters.join(' and ')} (a filter the query's words only implied) is about ${topicOf(plan)} in its name, industry, keywords or description.`
  if (state.seen.size === 0 && state.off_topic.size > 0)
    return `Nothing was kept because none of the ${plural(state.off_topic.size, 'record')}${scopeOf(plan)} is about ${topicOf(plan)} in its name, industry, keywords or description.`
  const undecided = plan.criteria.findIndex(
    (_, i) => (state.stats[i]?.unknown ?? 0) > 0 && state.stats[i]!.passed === 0,
  )
  if (undecided >= 0)
    return `Nothing was kept because no candidate's text could decide "${plan.criteria[undecided]!.criterion}".`
  const unmet = plan.criteria.findIndex((_, i) => state.stats[i]!.evaluated > 0 && state.stats[i]!.passed === 0)
  if (unmet >= 0)
    return `Nothing was kept because none of the ${plural(state.seen.size, 'candidate')} met "${plan.criteria[unmet]!.criterion}".`
  if (state.seen.size === 0) {
    const filters = Object.entries(plan.filters).map(([k, v]) => describeFilter(k, v))
    return filters.length
      ? `Nothing was kept because no record in the index matches ${filters.join(' and ')}.`
      : `Nothing was kept because no record in the index carries ${topicOf(plan)}.`
  }
  return `Nothing was kept because every candidate was on the exclusion list or failed a criterion.`
}

/** ` matching location: Germany` (the run's filters), or nothing. */
function scopeOf(plan: RunPlan): string {
  const parts = Object.entries(plan.filters).map(([k, v]) => describeFilter(k, v))
  return parts.length ? ` matching ${parts.join(' and ')}` : ''
}

function topicOf(plan: RunPlan): string {
  return plan.topic_terms.length ? `"${plan.topic_terms.join(' ')}"` : `"${truncate(plan.semantic_query ?? '', 60)}"`
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
