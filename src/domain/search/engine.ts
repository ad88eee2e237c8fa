// Retrieval for search and similar: filters compiled to SQL, full-text and embedding candidates
// fused by reciprocal rank (hybrid), sorting, counting, page assembly. No HTTP, no credits.
import { normaliseGeoFilter } from './places.ts'
import { sql, type RawBuilder } from 'kysely'
import { normaliseCompanyPageUrl, normaliseDomain, normaliseName } from '../../corpus/normalise.ts'
import { SENIORITY_LADDER } from '../../corpus/taxonomy.ts'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import { ApiError, DependencyError } from '../../errors.ts'
import { tokenize } from '../../retrieval/embedder/tokenize.ts'
import { phraseTsqueryText, termLexemes, tsqueryText } from '../../retrieval/fulltext.ts'
import { EmbeddingProviderError, isZeroVector } from '../../retrieval/embedder/index.ts'
import { EXACT_SCAN_MAX_CANDIDATES } from '../../retrieval/vector-index.ts'
import { findCorpusStates } from '../../store/corpus.ts'
import * as q from '../../store/search.ts'
import {
  PERSON_SORTS,
  companyFilterCond,
  documentFilterCond,
  documentSortExpr,
  geoCond,
  personFilterCond,
  sourceExpr,
  type CompileContext,
  type Filters,
  type GeoFilter,
} from '../../store/search-filters.ts'
import type { Deps } from '../types.ts'
import { emptyVocabularies, type Vocabularies } from './parser.ts'
import {
  DOCUMENT_FILTERS,
  DOCUMENT_SORT_SOURCES,
  GTM_FILTERS,
  INDEX_VOCABULARY_MAX,
  PLACE_VOCABULARIES,
  filterSpec,
  isIndexVocabulary,
  type IndexVocabulary,
  type PlaceVocabulary,
  type DocumentCategory,
  type PersonSortName,
} from '../../contract/search-catalogue.ts'

export const TABLE: Record<EntityCategory, q.SearchTable> = {
  company: 'companies',
  person: 'persons',
  patent: 'documents',
  news_article: 'documents',
  market_report: 'documents',
  funding_round: 'documents',
  academic_report: 'documents',
  trend: 'documents',
  job_opening: 'documents',
}
const ALIAS: Record<q.SearchTable, string> = { companies: 'c', persons: 'p', documents: 'd' }

/**
 * Counts are exact up to here; past it, `total` is an estimate from a sample of the table
 * (countOrEstimate; total_is_estimate, universe_is_exact false).
 */
export const COUNT_CAP = 10_000
/**
 * Rows of the table the estimate past the cap reads (a Bernoulli sample of this many rows of the
 * table on average, the whole table when it is smaller). A count past the cap is ≥ 10,001 records,
 * so the sample holds ≥ 10,001 × 30,000 / N of them: ≥ 300 (a relative standard error ≤ 6 %) on a
 * table of a million rows.
 */
export const ESTIMATE_SAMPLE_ROWS = 30_000

/** How many rows a category's table holds, from the corpora's states (kept at ingest). */
async function tableRows(deps: Deps, category: EntityCategory): Promise<number | null> {
  const table = TABLE[category]
  const corpora = new Set(
    (Object.keys(TABLE) as EntityCategory[]).filter((c) => TABLE[c] === table).map((c) => CATEGORY_SOURCE_CORPUS[c]),
  )
  const states = (await corpusStates(deps)).filter((st) => corpora.has(st.corpus as never))
  if (states.length === 0) return null
  return states.reduce((n, st) => n + Number(st.record_count ?? 0), 0)
}

/**
 * The records passing `where`: counted exactly up to COUNT_CAP; past it, estimated from a sample
 * of the table (ESTIMATE_SAMPLE_ROWS), never less than the cap + 1 the count saw.
 */
export async function countOrEstimate(
  deps: Deps,
  category: EntityCategory,
  args: { where: RawBuilder<unknown> },
): Promise<{ count: number; estimated: boolean }> {
  const table = TABLE[category]
  const scope = { table, category: table === 'documents' ? category : null, where: args.where }
  const counted = await q.countMatches(deps.db, { ...scope, cap: COUNT_CAP })
  if (!counted.capped) return { count: counted.count, estimated: false }
  const rows = await tableRows(deps, category)
  const percent = rows && rows > 0 ? (100 * ESTIMATE_SAMPLE_ROWS) / rows : 10
  const sampled = await q.sampledCount(deps.db, { ...scope, percent })
  return { count: Math.max(COUNT_CAP + 1, sampled), estimated: true }
}
/** Candidates each retriever contributes to the fused ranking of a text search. */
export const POOL = 1000
/**
 * deep ranks the same candidates as fast and auto: with a deeper pool, word matches further down
 * the vector neighbours gained their (small) vector score and passed what fast ranked first
 * (docs/search.md, "deep").
 */
export const DEEP_POOL = POOL
/** Below this cosine, a vector neighbour is not a match on its own. */
export const VECTOR_FLOOR = 0.2
const RRF_K = 60

export interface SortClause {
  field: string
  direction: 'asc' | 'desc'
}

export interface RetrievalPlan {
  category: EntityCategory
  filters: Filters
  include_domains: string[]
  semantic_query: string | null
  semantic_scope: 'company' | 'person' | null
  sort: SortClause[]
  /** Extra terms (deep: synonyms) weighted below the query's own. */
  expansions: string[]
  pool: number
}

export interface Hit {
  id: string
  score: number
}

export interface Retrieved {
  hits: Hit[]
  total: number
  total_is_estimate: boolean
  /** The fused pool was cut: pages past it are not reachable (pagination_truncated). */
  pool_truncated: boolean
  /** How many results paging can reach (the fused pool, else the total). */
  reachable: number
  vector_used: boolean
  /** The words could not be embedded (the embeddings provider failed): matched by their words only. */
  vector_unavailable: boolean
}

function compileContext(deps: Deps): CompileContext {
  const now = deps.clock.now()
  return {
    nowMonth: now.getUTCFullYear() * 100 + now.getUTCMonth() + 1,
    normaliseDomain,
    normaliseCompanyPage: normaliseCompanyPageUrl,
    normaliseName,
  }
}

/** The WHERE of a plan's filters on its category's table. Unknown names are refused earlier (validation). */
export function compileWhere(
  deps: Deps,
  plan: Pick<RetrievalPlan, 'category' | 'filters' | 'include_domains'>,
): RawBuilder<unknown> {
  const ctx = compileContext(deps)
  const table = TABLE[plan.category]
  const a = ALIAS[table]
  const parts: RawBuilder<unknown>[] = []
  const companyParts: RawBuilder<unknown>[] = []
  for (const [name, value] of Object.entries(plan.filters)) {
    if (value === undefined || value === null) continue
    if (table === 'documents') {
      const spec = DOCUMENT_FILTERS[plan.category as DocumentCategory].find((f) => f.name === name)
      if (spec) parts.push(documentFilterCond(a, spec, value))
      continue
    }
    if (name === 'geo') {
      parts.push(geoCond(a, table === 'companies' ? 'companies' : 'persons', normaliseGeoFilter(value as GeoFilter)))
      continue
    }
    const spec = filterSpec(name)
    if (!spec) continue
    if (table === 'companies') {
      const c = companyFilterCond(a, name, value, ctx)
      if (c) parts.push(c)
    } else {
      const personCond = spec.applies_to === 'person' ? personFilterCond(a, name, value, ctx) : null
      if (personCond) parts.push(personCond)
      else {
        const c = companyFilterCond('e', name, value, ctx)
        if (c) companyParts.push(c)
      }
    }
  }
  if (companyParts.length)
    parts.push(
      sql`exists (select 1 from companies e where e.domain = ${sql.ref(`${a}.company_domain`)} and ${q.and(companyParts)})`,
    )
  if (plan.include_domains.length) {
    const domains = plan.include_domains.map((d) => normaliseDomain(d) ?? d.toLowerCase())
    if (table === 'companies') parts.push(sql`${sql.ref('c.domain')} = any(${domains}::text[])`)
    else if (table === 'persons') parts.push(sql`${sql.ref('p.company_domain')} = any(${domains}::text[])`)
    else
      parts.push(
        sql`(${sql.ref('d.company_domain')} = any(${domains}::text[]) or coalesce(${sql.ref('d.company_domains')} && ${domains}::text[], false))`,
      )
  }
  return q.and(parts)
}

/** SQL of one sort clause on the category's table (validated against the catalogue before). */
function sortExpr(deps: Deps, category: EntityCategory, field: string): RawBuilder<unknown> {
  const table = TABLE[category]
  const a = ALIAS[table]
  const col = (c: string) => sql.ref(`${a}.${c}`)
  const ctx = compileContext(deps)
  if (table === 'documents') {
    const source = DOCUMENT_SORT_SOURCES[category as DocumentCategory]?.[field]
    return source ? documentSortExpr(a, source) : col('published_at')
  }
  // Company fields on a person search read the employer.
  const company = (expr: (alias: string) => RawBuilder<unknown>) =>
    table === 'companies'
      ? expr('c')
      : sql`(select ${expr('e')} from companies e where e.domain = ${col('company_domain')})`
  // A sort field a company filter's catalogue row names orders by that filter's column or path.
  const byFilter = GTM_FILTERS.find((f) => f.sort === field && f.applies_to === 'company' && !('compiled' in f.source))
  if (byFilter) return company((x) => sourceExpr(x, byFilter)!)
  if (field === 'company_name') return company((x) => sql.ref(`${x}.name`))
  if (table === 'persons' && field in PERSON_SORTS)
    return PERSON_SORTS[field as PersonSortName](a, { ...ctx, seniorityLadder: SENIORITY_LADDER })
  switch (field) {
    case 'country':
    case 'state':
    case 'city':
      return col(field)
    case 'region':
      return table === 'companies' ? sql`${col('region')}[1]` : q.jsonText(a, ['location', 'region'])
    case 'updated_at':
      return col('updated_at')
  }
  return col('updated_at')
}

/** Engine ordering without a query: a quality ranking per category (biggest, most senior, newest). */
function defaultOrder(category: EntityCategory): RawBuilder<unknown>[] {
  const table = TABLE[category]
  if (table === 'companies') return [sql`c.employee_count desc nulls last`, sql`c.id`]
  if (table === 'persons')
    return [sql`coalesce(array_position(${[...SENIORITY_LADDER]}::text[], p.seniority), 99)`, sql`p.id`]
  return [sql`d.published_at desc nulls last`, sql`d.id`]
}

function orderBy(deps: Deps, plan: RetrievalPlan): RawBuilder<unknown>[] {
  if (plan.sort.length === 0) return defaultOrder(plan.category)
  const a = ALIAS[TABLE[plan.category]]
  return [
    ...plan.sort.map(
      (s) =>
        sql`${sortExpr(deps, plan.category, s.field)} ${sql.raw(s.direction === 'asc' ? 'asc' : 'desc')} nulls last`,
    ),
    sql.ref(`${a}.id`),
  ]
}

export function queryTerms(text: string | null): string[] {
  if (!text) return []
  return [...new Set(tokenize(text).filter((t) => t.length > 1))].slice(0, 32)
}

/** Deadline of the engine: past DSP_RETRIEVAL_TIMEOUT_MS the call answers 504 upstream.timeout. */
export async function withRetrieval<T>(deps: Deps, fn: () => Promise<T>): Promise<T> {
  const deadline = deps.config.DSP_RETRIEVAL_TIMEOUT_MS
  let timer: NodeJS.Timeout | undefined
  try {
    if (deps.faults.modeOf('retrieval') !== null) await deps.faults.check('retrieval', deadline)
    return await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DependencyError('retrieval', 'timeout')), deadline)
      }),
    ])
  } catch (e) {
    if (e instanceof ApiError) throw e
    if (e instanceof DependencyError) {
      if (e.kind === 'timeout')
        throw new ApiError(
          'upstream.timeout',
          `The retrieval engine did not answer within ${deadline} ms; nothing was charged. Retry after Retry-After.`,
        )
      throw new ApiError(
        'upstream.unavailable',
        'The retrieval engine could not be reached; nothing was charged. Retry after Retry-After.',
      )
    }
    const code = (e as { code?: string }).code ?? ''
    if (/^(ECONN|08|57P)/.test(code) || /Connection terminated/.test(String((e as Error).message)))
      throw new ApiError('upstream.unavailable', 'The retrieval engine could not be reached; nothing was charged.')
    throw e
  } finally {
    clearTimeout(timer)
  }
}

// A record keeps its vector key for life (a row's key never changes, and a key is never reused),
// so what a key resolved to once stays true: cached per server and category, up to a bound. A
// record deleted since is dropped where rows are built (its record is gone).
const KEY_CACHE_MAX = 2_000_000

/** ids of vector keys of a category (no filter), from the cache, the rest from the store. */
async function idsOfKeys(deps: Deps, category: EntityCategory, keys: number[]): Promise<Map<number, string>> {
  const perCategory = deps.searchCaches.keyIds
  let cache = perCategory.get(category)
  if (!cache) perCategory.set(category, (cache = new Map()))
  const out = new Map<number, string>()
  const missing: number[] = []
  for (const k of keys) {
    const id = cache.get(k)
    if (id === undefined) missing.push(k)
    else out.set(k, id)
  }
  if (missing.length) {
    const table = TABLE[category]
    const found = await q.idsForKeys(deps.db, {
      table,
      category: table === 'documents' ? category : null,
      where: sql`true`,
      keys: missing,
    })
    if (cache.size + found.size > KEY_CACHE_MAX) cache.clear()
    for (const [k, id] of found) {
      cache.set(k, id)
      out.set(k, id)
    }
  }
  return out
}

/** No filter and no include_domains: every record of the category passes (the index holds only it). */
export function isUnconstrained(plan: Pick<RetrievalPlan, 'filters' | 'include_domains'>): boolean {
  return plan.include_domains.length === 0 && Object.values(plan.filters).every((v) => v === undefined || v === null)
}

/**
 * Vector neighbours among the records passing `where`: exact over a small filtered set, else the
 * index's nearest (an exact scan up to EXACT_INDEX_MAX_SIZE vectors, HNSW past it) then filter.
 * Unconstrained, the index's own nearest are the answer: no filtered set to read.
 */
async function vectorCandidates(
  deps: Deps,
  category: EntityCategory,
  where: RawBuilder<unknown>,
  vector: Float32Array,
  k: number,
  unconstrained: boolean,
): Promise<Hit[]> {
  const table = TABLE[category]
  const docCategory = table === 'documents' ? category : null
  const index = await deps.vectors.index(category)
  if (index.size === 0) return []
  if (unconstrained) {
    const found = index.search(vector, Math.min(k, index.size)).filter((h) => h.score >= VECTOR_FLOOR)
    const ids = await idsOfKeys(
      deps,
      category,
      found.map((h) => Number(h.key)),
    )
    return found.filter((h) => ids.has(Number(h.key))).map((h) => ({ id: ids.get(Number(h.key))!, score: h.score }))
  }
  const small = await q.filteredKeys(deps.db, { table, category: docCategory, where, max: EXACT_SCAN_MAX_CANDIDATES })
  if (small) {
    const byKey = new Map(small.map((r) => [BigInt(r.vec_key), r.id]))
    const found = index.search(vector, k, { candidates: [...byKey.keys()] })
    return found
      .filter((h) => h.score >= VECTOR_FLOOR)
      .map((h) => ({ id: byKey.get(h.key)!, score: h.score }))
      .filter((h) => h.id !== undefined)
  }
  const found = index.search(vector, Math.min(k * 4, index.size)).filter((h) => h.score >= VECTOR_FLOOR)
  const ids = await q.idsForKeys(deps.db, {
    table,
    category: docCategory,
    where,
    keys: found.map((h) => Number(h.key)),
  })
  return found
    .filter((h) => ids.has(Number(h.key)))
    .slice(0, k)
    .map((h) => ({ id: ids.get(Number(h.key))!, score: h.score }))
}

/** Reciprocal-rank fusion: each list contributes weight / (60 + rank). Scores scaled to 0..1. */
export function fuse(lists: { hits: Hit[]; weight: number }[]): Hit[] {
  const scores = new Map<string, number>()
  let max = 0
  for (const l of lists) {
    max += l.weight / (RRF_K + 1)
    l.hits.forEach((h, i) => scores.set(h.id, (scores.get(h.id) ?? 0) + l.weight / (RRF_K + 1 + i)))
  }
  return [...scores.entries()]
    .map(([id, s]) => ({ id, score: Math.round((s / (max || 1)) * 10_000) / 10_000 }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
}

/**
 * How sure a ranked list is of its head: how far its first score stands above its tenth (or its
 * last), 0 (flat) … 1. A lexical list whose first record holds every rare word is sure; a vector
 * list whose neighbours all sit near one cosine is not.
 */
export function sureness(hits: Hit[]): number {
  const first = hits[0]?.score ?? 0
  if (hits.length < 2 || first <= 0) return hits.length === 1 ? 1 : 0
  const tenth = hits[Math.min(9, hits.length - 1)]!.score
  return Math.min(1, Math.max(0, (first - tenth) / first))
}

/** deep's synonym list weighs this much of the words' own list in the fusion. */
export const EXPANSION_WEIGHT = 0.25

/** The least weight a list keeps in the fusion however flat it is. */
export const FUSION_FLOOR = 0.25

/**
 * Score fusion weighted by how sure each list is: a record's fused score is Σ over lists of
 * weight × (FUSION_FLOOR + sureness) × its score / the list's best score. A clear lexical match
 * keeps its place against a flat list of near neighbours; a flat lexical list (common words)
 * leaves the order to meaning. `pinned` records (the query is their name) come first, scored 1.
 * Scores scaled to 0..1.
 */
export function fuseBySureness(lists: { hits: Hit[]; weight: number }[], pinned: Set<string> = new Set()): Hit[] {
  const scores = new Map<string, number>()
  let max = 0
  for (const l of lists) {
    const best = l.hits[0]?.score ?? 0
    if (best <= 0) continue
    const w = l.weight * (FUSION_FLOOR + sureness(l.hits))
    max += w
    for (const h of l.hits) scores.set(h.id, (scores.get(h.id) ?? 0) + (w * Math.max(h.score, 0)) / best)
  }
  return [...scores.entries()]
    .map(([id, s]) => ({
      id,
      score: pinned.has(id) ? 1 : Math.round((s / (max || 1)) * 10_000) / 10_000,
      pin: pinned.has(id),
    }))
    .sort((a, b) => Number(b.pin) - Number(a.pin) || b.score - a.score || (a.id < b.id ? -1 : 1))
    .map(({ id, score }) => ({ id, score }))
}

/**
 * The query's vector; null when no word is known (zero vector). The embeddings provider
 * (DSP_EMBEDDINGS_PROVIDER=openai) down or refusing after its retries gives `unavailable`: the
 * search goes on by its words only and says so (degradation vector_search_unavailable).
 */
/**
 * After the embeddings provider failed on a query (its retries spent), queries skip it for this
 * long and search by words at once, instead of each waiting out the retries again; the first
 * query after it tries the provider again. Per server; on the server's clock (test clock too).
 */
export const EMBEDDINGS_BREAKER_MS = 30_000

async function embedQuery(deps: Deps, text: string): Promise<{ vector: Float32Array | null; unavailable: boolean }> {
  const embedder = await deps.embedder()
  if (deps.searchCaches.breakerOpenUntil > deps.clock.nowMs()) return { vector: null, unavailable: true }
  try {
    const [v] = await embedder.embed([text])
    deps.searchCaches.breakerOpenUntil = 0
    return { vector: v && !isZeroVector(v) ? v : null, unavailable: false }
  } catch (e) {
    if (!(e instanceof EmbeddingProviderError)) throw e
    deps.searchCaches.breakerOpenUntil = deps.clock.nowMs() + EMBEDDINGS_BREAKER_MS
    deps.log.warn(
      { err: e.message, status: e.status, retry_in_ms: EMBEDDINGS_BREAKER_MS },
      'embeddings provider failed on a search query; searching by words only',
    )
    return { vector: null, unavailable: true }
  }
}

/**
 * Hybrid retrieval of one page. With words and no explicit sort: full-text and vector candidates
 * fused, paged from the fused pool. Otherwise: filtered rows in sort (or quality) order, restricted
 * to the text's matches when there are words.
 */
export async function retrieve(deps: Deps, plan: RetrievalPlan, offset: number, limit: number): Promise<Retrieved> {
  const table = TABLE[plan.category]
  const docCategory = table === 'documents' ? plan.category : null
  let where = compileWhere(deps, plan)
  const terms = queryTerms(plan.semantic_query)

  if (terms.length && plan.semantic_scope === 'company' && table === 'persons') {
    // The words describe the employer: rank companies, then keep their people, best employer first.
    const companyPlan: RetrievalPlan = {
      ...plan,
      category: 'company',
      filters: {},
      include_domains: [],
      semantic_scope: null,
      sort: [],
    }
    const companies = await retrieveFused(deps, companyPlan, sql`true`, terms, Math.min(plan.pool, 300))
    const domains = await q.recordsByIds(
      deps.db,
      'companies',
      companies.hits.map((h) => h.id),
    )
    const rankOf = new Map<string, number>()
    companies.hits.forEach((h, i) => {
      const d = (domains.get(h.id)?.record as { domain?: string } | undefined)?.domain
      if (d && !rankOf.has(d)) rankOf.set(d, i)
    })
    const list = [...rankOf.keys()]
    where = q.and([where, sql`p.company_domain = any(${list}::text[])`])
    const order = plan.sort.length
      ? orderBy(deps, plan)
      : [sql`array_position(${list}::text[], p.company_domain)`, ...defaultOrder('person')]
    const [rows, count] = await Promise.all([
      q.pageRows(deps.db, { table, category: null, where, orderBy: order, limit, offset }),
      countOrEstimate(deps, plan.category, { where }),
    ])
    const hits = rows.map((r) => {
      const employer = (r.record as { current_employer?: { domain?: string } | null }).current_employer?.domain ?? ''
      const companyScore = companies.hits[rankOf.get(employer) ?? 0]?.score ?? 0
      return { id: r.id, score: companyScore }
    })
    return {
      hits,
      total: count.count,
      total_is_estimate: count.estimated,
      pool_truncated: false,
      reachable: count.count,
      vector_used: companies.vector_used,
      vector_unavailable: companies.vector_unavailable,
    }
  }

  if (terms.length && plan.sort.length === 0) {
    const fused = await retrieveFused(deps, plan, where, terms, plan.pool)
    return { ...fused, hits: fused.hits.slice(offset, offset + limit), reachable: fused.hits.length }
  }

  if (terms.length) {
    // Explicit order over the text's matches.
    const fused = await retrieveFused(deps, plan, where, terms, plan.pool)
    const ids = fused.hits.map((h) => h.id)
    const scoreOf = new Map(fused.hits.map((h) => [h.id, h.score]))
    const rows = await q.pageRows(deps.db, {
      table,
      category: docCategory,
      where,
      ids,
      orderBy: orderBy(deps, plan),
      limit,
      offset,
    })
    return {
      hits: rows.map((r) => ({ id: r.id, score: scoreOf.get(r.id) ?? 0 })),
      total: fused.total,
      total_is_estimate: fused.total_is_estimate,
      pool_truncated: fused.pool_truncated,
      reachable: ids.length,
      vector_used: fused.vector_used,
      vector_unavailable: fused.vector_unavailable,
    }
  }

  const [rows, count] = await Promise.all([
    q.pageRows(deps.db, { table, category: docCategory, where, orderBy: orderBy(deps, plan), limit, offset }),
    countOrEstimate(deps, plan.category, { where }),
  ])
  return {
    hits: rows.map((r) => ({ id: r.id, score: 1 })),
    total: count.count,
    total_is_estimate: count.estimated,
    pool_truncated: false,
    reachable: count.count,
    vector_used: false,
    vector_unavailable: false,
  }
}

/**
 * Below this many records carrying every word, a record with any of them is a candidate too.
 * Requiring all words first keeps the ranking to the records that fit the words best: on the
 * medium corpus "cloud payments platform" is 429 companies with all three words against 47,467
 * with any (ranking those took half a second). Fewer than a few pages of them: any word counts,
 * unless a record's name or title is the query itself: then the words named it, and the all-words
 * list (a handful of records, ≈ 1 ms) is the answer instead of a ranking of every record holding
 * any of the words (≈ 165 ms for a paper title on the real-data corpus).
 */
export const MIN_ALL_WORDS_MATCHES = 100

/** BM25's inverse document frequency: ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function idfOf(total: number, df: number): number {
  return Math.log(1 + (Math.max(total - df, 0) + 0.5) / (df + 0.5))
}

// Document frequencies change only when an ingest commits: kept per server until the corpus's
// state says it changed (corpus_state.updated_at and record_count), up to a bound.
const RARITY_CACHE_MAX = 200_000
/**
 * The table of a category's document frequencies (loadRarityTable) keeps its most frequent
 * lexemes up to this many; past it, the lexemes it lacks are counted one by one.
 */
export const RARITY_TABLE_MAX = 500_000
/** Heap pages each statement of a table load reads: short statements, so searches pass between them. */
export const RARITY_SLICE_PAGES = 256
/** While ingests keep changing a category, its table is read again at most this often (counted one by one meanwhile). */
export const RARITY_TABLE_RELOAD_MS = 60_000

/** A category's document frequencies at one corpus state: every lexeme (`complete`) or the most frequent. */
export interface RarityTable {
  generation: string
  df: Map<string, number>
  total: number
  complete: boolean
}

/** The corpus state a category's document frequencies belong to. */
function rarityGeneration(states: Awaited<ReturnType<typeof findCorpusStates>>, category: EntityCategory): string {
  const state = states.find((st) => st.corpus === CATEGORY_SOURCE_CORPUS[category])
  return state ? `${new Date(state.updated_at as unknown as string).getTime()}/${state.record_count}` : '0'
}

/**
 * Reads a category's document frequencies for every lexeme in one pass over its records, a slice
 * of RARITY_SLICE_PAGES heap pages per statement, and keeps them when the corpus state did not
 * change meanwhile. A search then reads the rarity of its words from memory: no statement before
 * its text candidates (counted per word, a paper's exact title waits ≈ 9 ms on a quiet machine
 * for the counts of its common words: one GIN lookup and the heap pages of every record holding it).
 */
async function loadRarityTable(deps: Deps, category: EntityCategory, generation: string): Promise<void> {
  const table = TABLE[category]
  const docCategory = table === 'documents' ? category : null
  const pages = await q.tablePages(deps.db, table)
  const slice = Math.max(1, deps.searchCaches.rarity.slicePages)
  const df = new Map<string, number>()
  let total = 0
  for (let from = 0; ; from += slice) {
    const last = from + slice >= pages
    const got = await q.lexemeFrequenciesInPages(deps.db, {
      table,
      category: docCategory,
      from,
      to: last ? null : from + slice,
    })
    total += got.records
    for (const [lexeme, n] of got.df) df.set(lexeme, (df.get(lexeme) ?? 0) + n)
    if (last) break
    await statementsSent()
  }
  // An ingest committed meanwhile: these counts mix two states; the next search starts again.
  if (rarityGeneration(await findCorpusStates(deps.db), category) !== generation) return
  let complete = true
  if (df.size > RARITY_TABLE_MAX) {
    const kept = [...df].sort((a, b) => b[1] - a[1]).slice(0, RARITY_TABLE_MAX)
    df.clear()
    for (const [lexeme, n] of kept) df.set(lexeme, n)
    complete = false
  }
  deps.searchCaches.rarity.tables.set(category, { generation, df, total, complete })
}

/** Starts a category's table load unless one runs or ran for this state, or one started less than RARITY_TABLE_RELOAD_MS ago. */
function startRarityTable(deps: Deps, category: EntityCategory, generation: string): void {
  const loads = deps.searchCaches.rarity.loads
  const last = loads.get(category)
  if (last && (last.generation === generation || Date.now() - last.at < RARITY_TABLE_RELOAD_MS)) return
  const done = loadRarityTable(deps, category, generation).catch((e: unknown) => {
    deps.log.warn({ err: (e as Error).message, category }, 'document frequencies not read; counted per word')
  })
  loads.set(category, { generation, at: Date.now(), done })
}

/**
 * The rarity (idf) of each lexeme of the words in a category, from its own records: from the
 * category's table of document frequencies when it is read for the current corpus state (it is
 * started here otherwise), else counted per lexeme and cached.
 */
export async function termRarity(
  deps: Deps,
  category: EntityCategory,
  lexemes: string[],
): Promise<Map<string, number>> {
  const table = TABLE[category]
  const generation = rarityGeneration(await corpusStates(deps), category)
  const caches = deps.searchCaches
  if (caches.rarity.generation.get(category) !== generation) {
    caches.rarity.generation.set(category, generation)
    for (const key of caches.rarity.df.keys()) if (key.startsWith(`${category}\u0000`)) caches.rarity.df.delete(key)
    caches.rarity.total.delete(category)
  }
  let read: RarityTable | null = caches.rarity.tables.get(category) ?? null
  if (read?.generation !== generation) {
    read = null
    startRarityTable(deps, category, generation)
  }
  const fromTable = (l: string) => read?.df.get(l) ?? (read?.complete ? 0 : undefined)
  const missing = lexemes.filter((l) => fromTable(l) === undefined && !caches.rarity.df.has(`${category}\u0000${l}`))
  const needTotal = read === null && !caches.rarity.total.has(category)
  if (missing.length || needTotal) {
    const got = await q.documentFrequencies(deps.db, {
      table,
      category: table === 'documents' ? category : null,
      lexemes: missing,
      withTotal: needTotal,
    })
    if (caches.rarity.df.size + missing.length > RARITY_CACHE_MAX) caches.rarity.df.clear()
    for (const [l, df] of got.df) caches.rarity.df.set(`${category}\u0000${l}`, df)
    if (got.total !== null) caches.rarity.total.set(category, got.total)
  }
  const total = read?.total ?? caches.rarity.total.get(category) ?? 0
  return new Map(
    lexemes.map((l) => [l, idfOf(total, fromTable(l) ?? caches.rarity.df.get(`${category}\u0000${l}`) ?? 0)]),
  )
}

/** Resolves once the table loads started so far ended (tests, benchmarks). */
export async function rarityTablesLoaded(deps: Deps): Promise<void> {
  await Promise.all([...deps.searchCaches.rarity.loads.values()].map((l) => l.done))
}

/**
 * The best text score of the words among the records passing `where`: rarity-weighted words only
 * (no phrase or name boost), any word, as the text list ranks them. 0 when no record holds one.
 * Two such scores of the same words under two filters compare on one scale (auto's check that a
 * parsed filter does not push out what the words describe: search/index.ts).
 */
export async function bestTextScore(
  deps: Deps,
  category: EntityCategory,
  where: RawBuilder<unknown>,
  terms: string[],
): Promise<number> {
  if (!terms.length) return 0
  const table = TABLE[category]
  const idf = await termRarity(deps, category, termLexemes(terms))
  const rows = await q.textCandidates(deps.db, {
    table,
    category: table === 'documents' ? category : null,
    where,
    terms,
    limit: 1,
    match: 'any',
    ranking: { idf, phrase: null, name: null },
  })
  return rows[0]?.rank ?? 0
}

async function textSide(
  deps: Deps,
  args: {
    table: q.SearchTable
    category: string | null
    where: RawBuilder<unknown>
    terms: string[]
    limit: number
    ranking: q.TextRanking
  },
) {
  if (args.terms.length > 1) {
    const all = await q.textCandidates(deps.db, { ...args, match: 'all' })
    if (all.length >= Math.min(MIN_ALL_WORDS_MATCHES, args.limit) || all.some((r) => r.name_match))
      return { rows: all, match: 'all' as const }
  }
  return { rows: await q.textCandidates(deps.db, { ...args, match: 'any' }), match: 'any' as const }
}

/**
 * Resolves once the statements started so far are on their way to the store. A pooled connection
 * is handed out on a later tick (pg-pool) or after a chain of promises (the embedded store's
 * connection), so a statement started just before CPU work on this thread used to reach the store
 * only after that work: one turn of the event loop lets it go first (docs/search.md, "The store
 * gets its statements first").
 */
export function statementsSent(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

async function retrieveFused(
  deps: Deps,
  plan: RetrievalPlan,
  where: RawBuilder<unknown>,
  terms: string[],
  pool: number,
): Promise<Retrieved> {
  const table = TABLE[plan.category]
  const docCategory = table === 'documents' ? plan.category : null
  // The rarity of the words and their forms as a phrase and a name (docs/search.md, "Ranking").
  const lexemes = termLexemes([...terms, ...plan.expansions])
  const idf = await termRarity(deps, plan.category, lexemes)
  const queryLexemes = new Set(termLexemes(terms))
  const ranking: q.TextRanking = {
    idf: new Map([...idf].filter(([l]) => queryLexemes.has(l))),
    phrase: plan.semantic_query ? phraseTsqueryText(plan.semantic_query) : null,
    name: plan.semantic_query ? normaliseName(plan.semantic_query) : null,
  }
  const texting = textSide(deps, { table, category: docCategory, where, terms, limit: pool, ranking })
  // Expansions are alternatives (synonyms): any of them.
  const expanding = plan.expansions.length
    ? q.textCandidates(deps.db, {
        table,
        category: docCategory,
        where,
        terms: plan.expansions,
        limit: pool,
        match: 'any',
        ranking: { idf: new Map([...idf].filter(([l]) => !queryLexemes.has(l))), phrase: null, name: null },
      })
    : Promise.resolve([])
  // Awaited below; a failure meanwhile is not an unhandled rejection.
  texting.catch(() => undefined)
  expanding.catch(() => undefined)
  // Sent before the query is embedded and the vector index searched (≈ 2 ms of a fast search on
  // the medium corpus used to pass before they went out).
  await statementsSent()
  // The query's own words are embedded; synonyms only add a text list (a recall aid below the words).
  const embedding = embedQuery(deps, plan.semantic_query ?? '').then(async (e) => ({
    hits: e.vector ? await vectorCandidates(deps, plan.category, where, e.vector, pool, isUnconstrained(plan)) : [],
    unavailable: e.unavailable,
  }))
  const [textMatch, expanded, embedded] = await Promise.all([texting, expanding, embedding])
  const vector = embedded.hits
  const text = textMatch.rows
  const fused = fuseBySureness(
    [
      { hits: text.map((t) => ({ id: t.id, score: t.rank })), weight: 1 },
      { hits: vector, weight: 1 },
      { hits: expanded.map((t) => ({ id: t.id, score: t.rank })), weight: EXPANSION_WEIGHT },
    ],
    new Set(text.filter((t) => t.name_match).map((t) => t.id)),
  )
  const textCapped = text.length >= pool
  let total = fused.length
  let estimate = false
  if (textCapped) {
    // The text's matches (exact up to the cap, else estimated) and the vector's others.
    const tsq = tsqueryText(terms, textMatch.match)
    const counted = tsq
      ? await countOrEstimate(deps, plan.category, {
          where: q.and([where, sql`${sql.ref(`${ALIAS[table]}.tsv`)} @@ ${tsq}::tsquery`]),
        })
      : { count: 0, estimated: false }
    const fromText = new Set(text.map((t) => t.id))
    total = Math.max(total, counted.count + fused.filter((h) => !fromText.has(h.id)).length)
    estimate = true
  }
  return {
    hits: fused,
    total,
    total_is_estimate: estimate,
    pool_truncated: textCapped,
    reachable: fused.length,
    vector_used: vector.length > 0,
    vector_unavailable: embedded.unavailable,
  }
}

/** A page row: the record's fields, then the three guaranteed keys (§2.2). */
export type Row = Record<string, unknown> & { id: string; category: EntityCategory; score: number }

/**
 * Records of the page as rows: each record's fields with id, category and score appended (§2.2),
 * in the page's order; a record gone since it was ranked is left out.
 */
export async function buildRows(deps: Deps, category: EntityCategory, hits: Hit[]): Promise<Row[]> {
  // Fault injection's `records`: the reads of a ranked page's records (DSP_FAULTS=1).
  if (deps.faults.modeOf('records') !== null) await deps.faults.check('records', deps.config.DSP_RETRIEVAL_TIMEOUT_MS)
  const records = await q.rowRecordsByIds(
    deps.db,
    TABLE[category],
    hits.map((h) => h.id),
  )
  return hits.flatMap((h) => {
    const record = records.get(h.id)
    return record === undefined ? [] : [{ ...record, id: h.id, category, score: h.score }]
  })
}

// corpus_state changes only when an ingest commits; reading it once per second per server keeps
// two queries off every search (attribution and the vector-coverage check).
const STATE_TTL_MS = 1000

function corpusStates(deps: Deps) {
  const caches = deps.searchCaches
  let hit = caches.corpusStates
  if (!hit || Date.now() - hit.at > STATE_TTL_MS) {
    const fresh = { at: Date.now(), value: findCorpusStates(deps.db) }
    fresh.value.catch(() => {
      if (caches.corpusStates === fresh) caches.corpusStates = null
    })
    caches.corpusStates = hit = fresh
  }
  return hit.value
}

/**
 * What search keeps in this process between requests (Deps.searchCaches): the ids of vector keys
 * per category, the embeddings breaker, the corpora's states (a second), the parser's vocabularies
 * (a minute), the document frequencies of each category's lexemes (a corpus state).
 */
export class SearchCaches {
  readonly keyIds = new Map<EntityCategory, Map<number, string>>()
  /** Until when (clock ms) queries are not embedded after the embeddings provider failed. */
  breakerOpenUntil = 0
  corpusStates: { at: number; value: ReturnType<typeof findCorpusStates> } | null = null
  vocabularies: { at: number; value: Promise<Vocabularies> } | null = null
  /** Document frequencies per category and lexeme, and record counts, for the corpus state they were read at (termRarity). */
  readonly rarity = {
    generation: new Map<EntityCategory, string>(),
    df: new Map<string, number>(),
    total: new Map<EntityCategory, number>(),
    /** Every lexeme's document frequency per category, read in one pass (loadRarityTable). */
    tables: new Map<EntityCategory, RarityTable>(),
    /** Heap pages a statement of a table load reads (RARITY_SLICE_PAGES). */
    slicePages: RARITY_SLICE_PAGES,
    /** The last table load started per category: for which state, when, and its end. */
    loads: new Map<EntityCategory, { generation: string; at: number; done: Promise<void> }>(),
  }
}

export async function attributionFor(deps: Deps, category: EntityCategory) {
  const corpus = CATEGORY_SOURCE_CORPUS[category]
  const states = await corpusStates(deps)
  const state = states.find((s) => s.corpus === corpus)
  return [
    {
      source_corpus: corpus,
      domain: null,
      as_of: state?.as_of ? new Date(state.as_of).toISOString() : null,
      url: null,
      quote: null,
    },
  ]
}

export async function vectorDegradation(deps: Deps, category: EntityCategory) {
  const state = (await corpusStates(deps)).find((s) => s.corpus === CATEGORY_SOURCE_CORPUS[category])
  const g = state
    ? {
        records: Number(state.record_count),
        missing: Math.max(0, Number(state.record_count) - Number(state.vector_count ?? 0)),
      }
    : null
  if (!g || g.missing === 0) return []
  return [
    {
      reason: 'vector_coverage_incomplete',
      detail: `${g.missing} of ${g.records} ${category} records have no vector yet; they can only match by their words.`,
      impact: 'recall' as const,
      source_corpus: CATEGORY_SOURCE_CORPUS[category],
    },
  ]
}

/** The words could not be embedded (provider down): this page matched by its words only. */
export function vectorUnavailableDegradation(category: EntityCategory) {
  return [
    {
      reason: 'vector_search_unavailable',
      detail:
        'The embeddings provider failed on the query, so its words were not matched by meaning: these results match by their words only. Retry later for the full search.',
      impact: 'recall' as const,
      source_corpus: CATEGORY_SOURCE_CORPUS[category],
    },
  ]
}

/**
 * The parser's vocabularies from the index: for every catalogue row naming an index vocabulary
 * (parser_vocabulary), the distinct values of that row's column on its entity's table, most common
 * first, up to INDEX_VOCABULARY_MAX; for every place level, the companies' own column
 * (PLACE_VOCABULARIES). A filter given a vocabulary in the catalogue is offered to the parsers with
 * no change here. Plus the person phrases' vocabularies (store/search.ts peopleVocabulary).
 */
export async function loadVocabularies(deps: Deps): Promise<Vocabularies> {
  const reads: [IndexVocabulary | PlaceVocabulary, Promise<string[]>][] = []
  for (const f of GTM_FILTERS) {
    const name = f.parser_vocabulary
    if (!name || !isIndexVocabulary(name) || reads.some(([n]) => n === name)) continue
    if (!('column' in f.source))
      throw new Error(`filter ${f.name}: the index vocabulary ${name} needs a column to read (search-catalogue.ts)`)
    const table = f.applies_to === 'person' ? 'persons' : 'companies'
    const { column, array } = f.source as { column: string; array?: true }
    reads.push([name, q.vocabulary(deps.db, table, column, array === true, INDEX_VOCABULARY_MAX[name])])
  }
  for (const [name, place] of Object.entries(PLACE_VOCABULARIES) as [PlaceVocabulary, PlaceSource][])
    reads.push([name, q.vocabulary(deps.db, 'companies', place.column, place.array === true, place.max)])
  const [values, people] = await Promise.all([
    Promise.all(reads.map(([, read]) => read)),
    q.peopleVocabulary(deps.db, PEOPLE_VOCABULARY_MAX),
  ])
  const out = emptyVocabularies()
  reads.forEach(([name], i) => (out[name] = values[i]!))
  out.people = people
  return out
}

/** The person parser's vocabularies keep this many values each (schools, employers, former titles, …). */
export const PEOPLE_VOCABULARY_MAX = 20_000

type PlaceSource = { column: string; array?: true; max: number }

export const GTM_FILTER_NAMES = new Set(GTM_FILTERS.map((f) => f.name))
