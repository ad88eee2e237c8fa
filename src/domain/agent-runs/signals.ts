// In-process wake-ups for agent runs: a committed event wakes the SSE streams of that run, an
// accepted run wakes the in-process workers. Across processes both also poll the store
// (AGENT_POLL_MS), so a missed signal only delays, never loses, anything.
import { EventEmitter } from 'node:events'

/** How often a worker polls the queue, and an event stream the store, when no in-process signal came. */
export const AGENT_POLL_MS = 500

const bus = new EventEmitter()
bus.setMaxListeners(0)

export function notifyRun(runId: string): void {
  bus.emit(`run:${runId}`)
}

export function notifyQueued(): void {
  bus.emit('queued')
}

export function onQueued(listener: () => void): () => void {
  bus.on('queued', listener)
  return () => bus.off('queued', listener)
}

/** Resolves when the run has new events, after `ms`, or when `signal` aborts, whichever comes first. */
export function waitForRun(runId: string, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      bus.off(`run:${runId}`, done)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    bus.on(`run:${runId}`, done)
    signal?.addEventListener('abort', done)
  })
}
