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

function param(value: unknown, type: BulkType): unknown {
  if (value === undefined || value === null) return null
  if (type === 'text[]') return textArrayLiteral(value as string[])
  if (value instanceof Date) return value.toISOString()
  return value
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
    const array = rows.map((row) => param(values(row, name), type))
    return sql`${array}::${sql.raw(type === 'text[]' ? 'text' : type)}[]`
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
