// Start slots (contract §7, §8: more than 5 runs being started at once by one credential → 429
// quota.concurrency_exceeded, Retry-After 30). A start is in flight from the moment it is
// accepted until its run is terminal: the slot is taken at start and given back by whoever
// makes the run terminal (worker, cancel) and again, harmlessly, by settlement. The limiter
// fails open and drops a slot on its own after the hold's 35 minutes.
import type { AgentRunRow } from '../../store/agent-runs.ts'
import { HOLD_LAPSE_SECONDS } from '../credits/holds.ts'
import type { Credential, Deps } from '../types.ts'
import { credentialKey } from './ceiling.ts'

export const START_SLOT_TTL_SECONDS = HOLD_LAPSE_SECONDS

/** §8: more than this many runs started and unfinished on one credential answer 429 quota.concurrency_exceeded. */
export const START_CONCURRENCY = 5

export const slotKey = (credential: Pick<Credential, 'key_id' | 'user_id'>) =>
  `agents.start:${credentialKey(credential)}`

export async function releaseSlot(
  deps: Deps,
  run: Pick<AgentRunRow, 'key_id' | 'user_id' | 'start_slot'>,
): Promise<void> {
  if (run.start_slot) await deps.limiter.release(slotKey(run), run.start_slot)
}
