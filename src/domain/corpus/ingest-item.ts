// One input item of an ingest, as the readers (formats.ts, relations.ts) yield it and
// ingest-validate.ts checks it. This module imports only a type of ingest-rejects.ts.
import type { RowWarning } from './ingest-rejects.ts'

/**
 * One input item: a parsed value (with the warnings of the lines it came from), or every problem
 * that kept the line from becoming one.
 */
export type Item = { line: number; value: unknown; warnings?: RowWarning[] } | { line: number; problems: string[] }
