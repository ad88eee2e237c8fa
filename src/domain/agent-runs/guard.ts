// The agent-run store boundary: a store outage on an agent-run route becomes 503
// upstream.unavailable (contract §7: the agent engine is unreachable), said in the engine's words.
// The start also asks the engine to accept the run: an injected agent_engine fault answers
// 503 when the engine is down or slow and 502 when it errs (§4.9).
import { ApiError, DependencyError } from '../../errors.ts'
import { isConnectionError } from '../guard.ts'
import type { Deps } from '../types.ts'

export async function withAgentStore<T>(deps: Deps, fn: () => Promise<T>): Promise<T> {
  try {
    await deps.faults.check('store', deps.config.DSP_DEPENDENCY_TIMEOUT_MS)
    return await fn()
  } catch (e) {
    if (e instanceof ApiError) throw e
    if (isConnectionError(e)) {
      deps.log.warn({ err: (e as Error).message }, 'agent-run store unavailable')
      throw new ApiError(
        'upstream.unavailable',
        'The agent engine could not be reached; nothing changed. Retry after Retry-After.',
      )
    }
    throw e
  }
}

/** §3.1: a run is recorded only once the engine accepts it; nothing is held or started otherwise. */
export async function engineAccepts(deps: Deps): Promise<void> {
  try {
    await deps.faults.check('agent_engine', deps.config.DSP_DEPENDENCY_TIMEOUT_MS)
  } catch (e) {
    if (e instanceof DependencyError && e.kind === 'error') {
      throw new ApiError(
        'upstream.unavailable',
        'The agent engine answered with an error; nothing was started or held. Retry after a while.',
        { status: 502 },
      )
    }
    throw new ApiError(
      'upstream.unavailable',
      'The agent engine could not be reached; nothing was started or held. Retry after Retry-After.',
    )
  }
}
