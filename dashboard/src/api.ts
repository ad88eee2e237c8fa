// The one way the dashboard talks to the service: same-origin fetch with the session cookie,
// X-CSRF-Token on POST/PUT/PATCH/DELETE (refetched once from /v1/auth/me on auth.csrf), and
// problem+json answers turned into ApiProblem (branch on `code`, never on `detail`).
import type { Problem, SessionView, StreamEvent } from './types.ts'

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
    readonly retryAfter: number | null,
  ) {
    super(problem?.detail ?? `The server answered ${status}.`)
  }

  get code(): string {
    return this.problem?.code ?? (this.status === 0 ? 'network' : 'unknown')
  }
}

let csrfToken: string | null = null
let sessionEnded: (() => void) | null = null

export function setCsrfToken(token: string | null): void {
  csrfToken = token
}

/** Called when the server says the session is gone (expired, signed out elsewhere, access removed). */
export function onSessionEnded(fn: (() => void) | null): void {
  sessionEnded = fn
}

export type Query = Record<string, string | number | boolean | readonly string[] | null | undefined>

export interface CallOptions {
  body?: unknown
  query?: Query
  headers?: Record<string, string>
  signal?: AbortSignal
}

function url(path: string, query?: Query): string {
  const u = new URL(path, window.location.origin)
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue
    for (const one of Array.isArray(v) ? v : [v]) u.searchParams.append(k, String(one))
  }
  return u.pathname + u.search
}

async function send(method: string, path: string, opts: CallOptions): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json, application/problem+json',
    ...(opts.headers ?? {}),
  }
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['x-csrf-token'] = csrfToken
  try {
    return await fetch(url(path, opts.query), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiProblem(0, null, null)
  }
}

async function problemOf(res: Response): Promise<ApiProblem> {
  let body: Problem | null = null
  try {
    body = (await res.json()) as Problem
  } catch {
    body = null
  }
  const retry = Number(res.headers.get('retry-after'))
  return new ApiProblem(
    res.status,
    body && typeof body.code === 'string' ? body : null,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  )
}

export async function call<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
  let res = await send(method, path, opts)
  if (res.status === 403 && method !== 'GET') {
    const problem = await problemOf(res.clone())
    if (problem.code === 'auth.csrf') {
      const me = await send('GET', '/v1/auth/me', {})
      if (me.ok) {
        setCsrfToken(((await me.json()) as SessionView).csrf_token)
        res = await send(method, path, opts)
      }
    }
  }
  if (res.status === 204) return undefined as T
  if (!res.ok) {
    const problem = await problemOf(res)
    if (problem.code === 'auth.session_required' || problem.code === 'auth.unauthorized') sessionEnded?.()
    throw problem
  }
  return (await res.json()) as T
}

export const get = <T>(path: string, query?: Query, signal?: AbortSignal) => call<T>('GET', path, { query, signal })
export const post = <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
  call<T>('POST', path, { body, headers })
export const patch = <T>(path: string, body?: unknown) => call<T>('PATCH', path, { body })
export const del = <T>(path: string, body?: unknown) => call<T>('DELETE', path, { body })

/** A sentence for an error a person can act on. */
export function describeError(e: unknown): string {
  if (e instanceof ApiProblem) {
    if (e.code === 'network') return 'The server could not be reached. Check your connection and try again.'
    if (e.code === 'quota.burst_exceeded')
      return `Too many requests for now; try again in ${e.retryAfter ?? 'a few'} seconds.`
    return e.problem ? `${e.problem.detail} (${e.problem.code})` : e.message
  }
  return e instanceof Error ? e.message : String(e)
}

/**
 * Follows a server-sent event stream with fetch (so every event name arrives, and the session
 * cookie goes with it). When the stream closes, `isDone` decides; if not done, it resumes with
 * Last-Event-ID (a bounded number of times).
 */
export async function followEvents(
  path: string,
  onEvent: (e: StreamEvent) => void,
  opts: { signal: AbortSignal; isDone: () => Promise<boolean>; maxReconnects?: number },
): Promise<void> {
  let lastId: string | null = null
  for (let attempt = 0; attempt <= (opts.maxReconnects ?? 3) && !opts.signal.aborted; attempt++) {
    const headers: Record<string, string> = { accept: 'text/event-stream' }
    if (lastId !== null) headers['last-event-id'] = lastId
    const res = await fetch(path, { headers, credentials: 'same-origin', signal: opts.signal })
    if (!res.ok || !res.body) throw await problemOf(res)
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    let current: StreamEvent = { id: null, event: 'message', data: '' }
    let hasData = false
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += value
      let nl: number
      while ((nl = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(buffer[nl] === '\r' ? nl + 2 : nl + 1)
        if (line === '') {
          if (hasData) onEvent(current)
          if (current.id !== null) lastId = current.id
          current = { id: null, event: 'message', data: '' }
          hasData = false
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') current.event = val
        else if (field === 'id') current.id = val
        else if (field === 'data') {
          current.data = hasData ? `${current.data}\n${val}` : val
          hasData = true
        }
      }
    }
    if (await opts.isDone()) return
  }
}
