// The question reader of POST /v1/relationships/ask and of `query` on POST /v1/relationships
// (reader version `rel-rules-1`): finds the companies, schools and people a question names
// against the graph's own institutions, then routes it by fixed rules to relationships, reach,
// institutions, compare or fan_out, as the structured request the typed route would take.
// What it cannot read is refused with a kind of data-routes §4.4; nothing is guessed.
import type {
  InstitutionsBody,
  PeopleConstraints,
  ReachBody,
  RefusalKind,
  RelationshipsBody,
} from '../../contract/relationships.ts'
import { normaliseDomain, normaliseName, normaliseProfileUrl } from '../../corpus/normalise.ts'
import { ApiError } from '../../errors.ts'
import * as store from '../../store/relationships.ts'
import type { InstitutionRef } from '../../store/relationships.ts'
import type { Deps } from '../types.ts'

export const READER_VERSION = 'rel-rules-1'
/** Graph reads one ask may run: a compare of four sides, or a page plus four drill-downs. */
export const SEARCH_BUDGET = 5
export const DEFAULT_FAN_OUT_K = 3

export type StructuredRelationships = Omit<RelationshipsBody, 'query' | 'cursor' | 'limit'>

export type Question =
  | { route: 'relationships'; body: StructuredRelationships }
  | { route: 'reach'; body: Omit<ReachBody, 'cursor' | 'limit'> }
  | { route: 'institutions'; body: Omit<InstitutionsBody, 'limit'> }
  | { route: 'compare'; sides: StructuredRelationships[] }
  | { route: 'fan_out'; body: StructuredRelationships; k: number }

export interface ReadQuestion {
  question: Question
  span: string
  warnings: string[]
}

export function refuse(kind: RefusalKind, detail: string, tryInstead?: string): ApiError {
  return new ApiError('request.unsupported', detail, {
    status: 422,
    extra: { kind, ...(tryInstead ? { try_instead: tryInstead } : {}) },
  })
}

interface Mention {
  start: number
  end: number
  kind: 'company' | 'school' | 'employer' | 'person'
  /** Company domain, institution key or person id. */
  key: string
  name: string | null
}

const TENANT_LIST =
  /\b(?:my|our)\s+(?:(?:saved\s+)?lists?|crm|accounts|pipeline|contacts|customers|prospects|leads|spreadsheet|book of business|target accounts)\b/
const TENANT =
  /\b(?:our|my)\s+(?:team|teams|company|org|organi[sz]ation|employees|colleagues|staff|people|firm|startup|network|connections|founders?|sales team|reps)\b|\b(?:do i|can i|could i|should i|i know|introduce me|connect me)\b/
/** Case-sensitive: "US" is a country, "us" the caller. */
const TENANT_PRONOUN = /\b(?:[Ww]e|us|[Oo]urs)\b/
const PRE_RESOLVE =
  /\b(?:competitors?|rivals?|similar (?:companies|to)|companies like|look-?alikes?|subsidiar(?:y|ies)|owned by|parent compan(?:y|ies)|portfolio compan(?:y|ies)|peers of|acquired by|acquisitions of)\b/
const BOTH_PERSON =
  /\b(?:worked|been|work|works)\s+(?:at|for|in)\s+both\b|\b(?:one|same|single|a)\s+(?:person|individual|employee|people)\b[^.?!]*\bboth\b/
const SECOND_QUESTION = /\?\s*\S|\b(?:and also|as well as|and then also)\b/
const INSTITUTIONS_CUE =
  /\b(?:shared|common|mutual|same|overlapping)\s+(?:employers?|schools?|universit(?:y|ies)|colleges?|institutions?|companies|alma maters?|workplaces?)\b|\b(?:employers?|schools?|universit(?:y|ies)|institutions?)\s+(?:in common|they share|both)\b|\bwhere did\b[^?]*\bboth\b/
const COMPARE_CUE =
  /\bcompare\b|\bversus\b|\bvs\.?(?=\s)|\b(?:better|more|most|stronger|best) connected\b|\bstronger (?:ties|connections)\b/
const FAN_OUT_CUE =
  /\bfor (?:each|every)\b|\beach of (?:them|those|these)\b|\bdrill (?:down|into)\b|\bfor the top\s+\d+\b|\bthen (?:show|list|find)\b/
const CONNECT_CUE =
  /\b(?:connected|connections?|connect|linked|links?|ties|tied|know|knows|knew|known|relationships?|overlap(?:ped|ping)?|worked (?:with|alongside)|(?:went to (?:school|college|university)|studied) with|colleagues|classmates|network|between|paths?|reach|in common with)\b/
const FORMER_AT =
  /\b(?:used to work(?:\s+(?:at|for))?|previously (?:worked )?(?:at|for)|formerly (?:at|of|with)|worked (?:at|for)|came from|alumni of|former|ex-)\s*$/
const SHARED_BASIS =
  /\b(?:ever|at any (?:point|time)|at some point|not necessarily at the same time|regardless of when)\b/
const PAST = /\b(?:former|formerly|previous|previously|used to|past|ex-)\b/
const EDUCATION =
  /\b(?:schools?|universit(?:y|ies)|colleges?|studied|classmates|alumni|alma maters?|education|degrees?)\b/
const EMPLOYMENT = /\b(?:worked together|worked with|colleagues|co-?workers|employers?|jobs?|workplaces?)\b/

const SENIORITY_WORDS: [string, RegExp][] = [
  [
    'C-Suite',
    /\b(?:ceos?|ctos?|cfos?|cmos?|coos?|cios?|chief [a-z]+ officers?|c-suite|c-level|executives|founders?)\b/,
  ],
  ['VP', /\b(?:vps?|vice presidents?|svps?|evps?)\b/],
  ['Director / Head', /\b(?:directors?|heads? of)\b/],
  ['Manager', /\bmanagers?\b/],
  ['Entry', /\b(?:junior|entry[- ]level|graduates?)\b/],
  ['In Training', /\b(?:interns?|trainees?|apprentices?)\b/],
]
const DEPARTMENT_WORDS: [string, RegExp][] = [
  ['Engineering', /\b(?:engineering|engineers?|developers?|software|devops)\b/],
  ['Sales', /\b(?:sales|salespeople|account executives?)\b/],
  ['Marketing', /\b(?:marketing|marketers?)\b/],
  ['Finance', /\b(?:finance|accountants?|accounting)\b/],
  ['Human Resources', /\b(?:hr|human resources|recruiters?|recruiting)\b/],
  ['Operations', /\boperations\b/],
  ['Product', /\b(?:product managers?|product management|product)\b/],
  ['Design', /\b(?:design|designers?)\b/],
  ['Customer Success', /\bcustomer success\b/],
  ['Legal', /\b(?:legal|lawyers?|counsel|attorneys?)\b/],
  ['Data Science', /\b(?:data scien(?:ce|tists?)|machine learning)\b/],
  ['Research', /\b(?:research|researchers?)\b/],
]

/** Short forms people write for the corpus' country names (lower-cased). */
const COUNTRY_ALIASES: Record<string, string> = {
  us: 'United States',
  usa: 'United States',
  uk: 'United Kingdom',
  uae: 'United Arab Emirates',
}

/** Capitalised words that are question words, roles or places, never a company's first word. */
const COMMON = new Set(
  (
    'who which what where when how show list find compare give get can could do does did is are was were the a an our my we i and or at in to from of for ' +
    'between with people person anyone someone employees staff team vp vps ceo ceos cto ctos cfo coo director directors head heads manager managers ' +
    'engineer engineers founders executives please tell me all any connected connections shared common schools school employers university ' +
    'versus vs then top each every also both former ex alumni linkedin'
  ).split(' '),
)

const PROFILE_URL = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?(?:www\.)?linkedin\.com\/in\/[^\s,;)?]+/gi
const PERSON_ID = /\b[0-9a-f]{16}\b/g
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*|&/gu
const MAX_NGRAM = 6

interface Token {
  start: number
  end: number
  raw: string
  norm: string
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const m of text.matchAll(TOKEN)) {
    let raw = m[0]
    raw = raw.replace(/['’]s$/i, '').replace(/[.\-'’]+$/, '')
    if (!raw) continue
    tokens.push({ start: m.index, end: m.index + raw.length, raw, norm: raw.toLowerCase() })
  }
  return tokens
}

let countriesCache: { at: number; value: Promise<string[]> } | null = null

function countries(deps: Deps): Promise<string[]> {
  if (!countriesCache || Date.now() - countriesCache.at > 60_000)
    countriesCache = { at: Date.now(), value: store.findPersonCountries(deps.db, 300) }
  return countriesCache.value
}

const mentionOf = (start: number, end: number, i: InstitutionRef): Mention => ({
  start,
  end,
  kind: i.type === 'school' ? 'school' : i.domain ? 'company' : 'employer',
  // A company's key is its domain; a school's is its school_id (a school's domain is not a key).
  key: i.inst_key,
  name: i.name,
})

/** Profile URLs and person ids, then institution names (longest first), domains and keys, then partial company names. */
async function findMentions(deps: Deps, query: string, warnings: string[]): Promise<Mention[]> {
  const mentions: Mention[] = []
  let text = query
  const blank = (start: number, end: number) =>
    (text = text.slice(0, start) + ' '.repeat(end - start) + text.slice(end))
  const urls = [...query.matchAll(PROFILE_URL)]
  const hexes = [...query.matchAll(PERSON_ID)]
  const byUrl = await store.findPersons(
    deps.db,
    'profile_url',
    urls.map((m) => normaliseProfileUrl(m[0])).filter((u): u is string => u !== null),
  )
  const byId = await store.findPersons(
    deps.db,
    'id',
    hexes.map((m) => m[0]),
  )
  for (const m of urls) {
    const p = byUrl.find((x) => x.profile_url === normaliseProfileUrl(m[0]))
    if (p) mentions.push({ start: m.index, end: m.index + m[0].length, kind: 'person', key: p.id, name: p.name })
    else warnings.push(`${m[0]} is not a person in the graph; ignored.`)
    blank(m.index, m.index + m[0].length)
  }
  for (const m of hexes) {
    const p = byId.find((x) => x.id === m[0])
    if (!p) continue
    mentions.push({ start: m.index, end: m.index + m[0].length, kind: 'person', key: p.id, name: p.name })
    blank(m.index, m.index + m[0].length)
  }

  const tokens = tokenize(text)
  const phrases = new Map<string, { i: number; n: number }[]>()
  for (let i = 0; i < tokens.length; i++) {
    for (let n = 1; n <= MAX_NGRAM && i + n <= tokens.length; n++) {
      const phrase = normaliseName(
        tokens
          .slice(i, i + n)
          .map((t) => t.norm)
          .join(' '),
      )
      if (n === 1 && COMMON.has(phrase)) continue
      const at = phrases.get(phrase) ?? []
      at.push({ i, n })
      phrases.set(phrase, at)
    }
  }
  const keys = tokens
    .filter((t) => t.norm.includes('.') || t.norm.includes('-'))
    .map((t) => normaliseDomain(t.norm) ?? t.norm)
  const [named, keyed] = await Promise.all([
    store.findInstitutionsByNameNorms(deps.db, [...phrases.keys()]),
    store.findInstitutionsByKeysOrDomains(deps.db, keys),
  ])
  const used = new Array<boolean>(tokens.length).fill(false)
  const hits: { i: number; n: number; inst: InstitutionRef }[] = []
  for (const inst of named) for (const at of phrases.get(inst.name_norm ?? '') ?? []) hits.push({ ...at, inst })
  tokens.forEach((t, i) => {
    const key = normaliseDomain(t.norm) ?? t.norm
    const inst = keyed.find((k) => k.inst_key === key) ?? keyed.find((k) => k.domain === key)
    if (inst) hits.push({ i, n: 1, inst })
  })
  // Longest match first; a name that is a company record beats a same-named employer without one.
  hits.sort((a, b) => b.n - a.n || a.i - b.i || Number(Boolean(b.inst.domain)) - Number(Boolean(a.inst.domain)))
  for (const h of hits) {
    if (used.slice(h.i, h.i + h.n).some(Boolean)) continue
    const same = named.filter((x) => x.name_norm === h.inst.name_norm && x.inst_key !== h.inst.inst_key)
    if (same.some((x) => x.type !== h.inst.type)) {
      const candidates = [h.inst, ...same].map((x) => ({
        id: x.inst_key,
        name: x.name,
        kind: x.type,
        domain: x.domain,
      }))
      throw new ApiError(
        'relationship.anchor_ambiguous',
        `"${h.inst.name}" is both a company and a school; name it by domain or inst_key.`,
        { extra: { anchor: h.inst.name, candidates } },
      )
    }
    for (let k = h.i; k < h.i + h.n; k++) used[k] = true
    mentions.push(mentionOf(tokens[h.i]!.start, tokens[h.i + h.n - 1]!.end, h.inst))
  }

  // Partial names ("Lumina"): runs of capitalised words nothing else consumed, read as a name prefix.
  let run: number[] = []
  const flush = async () => {
    const words = run
    run = []
    if (words.length === 0) return
    const first = tokens[words[0]!]!
    const last = tokens[words[words.length - 1]!]!
    const phrase = normaliseName(words.map((k) => tokens[k]!.norm).join(' '))
    const found = await store.findInstitutionsByNamePrefix(deps.db, phrase, null, 5)
    if (found.length === 1) mentions.push(mentionOf(first.start, last.end, found[0]!))
    else if (found.length > 1) {
      throw new ApiError(
        'relationship.anchor_ambiguous',
        `"${query.slice(first.start, last.end)}" matches several companies or schools; name one in full or by domain.`,
        {
          extra: {
            anchor: query.slice(first.start, last.end),
            candidates: found.map((x) => ({ id: x.inst_key, name: x.name, kind: x.type, domain: x.domain })),
          },
        },
      )
    } else warnings.push(`"${query.slice(first.start, last.end)}" is not a company or school in the graph; ignored.`)
  }
  const places = new Set([
    ...(await countries(deps)).flatMap((c) => c.toLowerCase().split(' ')),
    ...Object.keys(COUNTRY_ALIASES),
  ])
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    const capital =
      /^\p{Lu}/u.test(t.raw) && !used[i] && !COMMON.has(t.norm) && !places.has(t.norm) && !roleWord(t.norm)
    if (capital && run.length < 4) run.push(i)
    else await flush()
  }
  await flush()
  return mentions.sort((a, b) => a.start - b.start)
}

const roleWord = (w: string) =>
  SENIORITY_WORDS.some(([, re]) => re.test(w)) || DEPARTMENT_WORDS.some(([, re]) => re.test(w))

/** Department, seniority and country words of one side's part of the question. */
function peopleOf(segment: string, countryNames: string[]): PeopleConstraints | undefined {
  const seniority = SENIORITY_WORDS.filter(([, re]) => re.test(segment)).map(([v]) => v) as NonNullable<
    PeopleConstraints['seniority']
  >
  const department = DEPARTMENT_WORDS.filter(([, re]) => re.test(segment)).map(([v]) => v)
  const named = countryNames.filter((c) =>
    new RegExp(`\\b${c.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(segment),
  )
  // "us" in lower case was refused as the caller's own side before this point: here it is "US".
  const aliased = Object.entries(COUNTRY_ALIASES)
    .filter(([alias]) => new RegExp(`\\b${alias}\\b`).test(segment))
    .map(([, c]) => c)
  const country = [...new Set([...named, ...aliased])]
  const people = {
    ...(country.length ? { country } : {}),
    ...(department.length ? { department } : {}),
    ...(seniority.length ? { seniority } : {}),
  }
  return Object.keys(people).length ? people : undefined
}

function institutionType(t: string): 'employment' | 'education' | null {
  const edu = EDUCATION.test(t)
  const emp = EMPLOYMENT.test(t)
  return edu === emp ? null : edu ? 'education' : 'employment'
}

const companyAnchor = (m: Mention) => ({ value: m.key, by: 'domain' as const })
const institutionAnchor = (m: Mention) => ({
  value: m.key,
  by: 'inst_key' as const,
  kind: m.kind === 'school' ? ('school' as const) : ('company' as const),
})

/**
 * Reads a question into one route and its structured request. Order of the rules: what the
 * corpus cannot know about the caller, then the names, then the shape of the question.
 */
export async function readQuestion(deps: Deps, query: string): Promise<ReadQuestion> {
  // Lower-cased char by char, so offsets stay those of the query.
  const lower = [...query].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('')
  const warnings: string[] = []
  if (TENANT_LIST.test(lower))
    throw refuse(
      'needs_tenant_list',
      'The question works from a list held in your own systems; send its companies by domain instead.',
      'POST /v1/relationships with companies by domain',
    )
  if (TENANT.test(lower) || TENANT_PRONOUN.test(query))
    throw refuse(
      'no_tenant_context',
      'The question uses your own organisation as a side; this service does not know who "we" are. Name the company instead.',
      'Name your company, e.g. "people at acme.com connected to brightwave.com"',
    )
  if (PRE_RESOLVE.test(lower))
    throw refuse(
      'needs_pre_resolve',
      'The companies are picked by resemblance, competition or ownership; resolve them first and name them.',
      'POST /v1/similar, then ask about the companies it returns',
    )
  const mentions = await findMentions(deps, query, warnings)
  // The cues are read with the names blanked out: "Goldwell Education" is not a question about schools.
  const t = mentions.reduce((s, m) => s.slice(0, m.start) + ' '.repeat(m.end - m.start) + s.slice(m.end), lower)
  const companies = mentions.filter((m) => m.kind === 'company')
  const others = mentions.filter((m) => m.kind === 'school' || m.kind === 'employer')
  const persons = mentions.filter((m) => m.kind === 'person')
  if (BOTH_PERSON.test(t)) {
    const [a, b] = companies
    throw refuse(
      'impossible_on_this_corpus',
      'A connection here is a shared institution between two people; one person who worked at both companies is not a relationship this graph answers.',
      a && b
        ? `POST /v1/relationships with relation via_institution, companies [${a.key}] and institutions [${b.key}]: people now at ${a.name ?? a.key} who used to work at ${b.name ?? b.key}`
        : 'relation via_institution: people now at one company who used to work at the other',
    )
  }
  if (companies.length === 0 && persons.length === 0)
    throw refuse(
      'no_anchor',
      'The question names no company or person the graph knows; name them (by domain is safest).',
    )
  if (SECOND_QUESTION.test(t.trim().replace(/\?\s*$/, '')))
    throw refuse('compound_unsupported', 'The question asks two things at once; ask one per request.')
  const span = query.slice(Math.min(...mentions.map((m) => m.start)), Math.max(...mentions.map((m) => m.end))).trim()
  const basis = SHARED_BASIS.test(t) ? ('shared' as const) : ('overlapping' as const)
  const type = institutionType(t)
  const common = { connection_basis: basis, ...(type ? { institution_type: type } : {}) }
  const out = (question: Question, words = span): ReadQuestion => ({ question, span: words, warnings })

  if (persons.length > 0) {
    if (companies.length === 0) throw refuse('no_anchor', 'Name the company (or companies) to reach into.')
    const people = persons.map((p) => p.key)
    return out({
      route: 'reach',
      body: {
        ...(people.length === 1 ? { person: people[0]! } : { people }),
        companies: companies.map(companyAnchor),
        ...common,
      },
    })
  }
  if (INSTITUTIONS_CUE.test(t)) {
    if (companies.length !== 2)
      throw refuse(
        companies.length > 2 ? 'compound_over_budget' : 'no_anchor',
        'Shared employers and schools are read between exactly two companies.',
      )
    const instType = /\b(?:schools?|universit(?:y|ies)|colleges?|alma maters?)\b/.test(t)
      ? 'education'
      : /\b(?:employers?|companies|workplaces?)\b/.test(t)
        ? 'employment'
        : null
    return out({
      route: 'institutions',
      body: {
        companies: companies.map(companyAnchor),
        connection_basis: basis,
        ...(instType ? { institution_type: instType } : {}),
      },
    })
  }
  if (COMPARE_CUE.test(t)) {
    if (companies.length < 3)
      throw refuse(
        'route_ambiguous',
        'A comparison needs the companies compared and the company they connect to.',
        'compare A and B connections to C',
      )
    const target =
      companies.find((c) => /\b(?:to|with)\s+$/.test(t.slice(Math.max(0, c.start - 6), c.start))) ??
      companies[companies.length - 1]!
    const sides = companies.filter((c) => c !== target)
    if (sides.length > SEARCH_BUDGET - 1)
      throw refuse(
        'compound_over_budget',
        `Comparing ${sides.length} companies needs ${sides.length} graph reads; one request runs at most ${SEARCH_BUDGET - 1} sides.`,
      )
    return out({
      route: 'compare',
      sides: sides.map((s) => ({
        relation: 'between_companies',
        companies: [companyAnchor(s), companyAnchor(target)],
        ...common,
      })),
    })
  }
  if (companies.length > 2)
    throw refuse(
      'route_ambiguous',
      'The question names more than two companies without saying how they compare.',
      'compare A and B connections to C, or one pair per request',
    )
  const countryNames = await countries(deps)
  if (companies.length === 2) {
    const [a, b] = companies as [Mention, Mention]
    // "who at A used to work at B", "former B people at A": B is an employer institution of A's people.
    const formerOf = companies.find((c) => FORMER_AT.test(t.slice(Math.max(0, c.start - 30), c.start)))
    if (formerOf) {
      const population = formerOf === a ? b : a
      return out({
        route: 'relationships',
        body: {
          relation: 'via_institution',
          companies: [{ ...companyAnchor(population), ...withPeople(peopleOf(t, countryNames)) }],
          institutions: [institutionAnchor(formerOf), ...others.map(institutionAnchor)],
          ...(others.length ? { institutions_combine: 'all' as const } : {}),
          connection_basis: basis,
        },
      })
    }
    const between = t.slice(a.end, b.start)
    const cue = CONNECT_CUE.exec(between) ?? CONNECT_CUE.exec(t)
    if (!cue)
      throw refuse(
        'route_ambiguous',
        'The question names two companies but not what to find between them: connected people, or shared employers and schools.',
        'people at A connected to B, or shared employers of A and B',
      )
    const cut = CONNECT_CUE.exec(between) ? a.end + (CONNECT_CUE.exec(between)?.index ?? 0) : b.start
    const first = peopleOf(t.slice(0, cut), countryNames)
    const second = peopleOf(t.slice(cut), countryNames)
    const body: StructuredRelationships = {
      relation: 'between_companies',
      companies: [
        { ...companyAnchor(a), ...withPeople(first) },
        { ...companyAnchor(b), ...withPeople(second) },
      ],
      ...(others.length ? { institutions: others.map(institutionAnchor) } : {}),
      ...(PAST.test(t) ? { exclude_current: true } : {}),
      ...common,
    }
    if (FAN_OUT_CUE.test(t)) {
      const k = Number(/\btop\s+(\d+)\b/.exec(t)?.[1] ?? DEFAULT_FAN_OUT_K)
      if (k < 1) throw refuse('route_ambiguous', 'Drill into at least one person.')
      if (1 + k > SEARCH_BUDGET)
        throw refuse(
          'compound_over_budget',
          `Drilling into ${k} people needs ${1 + k} graph reads; one request runs at most ${SEARCH_BUDGET} (top ${SEARCH_BUDGET - 1}).`,
        )
      return out({ route: 'fan_out', body, k })
    }
    return out({ route: 'relationships', body })
  }
  const [a] = companies as [Mention]
  if (others.length === 0)
    throw refuse(
      'no_anchor',
      'The question names one company; name a second company or a school or employer to connect through.',
      'people at A connected to B, or who at A went to school X',
    )
  return out({
    route: 'relationships',
    body: {
      relation: 'via_institution',
      companies: [{ ...companyAnchor(a), ...withPeople(peopleOf(t, countryNames)) }],
      institutions: others.map(institutionAnchor),
      ...(others.length > 1 && /\bboth\b|\ball of\b/.test(t) ? { institutions_combine: 'all' as const } : {}),
      ...(PAST.test(t) ? { exclude_current: true } : {}),
      connection_basis: basis,
    },
  })
}

const withPeople = <P>(people: P | undefined) => (people ? { people } : {})
