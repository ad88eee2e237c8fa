// Renames (`--map field=column`, the route's `map`): the pairs read and checked, a mapping with
// each renamed field read from its column, and a JSON record's renamed keys moved to their fields.
import { defaultType, MappingError, schemaType, withPlace, type Mapping } from './mapping.ts'
import { setPath } from './mapping-apply.ts'
import type { IngestCategory } from '../../contract/records.ts'

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
