// The webhook dispatcher: claims due deliveries from the store (for update skip locked, with a
// lease) and sends them, up to CONCURRENCY at once. Runs in `dsp serve` and `dsp worker`; any
// number of processes may run it over one PostgreSQL store, and none sends a delivery another
// holds. A delivery whose process died (kill -9) is claimed again once its lease lapses.
import { attemptDelivery, leaseMs } from '../domain/webhooks/deliveries.ts'
import { onDeliveries } from '../domain/webhooks/events.ts'
import { randomId } from '../domain/ids.ts'
import type { Deps } from '../domain/types.ts'
import { claimDueDeliveries } from '../store/webhooks.ts'
import { startClaimLoop } from './claim-loop.ts'

const CONCURRENCY = 8

export interface Dispatcher {
  readonly owner: string
  wake(): void
  stop(): Promise<void>
}

export function startWebhookDispatcher(deps: Deps, options: { pollMs?: number } = {}): Dispatcher {
  const owner = randomId('dsp', 8)
  const loop = startClaimLoop({
    name: 'webhook dispatcher',
    log: deps.log,
    concurrency: CONCURRENCY,
    pollMs: options.pollMs ?? deps.config.DSP_WEBHOOKS_POLL_MS,
    subscribe: onDeliveries,
    claim: async (free) => {
      const now = deps.clock.now()
      const claimed = await claimDueDeliveries(deps.db, owner, now, new Date(now.getTime() + leaseMs(deps)), free)
      return claimed.map(
        (d) => () =>
          attemptDelivery(deps, owner, d).catch((e: unknown) =>
            deps.log.warn({ delivery_id: d.id, err: (e as Error).message }, 'webhook delivery not recorded'),
          ),
      )
    },
  })
  return { owner, wake: loop.wake, stop: loop.stop }
}
