// Set-based writes: many rows as one parameter per column, expanded into rows on the server. A
// 500-row batch is then ~30 parameters and a short, constant statement instead of 15,000
// parameters in a VALUES list that the client serialises one by one and the server parses and
// plans each time (docs/ingest.md §3; figures in docs/performance-ingest.md, ingest). Works the same on
// PostgreSQL and PGlite.
//
// Each column travels as one JSON array: JSON.stringify escapes strings in native code, and the
// stored records (already JSON text) are spliced in as they are, never escaped again. The server
// zips the arrays back into rows with ROWS FROM (jsonb_array_elements…).
import { sql, type RawBuilder } from 'kysely'

/** The PostgreSQL type of a column a bulk statement writes. */
export type BulkType =
  'text' | 'int4' | 'int8' | 'float8' | 'bool' | 'date' | 'timestamptz' | 'jsonb' | 'bytea' | 'text[]' | 'tsvector'

export type BulkColumns = Readonly<Record<string, BulkType>>

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/** `{"a","b \"c\""}`: a text[] literal with every element quoted; null stays null. */
export function textArrayLiteral(values: readonly (string | null)[] | null | undefined): string | null {
  if (values === null || values === undefined) return null
  let out = '{'
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ','
    const v = values[i]
    out += v === null || v === undefined ? 'NULL' : '"' + v.replace(/[\\"]/g, '\\$&') + '"'
  }
  return out + '}'
}

/**
 * One column as a JSON array. A `jsonb` value is JSON text already and is spliced in; a `text[]`
 * value goes as its array literal (a JSON array inside would need a subquery per row to turn back
 * into text[]); bytea as `\x` hex; the rest as JSON values, read back as text and cast.
 */
function columnJson<R>(rows: readonly R[], type: BulkType, get: (row: R) => unknown): string {
  if (type === 'jsonb') {
    let out = '['
    for (let i = 0; i < rows.length; i++) {
      const v = get(rows[i]!)
      out += (i > 0 ? ',' : '') + (v === null || v === undefined ? 'null' : (v as string))
    }
    return out + ']'
  }
  const values: unknown[] = new Array(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const v = get(rows[i]!)
    if (v === null || v === undefined) values[i] = null
    else if (type === 'text[]') values[i] = textArrayLiteral(v as string[])
    else if (type === 'bytea') {
      const bytes = v as Uint8Array
      values[i] = '\\x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
    } else values[i] = v
  }
  return JSON.stringify(values)
}

export interface RowsSource {
  /** `rows from (jsonb_array_elements_text($1::jsonb), …) as u(a, …)`: what goes after `from`. */
  from: RawBuilder<unknown>
  /** The column of the current row, as its type. */
  ref(column: string): RawBuilder<unknown>
}

/**
 * The rows as a set-returning source. `values(row, column)` reads a row's value (default: the
 * property of that name), so callers can feed derived inputs without copying rows.
 */
export function bulkRows<R>(
  columns: BulkColumns,
  rows: readonly R[],
  values: (row: R, column: string) => unknown = (row, column) => (row as Record<string, unknown>)[column],
): RowsSource {
  const names = Object.keys(columns)
  for (const name of names) if (!IDENTIFIER.test(name)) throw new Error(`bulk column name ${name}`)
  const fns = names.map((name) => {
    const type = columns[name]!
    const json = columnJson(rows, type, (row) => values(row, name))
    return type === 'jsonb' ? sql`jsonb_array_elements(${json}::jsonb)` : sql`jsonb_array_elements_text(${json}::jsonb)`
  })
  return {
    from: sql`rows from (${sql.join(fns)}) as u(${sql.raw(names.join(', '))})`,
    ref(column) {
      const type = columns[column]
      if (type === undefined) throw new Error(`bulk column ${column} is not an input`)
      // A JSON null element is jsonb 'null', not SQL NULL.
      if (type === 'jsonb') return sql.raw(`nullif(u.${column}, 'null'::jsonb)`)
      return sql.raw(type === 'text' ? `u.${column}` : `u.${column}::${type}`)
    },
  }
}
