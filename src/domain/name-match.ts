// Whether a stored company or person name answers a lookup by name (data-routes §4.3: "a miss is
// found false"). The trigram index only finds candidates; a candidate is a match when its
// distinctive words hold every distinctive word of the name looked up, a company's also start
// with one of them, and the two sets agree to at least NAME_MATCH_FLOOR. Words that say what kind
// of company it is rather than which one ("Inc", "Holdings", "Group", "AG"), honorifics ("Dr",
// "Jr") and parenthesised qualifiers ("(Class A)") do not count: "Zyxwv Holdings" shares only
// "Holdings" with "Q Holdings", so it misses. docs/entities-and-org-chart.md §1 states the rule.
import { distance } from 'fastest-levenshtein'

export type NameKind = 'company' | 'person'

/**
 * The least agreement (Dice coefficient over distinctive words, 0..1) a name match needs, once
 * every word looked up is found. 0.6: the stored name may add one word to one or two (Goldman /
 * Goldman Sachs 0.67, Tesla Motors / Tesla Motors Europe 0.8), not two to one (0.5); a typo counts
 * half, so one typo passes in a two-word name ("Goldmann Sachs", 0.75), not in a one-word name
 * ("Vista" / "Vistra", 0.5).
 */
export const NAME_MATCH_FLOOR = 0.6

/** Dropped anywhere in a name: they join the words that name it. "&" standing alone is "and". */
const STOPWORDS = new Set(['the', 'of', 'and', '&'])

/**
 * Legal forms and structure words of companies, in any language the corpora carry. They do not
 * count unless they are a name's first word ("Group 1 Automotive", "Holding Prime").
 * "International" counts: without it "American International Group" would be "American".
 */
const COMPANY_GENERIC = new Set([
  // English
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'cos', 'company', 'companies', 'ltd', 'limited',
  'llc', 'llp', 'lp', 'lllp', 'pllc', 'pc', 'plc', 'ulc', 'pty', 'pte', 'pvt',
  'holding', 'holdings', 'group', 'com',
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
 * anything else but letters, digits and "&" a separator, "&" kept inside a word ("AT&T" is one
 * word, not "At T"), and runs of single letters joined ("A. O. Smith" → "ao smith", "U.S." →
 * "us"). In a company name a hyphen binds ("Williams-Sonoma" is one name, not "Williams"; "Coca
 * Cola" still matches it as two words spelling one); in a person's it separates ("Smith-Jones").
 */
export function nameWords(name: string, kind: NameKind = 'person'): string[] {
  let folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’ʼ`]/g, '')
  if (kind === 'company') folded = folded.replace(/(?<=[\p{L}\p{N}])[-‐‑‒–—](?=[\p{L}\p{N}])/gu, '')
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
  // "Alphabet Inc. (Class A)", "Home Depot (The)": a qualifier in brackets is not the name.
  const bare = name.replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')
  const words = nameWords(bare, kind).filter((w) => !STOPWORDS.has(w))
  const generic = kind === 'company' ? COMPANY_GENERIC : PERSON_GENERIC
  const kept = words.filter((w, i) => !generic.has(w) || (kind === 'company' && i === 0))
  if (kept.length > 0) return kept
  if (words.length > 0) return words
  return bare === name ? nameWords(name, kind) : distinctiveWords(name.replace(/[()[\]]/g, ' '), kind)
}

/** Equal, or equal but for a plural or possessive "s" ("Rockets", "Macy's"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= 3 && long === `${short}s`
}

/**
 * One typo apart ("Goldmann", "Jon"/"John"): words of 4 letters or more, without digits or "&",
 * with the same first letter ("Tower" is not "Power").
 */
function typoWord(a: string, b: string): boolean {
  if (/[\d&]/.test(a) || /[\d&]/.test(b) || a[0] !== b[0]) return false
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
 * How far `candidate` answers a lookup of `query`, 0..1. 0 unless every distinctive word of the
 * query is found in the candidate (whole, plural or possessive "s" aside, or one typo away,
 * counting half) and, for companies, the candidate's first distinctive word is among those found
 * ("Norfolk Southern" is not "Southern Company"); then the Dice coefficient: twice the words
 * found over the words both names have. Adjacent words that spell a word of the other name count
 * as that word ("JP Morgan" / "JPMorgan").
 */
export function nameMatchScore(query: string, candidate: string, kind: NameKind): number {
  let q = distinctiveWords(query, kind)
  let c = distinctiveWords(candidate, kind)
  c = joinCompounds(c, q)
  q = joinCompounds(q, c)
  if (q.length === 0 || c.length === 0) return 0
  const used = new Array<boolean>(c.length).fill(false)
  const found = new Array<boolean>(q.length).fill(false)
  let shared = 0
  // Whole words first, then typos among the words left on both sides; each word is matched once.
  for (const [pass, credit] of [
    [sameWord, 1],
    [typoWord, TYPO_CREDIT],
  ] as const) {
    q.forEach((w, j) => {
      if (found[j]) return
      const k = c.findIndex((v, i) => !used[i] && pass(w, v))
      if (k < 0) return
      used[k] = true
      found[j] = true
      shared += credit
    })
  }
  if (found.includes(false)) return 0
  if (kind === 'company' && !used[0]) return 0
  return (2 * shared) / (q.length + c.length)
}

/** True when `candidate` answers a lookup of `query` by name (NAME_MATCH_FLOOR). */
export const isNameMatch = (query: string, candidate: string, kind: NameKind): boolean =>
  nameMatchScore(query, candidate, kind) >= NAME_MATCH_FLOOR
