// The webhook dispatcher: claims due deliveries from the store (for update skip locked, with a
// lease) and sends them, up to CONCURRENCY at once. Runs in `dsp serve` and `dsp worker`; any
// number of processes may run it over one PostgreSQL store, and none sends a delivery another
// holds. A delivery whose process died (kill -9) is claimed again once its lease lapses.
import { attemptDelivery, leaseMs } from '../domain/webhooks/deliveries.ts'
import { onDeliveries } from '../domain/webhooks/events.ts'
import { randomId } from '../domain/ids.ts'
import type { Deps } from '../domain/types.ts'
import { claimDueDeliveries } from '../store/webhooks.ts'

const CONCURRENCY = 8

export interface Dispatcher {
  readonly owner: string
  wake(): void
  stop(): Promise<void>
}

export function startWebhookDispatcher(deps: Deps, options: { pollMs?: number } = {}): Dispatcher {
  const pollMs = options.pollMs ?? deps.config.DSP_WEBHOOKS_POLL_MS
  const owner = randomId('dsp', 8)
  const active = new Set<Promise<void>>()
  let stopping = false
  let looping: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined

  const claimWhileFree = async () => {
    try {
      do {
        again = false
        while (!stopping && active.size < CONCURRENCY) {
          const now = deps.clock.now()
          const claimed = await claimDueDeliveries(
            deps.db,
            owner,
            now,
            new Date(now.getTime() + leaseMs(deps)),
            CONCURRENCY - active.size,
          )
          if (claimed.length === 0) break
          for (const d of claimed) {
            const p: Promise<void> = attemptDelivery(deps, owner, d)
              .catch((e: unknown) =>
                deps.log.warn({ delivery_id: d.id, err: (e as Error).message }, 'webhook delivery not recorded'),
              )
              .finally(() => {
                active.delete(p)
                void loop()
              })
            active.add(p)
          }
        }
      } while (again && !stopping)
    } catch (e) {
      if (!stopping) deps.log.warn({ err: (e as Error).message }, 'webhook dispatcher could not claim')
    }
  }

  const loop = (): Promise<void> => {
    if (looping) {
      again = true
      return looping
    }
    looping = claimWhileFree().finally(() => {
      looping = null
    })
    return looping
  }

  const schedule = () => {
    if (stopping) return
    timer = setTimeout(() => void loop().finally(schedule), pollMs)
    timer.unref()
  }

  const unsubscribe = onDeliveries(() => void loop())
  void loop()
  schedule()

  return {
    owner,
    wake: () => void loop(),
    stop: async () => {
      stopping = true
      clearTimeout(timer)
      unsubscribe()
      if (looping) await looping
      await Promise.allSettled([...active])
    },
  }
}
