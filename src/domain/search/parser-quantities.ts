// Quantities and places of the rule parser: numbers with units and scale ("$10 million", "10M",
// "1.5bn", "500+"), exact comparisons ("more than 1000" → from 1001, "after 2010" → from 2011,
// "at least", "under", "between … and …") and world regions expanded to their countries.
// Every value is a whole number of employees, US dollars or years, so a strict comparison moves
// the bound by one.
import type { RangeFilter } from '../../store/search-filters.ts'

const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mil: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
}

/** A number as written, with its optional currency sign, thousands separators, scale word and `+`. */
export const AMOUNT = String.raw`\$?\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:thousand|millions?|billions?|mil|mm|mn|bn|k|m|b)\b)?\+?`

/** The value of one AMOUNT ("$1.5bn" → 1 500 000 000, "10M" → 10 000 000, "1,200" → 1200); NaN when none. */
export function amountValue(raw: string): number {
  const m = raw
    .toLowerCase()
    .replace(/,/g, '')
    .match(/(\d+(?:\.\d+)?)\s?(thousand|millions?|billions?|mil|mm|mn|bn|k|m|b)?/)
  if (!m) return NaN
  return Math.round(Number(m[1]) * (m[2] ? SCALE[m[2]]! : 1))
}

/** The comparison words before a number, longest first; `strict` moves the bound by one. */
const COMPARATORS: { words: string; bound: 'min' | 'max'; strict: boolean }[] = [
  { words: 'no more than|no greater than|not more than|at most|up to|maximum of|max', bound: 'max', strict: false },
  { words: 'no fewer than|no less than|not less than|at least|minimum of|min|from', bound: 'min', strict: false },
  { words: 'more than|greater than|over|above|exceeding|in excess of|>', bound: 'min', strict: true },
  { words: 'less than|fewer than|under|below|<', bound: 'max', strict: true },
]

export interface RangeMatch {
  range: RangeFilter
  text: string
}

const cmpAlternation = COMPARATORS.map((c) => c.words).join('|')

/**
 * Reads one range of a quantity out of `text`, given the pattern of the words that name the
 * quantity (`noun`, e.g. employees) and whether they come after the number ("500 employees"),
 * before it ("revenue over $10M") or either. Returns the range and the words it came from.
 */
export function readRange(text: string, noun: string, opts: { nounFirst?: boolean } = {}): RangeMatch | null {
  const n = `(?:${noun})`
  const A = `(${AMOUNT})`
  const filler = String.raw`(?:\s+(?:of|in|with|raised|total|annual|a|an))*`
  const forms: RegExp[] = [
    // between 50 and 200 employees | employees between 50 and 200
    new RegExp(String.raw`\bbetween\s+${A}\s+(?:and|to|-)\s+${A}${filler}\s+${n}\b`),
    new RegExp(String.raw`\b${n}${filler}\s+(?:of\s+)?between\s+${A}\s+(?:and|to|-)\s+${A}`),
    // 50-200 employees | 50 to 200 employees
    new RegExp(String.raw`(?<![\w$.])${A}\s?(?:-|–|to)\s?${A}${filler}\s+${n}\b`),
    // more than 1000 employees | at least $10M in revenue
    new RegExp(String.raw`\b(${cmpAlternation})\s+${A}${filler}\s+${n}\b`),
    // employees over 1000 | revenue of more than $10M | funding above 5m
    new RegExp(String.raw`\b${n}${filler}\s+(?:of\s+)?(${cmpAlternation})\s+${A}`),
    // 500+ employees | $10M revenue (a bare amount is a lower bound only with +)
    new RegExp(String.raw`(?<![\w$.])${A}${filler}\s+${n}\b`),
  ]
  for (const [i, re] of forms.entries()) {
    if (opts.nounFirst === false && (i === 1 || i === 4)) continue
    const m = text.match(re)
    if (!m) continue
    if (i <= 2) {
      const a = amountValue(m[1]!)
      const b = amountValue(m[2]!)
      if (!Number.isFinite(a) || !Number.isFinite(b)) continue
      return { range: { min: Math.min(a, b), max: Math.max(a, b) }, text: m[0].trim() }
    }
    if (i === 5) {
      const raw = m[1]!
      const v = amountValue(raw)
      if (!Number.isFinite(v)) continue
      // "500+ employees" is a lower bound; "500 employees" is about 500, which no filter states exactly.
      if (!raw.trim().endsWith('+')) continue
      return { range: { min: v }, text: m[0].trim() }
    }
    const cmp = COMPARATORS.find((c) => new RegExp(`^(?:${c.words})$`).test(m[1]!.trim()))!
    const v = amountValue(m[2]!)
    if (!Number.isFinite(v)) continue
    const bound = cmp.strict ? (cmp.bound === 'min' ? v + 1 : v - 1) : v
    return { range: cmp.bound === 'min' ? { min: bound } : { max: bound }, text: m[0].trim() }
  }
  return null
}

/**
 * The founding year: "founded after 2010" → from 2011, "before 1900" → to 1899, "since 2015"
 * → from 2015, "in 2012" → 2012 alone, "between 2010 and 2015" → both inclusive. Only with a
 * founding verb: a bare year in a description ("since 1998", "the 2020 elections") is no filter.
 */
export function readFounded(text: string): RangeMatch | null {
  const verb = String.raw`(?:founded|established|incorporated|started|launched|created)`
  const Y = String.raw`((?:1[6-9]|20)\d\d)`
  let m = text.match(new RegExp(String.raw`\b${verb}\s+(?:between|from)\s+${Y}\s+(?:and|to|-)\s+${Y}\b`))
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])]
    return { range: { min: Math.min(a, b), max: Math.max(a, b) }, text: m[0].trim() }
  }
  m = text.match(
    new RegExp(String.raw`\b${verb}\s+(after|since|in or after|from|before|prior to|in or before|in|during)\s+${Y}\b`),
  )
  if (m) {
    const y = Number(m[2])
    const range: RangeFilter =
      m[1] === 'after'
        ? { min: y + 1 }
        : m[1] === 'since' || m[1] === 'in or after' || m[1] === 'from'
          ? { min: y }
          : m[1] === 'before' || m[1] === 'prior to'
            ? { max: y - 1 }
            : m[1] === 'in or before'
              ? { max: y }
              : { min: y, max: y }
    return { range, text: m[0].trim() }
  }
  m = text.match(new RegExp(String.raw`\b${verb}\s+${Y}\b`))
  if (m) return { range: { min: Number(m[1]), max: Number(m[1]) }, text: m[0].trim() }
  return null
}

/** Countries of each world region, spelled as the index stores countries (English short names). */
const EUROPE = [
  'Albania',
  'Andorra',
  'Austria',
  'Belarus',
  'Belgium',
  'Bosnia and Herzegovina',
  'Bulgaria',
  'Croatia',
  'Cyprus',
  'Czech Republic',
  'Czechia',
  'Denmark',
  'Estonia',
  'Finland',
  'France',
  'Germany',
  'Greece',
  'Hungary',
  'Iceland',
  'Ireland',
  'Italy',
  'Kosovo',
  'Latvia',
  'Liechtenstein',
  'Lithuania',
  'Luxembourg',
  'Malta',
  'Moldova',
  'Monaco',
  'Montenegro',
  'Netherlands',
  'North Macedonia',
  'Norway',
  'Poland',
  'Portugal',
  'Romania',
  'San Marino',
  'Serbia',
  'Slovakia',
  'Slovenia',
  'Spain',
  'Sweden',
  'Switzerland',
  'Ukraine',
  'United Kingdom',
]
const MIDDLE_EAST = [
  'Bahrain',
  'Egypt',
  'Iran',
  'Iraq',
  'Israel',
  'Jordan',
  'Kuwait',
  'Lebanon',
  'Oman',
  'Qatar',
  'Saudi Arabia',
  'Syria',
  'Turkey',
  'United Arab Emirates',
  'Yemen',
]
const AFRICA = [
  'Algeria',
  'Angola',
  'Botswana',
  'Cameroon',
  "Côte d'Ivoire",
  'Ivory Coast',
  'Egypt',
  'Ethiopia',
  'Ghana',
  'Kenya',
  'Morocco',
  'Mozambique',
  'Namibia',
  'Nigeria',
  'Rwanda',
  'Senegal',
  'South Africa',
  'Tanzania',
  'Tunisia',
  'Uganda',
  'Zambia',
  'Zimbabwe',
]
const LATAM = [
  'Argentina',
  'Bolivia',
  'Brazil',
  'Chile',
  'Colombia',
  'Costa Rica',
  'Cuba',
  'Dominican Republic',
  'Ecuador',
  'El Salvador',
  'Guatemala',
  'Honduras',
  'Mexico',
  'Nicaragua',
  'Panama',
  'Paraguay',
  'Peru',
  'Puerto Rico',
  'Uruguay',
  'Venezuela',
]
const APAC = [
  'Australia',
  'Bangladesh',
  'Cambodia',
  'China',
  'Hong Kong',
  'India',
  'Indonesia',
  'Japan',
  'Malaysia',
  'Myanmar',
  'Nepal',
  'New Zealand',
  'Pakistan',
  'Philippines',
  'Singapore',
  'South Korea',
  'Sri Lanka',
  'Taiwan',
  'Thailand',
  'Vietnam',
]

/** Region words (lower case, as they are written) → their countries. */
export const REGION_COUNTRIES: Record<string, readonly string[]> = {
  europe: EUROPE,
  'european union': EUROPE.filter(
    (c) =>
      ![
        'Albania',
        'Andorra',
        'Belarus',
        'Bosnia and Herzegovina',
        'Iceland',
        'Kosovo',
        'Liechtenstein',
        'Moldova',
        'Monaco',
        'Montenegro',
        'North Macedonia',
        'Norway',
        'San Marino',
        'Serbia',
        'Switzerland',
        'Ukraine',
        'United Kingdom',
      ].includes(c),
  ),
  emea: [...EUROPE, ...MIDDLE_EAST, ...AFRICA],
  dach: ['Germany', 'Austria', 'Switzerland'],
  nordics: ['Denmark', 'Finland', 'Iceland', 'Norway', 'Sweden'],
  'nordic countries': ['Denmark', 'Finland', 'Iceland', 'Norway', 'Sweden'],
  scandinavia: ['Denmark', 'Norway', 'Sweden'],
  benelux: ['Belgium', 'Netherlands', 'Luxembourg'],
  'middle east': MIDDLE_EAST,
  africa: AFRICA,
  latam: LATAM,
  'latin america': LATAM,
  'south america': [
    'Argentina',
    'Bolivia',
    'Brazil',
    'Chile',
    'Colombia',
    'Ecuador',
    'Paraguay',
    'Peru',
    'Uruguay',
    'Venezuela',
  ],
  'north america': ['United States', 'Canada', 'Mexico'],
  apac: APAC,
  'asia pacific': APAC,
  'asia-pacific': APAC,
  asia: APAC.filter((c) => !['Australia', 'New Zealand'].includes(c)),
  'southeast asia': ['Cambodia', 'Indonesia', 'Malaysia', 'Myanmar', 'Philippines', 'Singapore', 'Thailand', 'Vietnam'],
}

/** Adjectives of the regions, a region only before a kind of organisation ("European startups"). */
export const REGION_ADJECTIVES: Record<string, string> = {
  european: 'europe',
  nordic: 'nordics',
  scandinavian: 'scandinavia',
  'latin american': 'latin america',
  'middle eastern': 'middle east',
  african: 'africa',
  'north american': 'north america',
  'southeast asian': 'southeast asia',
  asian: 'asia',
}

/**
 * The countries of a region as the index spells them: those the index holds, or, when it holds
 * none of them, the table's own spelling (the filter then says plainly that nothing is there).
 */
export function regionCountries(region: string, indexCountries: readonly string[]): string[] {
  const wanted = REGION_COUNTRIES[region] ?? []
  const byLower = new Map(indexCountries.map((c) => [c.toLowerCase(), c]))
  const held = [...new Set(wanted.map((c) => byLower.get(c.toLowerCase())).filter((c): c is string => !!c))]
  return held.length ? held : [...new Set(wanted)]
}
