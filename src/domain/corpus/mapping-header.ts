// Header recognition without a mapping file: the field each column's name says it is (common
// names, the field's own name, source ids, noun-prefixed names), numbered person columns as the
// employment and education lists, the hint for an unknown key, and a mapping printed as lines.
// The names themselves are data in header-names.ts.
import { NOUNS, PERSON_GROUPS, SOURCE_ID_HEADERS, SYNONYMS } from './header-names.ts'
import {
  defaultType,
  fieldSchema,
  nonNull,
  placeTargets,
  schemaType,
  withPlace,
  type GroupRule,
  type Mapping,
} from './mapping.ts'
import type { IngestCategory } from '../../contract/records.ts'
import type { RelationRule } from './relations.ts'

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
