// The rarity (idf) of words in a category: a table of every lexeme's document frequency read in
// slices for the current corpus state, else counted per word and cached (SearchCaches.rarity).
import { sql } from 'kysely'
import type { EntityCategory } from '../../contract/records.ts'
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import { findCorpusStates, type CorpusState } from '../../store/corpus.ts'
import { withoutStatementDeadlines } from '../../store/db.ts'
import * as q from '../../store/search.ts'
import type { Deps } from '../types.ts'
import type { RarityTable } from './caches.ts'
import { corpusStates, stateGeneration } from './corpus-states.ts'
import { samplePercent } from './counts.ts'
import { FrequencyTable } from './frequency-table.ts'
import { ALIAS, TABLE, docCategoryOf } from './retrieval-plan.ts'
import { statementsSent } from './timing.ts'

/** BM25's inverse document frequency: ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function idfOf(total: number, df: number): number {
  return Math.log(1 + (Math.max(total - df, 0) + 0.5) / (df + 0.5))
}

// Document frequencies change only when an ingest commits: kept per server until the corpus's
// state says it changed (corpus_state.updated_at and record_count), up to a bound.
const RARITY_CACHE_MAX = 200_000
/** While ingests keep changing a category, its table is read again at most this often (counted one by one meanwhile). */
export const RARITY_TABLE_RELOAD_MS = 60_000

/** The corpus state a category's document frequencies belong to. */
function rarityGeneration(states: CorpusState[], category: EntityCategory): string {
  return stateGeneration(states, CATEGORY_SOURCE_CORPUS[category])
}

/**
 * Reads a category's document frequencies for every lexeme in one pass over its records (on
 * PostgreSQL one statement that sends the RARITY_TABLE_MAX most frequent; embedded, a slice of
 * RARITY_SLICE_PAGES heap pages per statement, summed here), and keeps them when the corpus state
 * did not change meanwhile. A search then reads the rarity of its words from memory: no statement before
 * its text candidates (counted per word, a paper's exact title waits ≈ 9 ms on a quiet machine
 * for the counts of its common words: one GIN lookup and the heap pages of every record holding it).
 */
async function loadRarityTable(deps: Deps, category: EntityCategory, generation: string): Promise<void> {
  const started = performance.now()
  const table = TABLE[category]
  const docCategory = docCategoryOf(category)
  const max = deps.searchCaches.rarity.tableMax
  let read: { df: Iterable<[string, number]>; total: number; complete: boolean; lexemes: number | null }
  if (deps.store.kind === 'postgres') {
    // One statement on a connection of its own, without a deadline (a minute over millions of
    // people): the server sums, this process receives only the lexemes it keeps.
    const got = await withoutStatementDeadlines(deps.db, (db) =>
      q.lexemeFrequenciesTop(db, { table, category: docCategory, max }),
    )
    read = { df: got.df, total: got.records, complete: got.complete, lexemes: got.complete ? got.df.length : null }
  } else {
    // The embedded store has one connection: short statements, so searches pass between them.
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
    const complete = df.size <= max
    read = {
      df: complete ? df : [...df].sort((a, b) => b[1] - a[1]).slice(0, max),
      total,
      complete,
      lexemes: df.size,
    }
  }
  // An ingest committed meanwhile: these counts mix two states; the next search starts again.
  if (rarityGeneration(await findCorpusStates(deps.db), category) !== generation) return
  const df = FrequencyTable.from(read.df)
  deps.searchCaches.rarity.tables.set(category, { generation, df, total: read.total, complete: read.complete })
  deps.log.info(
    {
      category,
      records: read.total,
      // Every lexeme of the category, when the store says how many (a table past `max` on PostgreSQL: not counted).
      lexemes: read.lexemes,
      kept: df.size,
      seconds: Math.round(performance.now() - started) / 1000,
    },
    'document frequencies read',
  )
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
 * The rarity (idf) of each lexeme of the words in a category, from its own records (termFrequencies): from the
 * category's table of document frequencies when it is read for the current corpus state (it is
 * started here otherwise), else counted per lexeme and cached.
 */
export async function termRarity(
  deps: Deps,
  category: EntityCategory,
  lexemes: string[],
): Promise<Map<string, number>> {
  const { total, df } = await termFrequencies(deps, category, lexemes)
  return new Map(lexemes.map((l) => [l, idfOf(total, df.get(l) ?? 0)]))
}

/**
 * A word counted on its own is counted up to this many records; past it, its count is estimated
 * from a sample of the table's pages as a search's total is (countOrEstimate): a word held by a
 * million companies takes ≈ 1.4 s to count, and its rarity needs no more than two figures.
 */
export const DF_COUNT_CAP = 5_000

/** Counts that reached DF_COUNT_CAP, estimated from a page sample (exact when the table is smaller than the sample). */
async function estimatePastCap(
  deps: Deps,
  category: EntityCategory,
  counted: Map<string, number>,
  records: number,
): Promise<Map<string, number>> {
  const table = TABLE[category]
  const percent = samplePercent(records)
  const out = new Map(counted)
  for (const [lexeme, n] of counted) {
    if (n <= DF_COUNT_CAP) continue
    const sampled = await q.sampledCount(deps.db, {
      table,
      category: docCategoryOf(category),
      where: sql`${sql.ref(`${ALIAS[table]}.tsv`)} @@ ${`'${lexeme}'`}::tsquery`,
      percent,
    })
    out.set(lexeme, Math.max(n, sampled))
  }
  return out
}

/** How many of a category's records hold each lexeme, and how many records it has (termRarity's counts). */
export async function termFrequencies(
  deps: Deps,
  category: EntityCategory,
  lexemes: string[],
): Promise<{ total: number; df: Map<string, number> }> {
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
      category: docCategoryOf(category),
      lexemes: missing,
      withTotal: needTotal,
      cap: DF_COUNT_CAP,
    })
    const records = got.total ?? read?.total ?? caches.rarity.total.get(category) ?? 0
    const df = await estimatePastCap(deps, category, got.df, records)
    if (caches.rarity.df.size + missing.length > RARITY_CACHE_MAX) caches.rarity.df.clear()
    for (const [l, n] of df) caches.rarity.df.set(`${category}\u0000${l}`, n)
    if (got.total !== null) caches.rarity.total.set(category, got.total)
  }
  const total = read?.total ?? caches.rarity.total.get(category) ?? 0
  return {
    total,
    df: new Map(lexemes.map((l) => [l, fromTable(l) ?? caches.rarity.df.get(`${category}\u0000${l}`) ?? 0])),
  }
}

/**
 * How many of a category's records hold the lexeme, exactly, from its table of document
 * frequencies when that table was read for the corpus as it is now and holds the lexeme (or is
 * complete); null otherwise (the table not read yet, or a rare lexeme past the table's bound). A
 * word searched alone with no filter is counted so, without a statement: "software" over a million
 * companies took 47–80 ms to estimate from a sample of the table's pages.
 */
export async function exactFrequency(deps: Deps, category: EntityCategory, lexeme: string): Promise<number | null> {
  const generation = rarityGeneration(await corpusStates(deps), category)
  const read = deps.searchCaches.rarity.tables.get(category)
  if (read?.generation !== generation) return null
  return read.df.get(lexeme) ?? (read.complete ? 0 : null)
}

/**
 * Starts reading the table of document frequencies of every category that holds records (`dsp
 * serve` once its indexes are ready), so the first searches of a large corpus read their words'
 * rarity from memory instead of counting each word (a word held by a million companies takes
 * ≈ 1.4 s to count). A failure is logged, never thrown; searches count per word meanwhile.
 */
export async function warmRarity(deps: Deps): Promise<void> {
  try {
    const states = await corpusStates(deps)
    for (const category of Object.keys(TABLE) as EntityCategory[]) {
      const state = states.find((st) => st.corpus === CATEGORY_SOURCE_CORPUS[category])
      if (Number(state?.record_count ?? 0) > 0) startRarityTable(deps, category, rarityGeneration(states, category))
    }
  } catch (e) {
    deps.log.warn({ err: (e as Error).message }, 'document frequencies not read at start; searches count per word')
  }
}

/** Resolves once the table loads started so far ended (tests, benchmarks). */
export async function rarityTablesLoaded(deps: Deps): Promise<void> {
  await Promise.all([...deps.searchCaches.rarity.loads.values()].map((l) => l.done))
}
