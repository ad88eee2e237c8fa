// The value-filter probes of an agent run: each value filter checked again on the candidates found
// without it, counting those that lack the value or fall outside the bound, and (when the filter
// may be relaxed) keeping the ones that lack it as rows with the value shown unknown.
import { buildRows, retrieve, withRetrieval, type RetrievalPlan } from '../domain/search/engine.ts'
import type { Deps } from '../domain/types.ts'
import type { ScreenState } from './answer.ts'
import { recordText } from './criteria.ts'
import { judge, keptRow, rank, type Exclusion, type KeptRow, type ValueProbe } from './engine-rows.ts'
import { searchStepEvent } from './engine-search.ts'
import { ev, Interrupted, type ShouldStop, type Step } from './engine-steps.ts'
import type { RunPlan } from './plan.ts'
import { matchTopic } from './topic.ts'
import { checkValue, type ValueFilter } from './values.ts'

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
  exclusion: Exclusion,
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

/**
 * Each value filter checked again on the candidates found without it, one checkpointed step each
 * (`values:<key>`): how many lack the value (and, at medium effort and above, a thin answer keeps
 * them when the query's text only implied it).
 */
export async function runValueProbes(
  step: Step,
  deps: Deps,
  plan: RunPlan,
  state: ScreenState,
  exclusion: Exclusion,
  shouldStop: ShouldStop,
): Promise<void> {
  for (const vf of plan.value_filters ?? []) {
    if (shouldStop()) throw new Interrupted()
    const probe = await step(`values:${vf.key}`, async () => {
      const r = await valueStep(deps, plan, vf, state, exclusion)
      return {
        output: r,
        events: [
          searchStepEvent(
            {
              step: plan.searches.length + state.probes.length,
              purpose: `without the filter on ${vf.label}, to count the records lacking it`,
              semantic_query: plan.semantic_query,
              expansions: [],
            },
            { returned: r.returned, off_topic: 0, total: null, total_is_estimate: null },
            state.seen.size,
            r.seen.length,
          ),
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
}
