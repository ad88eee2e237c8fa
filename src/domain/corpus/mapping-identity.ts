// What identifies a category's records in a mapping: the field that names them and the fields
// that make their upsert key, the warnings a recognised header earns when it lacks them, and the
// fields whose unreadable value rejects a row.
import { CATEGORY_IDENTIFIERS, type IngestCategory } from '../../contract/records.ts'
import type { Mapping } from './mapping.ts'

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

/**
 * The fields of a category whose unreadable value rejects its row even when rows are salvaged:
 * those that make its upsert key (docs/ingest-formats.md §2), and the source id.
 */
export function identifierFields(category: IngestCategory): Set<string> {
  return new Set(['source_id', ...identity(category).keys.flat()])
}
