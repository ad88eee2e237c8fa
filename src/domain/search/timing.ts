// When the engine's work runs: the retrieval deadline (504 upstream.timeout past it, 503 when the
// store is gone), and one turn of the event loop that lets statements started so far go first.
import { ApiError, DependencyError } from '../../errors.ts'
import type { Deps } from '../types.ts'

/** Deadline of the engine: past DSP_RETRIEVAL_TIMEOUT_MS the call answers 504 upstream.timeout. */
export async function withRetrieval<T>(deps: Deps, fn: () => Promise<T>): Promise<T> {
  const deadline = deps.config.DSP_RETRIEVAL_TIMEOUT_MS
  let timer: NodeJS.Timeout | undefined
  try {
    if (deps.faults.modeOf('retrieval') !== null) await deps.faults.check('retrieval', deadline)
    return await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DependencyError('retrieval', 'timeout')), deadline)
      }),
    ])
  } catch (e) {
    if (e instanceof ApiError) throw e
    if (e instanceof DependencyError) {
      if (e.kind === 'timeout')
        throw new ApiError(
          'upstream.timeout',
          `The retrieval engine did not answer within ${deadline} ms; nothing was charged. Retry after Retry-After.`,
        )
      throw new ApiError(
        'upstream.unavailable',
        'The retrieval engine could not be reached; nothing was charged. Retry after Retry-After.',
      )
    }
    const code = (e as { code?: string }).code ?? ''
    if (/^(ECONN|08|57P)/.test(code) || /Connection terminated/.test(String((e as Error).message)))
      throw new ApiError('upstream.unavailable', 'The retrieval engine could not be reached; nothing was charged.')
    throw e
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Resolves once the statements started so far are on their way to the store. A pooled connection
 * is handed out on a later tick (pg-pool) or after a chain of promises (the embedded store's
 * connection), so a statement started just before CPU work on this thread used to reach the store
 * only after that work: one turn of the event loop lets it go first (docs/search.md, "The store
 * gets its statements first").
 */
export function statementsSent(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
