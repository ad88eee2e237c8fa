// The words side of a search: full-text candidates ranked by the words' rarity (all words first,
// any word when too few records hold them all), bounded when the words are broad, and the best
// such score under a filter.
import type { RawBuilder } from 'kysely'
import type { EntityCategory } from '../../contract/records.ts'
import { termLexemes, textLexemes, wordsCondition } from '../../retrieval/fulltext.ts'
import type { Filters, ListFilter } from '../../store/search-filters.ts'
import { plannedRows } from '../../store/search.ts'
import * as q from '../../store/search-text.ts'
import type { Deps } from '../types.ts'
import { compileWhere, defaultOrder } from './compile.ts'
import { termFrequencies, termRarity } from './rarity.ts'
import { TABLE, docCategoryOf, type RetrievalPlan } from './retrieval-plan.ts'
import { isUnconstrained } from './vector-side.ts'

/**
 * The list filters whose column a record's own words index (corpus/record-texts.ts, weight B): a
 * person's department and sub-department (the department filter matches either), a company's
 * industry and sub-industry. A record passing such a filter holds every word of the value it
 * matched.
 */
export const FILTERS_IN_WORDS: Partial<Record<EntityCategory, readonly string[]>> = {
  company: ['industry', 'sub_industry'],
  person: ['department'],
}

/**
 * The lexemes every record passing the filters holds (FILTERS_IN_WORDS): of each such filter, the
 * lexemes common to all its included values. "Data" under the department Data Science: a text list
 * need not ask for it, and PostgreSQL, which takes the word and the filter for independent (1,520
 * of 1.59M people expected, 41,501 found), then reads the department's people instead of the
 * 121,612 holding the word.
 */
export function impliedLexemes(category: EntityCategory, filters: Filters): Set<string> {
  const out = new Set<string>()
  for (const name of FILTERS_IN_WORDS[category] ?? []) {
    const include = (filters[name] as ListFilter | undefined)?.include
    if (!include?.length) continue
    const [first, ...rest] = include.map(textLexemes)
    for (const lexeme of first!) if (rest.every((held) => held.has(lexeme))) out.add(lexeme)
  }
  return out
}

/**
 * Below this many records carrying every word, a record with any of them is a candidate too.
 * Requiring all words first keeps the ranking to the records that fit the words best: on the
 * medium corpus "cloud payments platform" is 429 companies with all three words against 47,467
 * with any (ranking those took half a second). Fewer than a few pages of them: any word counts,
 * unless a record's name or title is the query itself: then the words named it, and the all-words
 * list (a handful of records, ≈ 1 ms) is the answer instead of a ranking of every record holding
 * any of the words (≈ 165 ms for a paper title on the real-data corpus).
 */
export const MIN_ALL_WORDS_MATCHES = 100

/**
 * How many records hold the lexemes (all, or any), from their document frequencies: the rarest's
 * count, or the sum; and how many records the category holds.
 */
async function heldEstimate(
  deps: Deps,
  category: EntityCategory,
  lexemes: string[],
  match: q.TextMatch,
): Promise<{ held: number; total: number }> {
  const { total, df } = await termFrequencies(deps, category, lexemes)
  const counts = lexemes.map((l) => df.get(l) ?? 0)
  const held =
    match === 'all'
      ? Math.min(...counts)
      : Math.min(
          total,
          counts.reduce((a, b) => a + b, 0),
        )
  return { held, total }
}

/**
 * The bound of a text list of these words in a category (BROAD_MATCHES, BROAD_CANDIDATES), or
 * undefined when every match is ranked.
 */
export async function textBound(
  deps: Deps,
  category: EntityCategory,
  terms: string[],
  match: q.TextMatch,
): Promise<q.TextBound | undefined> {
  const lexemes = termLexemes(terms)
  if (lexemes.length === 0) return undefined
  const broad = deps.searchCaches.broad
  return (await heldEstimate(deps, category, lexemes, match)).held > broad.matches
    ? { candidates: broad.candidates, order: defaultOrder(category) }
    : undefined
}

/**
 * Past this many records holding the words for each record a statement checking them on the
 * filters' records is expected to read, the words are checked there (wordsChecked).
 */
export const CHECKED_WORDS_RATIO = 20

/**
 * The records the planner expects a search's filters to pass (store/search.ts plannedRows, an
 * EXPLAIN), read once however many of its text lists and counts ask; null when no filter applies
 * (vector-side.ts isUnconstrained).
 */
export type PlannedFiltered = (() => Promise<number>) | null

export function plannedFiltered(
  deps: Deps,
  plan: Pick<RetrievalPlan, 'category' | 'filters' | 'include_domains'>,
  where: RawBuilder<unknown>,
): PlannedFiltered {
  if (isUnconstrained(plan)) return null
  let planned: Promise<number> | undefined
  return () =>
    (planned ??= plannedRows(deps.db, { table: TABLE[plan.category], category: docCategoryOf(plan.category), where }))
}

/**
 * Whether the words' condition is tested on the records passing the filters rather than read from
 * the full-text index (search-text.ts wordsMatch): when the words are broad (over BROAD_MATCHES
 * records hold the `lexemes` the condition asks for) and a statement checking them would read at
 * least CHECKED_WORDS_RATIO times fewer records than hold them. It reads the records the planner
 * expects the filters to pass, or fewer when it stops at `stopAfter` matches (a bounded list's
 * candidates, read in quality order; a count's cap): about stopAfter × total ÷ held of them, the
 * words taken as independent of the filters. PostgreSQL otherwise builds the words' whole bitmap
 * and ANDs it with the filters': on 2.02M people, the 873,796 holding "engineer" (177 ms) to keep
 * the 4,047 of one employer's 8,185 (docs/search-ranking.md, "Broad words under a narrow
 * filter"). Unconstrained (no filter): never.
 */
export async function wordsChecked(
  deps: Deps,
  category: EntityCategory,
  args: { planned: PlannedFiltered; lexemes: string[]; match: q.TextMatch; stopAfter: number },
): Promise<boolean> {
  if (!args.planned || args.lexemes.length === 0) return false
  const { held, total } = await heldEstimate(deps, category, args.lexemes, args.match)
  if (held <= deps.searchCaches.broad.matches) return false
  const planned = await args.planned()
  const read = Math.min(planned, (args.stopAfter * total) / held)
  return read * CHECKED_WORDS_RATIO <= held
}

/**
 * The best text score of the words among the records passing `where`: rarity-weighted words only
 * (no phrase or name boost), any word, as the text list ranks them (bounded when they are broad).
 * 0 when no record holds one.
 * Two such scores of the same words under two filters compare on one scale (auto's check that a
 * parsed filter does not push out what the words describe: search/relax.ts).
 */
export async function bestTextScore(
  deps: Deps,
  plan: Pick<RetrievalPlan, 'category' | 'filters' | 'include_domains'>,
  terms: string[],
): Promise<number> {
  if (!terms.length) return 0
  const category = plan.category
  const idf = await termRarity(deps, category, termLexemes(terms))
  const where = compileWhere(deps, plan)
  const rows = await textList(deps, category, {
    where,
    planned: plannedFiltered(deps, plan, where),
    implied: impliedLexemes(category, plan.filters),
    terms,
    limit: 1,
    match: 'any',
    ranking: { idf, phrase: null, name: null },
  })
  return rows[0]?.rank ?? 0
}

/**
 * A category's text list of the words: bounded when they are broad (textBound), the words checked
 * on the filters' records when those are few (wordsChecked).
 */
export async function textList(
  deps: Deps,
  category: EntityCategory,
  args: {
    where: RawBuilder<unknown>
    /** The records the filters pass, as the planner expects (null: no filter); the words may be checked on them. */
    planned: PlannedFiltered
    implied: ReadonlySet<string>
    terms: string[]
    limit: number
    match: q.TextMatch
    ranking: q.TextRanking
  },
) {
  const condition = wordsCondition(args.terms, args.match, args.implied)
  const bound = await textBound(deps, category, args.terms, args.match)
  // Only a bounded list's words are broad enough to be checked on the filters' records.
  const checked =
    bound !== undefined && condition !== null && 'tsquery' in condition
      ? await wordsChecked(deps, category, { ...args, lexemes: condition.lexemes, stopAfter: bound.candidates })
      : false
  return q.textCandidates(deps.db, {
    ...args,
    table: TABLE[category],
    category: docCategoryOf(category),
    bound,
    checked,
  })
}

export async function textSide(
  deps: Deps,
  category: EntityCategory,
  args: {
    where: RawBuilder<unknown>
    planned: PlannedFiltered
    implied: ReadonlySet<string>
    terms: string[]
    limit: number
    ranking: q.TextRanking
  },
) {
  if (args.terms.length > 1) {
    const all = await textList(deps, category, { ...args, match: 'all' })
    if (all.length >= Math.min(MIN_ALL_WORDS_MATCHES, args.limit) || all.some((r) => r.name_match))
      return { rows: all, match: 'all' as const }
  }
  return { rows: await textList(deps, category, { ...args, match: 'any' }), match: 'any' as const }
}
