// What a store error says about the store itself, as opposed to the statement: too slow
// (`timeout`: a statement or lock timeout, no connection within the acquisition deadline) or not
// there (`unavailable`: refused, dropped, shutting down, out of connections). domain/guard.ts turns
// either into the contract code of the dependency the store serves; anything else (a constraint, a
// bad query) is a bug and stays a 500. The shapes are pg's, pg-pool's, Kysely's and PGlite's.
//
// Where an error happened decides first: any error met while opening or acquiring a connection
// (StoreConnectError, raised by the pool store/db.ts hands Kysely) is an outage whatever its
// SQLSTATE: no statement ran, so it cannot be the statement's fault. That covers the codes no list
// would name (55000 "database does not allow connections", 3D000 the database dropped, 28000/28P01
// credentials revoked, a proxy's own errors). The lists below are for errors on a connection
// already open: a terminated backend, a lost socket, a statement timeout.

export type StoreOutage = 'timeout' | 'unavailable'

/** The code of the embedded store's error when a call waited past the acquisition deadline (pglite-dialect.ts). */
export const EMBEDDED_ACQUIRE_TIMEOUT = 'DSP_STORE_ACQUIRE_TIMEOUT'

// 57014 query_canceled (statement_timeout), 55P03 lock_not_available (lock_timeout).
const TIMEOUT_CODES = new Set(['57014', '55P03', EMBEDDED_ACQUIRE_TIMEOUT, 'ETIMEDOUT'])
// Class 08 connection exception, 57P01–57P03 shutdown and cannot-connect-now, class 53
// insufficient resources (too many connections, disk full, out of memory), socket errors, and a
// transaction the store rolled back to resolve a conflict (40001 serialization failure, 40P01
// deadlock detected): the statement was fine, the same call a moment later succeeds, so it is a
// 503 with Retry-After, not a 500, and nothing was written.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])
const UNAVAILABLE_CLASSES = ['08', '53', '57P01', '57P02', '57P03', '40001', '40P01']

// pg-pool and pg name no code for these; their messages are stable across 8.x.
const TIMEOUT_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated due to connection timeout|Query read timeout/i
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|Postgres connection has been discarded|Cannot use a pool after calling end|driver has already been destroyed|PGlite is closed/i

/** An error met while connecting to PostgreSQL or waiting for a pooled connection; `cause` is what the driver threw. */
export class StoreConnectError extends Error {
  readonly code: string | undefined
  constructor(override readonly cause: unknown) {
    const inner = cause as { code?: unknown; message?: unknown } | null
    super(`connecting to the store: ${typeof inner?.message === 'string' ? inner.message : String(cause)}`)
    this.name = 'StoreConnectError'
    this.code = typeof inner?.code === 'string' ? inner.code : undefined
  }
}

export function storeOutage(e: unknown): StoreOutage | null {
  // No connection within the acquisition deadline is slow; anything else while connecting is down.
  if (e instanceof StoreConnectError) return statementOutage(e.cause) === 'timeout' ? 'timeout' : 'unavailable'
  return statementOutage(e)
}

function statementOutage(e: unknown): StoreOutage | null {
  const err = e as { code?: unknown; message?: unknown } | null
  const code = typeof err?.code === 'string' ? err.code : ''
  const message = typeof err?.message === 'string' ? err.message : ''
  if (TIMEOUT_CODES.has(code) || TIMEOUT_MESSAGES.test(message)) return 'timeout'
  if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.some((c) => code.startsWith(c))) return 'unavailable'
  if (UNAVAILABLE_MESSAGES.test(message)) return 'unavailable'
  return null
}
