// One PostgreSQL LISTEN connection that comes back by itself: the key cache's revocations
// (domain/api-keys.ts) and the corpus changes (domain/corpus/live.ts) both hold one. A lost
// connection (a restart, a terminated backend, a network fault) is handled once: `onLost` runs,
// and a new connection is tried every LISTEN_RETRY_MS until one is up, however long the store stays
// away; `onUp` runs each time LISTEN is in place again.
import pg from 'pg'

/** How often a lost LISTEN connection is tried again. */
export const LISTEN_RETRY_MS = 1000

export interface ListenOptions {
  url: string
  channel: string
  /** Shown in pg_stat_activity. */
  applicationName: string
  onNotify: (payload: string) => void
  /** Each time LISTEN is in place (the first time and after every loss). */
  onUp?: () => void
  /** Once per lost connection, before the next try is scheduled. */
  onLost?: () => void
  /** A retry that failed (another is scheduled). */
  onRetryFailed?: (e: Error) => void
}

export class PgListener {
  private client: pg.Client | null = null
  private closed = false

  constructor(private readonly o: ListenOptions) {}

  /** The first LISTEN: throws if it fails (start-up then fails); later losses are retried. */
  start(): Promise<void> {
    return this.subscribe()
  }

  private async subscribe(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.o.url,
      application_name: this.o.applicationName,
      keepAlive: true,
    })
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      if (this.client === client) this.client = null
      this.o.onLost?.()
      client.end().catch(() => undefined)
      this.resubscribe()
    }
    // Listeners first: an 'error' event without one would end the process.
    client.on('error', onLost)
    client.on('end', onLost)
    client.on('notification', (msg) => {
      if (msg.payload) this.o.onNotify(msg.payload)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${this.o.channel}`)
    } catch (e) {
      // The caller retries (or start-up fails): this client's own end must not schedule another try.
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
    this.o.onUp?.()
  }

  private resubscribe(): void {
    if (this.closed) return
    setTimeout(
      () =>
        void this.subscribe().catch((e: unknown) => {
          this.o.onRetryFailed?.(e as Error)
          this.resubscribe()
        }),
      LISTEN_RETRY_MS,
    ).unref()
  }

  async close(): Promise<void> {
    this.closed = true
    await this.client?.end().catch(() => undefined)
  }
}
