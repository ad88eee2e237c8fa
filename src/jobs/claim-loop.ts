// One claiming loop for a queue kept in the store (agent runs, webhook deliveries): claims work
// while fewer than `concurrency` jobs run, again at each wake-up (a signal, or a job ending) and
// every `pollMs`. One claiming pass at a time; a wake-up during a pass makes it go round once more.
import type { Logger } from 'pino'

export interface ClaimLoop {
  /** Claims now instead of at the next poll. */
  wake(): void
  /** True once stop() was called: running jobs stop at their next step. */
  stopping(): boolean
  /** Stops claiming and waits for the running jobs. */
  stop(): Promise<void>
}

export function startClaimLoop(o: {
  /** Names the queue in the log line of a failed claim. */
  name: string
  log: Logger
  concurrency: number
  pollMs: number
  /** Calls `wake` when work is queued; returns how to stop listening. */
  subscribe: (wake: () => void) => () => void
  /** Claims at most `free` jobs, each returned as its work; none when nothing is due. */
  claim: (free: number) => Promise<(() => Promise<void>)[]>
  /** While true, nothing is claimed (an injected fault). */
  paused?: () => boolean
}): ClaimLoop {
  const active = new Set<Promise<void>>()
  let stopping = false
  let looping: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined

  const claimWhileFree = async () => {
    try {
      do {
        again = false
        while (!stopping && active.size < o.concurrency && !o.paused?.()) {
          const jobs = await o.claim(o.concurrency - active.size)
          if (jobs.length === 0) break
          for (const job of jobs) {
            const p: Promise<void> = job().finally(() => {
              active.delete(p)
              void loop()
            })
            active.add(p)
          }
        }
      } while (again && !stopping)
    } catch (e) {
      if (!stopping) o.log.warn({ err: (e as Error).message }, `${o.name} could not claim`)
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
    timer = setTimeout(() => void loop().finally(schedule), o.pollMs)
    timer.unref()
  }

  const unsubscribe = o.concurrency > 0 ? o.subscribe(() => void loop()) : () => {}
  if (o.concurrency > 0) {
    void loop()
    schedule()
  }

  return {
    wake: () => void loop(),
    stopping: () => stopping,
    stop: async () => {
      stopping = true
      clearTimeout(timer)
      unsubscribe()
      if (looping) await looping
      await Promise.allSettled([...active])
    },
  }
}
