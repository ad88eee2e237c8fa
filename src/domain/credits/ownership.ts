// Who may move credits on a PostgreSQL ledger (docs/billing.md, "One process owning the ledger").
// Charges admitted in memory (DSP_CHARGE_WRITE=behind) are exact only while their process is the
// ledger's only writer. On the embedded store that holds by construction; on PostgreSQL a
// session-level advisory lock of the database says so: the process that admits in memory holds
// it exclusively for as long as it runs, and every process that lets the store decide each
// charge (store) holds it shared from its first movement of credits on. So the two never run on
// one ledger at once: the second to come is refused (a behind process does not start; a store
// process answers 503 credits.unavailable to whatever would move credits) instead of deciding
// charges against figures the other holds in memory.
import pg from 'pg'
import type { ChargeWrite } from './admitted.ts'

/** The advisory lock's key (two int4: "dspL", 1). Advisory locks are per database. */
const LOCK_KEY = [0x6473704c, 1] as const

export class LedgerTakenError extends Error {}

export class LedgerOwnership {
  private client: pg.Client | null = null
  private acquiring: Promise<void> | null = null
  private closed = false

  constructor(
    private readonly url: string,
    readonly mode: ChargeWrite,
    private readonly onLost: (e: Error) => void,
  ) {}

  /** True while this process holds the lock (its connection is up). */
  get held(): boolean {
    return this.client !== null
  }

  /** Takes the lock unless held: exclusive for `behind`, shared for `store`. Throws LedgerTakenError when the other kind holds it. */
  ensure(): Promise<void> {
    if (this.client) return Promise.resolve()
    this.acquiring ??= this.acquire().finally(() => {
      this.acquiring = null
    })
    return this.acquiring
  }

  private async acquire(): Promise<void> {
    if (this.closed) throw new Error('the ledger lock was released at shutdown')
    const client = new pg.Client({ connectionString: this.url, application_name: `dsp ledger ${this.mode}` })
    client.on('error', () => undefined)
    await client.connect()
    const fn = this.mode === 'behind' ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared'
    let got = false
    try {
      const r = await client.query<{ got: boolean }>(`select ${fn}($1, $2) as got`, [...LOCK_KEY])
      got = r.rows[0]?.got === true
    } catch (e) {
      await client.end().catch(() => undefined)
      throw e
    }
    if (!got) {
      const holders = await client
        .query<{ n: string }>(
          `select count(*) as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and classid = $1 and objid = $2 and granted`,
          [...LOCK_KEY],
        )
        .then((r) => Number(r.rows[0]?.n ?? 0))
        .catch(() => 0)
      await client.end().catch(() => undefined)
      throw new LedgerTakenError(
        this.mode === 'behind'
          ? `another process moves credits on this ledger (${holders} holding it): DSP_CHARGE_WRITE=behind needs to be its only writer; stop the others or use DSP_CHARGE_WRITE=store everywhere`
          : 'a process with DSP_CHARGE_WRITE=behind owns this ledger: charges are decided in its memory, so no other process may move credits; use DSP_CHARGE_WRITE=store everywhere to run several',
      )
    }
    // The connection going away releases the lock: from then on, nothing is decided on it here until it is taken again.
    client.removeAllListeners('error')
    const lost = (e: Error) => {
      if (this.client !== client) return
      this.client = null
      client.end().catch(() => undefined)
      if (!this.closed) this.onLost(e)
    }
    client.on('error', lost)
    client.on('end', () => lost(new Error('the ledger lock connection ended')))
    this.client = client
  }

  /** Releases the lock (at shutdown, after every admitted charge is written). */
  async close(): Promise<void> {
    this.closed = true
    await this.acquiring?.catch(() => undefined)
    const client = this.client
    this.client = null
    await client?.end().catch(() => undefined)
  }
}
