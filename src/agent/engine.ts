// The rule-based agent engine: plan → searches (each screened against the criteria) → insights →
// answer. Every step is a checkpoint committed with its events (domain/agent-runs/progress.ts),
// so a run picked up again after its worker died resumes after its last committed step. It
// reads only through the search service (retrieve, buildRows) and the domain. Deterministic for
// a given corpus, query and tier.
import type { RunCategory } from '../contract/agent-runs.ts'
import { normaliseDomain, normaliseProfileUrl } from '../corpus/normalise.ts'
import type { NewEvent } from '../store/agent-runs.ts'
import * as progress from '../domain/agent-runs/progress.ts'
import {
  buildRows,
  loadVocabularies,
  retrieve,
  vectorDegradation,
  vectorUnavailableDegradation,
  withRetrieval,
  type RetrievalPlan,
} from '../domain/search/engine.ts'
import type { Vocabularies } from '../domain/search/parser.ts'
import type { Deps } from '../domain/types.ts'
import { composeAnswer, type ScreenState } from './answer.ts'
import { columnValue } from './columns.ts'
import { checkCriterion, mentionsAny, recordText, type CriterionCheck } from './criteria.ts'
import { findInsights, type InsightsResult } from './insights.ts'
import { describeFilters, planRun, type RunPlan, type SearchSpec } from './plan.ts'

/** The run stops between steps when this says so (worker shutting down); its lease then expires and it is picked up again. */
export type ShouldStop = () => boolean

export class Interrupted extends Error {}

interface KeptRow {
  id: string
  score: number
  checks: CriterionCheck[]
}

/** What a search step adds to the run's state (its checkpoint). */
interface SearchDelta {
  step: number
  returned: number
  seen: string[]
  kept: KeptRow[]
  excluded: number
  /** Rows of a search that ignores the query's words which do not mention them either. */
  off_topic: number
  stats: { evaluated: number; passed: number }[]
  total: number | null
  total_is_estimate: boolean | null
  exhausted: boolean
  budget_hit: boolean
  /** The embeddings provider failed on this search's words: it matched by words only. Absent in steps stored before it existed. */
  vector_unavailable?: boolean
}

let vocabCache: { at: number; value: Promise<Vocabularies> } | null = null
function vocabularies(deps: Deps): Promise<Vocabularies> {
  if (!vocabCache || Date.now() - vocabCache.at > 60_000) vocabCache = { at: Date.now(), value: loadVocabularies(deps) }
  return vocabCache.value
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
    const p = planRun(input, await vocabularies(deps), deps.clock.now().getUTCFullYear())
    return {
      output: p,
      fields: { tier: p.tier },
      events: [
        ev('plan', {
          tier: p.tier,
          tier_chosen_by: run.effort === 'auto' ? 'auto' : 'caller',
          budget: p.budget,
          filters: p.filters,
          semantic_query: p.semantic_query,
          searches: p.searches.map((s) => ({
            step: s.step,
            purpose: s.purpose,
            semantic_query: s.semantic_query,
            expansions: s.expansions,
          })),
          criteria: p.criteria.map((c) => ({
            criterion: c.criterion,
            method: c.method,
            filters: c.filters,
            terms: c.terms,
            negated: c.negated,
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
    stats: plan.criteria.map(() => ({ evaluated: 0, passed: 0 })),
    universe: null,
    primary_exhausted: false,
    primary_seen: 0,
    all_exhausted: true,
    searches_run: 0,
    budget_hit: false,
    vector_unavailable: false,
  }
  const apply = (d: SearchDelta) => {
    d.seen.forEach((id) => state.seen.add(id))
    state.kept.push(...d.kept)
    state.excluded += d.excluded
    d.stats.forEach((s, i) => {
      state.stats[i]!.evaluated += s.evaluated
      state.stats[i]!.passed += s.passed
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
  for (const spec of plan.searches) {
    if (state.budget_hit) break
    const delta = await step(`search:${spec.step}`, async () => {
      const d = await searchStep(deps, plan, spec, state, exclusion)
      return { output: d, events: searchEvents(plan, spec, d, state) }
    })
    apply(delta)
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
  const delta: SearchDelta = {
    step: spec.step,
    returned: 0,
    seen: [],
    kept: [],
    excluded: 0,
    off_topic: 0,
    stats: plan.criteria.map(() => ({ evaluated: 0, passed: 0 })),
    total: null,
    total_is_estimate: null,
    exhausted: false,
    budget_hit: false,
  }
  const seen = new Set(state.seen)
  // One retrieval deadline per page (DSP_RETRIEVAL_TIMEOUT_MS), as a search request has.
  for (let page = 0; page < plan.budget.depth; page++) {
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

/** Screens a page's new rows: topic (when the search ignored the query's words), every criterion, then the exclusion list. */
function screen(
  plan: RunPlan,
  spec: SearchSpec,
  rows: Record<string, unknown>[],
  delta: SearchDelta,
  seen: Set<string>,
  exclusion: (row: Record<string, unknown>) => boolean,
  proof: string | null,
): void {
  for (const row of rows) {
    const id = String(row.id)
    if (seen.has(id)) continue
    if (seen.size >= plan.budget.candidates) {
      delta.budget_hit = true
      return
    }
    const text = recordText(row)
    if (spec.check_topic && !mentionsAny(plan.topic_terms, text)) {
      delta.off_topic += 1
      continue
    }
    seen.add(id)
    delta.seen.push(id)
    const checks = plan.criteria.map((c) => checkCriterion(c, text, describeFilters(c.filters) ?? proof))
    checks.forEach((c, i) => {
      delta.stats[i]!.evaluated += 1
      if (c.passed) delta.stats[i]!.passed += 1
    })
    if (!checks.every((c) => c.passed)) continue
    if (exclusion(row)) {
      delta.excluded += 1
      continue
    }
    delta.kept.push({ id, score: Number(row.score ?? 0), checks })
  }
}

function searchEvents(plan: RunPlan, spec: SearchSpec, d: SearchDelta, before: ScreenState): NewEvent[] {
  const keptBefore = before.kept.length
  return [
    ev('search_step', {
      step: spec.step,
      purpose: spec.purpose,
      semantic_query: spec.semantic_query,
      expansions: spec.expansions,
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
  for (let i = 0; i < state.kept.length; i += 200) {
    const chunk = state.kept.slice(i, i + 200)
    const records = await withRetrieval(deps, () =>
      buildRows(
        deps,
        plan.category,
        chunk.map((k) => ({ id: k.id, score: k.score })),
      ),
    )
    const byId = new Map(records.map((r) => [String(r.id), r]))
    for (const k of chunk) {
      const record = byId.get(k.id)
      if (!record) continue
      const { id: _id, category: _category, score: _score, ...fields } = record
      const enrichments: Record<string, unknown> = {}
      plan.columns.forEach((c, j) => {
        const value = columnValue(fields, c.source)
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
        },
      })
    }
  }
  const vectorGaps = [
    ...(plan.semantic_query ? await withRetrieval(deps, () => vectorDegradation(deps, plan.category)) : []),
    ...(state.vector_unavailable ? vectorUnavailableDegradation(plan.category) : []),
    // The insights' document searches too: each corpus searched by its words only says so.
    ...insights.searches.filter((s) => s.vector_unavailable).flatMap((s) => vectorUnavailableDegradation(s.category)),
  ]
  const answer = composeAnswer(claim.run, plan, state, insights, rows.length, filled, vectorGaps)
  await progress.completeRun(deps, claim, answer, rows, [ev('enrichment', { columns: answer.columns })])
}
