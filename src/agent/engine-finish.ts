// Finishing an agent run: the kept rows best first, read as records with their enrichment columns,
// the degradations the answer reports (vectors missing or unavailable), and the run completed with
// its answer and rows.
import * as progress from '../domain/agent-runs/progress.ts'
import type { RunAnswer } from '../domain/agent-runs/progress.ts'
import { buildRows, vectorDegradation, vectorUnavailableDegradation, withRetrieval } from '../domain/search/engine.ts'
import type { Deps } from '../domain/types.ts'
import { composeAnswer, type ScreenState } from './answer.ts'
import { columnValue } from './columns.ts'
import { ev } from './engine-steps.ts'
import type { InsightsResult } from './insights.ts'
import { linkedNames, linkedValues } from './links.ts'
import type { RunPlan } from './plan.ts'

export async function finish(
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
