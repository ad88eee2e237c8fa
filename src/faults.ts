// Fault injection (DSP_FAULTS=1): a named dependency behaves as unreachable, slow past its
// deadline, or erroring, so every outage code of the contract can be tested from outside.
// Faults live in the process that received POST /admin/v1/faults; tests run one server.
import { DependencyError } from './errors.ts'
import type { Clock } from './clock.ts'

// `records`: the index's record reads once a page is ranked (the retrieval engine's second step):
// a fault there fails a search after its ranked page was charged, so the charge must be taken back.
export const dependencies = [
  'store',
  'ledger',
  'limiter',
  'retrieval',
  'records',
  'agent_engine',
  'lists',
  'feedback',
  'auth',
] as const
export type Dependency = (typeof dependencies)[number]
export type FaultMode = 'down' | 'slow' | 'error'

/** The store hosts these, so a store fault takes them down too. */
const hostedByStore: readonly Dependency[] = ['ledger', 'lists', 'feedback', 'auth']

interface Fault {
  mode: FaultMode
  untilMs: number | null
}

export class Faults {
  private readonly active = new Map<Dependency, Fault>()

  constructor(private readonly clock: Clock) {}

  set(dependency: Dependency, mode: FaultMode, seconds?: number): void {
    this.active.set(dependency, { mode, untilMs: seconds === undefined ? null : this.clock.nowMs() + seconds * 1000 })
  }

  clear(): void {
    this.active.clear()
  }

  list(): { dependency: Dependency; mode: FaultMode; until: string | null }[] {
    return [...this.active.entries()]
      .filter(([dep]) => this.modeOf(dep) !== null)
      .map(([dependency, f]) => ({
        dependency,
        mode: f.mode,
        until: f.untilMs === null ? null : new Date(f.untilMs).toISOString(),
      }))
  }

  /** The fault in force for a dependency, including one inherited from the store. */
  modeOf(dependency: Dependency): FaultMode | null {
    const own = this.current(dependency)
    if (own) return own
    return hostedByStore.includes(dependency) ? this.current('store') : null
  }

  /**
   * Call at the boundary where a dependency is used. Throws DependencyError for down/error;
   * for slow, waits `deadlineMs` (the caller's deadline) and then throws a timeout, which is
   * what a real slow dependency looks like from the caller's side.
   */
  async check(dependency: Dependency, deadlineMs = 0): Promise<void> {
    const mode = this.modeOf(dependency)
    if (mode === null) return
    if (mode === 'slow') {
      if (deadlineMs > 0) await new Promise((r) => setTimeout(r, deadlineMs))
      throw new DependencyError(dependency, 'timeout', `${dependency} did not answer within ${deadlineMs} ms`)
    }
    throw new DependencyError(
      dependency,
      mode === 'down' ? 'down' : 'error',
      `${dependency} is ${mode === 'down' ? 'unreachable' : 'erroring'} (injected fault)`,
    )
  }

  private current(dependency: Dependency): FaultMode | null {
    const f = this.active.get(dependency)
    if (!f) return null
    if (f.untilMs !== null && this.clock.nowMs() >= f.untilMs) {
      this.active.delete(dependency)
      return null
    }
    return f.mode
  }
}
