// Top-up links (contract §2.7, §3.3, §4.4). An API key can only ask for a link; a person opens
// it in the dashboard and pays through a PaymentProvider. The built-in local provider completes
// on the dashboard's checkout page, or by an operator (POST /admin/v1/topups/{id}/complete).
import { sql } from 'kysely'
import { ApiError } from '../errors.ts'
import * as accounts from '../store/accounts.ts'
import * as ledger from '../store/ledger.ts'
import { allocatedAccountId, toCredits, toMilli } from './credits/ledger.ts'
import { guarded } from './guard.ts'
import { randomId } from './ids.ts'
import type { Credential, Deps } from './types.ts'
import { checkCreditsLow } from './webhooks/credits-low.ts'

export const TOPUP_LINK_SECONDS = 15 * 60
/** Amounts the local provider sells, in credits. */
export const PURCHASABLE_CREDITS = { min: 10, max: 100_000 }

export interface PaymentProvider {
  readonly name: string
  /** Charges the buyer for `credits`; throws ApiError payment.* on refusal. Returns a provider reference. */
  charge(topupId: string, credits: number): Promise<string>
}

/** Always succeeds: test payments out of the box. A real provider implements the same interface. */
export const localProvider: PaymentProvider = {
  name: 'local',
  async charge(topupId) {
    return `local_${topupId}`
  },
}

export async function createTopupIntent(deps: Deps, credential: Credential) {
  if (deps.config.DSP_DASHBOARD !== '1')
    throw new ApiError(
      'request.unsupported',
      'This deployment runs without a dashboard, so there is no checkout page to open.',
      { status: 501 },
    )
  const now = deps.clock.now()
  const id = randomId('topup')
  const expires = new Date(now.getTime() + TOPUP_LINK_SECONDS * 1000)
  await deps.db
    .insertInto('topups')
    .values({
      id,
      workspace_id: credential.workspace_id,
      status: 'pending',
      credits_added_milli: null,
      order_id: null,
      provider: localProvider.name,
      created_by_key_id: credential.key_id,
      created_by_user_id: credential.kind === 'api_key' ? null : credential.user_id,
      completed_by_user_id: null,
      created_at: now,
      expires_at: expires,
      completed_at: null,
    })
    .execute()
  return { topup_id: id, url: `${deps.publicUrl}/dashboard/checkout/${id}`, expires_at: expires.toISOString() }
}

const notFound = () =>
  new ApiError('payment.topup_not_found', 'No such top-up for this workspace, or its link expired; start a new top-up.')

async function findLiveTopup(deps: Deps, workspaceId: string | null, topupId: string) {
  let q = deps.db.selectFrom('topups').selectAll().where('id', '=', topupId)
  if (workspaceId !== null) q = q.where('workspace_id', '=', workspaceId)
  const t = await q.executeTakeFirst()
  // A pending link past its 15 minutes is expired; a completed purchase stays readable.
  if (!t || (t.status === 'pending' && deps.clock.nowMs() >= t.expires_at.getTime())) throw notFound()
  return t
}

export async function getTopupIntent(deps: Deps, credential: Credential, topupId: string) {
  const t = await findLiveTopup(deps, credential.workspace_id, topupId)
  return {
    topup_id: t.id,
    status: t.status,
    credits_added: t.credits_added_milli === null ? null : toCredits(t.credits_added_milli),
    order_id: t.order_id,
    expires_at: t.expires_at.toISOString(),
  }
}

/**
 * The purchase lands: charge through the provider, add the credits to the workspace's
 * allocation, mark the workspace as having bought credits. Completing twice is refused.
 * `workspaceId` null: an operator completing any workspace's intent.
 */
export async function completeTopup(
  deps: Deps,
  topupId: string,
  credits: number,
  by: { workspace_id: string | null; user_id: number | null },
) {
  if (
    !Number.isFinite(credits) ||
    credits < PURCHASABLE_CREDITS.min ||
    credits > PURCHASABLE_CREDITS.max ||
    toMilli(credits) !== credits * 1000
  ) {
    throw new ApiError(
      'payment.invalid_amount',
      `Buy between ${PURCHASABLE_CREDITS.min} and ${PURCHASABLE_CREDITS.max.toLocaleString('en')} credits, with at most three decimals.`,
    )
  }
  const t = await findLiveTopup(deps, by.workspace_id, topupId)
  if (t.status === 'completed')
    throw new ApiError('request.invalid', 'This top-up is already completed.', { status: 422 })
  await guarded(deps, 'ledger', 'payment.unavailable', async () => {
    await localProvider.charge(t.id, credits)
    await deps.db.transaction().execute(async (tx) => {
      const locked = await tx
        .selectFrom('topups')
        .select('status')
        .where('id', '=', t.id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (locked.status === 'completed') throw new ApiError('request.invalid', 'This top-up is already completed.')
      const now = deps.clock.now()
      const milli = toMilli(credits)
      const accountId = allocatedAccountId(t.workspace_id)
      await ledger.lockAccount(tx, accountId)
      await ledger.appendLedgerEntry(
        tx,
        {
          account_id: accountId,
          workspace_id: t.workspace_id,
          kind: 'topup',
          amount_milli: milli,
          reserved_delta_milli: 0,
          user_id: by.user_id,
          note: `top-up ${t.id}`,
          created_at: now,
        },
        milli,
      )
      const order = await sql<{ id: number }>`select nextval('topup_order_seq') as id`.execute(tx)
      await tx
        .updateTable('topups')
        .set({
          status: 'completed',
          credits_added_milli: milli,
          order_id: Number(order.rows[0]!.id),
          completed_at: now,
          completed_by_user_id: by.user_id,
        })
        .where('id', '=', t.id)
        .execute()
      await accounts.markWorkspacePurchased(tx, t.workspace_id)
      await tx.updateTable('workspaces').set({ has_allocation: true }).where('id', '=', t.workspace_id).execute()
    })
  })
  // The top-up re-arms the workspace's credits.low alert once the balance is back above its threshold.
  await checkCreditsLow(deps, t.workspace_id)
  return getTopupIntent(deps, { workspace_id: t.workspace_id } as Credential, t.id)
}
