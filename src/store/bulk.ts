// Set-based writes: many rows as one array parameter per column, expanded by unnest() on the
// server. A 500-row batch is then ~30 parameters and a short, constant statement instead of
// 15,000 parameters in a VALUES list that the client serialises one by one and the server parses
// and plans each time (docs/corpus.md §6.4 has the figures). Works the same on PostgreSQL and PGlite.
import { sql, type RawBuilder } from 'kysely'

/**
 * How a column travels: one array parameter of this PostgreSQL type. A `text[]` column travels
 * as one array literal per row (unnest would flatten a two-dimensional array), cast back on the server.
 */
export type BulkType = 'text' | 'int4' | 'int8' | 'float8' | 'bool' | 'date' | 'timestamptz' | 'jsonb' | 'bytea' | 'text[]'

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

const quoted = (s: string) => '"' + s.replace(/[\\"]/g, '\\$&') + '"'

/** One row's value as an element of the column's array literal. */
function element(value: unknown, type: BulkType): string {
  if (value === undefined || value === null) return 'NULL'
  switch (type) {
    case 'text[]':
      return quoted(textArrayLiteral(value as string[])!)
    case 'bytea': {
      const bytes = value as Uint8Array
      return quoted('\\x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'))
    }
    case 'int4':
    case 'int8':
    case 'float8':
    case 'bool':
      return String(value)
    default:
      return quoted(value instanceof Date ? value.toISOString() : String(value))
  }
}

/**
 * A column as one array literal, built here: both drivers would otherwise walk and escape the
 * JavaScript array themselves, element by element (measured: ≈ 30 µs per person row in `pg`).
 */
function columnLiteral<R>(rows: readonly R[], type: BulkType, get: (row: R) => unknown): string {
  let out = '{'
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) out += ','
    out += element(get(rows[i]!), type)
  }
  return out + '}'
}

export interface UnnestSource {
  /** `unnest($1::text[], …) as u(a, …)`: what goes after `from`. */
  from: RawBuilder<unknown>
  /** The column of the current row, cast back to its type. */
  ref(column: string): RawBuilder<unknown>
}

/**
 * The rows as an unnest() source. `values(row, column)` reads a row's value (default: the
 * property of that name), so callers can feed derived inputs without copying rows.
 */
export function unnestRows<R>(
  columns: BulkColumns,
  rows: readonly R[],
  values: (row: R, column: string) => unknown = (row, column) => (row as Record<string, unknown>)[column],
): UnnestSource {
  const names = Object.keys(columns)
  for (const name of names) if (!IDENTIFIER.test(name)) throw new Error(`bulk column name ${name}`)
  const params = names.map((name) => {
    const type = columns[name]!
    const literal = columnLiteral(rows, type, (row) => values(row, name))
    return sql`${literal}::${sql.raw(type === 'text[]' ? 'text' : type)}[]`
  })
  return {
    from: sql`unnest(${sql.join(params)}) as u(${sql.raw(names.join(', '))})`,
    ref(column) {
      const type = columns[column]
      if (type === undefined) throw new Error(`bulk column ${column} is not an input`)
      return sql.raw(type === 'text[]' ? `u.${column}::text[]` : `u.${column}`)
    },
  }
}
