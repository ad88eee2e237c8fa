// What search keeps in this process between requests (Deps.searchCaches). The corpora's states
// read through it are corpus-states.ts.
import type { EntityCategory } from '../../contract/records.ts'
import { EXACT_SCAN_MAX_CANDIDATES } from '../../retrieval/vector-index.ts'
import type { findCorpusStates } from '../../store/corpus.ts'
import type { FrequencyTable } from './frequency-table.ts'
import type { Vocabularies } from './parser.ts'
import { BROAD_CANDIDATES, BROAD_MATCHES } from './retrieval-plan.ts'

/**
 * 1.25 × EXACT_SCAN_MAX_CANDIDATES: a filtered set the planner expects to be larger is not read for
 * an exact vector scan (it would stop at the bound, only to say it is too large; an industry of a
 * million companies: 20,001 rows read in 100–900 ms); the index's nearest are filtered instead.
 */
export const PLANNED_TOO_MANY = Math.round(1.25 * EXACT_SCAN_MAX_CANDIDATES)

/** Heap pages each statement of a table load reads on the embedded store: short statements, so searches pass between them. */
export const RARITY_SLICE_PAGES = 256
/**
 * The table of a category's document frequencies (rarity.ts loadRarityTable) keeps its most
 * frequent lexemes up to this many; past it, the lexemes it lacks are counted one by one.
 */
export const RARITY_TABLE_MAX = 500_000

/** A category's document frequencies at one corpus state: every lexeme (`complete`) or the most frequent. */
export interface RarityTable {
  generation: string
  df: FrequencyTable
  total: number
  complete: boolean
}

/**
 * What search keeps in this process between requests (Deps.searchCaches): the ids of vector keys
 * per category, the embeddings breaker, the corpora's states (a second), the parser's vocabularies
 * (a corpus state), the document frequencies of each category's lexemes (a corpus state), pages of
 * filter values (a corpus state); and the bound of a broad text list (tests lower it to reach it
 * on a small corpus).
 */
export class SearchCaches {
  readonly keyIds = new Map<EntityCategory, Map<number, string>>()
  /** Until when (clock ms) queries are not embedded after the embeddings provider failed. */
  breakerOpenUntil = 0
  corpusStates: { at: number; value: ReturnType<typeof findCorpusStates> } | null = null
  /** The parser's vocabularies, for the corpus states they were read at (vocabularies.ts). */
  vocabularies: { generation: string; value: Promise<Vocabularies> } | null = null
  /** The last vocabularies read in full: answered from while a newer read takes long (vocabularies.ts). */
  lastVocabularies: Vocabularies | null = null
  /** Document frequencies per category and lexeme, and record counts, for the corpus state they were read at (termRarity). */
  readonly rarity = {
    generation: new Map<EntityCategory, string>(),
    df: new Map<string, number>(),
    total: new Map<EntityCategory, number>(),
    /** Every lexeme's document frequency per category, read in one pass (loadRarityTable). */
    tables: new Map<EntityCategory, RarityTable>(),
    /** Heap pages a statement of a table load reads on the embedded store (RARITY_SLICE_PAGES). */
    slicePages: RARITY_SLICE_PAGES,
    /** The most lexemes a table keeps (RARITY_TABLE_MAX; tests lower it). */
    tableMax: RARITY_TABLE_MAX,
    /** The last table load started per category: for which state, when, and its end. */
    loads: new Map<EntityCategory, { generation: string; at: number; done: Promise<void> }>(),
  }
  /** Pages of filter values (and of companies by name) by source and query, for the corpus states they were read at (filter-values-cache.ts). */
  readonly filterValues = new Map<string, { generation: string; value: Promise<unknown> }>()
  /**
   * Past this many records the planner expects the filters to pass, the meaning side does not read
   * the filtered set for an exact scan (vector-side.ts smallFilteredSet); tests lower it.
   */
  readonly vectorSet = { plannedTooMany: PLANNED_TOO_MANY }
  /** Past `matches` records holding the words, a text list ranks `candidates` of them (text-side.ts textBound). */
  readonly broad = { matches: BROAD_MATCHES, candidates: BROAD_CANDIDATES }
}
