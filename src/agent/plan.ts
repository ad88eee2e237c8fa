// The run's plan: the tier (auto chooses), the filters read from the query and the criteria,
// the searches the budget allows, how each criterion is checked, and where each enrichment
// column comes from. Pure given the vocabularies; the same query and tier give the same plan.
import type { Effort, RunCategory, Tier } from '../contract/agent-runs.ts'
import { queryTerms } from '../domain/search/engine.ts'
import {
  expandTerms,
  parseQuery,
  RULES_PARSER_VERSION,
  type Parsed,
  type Vocabularies,
} from '../domain/search/parser.ts'
import type { Filters } from '../store/search-filters.ts'
import { resolveColumn, type ColumnPlan } from './columns.ts'
import { planCriterion, termPattern, type CriterionPlan } from './criteria.ts'
import { BUDGETS, chooseTier, type Budget } from '../domain/agent-runs/tiers.ts'
import { GENERIC_WORDS, topicWordsOf, wordsNeeded } from './topic.ts'
import { valueFilters, type ValueFilter } from './values.ts'

export interface SearchSpec {
  step: number
  purpose: string
  semantic_query: string | null
  semantic_scope: 'company' | 'person' | null
  expansions: string[]
  /** Its ranking ignores the query's words, so its rows must mention them (or a synonym) to count. */
  check_topic: boolean
  /**
   * Searches whose input comes from the rows kept before them (medium effort and above):
   * `vocabulary` adds the words the best rows' keywords and industries use beside the topic to
   * `expansions`; `similar` asks for look-alikes of the best rows (POST /v1/similar's engine).
   * Absent: a plain search.
   * `relaxed` runs the query without the filters it only implied (RunPlan.implied), their words
   * searched instead, when the answer is thin.
   */
  kind?: 'vocabulary' | 'similar' | 'relaxed'
}

/**
 * A category filter the query's text implied ("software" in "payroll software companies" read as
 * `industry: software`), never a criterion's or a caller's: when the answer is thin, the run
 * searches once more without it, its words searched as words instead.
 */
export interface ImpliedFilter {
  key: string
  words: string[]
}

export interface RunPlan {
  tier: Tier
  budget: Budget
  category: RunCategory
  /** Filters read from the query and from the criteria: applied to every search. */
  filters: Filters
  query_filters: Filters
  semantic_query: string | null
  searches: SearchSpec[]
  /** Searches planned before the tier's budget cut the list. */
  planned_searches: number
  criteria: CriterionPlan[]
  columns: ColumnPlan[]
  /**
   * The topic: the query's content words no filter took. A company row must carry it (topic.ts);
   * a person row must mention one of them when its search ignored them (check_topic).
   */
  topic_terms: string[]
  /** Bounds on values a record may lack (founding year, headcount…): checked again without them (values.ts). */
  value_filters?: ValueFilter[]
  /** Medium effort and above: a thin answer keeps the records lacking a value the query's text only implied. */
  relax?: boolean
  /** Category filters the query's text implied beside a topic: dropped when the answer is thin. Absent in plans stored before it existed. */
  implied?: ImpliedFilter[]
  /** Words for the document searches behind insights; null skips them. */
  insight_query: string | null
  parser_version: string
  /**
   * The run's clock when it planned (ISO): person criteria on time ("in role under a year") are
   * judged against it, as the plan's dates were read from it. Absent in plans stored before it existed.
   */
  now?: string
  /** The language model's failure when it was asked to read the query and the rules read it instead. */
  degradation?: { reason: string; detail: string; impact: string; source_corpus: string | null }[]
}

/** A reading of the query made elsewhere (the language model's, src/domain/search/llm-parser.ts). */
export interface Reading {
  parsed: Parsed
  parser_version: string
  degradation: RunPlan['degradation']
}

export interface RunInput {
  query: string
  category: RunCategory
  effort: Effort
  criteria: string[]
  enrichments: string[]
}

function valuesOf(filter: unknown): string[] {
  const include = (filter as { include?: unknown[] } | undefined)?.include ?? []
  return include
    .map((v) =>
      typeof v === 'string'
        ? v
        : typeof (v as { value?: unknown }).value === 'string'
          ? (v as { value: string }).value
          : '',
    )
    .filter(Boolean)
}

/**
 * `now` is the run's clock (the test clock in tests): on a person run the query and the criteria
 * read dates from it ("joined in the last 6 months") and time criteria are judged against it.
 */
export function planRun(input: RunInput, vocab: Vocabularies, nowYear: number, reading?: Reading, now?: Date): RunPlan {
  const tier: Tier = input.effort === 'auto' ? chooseTier(input) : input.effort
  const budget = BUDGETS[tier]
  const parsed = reading?.parsed ?? parseQuery(input.query, vocab, { category: input.category, nowYear, now })
  const filters: Filters = { ...parsed.filters }
  const criteria = input.criteria.map((c) => {
    const plan = planCriterion(c, input.category, vocab, filters, nowYear, now)
    Object.assign(filters, plan.filters)
    return plan
  })
  const semantic = parsed.semantic_query
  const scope = parsed.semantic_scope
  const judged = criteria.filter((c) => c.method === 'judged' && !c.negated)
  const judgedWords = [...new Set(judged.flatMap((c) => c.terms))]
  const hasFilters = Object.keys(filters).length > 0

  const specs: Omit<SearchSpec, 'step'>[] = [
    { purpose: 'the query', semantic_query: semantic, semantic_scope: scope, expansions: [], check_topic: false },
  ]
  if (judgedWords.length && semantic)
    specs.push({
      purpose: "the query with the criteria's words",
      semantic_query: [semantic, ...judgedWords].join(' '),
      semantic_scope: scope,
      expansions: [],
      check_topic: false,
    })
  for (const c of judged)
    specs.push({
      purpose: `criterion "${c.criterion}"`,
      semantic_query: c.terms.join(' '),
      semantic_scope: input.category === 'person' ? 'person' : null,
      expansions: [],
      check_topic: semantic !== null,
    })
  if (hasFilters && semantic)
    specs.push({
      purpose: 'every record passing the filters, best first',
      semantic_query: null,
      semantic_scope: null,
      expansions: [],
      check_topic: true,
    })
  const expansions = expandTerms(queryTerms(semantic))
  if (expansions.length)
    specs.push({
      purpose: 'the query with synonyms',
      semantic_query: semantic,
      semantic_scope: scope,
      expansions,
      check_topic: false,
    })
  // Medium effort and above buy recall: the corpus's own words for the topic, then look-alikes
  // of the best rows. Their rows pass the same checks as every other search's.
  const topicTerms = topicWordsOf(queryTerms(semantic))
  // Below medium, the vocabulary search only takes a search the budget would leave unused.
  const spare = !RECALL_TIERS.has(tier) && specs.length < budget.searches
  if ((RECALL_TIERS.has(tier) || spare) && semantic && topicTerms.length)
    specs.push({
      purpose: "the topic's words with the corpus's own words for it",
      semantic_query: topicTerms.join(' '),
      semantic_scope: scope,
      expansions: vocabularyTerms(vocab, topicTerms),
      check_topic: false,
      kind: 'vocabulary',
    })
  // The corpus's rarer words alone: a record tagged only "LegalTech" ranks below every record
  // naming "legal" beside the topic's other words, but first among the records naming "legaltech".
  if (RECALL_TIERS.has(tier) && input.category === 'company' && semantic && topicTerms.length)
    specs.push({
      purpose: "the corpus's rarer words for the topic, alone",
      semantic_query: null,
      semantic_scope: scope,
      expansions: vocabularyTerms(vocab, topicTerms),
      check_topic: true,
      kind: 'vocabulary',
    })
  if (RECALL_TIERS.has(tier) && input.category === 'company')
    specs.push({
      purpose: 'look-alikes of the best rows',
      semantic_query: null,
      semantic_scope: null,
      expansions: [],
      check_topic: semantic !== null,
      kind: 'similar',
    })

  const topicWords = [
    semantic,
    ...valuesOf(filters.industry),
    ...valuesOf(filters.sub_industry),
    ...valuesOf(filters.technology),
  ]
    .filter(Boolean)
    .join(' ')
  return {
    tier,
    budget,
    category: input.category,
    filters,
    query_filters: parsed.filters,
    semantic_query: semantic,
    searches: specs.slice(0, budget.searches).map((s, step) => ({ ...s, step })),
    planned_searches: specs.length,
    criteria,
    columns: input.enrichments.map((e) => resolveColumn(input.category, e)),
    topic_terms: topicTerms,
    value_filters: valueFilters(input.category, filters, parsed.filters),
    relax: tier === 'medium' || tier === 'high' || tier === 'xhigh',
    implied: input.category === 'company' && topicTerms.length ? impliedFilters(parsed, criteria) : [],
    insight_query: topicWords.trim() ? topicWords : null,
    parser_version: reading?.parser_version ?? RULES_PARSER_VERSION,
    ...(now ? { now: now.toISOString() } : {}),
    degradation: reading?.degradation ?? [],
  }
}

/** The category filters a query's words can imply: what the record is, not where or how big. */
const IMPLIED_KEYS = ['industry', 'sub_industry', 'technology']

/**
 * The category filters read from the query's own text (a criterion's filter on the same key is
 * explicit: never dropped), with the words they were read from (the language model's reading
 * keeps no spans: the filter's values are the words).
 */
function impliedFilters(parsed: Parsed, criteria: CriterionPlan[]): ImpliedFilter[] {
  return IMPLIED_KEYS.filter((key) => parsed.filters[key] && !criteria.some((c) => key in c.filters)).map((key) => {
    const spans = parsed.spans.filter((s) => s.filter === key).map((s) => s.text)
    const words = queryTerms((spans.length ? spans : valuesOf(parsed.filters[key])).join(' ')).filter(expansionWord)
    return { key, words: [...new Set(words)] }
  })
}

/** The tiers that run the recall searches (corpus vocabulary, look-alikes). */
export const RECALL_TIERS = new Set<Tier>(['medium', 'high', 'xhigh'])

/** At most this many expansion words a vocabulary search adds. */
export const VOCABULARY_TERMS_MAX = 8

/** Words too common to widen a search (joining words of vocabulary values). */
const FILLER = new Set('and or of the for with in on to by at from as its their b2b b2c'.split(' '))

/** A word fit to widen a search: three letters or more, neither generic nor filler. */
export const expansionWord = (w: string) => w.length > 2 && !FILLER.has(w) && !GENERIC_WORDS.has(w) && !/^\d+$/.test(w)

/**
 * The corpus's own words beside a topic: the other words of the index's industry, sub-industry
 * and technology values naming the topic (as many of its words as a record must carry: "drone" →
 * "Drones & Unmanned Aerial Vehicles" gives unmanned, aerial, vehicles). In vocabulary order.
 */
export function vocabularyTerms(vocab: Vocabularies, topic: string[]): string[] {
  const out = new Set<string>()
  const patterns = topic.map((t) => termPattern(t, false))
  for (const value of [...vocab.industries, ...vocab.sub_industries, ...vocab.technologies]) {
    if (patterns.filter((p) => p.test(value)).length < wordsNeeded(topic.length)) continue
    for (const w of queryTerms(value)) if (!topic.includes(w) && expansionWord(w)) out.add(w)
    if (out.size >= VOCABULARY_TERMS_MAX) break
  }
  return [...out].slice(0, VOCABULARY_TERMS_MAX)
}

/** A filter in words, for summaries and evidence: `industry: Fintech or Banking`, `employee_count ≥ 100`. */
export function describeFilter(name: string, value: unknown): string {
  if (value && typeof value === 'object') {
    const v = value as {
      include?: unknown[]
      exclude?: unknown[]
      min?: number
      max?: number
      from?: string
      to?: string
    }
    const parts: string[] = []
    if (v.include?.length) parts.push(valuesOf(v).join(' or '))
    if (v.exclude?.length) parts.push(`not ${valuesOf({ include: v.exclude }).join(' or ')}`)
    if (v.min !== undefined && v.max !== undefined) parts.push(v.min === v.max ? `= ${v.min}` : `${v.min}–${v.max}`)
    else if (v.min !== undefined) parts.push(`≥ ${v.min}`)
    else if (v.max !== undefined) parts.push(`≤ ${v.max}`)
    if (v.from || v.to) parts.push(`${v.from ?? '…'} to ${v.to ?? '…'}`)
    if (parts.length) return `${name === 'geo' ? 'location' : name}: ${parts.join(', ')}`
  }
  return `${name}: ${JSON.stringify(value)}`
}

export function describeFilters(filters: Filters): string | null {
  const parts = Object.entries(filters)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => describeFilter(k, v))
  return parts.length ? parts.join('; ') : null
}
