// The entity ceiling (contract §7, §8): distinct records shown per credential in 30 days. Every
// route that shows records feeds the count by calling recordShown with what it returned (agent
// run results do; see docs/agent-runs.md for the other routes); agent-run starts check it.
import { ApiError } from '../../errors.ts'
import * as store from '../../store/agent-runs.ts'
import type { Credential, Deps } from '../types.ts'

export const EXPOSURE_WINDOW_DAYS = 30

/** Who the ceiling counts for: the API key, or the signed-in user of a session. */
export const credentialKey = (credential: Pick<Credential, 'key_id' | 'user_id'>) =>
  credential.key_id ?? `user:${credential.user_id}`

const windowStart = (deps: Deps) => new Date(deps.clock.nowMs() - EXPOSURE_WINDOW_DAYS * 86_400_000)

/**
 * Records that `credential` was shown these records now. Call it from any route once its answer
 * is ready, with each row's category and id (the id the row carries). Idempotent per record:
 * showing a record again only refreshes its date, at most once a minute (store
 * EXPOSURE_REFRESH_MS). Best effort and queued: written with others a moment later
 * (domain/write-behind.ts); a failure is logged, never turned into an error of the route that
 * showed the records. The count (countShown) writes the queue first.
 */
export function recordShown(deps: Deps, credential: Credential, records: { category: string; id: string }[]): void {
  if (records.length === 0) return
  const who = credentialKey(credential)
  const at = deps.clock.now()
  // A record this server wrote for this credential less than EXPOSURE_REFRESH_MS ago is in the
  // store with that date or a later one: its upsert would change nothing, so it is not queued.
  const written = deps.exposures.recentlyWritten
  const due = records
    .map((r) => `${r.category}:${r.id}`)
    .filter((entity) => {
      const key = `${who}\u0000${entity}`
      const last = written.get(key)
      if (last !== undefined && at.getTime() - last < store.EXPOSURE_REFRESH_MS && at.getTime() >= last) return false
      written.delete(key)
      written.set(key, at.getTime())
      return true
    })
  if (written.size > RECENT_MAX)
    for (const key of [...written.keys()].slice(0, written.size - RECENT_MAX / 2)) written.delete(key)
  if (due.length > 0) deps.exposures.queue.push({ credential: who, entities: due, at })
}

/** At most this many are remembered; the oldest go first. */
const RECENT_MAX = 100_000

/** Writes the queued exposures of this server (before counting, and at shutdown). */
export function flushShown(deps: Deps): Promise<void> {
  return deps.exposures.queue.flush()
}

export async function countShown(deps: Deps, credential: Credential): Promise<number> {
  await flushShown(deps)
  return store.countExposures(deps.db, credentialKey(credential), windowStart(deps))
}

/** 429 quota.entity_ceiling once the credential was shown DSP_ENTITY_CEILING distinct records in 30 days. */
export async function checkEntityCeiling(deps: Deps, credential: Credential): Promise<void> {
  const limit = deps.config.DSP_ENTITY_CEILING
  const seen = await countShown(deps, credential)
  if (seen >= limit) {
    throw new ApiError(
      'quota.entity_ceiling',
      `This credential was shown ${seen.toLocaleString('en')} distinct records in the last ${EXPOSURE_WINDOW_DAYS} days; the ceiling is ${limit.toLocaleString('en')}. Contact support to raise it.`,
      {
        extra: { seen, limit },
        retryAfter: 86_400,
      },
    )
  }
}

/** Forgets exposures older than the window (the maintenance timer can run it; the count ignores them anyway). */
export async function pruneExposures(deps: Deps): Promise<number> {
  return store.deleteExposuresBefore(deps.db, windowStart(deps))
}
