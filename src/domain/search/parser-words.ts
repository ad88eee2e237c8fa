// The rule parser's word tables: what names a category, a level, a function, a chief title; the
// filler words of a person search; industries by their short names; the stop words left out of
// the semantic query. Read by parser.ts.
import { chiefTitleOf, DEPARTMENTS } from '../../corpus/taxonomy.ts'

export const CATEGORY_WORDS: [string, RegExp][] = [
  ['patent', /\bpatents?\b|\bpatented\b|\binventions?\b/],
  ['news_article', /\bnews\b|\barticles?\b|\bheadlines?\b|\bpress\b/],
  ['market_report', /\bmarket (?:reports?|research|analysis|size)\b|\breports? on\b/],
  ['funding_round', /\bfunding rounds?\b|\brounds?\b.*\braised\b|\binvestments? in\b|\bseries [a-f] rounds?\b/],
  ['academic_report', /\b(?:academic |research )?papers?\b|\bpublications?\b|\bstudies\b|\bacademic\b/],
  ['trend', /\btrends?\b|\btrending\b/],
  ['job_opening', /\bjob (?:openings?|postings?|ads?)\b|\bjobs?\b|\bvacanc(?:y|ies)\b|\bopenings?\b|\bhiring for\b/],
  [
    'person',
    /\bpeople\b|\bpersons?\b|\balumni\b|\balums?\b|\bgraduates\b|\bco-?founders\b|\bboard members\b|\bnew hires\b|\brecently hired\b|\byears of experience\b|\bstudied at\b|\bemployees\b|\bstaff\b|\bexecutives?\b|\bleaders?\b|\bfounders?\b|\bengineers?\b|\bdevelopers?\b|\bdesigners?\b|\bmanagers?\b|\bdirectors?\b|\bheads? of\b|\bvps?\b|\bvice presidents?\b|\bceos?\b|\bctos?\b|\bcfos?\b|\bcmos?\b|\bcoos?\b|\bscientists?\b|\bsalespeople\b|\brecruiters?\b|\banalysts?\b|\bwho (?:work|works|worked)\b/,
  ],
]

export const SENIORITY_WORDS: [string, RegExp][] = [
  ['C-Suite', /\b(?:ceos?|ctos?|cfos?|cmos?|coos?|cios?|chief [a-z]+ officers?|c-suite|c-level|founders?)\b/],
  ['VP', /\b(?:(?:senior |executive |assistant )?(?:vps?|vice presidents?)|svps?|evps?|avps?)\b/],
  ['Director / Head', /\b(?:heads? (?:and|or|&) directors?|directors? (?:and|or|&) heads?|directors?|heads? of)\b/],
  ['Manager', /\bmanagers?\b/],
  ['Entry', /\b(?:junior|entry[- ]level|graduates?)\b/],
  ['In Training', /\b(?:interns?|internships?|trainees?|apprentices?)\b/],
]

/** Words for the taxonomy's departments (a role word implies its function). */
export const DEPARTMENT_WORDS: [string, RegExp][] = [
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
  ['Information Technology', /\b(?:information technology|cios?|sysadmins?)\b/],
  ['Data Science', /\b(?:data scien(?:ce|tists?)|data analy(?:tics|sts?)|machine learning|ml engineers?|analytics)\b/],
  ['Research', /\b(?:research|researchers?|r&d)\b/],
  ['Business Development', /\b(?:business development|partnerships)\b/],
]

/**
 * A department word naming what is made, not the person's function: "founders building machine
 * learning products" leaves "machine learning" to the words.
 */
export const MADE_AFTER =
  /^\s+(?:products?|tools?|platforms?|solutions?|apps?|applications?|models?|startups?|companies)\b/

/**
 * Chief titles in full ("chief technology officers"): C-Suite and the function the taxonomy gives
 * that chief (chiefTitleOf), for every function but the general one.
 */
export const CHIEF_DEPARTMENTS = new Map(
  DEPARTMENTS.map((d) => [
    chiefTitleOf(d)
      .toLowerCase()
      .replace(/^chief | officer$/g, ''),
    d as string,
  ]),
)

/**
 * On a person search, words that describe no one once a filter is read ("MBA holders", "in devops
 * roles", "doing"); "executives" and "leaders" only beside a level read ("C-level executives").
 */
export const PERSON_FILLER = new Set(
  'role roles position positions folks professionals individuals holders holder hold holds holding doing does'.split(
    ' ',
  ),
)
export const LEVEL_FILLER = new Set('executives execs leaders leadership'.split(' '))

/**
 * Industries by their common short names ("fintech companies"), read as the index's value when it
 * holds that value and not the short name itself.
 */
const INDUSTRY_ALIASES: Record<string, string> = {
  fintech: 'Financial Technology',
  'fin-tech': 'Financial Technology',
  healthtech: 'Healthcare Technology',
  'health tech': 'Healthcare Technology',
  edtech: 'Education Technology',
  'ed-tech': 'Education Technology',
  proptech: 'Real Estate & PropTech',
  cleantech: 'Energy & Cleantech',
  'clean tech': 'Energy & Cleantech',
  'climate tech': 'Energy & Cleantech',
  agtech: 'Agriculture & Food Tech',
  agritech: 'Agriculture & Food Tech',
  foodtech: 'Agriculture & Food Tech',
  insurtech: 'Insurance',
  biotech: 'Biotechnology',
  'cyber security': 'Cybersecurity',
  ecommerce: 'E-commerce & Retail',
  'e-commerce': 'E-commerce & Retail',
  telecom: 'Telecommunications',
  'venture capital': 'Venture Capital & Private Equity',
  'private equity': 'Venture Capital & Private Equity',
}
const aliasLists = new WeakMap<string[], { values: string[]; of: Map<string, string> }>()

/** The industries plus the short names whose value the index holds (and not the short name itself). */
export function industriesWithAliases(industries: string[]) {
  let got = aliasLists.get(industries)
  if (!got) {
    const held = new Map(industries.map((v) => [v.toLowerCase(), v]))
    const of = new Map<string, string>()
    for (const [alias, value] of Object.entries(INDUSTRY_ALIASES)) {
      const v = held.get(value.toLowerCase())
      if (v && !held.has(alias)) of.set(alias, v)
    }
    got = { values: [...industries, ...of.keys()], of }
    aliasLists.set(industries, got)
  }
  return got
}

export const STOPWORDS = new Set(
  'a an the and or of for to in on at by with from based located headquartered hq that which who whose are is be been being companies company firms firm businesses business startups startup people persons person employees working work works worked find show list me all any some their there here near around over under more than less fewer least most top best new like about into within across per using use uses used'.split(
    ' ',
  ),
)
