// Read-only work on a read replica (DATABASE_READ_URLS; store/replicas.ts chooses which). The
// routes of search, similar, lookups, relationships, org chart, filter values and coverage run
// their read through onReplica and charge on the primary afterwards; everything else (money,
// keys, sessions, lists, feedback, agent runs, ingest) never leaves the primary. The in-memory
// vector index, graph blocks built for storing, exposures and run closings keep the primary's
// handle they were made with (deps.ts), whatever `deps.db` a read gets here.
import type { Deps } from './types.ts'

/**
 * Runs `read` with `deps.db` on a standby that serves reads, or on the primary when none does.
 * A standby that fails under the read (stopped, cut off, or a recovery conflict cancelling a
 * statement) is skipped and the read runs again on the next one, finally on the primary: a read
 * writes nothing, so running it twice is safe, and the caller charges once, after it.
 */
export async function onReplica<T>(deps: Deps, read: (deps: Deps) => Promise<T>): Promise<T> {
  const replicas = deps.replicas
  if (!replicas) return read(deps)
  // Each interruption takes a standby out until its next probe: at most one try per standby.
  for (let tries = 0; tries < replicas.size; tries++) {
    const replica = replicas.pick()
    if (!replica) break
    const interruptions = replicas.interruptions
    try {
      const out = await read({ ...deps, db: replica.db })
      deps.metrics.storeRead(replica.name)
      return out
    } catch (e) {
      if (replicas.interruptions === interruptions) throw e
      deps.metrics.storeReadRetried(replica.name)
      deps.log.warn(
        { replica: replica.name, err: (e as Error).message },
        'read replica failed under a read; reading elsewhere',
      )
    }
  }
  const out = await read(deps)
  deps.metrics.storeRead('primary')
  return out
}
