// A real webhook receiver for tests: a node http server on 127.0.0.1 that records every request
// (headers and raw body) and answers the statuses it is told, in order (then `otherwise`).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after } from 'node:test'

export interface Received {
  headers: Record<string, string>
  body: string
  at: number
}

export interface Receiver {
  url: string
  received: Received[]
  /** Statuses of the next answers, in order; once used up, `otherwise`. */
  answers: number[]
  otherwise: number
  /** Milliseconds to wait before answering. */
  delayMs: number
  /** Resolves once `n` requests came (polling; `timeoutMs` then throws with what came). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>
  close(): Promise<void>
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const received: Received[] = []
  const state = { answers: [] as number[], otherwise: 200, delayMs: 0 }
  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v
      received.push({ headers, body, at: Date.now() })
      const status = state.answers.shift() ?? state.otherwise
      setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end('ok'), state.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // A receiver a test leaves open must not keep the test file's process alive after its last test.
  server.unref()
  const port = (server.address() as AddressInfo).port
  let closed = false
  const close = () =>
    closed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          closed = true
          server.closeAllConnections()
          server.close(() => resolve())
        })
  after(close)
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close,
    async waitFor(n: number, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`receiver: ${received.length} of ${n} requests came in ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return received
    },
  }) as Receiver
}
