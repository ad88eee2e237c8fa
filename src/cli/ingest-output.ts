// What `dsp ingest` prints: the progress bar on a terminal, the summary line, the reasons and
// hints, the mapping in effect. Shared by the local ingest (ingest.ts) and the one through a
// running server (ingest-remote.ts).
import { SingleBar } from 'cli-progress'
import type { IngestProgress, IngestSummary } from '../domain/corpus/ingest.ts'
import type { BulkLoadPhase } from '../domain/corpus/bulk-load.ts'
import type { IngestCategory } from '../contract/records.ts'
import type { ReplaceSummary } from '../domain/corpus/replace.ts'
import type { RelationCounts } from '../domain/corpus/relations.ts'
import type { InputFormat } from '../domain/corpus/formats.ts'

const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * The progress display of `dsp ingest`: on a terminal, a bar (cli-progress) redrawn in place at
 * most 5 times a second with records read, records/s and rejects, and a share and the time left
 * (cli-progress's ETA from the pace so far) when the total is known (input bytes for a file,
 * records for the demo corpus); on anything else (a pipe, a log file) nothing while the run lasts,
 * and the final summary line alone. A bulk load's index builds at the end show as `indexes n/m`.
 */
export function progressLine(label: string, opts: { total?: number; stream?: NodeJS.WriteStream } = {}) {
  const stream = opts.stream ?? process.stderr
  const started = performance.now()
  const total = opts.total && opts.total > 0 ? opts.total : 0
  let bar: SingleBar | null = null
  let phase = ''
  const values = (p: IngestProgress) => ({
    read: fmt(p.read),
    rate: fmt(Math.round(p.read / Math.max((performance.now() - started) / 1000, 0.001))),
    rejects: p.rejected + p.duplicate > 0 ? ` · ${fmt(p.rejected)} rejected · ${fmt(p.duplicate)} duplicate` : '',
    phase,
  })
  let last: IngestProgress | null = null
  return {
    /** `position`: how far towards the total (default the records read). */
    update(p: IngestProgress, position: number = p.read) {
      if (!stream.isTTY) return
      if (bar === null) {
        bar = new SingleBar({
          stream,
          fps: 5,
          barsize: 24,
          hideCursor: false,
          clearOnComplete: true,
          etaBuffer: 50,
          format: `${label.padEnd(16)} ${total > 0 ? '[{bar}] {percentage}% · ETA {eta_formatted} · ' : ''}{read} read · {rate}/s{rejects}{phase}`,
        })
        bar.start(total || 1, 0, values(p))
      }
      last = p
      bar.update(total > 0 ? Math.min(position, total) : 0, values(p))
    },
    /** A bulk load's index builds at the end. */
    phase(p: BulkLoadPhase) {
      phase = ` · indexes ${p.done}/${p.total}`
      if (bar !== null && last !== null) bar.update(values(last))
    },
    done() {
      bar?.stop()
      bar = null
    },
  }
}

export function summaryLine(s: IngestSummary): string {
  const rejects = s.reject_file ? ` · rejects in ${s.reject_file}` : ''
  const dry = s.dry_run ? ' (dry run: nothing written)' : ''
  return (
    `${s.category.padEnd(16)} read ${fmt(s.read)} · inserted ${fmt(s.inserted)} · updated ${fmt(s.updated)} · ` +
    `unchanged ${fmt(s.unchanged)} · duplicate ${fmt(s.duplicate)} · rejected ${fmt(s.rejected)} · ` +
    (s.warned > 0 ? `warned ${fmt(s.warned)} · ` : '') +
    `${s.seconds.toFixed(1)} s · ${fmt(s.records_per_second)} records/s${rejects}${dry}`
  )
}

export interface IngestCliOptions {
  category: IngestCategory
  format: InputFormat
  mapping?: string
  map?: string[]
  delimiter?: string
  dryRun?: boolean
  maxRejects: number
  rejects?: string
  asOf?: Date
  batchSize?: number
  json?: boolean
  replace?: boolean
  source?: string
  strict?: boolean
  relationKey?: string
  relationType?: string
  relation?: string[]
  bulk?: boolean
}

export type PrintedSummary = IngestSummary & {
  format?: string
  mapping?: Record<string, string> | null
  ignored_columns?: string[]
  warnings?: string[]
  replaced?: ReplaceSummary
  relations?: RelationCounts
}

/** `  count  reason` lines, most frequent first. */
const reasonLines = (reasons: Record<string, number>) =>
  Object.entries(reasons)
    .map(([reason, n]) => `  ${fmt(n).padStart(8)}  ${reason}\n`)
    .join('')

/** What gathering a long file's rows did: rows → persons, and where the rows went. */
export function relationsLine(r: RelationCounts): string {
  const ignored = Object.entries(r.ignored).map(([type, n]) => `${type} ${fmt(n)}`)
  return (
    `relations (${r.key}, ${r.type}): ${fmt(r.rows)} rows → ${fmt(r.persons)} persons · ` +
    `employment ${fmt(r.employment)} · education ${fmt(r.education)} · ignored ${ignored.length > 0 ? ignored.join(', ') : '0'}\n`
  )
}

/**
 * The mapping in effect (`column → field`), the columns no field took and the warnings about
 * them, as printed to stderr before the records (through a running server: after its summary).
 * Empty when the records were taken as they are.
 */
export function mappingBlock(
  format: string,
  mapping: Record<string, string> | null | undefined,
  ignored: string[],
  warnings: string[],
  explicit: boolean,
): string {
  if (!mapping) return ''
  return (
    `${explicit ? 'mapping' : 'recognised columns'} (${format}):\n` +
    Object.entries(mapping)
      .map(([column, field]) => `  ${column} → ${field}\n`)
      .join('') +
    (ignored.length > 0 ? `  ignored: ${ignored.join(', ')}\n` : '') +
    warnings.map((w) => `warning: ${w}\n`).join('')
  )
}

/** Lines of JSON input were rejected for keys that are no field of the category. */
const unknownJsonKeys = (summary: PrintedSummary) =>
  summary.format !== 'csv' &&
  summary.format !== 'tsv' &&
  Object.keys(summary.reject_reasons).some((reason) => reason.includes(': unknown field'))

/** The summary (JSON or the summary line and reasons), and the exit code it calls for. */
export function report(summary: PrintedSummary, opts: IngestCliOptions): void {
  process.stdout.write((opts.json ? JSON.stringify(summary, null, 2) : summaryLine(summary)) + '\n')
  if (!opts.json) process.stdout.write(reasonLines(summary.reject_reasons))
  if (!opts.json && Object.keys(summary.warning_reasons ?? {}).length > 0)
    process.stdout.write(
      'warned (stored, the value left out or read in part; --strict rejects such lines):\n' +
        reasonLines(summary.warning_reasons),
    )
  if (!opts.json && summary.relations) process.stdout.write(relationsLine(summary.relations))
  if (!opts.json && !opts.mapping && unknownJsonKeys(summary))
    process.stdout.write(
      '  hint: JSON records are read with the field names of docs/corpus.md §1; ' +
        'read a key as a field with --map field=key, or map keys of another shape with --mapping <file> (docs/ingest-formats.md §1)\n',
    )
  const r = summary.replaced
  if (!opts.json && r)
    process.stdout.write(
      `replace ${r.sources.length > 0 ? r.sources.join(', ') : '(no source named)'}: ` +
        (r.skipped ??
          `${summary.dry_run ? 'would remove' : 'removed'} ${fmt(r.removed)} record(s) the input no longer sends`) +
        (r.removed_ids.length > 0 ? ` (${r.removed_ids.slice(0, 10).join(', ')}${r.removed > 10 ? ', …' : ''})` : '') +
        '\n',
    )
  if (summary.rejected + summary.duplicate > opts.maxRejects) process.exitCode = 1
}
