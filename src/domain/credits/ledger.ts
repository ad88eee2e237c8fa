// The credits ledger (contract §2.4, §3.2): append-only entries per pool, balances derived from
// them, amounts in integer thousandths of a credit. Fails closed: an outage is credits.unavailable.
import { ApiError } from '../../errors.ts'
import * as accounts from '../../store/accounts.ts'
import * as store from '../../store/ledger.ts'
import type { Db } from '../../store/db.ts'
import { guarded } from '../guard.ts'
import type { Deps } from '../types.ts'
import { checkCreditsLow } from '../webhooks/credits-low.ts'

export type Pool = 'allocated' | 'shared'

export const allocatedAccountId = (workspaceId: string) => `${workspaceId}:allocated`
export const sharedAccountId = (organisationId: string) => `${organisationId}:shared`

import { toCredits } from './units.ts'
export { toCredits, toMilli } from './units.ts'

export async function ensureAccounts(db: Db, workspaceId: string, organisationId: string, now: Date): Promise<void> {
  await store.insertAccount(db, {
    id: allocatedAccountId(workspaceId),
    organisation_id: organisationId,
    workspace_id: workspaceId,
    pool: 'allocated',
    updated_at: now,
  })
  await store.insertAccount(db, {
    id: sharedAccountId(organisationId),
    organisation_id: organisationId,
    workspace_id: null,
    pool: 'shared',
    updated_at: now,
  })
}

export interface CreditBalance {
  allocated: { granted: number; remaining: number; reserved: number; expires_at: string | null } | null
  shared: { remaining: number } | null
  spendable: number
  scope: 'platform' | 'tenant_wide_fallback'
  platform: string
  as_of: string
}

export const PLATFORM = 'dsp'

/** Grants to a pool (operators, demo seed, top-ups). A shared grant lands on the organisation pool. */
export async function grantCredits(
  deps: Deps,
  workspaceId: string,
  amountMilli: number,
  pool: Pool,
  kind: 'grant' | 'topup',
  note: string | null = null,
): Promise<CreditBalance> {
  await guarded(deps, 'ledger', 'credits.unavailable', () =>
    deps.db.transaction().execute(async (tx) => {
      const ws = await accounts.findWorkspace(tx, workspaceId)
      if (!ws) throw new ApiError('request.invalid', 'No such workspace.', { status: 404 })
      const accountId = pool === 'allocated' ? allocatedAccountId(workspaceId) : sharedAccountId(ws.organisation_id)
      await store.lockAccount(tx, accountId)
      await store.appendLedgerEntry(
        tx,
        {
          account_id: accountId,
          workspace_id: workspaceId,
          kind,
          amount_milli: amountMilli,
          reserved_delta_milli: 0,
          note,
          created_at: deps.clock.now(),
        },
        amountMilli,
      )
      if (pool === 'allocated' && !ws.has_allocation)
        await tx.updateTable('workspaces').set({ has_allocation: true }).where('id', '=', workspaceId).execute()
    }),
  )
  // A grant re-arms the workspace's credits.low alert once the balance is back above its threshold.
  await checkCreditsLow(deps, workspaceId)
  return getCredits(deps, workspaceId)
}

/**
 * §2.4: spendable = allocated remaining − reserved, never including shared credits. A workspace
 * without its own allocation falls back to the organisation pool (tenant_wide_fallback): then
 * only spendable is meaningful and allocated/shared are null.
 */
export async function getCredits(deps: Deps, workspaceId: string): Promise<CreditBalance> {
  return guarded(deps, 'ledger', 'credits.unavailable', async () => {
    const ws = await accounts.findWorkspace(deps.db, workspaceId)
    if (!ws) throw new ApiError('request.invalid', 'No such workspace.', { status: 404 })
    const ids = [allocatedAccountId(workspaceId), sharedAccountId(ws.organisation_id)]
    const now = deps.clock.now()
    // Spendable comes from the SQL function the charge decides with (migration 0041).
    const spending = await store.findSpendingAccount(deps.db, workspaceId)
    const [rows, reserved, spendable] = await Promise.all([
      store.findAccounts(deps.db, ids),
      store.liveReservedMilli(deps.db, ids, now),
      spending ? store.spendableMilli(deps.db, spending.account_id, now) : 0,
    ])
    const alloc = rows.find((r) => r.pool === 'allocated')
    const shared = rows.find((r) => r.pool === 'shared')
    const asOf = now.toISOString()
    // Only holds still live reserve credits (a lapsed one stops counting at once: store/ledger.ts).
    if (!ws.has_allocation) {
      return {
        allocated: null,
        shared: null,
        spendable: toCredits(spendable),
        scope: 'tenant_wide_fallback',
        platform: PLATFORM,
        as_of: asOf,
      }
    }
    return {
      allocated: {
        granted: toCredits(alloc?.granted_milli ?? 0),
        remaining: toCredits(alloc?.balance_milli ?? 0),
        reserved: toCredits(reserved.get(ids[0]!)!),
        expires_at: ws.allocation_expires_at?.toISOString() ?? null,
      },
      shared: { remaining: toCredits(shared?.balance_milli ?? 0) },
      spendable: toCredits(spendable),
      scope: 'platform',
      platform: PLATFORM,
      as_of: asOf,
    }
  })
}
