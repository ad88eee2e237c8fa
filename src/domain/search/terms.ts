// The words of a query as search reads them: its terms (up to 32, as tokenized for the index), and
// its content terms (the same less English stop words: deep's criteria, expansions and re-rank).
import { ENGLISH_STOP_WORDS } from '../../retrieval/fulltext.ts'
import { tokenize } from '../../retrieval/embedder/tokenize.ts'

export function queryTerms(text: string | null): string[] {
  if (!text) return []
  return [...new Set(tokenize(text).filter((t) => t.length > 1))].slice(0, 32)
}

/** The words of deep's criteria, expansions and re-rank: the query's terms less English stop words. */
export function contentTerms(text: string | null): string[] {
  return queryTerms(text).filter((t) => !ENGLISH_STOP_WORDS.has(t))
}
