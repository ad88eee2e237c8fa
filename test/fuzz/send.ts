// Sends a fuzz request as it is: node:http for what an HTTP client can send (paths with '..'
// and malformed percent-encodings stay untouched, unlike fetch), a raw socket for the rest.
import http from 'node:http'
import net from 'node:net'
import type { FuzzRequest } from './requests.ts'

export interface Answer {
  /** 0: no answer (error says why). */
  status: number
  headers: Record<string, string>
  text: string
  error?: string
  ms: number
}

/** The values placeholders stand for: keys and the ids the setup made. */
export type Values = Record<string, string>

export function fill(text: string, values: Values): string {
  if (!text.includes('@@') && !text.includes('%40%40')) return text
  return text.replace(/(?:@@|%40%40)(\w+)(?:@@|%40%40)/g, (m, name: string) => values[name] ?? m)
}

const KEY_HEADERS: Record<FuzzRequest['auth'], (v: Values) => Record<string, string>> = {
  live: (v) => ({ 'x-api-key': v.live_key! }),
  test: (v) => ({ 'x-api-key': v.test_key! }),
  none: () => ({}),
  malformed: () => ({ 'x-api-key': 'sk_dsp_nope_' + 'x'.repeat(43) }),
  unknown: () => ({ 'x-api-key': 'sk_dsp_live_' + 'A'.repeat(43) }),
  bearer: (v) => ({ authorization: `Bearer ${v.live_key}` }),
  browser: (v) => ({ 'x-api-key': v.live_key!, origin: 'https://evil.example' }),
}

/** The request with its placeholders filled: what goes on the wire. */
export function concrete(req: FuzzRequest, values: Values): FuzzRequest {
  const headers: Record<string, string> = { ...KEY_HEADERS[req.auth](values) }
  for (const [k, v] of Object.entries(req.headers)) headers[k] = fill(v, values)
  return {
    ...req,
    path: fill(req.path, values),
    query: fill(req.query, values),
    headers,
    body: req.body === undefined ? undefined : fill(req.body, values),
    raw: req.raw === undefined ? undefined : fill(req.raw, values),
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })

export function send(port: number, req: FuzzRequest, timeoutMs: number): Promise<Answer> {
  return req.raw !== undefined ? sendRaw(port, req.raw, timeoutMs) : sendHttp(port, req, timeoutMs)
}

function sendHttp(port: number, req: FuzzRequest, timeoutMs: number): Promise<Answer> {
  const t0 = performance.now()
  return new Promise((resolve) => {
    let done = false
    const finish = (a: Omit<Answer, 'ms'>) => {
      if (done) return
      done = true
      resolve({ ...a, ms: performance.now() - t0 })
    }
    let r: http.ClientRequest
    try {
      r = http.request(
        {
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.path + (req.query ? `?${req.query}` : ''),
          headers: req.headers,
          agent,
          timeout: timeoutMs,
        },
        (res) => {
          const headers = flatHeaders(res.headers)
          // A stream (agent-run events) never ends by itself: its head is the answer.
          if ((headers['content-type'] ?? '').startsWith('text/event-stream')) {
            res.destroy()
            return finish({ status: res.statusCode ?? 0, headers, text: '' })
          }
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            finish({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') }),
          )
          res.on('error', (e) => finish({ status: 0, headers, text: '', error: `response: ${e.message}` }))
        },
      )
    } catch (e) {
      // The client itself refused it (an invalid header value): not a request the server saw.
      return finish({ status: -1, headers: {}, text: '', error: `client refused: ${(e as Error).message}` })
    }
    r.on('timeout', () => {
      r.destroy()
      finish({ status: 0, headers: {}, text: '', error: `no answer within ${timeoutMs} ms` })
    })
    r.on('error', (e) => finish({ status: 0, headers: {}, text: '', error: `request: ${e.message}` }))
    // Node's client sends a GET, HEAD or DELETE body without Content-Length unless told.
    if (req.body !== undefined && !Object.keys(req.headers).some((h) => h.toLowerCase() === 'content-length'))
      r.setHeader('content-length', Buffer.byteLength(req.body))
    r.end(req.body)
  })
}

function flatHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v
  return out
}

/** Writes the bytes, reads one HTTP/1.1 answer (Content-Length or close), then closes. */
export function sendRaw(port: number, raw: string, timeoutMs: number): Promise<Answer> {
  const t0 = performance.now()
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let buf = Buffer.alloc(0)
    let done = false
    const finish = (a: Omit<Answer, 'ms'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ ...a, ms: performance.now() - t0 })
    }
    const timer = setTimeout(
      () => finish({ status: 0, headers: {}, text: '', error: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    )
    const parsed = () => {
      const end = buf.indexOf('\r\n\r\n')
      if (end < 0) return null
      const [statusLine, ...lines] = buf.subarray(0, end).toString('latin1').split('\r\n')
      const headers: Record<string, string> = {}
      for (const l of lines) {
        const i = l.indexOf(':')
        if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim()
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0)
      const body = buf.subarray(end + 4)
      const length = headers['content-length'] === undefined ? null : Number(headers['content-length'])
      const complete =
        // A stream (agent-run events) never ends by itself: its head is the answer.
        (headers['content-type'] ?? '').startsWith('text/event-stream') ||
        (length !== null ? body.length >= length : body.includes('0\r\n\r\n'))
      return { status, headers, body, complete }
    }
    socket.on('data', (c: Buffer) => {
      buf = Buffer.concat([buf, c])
      const p = parsed()
      if (p?.complete) finish({ status: p.status, headers: p.headers, text: p.body.toString('utf8') })
    })
    const closed = (error?: string) => {
      const p = parsed()
      if (p) finish({ status: p.status, headers: p.headers, text: p.body.toString('utf8') })
      else finish({ status: 0, headers: {}, text: '', error: error ?? 'closed without an answer' })
    }
    socket.on('end', () => closed())
    socket.on('close', () => closed())
    socket.on('error', (e) => closed(`socket: ${e.message}`))
    socket.write(Buffer.from(raw, 'latin1'))
  })
}

export function closeConnections(): void {
  agent.destroy()
}
