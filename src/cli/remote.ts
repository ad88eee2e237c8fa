// `dsp ingest` and `dsp delete` through a running server's admin routes (cli/running-server.ts
// says when): the input file streams as the request body of POST /admin/v1/corpus/{category}, so
// the server ingests it itself and its searches see the records as batches commit.
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { readLines } from '../lines.ts'
import type { ServerTarget } from './running-server.ts'

export class RemoteError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** The Content-Type the ingest route reads each --format as (`auto`: detected there from the first bytes). */
export const CONTENT_TYPE_OF: Record<string, string> = {
  auto: 'application/octet-stream',
  ndjson: 'application/x-ndjson',
  json: 'application/json',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
}

/**
 * One request to the server, the body streamed (no timeout: a large ingest answers when it is
 * done). Resolves with the parsed JSON answer of a 2xx; a problem answer is a RemoteError with its detail.
 */
export function callServer<T>(
  target: ServerTarget,
  method: string,
  pathAndQuery: string,
  body: { stream: Readable; contentType: string } | { json: unknown },
): Promise<T> {
  let answer: unknown = null
  return request(target, method, pathAndQuery, body, null, (v) => (answer = v)).then(() => answer as T)
}

/**
 * callServer for an answer in NDJSON (the ingest route's progress=true): each line of a 2xx
 * answer goes to onValue as it arrives; resolves once the answer ends.
 */
export function streamServer(
  target: ServerTarget,
  method: string,
  pathAndQuery: string,
  body: { stream: Readable; contentType: string },
  onValue: (value: unknown) => void,
): Promise<void> {
  return request(target, method, pathAndQuery, body, onValue, () => undefined)
}

function request(
  target: ServerTarget,
  method: string,
  pathAndQuery: string,
  body: { stream: Readable; contentType: string } | { json: unknown },
  onLine: ((value: unknown) => void) | null,
  onAnswer: (value: unknown) => void,
): Promise<void> {
  const url = new URL(target.url + pathAndQuery)
  const client = url.protocol === 'https:' ? https : http
  // A JSON body goes with its length: Node sends DELETE bodies neither chunked nor measured otherwise.
  const json = 'json' in body ? Buffer.from(JSON.stringify(body.json)) : null
  return new Promise<void>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        headers: {
          'x-admin-token': target.token,
          'content-type': 'stream' in body ? body.contentType : 'application/json',
          ...(json ? { 'content-length': String(json.byteLength) } : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0
        const ok = status >= 200 && status < 300
        if (ok && onLine) {
          // NDJSON: each line as it arrives.
          void (async () => {
            for await (const line of readLines(res)) if (line.trim() !== '') onLine(JSON.parse(line))
          })().then(resolve, (e: Error) =>
            reject(
              new RemoteError(
                e instanceof SyntaxError
                  ? `the server at ${target.url} answered: ${e.message}`
                  : `the server at ${target.url} did not answer in full: ${e.message}`,
                0,
              ),
            ),
          )
          return
        }
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', (e) =>
          reject(new RemoteError(`the server at ${target.url} did not answer in full: ${e.message}`, 0)),
        )
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: unknown = null
          try {
            parsed = JSON.parse(text)
          } catch {
            // Not JSON: reported as text below.
          }
          if (ok && parsed !== null) {
            onAnswer(parsed)
            return resolve()
          }
          const p = parsed as { detail?: string; title?: string } | null
          reject(
            new RemoteError(`the server at ${target.url} answered ${status}: ${p?.detail ?? p?.title ?? text}`, status),
          )
        })
      },
    )
    req.on('error', (e) => reject(new RemoteError(`the server at ${target.url} cannot be reached: ${e.message}`, 0)))
    if ('stream' in body) {
      body.stream.on('error', (e) => req.destroy(e))
      body.stream.pipe(req)
    } else req.end(json)
  })
}
