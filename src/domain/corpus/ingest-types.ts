// The shapes an ingest passes between its stages: its options, progress and summary, and the run
// (context, counts, rejects) that ingest-run.ts opens and the other stages share. The input items: ingest-item.ts.
import type { IngestCategory } from '../../contract/records.ts'
import type { Embedder } from '../../retrieval/embedder/index.ts'
import type { Deps } from '../types.ts'
import type { BulkLoadPhase, BulkOptions, BulkRun } from './bulk-load.ts'
import type { RejectEntry, Rejects } from './ingest-rejects.ts'
import type { PreparedRecord } from './prepare.ts'

export interface IngestProgress {
  read: number
  upserted: number
  unchanged: number
  rejected: number
  duplicate: number
}

export interface IngestOptions {
  /** Where rejected lines go, one JSON object per line; created on the first reject. */
  rejectFile?: string
  onProgress?: (progress: IngestProgress) => void
  /** How fresh the data is (corpus_state.as_of); default now. Also the "today" of affiliation is_current. */
  asOf?: Date
  batchSize?: number
  /** Cut a batch once its records' canonical JSON holds this many characters (default 16 Mi). */
  batchMaxChars?: number
  /** Validate, look up what would be inserted, updated or unchanged, and write nothing. */
  dryRun?: boolean
  /**
   * A bulk first load (bulk-load.ts): indexes of empty tables built at the end, COPY on PostgreSQL,
   * resumable by its key. Schools and dry runs take the ordinary path.
   */
  bulk?: BulkOptions
  /**
   * No bulk choice made: the bulk path when the category is empty (bulk-load.ts isBulkByDefault),
   * keyed by what `key` returns (asked only then). Ignored when `bulk` is given.
   */
  autoBulk?: { key: () => Promise<string>; input?: string }
  /** A bulk load rebuilding its indexes at the end. */
  onBulkPhase?: (phase: BulkLoadPhase) => void
}

export interface IngestSummary extends IngestProgress {
  category: IngestCategory
  inserted: number
  updated: number
  /** Rejected and duplicate lines by kind of problem. */
  reject_reasons: Record<string, number>
  dry_run: boolean
  /** The run took the bulk path (docs/ingest-bulk.md §1): asked for, or automatic for an empty category. */
  bulk: boolean
  seconds: number
  records_per_second: number
  /** Records written with a vector / without one (the embedder found no known word, or failed). */
  vectors: { embedded: number; missing: number }
  reject_file: string | null
  /** The first 100 rejects. */
  rejects: RejectEntry[]
  rejects_truncated: boolean
  /** Lines stored with a value left out or read in part (a bad optional cell, a year with a note). */
  warned: number
  /** Warned lines by kind of warning (the field and what was wrong with its value). */
  warning_reasons: Record<string, number>
  /** The first 100 warned lines, each with its values (also in the reject file, `"warning": true`). */
  warned_lines: RejectEntry[]
}

export interface RunContext {
  deps: Deps
  category: IngestCategory
  asOf: Date
  asOfMonth: number
  embedder: Embedder | null
  /** Employer names resolved to domains during this run (null: no corpus company of that name). */
  nameCache: Map<string, string | null>
  /** Institution keys already written during this run. */
  knownInstitutions: Set<string>
  vectorsFailed: boolean
  /** A turn of the event loop when this thread has worked a slice (SLICE_MS). */
  slice: () => Promise<void> | undefined
  /** A bulk load's writes and progress; null: the ordinary ingest. */
  bulk: BulkRun | null
}

/** Running counts of one ingest (rejects and duplicates are counted by its Rejects). */
export interface Totals {
  read: number
  inserted: number
  updated: number
  unchanged: number
  embedded: number
  missing: number
}

/** One ingest: its context, options, counts and rejects, shared by its stages (ingest.ts). */
export interface Run {
  ctx: RunContext
  opts: IngestOptions
  started: number
  totals: Totals
  rejects: Rejects
  /** Keys (row ids) and source ids of this input, with the line that brought them (duplicates). */
  seenIds: Map<string, number>
  seenSources: Map<string, number>
  /** Items an earlier run of a resumed bulk load committed (checked again, not written). */
  resumeAfter: number
  progress: () => void
}

/** A prepared record and the input line it came from. */
export type Pending = PreparedRecord & { line: number }
