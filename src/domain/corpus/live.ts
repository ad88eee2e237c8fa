// Live corpus changes (issue 26 item 6; docs/ingest-operations.md §4): what a server keeps of the corpus
// in memory (its vector indexes, the corpus states, the parser's vocabularies, term rarities)
// follows writes made by this process at once and, on PostgreSQL, writes made by another process
// (`dsp ingest`, `dsp delete`, another server) within about a second: every writer NOTIFYs
// `dsp_corpus_changed` with the category, every server LISTENs and forgets what it cached of it.
// Without a notification (a lost LISTEN connection) the caches' own bounds still hold: vectors are
// caught up every 2 s, corpus states (and with them the vocabularies) every second.
import type { Logger } from 'pino'
import { sql } from 'kysely'
import type { EntityCategory, IngestCategory } from '../../contract/records.ts'
import { PgListener } from '../../store/listen.ts'
import type { Deps } from '../types.ts'

export const CORPUS_CHANNEL = 'dsp_corpus_changed'
/** A long ingest NOTIFYs at most this often while it commits batches. */
export const NOTIFY_EVERY_MS = 1000

/** Forgets what this process cached of a category's corpus; its vector index catches up on its next read. */
export function forgetCorpusCaches(deps: Deps, category: IngestCategory): void {
  // Reads (and the caches they fill again) stay off read replicas until they hold the change.
  deps.replicas?.fence()
  const caches = deps.searchCaches
  // The vocabularies and term rarities follow the corpus states read next (vocabularies.ts, rarity.ts).
  caches.corpusStates = null
  if (category !== 'school') {
    caches.rarity.generation.delete(category)
    // A re-keyed row (domain/corpus/source-rows.ts) keeps its internal id under a new row id.
    caches.keyIds.delete(category)
    deps.vectors.markStale(category)
  }
}

/** After a write to a category: this process's caches, and on PostgreSQL every other process's. */
export async function corpusChanged(deps: Deps, category: IngestCategory): Promise<void> {
  forgetCorpusCaches(deps, category)
  if (deps.store.kind !== 'postgres') return
  await sql`select pg_notify(${CORPUS_CHANNEL}, ${category})`.execute(deps.db).catch((e: unknown) => {
    deps.log.warn({ err: (e as Error).message, category }, 'corpus change not announced; other servers poll')
  })
}

/**
 * A progress callback that announces committed batches at most once a second while an ingest
 * runs (the final announcement is the caller's, once the ingest ends).
 */
export function announceWhileIngesting(deps: Deps, category: IngestCategory): (p: { upserted: number }) => void {
  let announcedAt = 0
  let announced = 0
  return (p) => {
    if (p.upserted === announced || Date.now() - announcedAt < NOTIFY_EVERY_MS) return
    announced = p.upserted
    announcedAt = Date.now()
    void corpusChanged(deps, category)
  }
}

/**
 * PostgreSQL only: one LISTEN connection on dsp_corpus_changed; each notification calls onChange
 * with its category. A lost connection is tried again every second, however long the store stays
 * away (the caches' own bounds hold meanwhile).
 */
export class CorpusChangeListener {
  private readonly listener: PgListener

  constructor(url: string, onChange: (category: EntityCategory | 'school') => void, log: Logger) {
    this.listener = new PgListener({
      url,
      channel: CORPUS_CHANNEL,
      applicationName: 'dsp corpus changes',
      onNotify: (payload) => onChange(payload as EntityCategory | 'school'),
      onRetryFailed: (e) => log.warn({ err: e.message }, 'corpus change LISTEN failed; trying again'),
    })
  }

  /** Throws if the first LISTEN fails (as the key cache's does: start-up then fails). */
  start(): Promise<void> {
    return this.listener.start()
  }

  close(): Promise<void> {
    return this.listener.close()
  }
}
