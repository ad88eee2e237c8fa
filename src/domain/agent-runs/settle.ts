// Settlement (contract §3.1, §3.2): the first GET (or cancel) of a finished run closes its hold,
// charging the price of the tier that ran for a completed run and nothing for a failed or
// cancelled one; a hold past its 35 minutes lapses and is never charged. The history row of the
// run becomes ok, or failed (error_code unsettled when the hold lapsed).
import type { Tier } from '../../contract/agent-runs.ts'
import * as store from '../../store/agent-runs.ts'
import type { AgentRunRow } from '../../store/agent-runs.ts'
import { closeHold } from '../credits/holds.ts'
import type { Deps } from '../types.ts'
import { releaseSlot } from './slots.ts'
import { tierAction, tierPriceMilli } from './tiers.ts'
import { TERMINAL } from './views.ts'
import { checkCreditsLow } from '../webhooks/credits-low.ts'

export interface Settled {
  run: AgentRunRow
  /** What this call charged (thousandths): the charge when it settled the run, else 0. */
  charged_milli: number
}

/** Idempotent: a settled or unfinished run is returned as it is. */
export async function settleRun(deps: Deps, run: AgentRunRow): Promise<Settled> {
  if (run.settled_at !== null || !TERMINAL.has(run.status)) return { run, charged_milli: 0 }
  const tier = run.tier as Tier | null
  const price = run.status === 'completed' && tier ? tierPriceMilli(tier) : null
  const action = tier ? tierAction(tier) : null
  const outcome = await closeHold(deps, run.hold_id, price, {
    run_id: run.usage_run_id,
    key_id: run.key_id,
    user_id: run.user_id,
    action_type: action,
  })
  const charged = outcome.state === 'settled' ? outcome.charged_milli : 0
  const now = deps.clock.now()
  const won = await deps.db.transaction().execute(async (tx) => {
    const locked = await store.lockRun(tx, run.workspace_id, run.id)
    if (!locked || locked.settled_at !== null) return false
    await store.updateRun(tx, run.id, {
      settled_at: now,
      settlement: outcome.state,
      credits_charged_milli: charged,
      effort_ran: tier,
      updated_at: now,
    })
    if (run.usage_run_id !== null) {
      const lapsed = outcome.state === 'lapsed'
      await store.settleUsageRun(tx, run.usage_run_id, {
        status: run.status === 'completed' && !lapsed ? 'ok' : 'failed',
        error_code: lapsed ? 'unsettled' : null,
        credits_charged_milli: charged,
        action_type: action,
        result_count: run.result_count,
        latency_ms: Math.max(0, (run.finished_at ?? now).getTime() - run.created_at.getTime()),
        finished_at: now,
      })
    }
    return true
  })
  await releaseSlot(deps, run)
  if (won && charged > 0) await checkCreditsLow(deps, run.workspace_id)
  const fresh = (await store.findRunById(deps.db, run.id)) ?? run
  return { run: fresh, charged_milli: won ? charged : 0 }
}
