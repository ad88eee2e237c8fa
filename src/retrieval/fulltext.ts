// Full-text analysis in this process: a record's weighted tsvector and a query's tsquery are
// built here, so the store only parses a ready tsvector (≈ 5× cheaper than to_tsvector on
// PostgreSQL, ≈ 6× on PGlite; docs/ingest.md §4). For plain words the result is exactly what
// PostgreSQL's `english` configuration gives (test/unit/fulltext.test.ts compares them word for
// word and position for position): words are runs of letters and digits, lower-cased; English
// stop words are dropped but keep their positions; words of letters only are Snowball-stemmed,
// words with a digit are kept as they are. Where PostgreSQL's parser sees more than words
// (hyphenated compounds, host names, e-mail addresses, decimals) this keeps only the words:
// `acme-widgets.com` indexes acme, widget and com. Queries are analysed the same way, so what a
// query can match never depends on which store computed a record's vector.
import { StemmerEn } from '@nlpjs/lang-en-min'

/** PostgreSQL's `english.stop` (Snowball's English stop-word list). */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is are ' +
    'was were be been being have has had having do does did doing a an the and but if or because as until while ' +
    'of at by for with about against between into through during before after above below to from up down in out ' +
    'on off over under again further then once here there when where why how all any both each few more most ' +
    'other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
)

const stemmer = new StemmerEn()
const WORD = /[\p{L}\p{N}]+/gu
const HAS_DIGIT = /\p{N}/u
/** PostgreSQL skips longer words (2047 bytes) and stores positions up to 16383, at most 255 per lexeme. */
const MAX_WORD_BYTES = 2047
const MAX_POSITION = 16383
const MAX_POSITIONS_PER_LEXEME = 255

// Word → lexeme (null: a stop word). Vocabularies are small next to the text; the cache is reset
// when it grows past its bound rather than tracking recency.
const CACHE_MAX = 200_000
let cache = new Map<string, string | null>()

/** The lexeme of one lower-cased word, or null for a stop word or a word too long to index. */
export function lexemeOf(word: string): string | null {
  let lexeme = cache.get(word)
  if (lexeme !== undefined) return lexeme
  if (word.length > MAX_WORD_BYTES / 4 && Buffer.byteLength(word) > MAX_WORD_BYTES) lexeme = null
  else if (ENGLISH_STOP_WORDS.has(word)) lexeme = null
  else lexeme = HAS_DIGIT.test(word) ? word : stemmer.stemWord(word)
  if (cache.size >= CACHE_MAX) cache = new Map()
  cache.set(word, lexeme)
  return lexeme
}

export type Weight = 'A' | 'B' | 'C' | 'D'

/**
 * `setweight(to_tsvector('english', a), 'A') || setweight(to_tsvector('english', b), 'B') || …`
 * as tsvector text: each part's positions continue after the highest position kept so far.
 */
export function weightedTsvector(parts: readonly (readonly [text: string, weight: Weight])[]): string {
  const positions = new Map<string, string[]>()
  let highest = 0
  for (const [text, weight] of parts) {
    let position = highest
    WORD.lastIndex = 0
    const lower = text.toLowerCase()
    for (let m = WORD.exec(lower); m !== null; m = WORD.exec(lower)) {
      position++
      const lexeme = lexemeOf(m[0])
      if (lexeme === null) continue
      const at = position > MAX_POSITION ? MAX_POSITION : position
      highest = at
      const entry = `${at}${weight}`
      let list = positions.get(lexeme)
      if (list === undefined) positions.set(lexeme, (list = []))
      else if (list.length >= MAX_POSITIONS_PER_LEXEME || list[list.length - 1] === entry) continue
      list.push(entry)
    }
  }
  let out = ''
  // Lexemes are letters and digits only: nothing to escape inside the quotes.
  for (const [lexeme, list] of positions) out += `${out === '' ? '' : ' '}'${lexeme}':${list.join(',')}`
  return out
}

/** Lexemes as tsquery text: all of them (`&`) or any (`|`). */
const lexemeQuery = (lexemes: readonly string[], match: 'all' | 'any') =>
  lexemes.map((l) => `'${l}'`).join(match === 'all' ? ' & ' : ' | ')

/**
 * The tsquery text of search terms (`'cloud' | 'payment'`), or null when no term has a lexeme
 * (only stop words): such a query matches nothing, as in PostgreSQL.
 */
export function tsqueryText(terms: readonly string[], match: 'all' | 'any'): string | null {
  const lexemes = termLexemes(terms)
  return lexemes.length === 0 ? null : lexemeQuery(lexemes, match)
}

/** The lexemes of a text as weightedTsvector indexes it. */
export function textLexemes(text: string): Set<string> {
  const out = new Set<string>()
  const lower = text.toLowerCase()
  for (const m of lower.matchAll(WORD)) {
    const lexeme = lexemeOf(m[0])
    if (lexeme !== null) out.add(lexeme)
  }
  return out
}

/**
 * What a text match of search terms asks of a record beyond its filters, when every record passing
 * them holds the `implied` lexemes (a filter on a column its words index: search/text-side.ts
 * impliedLexemes): a tsquery of the terms left (all terms: the others; any term: all of them, or
 * none once one is implied) with its lexemes, `{ implied: true }` when the filters already give
 * the match, null when no term has a lexeme (nothing matches, as tsqueryText). The ranking still
 * reads every term.
 */
export function wordsCondition(
  terms: readonly string[],
  match: 'all' | 'any',
  implied: ReadonlySet<string>,
): { tsquery: string; lexemes: string[] } | { implied: true } | null {
  const lexemes = termLexemes(terms)
  if (lexemes.length === 0) return null
  const left = lexemes.filter((l) => !implied.has(l))
  if (left.length === 0 || (match === 'any' && left.length < lexemes.length)) return { implied: true }
  return { tsquery: lexemeQuery(left, match), lexemes: left }
}

/** The distinct lexemes of search terms, in order (tsqueryText's lexemes). */
export function termLexemes(terms: readonly string[]): string[] {
  const lexemes = new Set<string>()
  for (const term of terms) {
    // A term is one word to the caller; punctuation inside it joins its parts ("e-mail" → email).
    const word = term.toLowerCase().match(WORD)?.join('') ?? ''
    const lexeme = word === '' ? null : lexemeOf(word)
    if (lexeme !== null) lexemes.add(lexeme)
  }
  return [...lexemes]
}

/**
 * `phraseto_tsquery('english', text)` as tsquery text (`'cloud' <-> 'payment' <2> 'platform'`):
 * the text's lexemes in order, each at its distance from the one before (a stop word between two
 * words keeps its place, as in the indexed vector). Null below two lexemes: one word is no phrase.
 */
export function phraseTsqueryText(text: string): string | null {
  const parts: string[] = []
  let position = 0
  let last = 0
  WORD.lastIndex = 0
  const lower = text.toLowerCase()
  for (let m = WORD.exec(lower); m !== null && parts.length < 32; m = WORD.exec(lower)) {
    position++
    const lexeme = lexemeOf(m[0])
    if (lexeme === null) continue
    if (parts.length === 0) parts.push(`'${lexeme}'`)
    else parts.push(`<${position - last > 1 ? position - last : '-'}> '${lexeme}'`)
    last = position
  }
  return parts.length >= 2 ? parts.join(' ') : null
}
