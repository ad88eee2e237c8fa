// Record lookup (data-routes §2.1, §4.3): ids → one EntityHit per entry, in order. Shapes:
// contract/entities.ts; queries: store/entities.ts; design notes: docs/entities-and-org-chart.md.
import { LOOKUP_CAPS, type EntityHitRow, type LookupBody } from '../contract/entities.ts'
import { envelope, type EnvelopeFields } from '../contract/common.ts'
import { RecordSchemas, type EntityCategory } from '../contract/records.ts'
import {
  classifyAnchor,
  normaliseCompanyPageUrl,
  normaliseDoi,
  normaliseDomain,
  normaliseName,
  normalisePatentNumber,
  normaliseProfileUrl,
} from '../corpus/normalise.ts'
import { ApiError } from '../errors.ts'
import * as store from '../store/entities.ts'
import type { Db } from '../store/db.ts'
import type { ChargeInput } from './credits/metering.ts'
import { guarded } from './guard.ts'
import { distinctiveWords, nameMatchScore, NAME_MATCH_FLOOR, type NameKind } from './name-match.ts'
import type { Deps } from './types.ts'

/** How one entry is looked up. `internal`: the record's own id (the store's vector key). */
type Mode = 'internal' | 'domain' | 'company_page' | 'profile' | 'name' | 'patent' | 'doi' | 'trend'

/** A person name yields its best candidates, a document name every candidate: both capped per entry. */
export const PERSON_NAME_MATCHES = 10
export const DOCUMENT_NAME_MATCHES = 100

type Obj = Record<string, unknown>
export type LookupAnswer = EnvelopeFields<EntityHitRow>

const DOCUMENT_CATEGORIES = new Set<EntityCategory>([
  'patent',
  'news_article',
  'market_report',
  'funding_round',
  'academic_report',
  'trend',
  'job_opening',
])

function invalid(detail: string, loc: (string | number)[], input: unknown, extra: Obj = {}): ApiError {
  return new ApiError('request.invalid', detail, {
    extra: { ...extra, errors: [{ type: 'value_error', loc, msg: detail, input: input ?? null, ctx: null }] },
  })
}

/** The lookup mode of each entry, from the route's category and `by` (§4.3 table). */
function modeOf(category: EntityCategory, by: string | null | undefined, value: string): Mode {
  switch (category) {
    case 'company':
      if (by === 'domain') return 'domain'
      if (by === 'li_url') return 'company_page'
      if (by === 'name') return 'name'
      if (by === 'auto') {
        const kind = classifyAnchor(value)
        return kind === 'li_url' ? 'company_page' : kind
      }
      return 'internal'
    case 'person':
      if (by === 'li_url') return 'profile'
      if (by === 'name') return 'name'
      if (by === 'auto') return normaliseProfileUrl(value) ? 'profile' : 'name'
      return 'internal'
    case 'patent':
      return 'patent'
    case 'academic_report':
      return 'doi'
    case 'trend':
      return 'trend'
    default:
      return by === 'id' ? 'internal' : 'name'
  }
}

/** An internal id is the decimal vector key; anything else (a domain, a 16-hex search-hit id) is a miss (§4.3 rule 1). */
function internalKey(value: string): number | null {
  const s = value.trim()
  return /^[1-9]\d{0,14}$/.test(s) ? Number(s) : null
}

/** The normalised key an entry is looked up by; null when it cannot name a record (a miss, never a 422). */
function keyOf(mode: Mode, value: string): string | null {
  switch (mode) {
    case 'internal': {
      const k = internalKey(value)
      return k === null ? null : String(k)
    }
    case 'domain':
      return normaliseDomain(value)
    case 'company_page':
      return normaliseCompanyPageUrl(value)
    case 'profile':
      return normaliseProfileUrl(value)
    case 'patent':
      return normalisePatentNumber(value)
    case 'doi':
      return normaliseDoi(value)
    case 'trend':
    case 'name': {
      const n = normaliseName(value)
      return n.length > 0 ? n : null
    }
  }
}

function checkRequest(category: EntityCategory, body: LookupBody, modes: Mode[]): void {
  const names = modes.filter((m) => m === 'name').length
  if (names > LOOKUP_CAPS.name) {
    throw invalid(
      `At most ${LOOKUP_CAPS.name} ids can be looked up by name in one request; this one has ${names}. Nothing was charged.`,
      ['body', 'ids'],
      body.ids.length,
      {
        cap: LOOKUP_CAPS.name,
        received: names,
      },
    )
  }
  if (body.fields) {
    const known = Object.keys((RecordSchemas[category] as unknown as { properties: Obj }).properties)
    const index = body.fields.findIndex((f) => !known.includes(f))
    if (index >= 0)
      throw invalid(
        `${JSON.stringify(body.fields[index])} is not a field of a ${category} record. Accepted: ${known.join(', ')}.`,
        ['body', 'fields', index],
        body.fields[index],
        { accepted: known },
      )
  }
}

type Found = Map<string, store.FoundRecord[]>

const one = (rows: store.FoundRecord[]) => (rows.length > 0 ? [rows[0]!] : [])

function groupBy<T extends store.FoundRecord>(rows: T[], key: (row: T) => string | null): Found {
  const out: Found = new Map()
  for (const row of rows) {
    const k = key(row)
    if (k === null) continue
    const list = out.get(k) ?? []
    list.push(row)
    out.set(k, list)
  }
  return out
}

/** Looks up every distinct key of one mode; returns key → matches (already ordered and capped). */
async function findAll(
  db: Db,
  category: EntityCategory,
  mode: Mode,
  keys: string[],
  raw: Map<string, string>,
): Promise<Found> {
  const isDocument = DOCUMENT_CATEGORIES.has(category)
  switch (mode) {
    case 'internal': {
      const numbers = keys.map(Number)
      const rows =
        category === 'company'
          ? await store.findCompaniesByVecKeys(db, numbers)
          : category === 'person'
            ? await store.findPersonsByVecKeys(db, numbers)
            : await store.findDocumentsByVecKeys(db, category, numbers)
      return groupBy(rows, (r) => String(r.vec_key))
    }
    case 'domain':
      return groupBy(await store.findCompaniesByDomains(db, keys), (r) => r.domain)
    case 'company_page': {
      // Ordered largest first: a page URL shared by several records keeps the largest (at most one match).
      const found = groupBy(await store.findCompaniesByPageUrls(db, keys), (r) => r.professional_url)
      return new Map([...found].map(([k, rows]) => [k, one(rows)]))
    }
    case 'profile':
      return groupBy(await store.findPersonsByProfileUrls(db, keys), (r) => r.profile_url)
    case 'patent':
    case 'doi':
      return groupBy(await store.findDocumentsByLookupIds(db, category, keys), (r) => r.lookup_id)
    case 'trend':
      return groupBy(await store.findDocumentsByNameNorms(db, category, keys), (r) => r.name_norm)
    case 'name': {
      const out: Found = new Map()
      // One query per distinct name (at most 50): each is a trigram-index scan with its own ranking.
      for (const key of keys) {
        const name = raw.get(key)!.trim()
        let rows: store.FoundRecord[]
        if (category === 'company') rows = (await namedLike(db, 'company', name, key)).slice(0, 1)
        else if (category === 'person') rows = (await namedLike(db, 'person', name, key)).slice(0, PERSON_NAME_MATCHES)
        else if (isDocument)
          rows = await store.findDocumentsByName(
            db,
            category,
            name,
            category === 'job_opening' ? 'recent' : 'match',
            DOCUMENT_NAME_MATCHES,
          )
        else rows = []
        out.set(key, rows)
      }
      return out
    }
  }
}

/**
 * The companies or people a name lookup answers, best first: the trigram index's candidates kept
 * when their distinctive words agree with the name's past NAME_MATCH_FLOOR (domain/name-match.ts),
 * ranked by that agreement, an exact normalised name first; the index's order (similarity, then
 * size for companies) breaks ties. None past the floor: a miss.
 */
async function namedLike(db: Db, kind: NameKind, name: string, nameNorm: string): Promise<store.FoundRecord[]> {
  // The index splits words at hyphens: "Coca Cola", not the one word the rule reads in "Coca-Cola".
  const core = distinctiveWords(name.replace(/[-‐‑‒–—]/g, ' '), kind).join(' ')
  const candidates =
    kind === 'company'
      ? await store.findCompaniesNamedLike(db, name, core, nameNorm, store.NAME_CANDIDATES)
      : await store.findPersonsNamedLike(db, name, core, store.NAME_CANDIDATES)
  return candidates
    .map((row, order) => ({
      row,
      order,
      exact: row.name_norm === nameNorm,
      score: row.name === null ? 0 : nameMatchScore(name, row.name, kind),
    }))
    .filter((c) => c.exact || c.score >= NAME_MATCH_FLOOR)
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score || a.order - b.order)
    .map((c) => c.row)
}

/** The record as returned: its internal id set, restricted to `fields` (the id is always kept). */
function present(row: store.FoundRecord, fields: string[] | null | undefined): Obj {
  const record: Obj = { ...(row.record as Obj), id: String(row.vec_key) }
  if (!fields) return record
  const out: Obj = { id: record.id }
  for (const f of fields) if (f in record) out[f] = record[f]
  return out
}

/**
 * Looks up each entry of `body.ids` in `category`. Over a cap → 422 before any read (nothing is
 * charged: the route charges only once this returns). The retrieval store unreachable → 503
 * upstream.unavailable. `total` is the number of entries found.
 */
export async function lookupEntities(deps: Deps, category: EntityCategory, body: LookupBody): Promise<LookupAnswer> {
  const modes = body.ids.map((id) => modeOf(category, body.by, id))
  checkRequest(category, body, modes)
  const keys = body.ids.map((id, i) => keyOf(modes[i]!, id))
  const wanted = new Map<Mode, Map<string, string>>()
  keys.forEach((key, i) => {
    if (key === null) return
    const byKey = wanted.get(modes[i]!) ?? new Map<string, string>()
    if (!byKey.has(key)) byKey.set(key, body.ids[i]!)
    wanted.set(modes[i]!, byKey)
  })
  const found = await guarded(deps, 'retrieval', 'upstream.unavailable', async () => {
    const out = new Map<Mode, Found>()
    for (const [mode, byKey] of wanted) out.set(mode, await findAll(deps.db, category, mode, [...byKey.keys()], byKey))
    return out
  })
  const results = body.ids.map((id, i): EntityHitRow => {
    const key = keys[i] ?? null
    const rows = key === null ? [] : (found.get(modes[i]!)?.get(key) ?? [])
    const matches = rows.map((r) => present(r, body.fields))
    return { id, category, found: matches.length > 0, matches }
  })
  return envelope(results, { total: results.filter((r) => r.found).length })
}

/** What the route charges once the answer is ready: dsp.entities, one unit per entry found (docs: 0.02 each). */
export function lookupCharge(body: LookupBody, answer: LookupAnswer): Omit<ChargeInput, 'scope'> {
  const positions = answer.results.flatMap((r, i) => (r.found ? [i] : []))
  return {
    action_type: 'dsp.entities',
    positions,
    query: body.ids.join(', '),
    request: body,
    result_count: positions.length,
    snapshot_state: 'not_a_search',
  }
}

export const lookupCompanies = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'company', body)
export const lookupPersons = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'person', body)
export const lookupPatents = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'patent', body)
export const lookupTrends = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'trend', body)
export const lookupAcademicReports = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'academic_report', body)
export const lookupNews = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'news_article', body)
export const lookupMarketReports = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'market_report', body)
export const lookupFundings = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'funding_round', body)
export const lookupJobOpenings = (deps: Deps, body: LookupBody) => lookupEntities(deps, 'job_opening', body)
