// The rule-based query parser of auto and deep (parser_version `rules-1`): reads filters out of
// the words against the index's own vocabularies (industries, places, technologies, stages) and
// the org-chart taxonomy, classifies the category when the caller omitted it, and leaves the
// remaining words as the semantic query. Offline and deterministic.
import { DEPARTMENTS } from '../../corpus/taxonomy.ts'
import type { Filters, GeoPlace } from '../../store/search-filters.ts'

export const RULES_PARSER_VERSION = 'rules-1'

export interface Vocabularies {
  industries: string[]
  sub_industries: string[]
  countries: string[]
  states: string[]
  cities: string[]
  regions: string[]
  technologies: string[]
  funding_stages: string[]
}

export interface Parsed {
  category: string | null
  filters: Filters
  semantic_query: string | null
  semantic_scope: 'company' | 'person' | null
  /** Which words each filter came from (the `reading` of the query). */
  spans: { filter: string; text: string }[]
}

const CATEGORY_WORDS: [string, RegExp][] = [
  ['patent', /\bpatents?\b|\bpatented\b|\binventions?\b/],
  ['news_article', /\bnews\b|\barticles?\b|\bheadlines?\b|\bpress\b/],
  ['market_report', /\bmarket (?:reports?|research|analysis|size)\b|\breports? on\b/],
  ['funding_round', /\bfunding rounds?\b|\brounds?\b.*\braised\b|\binvestments? in\b|\bseries [a-f] rounds?\b/],
  ['academic_report', /\b(?:academic |research )?papers?\b|\bpublications?\b|\bstudies\b|\bacademic\b/],
  ['trend', /\btrends?\b|\btrending\b/],
  ['job_opening', /\bjob (?:openings?|postings?|ads?)\b|\bjobs?\b|\bvacanc(?:y|ies)\b|\bopenings?\b|\bhiring for\b/],
  [
    'person',
    /\bpeople\b|\bpersons?\b|\bemployees\b|\bstaff\b|\bexecutives?\b|\bleaders?\b|\bfounders?\b|\bengineers?\b|\bdevelopers?\b|\bdesigners?\b|\bmanagers?\b|\bdirectors?\b|\bheads? of\b|\bvps?\b|\bvice presidents?\b|\bceos?\b|\bctos?\b|\bcfos?\b|\bcmos?\b|\bcoos?\b|\bscientists?\b|\bsalespeople\b|\brecruiters?\b|\banalysts?\b|\bwho (?:work|works|worked)\b/,
  ],
]

const SENIORITY_WORDS: [string, RegExp][] = [
  ['C-Suite', /\b(?:ceos?|ctos?|cfos?|cmos?|coos?|cios?|chief [a-z]+ officers?|c-suite|c-level|founders?)\b/],
  ['VP', /\b(?:vps?|vice presidents?|svps?|evps?)\b/],
  ['Director / Head', /\b(?:directors?|heads? of)\b/],
  ['Manager', /\bmanagers?\b/],
  ['Entry', /\b(?:junior|entry[- ]level|graduates?)\b/],
  ['In Training', /\b(?:interns?|internships?|trainees?|apprentices?)\b/],
]

/** Words for the taxonomy's departments (a role word implies its function). */
const DEPARTMENT_WORDS: [string, RegExp][] = [
  ['Engineering', /\b(?:engineering|engineers?|developers?|software|devops|sre|ctos?)\b/],
  ['Sales', /\b(?:sales|salespeople|account executives?|sdrs?|bdrs?)\b/],
  ['Marketing', /\b(?:marketing|marketers?|growth|brand|cmos?)\b/],
  ['Finance', /\b(?:finance|financial|accountants?|accounting|cfos?|controllers?)\b/],
  ['Human Resources', /\b(?:hr|human resources|recruiters?|recruiting|talent|people operations)\b/],
  ['Operations', /\b(?:operations|ops|coos?)\b/],
  ['Product', /\b(?:product managers?|product management|product)\b/],
  ['Design', /\b(?:design|designers?|ux|ui)\b/],
  ['Customer Success', /\b(?:customer success|support|customer service)\b/],
  ['Legal', /\b(?:legal|lawyers?|counsel|attorneys?)\b/],
  ['Information Technology', /\b(?:it|information technology|cios?|sysadmins?)\b/],
  ['Data Science', /\b(?:data scien(?:ce|tists?)|machine learning|ml engineers?|analytics|data analysts?)\b/],
  ['Research', /\b(?:research|researchers?|r&d)\b/],
  ['Business Development', /\b(?:business development|partnerships)\b/],
]

const STOPWORDS = new Set(
  'a an the and or of for to in on at by with from based located headquartered hq that which who whose are is be been being companies company firms firm businesses business startups startup people persons person employees working work works worked find show list me all any some their there here near around over under more than less fewer least most top best new like about into within across per using use uses used'.split(
    ' ',
  ),
)

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

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
      .filter((v) => v && v.length >= 2)
      .sort((a, b) => b.length - a.length)
      .map((value) => ({ value, lower: value.toLowerCase(), pattern: null }))
    phraseLists.set(values, list)
  }
  return list
}

/**
 * Longest-first phrase match of a vocabulary against the text; returns matched values and the
 * text with them blanked. The vocabularies are the server's own (hundreds of values): a value
 * whose words are not in the text at all is skipped before its pattern is tried.
 */
function matchVocabulary(text: string, values: string[], consumed: string[]): string[] {
  const found: string[] = []
  let idx = consumed.length ? consumed.join(' ') : text
  for (const phrase of phrasesOf(values)) {
    if (!idx.includes(phrase.lower)) continue
    const re = (phrase.pattern ??= new RegExp(`(^|[^\\p{L}\\p{N}])${escape(phrase.lower)}(?=$|[^\\p{L}\\p{N}])`, 'u'))
    if (re.test(idx)) {
      found.push(phrase.value)
      consumed[0] = (consumed[0] ?? text).replace(re, '$1 ')
      idx = consumed.join(' ')
    }
  }
  return found
}

function extractNumber(s: string): number {
  const m = s.replace(/,/g, '').match(/([\d.]+)\s*([kmb])?/i)
  if (!m) return NaN
  const n = Number(m[1])
  const mult = { k: 1e3, m: 1e6, b: 1e9 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'b'] ?? 1
  return n * mult
}

export function parseQuery(
  query: string,
  vocab: Vocabularies,
  opts: { category: string | null; nowYear: number },
): Parsed {
  let text = ` ${query.toLowerCase()} `
  const filters: Filters = {}
  const spans: Parsed['spans'] = []
  const take = (re: RegExp) => {
    const m = text.match(re)
    if (m) text = text.replace(re, ' ')
    return m
  }

  let category = opts.category
  if (category === null) {
    category = 'company'
    for (const [c, re] of CATEGORY_WORDS) {
      if (re.test(text)) {
        category = c
        break
      }
    }
  }
  const gtm = category === 'company' || category === 'person'

  if (category === 'person') {
    const seniorities: string[] = []
    for (const [value, re] of SENIORITY_WORDS) {
      const m = text.match(re)
      if (m) {
        seniorities.push(value)
        spans.push({ filter: 'seniority', text: m[0].trim() })
      }
    }
    if (seniorities.length) filters.seniority = { include: seniorities }
    const departments: string[] = []
    for (const [value, re] of DEPARTMENT_WORDS) {
      const m = text.match(re)
      if (m && (DEPARTMENTS as readonly string[]).includes(value)) {
        departments.push(value)
        spans.push({ filter: 'department', text: m[0].trim() })
        text = text.replace(re, ' ')
      }
    }
    if (departments.length) filters.department = { include: departments }
    for (const [, re] of SENIORITY_WORDS) text = text.replace(new RegExp(re.source, 'g'), ' ')
  }

  if (gtm) {
    // Size, age and funding phrases.
    let m = take(/\b(?:more than|over|at least|above|>)\s*([\d,.]+\s*[km]?)\s*(?:employees|people|staff|headcount)\b/)
    if (m) {
      filters.employee_count = { min: extractNumber(m[1]!) }
      spans.push({ filter: 'employee_count', text: m[0].trim() })
    }
    m = take(/\b(?:less than|fewer than|under|below|at most|<)\s*([\d,.]+\s*[km]?)\s*(?:employees|people|staff)\b/)
    if (m) {
      filters.employee_count = { ...(filters.employee_count as object), max: extractNumber(m[1]!) }
      spans.push({ filter: 'employee_count', text: m[0].trim() })
    }
    m = take(/\bfounded (?:after|since|in or after)\s+(\d{4})\b/)
    if (m) {
      filters.founded_year = { min: Number(m[1]) }
      spans.push({ filter: 'founded_year', text: m[0].trim() })
    }
    m = take(/\bfounded (?:before|prior to)\s+(\d{4})\b/)
    if (m) {
      filters.founded_year = { ...(filters.founded_year as object), max: Number(m[1]) - 1 }
      spans.push({ filter: 'founded_year', text: m[0].trim() })
    }
    m = take(/\bfounded in\s+(\d{4})\b/)
    if (m) {
      filters.founded_year = { min: Number(m[1]), max: Number(m[1]) }
      spans.push({ filter: 'founded_year', text: m[0].trim() })
    }
    m = take(/\b(?:raised|funding of|funded with)\s+(?:more than|over|at least)?\s*\$?([\d,.]+\s*[kmb]?)\b/)
    if (m) {
      filters.total_funding = { min: extractNumber(m[1]!) }
      spans.push({ filter: 'total_funding', text: m[0].trim() })
    }
    m = take(/\b(pre-seed|seed|series [a-f])(?: stage| funded| round)?\b/)
    if (m) {
      const stage = normaliseFundingStage(vocab, m[1]!)
      filters.funding_stage = { include: [stage] }
      spans.push({ filter: 'funding_stage', text: m[0].trim() })
    }
    if (/\bstartups?\b/.test(text) && !filters.employee_count) {
      filters.founded_year = { min: opts.nowYear - 10, ...(filters.founded_year as object) }
      spans.push({ filter: 'founded_year', text: 'startups' })
    }

    const consumed = [text]
    const industries = matchVocabulary(text, vocab.industries, consumed)
    // A sub-industry or a technology is a filter only when the words ask for a kind of company
    // ("observability companies", "startups using Kafka"). Otherwise it describes what is sought
    // ("observability for logs and traces", "Kubernetes experience") and stays in the words: as a
    // filter it would drop every record whose text says it but whose classification does not.
    const asksForKind = KIND_NOUN.test(text)
    const subIndustries = asksForKind ? matchVocabulary(consumed[0]!, vocab.sub_industries, consumed) : []
    const technologies = asksForKind ? matchVocabulary(consumed[0]!, vocab.technologies, consumed) : []
    const countries = matchVocabulary(consumed[0]!, vocab.countries, consumed)
    const states = matchVocabulary(consumed[0]!, vocab.states, consumed)
    const cities = matchVocabulary(consumed[0]!, vocab.cities, consumed)
    const regions = matchVocabulary(consumed[0]!, vocab.regions, consumed)
    text = consumed[0]!
    if (industries.length) {
      filters.industry = { include: industries }
      for (const v of industries) spans.push({ filter: 'industry', text: v.toLowerCase() })
    }
    if (subIndustries.length) {
      filters.sub_industry = { include: subIndustries }
      for (const v of subIndustries) spans.push({ filter: 'sub_industry', text: v.toLowerCase() })
    }
    if (technologies.length) {
      filters.technology = { include: technologies }
      for (const v of technologies) spans.push({ filter: 'technology', text: v.toLowerCase() })
    }
    const places: GeoPlace[] = [
      ...countries.map((value) => ({ value, level: 'country' as const })),
      ...states.map((value) => ({ value, level: 'state' as const })),
      ...cities.map((value) => ({ value, level: 'city' as const })),
      ...regions.map((value) => ({ value, level: 'region' as const })),
    ]
    if (places.length) {
      filters.geo = { include: places }
      for (const p of places) spans.push({ filter: 'geo', text: p.value.toLowerCase() })
    }
  }

  const rest = text
    .split(/[^\p{L}\p{N}&+#.-]+/u)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
  // On a person search, words that describe the employer (industry, technology, "companies") are
  // matched against each person's current company rather than the person.
  const describesEmployer =
    category === 'person' &&
    (filters.industry !== undefined ||
      filters.technology !== undefined ||
      /\b(?:companies|startups|firms|at)\b/.test(query.toLowerCase()))
  return {
    category,
    filters,
    semantic_query: rest.length ? rest.join(' ') : null,
    semantic_scope: rest.length === 0 ? null : describesEmployer ? 'company' : category === 'person' ? 'person' : null,
    spans,
  }
}

/** Words that name kinds of organisations: with one, a sub-industry or technology in the query is a filter. */
const KIND_NOUN =
  /\b(?:compan(?:y|ies)|startups?|firms?|vendors?|providers?|businesses|makers?|manufacturers?|suppliers?|agenc(?:y|ies)|employers?)\b/

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
