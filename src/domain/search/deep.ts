// deep's work on page 1: the re-rank by the query's words (rarity-weighted, never against
// retrieval's first) and the audit of each criterion over the page.
import { lexemeOf, termLexemes } from '../../retrieval/fulltext.ts'
import { expandTerms } from './parser.ts'
import type { SearchPlan } from './plan.ts'
import { contentTerms } from './terms.ts'

/** deep's audit: each criterion evaluated over the page; filters are proven by the query, words judged per row. */
export function auditCriteria(plan: SearchPlan, rows: Record<string, unknown>[]) {
  return plan.criteria.map((c) => {
    if (c.source === 'filter')
      return {
        criterion: c.criterion,
        evaluated: rows.length,
        passed: rows.length,
        success_rate: rows.length ? 1 : null,
        proven_by: 'query' as const,
      }
    const needles = [c.criterion, ...expandTerms([c.criterion])]
    const passed = rows.filter((r) => {
      const t = JSON.stringify(r).toLowerCase()
      return needles.some((n) => t.includes(n))
    }).length
    return {
      criterion: c.criterion,
      evaluated: rows.length,
      passed,
      success_rate: rows.length ? Math.round((passed / rows.length) * 1000) / 1000 : null,
      proven_by: 'judged' as const,
    }
  })
}

/** The lexemes of a row's text values (keys and its own id, category and score aside): whole words, stemmed as indexed. */
function rowLexemes(row: Record<string, unknown>): Set<string> {
  const out = new Set<string>()
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const w of v.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
        const l = lexemeOf(w)
        if (l !== null) out.add(l)
      }
    } else if (Array.isArray(v)) v.forEach(visit)
    else if (v && typeof v === 'object') Object.values(v).forEach(visit)
  }
  for (const [k, v] of Object.entries(row)) if (k !== 'id' && k !== 'category' && k !== 'score') visit(v)
  return out
}

/** The share of the query's words in deep's re-rank key (the fused score has the rest). */
export const RERANK_SHARE = 0.1

/**
 * deep's re-rank of page 1: 0.9 of the fused score, 0.1 of the share of the query's content words
 * (as whole words, stemmed as the index stems them: "ai" is not found inside "email") the row
 * carries, each word weighing its rarity (idf, as in the ranking: "methods" weighs little next to
 * "biology"), so word coverage orders near ties and never overrides the rarity-weighted ranking.
 * A row passes one retrieval ranked above it only when it carries every content word that row
 * carries and more: two rows carrying different words ("quantitative methods" against "biology")
 * keep retrieval's order, which already weighed those words against each other. What retrieval
 * ranked first (what fast and auto rank first) stays first: the intent's filters were applied by
 * retrieval, and a share of words is no evidence against it.
 */
export function rerank<R extends Record<string, unknown>>(
  plan: Pick<SearchPlan, 'semantic_query'>,
  rows: R[],
  idf: Map<string, number>,
): R[] {
  const terms = [...new Set(termLexemes(contentTerms(plan.semantic_query)))]
  if (!terms.length || rows.length < 2) return rows
  const weight = (w: string) => idf.get(w) ?? 0
  const total = terms.reduce((sum, w) => sum + weight(w), 0)
  if (total <= 0) return rows
  const scored = rows.map((r) => {
    const has = rowLexemes(r)
    const words = new Set(terms.filter((w) => has.has(w)))
    const share = [...words].reduce((sum, w) => sum + weight(w), 0) / total
    return { r, words, key: share * RERANK_SHARE + (r.score as number) * (1 - RERANK_SHARE) }
  })
  const coversMore = (a: Set<string>, b: Set<string>) => a.size > b.size && [...b].every((w) => a.has(w))
  // Retrieval's order, each row moved up past the rows it ranks above on both counts.
  const [first, ...rest] = scored
  const sorted = [first!]
  for (const s of rest) {
    let at = sorted.length
    while (at > 1 && s.key > sorted[at - 1]!.key && coversMore(s.words, sorted[at - 1]!.words)) at--
    sorted.splice(at, 0, s)
  }
  // Scores descend with the order (a kept row may have had a lower blended key).
  const keys = sorted.map((s) => s.key).sort((a, b) => b - a)
  return sorted.map((s, k) => ({ ...s.r, score: Math.round(keys[k]! * 10_000) / 10_000 }))
}
