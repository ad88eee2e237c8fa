// A person's record as every route answers it (search rows, agent-run rows, lookups, saved-list
// items): the stored record, with `current_employer.industry` read from the stored company of the
// employer's domain when the ingest gave none. Why at answer time: docs/corpus.md §1.3.
import { sql, type RawBuilder } from 'kysely'

/**
 * The record of the `persons` row aliased `alias`, as answered. A given industry is kept; else the
 * industry of the company whose domain is the row's `company_domain` (current_employer.domain,
 * else company_id), else its `company_key` (the current job's employer matched by name in the
 * affiliation graph, re-keyed to the domain when that company arrives later; a `name:` key matches
 * no domain); `companies.domain` is unique, so one index probe a row. Null when none is stored. A
 * record without a current_employer object is returned as stored.
 */
export function answeredPersonRecord(alias: string): RawBuilder<unknown> {
  const record = sql.ref(`${alias}.record`)
  const domain = sql`coalesce(${sql.ref(`${alias}.company_domain`)}, ${sql.ref(`${alias}.company_key`)})`
  return sql`(case
    when jsonb_typeof(${record} -> 'current_employer') = 'object'
      and nullif(${record} #>> '{current_employer,industry}', '') is null
    then jsonb_set(${record}, '{current_employer,industry}',
      coalesce((select to_jsonb(c.industry) from companies c where c.domain = ${domain}), 'null'::jsonb))
    else ${record} end)`
}
