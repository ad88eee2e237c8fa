// Lines of a byte stream, for every reader of NDJSON: ingest's inputs (domain/corpus/formats.ts,
// ingest.ts) and the CLI reading a server's NDJSON answer (cli/remote.ts). Its own module, with no
// other import, so the CLI loads nothing more for it.
import { StringDecoder } from 'node:string_decoder'

/**
 * Splits a byte stream into lines (LF or CRLF) with backpressure: the next chunk is read only
 * when the consumer asks, so memory holds one chunk and one batch whatever the input size.
 * Throws `tooLarge()` once more than maxBytes arrived.
 */
export async function* readLines(
  stream: AsyncIterable<Buffer | string>,
  opts: { maxBytes?: number; tooLarge?: () => Error } = {},
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  let bytes = 0
  for await (const chunk of stream) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length
    if (opts.maxBytes !== undefined && bytes > opts.maxBytes)
      throw (opts.tooLarge ?? (() => new Error('input too large')))()
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk)
    let start = 0
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n', start)) {
      const end = nl > start && pending.charCodeAt(nl - 1) === 13 ? nl - 1 : nl
      yield pending.slice(start, end)
      start = nl + 1
    }
    pending = pending.slice(start)
  }
  pending += decoder.end()
  if (pending.length > 0) yield pending.endsWith('\r') ? pending.slice(0, -1) : pending
}
