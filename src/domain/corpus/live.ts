// Live corpus changes (issue 26 item 6; docs/corpus.md §6.10): what a server keeps of the corpus
// in memory (its vector indexes, the corpus states, the parser's vocabularies, term rarities)
// follows writes made by this process at once and, on PostgreSQL, writes made by another process
// (`dsp ingest`, `dsp delete`, another server) within about a second: every writer NOTIFYs
// `dsp_corpus_changed` with the category, every server LISTENs and forgets what it cached of it.
// Without a notification (a lost LISTEN connection) the caches' own bounds still hold: vectors are
// caught up every 2 s, corpus states every second, vocabularies every minute.
import pg from 'pg'
import type { Logger } from 'pino'
import { sql } from 'kysely'
import type { EntityCategory } from '../../contract/records.ts'
import type { Deps } from '../types.ts'
import type { IngestCategory } from './prepare.ts'

export const CORPUS_CHANNEL = 'dsp_corpus_changed'
/** How often a lost LISTEN connection is tried again. */
const LISTEN_RETRY_MS = 1000
/** A long ingest NOTIFYs at most this often while it commits batches. */
export const NOTIFY_EVERY_MS = 1000

/** Forgets what this process cached of a category's corpus; its vector index catches up on its next read. */
export function forgetCorpusCaches(deps: Deps, category: IngestCategory): void {
  const caches = deps.searchCaches
  caches.corpusStates = null
  caches.vocabularies = null
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
  private client: pg.Client | null = null
  private closed = false

  constructor(
    private readonly url: string,
    private readonly onChange: (category: EntityCategory | 'school') => void,
    private readonly log: Logger,
  ) {}

  /** Throws if the first LISTEN fails (as the key cache's does: start-up then fails). */
  async start(): Promise<void> {
    await this.subscribe()
  }

  private async subscribe(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'dsp corpus changes',
      keepAlive: true,
    })
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      if (this.client === client) this.client = null
      client.end().catch(() => undefined)
      this.resubscribe()
    }
    client.on('error', onLost)
    client.on('end', onLost)
    client.on('notification', (msg) => {
      if (msg.payload) this.onChange(msg.payload as EntityCategory | 'school')
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CORPUS_CHANNEL}`)
    } catch (e) {
      lost = true
      await client.end().catch(() => undefined)
      throw e
    }
    if (lost) return
    if (this.closed) {
      await client.end().catch(() => undefined)
      return
    }
    this.client = client
  }

  private resubscribe(): void {
    if (this.closed) return
    setTimeout(
      () =>
        void this.subscribe().catch((e: unknown) => {
          this.log.warn({ err: (e as Error).message }, 'corpus change LISTEN failed; trying again')
          this.resubscribe()
        }),
      LISTEN_RETRY_MS,
    ).unref()
  }

  async close(): Promise<void> {
    this.closed = true
    await this.client?.end().catch(() => {})
  }
}
