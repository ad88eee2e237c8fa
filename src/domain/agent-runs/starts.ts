// What an agent-run start answers, and the starts under way in this process (Deps.agentStarts).
import type { AgentRunRow } from '../../store/agent-runs.ts'

/** Starts under way in this process, by workspace and Idempotency-Key (Deps.agentStarts). */
export type StartsInFlight = Map<string, Promise<StartOutcome>>

export interface StartOutcome {
  /** false: the key was used before in the workspace; the original handle (200). */
  created: boolean
  handle: { run_id: string; status: AgentRunRow['status'] }
}
