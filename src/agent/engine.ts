// The rule-based agent engine: plan → searches (each screened against the criteria) → insights →
// answer. Every step is a checkpoint committed with its events (domain/agent-runs/progress.ts),
// so a run picked up again after its worker died resumes after its last committed step. It
// reads only through the search service (retrieve, buildRows) and the domain. Deterministic for
// a given corpus, query and tier.
// This module runs the stages in order; each lives in a module of its own: engine-steps.ts (the
// checkpointed step), engine-search.ts (the planned searches), engine-rows.ts (screening and
// keeping rows), engine-values.ts (the value-filter probes), engine-finish.ts (rows, answer).
import type { RunCategory } from '../contract/agent-runs.ts'
import type * as progress from '../domain/agent-runs/progress.ts'
import { buildRows, withRetrieval } from '../domain/search/engine.ts'
import { readSearchQuery } from '../domain/search/llm-parser.ts'
import { vocabularies } from '../domain/search/vocabularies.ts'
import type { Deps } from '../domain/types.ts'
import type { ScreenState } from './answer.ts'
import { finish } from './engine-finish.ts'
import { exclusionMatcher, type KeptRow } from './engine-rows.ts'
import { runSearches } from './engine-search.ts'
import { checkpointedSteps, ev, Interrupted, type ShouldStop, type StepResult } from './engine-steps.ts'
import { runValueProbes } from './engine-values.ts'
import { findInsights, type InsightsResult } from './insights.ts'
import { planRun, type RunPlan } from './plan.ts'

export { Interrupted, type ShouldStop } from './engine-steps.ts'
export type { FilterCheck, KeptRow, ValueProbe } from './engine-rows.ts'

/** Runs (or resumes) a claimed run to its end. Throws LostClaim or Interrupted when it must stop quietly. */
export async function executeRun(deps: Deps, claim: progress.Claim, shouldStop: ShouldStop): Promise<void> {
  const run = claim.run
  // Loading the embedder is a one-off of the process: done here, outside the retrieval deadlines.
  await deps.embedder()
  const step = await checkpointedSteps(deps, claim, shouldStop)
  const plan = await step('plan', () => planStep(deps, run))
  const exclusion = exclusionMatcher(run.exclusion as string[])
  const state = emptyState(plan)
  await runSearches(step, deps, run.workspace_id, plan, state, exclusion)
  await runValueProbes(step, deps, plan, state, exclusion, shouldStop)
  const insights = await step('insights', () => insightsStep(deps, plan, state))
  if (shouldStop()) throw new Interrupted()
  await finish(deps, claim, plan, state, insights)
}

/** The plan: the query read (by the rules, or the language model), its searches, criteria and columns. */
async function planStep(deps: Deps, run: progress.Claim['run']): Promise<StepResult<RunPlan>> {
  const input = {
    query: run.query,
    category: run.category as RunCategory,
    effort: run.effort as RunPlan['tier'] | 'auto',
    criteria: run.criteria as string[],
    enrichments: run.enrichments as string[],
  }
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
}

/** The run's state before its first search: nothing seen or kept, one zeroed tally per criterion. */
function emptyState(plan: RunPlan): ScreenState {
  return {
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
}

/** The insights: document searches around the kept rows, their names left out. */
async function insightsStep(deps: Deps, plan: RunPlan, state: ScreenState): Promise<StepResult<InsightsResult>> {
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
