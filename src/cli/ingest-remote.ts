// `dsp ingest` through a running server (cli/running-server.ts decides when): the file streams to
// POST /admin/v1/corpus/{category} with the same options as query parameters, and the server's
// summary is printed as a local ingest's is. The server writes the reject file (its path is in the
// summary) and reads the mapping the command sends.
import { readFileSync } from 'node:fs'
import type { Readable } from 'node:stream'
import type { IngestCliOptions, PrintedSummary } from './ingest.ts'
import { callServer, CONTENT_TYPE_OF, RemoteError } from './remote.ts'
import type { ServerTarget } from './running-server.ts'

export async function ingestThroughServer(
  target: ServerTarget,
  file: string,
  input: Readable,
  opts: IngestCliOptions,
  report: (summary: PrintedSummary, opts: IngestCliOptions) => void,
): Promise<void> {
  const query = new URLSearchParams()
  if (opts.asOf) query.set('as_of', opts.asOf.toISOString())
  if (opts.dryRun) query.set('dry_run', 'true')
  if (opts.mapping) query.set('mapping', JSON.stringify(JSON.parse(readFileSync(opts.mapping, 'utf8'))))
  if (opts.delimiter) query.set('delimiter', opts.delimiter)
  if (opts.replace) query.set('replace', 'true')
  if (opts.source) query.set('source', opts.source)
  const qs = query.size > 0 ? `?${query.toString()}` : ''
  process.stderr.write(`dsp ingest: writing through the server at ${target.url} (${target.via})\n`)
  try {
    const summary = await callServer<PrintedSummary>(target, 'POST', `/admin/v1/corpus/${opts.category}${qs}`, {
      stream: input,
      contentType: CONTENT_TYPE_OF[opts.format] ?? 'application/octet-stream',
    })
    report(summary, opts)
  } catch (e) {
    if (!(e instanceof RemoteError)) throw e
    process.stderr.write(`dsp ingest: ${file}: ${e.message}\n`)
    // A refused input or option (4xx) is the caller's to fix (2), as locally; anything else is 1.
    process.exitCode = e.status >= 400 && e.status < 500 ? 2 : 1
  }
}
