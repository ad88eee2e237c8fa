// Hybrid retrieval of one page: full-text and vector candidates fused (words and meaning), or
// filtered rows in sort order, or a person search ranked by its employers; counted as it goes.
import { sql, type RawBuilder } from 'kysely'
import { normaliseName } from '../../corpus/normalise.ts'
import { phraseTsqueryText, termLexemes, wordsCondition } from '../../retrieval/fulltext.ts'
import * as q from '../../store/search.ts'
import { wordsMatch, type TextMatch, type TextRanking } from '../../store/search-text.ts'
import type { Deps } from '../types.ts'
import { compileWhere, defaultOrder, orderBy } from './compile.ts'
import { COUNT_CAP, countOrEstimate } from './counts.ts'
import { EXPANSION_WEIGHT, fuseBySureness } from './fusion.ts'
import { exactFrequency, termRarity } from './rarity.ts'
import { ALIAS, TABLE, docCategoryOf, type Hit, type RetrievalPlan, type Retrieved } from './retrieval-plan.ts'
import { queryTerms } from './terms.ts'
import {
  impliedLexemes,
  plannedFiltered,
  textBound,
  textList,
  textSide,
  wordsChecked,
  type PlannedFiltered,
} from './text-side.ts'
import { statementsSent } from './timing.ts'
import { embedQuery, isUnconstrained, vectorCandidates } from './vector-side.ts'

/**
 * Hybrid retrieval of one page. With words and no explicit sort: full-text and vector candidates
 * fused, paged from the fused pool. Otherwise: filtered rows in sort (or quality) order, restricted
 * to the text's matches when there are words. Words describing a person's employer rank companies
 * first (retrieveByEmployers).
 */
export async function retrieve(deps: Deps, plan: RetrievalPlan, offset: number, limit: number): Promise<Retrieved> {
  const where = compileWhere(deps, plan)
  const terms = queryTerms(plan.semantic_query)
  if (terms.length && plan.semantic_scope === 'company' && TABLE[plan.category] === 'persons')
    return retrieveByEmployers(deps, plan, where, terms, offset, limit)
  if (terms.length && plan.sort.length === 0) {
    const fused = await retrieveFused(deps, plan, where, terms, plan.pool)
    return { ...fused, hits: fused.hits.slice(offset, offset + limit), reachable: fused.hits.length }
  }
  if (terms.length) return retrieveMatchesSorted(deps, plan, where, terms, offset, limit)
  return retrieveFiltered(deps, plan, where, offset, limit)
}

/** The words describe the employer: rank companies, then keep their people, best employer first. */
async function retrieveByEmployers(
  deps: Deps,
  plan: RetrievalPlan,
  personWhere: RawBuilder<unknown>,
  terms: string[],
  offset: number,
  limit: number,
): Promise<Retrieved> {
  const companyPlan: RetrievalPlan = {
    ...plan,
    category: 'company',
    filters: {},
    include_domains: [],
    semantic_scope: null,
    sort: [],
  }
  const companies = await retrieveFused(deps, companyPlan, sql`true`, terms, Math.min(plan.pool, 300))
  const domains = await q.recordsByIds(
    deps.db,
    'companies',
    companies.hits.map((h) => h.id),
  )
  const rankOf = new Map<string, number>()
  companies.hits.forEach((h, i) => {
    const d = (domains.get(h.id)?.record as { domain?: string } | undefined)?.domain
    if (d && !rankOf.has(d)) rankOf.set(d, i)
  })
  const list = [...rankOf.keys()]
  const where = q.and([personWhere, sql`p.company_domain = any(${list}::text[])`])
  const order = plan.sort.length
    ? orderBy(deps, plan)
    : [sql`array_position(${list}::text[], p.company_domain)`, ...defaultOrder('person')]
  const [rows, count] = await Promise.all([
    q.pageRows(deps.db, { table: 'persons', category: null, where, orderBy: order, limit, offset }),
    countOrEstimate(deps, plan.category, { where }),
  ])
  const hits = rows.map((r) => {
    const employer = (r.record as { current_employer?: { domain?: string } | null }).current_employer?.domain ?? ''
    const companyScore = companies.hits[rankOf.get(employer) ?? 0]?.score ?? 0
    return { id: r.id, score: companyScore }
  })
  return {
    hits,
    total: count.count,
    total_is_estimate: count.estimated,
    pool_truncated: false,
    reachable: count.count,
    vector_used: companies.vector_used,
    vector_unavailable: companies.vector_unavailable,
  }
}

/** An explicit order over the words' fused matches. */
async function retrieveMatchesSorted(
  deps: Deps,
  plan: RetrievalPlan,
  where: RawBuilder<unknown>,
  terms: string[],
  offset: number,
  limit: number,
): Promise<Retrieved> {
  const fused = await retrieveFused(deps, plan, where, terms, plan.pool)
  const ids = fused.hits.map((h) => h.id)
  const scoreOf = new Map(fused.hits.map((h) => [h.id, h.score]))
  const rows = await q.pageRows(deps.db, {
    table: TABLE[plan.category],
    category: docCategoryOf(plan.category),
    where,
    ids,
    orderBy: orderBy(deps, plan),
    limit,
    offset,
  })
  return {
    hits: rows.map((r) => ({ id: r.id, score: scoreOf.get(r.id) ?? 0 })),
    total: fused.total,
    total_is_estimate: fused.total_is_estimate,
    pool_truncated: fused.pool_truncated,
    reachable: ids.length,
    vector_used: fused.vector_used,
    vector_unavailable: fused.vector_unavailable,
  }
}

/** No words: the filtered rows in sort (or quality) order, counted. */
async function retrieveFiltered(
  deps: Deps,
  plan: RetrievalPlan,
  where: RawBuilder<unknown>,
  offset: number,
  limit: number,
): Promise<Retrieved> {
  const table = TABLE[plan.category]
  const [rows, count] = await Promise.all([
    q.pageRows(deps.db, {
      table,
      category: docCategoryOf(plan.category),
      where,
      orderBy: orderBy(deps, plan),
      limit,
      offset,
    }),
    countOrEstimate(deps, plan.category, { where }),
  ])
  return {
    hits: rows.map((r) => ({ id: r.id, score: 1 })),
    total: count.count,
    total_is_estimate: count.estimated,
    pool_truncated: false,
    reachable: count.count,
    vector_used: false,
    vector_unavailable: false,
  }
}

/**
 * The words' ranking of a plan: the rarity of the query's own lexemes, its phrase and its name
 * (docs/search-ranking.md, "Ranking"), and the rarity of deep's expansions apart.
 */
async function textRankings(deps: Deps, plan: RetrievalPlan, terms: string[]) {
  const idf = await termRarity(deps, plan.category, termLexemes([...terms, ...plan.expansions]))
  const queryLexemes = new Set(termLexemes(terms))
  const words: TextRanking = {
    idf: new Map([...idf].filter(([l]) => queryLexemes.has(l))),
    phrase: plan.semantic_query ? phraseTsqueryText(plan.semantic_query) : null,
    name: plan.semantic_query ? normaliseName(plan.semantic_query) : null,
  }
  const expansions: TextRanking = {
    idf: new Map([...idf].filter(([l]) => !queryLexemes.has(l))),
    phrase: null,
    name: null,
  }
  return { words, expansions }
}

/** The words' and the meaning's candidates, and deep's synonyms, fused into one ranked pool. */
async function retrieveFused(
  deps: Deps,
  plan: RetrievalPlan,
  where: RawBuilder<unknown>,
  terms: string[],
  pool: number,
): Promise<Retrieved> {
  const ranking = await textRankings(deps, plan, terms)
  const implied = impliedLexemes(plan.category, plan.filters)
  // One EXPLAIN of the filters for every list and count of this search that asks.
  const planned = plannedFiltered(deps, plan, where)
  const texting = textSide(deps, plan.category, {
    where,
    planned,
    implied,
    terms,
    limit: pool,
    ranking: ranking.words,
  })
  // Expansions are alternatives (synonyms): any of them.
  const expanding = plan.expansions.length
    ? textList(deps, plan.category, {
        where,
        planned,
        implied,
        terms: plan.expansions,
        limit: pool,
        match: 'any',
        ranking: ranking.expansions,
      })
    : Promise.resolve([])
  // Awaited below; a failure meanwhile is not an unhandled rejection.
  texting.catch(() => undefined)
  expanding.catch(() => undefined)
  // Broad words fill the pool: their count goes out with the lists instead of after them.
  const guess: TextMatch = terms.length > 1 ? 'all' : 'any'
  const counting = (await textBound(deps, plan.category, terms, guess))
    ? { match: guess, count: wordsCount(deps, plan, where, terms, guess, planned) }
    : null
  counting?.count.catch(() => undefined)
  // Sent before the query is embedded and the vector index searched (≈ 2 ms of a fast search on
  // the medium corpus used to pass before they went out).
  await statementsSent()
  // The query's own words are embedded; synonyms only add a text list (a recall aid below the words).
  const embedding = embedQuery(deps, plan.semantic_query ?? '').then(async (e) => ({
    hits: e.vector ? await vectorCandidates(deps, plan.category, where, e.vector, pool, isUnconstrained(plan)) : [],
    unavailable: e.unavailable,
  }))
  const [textMatch, expanded, embedded] = await Promise.all([texting, expanding, embedding])
  const text = textMatch.rows
  const fused = fuseBySureness(
    [
      { hits: text.map((t) => ({ id: t.id, score: t.rank })), weight: 1 },
      { hits: embedded.hits, weight: 1 },
      { hits: expanded.map((t) => ({ id: t.id, score: t.rank })), weight: EXPANSION_WEIGHT },
    ],
    new Set(text.filter((t) => t.name_match).map((t) => t.id)),
  )
  const textCapped = text.length >= pool
  return {
    hits: fused,
    total: textCapped ? await cappedTotal(deps, plan, where, terms, planned, textMatch, fused, counting) : fused.length,
    total_is_estimate: textCapped,
    pool_truncated: textCapped,
    reachable: fused.length,
    vector_used: embedded.hits.length > 0,
    vector_unavailable: embedded.unavailable,
  }
}

/**
 * The records holding the words (all or any) among those passing `where`: exact up to the cap, else
 * estimated; one word with no filter, exact from the table of document frequencies when it is read
 * (rarity.ts exactFrequency). `planned`: the filters' planned rows, shared with the search's lists.
 */
export async function wordsCount(
  deps: Deps,
  plan: RetrievalPlan,
  where: RawBuilder<unknown>,
  terms: string[],
  match: TextMatch,
  planned: PlannedFiltered = plannedFiltered(deps, plan, where),
): Promise<{ count: number; estimated: boolean }> {
  const condition = wordsCondition(terms, match, impliedLexemes(plan.category, plan.filters))
  if (!condition) return { count: 0, estimated: false }
  // One word and no filter: the records holding it, from the table of document frequencies.
  const lexemes = termLexemes(terms)
  if (lexemes.length === 1 && isUnconstrained(plan)) {
    const exact = await exactFrequency(deps, plan.category, lexemes[0]!)
    if (exact !== null) return { count: exact, estimated: false }
  }
  if ('implied' in condition) return countOrEstimate(deps, plan.category, { where })
  const checked = await wordsChecked(deps, plan.category, {
    planned,
    lexemes: condition.lexemes,
    match,
    stopAfter: COUNT_CAP + 1,
  })
  return countOrEstimate(deps, plan.category, {
    where: q.and([where, wordsMatch(ALIAS[TABLE[plan.category]], condition.tsquery, checked)]),
  })
}

/**
 * The words' candidates filled the pool: the text's matches (exact up to the cap, else estimated)
 * and the vector's others. The count started with the lists serves when it guessed the match the
 * text list took.
 */
async function cappedTotal(
  deps: Deps,
  plan: RetrievalPlan,
  where: RawBuilder<unknown>,
  terms: string[],
  planned: PlannedFiltered,
  textMatch: { rows: { id: string }[]; match: TextMatch },
  fused: Hit[],
  counting: { match: TextMatch; count: ReturnType<typeof wordsCount> } | null,
): Promise<number> {
  const counted = await (counting?.match === textMatch.match
    ? counting.count
    : wordsCount(deps, plan, where, terms, textMatch.match, planned))
  const fromText = new Set(textMatch.rows.map((t) => t.id))
  return Math.max(fused.length, counted.count + fused.filter((h) => !fromText.has(h.id)).length)
}
