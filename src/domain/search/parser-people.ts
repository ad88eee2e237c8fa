// The person phrases of the rule parser (docs/search-parser.md, "People"): schools, former employers and
// titles, the current employer by name or domain, degrees and fields of study, governance
// (founders, board members), partners, time in the current job and years of experience. Each
// family has its own wording ("studied at", "ex-", "alumni of", "joined in the last …"), and a
// value is read only when the index holds it (the people vocabularies, engine.ts
// loadVocabularies); anything else stays in the words. Runs before the seniority and department
// words, so "computer science graduates" is a field of study, not a level.
import { departmentFilterValues } from '../../corpus/taxonomy.ts'
import type { CompanyFilter, Filters } from '../../store/search-filters.ts'
import type { PeopleVocabularyName } from '../../store/search.ts'
import { as, lookup, Reader, STOP, wordsOf, type Found } from './parser-people-lookup.ts'

/** The values the person phrases are read against, as the index spells them, most common first. */
export type PeopleVocabularies = Record<PeopleVocabularyName, string[]>

export interface PeopleReading {
  /** The text with every phrase read blanked out. */
  text: string
  filters: Filters
  spans: { filter: string; text: string }[]
}

const KIND_AFTER =
  /^\s*(?:compan(?:y|ies)|startups?|firms?|businesses|employers?|organi[sz]ations?|scale-?ups?|industry|sector)\b/

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
}
const NUMBER = String.raw`(\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)`
const numberOf = (raw: string) => NUMBER_WORDS[raw] ?? Number(raw)

/** The comparison words before a duration: `strict` moves a whole-number bound by one. */
const DURATION_CMP = String.raw`(more than|over|at least|no less than|a minimum of|minimum|less than|under|fewer than|at most|up to|no more than)`
const cmpOf = (raw: string): { bound: 'min' | 'max'; strict: boolean } =>
  /more than|over/.test(raw)
    ? { bound: 'min', strict: true }
    : /at least|no less than|minimum/.test(raw)
      ? { bound: 'min', strict: false }
      : /less than|under|fewer than/.test(raw)
        ? { bound: 'max', strict: true }
        : { bound: 'max', strict: false }

/** "Recently hired", "new in role": at most this many months in the current job. */
export const RECENT_MONTHS = 6

/** Chief titles by their short forms, as titles spell them in full. */
const TITLE_SHORT: Record<string, string> = {
  ceo: 'chief executive officer',
  cto: 'chief technology officer',
  cfo: 'chief financial officer',
  cmo: 'chief marketing officer',
  coo: 'chief operating officer',
  cio: 'chief information officer',
  cro: 'chief revenue officer',
  cdo: 'chief data officer',
  svp: 'senior vice president',
  evp: 'executive vice president',
}

/** A degree's letters only: "Ph.D." → "phd", "M.Sc." → "msc". */
const degreeKey = (d: string) => d.toLowerCase().replace(/[^a-z]/g, '')

/**
 * The spellings of each degree and which of the index's degrees (by `degreeKey`) they name. Two
 * letters alone ("MS", "MA", "BA", "BS") are a degree only after "a"/"an" or before "degree"/"in"
 * ("an MS in statistics"), never a state or a word on their own. The generic master's is the
 * Master of Science, of Arts and of Engineering (an MBA is read as an MBA).
 */
const SHORT = (letters: string) =>
  String.raw`(?<=\b(?:an?|the|hold|holds|with)\s)${letters}(?=[\s,;:!?]|$)|${letters}(?=\s+(?:degrees?|in)\b)`
const DEGREE_FORMS: [RegExp, (key: string) => boolean][] = [
  [/phds?|ph\.\s?d\.?s?|doctorates?|doctoral degrees?|dphil/, (k) => k === 'phd' || k === 'dphil'],
  [/executive mbas?|e?mbas?|m\.b\.a\.?s?/, (k) => k === 'mba' || k === 'emba'],
  [
    new RegExp(String.raw`master(?:'s|s|’s)? of science|m\.?sc\.?s?|m\.s\.|${SHORT('ms')}`),
    (k) => k === 'msc' || k === 'ms',
  ],
  [new RegExp(String.raw`master(?:'s|s|’s)? of arts|m\.a\.|${SHORT('ma')}`), (k) => k === 'ma'],
  [/master(?:'s|s|’s)? of engineering|m\.?eng\.?/, (k) => k === 'meng'],
  [
    /(?:master(?:'s|s|’s)?|graduate) degrees?|master(?:'s|’s|s)(?=[\s,;:!?]|$)/,
    (k) => /^m(?:sc|a|eng|s|phil|res)$/.test(k),
  ],
  [
    new RegExp(String.raw`bachelor(?:'s|s|’s)? of science|b\.?sc\.?s?|b\.s\.|${SHORT('bs')}`),
    (k) => k === 'bsc' || k === 'bs',
  ],
  [new RegExp(String.raw`bachelor(?:'s|s|’s)? of arts|b\.a\.|${SHORT('ba')}`), (k) => k === 'ba'],
  [/bachelor(?:'s|s|’s)? of engineering|b\.?eng\.?/, (k) => k === 'beng'],
  [/bachelor(?:'s|s|’s)? of commerce|b\.?com\.?/, (k) => k === 'bcom'],
  [
    /(?:bachelor(?:'s|s|’s)?|undergraduate) degrees?|bachelor(?:'s|’s|s)(?=[\s,;:!?]|$)/,
    (k) => /^b(?:sc|a|eng|com|s)$/.test(k),
  ],
]
/** Words around a degree that only say someone has it: "who hold an MBA", "PhD holders". */
const DEGREE_BEFORE = String.raw`(?:\b(?:who |that )?(?:holds?|holding|earned|has|have|having)\s+(?:an?\s+|the\s+)?)?`
const DEGREE_AFTER = String.raw`(?:\s+(?:degree\s+)?holders?)?(?=[\s,;:!?)]|$)`

/** Fields of study by their short forms, read only where the index holds the field. */
const FIELD_ALIASES: Record<string, string> = {
  cs: 'Computer Science',
  'comp sci': 'Computer Science',
  compsci: 'Computer Science',
  ee: 'Electrical Engineering',
  econ: 'Economics',
  econs: 'Economics',
  math: 'Mathematics',
  maths: 'Mathematics',
  stats: 'Statistics',
  hci: 'Human-Computer Interaction',
  'human computer interaction': 'Human-Computer Interaction',
  'poli sci': 'Political Science',
  polisci: 'Political Science',
  'mech eng': 'Mechanical Engineering',
}

/** A short form of a field at the start (or, `backward`, the end) of `s`, as the index spells the field. */
function fieldAlias(s: string, fields: string[], backward: boolean): Found | null {
  for (const [alias, value] of Object.entries(FIELD_ALIASES)) {
    const held = fields.find((f) => f.toLowerCase() === value.toLowerCase())
    if (!held) continue
    const re = backward
      ? new RegExp(String.raw`(?:^|\s)(${alias})\s*$`)
      : new RegExp(String.raw`^\s*(${alias})(?=[\s,;:!?.]|$)`)
    const m = s.match(re)
    if (m) return { value: held, whole: true, length: backward ? s.length - s.lastIndexOf(m[1]!) : m[0].length }
  }
  return null
}

/** yyyy-mm-dd of the first day of the month `months` before `now`. */
function monthsBefore(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1))
  return d.toISOString().slice(0, 10)
}

/**
 * Reads the person phrases out of `text` (lower case, padded with spaces). `reserved` says whether
 * words name something else the parser reads (an industry, a place): such words are never read as
 * a company or a school.
 */
export function readPeople(
  query: string,
  vocab: PeopleVocabularies | undefined,
  opts: { now?: Date; reserved: (words: string) => boolean },
): PeopleReading {
  const r = new Reader(query)
  // "engineers for fintech companies": on a person search, "for … companies" names the employer.
  r.text = r.text.replace(
    /(?<!\b(?:look|looking|search|searching|hunt|hunting|hiring|tools?|software|products?|apps?|platforms?|solutions?)\s+)\bfor(\s+(?:[\p{L}\p{N}&$+.-]+\s+){0,4}?(?:compan(?:y|ies)|startups?|firms?|businesses|employers?|organi[sz]ations?|scale-?ups?)\b)/gu,
    'at$1',
  )
  const v = vocab
  const notReserved = (f: Found | null) => (f && !opts.reserved(f.value.toLowerCase()) ? f : null)
  const school = (s: string, backward = false) =>
    v ? notReserved(lookup(s, v.schools, { partial: true, backward })) : null
  const pastEmployer = (s: string, backward = false) => {
    if (!v) return null
    const domain = lookup(s, v.past_employer_domains, { partial: false, backward })
    return domain ?? notReserved(lookup(s, v.past_employers, { partial: true, backward }))
  }
  const field = (s: string, backward = false) =>
    v
      ? (lookup(s, v.fields_of_study, { partial: false, backward }) ?? fieldAlias(s, v.fields_of_study, backward))
      : null

  if (v) {
    // A field before "graduates of <school>" ("computer science graduates of X"): the field's
    // words only, so the school reading below still sees its trigger.
    r.before(/(?=\s+(?:graduates|grads|alumni|alums?)\s+(?:of|from)\s)/g, (head) =>
      as('field_of_study', field(head, true)),
    )
    // Schools: "studied at X", "alumni of X", "graduates of X", "X alumni", "X graduates".
    r.after(
      /\b(?:studied|studying|graduated|graduating|educated|degrees? from|went to school)\s+(?:at|from)\s+(?:the\s+)?|\b(?:alumni|alumnae|alumnus|alums?|graduates?|grads?)\s+(?:of|from)\s+(?:the\s+)?|\bwho went to\s+(?:the\s+)?/g,
      (rest) => as('university', school(rest)),
    )
    // Fields: "computer science graduates", "studied computer science", "a degree in economics".
    r.before(/\s+(?:graduates|grads|majors|degrees?|degree holders|students)\b/g, (head) =>
      as('field_of_study', field(head, true)),
    )
    r.after(
      /\b(?:studied|majored in|majoring in|major in|degrees? in|graduates? in|background in)\s+|(?<=\b(?:phds?|ph\.d\.?|masters?|bachelors?|master's|bachelor's|mbas?|m\.?sc\.?|m\.?s\.?|m\.a\.|ma|b\.?sc\.?|b\.?s\.?|b\.a\.|ba|m\.?eng\.?|b\.?eng\.?)\s)in\s+/g,
      (rest) => as('field_of_study', field(rest)),
    )
    r.before(/\s+(?:alumni|alums?|graduates|grads)\b/g, (head) => as('university', school(head, true)))
    // Former employers: "ex-X", "formerly at X", "used to work at X", "X alumni", "alumni of X".
    r.after(
      /\bex-\s*|\bex\s+|\b(?:formerly|previously|once|earlier)\s+(?:at|with|worked at|worked for|employed at|employed by)\s+|\b(?:used to work|who used to work|previously worked|formerly worked|have worked|has worked|who worked)\s+(?:at|for)\s+|\b(?:alumni|alums?)\s+(?:of|from)\s+|\bformer\s+(?=\S+(?:\s+\S+){0,3}\s+(?:employees|staff|people|alumni|engineers|folks|team members)\b)/g,
      (rest) => as('employment_history', pastEmployer(rest)),
    )
    r.before(/\s+(?:alumni|alums?)\b/g, (head) => as('employment_history', pastEmployer(head, true)))
    // Former titles: "former CFOs", "ex-CTOs", "previously a product manager", "used to be a VP of Sales".
    r.after(
      /\bex-\s*|\b(?:former|formerly|previously|once|used to be|who (?:was|were)(?: once| previously)?)\s+(?:an?\s+)?/g,
      (rest) => as('past_title', pastTitle(rest, v.past_titles)),
    )
    // The current employer by name or domain: "at Lumina Cloud", "who work at luminacloud.io".
    r.after(
      /(?:\b(?:at|works? at|working at|works? for|working for|employed at|employed by|employees of|staff at|currently at|now at|people from)|@)\s*(?:the\s+)?/g,
      (rest) => {
        const domain = lookup(rest, v.company_domains, { partial: false })
        const found = domain ?? notReserved(lookup(rest, v.companies, { partial: true }))
        if (!found || !found.whole || KIND_AFTER.test(rest.slice(found.length))) return null
        return { ...found, filter: 'company' }
      },
    )
    const company = r.filters.company as { include: string[] } | undefined
    if (company) {
      const domains = new Set(v.company_domains)
      r.filters.company = {
        include: company.include.map((value) => ({ value, by: domains.has(value) ? 'domain' : 'name' })),
      } as CompanyFilter
    }

    // Degrees, as the index spells them: "PhDs", "MBA", "M.B.A.", "a master's degree", "an MS",
    // "bachelor's"; "who hold an MBA" and "MBA holders" are the degree's words too.
    for (const [form, fits] of DEGREE_FORMS) {
      const values = v.degrees.filter((d) => fits(degreeKey(d)))
      if (!values.length) continue
      const re = new RegExp(String.raw`${DEGREE_BEFORE}\b(?:${form.source})${DEGREE_AFTER}`)
      for (let m = r.take(re), guard = 0; m && guard < 4; m = r.take(re), guard++)
        for (const d of values) r.addList('degree', d, m[0].trim())
    }

    // Governance: "founders", "co-founders", "board members", "owners", "advisors".
    const governance: [string, RegExp][] = [
      ['founder', /\b(?:co-?\s?founders?|cofounders?|founders?|founding (?:team|members?))\b/],
      [
        'board_member',
        /\bboard (?:members?|directors?|seats?)\b|\b(?:sits?|sitting|serves?|serving|seats?) on (?:the |a )?boards?\b/,
      ],
      ['owner', /\b(?:business |company )?(?<!(?:product|process|budget|data|account|page|system)\s)owners\b/],
      ['advisor', /\badvis[oe]rs\b|\badvisory board members?\b/],
    ]
    for (const [value, re] of governance) {
      if (!v.governance_levels.includes(value)) continue
      // Every occurrence: "founders and co-founders" leaves no "co-" behind.
      for (let m = r.take(re), guard = 0; m && guard < 4; m = r.take(re), guard++)
        r.addList('governance_level', value, m[0].trim())
    }
  }

  // Partners: the Partners function of the taxonomy ("partners at consulting firms"), not partnerships.
  const partners = departmentFilterValues().find((d) => d.value === 'Partners')
  if (partners) {
    const m = r.take(
      /(?<!\b(?:channel|business|implementation|technology|strategic|reseller|integration|hr)\s)\b(?:managing |general |equity |senior )?partners?\b/,
    )
    if (m) r.addList('department', partners.value, m[0].trim())
  }

  readTime(r, opts.now)
  // One span per phrase, however many values it read ("master's" → M.Sc., M.A., M.Eng.).
  const spans = r.spans.filter((x, i) => r.spans.findIndex((y) => y.filter === x.filter && y.text === x.text) === i)
  return { text: r.text, filters: r.filters, spans }
}

/** A former title: the longest run of words after the trigger that some former title of the index holds. */
function pastTitle(rest: string, titles: string[]): Found | null {
  if (!titles.length) return null
  const lower = titleIndex(titles)
  const tokens = wordsOf(rest).slice(0, 6)
  for (let n = tokens.length; n >= 1; n--) {
    const run = tokens.slice(0, n).map((t) => t.word)
    if (STOP.has(run[0]!) || STOP.has(run[n - 1]!)) continue
    // Plurals and short forms: "CFOs" → chief financial officer, "engineers" → engineer.
    const last = run[n - 1]!
    const singular = /[^s]s$/.test(last) ? last.slice(0, -1) : last
    for (const words of [run, [...run.slice(0, -1), singular]]) {
      const phrase = words.map((w) => TITLE_SHORT[w] ?? w).join(' ')
      if (phrase.length < 3) continue
      const re = new RegExp(`(?:^|[^a-z0-9])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^a-z0-9])`)
      const hit = lower.find((t) => t.lower.includes(phrase) && re.test(t.lower))
      if (!hit) continue
      const at = hit.lower.search(re)
      const offset = at + (hit.lower[at] === phrase[0] ? 0 : 1)
      return { value: hit.value.slice(offset, offset + phrase.length), whole: true, length: tokens[n - 1]!.end }
    }
  }
  return null
}

const titleIndexes = new WeakMap<string[], { value: string; lower: string }[]>()
function titleIndex(titles: string[]) {
  let idx = titleIndexes.get(titles)
  if (!idx) titleIndexes.set(titles, (idx = titles.map((value) => ({ value, lower: value.toLowerCase() }))))
  return idx
}

/** Time in the current job and years of experience. */
function readTime(r: Reader, now: Date | undefined) {
  const range = (filter: string, value: { min?: number; max?: number }, span: string) => {
    r.filters[filter] = value
    r.spans.push({ filter, text: span })
  }
  const unitMonths = (unit: string) => (unit.startsWith('y') ? 12 : 1)
  const YEARS = String.raw`(?:years?|yrs?)`
  const UNIT = String.raw`(years?|yrs?|months?)`
  const ROLE = String.raw`(?:in (?:their |the |his |her )?(?:current )?(?:role|job|position|seat)|at (?:their |the )?(?:current )?(?:company|employer))`

  // Years of experience: "10+ years of experience", "more than 10 years of experience".
  const EXPERIENCE = String.raw`\s+(?:of\s+)?(?:(?:work|working|professional|industry|relevant)\s+)?experience\b`
  let m = r.take(new RegExp(String.raw`\b(\d{1,2})\s?\+\s*${YEARS}${EXPERIENCE}`))
  if (m) range('years_worked', { min: Number(m[1]) }, m[0].trim())
  else {
    m = r.take(new RegExp(String.raw`\b${DURATION_CMP}\s+${NUMBER}\s+${YEARS}${EXPERIENCE}`))
    if (m) {
      const cmp = cmpOf(m[1]!)
      const n = numberOf(m[2]!)
      // Years worked is a fraction (months / 12): "more than 10" is from 11 whole years, as
      // "under 5" is below 5 (read as at most 4 whole years, so 4.5 stays out: a max of years
      // is only read when not strict).
      if (cmp.bound === 'min') range('years_worked', { min: cmp.strict ? n + 1 : n }, m[0].trim())
      else if (!cmp.strict) range('years_worked', { max: n + 0.999 }, m[0].trim())
      else range('years_worked', { max: n - 0.001 }, m[0].trim())
    }
  }

  // Time in the current job: "in role for more than 2 years", "less than a year in role", "3+ years in role".
  m = r.take(new RegExp(String.raw`\b${ROLE}\s+(?:for\s+)?${DURATION_CMP}\s+${NUMBER}\s+${UNIT}`))
  let tenure: { cmp: string; n: number; unit: string; span: string } | null = m
    ? { cmp: m[1]!, n: numberOf(m[2]!), unit: m[3]!, span: m[0] }
    : null
  if (!tenure) {
    m = r.take(new RegExp(String.raw`\b${DURATION_CMP}\s+${NUMBER}\s+${UNIT}\s+${ROLE}`))
    if (m) tenure = { cmp: m[1]!, n: numberOf(m[2]!), unit: m[3]!, span: m[0] }
  }
  if (!tenure) {
    m = r.take(new RegExp(String.raw`\b(\d{1,2})\s?\+\s*${UNIT}\s+${ROLE}`))
    if (m) tenure = { cmp: 'at least', n: Number(m[1]), unit: m[2]!, span: m[0] }
  }
  if (tenure) {
    const cmp = cmpOf(tenure.cmp)
    const months = tenure.n * unitMonths(tenure.unit)
    const bound = cmp.strict ? (cmp.bound === 'min' ? months + 1 : months - 1) : months
    range('tenure', cmp.bound === 'min' ? { min: bound } : { max: bound }, tenure.span.trim())
  } else {
    m = r.take(
      /\b(?:recently (?:hired|joined|started|onboarded)|recent (?:hires|joiners|job changers)|new (?:hires|joiners|starters)|new (?:in|to) (?:their |the )?(?:role|job|position|seat)|just (?:joined|hired|started)|recently changed jobs)\b/,
    )
    if (m) range('tenure', { max: RECENT_MONTHS }, m[0].trim())
  }

  // When the current job started: "joined in the last 6 months", "joined in 2024", "hired since 2023".
  if (!now) return
  const JOINED = String.raw`(?:joined|started|hired|changed jobs?|switched jobs?|moved jobs?|started (?:a )?new (?:jobs?|roles?|positions?))`
  m = r.take(
    new RegExp(
      String.raw`\b${JOINED}\s+(?:in|within|during|over)?\s*(?:the\s+)?(?:last|past)\s+(?:${NUMBER}\s+)?${UNIT}`,
    ),
  )
  if (m) {
    const months = (m[1] ? numberOf(m[1]) : 1) * unitMonths(m[2]!)
    r.filters.current_job_start = { from: monthsBefore(now, months) }
    r.spans.push({ filter: 'current_job_start', text: m[0].trim() })
    return
  }
  m = r.take(new RegExp(String.raw`\b${JOINED}\s+(in|during|since|after|before)\s+((?:19|20)\d\d)\b`))
  if (m) {
    const y = Number(m[2])
    const value =
      m[1] === 'since'
        ? { from: `${y}-01-01` }
        : m[1] === 'after'
          ? { from: `${y + 1}-01-01` }
          : m[1] === 'before'
            ? { to: `${y - 1}-12-31` }
            : { from: `${y}-01-01`, to: `${y}-12-31` }
    r.filters.current_job_start = value
    r.spans.push({ filter: 'current_job_start', text: m[0].trim() })
  }
}
