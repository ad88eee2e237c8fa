// The monitor runner: queues the cron ticks that are due (domain/monitors/schedule.ts, each
// claimed once in the store) and works on queued monitor runs (claimed `for update skip locked`
// with a lease), up to CONCURRENCY at once. Runs wherever the webhook dispatcher runs (`dsp serve`,
// `dsp worker`, DSP_WEBHOOKS_DISPATCH); any number of processes share one PostgreSQL store.
import { randomId } from '../domain/ids.ts'
import { onMonitorRuns, runLeaseMs, workOnRun } from '../domain/monitors/runs.ts'
import { queueDueTicks } from '../domain/monitors/schedule.ts'
import type { Deps } from '../domain/types.ts'
import { claimRuns } from '../store/monitors.ts'
import { startClaimLoop } from './claim-loop.ts'

/** Runs at once per process: each is a search (or an agent-run check), a few hundred ms. */
const CONCURRENCY = 4

export interface MonitorRunner {
  readonly owner: string
  wake(): void
  stop(): Promise<void>
}

export function startMonitorRunner(deps: Deps, options: { pollMs?: number } = {}): MonitorRunner {
  const owner = randomId('mon', 8)
  const loop = startClaimLoop({
    name: 'monitor runner',
    log: deps.log,
    concurrency: CONCURRENCY,
    pollMs: options.pollMs ?? deps.config.DSP_WEBHOOKS_POLL_MS,
    subscribe: onMonitorRuns,
    claim: async (free) => {
      await queueDueTicks(deps)
      const now = deps.clock.now()
      const claimed = await claimRuns(deps.db, owner, now, new Date(now.getTime() + runLeaseMs()), free)
      return claimed.map(
        (run) => () =>
          workOnRun(deps, owner, run).catch((e: unknown) =>
            deps.log.warn({ monitor_run_id: run.id, err: (e as Error).message }, 'monitor run not recorded'),
          ),
      )
    },
  })
  return { owner, wake: loop.wake, stop: loop.stop }
}
