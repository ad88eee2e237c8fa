// What follows an operator ingest or delete once it has committed (issue 42 items 2, 5): the
// ingest.completed event, recorded in every workspace with an enabled endpoint subscribed to it
// (a workspace that subscribes to nothing gets no row: the corpus is shared, so the event is
// the operator's news to whoever asked for it), and one queued run of every enabled `on_ingest`
// monitor. Both are rows written in one transaction, so the CLI (which on PostgreSQL writes the
// store itself) queues them the same way; the servers' monitor runners run them.
import { sql } from 'kysely'
import type { EntityCategory } from '../../contract/records.ts'
import * as store from '../../store/monitors.ts'
import { randomId } from '../ids.ts'
import type { Deps } from '../types.ts'
import { emitEvent, notifyDeliveries } from '../webhooks/events.ts'
import { notifyMonitorRuns } from './runs.ts'

export interface CorpusChange {
  operation: 'ingest' | 'delete'
  category: EntityCategory
  inserted: number
  updated: number
  unchanged: number
  rejected: number
  deleted: number
}

/** Records the events and queues the runs of a committed change; a change that changed no record queues no run. */
export async function afterCorpusChange(deps: Deps, change: CorpusChange): Promise<void> {
  const now = deps.clock.now()
  const ingestId = randomId('ing', 12)
  const { operation, category, ...counts } = change
  const changed = counts.inserted + counts.updated + counts.deleted > 0
  await deps.db.transaction().execute(async (tx) => {
    const subscribed = await sql<{ workspace_id: string }>`
      select distinct workspace_id from webhook_endpoints
       where is_enabled and events @> ${JSON.stringify(['ingest.completed'])}::jsonb`.execute(tx)
    for (const { workspace_id } of subscribed.rows)
      await emitEvent(tx, deps.clock, workspace_id, 'ingest.completed', {
        id: ingestId,
        operation,
        category,
        counts: { [category]: counts },
        completed_at: now.toISOString(),
      })
    if (!changed) return
    for (const m of await store.findIngestMonitors(tx))
      await store.insertRunOnce(tx, {
        id: randomId('mrun', 12),
        monitor_id: m.id,
        workspace_id: m.workspace_id,
        tick: `ingest:${ingestId}`,
        trigger: 'ingest',
        status: 'pending',
        created_at: now,
      })
  })
  notifyDeliveries()
  notifyMonitorRuns()
}

/**
 * afterCorpusChange for the corpus code's hook calls: a failure is logged, never the ingest's
 * failure (its records are committed by then).
 */
export function corpusChangeCommitted(deps: Deps, change: CorpusChange): Promise<void> {
  return afterCorpusChange(deps, change).catch((e: unknown) =>
    deps.log.warn(
      { err: (e as Error).message, category: change.category },
      'ingest events and monitor runs not queued',
    ),
  )
}
