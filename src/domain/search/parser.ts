// The rule-based query parser of auto and deep (parser_version `rules-1`): reads filters out of
// the words against the index's own vocabularies (industries, places, technologies, stages) and
// the org-chart taxonomy, classifies the category when the caller omitted it, and leaves the
// remaining words as the semantic query. Offline and deterministic.
import { DEPARTMENTS } from '../../corpus/taxonomy.ts'
import {
  INDEX_VOCABULARY_MAX,
  PLACE_VOCABULARIES,
  type IndexVocabulary,
  type PlaceVocabulary,
} from '../../contract/search-catalogue.ts'
import type { Filters, GeoPlace } from '../../store/search-filters.ts'
import { readPeople, type PeopleVocabularies } from './parser-people.ts'
import {
  CATEGORY_WORDS,
  CHIEF_DEPARTMENTS,
  DEPARTMENT_WORDS,
  industriesWithAliases,
  LEVEL_FILLER,
  MADE_AFTER,
  PERSON_FILLER,
  SENIORITY_WORDS,
  STOPWORDS,
} from './parser-words.ts'
import {
  audience,
  escape,
  KIND_WORDS,
  kindContext,
  MARK,
  matchVocabulary,
  placeContext,
  technologyContext,
} from './parser-vocabulary.ts'
import {
  AMOUNT,
  amountValue,
  readFounded,
  readRange,
  regionCountries,
  REGION_ADJECTIVES,
  REGION_COUNTRIES,
  type RangeMatch,
} from './parser-quantities.ts'

export const RULES_PARSER_VERSION = 'rules-1'

/**
 * The values the parser reads filters against: every index vocabulary a catalogue row names
 * (industries, technologies, …) and every place level, as the index spells them
 * (vocabularies.ts loadVocabularies); and, for person searches, the schools, employers, degrees, fields,
 * governance levels and former titles of the index (parser-people.ts). Without `people` the person
 * phrases stay words.
 */
export type Vocabularies = Record<IndexVocabulary | PlaceVocabulary, string[]> & { people?: PeopleVocabularies }

/** No values at all: the parser then reads only numbers, stages, regions and the category. */
export function emptyVocabularies(): Vocabularies {
  const names = [...Object.keys(INDEX_VOCABULARY_MAX), ...Object.keys(PLACE_VOCABULARIES)]
  return Object.fromEntries(names.map((n) => [n, []])) as unknown as Vocabularies
}

export interface Parsed {
  category: string | null
  filters: Filters
  semantic_query: string | null
  semantic_scope: 'company' | 'person' | null
  /** Which words each filter came from (the `reading` of the query). */
  spans: { filter: string; text: string }[]
}

/**
 * The vocabulary's own spelling of a value (case and spacing folded), or undefined when the index
 * has no such value. Phrase matching in the words gives this spelling by construction; the LLM
 * parser maps its values through this.
 */
export function vocabularyValue(values: readonly string[], raw: string): string | undefined {
  const key = raw.trim().replace(/\s+/g, ' ').toLowerCase()
  return values.find((v) => v.toLowerCase() === key)
}

/** A funding stage as the index spells it, else title-cased ("series b" → "Series B"). */
export function normaliseFundingStage(vocab: Pick<Vocabularies, 'funding_stages'>, raw: string): string {
  return vocabularyValue(vocab.funding_stages, raw) ?? raw.trim().replace(/\b\w/g, (c) => c.toUpperCase())
}

/** A reading in progress: the text left to read (lowercase, padded), the filters and their spans so far. */
interface Reading {
  text: string
  filters: Filters
  spans: Parsed['spans']
}

/**
 * The rule parser: reads filters from the query's words where the context makes them sure, in
 * stages (the category, a person's own words, sizes and money, places and vocabularies), and
 * leaves the rest as the semantic query.
 */
export function parseQuery(
  query: string,
  vocab: Vocabularies,
  opts: { category: string | null; nowYear: number; now?: Date },
): Parsed {
  const r: Reading = { text: ` ${query.toLowerCase()} `, filters: {}, spans: [] }
  const category = opts.category ?? categoryOf(r.text)
  const employer = category === 'person' ? readPersonWords(r, vocab, opts.now) : { industries: [], subIndustries: [] }
  if (category === 'company' || category === 'person') {
    readQuantities(r, vocab)
    readPlacesAndVocabularies(r, vocab, employer)
  }
  return remainingWords(query, r, category)
}

/** "500 employees", "1,000+ employees", "10k staff": a company's size, not a search for people. */
const HEADCOUNT = /\b\d[\d,.]*\s*[km]?\+?\s+(?:employees|staff)\b/g

/** The category a query names ("patents about …", "people who …"); company when none. */
function categoryOf(text: string): string {
  const words = text.replace(HEADCOUNT, ' ')
  for (const [c, re] of CATEGORY_WORDS) if (re.test(words)) return c
  return 'company'
}

/**
 * A person search's own words: schools, former employers and titles, the employer by name,
 * degrees, governance, time in the job (readPeople), then the employer's industry, then the level
 * and the function. Read first, so their words are not read as a level or a function below.
 * Returns the employer industries read, for the vocabulary stage.
 */
function readPersonWords(
  r: Reading,
  vocab: Vocabularies,
  now: Date | undefined,
): { industries: string[]; subIndustries: string[] } {
  const reserved = new Set(
    [...vocab.industries, ...vocab.sub_industries, ...vocab.technologies, ...vocab.countries, ...vocab.cities].map(
      (v) => v.toLowerCase(),
    ),
  )
  const people = readPeople(r.text, vocab.people, { now, reserved: (w) => reserved.has(w) })
  r.text = people.text
  Object.assign(r.filters, people.filters)
  r.spans.push(...people.spans)
  // The employer's industry before the function words: "financial technology companies" is an
  // industry, not Finance.
  const industries: string[] = []
  const early = [r.text]
  const withAliases = industriesWithAliases(vocab.industries)
  for (const v of matchVocabulary(r.text, withAliases.values, early, kindContext)) {
    const value = withAliases.of.get(v) ?? v
    if (!industries.includes(value)) industries.push(value)
  }
  const subIndustries = matchVocabulary(early[0]!, vocab.sub_industries, early, kindContext)
  r.text = early[0]!
  readLevelAndFunction(r)
  return { industries, subIndustries }
}

/** Seniority and department from titles: chief titles in full, level words, function words. */
function readLevelAndFunction(r: Reading): void {
  const seniorities: string[] = []
  const departments: string[] = []
  // Chief titles in full: the level and the function ("chief technology officers" → C-Suite, Engineering).
  r.text = r.text.replace(/\bchief ([a-z&]+(?: [a-z&]+)?) officers?\b/g, (all, fn: string) => {
    const d = CHIEF_DEPARTMENTS.get(fn)
    if (!d) return all
    if (!seniorities.includes('C-Suite')) seniorities.push('C-Suite')
    if (!departments.includes(d)) departments.push(d)
    r.spans.push({ filter: 'seniority', text: all }, { filter: 'department', text: all })
    return ' '
  })
  for (const [value, re] of SENIORITY_WORDS) {
    const m = r.text.match(re)
    if (m && !seniorities.includes(value)) {
      seniorities.push(value)
      r.spans.push({ filter: 'seniority', text: m[0].trim() })
    }
  }
  if (seniorities.length) r.filters.seniority = { include: seniorities }
  for (const [value, re] of DEPARTMENT_WORDS) {
    if (!(DEPARTMENTS as readonly string[]).includes(value)) continue
    // Each occurrence naming a function (not what is made: "machine learning products").
    const all = new RegExp(re.source, 'g')
    let read: string | null = null
    r.text = r.text.replace(all, (word: string, offset: number) => {
      if (MADE_AFTER.test(r.text.slice(offset + word.length))) return word
      read ??= word.trim()
      return ' '
    })
    if (read !== null) {
      if (!departments.includes(value)) departments.push(value)
      r.spans.push({ filter: 'department', text: read })
    }
  }
  if (departments.length)
    r.filters.department = {
      include: [...((r.filters.department as { include?: string[] } | undefined)?.include ?? []), ...departments],
    }
  for (const [, re] of SENIORITY_WORDS) r.text = r.text.replace(new RegExp(re.source, 'g'), ' ')
}

/** Sizes, money and years: numbers with units and scale, exact comparisons; a funding stage named as one. */
function readQuantities(r: Reading, vocab: Vocabularies): void {
  const take = (re: RegExp) => {
    const m = r.text.match(re)
    if (m) r.text = r.text.replace(re, ' ')
    return m
  }
  const ranges: [string, RangeMatch | null][] = [
    ['employee_count', readRange(r.text, String.raw`employees|people|staff|headcount|workers|FTEs?`)],
    ['revenue', readRange(r.text, String.raw`(?:annual\s+)?(?:revenues?|arr|turnover)`)],
    ['total_funding', readRange(r.text, String.raw`(?:total\s+)?funding|raised|capital raised|in funding`)],
    ['founded_year', readFounded(r.text)],
  ]
  for (const [name, found] of ranges) {
    if (!found) continue
    r.filters[name] = found.range
    r.spans.push({ filter: name, text: found.text })
    r.text = r.text.replace(found.text, ' ')
  }
  if (!r.filters.total_funding) {
    // "raised $10M" (no comparison word): at least what was raised.
    const m = take(new RegExp(String.raw`\b(?:raised|funding of|funded with)\s+(${AMOUNT})`))
    if (m && /[$kmb]|million|billion|thousand/i.test(m[1]!)) {
      r.filters.total_funding = { min: amountValue(m[1]!) }
      r.spans.push({ filter: 'total_funding', text: m[0].trim() })
    }
  }
  // A stage is sure when it is named as one: "series b", "seed-stage", "pre-seed", "seed round".
  const m = take(/\b(pre-seed|series [a-f]|seed)(?:[- ]stage| funded| round| funding)\b|\b(pre-seed|series [a-f])\b/)
  if (m) {
    const stage = normaliseFundingStage(vocab, (m[1] ?? m[2])!)
    r.filters.funding_stage = { include: [stage] }
    r.spans.push({ filter: 'funding_stage', text: m[0].trim() })
  }
}

/** Regions ("Europe", "DACH", "European startups"), each expanded to its countries, marked in the text. */
function readRegions(r: Reading, vocab: Vocabularies): string[] {
  const countries: string[] = []
  for (const word of Object.keys(REGION_COUNTRIES).sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${escape(word)}(?=$|[^\\p{L}\\p{N}])`, 'gu')
    r.text = r.text.replace(re, (all, lead: string, offset: number) => {
      if (!placeContext(r.text.slice(0, offset + lead.length), r.text.slice(offset + all.length))) return all
      countries.push(...regionCountries(word, vocab.countries))
      r.spans.push({ filter: 'geo', text: word })
      return `${lead}${MARK}`
    })
  }
  for (const [adjective, region] of Object.entries(REGION_ADJECTIVES).sort((a, b) => b[0].length - a[0].length)) {
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${escape(adjective)}(?=\\s+${KIND_WORDS.source})`, 'u')
    const at = re.exec(r.text)
    if (at && !audience(r.text.slice(0, at.index + at[1]!.length))) {
      countries.push(...regionCountries(region, vocab.countries))
      r.spans.push({ filter: 'geo', text: adjective })
      r.text = r.text.replace(re, `$1${MARK}`)
    }
  }
  return countries
}

/**
 * Vocabulary values only in a context that makes them a constraint: an industry before a kind of
 * organisation ("software companies") or named as one ("in the software industry"); a technology
 * after a verb of use ("startups using Kafka"); a place after "in", "from", "based in" … or before
 * "-based". Otherwise they describe what is sought and stay in the words.
 */
function readPlacesAndVocabularies(
  r: Reading,
  vocab: Vocabularies,
  employer: { industries: string[]; subIndustries: string[] },
): void {
  const regionCountriesFound = readRegions(r, vocab)
  const consumed = [r.text]
  const industries = [...employer.industries, ...matchVocabulary(r.text, vocab.industries, consumed, kindContext)]
  const subIndustries = [
    ...employer.subIndustries,
    ...matchVocabulary(consumed[0]!, vocab.sub_industries, consumed, kindContext),
  ]
  const technologies = matchVocabulary(consumed[0]!, vocab.technologies, consumed, technologyContext)
  const countries = matchVocabulary(consumed[0]!, vocab.countries, consumed, placeContext)
  const states = matchVocabulary(consumed[0]!, vocab.states, consumed, placeContext)
  const cities = matchVocabulary(consumed[0]!, vocab.cities, consumed, placeContext)
  const regions = matchVocabulary(consumed[0]!, vocab.regions, consumed, placeContext)
  r.text = consumed[0]!.replaceAll(MARK, ' ')
  const list = (name: string, values: string[]) => {
    if (!values.length) return
    r.filters[name] = { include: values }
    for (const v of values) r.spans.push({ filter: name, text: v.toLowerCase() })
  }
  list('industry', industries)
  list('sub_industry', subIndustries)
  list('technology', technologies)
  const countryValues = [...new Set([...regionCountriesFound, ...countries])]
  const places: GeoPlace[] = [
    ...countryValues.map((value) => ({ value, level: 'country' as const })),
    ...states.map((value) => ({ value, level: 'state' as const })),
    ...cities.map((value) => ({ value, level: 'city' as const })),
    ...regions.map((value) => ({ value, level: 'region' as const })),
  ]
  if (places.length) {
    r.filters.geo = { include: places }
    for (const p of [...countries, ...states, ...cities, ...regions])
      r.spans.push({ filter: 'geo', text: p.toLowerCase() })
  }
}

/**
 * What no filter took, as the semantic query, and its scope: on a person search, words that
 * describe the employer (industry, technology, "companies") are matched against each person's
 * current company rather than the person. A reading that found no filter leaves the words as they
 * were: auto then ranks exactly what fast ranks (its phrase and its name included), never fewer words.
 */
function remainingWords(query: string, r: Reading, category: string): Parsed {
  const { text, filters } = r
  const levelRead = filters.seniority !== undefined
  const rest = text
    .split(/[^\p{L}\p{N}&+#.-]+/u)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
    .filter(
      (w) =>
        category !== 'person' ||
        Object.keys(filters).length === 0 ||
        (!PERSON_FILLER.has(w) && !(levelRead && LEVEL_FILLER.has(w))),
    )
  const describesEmployer =
    category === 'person' &&
    (filters.industry !== undefined ||
      filters.technology !== undefined ||
      /\b(?:companies|startups|firms)\b|(?<!\b(?:good|great|skilled|expert|experienced|excellent|strong|best|better|proficient|talented|adept)\s+)\bat\b/.test(
        text,
      ))
  const asTyped = Object.keys(filters).length === 0 ? query.trim().replace(/\s+/g, ' ') : ''
  const semantic = asTyped || (rest.length ? rest.join(' ') : null)
  return {
    category,
    filters,
    semantic_query: semantic,
    semantic_scope: semantic === null ? null : describesEmployer ? 'company' : category === 'person' ? 'person' : null,
    spans: r.spans,
  }
}

/** Small synonym table for deep mode's expansion step. */
export const SYNONYMS: Record<string, string[]> = {
  ai: ['artificial', 'intelligence', 'machine', 'learning'],
  ml: ['machine', 'learning'],
  fintech: ['payments', 'banking', 'financial'],
  payments: ['fintech', 'checkout', 'billing'],
  cloud: ['saas', 'hosting', 'infrastructure'],
  saas: ['software', 'cloud', 'subscription'],
  security: ['cybersecurity', 'threat', 'protection'],
  cybersecurity: ['security', 'threat', 'protection'],
  health: ['healthcare', 'medical', 'clinical'],
  healthcare: ['health', 'medical', 'clinical'],
  ecommerce: ['retail', 'shopping', 'marketplace'],
  logistics: ['shipping', 'freight', 'supply'],
  energy: ['solar', 'renewable', 'cleantech'],
  robotics: ['automation', 'robots', 'industrial'],
  biotech: ['biotechnology', 'therapeutics', 'drug'],
  education: ['learning', 'edtech', 'students'],
  analytics: ['data', 'insights', 'dashboards'],
  database: ['databases', 'sql', 'storage'],
}

export function expandTerms(terms: string[]): string[] {
  const out = new Set<string>()
  for (const t of terms) for (const s of SYNONYMS[t] ?? []) if (!terms.includes(s)) out.add(s)
  return [...out]
}
