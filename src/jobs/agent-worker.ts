// The agent-run worker: claims runs from the durable queue (for update skip locked, with a
// lease) and runs them through the engine, up to DSP_AGENT_WORKERS at once. In-process in
// `dsp serve` by default; `dsp worker` runs the same loop on its own at scale. Restart-safe: a
// run whose worker died is claimed again once its lease expires and resumes from its last
// checkpoint. Paused (claims nothing) while the agent_engine fault is injected.
import { executeRun, Interrupted } from '../agent/engine.ts'
import { claimAgentRun, failAttempt, LostClaim, type Claim } from '../domain/agent-runs/progress.ts'
import { AGENT_POLL_MS, onQueued } from '../domain/agent-runs/signals.ts'
import { randomId } from '../domain/ids.ts'
import type { Deps } from '../domain/types.ts'

export interface AgentWorker {
  readonly owner: string
  /** Claims now instead of at the next poll. */
  wake(): void
  /** Stops claiming, lets running runs stop at their next step, and waits for them. */
  stop(): Promise<void>
}

export function startAgentWorker(deps: Deps, options: { concurrency?: number; pollMs?: number } = {}): AgentWorker {
  const concurrency = options.concurrency ?? deps.config.DSP_AGENT_WORKERS
  const pollMs = options.pollMs ?? AGENT_POLL_MS
  const owner = randomId('wkr', 8)
  const active = new Set<Promise<void>>()
  let stopping = false
  let looping: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined

  const run = async (claim: Claim) => {
    const started = performance.now()
    const took = () => (performance.now() - started) / 1000
    // One span per attempt, in the trace of the request that started the run (src/tracing.ts).
    const span = deps.tracing?.start('agent_run attempt', {
      kind: 'consumer',
      attributes: { 'dsp.run_id': claim.run.id, 'dsp.run.attempt': claim.attempt, 'dsp.worker': owner },
      parent: claim.run.traceparent,
    })
    const record = (o: 'finished' | 'interrupted' | 'failed') => {
      deps.metrics.runAttempt(o, took())
      span?.setAttributes({ 'dsp.run.outcome': o })
      if (o === 'failed') span?.fail()
    }
    try {
      await executeRun(deps, claim, () => stopping)
      record('finished')
    } catch (e) {
      if (e instanceof LostClaim || e instanceof Interrupted) return record('interrupted')
      record('failed')
      try {
        const outcome = await failAttempt(deps, claim, e)
        deps.log.warn(
          { run_id: claim.run.id, attempt: claim.attempt, outcome, err: (e as Error).message },
          'agent run attempt failed',
        )
      } catch (inner) {
        if (!(inner instanceof LostClaim))
          deps.log.error({ run_id: claim.run.id, err: (inner as Error).message }, 'could not record a failed agent run')
      }
    } finally {
      span?.end()
    }
  }

  const claimWhileFree = async () => {
    try {
      do {
        again = false
        while (!stopping && active.size < concurrency && deps.faults.modeOf('agent_engine') === null) {
          const claim = await claimAgentRun(deps, owner)
          if (!claim) break
          const p: Promise<void> = run(claim).finally(() => {
            active.delete(p)
            void loop()
          })
          active.add(p)
        }
      } while (again && !stopping)
    } catch (e) {
      if (!stopping) deps.log.warn({ err: (e as Error).message }, 'agent worker could not claim')
    }
  }

  /** One claiming loop at a time; a wake-up during it makes it go round once more. */
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
    timer = setTimeout(() => {
      void loop().finally(schedule)
    }, pollMs)
    timer.unref()
  }

  const unsubscribe = concurrency > 0 ? onQueued(() => void loop()) : () => {}
  if (concurrency > 0) {
    void loop()
    schedule()
  }

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
