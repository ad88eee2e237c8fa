// What retrieval takes and gives: the plan of one category's search (filters, words, sort, pool),
// the ranked hits and the page's reach; which table and alias each category reads.
import type { EntityCategory } from '../../contract/records.ts'
import type { SearchTable } from '../../store/search.ts'
import type { Filters } from '../../store/search-filters.ts'

export const TABLE: Record<EntityCategory, SearchTable> = {
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
export const ALIAS: Record<SearchTable, string> = { companies: 'c', persons: 'p', documents: 'd' }

/** The documents table holds several categories: its statements name the one they read. */
export const docCategoryOf = (category: EntityCategory): string | null =>
  TABLE[category] === 'documents' ? category : null

/** Candidates each retriever contributes to the fused ranking of a text search. */
export const POOL = 1000
/**
 * deep ranks the same candidates as fast and auto: with a deeper pool, word matches further down
 * the vector neighbours gained their (small) vector score and passed what fast ranked first
 * (docs/search.md, "deep").
 */
export const DEEP_POOL = POOL
/**
 * Past this many records holding the words (estimated from their document frequencies: the rarest
 * word's count for all words, the sum for any word), a text list is bounded: it ranks the first
 * BROAD_CANDIDATES matches in the category's quality order (and the records named by the query),
 * not every match. Ranking costs over 20 µs a match: "software" is in 216,000 of a million companies,
 * and ranking all of them took over 5 s. Below it every match is ranked, as on any corpus under
 * this many records (docs/search-ranking.md, "Broad words").
 */
export const BROAD_MATCHES = 50_000
/** How many matches a bounded text list ranks, the first in the category's quality order. */
export const BROAD_CANDIDATES = 2_000

/** Below this cosine, a vector neighbour is not a match on its own. */
export const VECTOR_FLOOR = 0.2

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
