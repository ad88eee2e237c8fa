// The one wrapper that turns an outage of a dependency into its contract code (STYLE §3: an
// outage becomes its code where it is detected, not in each caller).
import { ApiError, DependencyError, type ErrorCode } from '../errors.ts'
import type { Dependency } from '../faults.ts'
import type { Deps } from './types.ts'

const UNAVAILABLE_DETAIL: Partial<Record<ErrorCode, string>> = {
  'auth.unavailable': 'The credential store could not verify the key; nothing ran. Retry shortly.',
  'credits.unavailable':
    'The billing ledger could not be reached; nothing was charged by this request. Retry with the same Idempotency-Key.',
  'lists.unavailable': 'Saved lists could not be reached; nothing changed. Retry shortly.',
  'feedback.unavailable': 'The feedback store could not be reached; nothing was filed. Retry shortly.',
  'upstream.unavailable': 'The retrieval engine could not be reached; nothing was charged. Retry after Retry-After.',
  'payment.unavailable': 'The payment service could not be reached; nothing was charged.',
}

/** True for errors that mean "the database is not there", as opposed to a bad query. */
export function isConnectionError(e: unknown): boolean {
  if (e instanceof DependencyError) return true
  const err = e as { code?: unknown; message?: unknown }
  const code = typeof err?.code === 'string' ? err.code : ''
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03'].includes(code))
    return true
  if (code.startsWith('08')) return true
  const msg = typeof err?.message === 'string' ? err.message : ''
  return /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(msg)
}

export async function guarded<T>(
  deps: Deps,
  dependency: Dependency,
  code: ErrorCode,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    // The retrieval engine has its own deadline (DSP_RETRIEVAL_TIMEOUT_MS); every other dependency the common one.
    // No fault injected (always, in production): no wait before the call.
    if (deps.faults.modeOf(dependency) !== null)
      await deps.faults.check(
        dependency,
        dependency === 'retrieval' ? deps.config.DSP_RETRIEVAL_TIMEOUT_MS : deps.config.DSP_DEPENDENCY_TIMEOUT_MS,
      )
    return await fn()
  } catch (e) {
    if (e instanceof ApiError) throw e
    // §7: a retrieval engine past its deadline is 504 upstream.timeout, not an outage.
    if (code === 'upstream.unavailable' && e instanceof DependencyError && e.kind === 'timeout') {
      deps.log.warn({ dependency, err: e.message }, 'dependency timed out')
      throw new ApiError(
        'upstream.timeout',
        'The retrieval engine did not answer in time; nothing was charged. Retry after Retry-After.',
      )
    }
    if (isConnectionError(e)) {
      deps.log.warn({ dependency, err: (e as Error).message }, 'dependency unavailable')
      throw new ApiError(code, UNAVAILABLE_DETAIL[code] ?? `${dependency} is unavailable.`)
    }
    throw e
  }
}
