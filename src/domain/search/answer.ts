// The parts of a search's answer beside its rows: resolved_search, the suggestion, and how far the
// page reaches (its signed next cursor, coverage, a truncation notice).
import type { SearchBody } from '../../contract/search.ts'
import { fingerprint, issueCursor, MAX_DEPTH } from '../cursors.ts'
import type { Deps } from '../types.ts'
import type { auditCriteria } from './deep.ts'
import { emptyVocabularies, parseQuery } from './parser.ts'
import type { SearchPlan } from './plan.ts'
import type { Retrieved } from './retrieval-plan.ts'

/** What a search cursor carries: the plan and the next page's offset. */
export interface CursorPayload {
  plan: SearchPlan
  offset: number
}

export function resolvedSearch(plan: SearchPlan, onCursorPage: boolean) {
  return {
    parser_version: onCursorPage ? 'none' : plan.parser_version,
    mode: plan.mode,
    category: plan.category,
    query: plan.query,
    filters: plan.filters,
    filters_source: plan.filters_source,
    semantic_query: plan.semantic_query,
    semantic_scope: plan.semantic_scope,
    sort: plan.sort,
    conflicts: plan.conflicts,
    overrides: plan.overrides,
  }
}

/** Advice when another category, or an agent run, would answer better (§2.2 suggestion). */
export function suggestionFor(plan: SearchPlan, total: number) {
  const q = (plan.query ?? '').toLowerCase()
  const clauses = (q.match(/\b(?:that|who|which|whose)\b/g) ?? []).length
  if (clauses >= 2 || /\b(?:compare|why|how many|rank them|for each)\b/.test(q)) {
    return {
      kind: 'agentic',
      category: null,
      message: 'This asks several things at once; an agent run can plan the searches and check each condition.',
    }
  }
  if (!plan.classified && plan.query) {
    const guess = parseQuery(plan.query, emptyVocabularies(), { category: null, nowYear: 2000 }).category
    if (guess && guess !== plan.category && guess !== 'company')
      return {
        kind: 'search',
        category: guess,
        message: `The words read like a ${guess.replace('_', ' ')} search; try category ${guess}.`,
      }
  }
  if (total === 0 && plan.mode === 'fast' && plan.query)
    return {
      kind: 'search',
      category: plan.category,
      message: 'Nothing matched these words; mode auto reads filters out of the query.',
    }
  return null
}

/** A request as its cursors are bound to it: the body less cursor and limit. */
export function requestFingerprint(body: SearchBody): string {
  return fingerprint({ ...body, cursor: undefined, limit: undefined } as Record<string, unknown>)
}

/** How far a page of `count` rows reaches: its cursor, its coverage, a truncation notice. */
export function pageReach(
  deps: Deps,
  page: { plan: SearchPlan; fp: () => string; got: Retrieved; offset: number; pageLimit: number },
  count: number,
) {
  const { plan, fp, got, offset, pageLimit } = page
  const nextOffset = offset + count
  const more = count === pageLimit && nextOffset < Math.min(got.total, got.reachable, MAX_DEPTH)
  const exact = !got.total_is_estimate
  const truncated = got.reachable < got.total && nextOffset >= got.reachable
  return {
    has_more: more,
    next_cursor: more ? issueCursor(deps, 'search', fp(), { plan, offset: nextOffset } satisfies CursorPayload) : null,
    degradation: truncated
      ? [
          {
            reason: 'pagination_truncated',
            detail: `Only the best ${nextOffset} matches can be paged; narrow the search to reach the rest.`,
            impact: 'recall' as const,
            source_corpus: null,
          },
        ]
      : [],
    coverage: {
      universe: got.total,
      enumerated: nextOffset,
      enumeration_recall:
        exact && got.total > 0 ? Math.round((nextOffset / got.total) * 1000) / 1000 : exact ? 1 : null,
      universe_exhausted: exact && nextOffset >= got.total,
      universe_is_exact: exact,
      truncated_by: got.total_is_estimate ? 'count_cap' : got.pool_truncated ? 'candidate_pool' : null,
      constraints_unmet: [] as string[],
      audited: plan.mode === 'deep',
      criteria: [] as ReturnType<typeof auditCriteria>,
      linkage: [],
      linkage_coverage: null,
      linkage_coverage_is_lower_bound: false,
      similarity: [],
    },
  }
}
