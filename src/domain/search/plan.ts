// The plan of a search (data-routes §4.1, platform §2.2): the request checked, the words read by the
// parser (auto and deep), caller and parser filters merged (the caller wins), the sort validated.
// Cursors carry the plan, so later pages never re-run the parser.
import type { EntityCategory } from '../../contract/records.ts'
import { DocumentFilters, GtmFilters, type SearchBody } from '../../contract/search.ts'
import { assertValidFilters, GTM_FILTER_SHAPES } from '../../contract/filter-errors.ts'
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILTERS,
  GTM_FILTERS,
  type DocumentCategory,
} from '../../contract/search-catalogue.ts'
import { ApiError } from '../../errors.ts'
import type { Filters } from '../../store/search-filters.ts'
import type { Deps } from '../types.ts'
import { readSearchQuery, type QueryReading } from './llm-parser.ts'
import { emptyVocabularies, expandTerms, parseQuery, RULES_PARSER_VERSION, type Parsed } from './parser.ts'
import { DEEP_POOL, POOL, type RetrievalPlan, type SortClause } from './retrieval-plan.ts'
import { validateSort } from './sorts.ts'
import { contentTerms } from './terms.ts'
import { vocabularies } from './vocabularies.ts'

export type Mode = 'fast' | 'auto' | 'deep'

/** What a cursor carries: the worked-out plan, so later pages never re-run the parser. */
export interface SearchPlan extends RetrievalPlan {
  mode: Mode
  query: string | null
  filters_source: 'caller' | 'parser' | 'caller+parser' | 'none'
  conflicts: { filter: string; caller: unknown; parser: unknown }[]
  overrides: { filter: string; kept: 'caller'; dropped: unknown }[]
  parser_version: string
  criteria: { criterion: string; source: 'filter' | 'words' }[]
  /** Charge scope shared by every page of this search. */
  chain: string
  /** The category was classified from the words (not given). */
  classified: boolean
}

/** A first page's plan, with what only page 1 knows: the parser's degradation, its spans, the caller's filter names. */
export interface PlannedSearch {
  plan: SearchPlan
  degradation: QueryReading['degradation']
  spans: { filter: string; text: string }[]
  callerNames: Set<string>
}

/** The plan, and the parser's degradation (page 1 only: cursor pages never re-run the parser). */
export async function planSearch(deps: Deps, body: SearchBody, chain: string): Promise<PlannedSearch> {
  const mode: Mode = body.mode ?? 'auto'
  const query = body.query?.trim() || null
  checkRequest(body, query)
  const callerFilters = body.filters ?? {}
  const read = await readWords(deps, mode, query, (body.category ?? null) as EntityCategory | null)
  const classified = read.category === null || body.category === undefined
  const category = read.category ?? classifyWords(query)
  let parsed = read.parsed
  if (isDoc(category) && body.include_domains === undefined && Object.keys(callerFilters).length === 0 && parsed) {
    // Document categories take no GTM filters: the parser's company filters stay in the words.
    parsed = { ...parsed, filters: {}, semantic_query: query }
  }
  const caller = validateFilters(category, callerFilters as Record<string, unknown>)
  const { merged, conflicts, overrides, source } = mergeFilters(caller, parsed?.filters ?? {})
  const semantic = parsed ? parsed.semantic_query : query
  // deep's expansions and criteria are the only use of the words here (fast and auto skip them).
  const terms = mode === 'deep' ? contentTerms(semantic) : []
  const plan: SearchPlan = {
    mode,
    query,
    category,
    filters: merged,
    include_domains: body.include_domains ?? [],
    semantic_query: semantic,
    semantic_scope: parsed?.semantic_scope ?? (category === 'person' && semantic ? 'person' : null),
    sort: validateSort(category, body.sort ?? []) as SortClause[],
    expansions: terms.length ? expandTerms(terms) : [],
    pool: mode === 'deep' ? DEEP_POOL : POOL,
    filters_source: source,
    conflicts,
    overrides,
    parser_version: mode === 'fast' ? 'none' : (read.reading?.parser_version ?? RULES_PARSER_VERSION),
    criteria: criteriaOf(merged, terms),
    chain,
    classified,
  }
  return {
    plan,
    degradation: read.reading?.degradation ?? [],
    spans: parsed?.spans ?? [],
    callerNames: new Set(Object.keys(caller)),
  }
}

/** deep's criteria: each filter, proven by the query, and each content word, judged per row. */
export function criteriaOf(filters: Filters, terms: string[]): SearchPlan['criteria'] {
  return [
    ...Object.keys(filters).map((f) => ({ criterion: f, source: 'filter' as const })),
    ...terms.map((t) => ({ criterion: t, source: 'words' as const })),
  ]
}

/** A sort needs an explicit category; a search needs a query, filters or include_domains. */
function checkRequest(body: SearchBody, query: string | null): void {
  if (body.sort?.length && !body.category)
    throw new ApiError('request.invalid', '`sort` needs an explicit `category`.', {
      extra: {
        errors: [{ type: 'missing', loc: ['body', 'category'], msg: 'Required with sort', input: null, ctx: null }],
      },
    })
  if (!query && Object.keys(body.filters ?? {}).length === 0 && !body.include_domains?.length) {
    throw new ApiError('request.invalid', 'Send a `query`, `filters` or `include_domains`.', {
      extra: {
        errors: [
          { type: 'missing', loc: ['body', 'query'], msg: 'A query or filters are required', input: null, ctx: null },
        ],
      },
    })
  }
}

/**
 * The words as auto and deep read them (the parser, or the language model's reading) and the
 * category: the one given, else the reading's (null when neither).
 */
async function readWords(
  deps: Deps,
  mode: Mode,
  query: string | null,
  given: EntityCategory | null,
): Promise<{ category: EntityCategory | null; parsed: Parsed | null; reading: QueryReading | null }> {
  let category = given
  let reading: QueryReading | null = null
  if (mode !== 'fast' && query) {
    reading = await readSearchQuery(deps, query, await vocabularies(deps), {
      category,
      nowYear: deps.clock.now().getUTCFullYear(),
      now: deps.clock.now(),
    })
    category ??= reading.parsed.category as EntityCategory
  }
  return { category, parsed: reading?.parsed ?? null, reading }
}

/** The category the rules read in the words (company without words). */
function classifyWords(query: string | null): EntityCategory {
  return query
    ? (parseQuery(query, emptyVocabularies(), { category: null, nowYear: 2000 }).category as EntityCategory)
    : 'company'
}

const isDoc = (c: string): c is DocumentCategory => (DOCUMENT_CATEGORIES as readonly string[]).includes(c)

const PERSON_ONLY = new Set(GTM_FILTERS.filter((f) => f.applies_to === 'person').map((f) => f.name))

/** The caller's filters checked against the category's catalogue (a 422 names each wrong one). */
function validateFilters(category: EntityCategory, filters: Record<string, unknown> | undefined): Filters {
  // No filter is required in any category (test/unit/search-filters-empty.test.ts): none sent, nothing to check.
  if (!filters || Object.keys(filters).length === 0) return {}
  if (isDoc(category)) validateDocumentFilters(category, filters)
  else validateGtmFilters(category, filters)
  return filters as Filters
}

function validateDocumentFilters(category: DocumentCategory, filters: Record<string, unknown>): void {
  const own = (DocumentFilters[category] as { properties: object }).properties
  const gtmOnly = Object.keys(filters).filter((k) => !(k in own))
  if (gtmOnly.length) {
    throw new ApiError(
      'request.invalid',
      `filters ${gtmOnly.join(', ')} do not apply to ${category}; its filters are: ${Object.keys(own).join(', ')}.`,
      {
        extra: {
          errors: gtmOnly.map((k) => ({
            type: 'extra_forbidden',
            loc: ['body', 'filters', k],
            msg: `Not a filter of ${category}`,
            input: filters[k],
            ctx: null,
          })),
        },
      },
    )
  }
  assertValidFilters(DocumentFilters[category], filters, DOCUMENT_FILTERS[category])
}

function validateGtmFilters(category: EntityCategory, filters: Record<string, unknown>): void {
  assertValidFilters(GtmFilters, filters, GTM_FILTER_SHAPES)
  // A person-only filter cannot narrow companies: refused, never silently dropped (as a person-only sort is).
  const personOnly = category === 'company' ? Object.keys(filters).filter((k) => PERSON_ONLY.has(k)) : []
  if (personOnly.length)
    throw new ApiError(
      'request.invalid',
      `filters ${personOnly.join(', ')} describe people and cannot narrow a company search; search category person (its company filters read the current employer) or remove them.`,
      {
        extra: {
          errors: personOnly.map((k) => ({
            type: 'extra_forbidden',
            loc: ['body', 'filters', k],
            msg: `${k} filters people only; not a filter of a company search`,
            input: filters[k],
            ctx: { filter: k, applies_to: 'person' },
          })),
        },
      },
    )
}

/** Caller filters win on conflict; both sources are reported (§2.2 resolved_search). */
function mergeFilters(caller: Filters, parsed: Filters) {
  const merged: Filters = { ...parsed }
  const conflicts: SearchPlan['conflicts'] = []
  const overrides: SearchPlan['overrides'] = []
  for (const [name, value] of Object.entries(caller)) {
    if (name in parsed && JSON.stringify(parsed[name]) !== JSON.stringify(value)) {
      conflicts.push({ filter: name, caller: value, parser: parsed[name] })
      overrides.push({ filter: name, kept: 'caller', dropped: parsed[name] })
    }
    merged[name] = value
  }
  const hasCaller = Object.keys(caller).length > 0
  const hasParser = Object.keys(parsed).some((k) => !(k in caller))
  const source = hasCaller && hasParser ? 'caller+parser' : hasCaller ? 'caller' : hasParser ? 'parser' : 'none'
  return { merged, conflicts, overrides, source: source as SearchPlan['filters_source'] }
}
