// Criteria (contract §4.9: a row must satisfy every one). Each criterion is read with the search
// parser: what it turns into filters is applied to every search of the run, so each row is
// proven by the query; the words it leaves are judged against each record's own text (every
// word, or a synonym, must appear; "not …"/"without …" inverts). Rule-based and deterministic.
import type { RunCategory } from '../contract/agent-runs.ts'
import { queryTerms } from '../domain/search/engine.ts'
import { parseQuery, SYNONYMS, type Vocabularies } from '../domain/search/parser.ts'
import type { Filters } from '../store/search-filters.ts'

export interface CriterionPlan {
  criterion: string
  /** filter: proven by a filter of every search; judged: words checked against the record's text. */
  method: 'filter' | 'judged'
  /** Filters read from the criterion, applied to every search. */
  filters: Filters
  /** Words judged per row (empty for a filter criterion). */
  terms: string[]
  negated: boolean
  /** "studied at a top-10 school": the N schools with the most people in the index (its `university` filter, most first). */
  top_schools?: number
}

export interface CriterionCheck {
  criterion: string
  passed: boolean
  /** met, not_met, or unknown: the record lacks what would decide it (never kept). Absent in rows stored before it existed. */
  verdict?: 'met' | 'not_met' | 'unknown'
  proven_by: 'query' | 'judged'
  evidence: string | null
}

// Verbs and fillers a criterion wraps its subject in; they say nothing about the record.
const CRITERION_STOPWORDS = new Set(
  'a an the and or of for to in at by from that which who whose any some more than less into over under per via all has have having had with offers offer offering provides provide providing sells sell selling builds build building makes make making does do doing should must can could may might is are was were be its it their they them this these those also least one currently actively strong good based headquartered located known significant focus focused focuses on operates operate operating serves serve serving'.split(
    ' ',
  ),
)

const NEGATION = /^\s*(?:not|no|non|without|excluding|except|never)\b[\s-]*/i

const NUMBER_WORDS: Record<string, number> = { three: 3, five: 5, ten: 10, twenty: 20, fifty: 50, hundred: 100 }

/**
 * "studied at a top-10 school", "went to one of the top 5 universities": the index holds no ranking
 * of schools, so a top-N school is one of the N schools with the most people in the index (the
 * person parser's schools vocabulary, most common first).
 */
const TOP_SCHOOLS =
  /\b(?:(?:has |have |who )?(?:studied|study|studying|graduated|went|educated)(?: at| from| to)?|alumni of|alumnus of|graduates? of|attended|from)\s+(?:a|an|one of the|the)\s+top[- ]?(\d{1,3}|three|five|ten|twenty|fifty|hundred)\s+(?:schools?|universit(?:y|ies)|colleges?|business schools?|institutions?)\b/i

/**
 * Reads a criterion; filters conflicting with ones already applied are judged by text instead (both
 * must hold). `now` is the run's clock: "joined in the last 6 months" starts from it.
 */
export function planCriterion(
  criterion: string,
  category: RunCategory,
  vocab: Vocabularies,
  applied: Filters,
  nowYear: number,
  now?: Date,
): CriterionPlan {
  const negation = criterion.match(NEGATION)
  if (negation) {
    return {
      criterion,
      method: 'judged',
      filters: {},
      terms: judgedTerms(criterion.slice(negation[0].length)),
      negated: true,
    }
  }
  let text = criterion
  let top: { n: number; schools: string[] } | null = null
  const topMatch = category === 'person' ? TOP_SCHOOLS.exec(criterion) : null
  if (topMatch) {
    const n = NUMBER_WORDS[topMatch[1]!.toLowerCase()] ?? Number(topMatch[1])
    const schools = (vocab.people?.schools ?? []).slice(0, n)
    if (n > 0 && schools.length) {
      top = { n, schools }
      text = `${criterion.slice(0, topMatch.index)} ${criterion.slice(topMatch.index + topMatch[0].length)}`
    }
  }
  const parsed = parseQuery(text, vocab, { category, nowYear, now })
  if (top) {
    parsed.filters.university = { include: top.schools }
    if (Object.keys(parsed.filters).length === 1 && !parsed.spans.length) parsed.semantic_query = null
  }
  const conflicts = Object.keys(parsed.filters).some(
    (k) => k in applied && JSON.stringify(applied[k]) !== JSON.stringify(parsed.filters[k]),
  )
  if (conflicts) return { criterion, method: 'judged', filters: {}, terms: judgedTerms(criterion), negated: false }
  const terms = judgedTerms(parsed.semantic_query ?? '')
  const hasFilters = Object.keys(parsed.filters).length > 0
  if (!hasFilters && terms.length === 0) {
    // Nothing but fillers: judge on the criterion's own words so it is never vacuously true.
    return { criterion, method: 'judged', filters: {}, terms: queryTerms(criterion).slice(0, 8), negated: false }
  }
  return {
    criterion,
    method: terms.length ? 'judged' : 'filter',
    filters: parsed.filters,
    terms,
    negated: false,
    ...(top ? { top_schools: top.n } : {}),
  }
}

function judgedTerms(text: string): string[] {
  return queryTerms(text)
    .filter((t) => !CRITERION_STOPWORDS.has(t))
    .slice(0, 8)
}

/** A record's searchable text: every string and number value, nested ones included (keys are not text). */
export function recordText(record: Record<string, unknown>): string {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v)
    else if (typeof v === 'number') out.push(String(v))
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(record)
  return out.join(' \u2022 ')
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A word matches itself, its stem (plural, -ing, -ed; battery → batteries) or a listed synonym,
 * at a word start, plus any `extra` alternatives (regular-expression sources). `close`: only the
 * synonyms that say the same thing — listed both ways (fintech ↔ payments), a form of the word
 * (robotics → robots), or any of an acronym's.
 */
export function termPattern(term: string, synonyms: boolean | 'close' = true, extra: string[] = []): RegExp {
  const stem = stemOf(term)
  const listed = synonyms ? (SYNONYMS[term] ?? []) : []
  const kept =
    synonyms === 'close' && term.length > 3
      ? listed.filter((s) => (SYNONYMS[s] ?? []).includes(term) || s.startsWith(stem.slice(0, 5)))
      : listed
  const plural = /[^aeiou]y$/.test(term) && term.length > 4 ? [`${term.slice(0, -1)}ies`] : []
  const alternatives = [...[stem, ...plural, ...kept].map(escape), ...extra]
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])(${alternatives.join('|')})`, 'iu')
}

/**
 * A word without its plural, -ing or -ed ending (words of five letters or more); a noun in -ery
 * of six letters or more without its y, so the verb's forms count (delivery → delivering,
 * delivered; grocery → grocers).
 */
export const stemOf = (term: string) =>
  term.length > 5 && /[^aeiou]ery$/.test(term)
    ? term.slice(0, -1)
    : term.length > 4
      ? term.replace(/(?:ies|es|s|ing|ed)$/, '')
      : term

/** The text around a match, as evidence: 40 characters before it, 60 after, white space folded. */
export function snippet(text: string, index: number, length: number): string {
  const from = Math.max(0, index - 40)
  const to = Math.min(text.length, index + length + 60)
  return `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < text.length ? '…' : ''}`
}

/** Evaluates one criterion against one record. A filter criterion was proven by every search's filters. */
export function checkCriterion(plan: CriterionPlan, text: string, proof: string | null): CriterionCheck {
  if (plan.method === 'filter') return { criterion: plan.criterion, passed: true, proven_by: 'query', evidence: proof }
  let first: { index: number; length: number } | null = null
  let all = true
  let any = false
  for (const term of plan.terms) {
    const m = termPattern(term).exec(text)
    if (m) {
      any = true
      const index = m.index + m[0].length - (m[1]?.length ?? 0)
      if (!first) first = { index, length: m[1]?.length ?? 0 }
    } else all = false
  }
  if (plan.negated)
    return {
      criterion: plan.criterion,
      passed: !any,
      proven_by: 'judged',
      evidence: any && first ? snippet(text, first.index, first.length) : null,
    }
  const passed = plan.terms.length > 0 && all
  return {
    criterion: plan.criterion,
    passed,
    proven_by: 'judged',
    evidence: passed && first ? snippet(text, first.index, first.length) : null,
  }
}

/** On topic: the text mentions at least one of the words (or a synonym); true when there are none. */
export function mentionsAny(terms: string[], text: string): boolean {
  return terms.length === 0 || terms.some((t) => termPattern(t).test(text))
}
