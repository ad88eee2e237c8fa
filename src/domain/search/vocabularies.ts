// The parser's vocabularies, read from this server's own index and kept while the corpora they
// come from stay as they are: in the process (Deps.searchCaches.vocabularies) and in the store
// (parser_vocabularies, migration 0050), so a process that starts, or sees a change another
// process already read, does not read them from the index again.
import {
  GTM_FILTERS,
  INDEX_VOCABULARY_MAX,
  PLACE_VOCABULARIES,
  isIndexVocabulary,
  type IndexVocabulary,
  type PlaceVocabulary,
} from '../../contract/search-catalogue.ts'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import { findCorpusStates, type CorpusState } from '../../store/corpus.ts'
import { withoutStatementDeadlines, type Db } from '../../store/db.ts'
import { findStoredVocabularies, storeVocabularies } from '../../store/parser-vocabularies.ts'
import * as q from '../../store/search.ts'
import type { Deps } from '../types.ts'
import { corpusStates, stateGeneration } from './corpus-states.ts'
import { emptyVocabularies, type Vocabularies } from './parser.ts'

/**
 * The parser's vocabularies from the index: for every catalogue row naming an index vocabulary
 * (parser_vocabulary), the distinct values of that row's column on its entity's table, most common
 * first, up to INDEX_VOCABULARY_MAX; for every place level, the companies' own column
 * (PLACE_VOCABULARIES). A filter given a vocabulary in the catalogue is offered to the parsers with
 * no change here. Plus the person phrases' vocabularies (store/search.ts peopleVocabulary).
 */
export async function loadVocabularies(deps: Deps): Promise<Vocabularies> {
  // One connection without statement deadlines: on a large corpus each read takes seconds (a
  // million companies: the employers and schools through the affiliations, every company name).
  // They fill a cache every search shares, so they hold one of the pool's connections rather than
  // one per read, and no request's deadline cuts them off (a search does not wait for them past
  // VOCABULARY_WAIT_MS once the process has read them once). The embedded store has no statement
  // deadlines and one connection, which the reads must not hold between other requests' statements.
  return deps.store.kind === 'postgres'
    ? withoutStatementDeadlines(deps.db, readVocabularies)
    : readVocabularies(deps.db)
}

async function readVocabularies(db: Db): Promise<Vocabularies> {
  const reads: [IndexVocabulary | PlaceVocabulary, Promise<string[]>][] = []
  for (const f of GTM_FILTERS) {
    const name = f.parser_vocabulary
    if (!name || !isIndexVocabulary(name) || reads.some(([n]) => n === name)) continue
    if (!('column' in f.source))
      throw new Error(`filter ${f.name}: the index vocabulary ${name} needs a column to read (search-catalogue.ts)`)
    const table = f.applies_to === 'person' ? 'persons' : 'companies'
    const { column, array } = f.source as { column: string; array?: true }
    reads.push([name, q.vocabulary(db, table, column, array === true, INDEX_VOCABULARY_MAX[name])])
  }
  for (const [name, place] of Object.entries(PLACE_VOCABULARIES) as [PlaceVocabulary, PlaceSource][])
    reads.push([name, q.vocabulary(db, 'companies', place.column, place.array === true, place.max)])
  const [values, people] = await Promise.all([
    Promise.all(reads.map(([, read]) => read)),
    q.peopleVocabulary(db, PEOPLE_VOCABULARY_MAX),
  ])
  const out = emptyVocabularies()
  reads.forEach(([name], i) => (out[name] = values[i]!))
  out.people = people
  return out
}

/** The person parser's vocabularies keep this many values each (schools, employers, former titles, …). */
export const PEOPLE_VOCABULARY_MAX = 20_000

type PlaceSource = { column: string; array?: true; max: number }

/** The corpora the vocabularies read: companies and places, people, their employers and schools. */
const SOURCE_CORPORA: readonly string[] = [
  CATEGORY_SOURCE_CORPUS.company,
  CATEGORY_SOURCE_CORPUS.person,
  'gtm_affiliations',
  'gtm_institutions',
]

/** Moves on whenever an ingest or a delete changes one of those corpora (their corpus states). */
function vocabularyGeneration(states: CorpusState[]): string {
  return SOURCE_CORPORA.map((corpus) => stateGeneration(states, corpus)).join(' ')
}

/**
 * How long a search waits for a read of the vocabularies before it parses with the last ones this
 * process read in full. On a small corpus the read takes milliseconds and every search sees the
 * corpus as it is; on a large one it takes seconds, and only the searches in that window parse with
 * the vocabularies of a moment before (a value an ingest has just added is not recognised yet).
 */
export const VOCABULARY_WAIT_MS = 2000

/**
 * The vocabularies of this generation of the corpora: from the store when a process stored them,
 * else read from the index (loadVocabularies) and stored for the next process. They are stored
 * only when the corpora did not move on during the read (an ingest committed meanwhile: the read
 * mixes two states, and the next search reads again). A failed store write (the primary away while
 * a replica serves the read) costs the next process a read, not this search.
 */
async function storedOrRead(deps: Deps, generation: string): Promise<Vocabularies> {
  const stored = await findStoredVocabularies(deps.db, generation)
  if (stored !== null) return JSON.parse(stored) as Vocabularies
  const started = performance.now()
  const value = await loadVocabularies(deps)
  const readMs = Math.round(performance.now() - started)
  if (vocabularyGeneration(await findCorpusStates(deps.db)) !== generation) return value
  deps.log.info({ seconds: readMs / 1000 }, 'parser vocabularies read from the index')
  // The primary's handle: deps.db is a replica when one serves this search.
  await storeVocabularies(deps.store.db, {
    generation,
    vocabularies: JSON.stringify(value),
    readMs,
    now: new Date(),
  }).catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'parser vocabularies not stored'))
  return value
}

/**
 * The vocabularies, read again only when the corpora they come from changed: the corpus states,
 * which every ingest and delete updates (read at most once a second, and at once after this
 * process's own writes or another process's announced ones). On a large corpus one read takes
 * seconds of the store's time, so it is not repeated on a timer while nothing changes, and a search
 * does not wait for it longer than VOCABULARY_WAIT_MS when this process has read them before.
 */
export async function vocabularies(deps: Deps): Promise<Vocabularies> {
  const caches = deps.searchCaches
  const generation = vocabularyGeneration(await corpusStates(deps))
  let hit = caches.vocabularies
  if (!hit || hit.generation !== generation) {
    const fresh = { generation, value: storedOrRead(deps, generation) }
    fresh.value.then(
      (value) => {
        if (caches.vocabularies === fresh) caches.lastVocabularies = value
      },
      // A failed read (the store, or the replica it ran on, went away) is not kept.
      () => {
        if (caches.vocabularies === fresh) caches.vocabularies = null
      },
    )
    caches.vocabularies = hit = fresh
  }
  const last = caches.lastVocabularies
  if (!last) return hit.value
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<Vocabularies>((resolve) => {
    timer = setTimeout(() => resolve(last), VOCABULARY_WAIT_MS)
  })
  try {
    return await Promise.race([hit.value.catch(() => last), waited])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Starts the vocabularies' first read (`dsp serve` once its indexes are ready), so the first `auto`
 * search of a large corpus finds them read instead of waiting for the read. A failure is logged;
 * the first search reads them again.
 */
export function warmVocabularies(deps: Deps): void {
  vocabularies(deps).catch((e: unknown) => {
    deps.log.warn(
      { err: (e as Error).message },
      'parser vocabularies not read at start; the first auto search reads them',
    )
  })
}
