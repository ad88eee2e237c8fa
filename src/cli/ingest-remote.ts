// `dsp ingest` through a running server (cli/running-server.ts decides when): the file streams to
// POST /admin/v1/corpus/{category} with the same options as query parameters (--batch-size as
// batch_size), and progress=true: the server answers a progress line per committed batch, which
// the command shows as a local ingest does (a bar on a terminal, nothing otherwise), then the
// summary, printed as a local ingest's is. The server writes the reject file (its path is in the
// summary) and reads the mapping the command sends.
import { readFileSync, statSync } from 'node:fs'
import type { Readable } from 'node:stream'
import type { IngestProgress } from '../domain/corpus/ingest.ts'
import { mappingBlock, progressLine, type IngestCliOptions, type PrintedSummary } from './ingest-output.ts'
import { CONTENT_TYPE_OF, RemoteError, streamServer } from './remote.ts'
import type { ServerTarget } from './running-server.ts'

/** One line of the route's progress answer. */
type Streamed =
  | { progress: IngestProgress }
  | { summary: PrintedSummary }
  | { error: { status: number; code: string; detail: string } }

export async function ingestThroughServer(
  target: ServerTarget,
  file: string,
  input: Readable,
  opts: IngestCliOptions,
  report: (summary: PrintedSummary, opts: IngestCliOptions) => void,
  display: { stream?: NodeJS.WriteStream; onProgress?: (p: IngestProgress) => void } = {},
): Promise<void> {
  const stream = display.stream ?? process.stderr
  const query = new URLSearchParams({ progress: 'true' })
  if (opts.asOf) query.set('as_of', opts.asOf.toISOString())
  if (opts.dryRun) query.set('dry_run', 'true')
  if (opts.mapping) query.set('mapping', JSON.stringify(JSON.parse(readFileSync(opts.mapping, 'utf8'))))
  if (opts.delimiter) query.set('delimiter', opts.delimiter)
  for (const pair of opts.map ?? []) query.append('map', pair)
  if (opts.replace) query.set('replace', 'true')
  if (opts.source) query.set('source', opts.source)
  if (opts.batchSize) query.set('batch_size', String(opts.batchSize))
  if (opts.strict) query.set('strict', 'true')
  if (opts.relationKey) query.set('relation_key', opts.relationKey)
  if (opts.relationType) query.set('relation_type', opts.relationType)
  for (const pair of opts.relation ?? []) query.append('relation', pair)
  stream.write(`dsp ingest: writing through the server at ${target.url} (${target.via})\n`)
  // The share of the file sent so far: the server reads it as it ingests (backpressure).
  const progress = progressLine(opts.category, { total: file === '-' ? undefined : statSync(file).size, stream })
  const bytesSent = () => ('bytesRead' in input ? (input.bytesRead as number) : undefined)
  let summary: PrintedSummary | null = null
  let failed: Extract<Streamed, { error: unknown }>['error'] | null = null
  const fail = (message: string, status: number) => {
    process.stderr.write(`dsp ingest: ${file}: ${message}\n`)
    // A refused input or option (4xx) is the caller's to fix (2), as locally; anything else is 1.
    process.exitCode = status >= 400 && status < 500 ? 2 : 1
  }
  try {
    await streamServer(
      target,
      'POST',
      `/admin/v1/corpus/${opts.category}?${query.toString()}`,
      { stream: input, contentType: CONTENT_TYPE_OF[opts.format] ?? 'application/octet-stream' },
      (value) => {
        const line = value as Streamed
        if ('progress' in line) {
          progress.update(line.progress, bytesSent())
          display.onProgress?.(line.progress)
        } else if ('summary' in line) summary = line.summary
        else if ('error' in line) failed = line.error
      },
    )
  } catch (e) {
    progress.done()
    if (!(e instanceof RemoteError)) throw e
    fail(e.message, e.status)
    return
  }
  progress.done()
  const error = failed as Extract<Streamed, { error: unknown }>['error'] | null
  if (error) fail(`the server at ${target.url} answered ${error.status}: ${error.detail}`, error.status)
  else if (summary) {
    const s: PrintedSummary = summary
    stream.write(mappingBlock(s.format ?? '', s.mapping, s.ignored_columns ?? [], s.warnings ?? [], !!opts.mapping))
    report(s, opts)
  } else fail(`the server at ${target.url} ended its answer without a summary`, 0)
}
