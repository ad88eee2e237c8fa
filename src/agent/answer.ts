// The run's answer around its rows (contract §2.2 coverage, §2.12): coverage measured against
// the whole matching set (excluded records included), the stop reason, what was left out and
// why, the enrichment columns, and a two- or three-sentence summary of what came back and the
// bar actually applied.
import type { RunAnswer } from '../domain/agent-runs/progress.ts'
import type { AgentRunRow } from '../store/agent-runs.ts'
import type { CriterionCheck } from './criteria.ts'
import type { InsightsResult } from './insights.ts'
import { describeFilter, type RunPlan } from './plan.ts'

export interface ScreenState {
  /** Candidates examined (screened against every criterion). */
  seen: Set<string>
  kept: { id: string; score: number; checks: CriterionCheck[] }[]
  /** Candidates that met every criterion but were on the exclusion list. */
  excluded: number
  stats: { evaluated: number; passed: number }[]
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
  criteria.forEach((c) => {
    const failed = c.evaluated - c.passed
    if (failed > 0)
      exclusions.push(
        `${plural(failed, 'candidate')} did not meet "${c.criterion}" (${c.proven_by === 'query' ? 'proven by a filter' : "judged against the record's text"}).`,
      )
  })
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

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
