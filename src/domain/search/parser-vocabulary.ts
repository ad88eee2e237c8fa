// Phrase matching of the rule parser: a vocabulary's values found in the words, each kept only
// where its context makes it a constraint (an industry before "companies", a place after "in", a
// technology after "using"), never where it describes whom the record serves. Read by parser.ts.
import { ENGLISH_STOP_WORDS } from '../../retrieval/fulltext.ts'
import { STOPWORDS } from './parser-words.ts'

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Where a matched phrase was: a mark, not a space, so a list ("in Germany and France") reads on. */
export const MARK = '\u0001'

/** Words that name kinds of organisations ("software companies", "fintech startups"). */
export const KIND_WORDS =
  /(?:compan(?:y|ies)|startups?|firms?|vendors?|providers?|businesses|makers?|manufacturers?|suppliers?|agenc(?:y|ies)|employers?|players?|organi[sz]ations?)\b/
/** After a value: it is a kind of organisation, or named as an industry. */
const KIND_AFTER = new RegExp(`^\\s*(?:-\\s*)?(?:${KIND_WORDS.source}|(?:industry|sector|vertical)\\b)`)
/** Before a value: "in the … industry", "industry: …". */
const INDUSTRY_BEFORE = /(?:\bindustry\s*(?::|=|is|of)?|\b(?:in|within|across|from)\s+(?:the\s+)?)\s*$/
const INDUSTRY_AFTER = /^\s*(?:industry|sector|vertical|space)\b/
/** Before a place: a preposition of location. */
const PLACE_BEFORE =
  /\b(?:in|from|based in|headquartered in|located in|hq in|hq'd in|offices? in|across|throughout|out of|within)\s+(?:the\s+)?$/
/** After a place: "-based", or a kind of organisation ("Israel startups"). */
const PLACE_AFTER = new RegExp(`^(?:\\s*-\\s*|\\s+)(?:based|headquartered|${KIND_WORDS.source})`)
/** Before a technology: a verb of use. */
const TECH_BEFORE =
  /\b(?:using|uses|use|used|built (?:on|with)|running|runs|run on|powered by|customers of|users of|that use|with)\s+$/
const TECH_AFTER = new RegExp(`^\\s*(?:users|customers|shops|stack|${KIND_WORDS.source})`)
/** Before a value: another value of the same list just matched ("Germany and France", "fintech or insurtech companies"). */
const LIST_BEFORE = new RegExp(`${MARK}\\s*(?:,|and|or|&|/)\\s*(?:the\\s+)?$`)
const LIST_AFTER = new RegExp(`^\\s*(?:,|and|or|&|/)\\s*${MARK}`)

/**
 * Before a value, in the same clause: who the record serves ("an app for affluent consumers in
 * Latin America", "Dill helps construction suppliers …"). An industry or a place there describes
 * the customers, not the record sought, and stays in the words. "looking for", "search for" … are
 * the search's own words, not an audience.
 */
const AUDIENCE_BEFORE =
  /(?:(?<!\b(?:look|looking|search|searching|hunt|hunting|hiring|shop|shopping|ask|asking))\s+for|\b(?:helps?|helping|serves?|serving|lets|enables?|enabling|empowers?|empowering))\b[^.;:!?,]*$/
export const audience = (before: string) => AUDIENCE_BEFORE.test(before)

type Context = (before: string, after: string) => boolean
export const kindContext: Context = (b, a) =>
  !audience(b) &&
  (KIND_AFTER.test(a) || (INDUSTRY_BEFORE.test(b) && INDUSTRY_AFTER.test(a)) || /\bindustry\s*(?::|=|is)\s*$/.test(b))
export const technologyContext: Context = (b, a) => TECH_BEFORE.test(b) || TECH_AFTER.test(a)
export const placeContext: Context = (b, a) => !audience(b) && (PLACE_BEFORE.test(b) || PLACE_AFTER.test(a))

/** Stop words and one- or two-letter codes never name a value ("on" is no state, "by" no country). */
const canMatch = (value: string) =>
  value.length > 2 && !STOPWORDS.has(value.toLowerCase()) && !ENGLISH_STOP_WORDS.has(value.toLowerCase())

/** A vocabulary's values longest first, each with its lowercase form and its whole-phrase pattern (made on first use). */
interface Phrase {
  value: string
  lower: string
  pattern: RegExp | null
}
const phraseLists = new WeakMap<string[], Phrase[]>()

function phrasesOf(values: string[]): Phrase[] {
  let list = phraseLists.get(values)
  if (!list) {
    list = [...new Set(values)]
      .filter((v) => v && canMatch(v))
      .sort((a, b) => b.length - a.length)
      .map((value) => ({ value, lower: value.toLowerCase(), pattern: null }))
    phraseLists.set(values, list)
  }
  return list
}

/**
 * Longest-first phrase match of a vocabulary against the text, each occurrence kept only when
 * `context` (the text before and after it) makes it a constraint; returns matched values and
 * puts the text with them marked into `consumed[0]`. A value whose words are not in the text at
 * all is skipped before its pattern is tried. Two passes, so the first of a list ("fintech and
 * insurtech companies") is read once the last is.
 */
export function matchVocabulary(text: string, values: string[], consumed: string[], context: Context): string[] {
  const found: string[] = []
  let current = consumed[0] ?? text
  for (let pass = 0; pass < 2; pass++) {
    let changed = false
    for (const phrase of phrasesOf(values)) {
      if (found.includes(phrase.value) || !current.includes(phrase.lower)) continue
      const re = (phrase.pattern ??= new RegExp(
        `(^|[^\\p{L}\\p{N}])${escape(phrase.lower)}(?=$|[^\\p{L}\\p{N}])`,
        'gu',
      ))
      re.lastIndex = 0
      let hit = false
      current = current.replace(re, (all, lead: string, offset: number) => {
        const before = current.slice(0, offset + lead.length)
        const after = current.slice(offset + all.length)
        if (!context(before, after) && !LIST_BEFORE.test(before) && !LIST_AFTER.test(after)) return all
        hit = true
        return `${lead}${MARK}`
      })
      if (hit) {
        found.push(phrase.value)
        changed = true
      }
    }
    if (!changed) break
  }
  consumed[0] = current
  return found
}
