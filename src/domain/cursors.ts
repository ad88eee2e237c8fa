// Signed cursors (contract §7, §8): opaque, HMAC-signed over the request's fingerprint (every
// parameter except the cursor and limit), 24 hours of life, depth capped at 10,000 results.
import { createHmac, hash, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../errors.ts'
import type { Deps } from './types.ts'

export const CURSOR_TTL_MS = 24 * 3600 * 1000
export const MAX_DEPTH = 10_000

interface Envelope {
  k: string // cursor kind (route family): a cursor from another route is not valid here
  f: string // request fingerprint
  t: number // issued at (clock ms)
  p: unknown // route payload
}

/** A stable hash of the request's parameters (keys sorted), without cursor and limit. */
export function fingerprint(params: Record<string, unknown>): string {
  const { cursor: _c, limit: _l, ...rest } = params
  return hash('sha256', stableStringify(rest), 'base64url').slice(0, 16)
}

export function stableStringify(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null'
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`
  const o = v as Record<string, unknown>
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableStringify(o[k])}`)
    .join(',')}}`
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url').slice(0, 22)
}

export function issueCursor(deps: Deps, kind: string, fp: string, payload: unknown): string {
  const body = Buffer.from(
    JSON.stringify({ k: kind, f: fp, t: deps.clock.nowMs(), p: payload } satisfies Envelope),
  ).toString('base64url')
  return `${body}.${sign(deps.secret, body)}`
}

const invalid = (why: string) =>
  new ApiError('pagination.cursor_invalid', `The cursor is not valid for this request (${why}); restart from page 1.`)

/** Verifies signature, kind, fingerprint and age; returns the payload. */
export function readCursor<T>(deps: Deps, kind: string, fp: string, token: string): T {
  const [body, sig] = token.split('.')
  if (!body || !sig || token.split('.').length !== 2) throw invalid('malformed')
  const expected = Buffer.from(sign(deps.secret, body))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid('signature check failed')
  let env: Envelope
  try {
    env = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Envelope
  } catch {
    throw invalid('malformed')
  }
  if (env.k !== kind) throw invalid('issued by another route')
  if (env.f !== fp) throw invalid('the request changed between pages; only limit may change')
  if (deps.clock.nowMs() - env.t > CURSOR_TTL_MS)
    throw new ApiError(
      'pagination.cursor_expired',
      'The cursor is older than 24 hours; run the request again from page 1.',
    )
  return env.p as T
}

/**
 * A page's plan and position: read from its signed cursor (depth checked), or planned afresh at
 * offset 0. `delivered` counts rows already delivered (routes that charge by delivered rows).
 */
export async function planOrCursor<P>(
  deps: Deps,
  kind: string,
  fp: string,
  cursor: string | null | undefined,
  limit: number,
  fresh: () => Promise<P>,
): Promise<{ plan: P; offset: number; delivered: number }> {
  if (!cursor) return { plan: await fresh(), offset: 0, delivered: 0 }
  const c = readCursor<{ plan: P; offset: number; delivered?: number }>(deps, kind, fp, cursor)
  checkDepth(c.offset, limit)
  return { plan: c.plan, offset: c.offset, delivered: c.delivered ?? 0 }
}

export function checkDepth(offset: number, limit: number): void {
  if (offset + limit > MAX_DEPTH && offset >= MAX_DEPTH)
    throw new ApiError(
      'pagination.depth_exceeded',
      `Paging stops at ${MAX_DEPTH.toLocaleString('en')} results; narrow the search.`,
    )
}
