// Mapping of foreign columns (a CSV header, the keys of someone else's JSON) onto the record
// fields of a category: which column is which field and how to read it (number, date, a list
// split on a delimiter, numbered columns that make a person's employment and education).
// Without a mapping file, common header names are recognised. Rules: docs/ingest-formats.md §1.
import { NOUNS, PERSON_GROUPS, SOURCE_ID_HEADERS, SYNONYMS } from './header-names.ts'
import type { TSchema } from 'typebox'
import { CATEGORY_IDENTIFIERS, RecordSchemas, School } from '../../contract/records.ts'
import { splitPlace } from './normalise-places.ts'
import type { IngestCategory } from './prepare.ts'
import { RelationError, relationRule, type RelationRule } from './relations.ts'

/** How a column's text becomes a field value. */
export type ValueType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'month' | 'year' | 'list' | 'place'

/** Date layouts a mapping may name; `auto` reads ISO dates, `YYYY`, `YYYY-MM` and `YYYY/MM`. */
export const DATE_FORMATS = ['auto', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

export interface FieldRule {
  column: string
  type: ValueType
  /** For lists: the delimiter (default `;`). */
  split?: string
  /** For dates, months and years. */
  format?: DateFormat
  /** Put before the value (e.g. `crm:` for a source_id). */
  prefix?: string
  /** For places: where the text and its parts go (`placeTargets`). */
  place?: PlaceTargets
}

/** Where a place written on one line goes: the text as written, and the fields its parts fill. */
export interface PlaceTargets {
  text: string | null
  city: string | null
  state: string | null
  country: string | null
}

/** The field a one-line place (`San Francisco, CA, USA`) is read into, per category: `location`. */
const PLACE_TARGETS: Partial<Record<IngestCategory, PlaceTargets>> = {
  company: { text: 'location', city: 'city', state: 'state', country: 'country' },
  person: { text: null, city: 'location.city', state: 'location.state', country: 'location.country' },
  job_opening: { text: 'location', city: 'city', state: null, country: 'country' },
}

/** Where a place read into `field` goes; null when the category reads no place there. */
export function placeTargets(category: IngestCategory, field: string): PlaceTargets | null {
  return field === 'location' ? (PLACE_TARGETS[category] ?? null) : null
}

/** Numbered columns (`past_employer_1`, `past_employer_2`, …) that make one list of objects. */
export interface GroupRule {
  /** Sub-field → column pattern holding `*` where the number goes. */
  fields: Record<string, string>
  /** Numbers tried: 1..max (default 20). */
  max: number
}

export interface Mapping {
  /** Field path (dotted for nested objects: `location.country`, `current_employer.company`) → rule. */
  fields: Record<string, FieldRule>
  /** List field (`employment_history`, `education`) → its numbered columns. */
  groups: Record<string, GroupRule>
  /** Persons: the file holds one row per relation, gathered per key (relations.ts). */
  relations?: RelationRule
}

const GROUP_FIELDS = ['employment_history', 'education'] as const
const DATE_SUBFIELDS = new Set(['start', 'end'])

export class MappingError extends Error {}

/** The parts of a JSON schema read here. */
interface Schema {
  type?: unknown
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
}

/** The schema of a field of a category (dotted for nested ones), its null alternative left out; undefined when unknown. */
function fieldSchema(category: IngestCategory, path: string): Schema | undefined {
  let schema: Schema | undefined = (category === 'school' ? School : RecordSchemas[category]) as TSchema as Schema
  for (const part of path.split('.')) {
    schema = nonNull(schema)?.properties?.[part]
    if (!schema) return undefined
  }
  return nonNull(schema)
}

/** The JSON type of a field of a category's schema (`string`, `integer`, `array`, …), null when unknown. */
function schemaType(category: IngestCategory, path: string): string | null {
  const s = fieldSchema(category, path)
  return typeof s?.type === 'string' ? s.type : null
}

function nonNull(schema: Schema | undefined): Schema | undefined {
  if (!schema?.anyOf) return schema
  return schema.anyOf.find((s) => s.type !== 'null') ?? schema
}

function defaultType(category: IngestCategory, field: string): ValueType {
  if (placeTargets(category, field)) return 'place'
  switch (schemaType(category, field)) {
    case 'integer':
      return field.endsWith('_year') ? 'year' : 'integer'
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'array':
      return 'list'
    default:
      return 'string'
  }
}

const VALUE_TYPES: ValueType[] = ['string', 'integer', 'number', 'boolean', 'date', 'month', 'year', 'list', 'place']

/**
 * Reads a mapping file's JSON: `{"fields": {"account_name": "Company", "employee_count":
 * {"column": "Staff", "type": "integer"}}, "employment_history": {"company": "past_employer_*", …}}`.
 * Throws MappingError naming what is wrong.
 */
export function parseMapping(category: IngestCategory, input: unknown): Mapping {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new MappingError('a mapping is a JSON object with "fields"')
  const o = input as Record<string, unknown>
  for (const key of Object.keys(o))
    if (key !== 'fields' && key !== 'relations' && !(GROUP_FIELDS as readonly string[]).includes(key))
      throw new MappingError(`unknown mapping key "${key}" (fields, employment_history, education, relations)`)
  const mapping: Mapping = { fields: {}, groups: {} }
  const fields = (o.fields ?? {}) as Record<string, unknown>
  if (typeof fields !== 'object' || Array.isArray(fields)) throw new MappingError('"fields" is an object')
  for (const [field, rule] of Object.entries(fields)) {
    if (field !== 'source_id' && schemaType(category, field) === null)
      throw new MappingError(`"${field}" is not a field of a ${category} record`)
    mapping.fields[field] = fieldRule(category, field, rule)
  }
  for (const group of GROUP_FIELDS) {
    const g = o[group]
    if (g === undefined) continue
    if (category !== 'person') throw new MappingError(`"${group}" applies to persons only`)
    if (g === null || typeof g !== 'object' || Array.isArray(g))
      throw new MappingError(`"${group}" maps sub-fields to column patterns`)
    const rule: GroupRule = { fields: {}, max: 20 }
    for (const [sub, pattern] of Object.entries(g as Record<string, unknown>)) {
      if (sub === 'max' && Number.isInteger(pattern)) {
        rule.max = pattern as number
        continue
      }
      if (typeof pattern !== 'string' || !pattern.includes('*'))
        throw new MappingError(`"${group}.${sub}" is a column pattern with * for the number, e.g. "school_*"`)
      if (schemaType(category, `${group}`) === null) throw new MappingError(`unknown group ${group}`)
      rule.fields[sub] = pattern
    }
    mapping.groups[group] = rule
  }
  if (o.relations !== undefined) {
    const r = o.relations as Record<string, unknown> | null
    if (category !== 'person') throw new MappingError('"relations" applies to persons only')
    if (r === null || typeof r !== 'object' || Array.isArray(r))
      throw new MappingError('"relations" is {"key": <column>, "type": <column>, "types": {<type>: <kind>}}')
    for (const k of Object.keys(r))
      if (!['key', 'type', 'types'].includes(k))
        throw new MappingError(`unknown key "relations.${k}" (key, type, types)`)
    const types = r.types
    if (types !== undefined && (types === null || typeof types !== 'object' || Array.isArray(types)))
      throw new MappingError('"relations.types" maps each relation type to employment, education or ignore')
    mapping.relations = asMappingError(() =>
      relationRule({ key: r.key, type: r.type, types: types as Record<string, unknown> | undefined }),
    )
  }
  return mapping
}

function asMappingError<T>(fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    if (e instanceof RelationError) throw new MappingError(e.message)
    throw e
  }
}

/**
 * The relation rule in effect: the flags (`--relation-key`, `--relation-type`, `--relation
 * type=kind`; the route's relation_key, relation_type, relation) over a mapping file's
 * "relations". Null when neither names one; persons only. Throws MappingError.
 */
export function relationsOf(
  category: IngestCategory,
  mapping: Mapping | null,
  flags: { key?: string; type?: string; pairs?: readonly string[] },
): RelationRule | null {
  const given = flags.key !== undefined || flags.type !== undefined || (flags.pairs?.length ?? 0) > 0
  const base = mapping?.relations
  if (!given) return base ?? null
  if (category !== 'person') throw new MappingError('relations (one row per relation) apply to persons only')
  const pairs = (flags.pairs ?? []).map((p) => p.trim())
  return asMappingError(() =>
    relationRule({ key: flags.key ?? base?.key, type: flags.type ?? base?.type, types: pairs }, base?.kinds),
  )
}

function fieldRule(category: IngestCategory, field: string, rule: unknown): FieldRule {
  if (typeof rule === 'string') return withPlace(category, field, { column: rule, type: defaultType(category, field) })
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule))
    throw new MappingError(`"${field}" maps to a column name or {"column": …, "type": …}`)
  const r = rule as Record<string, unknown>
  if (typeof r.column !== 'string') throw new MappingError(`"${field}" needs "column"`)
  const type = (r.type ?? defaultType(category, field)) as ValueType
  if (!VALUE_TYPES.includes(type)) throw new MappingError(`"${field}": type is one of ${VALUE_TYPES.join(', ')}`)
  const format = (r.format ?? 'auto') as DateFormat
  if (!DATE_FORMATS.includes(format)) throw new MappingError(`"${field}": format is one of ${DATE_FORMATS.join(', ')}`)
  if (r.split !== undefined && typeof r.split !== 'string') throw new MappingError(`"${field}": split is a string`)
  if (r.prefix !== undefined && typeof r.prefix !== 'string') throw new MappingError(`"${field}": prefix is a string`)
  return withPlace(category, field, {
    column: r.column,
    type,
    format,
    ...(r.split !== undefined ? { split: r.split as string } : {}),
    ...(r.prefix !== undefined ? { prefix: r.prefix as string } : {}),
  })
}

/** A place rule with its targets; a place type on a field that takes none is refused. */
function withPlace(category: IngestCategory, field: string, rule: FieldRule): FieldRule {
  if (rule.type !== 'place') return rule
  const place = placeTargets(category, field)
  if (!place)
    throw new MappingError(
      `"${field}": type place reads a one-line place into location (company, person, job_opening records)`,
    )
  return { ...rule, place }
}

// ---- Renames (`--map field=column`) ----

/**
 * `field=column` pairs (`dsp ingest --map`, the route's `map`) → field → column. The field is one
 * of the category's (dotted for nested ones: `current_employer.company`) or `source_id`; a bad
 * pair throws a MappingError naming it.
 */
export function parseRenames(category: IngestCategory, pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    const field = at < 0 ? '' : pair.slice(0, at).trim()
    const column = at < 0 ? '' : pair.slice(at + 1).trim()
    if (!field || !column)
      throw new MappingError(`map ${JSON.stringify(pair)}: write field=column, e.g. account_name=Security`)
    if (field !== 'source_id' && schemaType(category, field) === null)
      throw new MappingError(`map ${JSON.stringify(pair)}: "${field}" is not a field of a ${category} record`)
    out[field] = column
  }
  return out
}

/** The mapping with each renamed field read from its column, and that column read into nothing else. */
export function withRenames(category: IngestCategory, mapping: Mapping, renames: Record<string, string>): Mapping {
  const fields = { ...mapping.fields }
  for (const [field, column] of Object.entries(renames)) {
    for (const [f, rule] of Object.entries(fields)) if (rule.column === column) delete fields[f]
    fields[field] = withPlace(category, field, { column, type: defaultType(category, field), format: 'auto' })
  }
  return { ...mapping, fields }
}

/** A JSON record with each renamed key moved to its field (`name` → `account_name`), in place. */
export function renameKeys(record: Record<string, unknown>, renames: Record<string, string>): void {
  for (const [field, key] of Object.entries(renames)) {
    if (!(key in record) || key === field) continue
    const value = record[key]
    delete record[key]
    setPath(record, field, value)
  }
}

// ---- Header recognition ----

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

/**
 * The field a record key that is no field of the category most likely means, for the hint of a
 * rejection (`/name: unknown field (did you mean account_name?)`): a common name for a field
 * (`name` → `account_name`, `website` → `domain`), a field's own name spelt as a header
 * (`Account Name` → `account_name`), or a source id's (`external_id` → `source_id`). Null when
 * nothing is likely.
 */
export function suggestField(category: IngestCategory, key: string): string | null {
  const n = norm(key)
  if (n === 'id') return null
  const synonym = SYNONYMS[category]?.[n]
  if (synonym) return synonym
  if (SOURCE_ID_HEADERS.has(n)) return 'source_id'
  return n !== key && schemaType(category, n) !== null ? n : null
}

export interface Recognised {
  mapping: Mapping
  /** Numbered columns the employment and education lists took (`past_employer_1`, …): read, though by no field. */
  grouped: Set<string>
}

/** The field a column is read into without a mapping: one a header names plainly (a string, a number, a list of strings); never an object or a list of objects. */
function plainField(category: IngestCategory, field: string): boolean {
  if (field === 'id') return false
  if (placeTargets(category, field)) return true
  const s = fieldSchema(category, field)
  if (!s || s.type === 'object') return false
  if (s.type === 'array') return nonNull(s.items)?.type === 'string'
  return true
}

/**
 * What a column's name says it is, in the order the column prefers them: a common name for a
 * field (`website` → `domain`: a company's key is read from its website), the field's own name,
 * a source id's name (`id`, `crm_id`, `<noun>_id`, `<noun>_…_uri`), then the category's noun
 * before a field's name (`person_name` → `name`, `job_description` → `description`). `rank` is
 * how sure a claim on that field is: a column named exactly as the field 0, a common name 1, a
 * source id 2, a noun-prefixed name 3.
 */
function readings(category: IngestCategory, n: string): { field: string; rank: number }[] {
  const out: { field: string; rank: number }[] = []
  const synonyms = SYNONYMS[category] ?? {}
  const add = (field: string | undefined, rank: number) => {
    if (field && (field === 'source_id' || plainField(category, field))) out.push({ field, rank })
  }
  add(synonyms[n], 1)
  add(n, 0)
  if (SOURCE_ID_HEADERS.has(n)) add('source_id', 2)
  for (const noun of NOUNS[category]) {
    if (!n.startsWith(noun + '_')) continue
    const rest = n.slice(noun.length + 1)
    if (['uri', 'key', 'identifier'].includes(rest) || SOURCE_ID_HEADERS.has(rest) || /_(id|uri)$/.test(rest))
      add('source_id', 2)
    add(synonyms[rest], 3)
    add(rest, 3)
  }
  return out
}

/**
 * A mapping from a header, without a mapping file: each column maps to the field its name says
 * (`readings`) with the field's type; numbered person columns make the employment and education
 * lists. Claims are settled from the surest: a column named exactly as a field takes it before
 * another column's common name for it (`founded_year` before `founded_at`, whatever their
 * order), then common names, source ids, noun-prefixed names; among equals the first column
 * wins, and a column whose preferred field is taken falls back to its next reading.
 */
export function recogniseHeader(category: IngestCategory, header: string[]): Recognised {
  const mapping: Mapping = { fields: {}, groups: {} }
  const used = new Set<string>()
  if (category === 'person') {
    for (const [group, subs] of Object.entries(PERSON_GROUPS)) {
      const rule: GroupRule = { fields: {}, max: 20 }
      for (const [sub, stems] of Object.entries(subs)) {
        for (const stem of stems) {
          const numbered = header.filter((h) => new RegExp(`^${stem}_?\\d+$`).test(norm(h)))
          if (numbered.length === 0 || numbered.some((h) => used.has(h))) continue
          // The pattern keeps the header's own spelling around the number.
          const sample = numbered[0]!
          rule.fields[sub] = sample.replace(/\d+(\s*)$/, '*$1')
          for (const h of numbered) used.add(h)
          break
        }
      }
      if (rule.fields[group === 'education' ? 'school' : 'company']) mapping.groups[group] = rule
    }
  }
  const grouped = new Set(used)
  const columns = header
    .filter((column) => norm(column) !== '' && !used.has(column))
    .map((column) => ({ column, readings: readings(category, norm(column)) }))
  for (let rank = 0; rank <= 3; rank++)
    for (const { column, readings: rs } of columns) {
      if (used.has(column)) continue
      // The column's preferred reading among the fields still free; claimed once its rank is reached.
      const r = rs.find((x) => !mapping.fields[x.field])
      if (!r || r.rank > rank) continue
      if (r.field === 'source_id') mapping.fields.source_id = { column, type: 'string' }
      else
        mapping.fields[r.field] = withPlace(category, r.field, {
          column,
          type: defaultType(category, r.field),
          format: 'auto',
        })
      used.add(column)
    }
  return { mapping: inHeaderOrder(mapping, header), grouped }
}

/** The mapping's fields listed in the order of their columns in the header (as printed). */
export function inHeaderOrder(mapping: Mapping, header: readonly string[]): Mapping {
  const at = new Map(header.map((h, i) => [h, i]))
  const fields = Object.fromEntries(
    Object.entries(mapping.fields).sort(([, a], [, b]) => (at.get(a.column) ?? 0) - (at.get(b.column) ?? 0)),
  )
  return { ...mapping, fields }
}

/** What names a record of each category (its `name_field`), in words: a header without it is worth a warning. */
const NAMED_BY: Record<IngestCategory, string> = {
  company: "a company's name",
  person: "a person's name",
  patent: "a patent's title",
  news_article: "an article's title",
  market_report: "a report's title",
  funding_round: "the round's company",
  academic_report: "a paper's title",
  trend: "a trend's name",
  job_opening: "a posting's role",
  school: "a school's name",
}

/**
 * The field that names a category's records, and the field sets that make their upsert key, the
 * last one the identifier a mapping can always give (`CATEGORY_IDENTIFIERS` and a source id;
 * schools: name, school_id).
 */
function identity(category: IngestCategory): { nameField: string; keys: readonly (readonly string[])[] } {
  if (category === 'school') return { nameField: 'name', keys: [['school_id']] }
  const c = CATEGORY_IDENTIFIERS[category]
  return { nameField: c.name_field, keys: [...c.keys, ['source_id']] }
}

/**
 * What a header recognised without a mapping file leaves out, before any record is read: no
 * column for the field that names the records (they would go in nameless), or none that makes
 * their identifier (every line would be rejected).
 */
export function headerWarnings(category: IngestCategory, mapping: Mapping): string[] {
  const out: string[] = []
  const { nameField, keys } = identity(category)
  const fix = (f: string) =>
    `name it with --map ${f}=<column> (the route's map=${f}=<column>), or in a mapping file (docs/ingest-formats.md §1)`
  if (!mapping.fields[nameField])
    out.push(
      `no column was recognised as ${nameField} (${NAMED_BY[category]}), so the records will have none; ${fix(nameField)}`,
    )
  if (!keys.some((key) => key.every((f) => mapping.fields[f]))) {
    const ways = keys.map((key) => key.join(' + '))
    const either = ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : ways[0]
    out.push(
      `no column gives the records an identifier (${either}), so every line will be rejected; ${fix(keys.at(-1)![0]!)}`,
    )
  }
  return out
}

/** `column → field` lines of a mapping, for printing. */
export function describeMapping(mapping: Mapping, relations: RelationRule | null = null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, rule] of Object.entries(mapping.fields))
    out[rule.column] =
      // A long file's row names its relation's organisation where a wide one names the current employer.
      relations !== null && field.startsWith('current_employer.') && field !== 'current_employer.industry'
        ? `the relation's ${field.slice('current_employer.'.length)} (employment_history[*] or education[*].school, by ${relations.type})`
        : rule.type === 'string'
          ? field
          : `${field} (${rule.type})`
  if (relations !== null) {
    out[relations.key] ??= 'person key'
    out[relations.type] ??= 'relation type'
  }
  for (const [group, rule] of Object.entries(mapping.groups))
    for (const [sub, pattern] of Object.entries(rule.fields)) out[pattern] = `${group}[*].${sub}`
  return out
}

// ---- Applying a mapping ----

const MONTHS = /^(\d{4})(?:[-/](\d{1,2}))?$/

/** A date text → `YYYY-MM-DD` (or `YYYY-MM`, `YYYY` when that is all it says); null when unreadable. */
export function readDate(text: string, format: DateFormat = 'auto'): string | null {
  const t = text.trim()
  const pad = (n: string) => n.padStart(2, '0')
  const valid = (y: string, m: string, d?: string) => {
    const mm = Number(m)
    const dd = d === undefined ? 1 : Number(d)
    if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null
    return d === undefined ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`
  }
  if (format !== 'auto') {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t)
    if (!m) return null
    return format === 'MM/DD/YYYY' ? valid(m[3]!, m[1]!, m[2]!) : valid(m[3]!, m[2]!, m[1]!)
  }
  const month = MONTHS.exec(t)
  if (month) return month[2] === undefined ? month[1]! : valid(month[1]!, month[2])
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t)
  if (iso) return valid(iso[1]!, iso[2]!, iso[3]!)
  return null
}

/** A value read (`note`: read in part, e.g. a year with a note), or what the text is not. */
type Converted = { ok: true; value: unknown; note?: string } | { ok: false; what: string }

/** A year followed by a note or more years (`2013 (1888)`, `1975/1977 (1997)`): read as its first year. */
const YEAR_WITH_NOTE = /^(\d{4})(?:\s*[(/,;–-]|\s+\S)/

const ENDLESS = new Set(['present', 'current', 'now', 'ongoing', 'today'])

function convert(text: string, rule: Pick<FieldRule, 'type' | 'split' | 'format' | 'prefix'>): Converted {
  const t = text.trim()
  const bad = (what: string): Converted => ({ ok: false, what: `not ${what}` })
  switch (rule.type) {
    case 'integer':
    case 'number': {
      const n = Number(t.replace(/[,_\s]/g, '').replace(/^\$/, ''))
      if (!Number.isFinite(n)) return bad(rule.type === 'integer' ? 'an integer' : 'a number')
      if (rule.type === 'integer' && !Number.isInteger(n)) return bad('an integer')
      return { ok: true, value: n }
    }
    case 'boolean': {
      const v = t.toLowerCase()
      if (['true', 'yes', 'y', '1'].includes(v)) return { ok: true, value: true }
      if (['false', 'no', 'n', '0'].includes(v)) return { ok: true, value: false }
      return bad('true or false')
    }
    case 'year': {
      const d = readDate(t, rule.format)
      if (d) return { ok: true, value: Number(d.slice(0, 4)) }
      const first = YEAR_WITH_NOTE.exec(t)
      if (first) return { ok: true, value: Number(first[1]), note: 'a year with a note, read as its first year' }
      return bad('a year or a date')
    }
    case 'date': {
      const d = readDate(t, rule.format)
      return d ? { ok: true, value: d } : bad('a date')
    }
    case 'month': {
      if (ENDLESS.has(t.toLowerCase())) return { ok: true, value: null }
      const d = readDate(t, rule.format)
      return d ? { ok: true, value: d.slice(0, 7) } : bad('a year or year-month')
    }
    case 'list': {
      const items = t
        .split(rule.split ?? ';')
        .map((s) => s.trim())
        .filter((s) => s !== '')
      return { ok: true, value: items }
    }
    default:
      return { ok: true, value: (rule.prefix ?? '') + t }
  }
}

function getPath(source: Record<string, unknown>, path: string): unknown {
  let o: unknown = source
  for (const part of path.split('.')) {
    if (o === null || typeof o !== 'object') return undefined
    o = (o as Record<string, unknown>)[part]
  }
  return o
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.')
  let o = target
  for (const part of parts.slice(0, -1)) {
    const next = o[part]
    if (next === null || typeof next !== 'object') o[part] = {}
    o = o[part] as Record<string, unknown>
  }
  o[parts[parts.length - 1]!] = value
}

export interface ApplyOptions {
  /** A value that cannot be read rejects its row (otherwise it is left out, with a warning). */
  strict?: boolean
  /** Fields whose value must be read whatever `strict` says: the identifiers (`identifierFields`). */
  required?: ReadonlySet<string>
}

/**
 * The fields of a category whose unreadable value rejects its row even when rows are salvaged:
 * those that make its upsert key (docs/ingest-formats.md §2), and the source id.
 */
export function identifierFields(category: IngestCategory): Set<string> {
  return new Set(['source_id', ...identity(category).keys.flat()])
}

/**
 * One row (column → text) → a record of the category's shape, or every problem of the row. A
 * value that cannot be read is left out of the record with a warning (`…: not an integer, left
 * out ("many")`), unless `strict` or its field is required; a value read in part (a year with a
 * note) is read with a warning, or rejects the row when `strict`.
 */
export function applyMapping(
  mapping: Mapping,
  row: Record<string, unknown>,
  opts: ApplyOptions = {},
): { ok: true; value: Record<string, unknown>; warnings: string[] } | { ok: false; problems: string[] } {
  const record: Record<string, unknown> = {}
  const problems: string[] = []
  const warnings: string[] = []
  /** The value read, or undefined when it is left out (with its warning or problem noted). */
  const read = (path: string, column: string, t: string, c: Converted, required: boolean): unknown => {
    const at = `${path}: column "${column}"`
    const quoted = JSON.stringify(t.trim().slice(0, 100))
    if (c.ok && c.note === undefined) return c.value
    if (c.ok && !opts.strict) {
      warnings.push(`${at}: ${c.note} (${quoted})`)
      return c.value
    }
    const what = c.ok ? 'not a year or a date' : c.what
    if (opts.strict || required) problems.push(`${at}: ${what} (${quoted})`)
    else warnings.push(`${at}: ${what}, left out (${quoted})`)
    return undefined
  }
  const text = (column: string): string | null => {
    const v = row[column]
    if (v === undefined || v === null) return null
    const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v as number)
    return s.trim() === '' ? null : s
  }
  const places: [PlaceTargets, string][] = []
  for (const [field, rule] of Object.entries(mapping.fields)) {
    const raw = row[rule.column]
    // A JSON input's lists and objects are taken as they are; its numbers and booleans are read
    // by the rule like a CSV cell, so a numeric id becomes a text (with its prefix) and a string
    // field never holds a number.
    if (raw !== null && typeof raw === 'object') {
      setPath(record, field, raw)
      continue
    }
    const t = text(rule.column)
    if (t === null) continue
    if (rule.place) {
      places.push([rule.place, t])
      continue
    }
    const value = read(
      `/${field.replaceAll('.', '/')}`,
      rule.column,
      t,
      convert(t, rule),
      opts.required?.has(field) === true,
    )
    if (value !== undefined) setPath(record, field, value)
  }
  // A one-line place fills the parts its own columns (City, Country …) left empty.
  for (const [to, t] of places) {
    if (to.text) setPath(record, to.text, t.trim())
    const parts = splitPlace(t)
    for (const part of ['city', 'state', 'country'] as const) {
      const target = to[part]
      const value = parts?.[part]
      if (target && value && getPath(record, target) === undefined) setPath(record, target, value)
    }
  }
  for (const [group, rule] of Object.entries(mapping.groups)) {
    const items: Record<string, unknown>[] = []
    for (let n = 1; n <= rule.max; n++) {
      const item: Record<string, unknown> = {}
      for (const [sub, pattern] of Object.entries(rule.fields)) {
        const column = pattern.replace('*', String(n))
        const t = text(column)
        if (t === null) continue
        const c: Converted = DATE_SUBFIELDS.has(sub)
          ? convert(t, { type: 'month', format: 'auto' })
          : { ok: true, value: t.trim() }
        const value = read(`/${group}/${items.length}/${sub}`, column, t, c, false)
        if (value !== undefined) item[sub] = value
      }
      if (Object.keys(item).length > 0) items.push(item)
    }
    if (items.length > 0) record[group] = items
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: record, warnings }
}
