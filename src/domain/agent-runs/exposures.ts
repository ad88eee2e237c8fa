// This process's queue of records shown for the entity ceiling (Deps.exposures), written in
// batches a moment later; the ceiling's rules are ceiling.ts.
import type { Logger } from 'pino'
import * as store from '../../store/agent-runs.ts'
import type { Db } from '../../store/db.ts'
import { WriteBehind } from '../write-behind.ts'

interface Shown {
  credential: string
  entities: string[]
  at: Date
}

/**
 * This process's queue of records shown (Deps.exposures), written in batches a moment later, and
 * what it wrote recently: a record this process wrote for a credential less than
 * EXPOSURE_REFRESH_MS ago is in the store with that date or a later one, so it is not queued again.
 */
export class Exposures {
  /** Keys `credential\u0000category:id` with the time they were written, oldest first (at most RECENT_MAX). */
  readonly recentlyWritten = new Map<string, number>()
  readonly queue: WriteBehind<Shown>
  constructor(db: Db, log: Logger) {
    this.queue = new WriteBehind<Shown>({
      write: async (items) => {
        // One upsert per credential in the batch, with its latest time.
        const byCredential = new Map<string, { entities: string[]; at: Date }>()
        for (const item of items) {
          const got = byCredential.get(item.credential)
          if (!got) byCredential.set(item.credential, { entities: [...item.entities], at: item.at })
          else {
            got.entities.push(...item.entities)
            if (item.at > got.at) got.at = item.at
          }
        }
        for (const [credential, got] of byCredential) await store.recordExposures(db, credential, got.entities, got.at)
      },
      onError: (e) => {
        // What was not written must not be taken for written (recordShown).
        this.recentlyWritten.clear()
        log.warn({ err: e.message }, 'could not record shown entities')
      },
    })
  }
}
