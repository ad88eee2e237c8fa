// A small fetch client: tests see exactly what a client sees (status, headers, body).
import assert from 'node:assert/strict'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Res<T = any> {
  status: number
  headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: T & Record<string, any>
  text: string
}

export interface ReqOptions {
  key?: string
  body?: unknown
  rawBody?: string
  headers?: Record<string, string>
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>
}

export class HttpClient {
  constructor(readonly url: string) {}

  async request(method: string, path: string, opts: ReqOptions = {}): Promise<Res> {
    const u = new URL(this.url + path)
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v === undefined) continue
      for (const one of Array.isArray(v) ? v : [v]) u.searchParams.append(k, String(one))
    }
    const headers: Record<string, string> = { ...(opts.headers ?? {}) }
    if (opts.key !== undefined) headers['x-api-key'] = opts.key
    let body: string | undefined
    if (opts.rawBody !== undefined) body = opts.rawBody
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(u, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = null
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      parsed = null
    }
    return { status: res.status, headers: res.headers, body: parsed as Res['body'], text }
  }

  get(path: string, opts?: ReqOptions) {
    return this.request('GET', path, opts)
  }
  post(path: string, opts?: ReqOptions) {
    return this.request('POST', path, opts)
  }
  put(path: string, opts?: ReqOptions) {
    return this.request('PUT', path, opts)
  }
  patch(path: string, opts?: ReqOptions) {
    return this.request('PATCH', path, opts)
  }
  delete(path: string, opts?: ReqOptions) {
    return this.request('DELETE', path, opts)
  }
}

/** The body is exactly what the route's response schema describes: no field missing, none extra, every type right. */
export function expectSchema(schema: TSchema, body: unknown): void {
  const errors = [...Value.Errors(schema, body)]
    .slice(0, 5)
    .map(
      (e) =>
        `${(e as { instancePath?: string; path?: string }).instancePath ?? (e as { path?: string }).path}: ${e.message}`,
    )
  assert.deepEqual(errors, [], 'the body does not match its response schema')
}

export function expectStatus(res: Res, status: number): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${res.text.slice(0, 2000)}`)
}

/** A contract problem: status, code, content type, type URL slug, request_id echo (§2.3). */
export function expectProblem(res: Res, status: number, code: string): void {
  expectStatus(res, status)
  assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/)
  assert.equal(res.body.code, code, res.text)
  assert.equal(res.body.status, status)
  assert.ok(
    String(res.body.type).endsWith('/' + code.replace(/[._]/g, '-')),
    `type ${res.body.type} does not end with the slug of ${code}`,
  )
  assert.equal(typeof res.body.title, 'string')
  assert.equal(typeof res.body.detail, 'string')
  assert.equal(typeof res.body.instance, 'string')
  assert.equal(res.body.request_id, res.headers.get('x-request-id'))
}

/** The fields of the response envelope every data route answers with (data-routes §2.2). */
export const ENVELOPE_FIELDS = [
  'results',
  'total',
  'total_is_estimate',
  'has_more',
  'next_cursor',
  'resolved_search',
  'suggestion',
  'coverage',
  'attribution',
  'degradation',
  'columns',
  'meta',
] as const

/** A 200 in the response envelope: every field of §2.2 present, and its meta. */
export function expectEnvelope(
  res: Res,
  meta: { environment?: string; credential?: string; credits_charged?: number | null } = {},
): void {
  expectStatus(res, 200)
  for (const f of ENVELOPE_FIELDS) assert.ok(f in res.body, `envelope lacks ${f}`)
  expectMeta(res, meta)
}

/** meta on every 2xx (§2.2). */
export function expectMeta(
  res: Res,
  expected: { environment?: string; credential?: string; credits_charged?: number | null } = {},
): void {
  const meta = res.body.meta
  assert.ok(meta, `no meta in ${res.text.slice(0, 500)}`)
  assert.equal(meta.request_id, res.headers.get('x-request-id'))
  assert.ok(!Number.isNaN(Date.parse(meta.as_of)))
  assert.ok(['live', 'test'].includes(meta.environment))
  assert.ok(['api_key', 'session'].includes(meta.credential))
  assert.ok('credits_charged' in meta)
  for (const [k, v] of Object.entries(expected)) assert.deepEqual(meta[k], v, `meta.${k}`)
}

/**
 * The cursor with the last two characters of its signature changed: always different from the
 * original (a fixed replacement such as `xx` equals it when the signature happens to end so).
 */
export function tampered(cursor: string): string {
  const end = cursor.endsWith('xx') ? 'yy' : 'xx'
  return cursor.slice(0, -2) + end
}
