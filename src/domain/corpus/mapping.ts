// Mapping of foreign columns (a CSV header, the keys of someone else's JSON) onto the record
// fields of a category: which column is which field and how to read it (number, date, a list
// split on a delimiter, numbered columns that make a person's employment and education).
// Without a mapping file, common header names are recognised. Rules: docs/ingest-formats.md §1.
// This module holds what a mapping is and reads a mapping file; header recognition, renames and
// applying a mapping to a row are in mapping-header.ts, mapping-renames.ts and mapping-apply.ts.
import type { TSchema } from 'typebox'
import { type IngestCategory, RecordSchemas, School } from '../../contract/records.ts'
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

export class MappingError extends Error {}

/** The parts of a JSON schema read here. */
interface Schema {
  type?: unknown
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
}

/** The schema of a field of a category (dotted for nested ones), its null alternative left out; undefined when unknown. */
export function fieldSchema(category: IngestCategory, path: string): Schema | undefined {
  let schema: Schema | undefined = (category === 'school' ? School : RecordSchemas[category]) as TSchema as Schema
  for (const part of path.split('.')) {
    schema = nonNull(schema)?.properties?.[part]
    if (!schema) return undefined
  }
  return nonNull(schema)
}

/** The JSON type of a field of a category's schema (`string`, `integer`, `array`, …), null when unknown. */
export function schemaType(category: IngestCategory, path: string): string | null {
  const s = fieldSchema(category, path)
  return typeof s?.type === 'string' ? s.type : null
}

export function nonNull(schema: Schema | undefined): Schema | undefined {
  if (!schema?.anyOf) return schema
  return schema.anyOf.find((s) => s.type !== 'null') ?? schema
}

export function defaultType(category: IngestCategory, field: string): ValueType {
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
export function withPlace(category: IngestCategory, field: string, rule: FieldRule): FieldRule {
  if (rule.type !== 'place') return rule
  const place = placeTargets(category, field)
  if (!place)
    throw new MappingError(
      `"${field}": type place reads a one-line place into location (company, person, job_opening records)`,
    )
  return { ...rule, place }
}
