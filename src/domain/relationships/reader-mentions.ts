// What a relationships question names (reader.ts): profile URLs and person ids, institutions by
// name, domain or key (longest first; a name both a company and a school is ambiguous), then runs
// of capitalised words read as the prefix of a company's name. Offsets are those of the query.
import { normaliseDomain, normaliseName, normaliseProfileUrl } from '../../corpus/normalise.ts'
import { ApiError } from '../../errors.ts'
import * as store from '../../store/relationships.ts'
import type { InstitutionRef } from '../../store/relationships.ts'
import type { Deps } from '../types.ts'
import { COMMON, COUNTRY_ALIASES, roleWord } from './reader-words.ts'

export interface Mention {
  start: number
  end: number
  kind: 'company' | 'school' | 'employer' | 'person'
  /** Company domain, institution key or person id. */
  key: string
  name: string | null
}

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

export function countries(deps: Deps): Promise<string[]> {
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
export async function findMentions(deps: Deps, query: string, warnings: string[]): Promise<Mention[]> {
  const mentions: Mention[] = []
  const text = await personMentions(deps, query, mentions, warnings)
  const tokens = tokenize(text)
  const used = await institutionMentions(deps, tokens, mentions)
  await partialNameMentions(deps, query, tokens, used, mentions, warnings)
  return mentions.sort((a, b) => a.start - b.start)
}

/** People named by profile URL or id, into `mentions`; the query with them blanked out. */
async function personMentions(deps: Deps, query: string, mentions: Mention[], warnings: string[]): Promise<string> {
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
  return text
}

/** Institutions named in full, by name (longest first), domain or key, into `mentions`; which tokens they used. */
async function institutionMentions(deps: Deps, tokens: Token[], mentions: Mention[]): Promise<boolean[]> {
  const phrases = phrasesOf(tokens)
  const keys = tokens
    .filter((t) => t.norm.includes('.') || t.norm.includes('-'))
    .map((t) => normaliseDomain(t.norm) ?? t.norm)
  const [named, keyed] = await Promise.all([
    store.findInstitutionsByNameNorms(deps.db, [...phrases.keys()]),
    store.findInstitutionsByKeysOrDomains(deps.db, keys),
  ])
  const used = new Array<boolean>(tokens.length).fill(false)
  for (const h of hitsOf(tokens, phrases, named, keyed)) {
    if (used.slice(h.i, h.i + h.n).some(Boolean)) continue
    refuseCompanyAndSchool(h.inst, named)
    for (let k = h.i; k < h.i + h.n; k++) used[k] = true
    mentions.push(mentionOf(tokens[h.i]!.start, tokens[h.i + h.n - 1]!.end, h.inst))
  }
  return used
}

/** Where a run of tokens starts and how many it holds. */
interface Span {
  i: number
  n: number
}

/** Every run of up to MAX_NGRAM tokens as a normalised name, with where it occurs (single common words left out). */
function phrasesOf(tokens: Token[]): Map<string, Span[]> {
  const phrases = new Map<string, Span[]>()
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
  return phrases
}

/** Institutions found by name at each place the name occurs, and by key or domain at their token, best first. */
function hitsOf(
  tokens: Token[],
  phrases: Map<string, Span[]>,
  named: InstitutionRef[],
  keyed: InstitutionRef[],
): (Span & { inst: InstitutionRef })[] {
  const hits: (Span & { inst: InstitutionRef })[] = []
  for (const inst of named) for (const at of phrases.get(inst.name_norm ?? '') ?? []) hits.push({ ...at, inst })
  tokens.forEach((t, i) => {
    const key = normaliseDomain(t.norm) ?? t.norm
    const inst = keyed.find((k) => k.inst_key === key) ?? keyed.find((k) => k.domain === key)
    if (inst) hits.push({ i, n: 1, inst })
  })
  // Longest match first; a name that is a company record beats a same-named employer without one.
  return hits.sort((a, b) => b.n - a.n || a.i - b.i || Number(Boolean(b.inst.domain)) - Number(Boolean(a.inst.domain)))
}

/** Refuses a name that is both a company and a school: the question must name it by domain or key. */
function refuseCompanyAndSchool(inst: InstitutionRef, named: InstitutionRef[]): void {
  const same = named.filter((x) => x.name_norm === inst.name_norm && x.inst_key !== inst.inst_key)
  if (!same.some((x) => x.type !== inst.type)) return
  const candidates = [inst, ...same].map((x) => ({ id: x.inst_key, name: x.name, kind: x.type, domain: x.domain }))
  throw new ApiError(
    'relationship.anchor_ambiguous',
    `"${inst.name}" is both a company and a school; name it by domain or inst_key.`,
    { extra: { anchor: inst.name, candidates } },
  )
}

/** Partial names ("Lumina"): runs of capitalised words nothing else used, read as the prefix of a company's or school's name, into `mentions`. */
async function partialNameMentions(
  deps: Deps,
  query: string,
  tokens: Token[],
  used: boolean[],
  mentions: Mention[],
  warnings: string[],
): Promise<void> {
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
}
