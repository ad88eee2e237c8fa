// Whether a stored company or person name answers a lookup by name (data-routes §4.3: "a miss is
// found false"). The trigram index only finds candidates; a candidate is a match when the
// distinctive words of both names agree to at least NAME_MATCH_FLOOR. Words that say what kind of
// company it is rather than which one ("Inc", "Holdings", "Group", "AG") and honorifics ("Dr",
// "Jr") do not count: "Zyxwv Holdings" shares only "Holdings" with "Q Holdings", so it misses.
// docs/entities-and-org-chart.md §1 states the rule for users.
import { distance } from 'fastest-levenshtein'

export type NameKind = 'company' | 'person'

/**
 * The least word agreement (Dice coefficient over distinctive words, 0..1) a name match needs.
 * 0.6: one distinctive word of two in common (0.5: "Marathon Petroleum" / "Electro-Petroleum",
 * "General Motors" / "General Mills") is not a match; a name within another is ("Goldman" /
 * "Goldman Sachs" scores 0.67; two words of three, 0.8); so is one typo in a two-word name
 * ("Goldmann Sachs", 0.75), not in a one-word name ("Vista" / "Vistra", 0.5).
 */
export const NAME_MATCH_FLOOR = 0.6

/** Dropped anywhere in a name: they join the words that name it. "&" standing alone is "and". */
const STOPWORDS = new Set(['the', 'of', 'and', '&'])

/**
 * Legal forms and structure words of companies, in any language the corpora carry. They do not
 * count unless they are a name's first word ("Group 1 Automotive", "International Paper").
 */
const COMPANY_GENERIC = new Set([
  // English
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'cos', 'company', 'companies', 'ltd', 'limited',
  'llc', 'llp', 'lp', 'lllp', 'pllc', 'pc', 'plc', 'ulc', 'pty', 'pte', 'pvt',
  'holding', 'holdings', 'group', 'international', 'intl', 'com',
  // Continental Europe and elsewhere
  'ag', 'sa', 'se', 'nv', 'bv', 'gmbh', 'mbh', 'kg', 'kgaa', 'ohg', 'spa', 'srl', 'sas', 'sarl', 'sl', 'slu',
  'ab', 'as', 'asa', 'aps', 'oy', 'oyj', 'ltda', 'lda', 'cia', 'cie', 'sab', 'cv', 'bhd', 'sdn', 'tbk', 'kk',
]) // prettier-ignore

/** Honorifics, generational suffixes and post-nominal letters: they do not say who a person is. */
const PERSON_GENERIC = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady', 'rev',
  'jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'mba', 'esq', 'cpa', 'jd', 'cfa', 'pe',
]) // prettier-ignore

/**
 * A name's words: accents folded, lower case, apostrophes dropped (McDonald's = McDonalds),
 * anything else but letters, digits and "&" a separator ("Coca-Cola" is two words), "&" kept
 * inside a word ("AT&T" is one word, not "At T"), and runs of single letters joined ("A. O.
 * Smith" → "ao smith", "U.S." → "us").
 */
export function nameWords(name: string): string[] {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’ʼ`]/g, '')
  const raw = folded
    .split(/[^\p{L}\p{N}&]+/u)
    .map((w) => (w === '&' ? w : w.replace(/^&+|&+$/g, '')))
    .filter((w) => w.length > 0)
  const out: string[] = []
  let letters = ''
  for (const w of raw) {
    if (w.length === 1 && /\p{L}/u.test(w)) {
      letters += w
      continue
    }
    if (letters) out.push(letters)
    letters = ''
    out.push(w)
  }
  if (letters) out.push(letters)
  return out
}

/** The words that say which company or person a name is (all its words when none would be left). */
export function distinctiveWords(name: string, kind: NameKind): string[] {
  const words = nameWords(name).filter((w) => !STOPWORDS.has(w))
  const generic = kind === 'company' ? COMPANY_GENERIC : PERSON_GENERIC
  const kept = words.filter((w, i) => !generic.has(w) || (kind === 'company' && i === 0))
  if (kept.length > 0) return kept
  return words.length > 0 ? words : nameWords(name)
}

/** Equal, or equal but for a plural or possessive "s" ("Rockets", "Macy's"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= 3 && long === `${short}s`
}

/** One typo apart ("Goldmann", "Jon"/"John"): words of 4 letters or more, without digits or "&". */
function typoWord(a: string, b: string): boolean {
  if (/[\d&]/.test(a) || /[\d&]/.test(b)) return false
  return Math.max(a.length, b.length) >= 4 && Math.min(a.length, b.length) >= 3 && distance(a, b) <= 1
}

/** A word one typo apart counts half: a one-word name with a typo ("Vista" for "Vistra") stays a miss. */
const TYPO_CREDIT = 0.5

/** Joins adjacent words of `words` that spell a word of `other` ("JP Morgan" against "JPMorgan"). */
function joinCompounds(words: string[], other: string[]): string[] {
  const wanted = new Set(other)
  const out: string[] = []
  for (let i = 0; i < words.length; i++) {
    let joined: string | null = null
    let end = i
    for (let j = i + 1, s = words[i]!; j < words.length && j < i + 4; j++) {
      s += words[j]!
      if (wanted.has(s)) {
        joined = s
        end = j
      }
    }
    out.push(joined ?? words[i]!)
    i = end
  }
  return out
}

/**
 * How far two names agree on their distinctive words, 0..1: twice the words they share over the
 * words both have (the Dice coefficient), each word matched at most once, a word one typo apart
 * counting half. Adjacent words that spell a word of the other name count as that word.
 */
export function nameMatchScore(query: string, candidate: string, kind: NameKind): number {
  let q = distinctiveWords(query, kind)
  let c = distinctiveWords(candidate, kind)
  c = joinCompounds(c, q)
  q = joinCompounds(q, c)
  if (q.length === 0 || c.length === 0) return 0
  const used = new Array<boolean>(c.length).fill(false)
  const unmatched = new Array<boolean>(q.length).fill(true)
  let shared = 0
  // Whole words first, then typos among the words left on both sides; each word is matched once.
  for (const [pass, credit] of [
    [sameWord, 1],
    [typoWord, TYPO_CREDIT],
  ] as const) {
    q.forEach((w, j) => {
      if (!unmatched[j]) return
      const k = c.findIndex((v, i) => !used[i] && pass(w, v))
      if (k < 0) return
      used[k] = true
      unmatched[j] = false
      shared += credit
    })
  }
  return (2 * shared) / (q.length + c.length)
}

/** True when `candidate` answers a lookup of `query` by name (the floor above). */
export const isNameMatch = (query: string, candidate: string, kind: NameKind): boolean =>
  nameMatchScore(query, candidate, kind) >= NAME_MATCH_FLOOR
