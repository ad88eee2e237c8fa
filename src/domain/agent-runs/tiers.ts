// Effort tiers as budgets (contract §4.9): how many searches a run may plan, how many distinct
// candidates it may examine, how deep it pages each search, and how many documents it reads for
// insights. `auto` picks a tier from the query. Prices come from the one pricing table.
import type { Effort, Tier } from '../../contract/agent-runs.ts'
import { priceRule } from '../credits/pricing.ts'

export interface Budget {
  /** Searches of the category the rows come from. */
  searches: number
  /** Distinct candidates screened against the criteria. */
  candidates: number
  /** Pages read per search, `page` rows each. */
  depth: number
  page: number
  /** Document searches (market reports, academic reports, news) for insights, and documents kept. */
  insight_searches: number
  insight_sources: number
}

// Sized so a medium run on the small demo corpus finishes in about a second: each search page is
// one hybrid retrieval (tens of milliseconds there).
export const BUDGETS: Record<Tier, Budget> = {
  minimal: { searches: 1, candidates: 25, depth: 1, page: 25, insight_searches: 1, insight_sources: 2 },
  low: { searches: 2, candidates: 60, depth: 2, page: 30, insight_searches: 1, insight_sources: 3 },
  medium: { searches: 6, candidates: 200, depth: 4, page: 50, insight_searches: 2, insight_sources: 5 },
  high: { searches: 10, candidates: 500, depth: 6, page: 100, insight_searches: 3, insight_sources: 8 },
  xhigh: { searches: 14, candidates: 1000, depth: 10, page: 100, insight_searches: 3, insight_sources: 12 },
}

export const tierAction = (tier: Tier) => `dsp.agent.run.${tier}` as const

export function tierPriceMilli(tier: Tier): number {
  const rule = priceRule(tierAction(tier))
  if (rule.kind !== 'run') throw new Error(`${tierAction(tier)} is not priced per run`)
  return rule.milli
}

/** §4.9: the hold is the tier's price; auto holds the highest (85) while it chooses. */
export function holdMilli(effort: Effort): number {
  return tierPriceMilli(effort === 'auto' ? 'xhigh' : effort)
}

/**
 * auto: a tier from how much the query asks. One point per criterion, per five enrichment
 * columns, per relative clause ("that", "which", "who", "with") and for a long query (over 20
 * words). 0–1 low, 2–3 medium, 4–6 high, more xhigh. Deterministic.
 */
export function chooseTier(input: { query: string; criteria: string[]; enrichments: string[] }): Tier {
  const words = input.query.trim().split(/\s+/).filter(Boolean).length
  const clauses = (input.query.toLowerCase().match(/\b(?:that|which|who|whose|with)\b/g) ?? []).length
  const score = input.criteria.length + Math.ceil(input.enrichments.length / 5) + clauses + (words > 20 ? 1 : 0)
  if (score <= 1) return 'low'
  if (score <= 3) return 'medium'
  if (score <= 6) return 'high'
  return 'xhigh'
}
