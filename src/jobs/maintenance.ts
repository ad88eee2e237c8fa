// Maintenance jobs: history retention (90 days), lapsed credit holds, the entity-ceiling window (30 days), monitor runs (90 days), and company
// graph blocks of past generations. `dsp serve` runs them
// on a timer; operators and tests run one now with POST /admin/v1/jobs/{job}. Both are
// idempotent, so two processes running them at once is harmless.
import { pruneExposures } from '../domain/agent-runs/ceiling.ts'
import { lapseExpiredHolds } from '../domain/credits/holds.ts'
import type { Deps } from '../domain/types.ts'
import { pruneHistory } from '../domain/usage.ts'
import { deleteStaleGraphBlocks } from '../store/graph-blocks.ts'
import { pruneEvents } from '../domain/webhooks/events.ts'
import { pruneMonitorRuns } from '../domain/monitors/index.ts'

export type JobName =
  | 'usage.retention'
  | 'credits.expire_holds'
  | 'agents.prune_exposures'
  | 'relationships.prune_blocks'
  | 'webhooks.prune_events'
  | 'monitors.prune_runs'

export async function runJob(deps: Deps, job: JobName): Promise<number> {
  switch (job) {
    case 'usage.retention':
      return pruneHistory(deps)
    case 'credits.expire_holds':
      return lapseExpiredHolds(deps)
    case 'agents.prune_exposures':
      return pruneExposures(deps)
    case 'relationships.prune_blocks':
      return deleteStaleGraphBlocks(deps.db)
    case 'webhooks.prune_events':
      return pruneEvents(deps)
    case 'monitors.prune_runs':
      return pruneMonitorRuns(deps)
  }
}

/** Starts the timers; returns a stop function. */
export function startMaintenance(deps: Deps, everyMs = 60_000): () => void {
  const jobs: JobName[] = [
    'credits.expire_holds',
    'usage.retention',
    'agents.prune_exposures',
    'relationships.prune_blocks',
    'webhooks.prune_events',
    'monitors.prune_runs',
  ]
  const timer = setInterval(() => {
    for (const job of jobs)
      runJob(deps, job).catch((e: unknown) =>
        deps.log.warn({ job, err: (e as Error).message }, 'maintenance job failed'),
      )
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
