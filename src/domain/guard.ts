// The one wrapper that turns an outage of a dependency into its contract code (STYLE §3: an
// outage becomes its code where it is detected, not in each caller). `outageError` is the same
// translation for the error handler's fallback (http/plugins/errors.ts), so a store call that no
// guard wraps still answers its route's contract code, never a 500.
import { ApiError, DependencyError, type ErrorCode } from '../errors.ts'
import type { Dependency } from '../faults.ts'
import { storeOutage } from '../store/outage.ts'
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

/** True for errors that mean "the database is not there or too slow", as opposed to a bad query. */
export function isConnectionError(e: unknown): boolean {
  return e instanceof DependencyError || storeOutage(e) !== null
}

/** A dependency past its deadline (an injected slow fault, a statement or lock timeout, no connection in time). */
function isTimeout(e: unknown): boolean {
  return e instanceof DependencyError ? e.kind === 'timeout' : storeOutage(e) === 'timeout'
}

/**
 * The contract error for an outage met while serving `code`'s dependency, or null when `e` is
 * not an outage. §7 has a timeout code only for the retrieval engine (504 upstream.timeout,
 * search and lookup routes: `slowIsTimeout`); any other dependency past its deadline is as
 * unavailable as a dead one.
 */
export function outageError(
  e: unknown,
  code: ErrorCode,
  slowIsTimeout = code === 'upstream.unavailable',
): ApiError | null {
  if (!isConnectionError(e)) return null
  if (slowIsTimeout && isTimeout(e))
    return new ApiError(
      'upstream.timeout',
      'The retrieval engine did not answer in time; nothing was charged. Retry after Retry-After.',
    )
  return new ApiError(
    code,
    UNAVAILABLE_DETAIL[code] ?? 'A dependency could not be reached or did not answer in time. Retry shortly.',
  )
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
    const outage = outageError(e, code)
    if (!outage) throw e
    deps.log.warn(
      { dependency, err: (e as Error).message, timeout: outage.code === 'upstream.timeout' || isTimeout(e) },
      'dependency unavailable',
    )
    throw outage
  }
}
