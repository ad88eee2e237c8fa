// One input record → a stored record: schema check, identifier normalisation, natural key, row id
// and content hash. Pure (no store); ingest.ts batches what comes out. Rules: docs/corpus.md §6.
import { createHash } from 'node:crypto'
import { Compile } from 'typebox/compile'
import type { Validator } from 'typebox/compile'
import { ENTITY_CATEGORIES, RecordSchemas, School } from '../../contract/records.ts'
import { unstorableTextAt } from '../../contract/validation.ts'
import {
  naturalKey,
  normaliseCompanyPageUrl,
  normaliseDoi,
  normaliseDomain,
  normalisePatentNumber,
  normaliseProfileUrl,
  normaliseSchoolPageUrl,
} from '../../corpus/normalise.ts'
import { hashedId } from '../ids.ts'
import { normaliseRecordFacets } from './normalise-record.ts'

/** What `dsp ingest --category` and the admin route take: the nine categories, plus schools (institutions only). */
export const INGEST_CATEGORIES = [...ENTITY_CATEGORIES, 'school'] as const
export type IngestCategory = (typeof INGEST_CATEGORIES)[number]

export type StoredRecord = Record<string, unknown>

export interface PreparedRecord {
  /** Row id: a company's domain, a school's school_id, otherwise the 16-hex hash of the natural key. */
  id: string
  naturalKey: string
  record: StoredRecord
  /** The record as canonical JSON (what is stored). */
  json: string
  /** sha-256 (hex, 32 chars) of `json`. */
  hash: string
}

export type Prepared = { ok: true; value: PreparedRecord } | { ok: false; reason: string }

class Rejection extends Error {}

const validators = new Map<IngestCategory, Validator>()
function validatorOf(category: IngestCategory): Validator {
  let v = validators.get(category)
  if (!v) {
    v = Compile(category === 'school' ? School : RecordSchemas[category]) as unknown as Validator
    validators.set(category, v)
  }
  return v
}

interface SchemaError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message: string
}

/** The first problem in words: `/employment_history/0/start: expected string or null`, `/foo: unknown field`. */
function schemaReason(errors: SchemaError[]): string {
  const first = errors[0]
  if (!first) return 'does not match the schema'
  if (first.keyword === 'boolean' || first.keyword === 'additionalProperties') {
    const unknown = errors.find((e) => e.keyword === 'boolean')
    return `${unknown?.instancePath ?? first.instancePath}: unknown field`
  }
  const path = first.instancePath || '/'
  const types = errors
    .filter((e) => e.instancePath === first.instancePath && e.keyword === 'type')
    .map((e) => String(e.params.type))
  if (types.length > 0) return `${path}: expected ${[...new Set(types)].join(' or ')}`
  return `${path}: ${first.message}`
}

/**
 * JSON with object keys sorted at every depth: equal content gives equal text whatever the key
 * order. Undefined object members are left out and undefined array items become null, as in
 * JSON.stringify. It is what the store keeps (jsonb) and what the content hash reads.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ','
      const item: unknown = value[i]
      out += item === undefined ? 'null' : canonicalJson(item)
    }
    return out + ']'
  }
  const o = value as Record<string, unknown>
  const keys = Object.keys(o)
  if (keys.length > 1) keys.sort()
  let out = '{'
  for (const k of keys) {
    const item = o[k]
    if (item === undefined) continue
    if (out.length > 1) out += ','
    out += JSON.stringify(k) + ':' + canonicalJson(item)
  }
  return out + '}'
}

type Normaliser = (value: string) => string | null

/** Normalises obj[field] in place; a blank value becomes null, an unusable one rejects the record. */
function normaliseField(obj: unknown, field: string, normaliser: Normaliser, path: string, what: string): void {
  if (obj === null || typeof obj !== 'object') return
  const o = obj as Record<string, unknown>
  const value = o[field]
  if (typeof value !== 'string') return
  if (value.trim() === '') {
    o[field] = null
    return
  }
  const normalised = normaliser(value)
  if (normalised === null) throw new Rejection(`${path}/${field}: not ${what} (${JSON.stringify(value.slice(0, 100))})`)
  o[field] = normalised
}

const domain = (obj: unknown, field: string, path: string) =>
  normaliseField(obj, field, normaliseDomain, path, 'a domain name')
const trimmed: Normaliser = (v) => v.trim() || null

function eachOf(record: StoredRecord, field: string, fn: (item: unknown, path: string) => void): void {
  const list = record[field]
  if (Array.isArray(list)) list.forEach((item, i) => fn(item, `/${field}/${i}`))
}

// Identifier fields of each category, normalised on entry (platform §4.7 rules 1–2): every domain
// lower-cased without scheme or www., profile and page URLs canonical, DOIs and patent numbers in one form.
const NORMALISE: Record<IngestCategory, (r: StoredRecord) => void> = {
  company: (r) => {
    domain(r, 'domain', '')
    normaliseField(r, 'professional_url', normaliseCompanyPageUrl, '', 'a company page URL')
  },
  person: (r) => {
    normaliseField(r, 'profile_url', normaliseProfileUrl, '', 'a profile URL')
    domain(r.current_employer, 'company_id', '/current_employer')
    domain(r.current_employer, 'domain', '/current_employer')
    eachOf(r, 'employment_history', (job, path) => {
      domain(job, 'company_id', path)
      domain(job, 'domain', path)
    })
    eachOf(r, 'education', (degree, path) => normaliseField(degree, 'school_id', trimmed, path, 'a school id'))
  },
  patent: (r) => normaliseField(r, 'patent_id', normalisePatentNumber, '', 'a patent number'),
  academic_report: (r) => normaliseField(r, 'doi', normaliseDoi, '', 'a DOI'),
  news_article: (r) => {
    const companies = r.companies as Record<string, unknown> | null | undefined
    for (const list of ['direct_link', 'linked']) {
      const refs = companies?.[list]
      if (Array.isArray(refs)) refs.forEach((ref, i) => domain(ref, 'domain', `/companies/${list}/${i}`))
    }
    domain(r.publication, 'domain', '/publication')
  },
  market_report: () => {},
  funding_round: (r) => domain(r, 'company_domain', ''),
  trend: (r) => eachOf(r, 'related_companies', (ref, path) => domain(ref, 'domain', path)),
  job_opening: (r) => domain(r, 'company_domain', ''),
  school: (r) => {
    normaliseField(r, 'school_id', trimmed, '', 'a school id')
    domain(r, 'domain', '')
    normaliseField(r, 'professional_url', normaliseSchoolPageUrl, '', 'a school page URL')
  },
}

const KEY_HINT: Record<IngestCategory, string> = {
  company: 'domain or professional_url',
  person: 'profile_url',
  patent: 'patent_id',
  academic_report: 'doi',
  trend: 'name',
  news_article: 'link, or title and published_at',
  market_report: 'url, or title and publisher',
  funding_round: 'company_domain (or company), type and announced_on',
  job_opening: 'company_domain (or company), role and posted_at',
  school: 'school_id',
}

/**
 * Validates and normalises one parsed input value (taking ownership: it is modified in place).
 * `id` in the input is dropped: the store assigns internal ids. A record without a complete
 * natural key is rejected, because it could not be upserted idempotently.
 */
export function prepareRecord(category: IngestCategory, value: unknown, secret: string): Prepared {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'a line must hold one JSON object' }
  }
  const validator = validatorOf(category)
  if (!validator.Check(value)) return { ok: false, reason: schemaReason([...validator.Errors(value)] as SchemaError[]) }
  const record = value as StoredRecord
  try {
    NORMALISE[category](record)
    normaliseRecordFacets(category, record)
  } catch (e) {
    if (e instanceof Rejection) return { ok: false, reason: e.message }
    throw e
  }
  delete record.id
  const key =
    category === 'school' ? ((record.school_id as string | null | undefined) ?? null) : naturalKey(category, record)
  if (key === null) return { ok: false, reason: `no identifier: a ${category} record needs ${KEY_HINT[category]}` }
  let id: string
  if (category === 'school') id = key
  else if (category === 'company' && typeof record.domain === 'string') id = record.domain
  else id = hashedId(secret, category, key)
  const json = canonicalJson(record)
  // JSON.stringify writes NUL and lone surrogates as \u escapes: only then is the walk needed.
  if ((json.includes('\\u0000') || json.includes('\\ud')) && unstorableTextAt(record) !== null)
    return { ok: false, reason: 'a text holds a NUL character or an unpaired surrogate, which the store cannot keep' }
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 32)
  return { ok: true, value: { id, naturalKey: key, record, json, hash } }
}

export function isIngestCategory(value: string): value is IngestCategory {
  return (INGEST_CATEGORIES as readonly string[]).includes(value)
}
