// Credit holds for agent runs (contract §3.2): placed at start at the tier price, shown as
// allocated.reserved, settled on the first read of the finished run (charge the price of the
// tier that ran, release the rest), released whole on failure or cancel, and lapsed 35 minutes
// after start: a lapsed hold is never charged.
import { ApiError } from '../../errors.ts'
import * as ledger from '../../store/ledger.ts'
import type { Db } from '../../store/db.ts'
import { guarded } from '../guard.ts'
import { randomId } from '../ids.ts'
import type { Credential, Deps } from '../types.ts'
import { sharedAccountId } from './ledger.ts'
import { insufficientCredits, spendingAccount } from './metering.ts'

export const HOLD_LAPSE_SECONDS = 35 * 60

export type HoldOutcome = { state: 'settled'; charged_milli: number } | { state: 'released' } | { state: 'lapsed' }

/** Places a hold; 402 credits.insufficient when the spendable balance cannot cover it. Test keys hold 0. */
export async function placeHold(
  deps: Deps,
  credential: Credential,
  amountMilli: number,
  actionType: string,
  db?: Db,
): Promise<string> {
  const amount = credential.environment === 'test' ? 0 : amountMilli
  const run = async (tx: Db) => {
    const now = deps.clock.now()
    const {
      has_allocation,
      organisation_id,
      account_id: accountId,
    } = await spendingAccount(tx, credential.workspace_id)
    const account = await ledger.lockAccount(tx, accountId)
    if (!account) throw new ApiError('internal', 'The workspace has no credit account.')
    // Read after the lock, by the same SQL function dsp_charge decides with.
    const available = await ledger.spendableMilli(tx, accountId, now)
    if (amount > available) {
      const [shared] = has_allocation ? await ledger.findAccounts(tx, [sharedAccountId(organisation_id)]) : []
      throw insufficientCredits({
        what: 'hold',
        required_milli: amount,
        available_milli: available,
        action_type: actionType,
        shared_balance_milli: shared?.balance_milli ?? null,
      })
    }
    const id = randomId('hold')
    await tx
      .insertInto('credit_holds')
      .values({
        id,
        workspace_id: credential.workspace_id,
        account_id: accountId,
        amount_milli: amount,
        status: 'open',
        charged_milli: null,
        created_at: now,
        lapses_at: new Date(now.getTime() + HOLD_LAPSE_SECONDS * 1000),
        settled_at: null,
      })
      .execute()
    if (amount > 0)
      await ledger.appendLedgerEntry(tx, {
        account_id: accountId,
        workspace_id: credential.workspace_id,
        kind: 'hold',
        amount_milli: 0,
        reserved_delta_milli: amount,
        hold_id: id,
        key_id: credential.key_id,
        user_id: credential.user_id,
        action_type: actionType,
        created_at: now,
      })
    return id
  }
  // With `db`, the caller's transaction.
  return guarded(deps, 'ledger', 'credits.unavailable', () => (db ? run(db) : deps.db.transaction().execute(run)))
}

/**
 * Closes a hold exactly once: charges `chargeMilli` (capped at the hold) and releases the rest,
 * or releases everything when chargeMilli is null. A hold past its lapse time is lapsed instead:
 * released and never charged. Idempotent: a closed hold returns its recorded outcome.
 */
export async function closeHold(
  deps: Deps,
  holdId: string,
  chargeMilli: number | null,
  meta: { run_id?: number | null; key_id?: string | null; user_id?: number | null; action_type?: string | null } = {},
): Promise<HoldOutcome> {
  let charged = 0
  const outcome = await guarded(deps, 'ledger', 'credits.unavailable', () =>
    deps.db.transaction().execute(async (tx) => {
      charged = 0
      const hold = await tx
        .selectFrom('credit_holds')
        .selectAll()
        .where('id', '=', holdId)
        .forUpdate()
        .executeTakeFirst()
      if (!hold) throw new ApiError('internal', `Hold ${holdId} is missing.`)
      if (hold.status !== 'open') return outcomeOf(hold.status, hold.charged_milli)
      const now = deps.clock.now()
      await ledger.lockAccount(tx, hold.account_id)
      const lapsed = now.getTime() >= hold.lapses_at.getTime()
      const charge = lapsed || chargeMilli === null ? 0 : Math.min(chargeMilli, hold.amount_milli)
      const status = lapsed ? 'lapsed' : chargeMilli === null ? 'released' : 'settled'
      const base = {
        account_id: hold.account_id,
        workspace_id: hold.workspace_id,
        hold_id: hold.id,
        run_id: meta.run_id ?? null,
        key_id: meta.key_id ?? null,
        user_id: meta.user_id ?? null,
        action_type: meta.action_type ?? null,
        created_at: now,
      }
      charged = charge
      if (charge > 0)
        await ledger.appendLedgerEntry(tx, {
          ...base,
          kind: 'settlement',
          amount_milli: -charge,
          reserved_delta_milli: -charge,
        })
      if (hold.amount_milli - charge > 0)
        await ledger.appendLedgerEntry(tx, {
          ...base,
          kind: 'release',
          amount_milli: 0,
          reserved_delta_milli: -(hold.amount_milli - charge),
        })
      await tx
        .updateTable('credit_holds')
        .set({ status, charged_milli: charge, settled_at: now })
        .where('id', '=', hold.id)
        .execute()
      return outcomeOf(status, charge)
    }),
  )
  // Counted once committed, by the call that settled (a repeated settle finds it settled and charges nothing).
  // Holds are taken for live keys only: test keys cost nothing.
  deps.metrics.creditsCharged(meta.action_type ?? 'agent_run', 'live', charged / 1000)
  return outcome
}

function outcomeOf(status: string, charged: number | null): HoldOutcome {
  if (status === 'settled') return { state: 'settled', charged_milli: charged ?? 0 }
  if (status === 'lapsed') return { state: 'lapsed' }
  return { state: 'released' }
}

/** Job credits.expire_holds: releases every open hold past its lapse time. */
export async function lapseExpiredHolds(deps: Deps): Promise<number> {
  const due = await deps.db
    .selectFrom('credit_holds')
    .select('id')
    .where('status', '=', 'open')
    .where('lapses_at', '<=', deps.clock.now())
    .execute()
  for (const h of due) await closeHold(deps, h.id, null)
  return due.length
}
