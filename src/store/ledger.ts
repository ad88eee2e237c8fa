// Ledger queries: accounts (one row per pool, locked for every movement) and append-only entries.
import { sql, type Insertable } from 'kysely'
import type { Db } from './db.ts'
import type { LedgerEntriesTable } from './tables.ts'

export async function insertAccount(
  db: Db,
  row: {
    id: string
    organisation_id: string
    workspace_id: string | null
    pool: 'allocated' | 'shared'
    updated_at: Date
  },
) {
  await db
    .insertInto('credit_accounts')
    .values({ ...row, granted_milli: 0, balance_milli: 0, reserved_milli: 0 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/** select … for update: every credit movement on an account is serialised behind this lock. */
export function lockAccount(db: Db, accountId: string) {
  return db.selectFrom('credit_accounts').selectAll().where('id', '=', accountId).forUpdate().executeTakeFirst()
}

export function findAccounts(db: Db, ids: string[]) {
  return db.selectFrom('credit_accounts').selectAll().where('id', 'in', ids).execute()
}

/** Appends an entry and moves the account's running sums by the same amounts, in the caller's transaction. */
export async function appendLedgerEntry(db: Db, entry: Insertable<LedgerEntriesTable>, grantedDeltaMilli = 0) {
  const inserted = await db.insertInto('ledger_entries').values(entry).returning('id').executeTakeFirstOrThrow()
  await db
    .updateTable('credit_accounts')
    .set((eb) => ({
      balance_milli: eb('balance_milli', '+', entry.amount_milli),
      reserved_milli: eb('reserved_milli', '+', entry.reserved_delta_milli ?? 0),
      granted_milli: eb('granted_milli', '+', grantedDeltaMilli),
      updated_at: entry.created_at,
    }))
    .where('id', '=', entry.account_id)
    .execute()
  return inserted.id
}

/** Sums of the entries themselves: the account row must always equal these (checked by tests). */
export function sumEntries(db: Db, accountId: string) {
  return db
    .selectFrom('ledger_entries')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_milli'), eb.lit(0)).as('balance_milli'),
      eb.fn.coalesce(eb.fn.sum<number>('reserved_delta_milli'), eb.lit(0)).as('reserved_milli'),
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()
}

/**
 * What the account's holds still reserve at `now`: open holds that have not lapsed. A hold stops
 * counting the instant it lapses, before the job that closes lapsed holds gets to it (the account's
 * `reserved_milli` keeps counting it until then).
 */
export async function liveReservedMilli(db: Db, accountIds: string[], now: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>(accountIds.map((id) => [id, 0]))
  if (accountIds.length === 0) return out
  const rows = await db
    .selectFrom('credit_holds')
    .select(['account_id', (eb) => eb.fn.sum<number>('amount_milli').as('reserved')])
    .where('account_id', 'in', accountIds)
    .where('status', '=', 'open')
    .where('lapses_at', '>', now)
    .groupBy('account_id')
    .execute()
  for (const r of rows) out.set(r.account_id, Number(r.reserved))
  return out
}

/**
 * The account a workspace spends from, chosen by SQL dsp_spending_account (migration 0041, the one
 * place the rule is written), with the workspace's pool facts; undefined when the workspace is gone.
 */
export async function findSpendingAccount(db: Db, workspaceId: string) {
  const r = await sql<{ has_allocation: boolean; organisation_id: string; account_id: string }>`
    select has_allocation, organisation_id, dsp_spending_account(has_allocation, id, organisation_id) as account_id
      from workspaces where id = ${workspaceId}`.execute(db)
  return r.rows[0]
}

/**
 * What an account can spend at `now`: its balance less its holds still live, computed by SQL
 * dsp_spendable_milli (migration 0041), the same function dsp_charge decides with. 0 for no account.
 */
export async function spendableMilli(db: Db, accountId: string, now: Date): Promise<number> {
  const r = await sql<{ spendable: string | number | null }>`
    select dsp_spendable_milli(${accountId}, ${now.toISOString()}::timestamptz) as spendable`.execute(db)
  return Number(r.rows[0]?.spendable ?? 0)
}
