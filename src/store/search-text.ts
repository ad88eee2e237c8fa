// Full-text candidates of a search: the words as a tsquery, each match scored by the words'
// rarity, field weights, phrase and name (docs/search-ranking.md, "Ranking"), best first; past a
// broad match, the best of a bounded number of matches read in the category's quality order.
import { sql, type RawBuilder } from 'kysely'
import { tsqueryText, wordsCondition } from '../retrieval/fulltext.ts'
import type { Db } from './db.ts'
import { baseWhere, from, type SearchTable } from './search.ts'

/** `all`: every term must occur (AND); `any`: one is enough (OR). */
export type TextMatch = 'all' | 'any'

/** The terms' tsquery (retrieval/fulltext.ts), or null when only stop words are left: nothing matches. */
function tsquery(terms: string[], match: TextMatch) {
  const text = tsqueryText(terms, match)
  return text === null ? null : sql`${text}::tsquery`
}

/**
 * A record holds the words of `tsquery` (`tsv @@ tsquery`). `checked`: the same test written so
 * that the planner cannot take it from the full-text index, and checks it on each record the
 * filters' own indexes give instead of building the words' whole bitmap to AND with them
 * (docs/search-ranking.md, "Broad words under a narrow filter").
 */
export function wordsMatch(alias: string, tsquery: string, checked: boolean): RawBuilder<unknown> {
  const match = sql`${sql.ref(`${alias}.tsv`)} @@ ${tsquery}::tsquery`
  return checked ? sql`coalesce(${match}, false)` : match
}

/**
 * How a text list is ranked (docs/search-ranking.md, "Ranking"): BM25's term rarity over the weighted
 * vector, the query as a phrase, the query as a name.
 */
export interface TextRanking {
  /** Each query lexeme's inverse document frequency in the category (termRarity). */
  idf: Map<string, number>
  /** The query as a phrase (retrieval/fulltext.ts phraseTsqueryText): records holding it rank up. */
  phrase: string | null
  /** The query as a normalised name (name_norm): a record of exactly that name or title ranks first. */
  name: string | null
}

/** ts_rank of one occurrence at weight A: a lexeme's rank is scaled so that it counts 1. */
const RANK_A = 0.6079271
/**
 * ts_rank's weights of D, C, B and A (PostgreSQL's order): a word of the name or title counts 1, a
 * word of the classification, keywords or body 0.7 (PostgreSQL's defaults, 0.1 / 0.2 / 0.4 / 1,
 * let one name word outweigh five body words: a company named "Cancer …" outranked the record
 * whose description says "histopathology for cancer research").
 */
export const FIELD_WEIGHTS = [0.5, 0.7, 0.7, 1] as const
const WEIGHTS = `{${FIELD_WEIGHTS.join(',')}}`
/**
 * Document-length normalisation of the words' score: × (1 + ln LENGTH_PIVOT) / (1 + ln L), L the
 * record's distinct lexemes (ts_rank's normalisation 1, pivoted so that a record of about a company
 * description's length keeps the scale the phrase and name boosts are set against).
 */
export const LENGTH_PIVOT = 50
export const PHRASE_BOOST = 0.5
export const NAME_BOOST = 1

/**
 * The score of a text candidate: Σ idf(lexeme) × ts_rank(tsv, lexeme) / RANK_A (a lexeme's weight
 * A, B, C or D and its frequency, saturating as in ts_rank, times its rarity), normalised by the
 * record's length (LENGTH_PIVOT), plus, as shares of
 * Σ idf, PHRASE_BOOST when the query is a phrase of the record and NAME_BOOST when the record's name
 * is the query. Without a ranking: ts_rank_cd.
 */
function textScore(alias: string, tsq: RawBuilder<unknown>, ranking: TextRanking | undefined): RawBuilder<number> {
  const tsv = sql.ref(`${alias}.tsv`)
  if (!ranking || ranking.idf.size === 0) return sql<number>`ts_rank_cd(${tsv}, ${tsq})`
  let total = 0
  const parts: RawBuilder<unknown>[] = []
  const words: RawBuilder<unknown>[] = []
  for (const [lexeme, idf] of ranking.idf) {
    total += idf
    words.push(sql`${idf / RANK_A}::float8 * ts_rank(${WEIGHTS}::float4[], ${tsv}, ${`'${lexeme}'`}::tsquery)`)
  }
  if (ranking.phrase)
    words.push(sql`(case when ${tsv} @@ ${ranking.phrase}::tsquery then ${PHRASE_BOOST * total}::float8 else 0 end)`)
  // Document length: a record of LENGTH_PIVOT lexemes keeps its score (its words and its phrase), a
  // longer one less (its words are more likely there by chance), a shorter one more. A name is not.
  parts.push(
    sql`((${sql.join(words, sql` + `)}) * ${1 + Math.log(LENGTH_PIVOT)}::float8 / (1 + ln(greatest(length(${tsv}), 1))))`,
  )
  if (ranking.name)
    parts.push(
      sql`(case when ${sql.ref(`${alias}.name_norm`)} = ${ranking.name} then ${NAME_BOOST * total}::float8 else 0 end)`,
    )
  return sql<number>`(${sql.join(parts, sql` + `)})`
}

/**
 * A bound on the matches a text list reads: the first `candidates` matches in `order` (the
 * category's quality order), plus every match whose name is the query, are the ones ranked.
 */
export interface TextBound {
  candidates: number
  order: RawBuilder<unknown>[]
}

/** Records exactly named by the query that a bounded list ranks whatever their place in the quality order. */
const NAMED_MATCHES = 100

/**
 * The records holding the words (all of them, or any), ranked by textScore, best first, at most
 * `limit`. With a bound, only the bound's matches are ranked: the first `candidates` in its order
 * (the planner reads them from an index in that order, or sorts the matches when a filter leaves
 * few) and those named by the query; without one, every match is. Lexemes `implied` by the
 * filters (every record passing `where` holds them) are no condition of the match, only of the
 * rank: the planner, which takes a word and a filter for independent, then reads the filter's
 * records instead of every record holding the word (docs/search-ranking.md, "Words a filter implies").
 * `checked`: the words are tested on each record the filters pass, not read from the full-text
 * index (wordsMatch).
 */
export async function textCandidates(
  db: Db,
  q: {
    table: SearchTable
    category: string | null
    where: RawBuilder<unknown>
    terms: string[]
    limit: number
    match: TextMatch
    ranking?: TextRanking
    bound?: TextBound
    implied?: ReadonlySet<string>
    checked?: boolean
  },
): Promise<{ id: string; rank: number; name_match: boolean }[]> {
  if (q.terms.length === 0) return []
  const t = from(q.table)
  const tsq = tsquery(q.terms, q.match)
  const condition = wordsCondition(q.terms, q.match, q.implied ?? new Set())
  if (tsq === null || condition === null) return []
  const col = (c: string) => sql.ref(`${t.alias}.${c}`)
  const nameMatch = q.ranking?.name ? sql`${col('name_norm')} = ${q.ranking.name}` : sql`false`
  const matches =
    'implied' in condition
      ? baseWhere(q)
      : sql`${baseWhere(q)} and ${wordsMatch(t.alias, condition.tsquery, q.checked ?? false)}`
  const scored = sql`${col('id')} as id, ${textScore(t.alias, tsq, q.ranking)} as rank, ${nameMatch} as name_match`
  if (!q.bound) {
    const r = await sql<{ id: string; rank: number; name_match: boolean }>`
      select ${scored} from ${t.from} where ${matches}
      order by rank desc, ${col('id')} limit ${q.limit}`.execute(db)
    return r.rows.map(candidateRow)
  }
  const cols = sql`${col('id')}, ${col('tsv')}, ${col('name_norm')}`
  const named = q.ranking?.name
    ? sql` union all (select ${cols} from ${t.from} where ${matches} and ${nameMatch} limit ${NAMED_MATCHES})`
    : sql``
  const r = await sql<{ id: string; rank: number; name_match: boolean }>`
    select id, rank, name_match from (
      select distinct on (${col('id')}) ${scored}
      from ((select ${cols} from ${t.from} where ${matches} order by ${sql.join(q.bound.order)} limit ${q.bound.candidates})${named}) as ${sql.raw(t.alias)}
      order by ${col('id')}
    ) ranked
    order by rank desc, id limit ${q.limit}`.execute(db)
  return r.rows.map(candidateRow)
}

function candidateRow(x: { id: string; rank: number; name_match: boolean }) {
  return { id: x.id, rank: Number(x.rank), name_match: Boolean(x.name_match) }
}
