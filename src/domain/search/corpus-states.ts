// The corpora's states as search reads them: through Deps.searchCaches (a second), and the
// generation a cache read from a corpus's records belongs to.
import { findCorpusStates, type CorpusState } from '../../store/corpus.ts'
import type { Deps } from '../types.ts'

// corpus_state changes only when an ingest commits; reading it once per second per server keeps
// two queries off every search (attribution and the vector-coverage check).
const STATE_TTL_MS = 1000

export function corpusStates(deps: Deps) {
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
 * A corpus's records as its state names them: moves on whenever an ingest or a delete changes
 * them ('0' before any). What a cache read from those records belongs to (rarity, vocabularies).
 */
export function stateGeneration(states: CorpusState[], corpus: string): string {
  const state = states.find((st) => st.corpus === corpus)
  return state ? `${new Date(state.updated_at as unknown as string).getTime()}/${state.record_count}` : '0'
}
