// Checkpointed steps of an agent run: a step already committed returns its stored output, a new
// one runs and commits its output with its events (domain/agent-runs/progress.ts), and a run told
// to stop between steps throws Interrupted.
import * as progress from '../domain/agent-runs/progress.ts'
import type { Deps } from '../domain/types.ts'
import type { NewEvent } from '../store/agent-runs.ts'

/** The run stops between steps when this says so (worker shutting down); its lease then expires and it is picked up again. */
export type ShouldStop = () => boolean

export class Interrupted extends Error {}

/** An event committed with a step. */
export const ev = (event: string, data: Record<string, unknown>): NewEvent => ({ event, data })

/** What a step's work returns: its output (the checkpoint), its events, and fields of the run to set with them. */
export interface StepResult<T> {
  output: T
  events: NewEvent[]
  fields?: Parameters<typeof progress.commitStep>[5]
}

/** A run's step runner: a named step runs once, and its output is read back from the checkpoint after. */
export type Step = <T>(name: string, work: () => Promise<StepResult<T>>) => Promise<T>

/** The step runner of a claimed run, over the steps it committed before (none for a new run). */
export async function checkpointedSteps(deps: Deps, claim: progress.Claim, shouldStop: ShouldStop): Promise<Step> {
  const done = await progress.loadCheckpoint(deps, claim)
  return async <T>(name: string, work: () => Promise<StepResult<T>>): Promise<T> => {
    if (done.has(name)) return done.get(name) as T
    if (shouldStop()) throw new Interrupted()
    const r = await work()
    await progress.commitStep(deps, claim, name, r.output, r.events, r.fields)
    return r.output
  }
}
