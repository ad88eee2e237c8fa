// POST /v1/search (data-routes §4.1, platform §2.2, §7, §8): validation, the plan of each mode
// (fast: hybrid words-by-meaning; auto: rule parser + caller filters; deep: parse, retrieve
// broadly, expand, re-rank, audit), signed cursors that carry the worked-out plan, and the
// answer's envelope. The route charges the page once its answer is built (searchRecords returns
// what to charge).
import type { EntityCategory } from '../../contract/records.ts'
import type { Static } from 'typebox'
import { DocumentFilters, GtmFilters, type SearchBody, type SearchResponse } from '../../contract/search.ts'
import { assertValidFilters, GTM_FILTER_SHAPES } from '../../contract/filter-errors.ts'
import { ApiError } from '../../errors.ts'
import type { Filters } from '../../store/search-filters.ts'
import { billingDegradation, chargeChain, snapshotOf, type ChargeInput } from '../credits/metering.ts'
import { fingerprint, issueCursor, MAX_DEPTH, planOrCursor } from '../cursors.ts'
import type { Credential, Deps } from '../types.ts'
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILTERS,
  GTM_FILTERS,
  type DocumentCategory,
} from '../../contract/search-catalogue.ts'
import {
  attributionFor,
  bestTextScore,
  buildRows,
  compileWhere,
  DEEP_POOL,
  loadVocabularies,
  POOL,
  queryTerms,
  retrieve,
  termRarity,
  vectorDegradation,
  vectorUnavailableDegradation,
  withRetrieval,
  type RetrievalPlan,
  type Retrieved,
  type SortClause,
} from './engine.ts'
import { readSearchQuery, type QueryReading } from './llm-parser.ts'
import { emptyVocabularies, expandTerms, parseQuery, RULES_PARSER_VERSION, type Vocabularies } from './parser.ts'
import { validateSort } from './sorts.ts'
import { ENGLISH_STOP_WORDS, lexemeOf, termLexemes } from '../../retrieval/fulltext.ts'

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

interface CursorPayload {
  plan: SearchPlan
  offset: number
}

// The parser's vocabularies come from this server's own index (Deps.searchCaches).
const VOCAB_TTL_MS = 60_000

function vocabularies(deps: Deps): Promise<Vocabularies> {
  let hit = deps.searchCaches.vocabularies
  if (!hit || Date.now() - hit.at > VOCAB_TTL_MS) {
    const fresh = { at: Date.now(), value: loadVocabularies(deps) }
    // A failed read (the store, or the replica it ran on, went away) is not kept for a minute.
    fresh.value.catch(() => {
      if (deps.searchCaches.vocabularies === fresh) deps.searchCaches.vocabularies = null
    })
    deps.searchCaches.vocabularies = hit = fresh
  }
  return hit.value
}

const isDoc = (c: string): c is DocumentCategory => (DOCUMENT_CATEGORIES as readonly string[]).includes(c)

function validateFilters(category: EntityCategory, filters: Record<string, unknown> | undefined): Filters {
  // No filter is required in any category (test/unit/search-filters-empty.test.ts): none sent, nothing to check.
  if (!filters || Object.keys(filters).length === 0) return {}
  if (isDoc(category)) {
    const gtmOnly = Object.keys(filters).filter(
      (k) => !(k in (DocumentFilters[category] as { properties: object }).properties),
    )
    if (gtmOnly.length) {
      throw new ApiError(
        'request.invalid',
        `filters ${gtmOnly.join(', ')} do not apply to ${category}; its filters are: ${Object.keys((DocumentFilters[category] as { properties: object }).properties).join(', ')}.`,
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
  } else {
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
  return filters as Filters
}

const PERSON_ONLY = new Set(GTM_FILTERS.filter((f) => f.applies_to === 'person').map((f) => f.name))

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

/** The plan, and the parser's degradation (page 1 only: cursor pages never re-run the parser). */
async function planSearch(
  deps: Deps,
  body: SearchBody,
  chain: string,
): Promise<{
  plan: SearchPlan
  degradation: QueryReading['degradation']
  spans: { filter: string; text: string }[]
  callerNames: Set<string>
}> {
  const mode: Mode = body.mode ?? 'auto'
  const query = body.query?.trim() || null
  if (body.sort?.length && !body.category)
    throw new ApiError('request.invalid', '`sort` needs an explicit `category`.', {
      extra: {
        errors: [{ type: 'missing', loc: ['body', 'category'], msg: 'Required with sort', input: null, ctx: null }],
      },
    })
  const callerFilters = body.filters ?? {}
  if (!query && Object.keys(callerFilters).length === 0 && !body.include_domains?.length) {
    throw new ApiError('request.invalid', 'Send a `query`, `filters` or `include_domains`.', {
      extra: {
        errors: [
          { type: 'missing', loc: ['body', 'query'], msg: 'A query or filters are required', input: null, ctx: null },
        ],
      },
    })
  }
  let category = (body.category ?? null) as EntityCategory | null
  let parsed = null
  let reading: QueryReading | null = null
  if (mode !== 'fast' && query) {
    reading = await readSearchQuery(deps, query, await vocabularies(deps), {
      category,
      nowYear: deps.clock.now().getUTCFullYear(),
      now: deps.clock.now(),
    })
    parsed = reading.parsed
    category ??= parsed.category as EntityCategory
  }
  const classified = category === null || body.category === undefined
  category ??= query
    ? (parseQuery(query, emptyVocabularies(), { category: null, nowYear: 2000 }).category as EntityCategory)
    : 'company'
  if (isDoc(category) && body.include_domains === undefined && Object.keys(callerFilters).length === 0 && parsed) {
    // Document categories take no GTM filters: the parser's company filters stay in the words.
    parsed = { ...parsed, filters: {}, semantic_query: query }
  }
  const caller = validateFilters(category, callerFilters as Record<string, unknown>)
  const { merged, conflicts, overrides, source } = mergeFilters(caller, parsed?.filters ?? {})
  const sort = validateSort(category, body.sort ?? []) as SortClause[]
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
    sort,
    expansions: terms.length ? expandTerms(terms) : [],
    pool: mode === 'deep' ? DEEP_POOL : POOL,
    filters_source: source,
    conflicts,
    overrides,
    parser_version: mode === 'fast' ? 'none' : (reading?.parser_version ?? RULES_PARSER_VERSION),
    criteria: [
      ...Object.keys(merged).map((f) => ({ criterion: f, source: 'filter' as const })),
      ...terms.map((t) => ({ criterion: t, source: 'words' as const })),
    ],
    chain,
    classified,
  }
  return {
    plan,
    degradation: reading?.degradation ?? [],
    spans: parsed?.spans ?? [],
    callerNames: new Set(Object.keys(caller)),
  }
}

// Filters of numbers and dates (the catalogue's range and date_range kinds): a relaxed one gives
// no words back ("before 1800", "joined in the last 6 months").
const RANGE_FILTERS = new Set(
  GTM_FILTERS.filter((f) => f.kind === 'range' || f.kind === 'date_range').map((f) => f.name),
)

/** The words of deep's criteria, expansions and re-rank: the query's terms less English stop words. */
function contentTerms(text: string | null): string[] {
  return queryTerms(text).filter((t) => !ENGLISH_STOP_WORDS.has(t))
}

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
    criteria: [
      ...Object.keys(filters).map((f) => ({ criterion: f, source: 'filter' as const })),
      ...terms.map((t) => ({ criterion: t, source: 'words' as const })),
    ],
  }
}

/**
 * A parser's filters that leave nothing where the words alone find records are relaxed: each
 * filter the parser added (never the caller's) is dropped in turn, the fewest that give an answer,
 * the words of a value it read go back to the semantic query, and the answer says so in `conflicts` and
 * `degradation` (parsed_filter_relaxed). Null when nothing needs relaxing or relaxing finds nothing.
 */
async function relaxParsedFilters(
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
async function descriptionOverFilters(
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
    bestTextScore(deps, plan.category, compileWhere(deps, callerOnly), terms),
    bestTextScore(deps, plan.category, compileWhere(deps, plan), terms),
  ])
  if (outside <= 0 || outside < DESCRIPTION_MARGIN * inside) return null
  return { plan: withoutParsed(plan, parsedNames, parsedSpans, callerNames, true), dropped: parsedNames }
}

function resolvedSearch(plan: SearchPlan, onCursorPage: boolean) {
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
function suggestionFor(plan: SearchPlan, total: number) {
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

/** deep's audit: each criterion evaluated over the page; filters are proven by the query, words judged per row. */
function auditCriteria(plan: SearchPlan, rows: Record<string, unknown>[]) {
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

/** A search's answer as the route sends it, `meta` aside. */
export type SearchEnvelope = Static<typeof SearchResponse>

export interface SearchAnswer {
  /** The envelope (the route's schema serialises it; http/plugins/envelope.ts adds meta). */
  envelope: SearchEnvelope
  /** The records the page shows (the per-credential entity ceiling counts them). */
  shown: { category: string; id: string }[]
  /** The engine query of this answer in ms: the ranked page and its records (the `engine` entry of Server-Timing). */
  engine_ms: number
  /** What the route charges for this page once the answer is built (http/plugins/metering.ts charge). */
  charge: ChargeInput
}

function requestFingerprint(body: SearchBody): string {
  return fingerprint({ ...body, cursor: undefined, limit: undefined } as Record<string, unknown>)
}

/** How far a page of `count` rows reaches: its cursor, its coverage, a truncation notice. */
function pageReach(
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

export async function searchRecords(
  deps: Deps,
  credential: Credential,
  body: SearchBody,
  ctx: { request_id: string; idempotency_scope: string | null },
): Promise<SearchAnswer> {
  const limit = body.limit ?? 25
  // A first page needs the request's fingerprint only for its next cursor; a cursor page checks it first.
  let fingerprinted: string | undefined
  const fp = () => (fingerprinted ??= requestFingerprint(body))
  let parserDegradation: QueryReading['degradation'] = []
  let planned: Awaited<ReturnType<typeof planSearch>> | null = null
  const onCursorPage = Boolean(body.cursor)
  const opened = await planOrCursor<SearchPlan>(
    deps,
    'search',
    body.cursor ? fp() : '',
    body.cursor,
    limit,
    async () => {
      planned = await planSearch(deps, body, chargeChain(ctx))
      parserDegradation = planned.degradation
      return planned.plan
    },
  )
  const { offset } = opened
  let plan = opened.plan
  let relaxedDegradation: QueryReading['degradation'] = []
  const pageLimit = Math.min(limit, MAX_DEPTH - offset)
  let engineMs = 0
  const answer = await withRetrieval(deps, async () => {
    const started = performance.now()
    const first = planned as Awaited<ReturnType<typeof planSearch>> | null
    if (first && plan.mode !== 'fast') {
      // Filters read from a description that push out what the words describe are dropped and said.
      const described = await descriptionOverFilters(deps, plan, first.spans, first.callerNames)
      if (described) {
        plan = described.plan
        relaxedDegradation = [
          {
            reason: 'parsed_filter_relaxed',
            detail: `The words match records outside the filters read from them (${described.dropped.join(', ')}) far better than any inside, so those filters were read as part of a description: they were dropped and the query searched as typed (resolved_search.conflicts).`,
            impact: 'precision',
            source_corpus: null,
          },
        ]
      }
    }
    let got = await retrieve(deps, plan, offset, pageLimit)
    if (got.total === 0 && first && plan.mode !== 'fast') {
      // A parsed filter that empties an answer the words alone would fill is relaxed and said.
      const relaxed = await relaxParsedFilters(deps, plan, first.spans, first.callerNames, offset, pageLimit)
      if (relaxed) {
        plan = relaxed.plan
        got = relaxed.got
        relaxedDegradation = [
          {
            reason: 'parsed_filter_relaxed',
            detail: `Nothing matched with the filters read from the words (${relaxed.dropped.join(', ')}); they were dropped and their words searched instead (resolved_search.conflicts).`,
            impact: 'precision',
            source_corpus: null,
          },
        ]
      }
    }
    const reading = buildRows(deps, plan.category, got.hits)
    // A rejection must not count as unhandled while the awaits below span I/O.
    reading.catch(() => undefined)
    // While the records are read: the parts of the answer that do not need them.
    const attribution = await attributionFor(deps, plan.category)
    const vectorGaps = plan.semantic_query ? await vectorDegradation(deps, plan.category) : []
    const head = {
      resolved_search: resolvedSearch(plan, onCursorPage),
      suggestion: onCursorPage ? null : suggestionFor(plan, got.total),
    }
    const found = await reading
    engineMs = performance.now() - started
    // deep re-ranks page 1 by its words.
    const rerankIdf =
      plan.mode === 'deep' && !onCursorPage
        ? await termRarity(deps, plan.category, termLexemes(contentTerms(plan.semantic_query)))
        : null
    const rows = rerankIdf ? rerank(plan, found, rerankIdf) : found
    return { got, rows, attribution, vectorGaps, head }
  })
  const { got, rows } = answer
  // A record deleted since the page was ranked leaves it shorter: the page is what it delivers.
  const count = rows.length
  const reach = pageReach(deps, { plan, fp, got, offset, pageLimit }, count)
  const degradation: {
    reason: string
    detail: string
    impact: 'recall' | 'precision' | 'freshness' | 'fields'
    source_corpus: string | null
  }[] = [
    ...parserDegradation,
    ...relaxedDegradation,
    ...(got.vector_unavailable ? vectorUnavailableDegradation(plan.category) : []),
    ...answer.vectorGaps,
    ...reach.degradation,
    ...billingDegradation(credential.environment),
  ]
  // In the order the contract lists it (the route's schema writes it; the envelope plugin adds meta).
  const envelope = {
    results: rows,
    total: got.total,
    total_is_estimate: got.total_is_estimate,
    has_more: reach.has_more,
    next_cursor: reach.next_cursor,
    ...answer.head,
    coverage: { ...reach.coverage, criteria: plan.mode === 'deep' ? auditCriteria(plan, rows) : [] },
    attribution: answer.attribution,
    degradation,
    columns: null,
  }
  return {
    envelope,
    shown: rows.map((r) => ({ category: plan.category, id: r.id })),
    engine_ms: engineMs,
    charge: {
      action_type: `dsp.search.${plan.mode}`,
      positions: Array.from({ length: count }, (_, i) => offset + i),
      scope: plan.chain,
      query: plan.query,
      result_count: count,
      result_total: got.total,
      result_total_is_estimate: got.total_is_estimate,
      request: { method: 'POST', path: '/v1/search', body },
      plan: answer.head.resolved_search,
      ...snapshotOf(envelope, onCursorPage),
    },
  }
}
