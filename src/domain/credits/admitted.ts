// Charges admitted in memory and written behind (DSP_CHARGE_WRITE=behind, the default on the
// embedded store; docs/billing.md "Charges admitted in memory"). The embedded store belongs to one
// process, so that process can know each account's spendable credits exactly: it learns them from
// the store's own answer to a charge, debits them as it admits charges, and writes what it
// admitted a moment later, in batches (migration 0018, dsp_write_charges). Every other movement of
// credits (holds, grants, top-ups, taken-back charges, charges the store must decide) goes through
// `throughStore`: the queue is written first, admissions wait for the store meanwhile, and what
// was known is forgotten unless the store's answer says what the account now holds. On
// PostgreSQL the same holds while this process owns the ledger (ownership.ts): an advisory lock
// keeps every other process from moving credits meanwhile.
import { AsyncLocalStorage } from 'node:async_hooks'
import {
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'
import type { Config } from '../../config.ts'
import { ApiError } from '../../errors.ts'
import type { Store } from '../../store/db.ts'
import * as usage from '../../store/usage.ts'
import type { Deps } from '../types.ts'
import { perServer, WriteBehind } from '../write-behind.ts'
import { LedgerOwnership, LedgerTakenError } from './ownership.ts'

export type ChargeWrite = 'store' | 'behind'

/**
 * How charges are written on this store: by default `behind` on the embedded store (this process
 * is its only writer) and `store` on PostgreSQL (several API processes may share the ledger);
 * `behind` on PostgreSQL makes this process the ledger's only writer (ownership.ts).
 */
export function chargeWriteOf(config: Pick<Config, 'DSP_CHARGE_WRITE'>, kind: Store['kind']): ChargeWrite {
  return config.DSP_CHARGE_WRITE ?? (kind === 'pglite' ? 'behind' : 'store')
}

/** Run ids taken from the runs' sequence at a time (one statement per this many admitted charges). */
const RUN_IDS_PER_TAKE = 100
/**
 * At most this many admitted charges wait for the store: past it, a charge is the store's to make,
 * once the queue is written, so callers are held back to the pace the store writes at.
 */
const MAX_BACKLOG = 2000
/** A failed batch is tried again after these delays, then logged as an error naming its runs. */
const WRITE_RETRY_DELAYS_MS = [100, 500, 2000]

/** What an admitted charge needs: the run as the store would have recorded it, and its price. */
export interface Admission {
  workspace_id: string
  run: Omit<usage.AdmittedCharge['run'], 'id' | 'credits_charged_milli'>
  scope: string
  units: string[]
  price_milli: number
}

/** What the store answered to a charge it decided: the account as it stands after it. */
export interface StoreAnswer {
  workspace_id: string
  /** The account the charge was decided on; null: unknown (forget everything). */
  account_id: string | null
  /** Spendable credits of that account once the charge was applied (or refused). */
  available_after_milli: number
}

const inside = new AsyncLocalStorage<true>()

/** An admitted charge in the queue: its detail is made when its batch is written. */
interface QueuedCharge extends usage.AdmittedCharge {
  makeDetail?: () => Promise<usage.RunDetail>
}

export class ChargeBook {
  /** Which account each workspace spends from, as the store last said. */
  private readonly spendsFrom = new Map<string, string>()
  /** Spendable credits of each known account, less what was admitted since. */
  private readonly available = new Map<string, number>()
  private ids: number[] = []
  private taking: Promise<void> | null = null
  /** Movements of credits in flight through the store: no admission meanwhile. */
  private outside = 0
  /** Admitted charges not yet written (queued, or in a batch being written). */
  private backlog = 0
  /** Bumped by every movement through the store: an answer is learnt only if none other began since. */
  private generation = 0
  private readonly queue: WriteBehind<QueuedCharge>
  /** Admitted charges not yet taken by a batch, by run id: their closing and detail can still join them. */
  private readonly unwritten = new Map<number, QueuedCharge>()
  /** Charges admitted in memory, and movements made through the store, since the server started. */
  readonly stats = { admitted: 0, through_store: 0 }

  /** PostgreSQL: the advisory lock that keeps the two modes off one ledger (ownership.ts); null on the embedded store. */
  readonly ownership: LedgerOwnership | null

  constructor(
    readonly mode: ChargeWrite,
    private readonly deps: Pick<Deps, 'db' | 'log'>,
    storeUrl?: string,
  ) {
    this.ownership = storeUrl
      ? new LedgerOwnership(storeUrl, mode, (e) => {
          // Another process may move credits from now on: nothing more is admitted on what was known.
          this.forgetAll()
          this.deps.log.error(
            { err: e.message, mode },
            'the ledger lock was lost; it is taken again before credits move next',
          )
        })
      : null
    this.queue = new WriteBehind<QueuedCharge>({
      write: (charges) => this.write(charges),
      onError: (e, n) => {
        // The answers went out; their charges did not reach the store. What this book knew of the
        // accounts no longer matches it: learnt again from the store's next answer.
        this.forgetAll()
        this.deps.log.error(
          { err: e.message, charges: n },
          'admitted charges could not be written: those calls were answered and are not billed',
        )
      },
    })
  }

  private async write(queued: QueuedCharge[]): Promise<void> {
    try {
      await this.writeNow(queued)
    } finally {
      this.backlog -= queued.length
    }
  }

  private async writeNow(queued: QueuedCharge[]): Promise<void> {
    // From here on these charges take nothing more: a later closing or detail is an update.
    for (const c of queued) this.unwritten.delete(c.run.id)
    const charges = await Promise.all(
      queued.map(async ({ makeDetail, ...c }): Promise<usage.AdmittedCharge> => {
        if (!makeDetail) return c
        // The detail (serialised, its snapshot deflated on Node's thread pool) goes in with the run;
        // if it cannot be made, the run goes in without it (not_recorded), as a lost update would leave it.
        const detail = await makeDetail().catch((e: unknown) => {
          this.deps.log.warn({ err: (e as Error).message, run_id: c.run.id }, 'run detail not recorded')
          return undefined
        })
        return detail ? { ...c, detail } : c
      }),
    )
    for (let attempt = 0; ; attempt++) {
      try {
        return await usage.writeCharges(this.deps.db, charges)
      } catch (e) {
        const delay = WRITE_RETRY_DELAYS_MS[attempt]
        if (delay === undefined) {
          this.deps.log.error({ runs: charges.map((c) => c.run.id) }, 'admitted charges not written')
          throw e
        }
        this.deps.log.warn(
          { err: (e as Error).message, charges: charges.length },
          'admitted charges not written yet; retrying',
        )
        await new Promise((r) => setTimeout(r, delay))
      }
    }
  }

  /**
   * Admits a charge of a fresh scope (no unit of it can have been charged before) if the book
   * knows the workspace's account and it covers the price: the debit and the queued write happen
   * in one step, with nothing awaited between the test and the debit. Null: the store decides
   * (an account not known yet, a movement in flight, or credits short: the store's 402).
   */
  async admit(a: Admission): Promise<{ run_id: number; account_id: string } | null> {
    if (this.mode !== 'behind') return null
    // The lock lost (its connection dropped): the store decides, once the lock is taken again.
    if (this.ownership && !this.ownership.held) return null
    if (this.ids.length === 0) await this.takeIds()
    // Admitted faster than the store writes them: the store decides this one, after the backlog.
    if (this.outside > 0 || this.backlog >= MAX_BACKLOG) return null
    const accountId = this.spendsFrom.get(a.workspace_id)
    const available = accountId === undefined ? undefined : this.available.get(accountId)
    if (accountId === undefined || available === undefined || a.price_milli > available) return null
    const id = this.ids.shift()
    if (id === undefined) return null
    this.available.set(accountId, available - a.price_milli)
    this.stats.admitted++
    this.backlog++
    const queued: QueuedCharge = {
      run: { ...a.run, id, credits_charged_milli: a.price_milli },
      account_id: accountId,
      scope: a.scope,
      units: a.units,
    }
    this.unwritten.set(id, queued)
    this.queue.push(queued)
    return { run_id: id, account_id: accountId }
  }

  /**
   * A run's closing or history detail, for a charge admitted and not yet written: it joins the
   * charge, so the run is written once, whole, instead of inserted then updated. False: the run
   * is (being) written already, or was not admitted here; the caller queues an update.
   */
  amend(runId: number, part: { closing?: usage.RunClosing; detail?: () => Promise<usage.RunDetail> }): boolean {
    const queued = this.unwritten.get(runId)
    if (!queued) return false
    if (part.closing) queued.closing = part.closing
    if (part.detail) queued.makeDetail = part.detail
    return true
  }

  private takeIds(): Promise<void> {
    this.taking ??= usage.takeRunIds(this.deps.db, RUN_IDS_PER_TAKE).then(
      (ids) => {
        this.ids.push(...ids)
        this.taking = null
      },
      (e: unknown) => {
        this.taking = null
        throw e
      },
    )
    return this.taking
  }

  /**
   * A movement of credits the store makes (`move`): every admitted charge is written first, no
   * charge is admitted in memory until it ends, and then the book learns the account from the
   * store's answer (`answer`) if no other movement began meanwhile, else forgets what it knew.
   */
  async throughStore<T>(move: () => Promise<T>, answer?: (result: T) => StoreAnswer | null): Promise<T> {
    this.outside++
    this.stats.through_store++
    const generation = ++this.generation
    let learnt = false
    try {
      if (this.ownership && !this.ownership.held) await this.own()
      // Every admitted charge goes to the store first (none is waiting where the store decides each one).
      if (this.backlog > 0) await this.queue.flush()
      const result = await inside.run(true, move)
      const said = answer?.(result) ?? null
      if (
        said &&
        said.account_id !== null &&
        this.outside === 1 &&
        this.generation === generation &&
        this.mode === 'behind'
      ) {
        this.spendsFrom.set(said.workspace_id, said.account_id)
        this.available.set(said.account_id, said.available_after_milli)
        learnt = true
      } else if (said && said.account_id !== null) {
        this.available.delete(said.account_id)
        this.spendsFrom.delete(said.workspace_id)
        learnt = true
      }
      return result
    } finally {
      this.outside--
      // A movement that said nothing of its account (a hold, a grant, a top-up, a taken-back
      // charge, a failure) may have moved any: everything is learnt again.
      if (!learnt) this.forgetAll()
    }
  }

  /** Writes every admitted charge (readers of balances, history and the ledger call it first). */
  flush(): Promise<void> {
    return this.queue.flush()
  }

  /**
   * Takes the ledger lock (PostgreSQL) before credits move, where it is not held: a process that
   * lets the store decide takes it before its first movement of credits, one that admits in
   * memory again after losing it (it took it at start: createApp). Refused: 503 credits.unavailable.
   */
  private async own(): Promise<void> {
    if (!this.ownership) return
    try {
      await this.ownership.ensure()
    } catch (e) {
      if (!(e instanceof LedgerTakenError)) throw e
      this.deps.log.error({ err: e.message }, 'credits cannot move: the ledger belongs to another process')
      throw new ApiError(
        'credits.unavailable',
        'The credits ledger cannot be reached from this server right now; nothing was charged. Retry after Retry-After.',
      )
    }
    // The lock was not held: whatever was known (a store answer that arrived after the loss) may have moved meanwhile.
    this.forgetAll()
  }

  /** Writes every admitted charge, then lets go of the ledger lock (at shutdown). */
  async close(): Promise<void> {
    await this.queue.flush().catch(() => undefined)
    await this.ownership?.close()
  }

  private forgetAll(): void {
    this.spendsFrom.clear()
    this.available.clear()
  }
}

/** This server's book (one per store: copies of deps share it). */
export const chargeBook = perServer(
  (deps: Deps) =>
    new ChargeBook(
      chargeWriteOf(deps.config, deps.store.kind),
      deps,
      deps.store.kind === 'postgres' ? (deps.store.url ?? undefined) : undefined,
    ),
  (deps) => deps.store,
)

/**
 * Runs a movement of credits other than a charge (holds, grants, top-ups, taken-back charges)
 * through this server's book: admitted charges are written first and forgotten after. A
 * transaction that moves credits must be wrapped whole, since no other statement can reach the
 * embedded store while it is open.
 */
export function ledgerMove<T>(deps: Deps, move: () => Promise<T>): Promise<T> {
  return chargeBook(deps).throughStore(move)
}

/** Writes the charges admitted so far (before reading balances, history or the ledger). */
export function flushAdmitted(deps: Deps): Promise<void> {
  return chargeBook(deps).flush()
}

/**
 * With charges written behind, an account's balance may only move through the book: an update of
 * `credit_accounts` outside `throughStore` would leave the book's figure stale (and an account
 * overspent), so it fails loudly instead. The book's own batches and the charge functions are
 * statements of their own, not seen here.
 */
export class LedgerGuardPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node
    if (
      node.kind === 'UpdateQueryNode' &&
      node.table &&
      TableNode.is(node.table) &&
      node.table.table.identifier.name === 'credit_accounts' &&
      !inside.getStore()
    ) {
      throw new Error('credit_accounts updated outside the charge book (domain/credits/admitted.ts ledgerMove)')
    }
    return node
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result)
  }
}
