// The meaning side of a search: the query embedded (behind a breaker when the embeddings provider
// fails), and its nearest records by vector among those passing the filters.
import type { RawBuilder } from 'kysely'
import { sql } from 'kysely'
import type { EntityCategory } from '../../contract/records.ts'
import { EmbeddingProviderError, isZeroVector } from '../../retrieval/embedder/index.ts'
import { EXACT_SCAN_MAX_CANDIDATES } from '../../retrieval/vector-index.ts'
import * as q from '../../store/search.ts'
import type { Deps } from '../types.ts'
import { TABLE, VECTOR_FLOOR, docCategoryOf, type Hit, type RetrievalPlan } from './retrieval-plan.ts'

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
      category: docCategoryOf(category),
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
 * The records passing `where` with their vector keys when there are at most
 * EXACT_SCAN_MAX_CANDIDATES of them (for an exact scan), else null. The set is not read when the
 * planner expects more than searchCaches.vectorSet allows (PLANNED_TOO_MANY). Its estimate of a
 * filter over a column's values is close (an industry of 28,160 companies with 50 or more
 * employees: 27,418 expected); where it is too high, a set the bound would have admitted is
 * searched through the index instead (docs/search-ranking.md, "The vector list").
 */
export async function smallFilteredSet(
  deps: Deps,
  scope: { table: (typeof TABLE)[EntityCategory]; category: string | null; where: RawBuilder<unknown> },
): Promise<{ id: string; vec_key: number }[] | null> {
  if ((await q.plannedRows(deps.db, scope)) > deps.searchCaches.vectorSet.plannedTooMany) return null
  return q.filteredKeys(deps.db, { ...scope, max: EXACT_SCAN_MAX_CANDIDATES })
}

/**
 * Vector neighbours among the records passing `where`: exact over a small filtered set, else the
 * index's nearest (an exact scan up to EXACT_INDEX_MAX_SIZE vectors, HNSW past it) then filter.
 * Unconstrained, the index's own nearest are the answer: no filtered set to read.
 */
export async function vectorCandidates(
  deps: Deps,
  category: EntityCategory,
  where: RawBuilder<unknown>,
  vector: Float32Array,
  k: number,
  unconstrained: boolean,
): Promise<Hit[]> {
  const table = TABLE[category]
  const docCategory = docCategoryOf(category)
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
  const small = await smallFilteredSet(deps, { table, category: docCategory, where })
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

export async function embedQuery(
  deps: Deps,
  text: string,
): Promise<{ vector: Float32Array | null; unavailable: boolean }> {
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
