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
import { startClaimLoop } from './claim-loop.ts'

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
      await executeRun(deps, claim, () => loop.stopping())
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

  const loop = startClaimLoop({
    name: 'agent worker',
    log: deps.log,
    concurrency,
    pollMs,
    subscribe: onQueued,
    // One run a claim; the loop claims again while a slot is free.
    claim: async () => {
      const claim = await claimAgentRun(deps, owner)
      return claim ? [() => run(claim)] : []
    },
    paused: () => deps.faults.modeOf('agent_engine') !== null,
  })

  return { owner, wake: loop.wake, stop: loop.stop }
}
