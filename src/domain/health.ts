// Readiness (contract §1, §4.1): each dependency's reachability. Only hard dependencies gate
// readiness: the limiter store fails open, so its outage is reported and does not gate.
import { sql } from 'kysely'
import type { Dependency } from '../faults.ts'
import { agentEngineProbe } from './agent-runs/index.ts'
import { guarded } from './guard.ts'
import type { Deps } from './types.ts'

export interface DependencyStatus {
  status: 'up' | 'down'
  hard: boolean
  latency_ms: number
  detail: string | null
  /** Read replicas only: how far behind the primary, ms (null while unknown). */
  lag_ms?: number | null
}

export type ReadinessCheck = {
  name: string
  dependency: Dependency
  hard: boolean
  probe: (deps: Deps) => Promise<void>
}

const storeProbe = async (deps: Deps) => {
  await sql`select 1`.execute(deps.db)
}

export const readinessChecks: ReadinessCheck[] = [
  { name: 'store', dependency: 'store', hard: true, probe: storeProbe },
  {
    name: 'ledger',
    dependency: 'ledger',
    hard: true,
    probe: async (deps) => void (await deps.db.selectFrom('credit_accounts').select('id').limit(1).execute()),
  },
  { name: 'limiter', dependency: 'limiter', hard: false, probe: (deps) => deps.limiter.ping() },
  { name: 'retrieval', dependency: 'retrieval', hard: true, probe: storeProbe },
  { name: 'agent_engine', dependency: 'agent_engine', hard: true, probe: agentEngineProbe },
]

/** Rejects once `ms` pass without `p` settling; `p` goes on (the store's own deadlines end it). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}

/**
 * Every probe runs at once, each within DSP_READY_TIMEOUT_MS: a store that answers later (a
 * held lock, an exhausted pool) or not at all is down, and /readyz answers within that deadline.
 */
export async function checkReadiness(
  deps: Deps,
): Promise<{ ready: boolean; dependencies: Record<string, DependencyStatus> }> {
  const deadlineMs = deps.config.DSP_READY_TIMEOUT_MS
  const results = await Promise.all(
    readinessChecks.map(async (c) => {
      const t0 = performance.now()
      try {
        await within(
          guarded(deps, c.dependency, 'internal', () => c.probe(deps)),
          deadlineMs,
        )
        return [
          c.name,
          { status: 'up', hard: c.hard, latency_ms: Math.round(performance.now() - t0), detail: null },
        ] as const
      } catch (e) {
        return [
          c.name,
          {
            status: 'down',
            hard: c.hard,
            latency_ms: Math.round(performance.now() - t0),
            detail: (e as Error).message.replace(/^internal: /, ''),
          },
        ] as const
      }
    }),
  )
  const dependencies = Object.fromEntries(results) as Record<string, DependencyStatus>
  // Read replicas (DATABASE_READ_URLS) as their last probe found them (every 0.5 s): soft, since
  // reads go to another replica or the primary while one is skipped.
  for (const r of deps.replicas?.statuses() ?? [])
    dependencies[`replica ${r.name}`] = {
      status: r.serving ? 'up' : 'down',
      hard: false,
      latency_ms: r.probe_ms ?? 0,
      detail: r.detail,
      lag_ms: r.lag_ms,
    }
  const pending = deps.startup?.pending ?? null
  if (pending !== null) dependencies.startup = { status: 'down', hard: true, latency_ms: 0, detail: pending }
  return { ready: pending === null && results.every(([, r]) => r.status === 'up' || !r.hard), dependencies }
}
