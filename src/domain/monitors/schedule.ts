// When monitors run (issue 42 item 5): cron expressions read by `croner` in UTC, 5 fields (no
// seconds: a tick at most once a minute) or a nickname; `on_ingest` after every operator ingest or
// delete. A due tick is claimed in the store (store/monitors.ts advanceTick, then a run row unique
// per (monitor, tick)), so however many processes look, a tick runs once. A process that was down
// over several ticks runs the latest one once, not each one it missed.
import { Cron } from 'croner'
import { ON_INGEST } from '../../contract/monitors.ts'
import { ApiError } from '../../errors.ts'
import * as store from '../../store/monitors.ts'
import { randomId } from '../ids.ts'
import type { Deps } from '../types.ts'

/** Due monitors looked at per pass. */
const DUE_BATCH = 100

/** The cron of a schedule; throws 422 request.invalid naming the reason at ["body", "schedule"]. */
export function parseSchedule(schedule: string): Cron | null {
  if (schedule === ON_INGEST) return null
  try {
    return new Cron(schedule.trim(), { timezone: 'UTC', paused: true, mode: '5-part' })
  } catch (e) {
    const why = (e as Error).message.replace(/^CronPattern: /, '')
    throw new ApiError('request.invalid', `The schedule is not a valid cron expression: ${why}.`, {
      status: 422,
      extra: { errors: [{ type: 'cron_invalid', loc: ['body', 'schedule'], msg: why, input: schedule, ctx: {} }] },
    })
  }
}

/** The first tick strictly after `after`, or null (on_ingest, or a cron that never fires again). */
export function nextTick(schedule: string, after: Date): Date | null {
  return parseSchedule(schedule)?.nextRun(after) ?? null
}

/**
 * One pass of the scheduler: for each due cron monitor, claim its tick and queue its run in one
 * transaction. Returns how many runs it queued.
 */
export async function queueDueTicks(deps: Deps): Promise<number> {
  const now = deps.clock.now()
  let queued = 0
  for (const m of await store.findDueMonitors(deps.db, now, DUE_BATCH)) {
    const tick = m.next_run_at!
    const made = await deps.db.transaction().execute(async (tx) => {
      if (!(await store.advanceTick(tx, m.id, tick, nextTick(m.schedule, now), now))) return false
      return store.insertRunOnce(tx, {
        id: randomId('mrun', 12),
        monitor_id: m.id,
        workspace_id: m.workspace_id,
        tick: tick.toISOString(),
        trigger: 'schedule',
        status: 'pending',
        created_at: now,
      })
    })
    if (made) queued++
  }
  return queued
}
