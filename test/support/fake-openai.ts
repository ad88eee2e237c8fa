// Tiny OpenAI-compatible servers for the provider tests (node:http): /v1/embeddings answers a
// deterministic hashed bag of words, /v1/chat/completions whatever the test decides. Each request
// is recorded (path, authorization, parsed body) so tests can check what the service sent.
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  path: string
  authorization: string | undefined
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
}

export interface FakeProvider {
  url: string
  port: number
  requests: RecordedRequest[]
  close(): Promise<void>
}

export type Handler = (request: RecordedRequest, res: ServerResponse) => void

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** Starts a server on 127.0.0.1 (port 0: a free one). Unknown paths answer 404. */
export async function startFakeProvider(handlers: Record<string, Handler>, port = 0): Promise<FakeProvider> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      let body: unknown = null
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
      }
      const recorded = { path: req.url ?? '', authorization: req.headers.authorization, body }
      requests.push(recorded)
      const handler = handlers[recorded.path]
      if (handler) handler(recorded, res)
      else sendJson(res, 404, { error: { message: `no route ${recorded.path}` } })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const bound = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A port that was free a moment ago and has nothing listening now (connection refused). */
export async function closedPort(): Promise<number> {
  const probe = await startFakeProvider({})
  await probe.close()
  return probe.port
}

/**
 * Deterministic embeddings: each lower-cased word (after the synonym table) adds 1 to the
 * dimension its hash picks. Synonyms land in the same dimension, so "automobile" is near "car"
 * by meaning while sharing no word with it: only the vector leg of a search can connect them.
 */
export function bagOfWords(text: string, dimensions: number, synonyms: Record<string, string> = {}): number[] {
  const v = new Array<number>(dimensions).fill(0)
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 2) continue
    const word = synonyms[raw] ?? raw
    const slot = createHash('sha256').update(word).digest().readUInt32BE(0) % dimensions
    v[slot] = v[slot]! + 1
  }
  return v
}

/** The /v1/embeddings handler over bagOfWords, in OpenAI's response shape. */
export function embeddingsHandler(dimensions: number, synonyms: Record<string, string> = {}): Handler {
  return (request, res) => {
    const input = request.body?.input as string[]
    sendJson(res, 200, {
      object: 'list',
      model: request.body?.model,
      data: input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: bagOfWords(text, dimensions, synonyms),
      })),
    })
  }
}

/** A chat completion whose message content is `content` (OpenAI's response shape). */
export function chatCompletion(content: string, model = 'fake-model') {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  }
}
