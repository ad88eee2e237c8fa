// Filter values kept per corpus state: a page of a filter's values is read once for the records
// as they are (the grouped values of a whole table: a million companies' industries take about
// 200 ms to group) and answered from memory until an ingest or a delete changes a corpus it reads.
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import { findCompaniesByName, findValuePage, type ValuePageQuery, type ValueSource } from '../../store/filter-values.ts'
import type { Deps } from '../types.ts'
import { corpusStates, stateGeneration } from './corpus-states.ts'

/** Pages kept per process; past it the least recently read goes. */
export const FILTER_VALUES_CACHE_MAX = 2_000

/** The corpus whose records a value source reads. */
function corpusOf(source: ValueSource): string {
  if (source.table === 'companies') return CATEGORY_SOURCE_CORPUS.company
  if (source.table === 'persons') return CATEGORY_SOURCE_CORPUS.person
  return CATEGORY_SOURCE_CORPUS[source.category as EntityCategory]
}

/** One page of values (findValuePage), from memory when the corpora it reads did not change since it was read. */
export function valuePage(deps: Deps, sources: readonly ValueSource[], query: ValuePageQuery) {
  return kept(deps, sources.map(corpusOf), JSON.stringify([sources, query]), () =>
    findValuePage(deps.db, sources, query),
  )
}

/** One page of companies by name (findCompaniesByName), kept the same way. */
export function companyPage(deps: Deps, search: string, limit: number, offset: number) {
  return kept(deps, [CATEGORY_SOURCE_CORPUS.company], JSON.stringify(['company', search, limit, offset]), () =>
    findCompaniesByName(deps.db, search, limit, offset),
  )
}

/** What `read` answers, kept under `key` for the states of `corpora` at the time it was read. */
async function kept<T>(deps: Deps, corpora: string[], key: string, read: () => Promise<T>): Promise<T> {
  const states = await corpusStates(deps)
  const generation = corpora.map((c) => stateGeneration(states, c)).join('|')
  const cache = deps.searchCaches.filterValues
  const hit = cache.get(key)
  if (hit?.generation === generation) {
    // Read again: it moves to the end of the eviction order.
    cache.delete(key)
    cache.set(key, hit)
    return hit.value as Promise<T>
  }
  const value = read()
  cache.set(key, { generation, value })
  // A failed read is not kept: the next request reads again.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key)
  })
  while (cache.size > FILTER_VALUES_CACHE_MAX) cache.delete(cache.keys().next().value!)
  return value
}
