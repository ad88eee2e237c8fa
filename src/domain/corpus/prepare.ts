// One input record → a stored record: schema check, identifier normalisation, natural key, row id
// and content hash. Pure (no store); ingest.ts batches what comes out. Rules: docs/ingest.md.
import { createHash } from 'node:crypto'
import { Compile } from 'typebox/compile'
import type { Validator } from 'typebox/compile'
import { RecordSchemas, School, type IngestCategory } from '../../contract/records.ts'
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
import { suggestField } from './mapping-header.ts'
import { normaliseRecordFacets } from './normalise-record.ts'

export type StoredRecord = Record<string, unknown>

export interface PreparedRecord {
  /** Row id: a company's domain, a school's school_id, otherwise the 16-hex hash of the natural key. */
  id: string
  /** The upsert key: `source_id=…` or the category's natural key (docs/ingest.md §2). */
  naturalKey: string
  /** The record's source_id (trimmed), null without one. */
  sourceId: string | null
  record: StoredRecord
  /** The record as canonical JSON (what is stored). */
  json: string
  /** sha-256 (hex, 32 chars) of `json`. */
  hash: string
}

/** A rejected record: every problem found, each as `<JSON pointer>: <what is wrong>`. */
export type Prepared = { ok: true; value: PreparedRecord } | { ok: false; reason: string; problems: string[] }

const rejected = (problems: string[]): Prepared => ({ ok: false, reason: problems.join('; '), problems })

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

/**
 * Every problem in words, one per field: `/employment_history/0/start: expected string or null`,
 * `/foo: unknown field`. A union's own "must match a schema in anyOf" and an object's summary of
 * its unknown fields are left out when a more precise problem names the same place.
 */
export function schemaProblems(errors: SchemaError[], unknown: ReadonlyMap<string, string> = new Map()): string[] {
  if (errors.length === 0) return ['does not match the schema']
  const out = new Map<string, string>()
  const types = new Map<string, string[]>()
  for (const e of errors) {
    const path = e.instancePath || '/'
    if (e.keyword === 'boolean') out.set(path, unknown.get(path) ?? `${path}: unknown field`)
    else if (e.keyword === 'type') {
      const list = types.get(path) ?? []
      list.push(String(e.params.type))
      types.set(path, list)
    }
  }
  const deeper = (path: string) => errors.some((e) => (e.instancePath || '/').startsWith(path + '/'))
  // A nullable object or list whose content is wrong also fails "null": its content's problem says it.
  for (const [path, list] of types)
    if (!deeper(path)) out.set(path, `${path}: expected ${[...new Set(list)].join(' or ')}`)
  for (const e of errors) {
    const path = e.instancePath || '/'
    if (out.has(path) || types.has(path) || e.keyword === 'additionalProperties' || e.keyword === 'anyOf') continue
    out.set(path, `${path}: ${e.message}`)
  }
  // The validator names the first unknown field of an object only: the walk names every one.
  for (const [path, text] of unknown) if (!out.has(path)) out.set(path, text)
  if (out.size === 0) out.set('/', `/: ${errors[0]!.message}`)
  return [...out.values()]
}

/** The parts of a record schema the walk below reads. */
interface SchemaNode {
  type?: unknown
  properties?: Record<string, SchemaNode>
  additionalProperties?: unknown
  items?: SchemaNode
  anyOf?: SchemaNode[]
}

const pointer = (key: string) => '/' + key.replace(/~/g, '~0').replace(/\//g, '~1')

/**
 * Every key of the value that its (closed) object schema does not name, at any depth, as
 * `<JSON pointer>: unknown field`, with the field a top-level key most likely means
 * (`/name: unknown field (did you mean account_name?)`, `suggestField`).
 */
export function unknownFieldProblems(category: IngestCategory, value: unknown): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (schema: SchemaNode | undefined, v: unknown, path: string) => {
    if (!schema || v === null || typeof v !== 'object') return
    if (schema.anyOf) {
      const kind = Array.isArray(v) ? 'array' : 'object'
      walk(
        schema.anyOf.find((s) => s.type === kind),
        v,
        path,
      )
      return
    }
    if (Array.isArray(v)) {
      if (schema.type === 'array') v.forEach((item, i) => walk(schema.items, item, `${path}/${i}`))
      return
    }
    if (schema.type !== 'object' || !schema.properties) return
    for (const [key, item] of Object.entries(v)) {
      const at = path + pointer(key)
      const field = schema.properties[key]
      if (field) walk(field, item, at)
      else if (schema.additionalProperties === false) {
        const hint = path === '' ? suggestField(category, key) : null
        out.set(at, `${at}: unknown field${hint ? ` (did you mean ${hint}?)` : ''}`)
      }
    }
  }
  walk((category === 'school' ? School : RecordSchemas[category]) as SchemaNode, value, '')
  return out
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

/** Where normaliseField puts its problems while prepareRecord collects them all (sync, one record at a time). */
let problemSink: string[] | null = null

/** Normalises obj[field] in place; a blank value becomes null, an unusable one rejects the record. */
function normaliseField(obj: unknown, field: string, normaliser: Normaliser, path: string, what: string): void {
  if (obj === null || typeof obj !== 'object') return
  const o = obj as Record<string, unknown>
  const value = o[field]
  if (typeof value !== 'string') return
  // A bare scheme (`http://`, an export's placeholder for a missing URL) is no value either.
  if (value.trim() === '' || /^[a-z][a-z0-9+.-]*:\/\/\/?$/i.test(value.trim())) {
    o[field] = null
    return
  }
  const normalised = normaliser(value)
  if (normalised === null) {
    const problem = `${path}/${field}: not ${what} (${JSON.stringify(value.slice(0, 100))})`
    if (problemSink === null) throw new Rejection(problem)
    problemSink.push(problem)
    return
  }
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
  company: 'domain, professional_url or source_id',
  person: 'profile_url or source_id',
  patent: 'patent_id or source_id',
  academic_report: 'doi or source_id',
  trend: 'name or source_id',
  news_article: 'source_id, link, or title and published_at',
  market_report: 'source_id, url, or title and publisher',
  funding_round: 'source_id, or company_domain (or company), type and announced_on',
  job_opening: 'source_id, or company_domain (or company), role and posted_at',
  school: 'school_id',
}

/**
 * Validates and normalises one parsed input value (taking ownership: it is modified in place).
 * `id` in the input is dropped: the store assigns internal ids. A record without a complete
 * natural key is rejected, because it could not be upserted idempotently.
 */
export function prepareRecord(category: IngestCategory, value: unknown, secret: string): Prepared {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return rejected(['a line must hold one JSON object'])
  }
  const validator = validatorOf(category)
  if (!validator.Check(value))
    return rejected(
      schemaProblems([...validator.Errors(value)] as SchemaError[], unknownFieldProblems(category, value)),
    )
  const record = value as StoredRecord
  const problems: string[] = []
  problemSink = problems
  try {
    NORMALISE[category](record)
    normaliseField(record, 'source_id', trimmed, '', 'a source id')
    normaliseRecordFacets(category, record)
  } finally {
    problemSink = null
  }
  if (problems.length > 0) return rejected(problems)
  delete record.id
  const sourceId = typeof record.source_id === 'string' ? record.source_id : null
  const key = recordKey(category, record, sourceId)
  if (key === null) return rejected([`no identifier: a ${category} record needs ${KEY_HINT[category]}`])
  let id: string
  if (category === 'school') id = key
  else if (category === 'company' && typeof record.domain === 'string') id = record.domain
  else id = hashedId(secret, category, key)
  const json = canonicalJson(record)
  // JSON.stringify writes NUL and lone surrogates as \u escapes: only then is the walk needed.
  if ((json.includes('\\u0000') || json.includes('\\ud')) && unstorableTextAt(record) !== null)
    return rejected(['a text holds a NUL character or an unpaired surrogate, which the store cannot keep'])
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 32)
  return { ok: true, value: { id, naturalKey: key, sourceId, record, json, hash } }
}

/**
 * The upsert key (docs/ingest.md §2). Documents: their source_id when they have one, else the
 * natural key. Companies and persons: their web identifier (domain, page URL, profile URL), which
 * lookups, lists and the affiliation graph take, else their source_id.
 */
function recordKey(category: IngestCategory, record: StoredRecord, sourceId: string | null): string | null {
  if (category === 'school') return (record.school_id as string | null | undefined) ?? null
  const bySource = sourceId === null ? null : `source_id=${encodeURIComponent(sourceId)}`
  if (category === 'company' || category === 'person') return naturalKey(category, record) ?? bySource
  return bySource ?? naturalKey(category, record)
}
