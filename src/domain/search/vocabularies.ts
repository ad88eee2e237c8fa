// The parser's vocabularies, read from this server's own index and kept for a minute
// (Deps.searchCaches.vocabularies).
import {
  GTM_FILTERS,
  INDEX_VOCABULARY_MAX,
  PLACE_VOCABULARIES,
  isIndexVocabulary,
  type IndexVocabulary,
  type PlaceVocabulary,
} from '../../contract/search-catalogue.ts'
import * as q from '../../store/search.ts'
import type { Deps } from '../types.ts'
import { emptyVocabularies, type Vocabularies } from './parser.ts'

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

// The parser's vocabularies come from this server's own index (Deps.searchCaches).
const VOCAB_TTL_MS = 60_000

/** The vocabularies, read at most once a minute per server. */
export function vocabularies(deps: Deps): Promise<Vocabularies> {
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
