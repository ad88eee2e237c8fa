// A parser never makes an answer worse than the words alone: parsed filters that empty an answer
// the words would fill, or that push out what a description describes, are dropped and said
// (resolved_search.conflicts, degradation parsed_filter_relaxed). Never the caller's filters.
import { GTM_FILTERS } from '../../contract/search-catalogue.ts'
import type { Deps } from '../types.ts'
import { expandTerms } from './parser.ts'
import { criteriaOf, type SearchPlan } from './plan.ts'
import { retrieve } from './retrieve.ts'
import type { Retrieved } from './retrieval-plan.ts'
import { contentTerms, queryTerms } from './terms.ts'
import { bestTextScore } from './text-side.ts'

// Filters of numbers and dates (the catalogue's range and date_range kinds): a relaxed one gives
// no words back ("before 1800", "joined in the last 6 months").
const RANGE_FILTERS = new Set(
  GTM_FILTERS.filter((f) => f.kind === 'range' || f.kind === 'date_range').map((f) => f.name),
)

/**
 * The plan with some of the parser's filters dropped (never the caller's), reported in
 * `conflicts`. The words of a value it read go back to the semantic query ("Kafka", "Germany"; a
 * number's do not: "before 1800"); `asTyped`: the query's words as typed instead (every filter the
 * parser read is dropped, so the reading found none: the words fast ranks).
 */
function withoutParsed(
  plan: SearchPlan,
  names: string[],
  parsedSpans: { filter: string; text: string }[],
  callerNames: ReadonlySet<string>,
  asTyped = false,
): SearchPlan {
  const parsedNames = Object.keys(plan.filters).filter((n) => !callerNames.has(n))
  const filters = Object.fromEntries(Object.entries(plan.filters).filter(([n]) => !names.includes(n)))
  const words = parsedSpans.filter((s) => names.includes(s.filter) && !RANGE_FILTERS.has(s.filter)).map((s) => s.text)
  const semantic = asTyped ? plan.query : [plan.semantic_query, ...words].filter(Boolean).join(' ') || null
  const terms = plan.mode === 'deep' ? contentTerms(semantic) : []
  const conflicts = names.map((n) => ({ filter: n, caller: null, parser: plan.filters[n] }))
  return {
    ...plan,
    filters,
    semantic_query: semantic,
    semantic_scope: plan.semantic_scope ?? (plan.category === 'person' && semantic ? 'person' : null),
    expansions: terms.length ? expandTerms(terms) : [],
    filters_source: callerNames.size
      ? parsedNames.length > names.length
        ? 'caller+parser'
        : 'caller'
      : parsedNames.length > names.length
        ? 'parser'
        : 'none',
    conflicts: [...plan.conflicts, ...conflicts],
    criteria: criteriaOf(filters, terms),
  }
}

/**
 * A parser's filters that leave nothing where the words alone find records are relaxed: each
 * filter the parser added (never the caller's) is dropped in turn, the fewest that give an answer,
 * the words of a value it read go back to the semantic query, and the answer says so in `conflicts` and
 * `degradation` (parsed_filter_relaxed). Null when nothing needs relaxing or relaxing finds nothing.
 */
export async function relaxParsedFilters(
  deps: Deps,
  plan: SearchPlan,
  parsedSpans: { filter: string; text: string }[],
  callerNames: ReadonlySet<string>,
  offset: number,
  limit: number,
): Promise<{ plan: SearchPlan; got: Retrieved; dropped: string[] } | null> {
  const parsedNames = Object.keys(plan.filters).filter((n) => !callerNames.has(n))
  if (!parsedNames.length || !plan.query) return null
  // One filter at a time (at most four tries), then all the parser's filters at once.
  const tries = parsedNames.length > 1 ? [...parsedNames.slice(0, 4).map((n) => [n]), parsedNames] : [parsedNames]
  for (const names of tries) {
    const relaxed = withoutParsed(plan, names, parsedSpans, callerNames)
    const got = await retrieve(deps, relaxed, offset, limit)
    if (got.total > 0) return { plan: relaxed, got, dropped: names }
  }
  return null
}

/** Beside its parsed filters, a query of at least this many content words is a description (a pitch, an abstract). */
export const DESCRIPTION_WORDS = 3
/** The words match a record outside the parsed filters this many times better than any inside: the filters describe. */
export const DESCRIPTION_MARGIN = 2

/**
 * A parser never makes an answer worse than the words alone: in a description ("The financial app
 * for affluent consumers in Latin America", "Dill helps construction suppliers automate …") a
 * place or an industry may be read as a filter although it describes the customers, not the
 * record sought. When the words left beside the parser's filters (at least DESCRIPTION_WORDS
 * content words) match a record outside those filters at least DESCRIPTION_MARGIN times better
 * than any record inside them (rarity-weighted word scores of the same words), every parser
 * filter is dropped and the query searched as typed, as fast searches it; the answer says so
 * (`conflicts`, degradation parsed_filter_relaxed). Null when the filters stand.
 */
export async function descriptionOverFilters(
  deps: Deps,
  plan: SearchPlan,
  parsedSpans: { filter: string; text: string }[],
  callerNames: ReadonlySet<string>,
): Promise<{ plan: SearchPlan; dropped: string[] } | null> {
  const parsedNames = Object.keys(plan.filters).filter((n) => !callerNames.has(n))
  if (!parsedNames.length || !plan.query || contentTerms(plan.semantic_query).length < DESCRIPTION_WORDS) return null
  const terms = queryTerms(plan.semantic_query)
  const callerOnly = {
    ...plan,
    filters: Object.fromEntries(Object.entries(plan.filters).filter(([n]) => callerNames.has(n))),
  }
  const [outside, inside] = await Promise.all([
    bestTextScore(deps, callerOnly, terms),
    bestTextScore(deps, plan, terms),
  ])
  if (outside <= 0 || outside < DESCRIPTION_MARGIN * inside) return null
  return { plan: withoutParsed(plan, parsedNames, parsedSpans, callerNames, true), dropped: parsedNames }
}
