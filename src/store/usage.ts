// Queries for usage runs (history), charged units and credit holds.
import { promisify } from 'node:util'
import { deflateRaw, inflateRaw } from 'node:zlib'
import { sql, type Insertable, type Selectable } from 'kysely'
import { bulkRows, type BulkColumns } from './bulk.ts'
import type { Db, UsageRunsTable } from './db.ts'

export type UsageRunRow = Selectable<UsageRunsTable>

export async function insertRun(db: Db, row: Insertable<UsageRunsTable>): Promise<number> {
  const r = await db.insertInto('usage_runs').values(row).returning('id').executeTakeFirstOrThrow()
  return r.id
}

export interface ChargeOutcome {
  outcome: 'charged' | 'insufficient' | 'no_account'
  run_id: number | null
  price_milli: number
  fresh_units: number
  available_milli: number
  has_allocation: boolean | null
  shared_balance_milli: number | null
  /** synchronous_commit as the charge's transaction committed: off (async) or on (sync). */
  commit_mode: string
}

// usage_runs columns held as jsonb: their values arrive as JSON text and are spliced in as they are.
const RUN_JSON_COLUMNS = new Set(['request', 'plan', 'snapshot'])

/** The run as one JSON object for dsp_charge (jsonb_populate_record). */
function runJson(run: Insertable<UsageRunsTable>, withId = false): string {
  let out = '{'
  for (const [column, value] of Object.entries(run)) {
    if (value === undefined || (column === 'id' && !withId)) continue
    const json = RUN_JSON_COLUMNS.has(column)
      ? value === null
        ? 'null'
        : (value as string)
      : value instanceof Uint8Array
        ? `"\\\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}"`
        : JSON.stringify(value)
    out += (out.length > 1 ? ',' : '') + JSON.stringify(column) + ':' + json
  }
  return out + '}'
}

/**
 * A billed call's charge in one statement (migration 0012, dsp_charge): account lock, history
 * run, unit claims, price of the new units (`unitPrices[i]` is units[i]'s price when new; a flat
 * price replaces the sum), then the ledger entry, or nothing at all when the credits fall short.
 */
export async function chargeRun(
  db: Db,
  a: {
    workspace_id: string
    run: Insertable<UsageRunsTable>
    scope: string
    units: string[]
    unitPrices: number[]
    flatMilli: number | null
    live: boolean
    now: Date
    key_id: string | null
    user_id: number | null
    action_type: string
    /** `async`: the statement's transaction commits without waiting for its WAL flush (config DSP_CHARGE_COMMIT). */
    commit: 'async' | 'sync'
  },
): Promise<ChargeOutcome> {
  // The statement is its own transaction: a transaction-local synchronous_commit set in it
  // applies to its commit, the moment the statement ends.
  const commitMode = a.commit === 'async' ? 'off' : 'on'
  const r = await sql<ChargeOutcome>`select c.*, set_config('synchronous_commit', ${commitMode}, true) as commit_mode
    from dsp_charge(${a.workspace_id}, ${runJson(a.run)}::jsonb, ${a.scope},
    ${a.units}::text[], ${a.unitPrices}::int8[], ${a.flatMilli}::int8, ${a.live}, ${a.now.toISOString()}::timestamptz,
    ${a.key_id}, ${a.user_id}::int4, ${a.action_type}) c`.execute(db)
  const row = r.rows[0]!
  return {
    ...row,
    run_id: row.run_id === null ? null : Number(row.run_id),
    price_milli: Number(row.price_milli),
    fresh_units: Number(row.fresh_units),
    available_milli: Number(row.available_milli),
    shared_balance_milli: row.shared_balance_milli === null ? null : Number(row.shared_balance_milli),
  }
}

/** A charge admitted in memory (domain/credits/admitted.ts), as dsp_write_charges writes it. */
export interface AdmittedCharge {
  /** The run as dsp_charge would have written it: its id (takeRunIds) and price included. */
  run: Insertable<UsageRunsTable> & { id: number; credits_charged_milli: number }
  account_id: string
  scope: string
  units: string[]
  /** The run's closing and history detail, when they came before the charge was written: one row write. */
  closing?: RunClosing
  detail?: RunDetail
}

/**
 * Writes a batch of admitted charges in one statement (migration 0018, dsp_write_charges): their
 * runs, unit claims, ledger entries and the accounts' balances, in one transaction.
 */
export async function writeCharges(db: Db, charges: readonly AdmittedCharge[]): Promise<void> {
  const json =
    '[' +
    charges
      .map(
        (c) =>
          `{"run":${runJson({ ...c.run, ...c.closing, ...c.detail }, true)},"account_id":${JSON.stringify(c.account_id)},"scope":${JSON.stringify(c.scope)},"units":${JSON.stringify(c.units)}}`,
      )
      .join(',') +
    ']'
  await sql`select dsp_write_charges(${json}::jsonb)`.execute(db)
}

/** `count` ids from the history runs' sequence, for runs written later (admitted charges). */
export async function takeRunIds(db: Db, count: number): Promise<number[]> {
  const r = await sql<{
    id: string
  }>`select nextval(pg_get_serial_sequence('usage_runs', 'id')) as id from generate_series(1, ${count}::int4)`.execute(
    db,
  )
  return r.rows.map((row) => Number(row.id))
}

/**
 * Takes one charge back (migration 0015, dsp_void_charge): its credits return to the account, and
 * its ledger entry, unit claims and history run are deleted. Returns the credits returned (milli).
 */
export async function voidCharge(
  db: Db,
  a: { workspace_id: string; run_id: number; scope: string; units: string[] },
): Promise<number> {
  const r = await sql<{
    refund: string
  }>`select dsp_void_charge(${a.workspace_id}, ${a.run_id}::int8, ${a.scope}, ${a.units}::text[]) as refund`.execute(db)
  return Number(r.rows[0]!.refund)
}

/** A run's history detail as it is stored: request and plan as JSON texts, page 1 deflated (deflateSnapshot). */
export interface RunDetail {
  request: string
  plan: string | null
  snapshot_deflated: Uint8Array | null
  snapshot_state: string
}

const deflate = promisify(deflateRaw)
const inflate = promisify(inflateRaw)

/**
 * Page 1 of an answer (JSON text) as it is stored since migration 0017: raw deflate, level 3
 * (≈ 3.7× smaller, ≈ 70 µs for 20 kB), run on Node's thread pool rather than the event loop.
 */
export function deflateSnapshot(json: string): Promise<Buffer> {
  return deflate(json, { level: 3 })
}

/** A run's page-1 snapshot: its deflated JSON, or the jsonb of a run written before migration 0017; null when it kept none. */
export async function readSnapshot(row: Pick<UsageRunRow, 'snapshot' | 'snapshot_deflated'>): Promise<unknown> {
  if (row.snapshot_deflated !== null && row.snapshot_deflated !== undefined)
    return JSON.parse((await inflate(row.snapshot_deflated)).toString('utf8'))
  return row.snapshot ?? null
}

/** Whether a run kept a page-1 snapshot (in either form). */
export function hasSnapshot(row: Pick<UsageRunRow, 'snapshot' | 'snapshot_deflated'>): boolean {
  return (
    (row.snapshot_deflated !== null && row.snapshot_deflated !== undefined) ||
    (row.snapshot !== null && row.snapshot !== undefined)
  )
}

/** What a run's closing writes: its outcome once the response went out. */
export interface RunClosing {
  status: 'ok' | 'failed'
  error_code: string | null
  latency_ms: number
  finished_at: Date
}

/** A later write to a charged run: its history detail, its closing, or both. */
export interface RunUpdate {
  id: number
  detail?: RunDetail
  closing?: RunClosing
}

const RUN_UPDATE_BULK: BulkColumns = {
  id: 'int8',
  has_closing: 'bool',
  status: 'text',
  error_code: 'text',
  latency_ms: 'int4',
  finished_at: 'timestamptz',
  has_detail: 'bool',
  request: 'jsonb',
  plan: 'jsonb',
  snapshot_deflated: 'bytea',
  snapshot_state: 'text',
}

const CLOSING_COLUMNS = ['status', 'error_code', 'latency_ms', 'finished_at'] as const
const DETAIL_COLUMNS = ['request', 'plan', 'snapshot_deflated', 'snapshot_state'] as const

/** Applies many run updates in one statement; updates of the same run merge into one row write. */
export async function updateRuns(db: Db, updates: RunUpdate[]) {
  if (updates.length === 0) return
  const byId = new Map<number, RunUpdate>()
  for (const u of updates) {
    const seen = byId.get(u.id)
    byId.set(u.id, seen ? { id: u.id, detail: u.detail ?? seen.detail, closing: u.closing ?? seen.closing } : u)
  }
  const u = bulkRows(RUN_UPDATE_BULK, [...byId.values()], (r, column) => {
    if (column === 'id') return r.id
    if (column === 'has_closing') return r.closing !== undefined
    if (column === 'has_detail') return r.detail !== undefined
    if (column === 'finished_at') return r.closing?.finished_at.toISOString() ?? null
    if ((CLOSING_COLUMNS as readonly string[]).includes(column)) return r.closing?.[column as keyof RunClosing] ?? null
    return r.detail?.[column as keyof RunDetail] ?? null
  })
  // A run keeps the columns of the part an update does not carry.
  const keep = (columns: readonly string[], flag: string) =>
    columns.map((c) => sql`${sql.raw(c)} = case when v.${sql.raw(flag)} then v.${sql.raw(c)} else r.${sql.raw(c)} end`)
  const set = [...keep(CLOSING_COLUMNS, 'has_closing'), ...keep(DETAIL_COLUMNS, 'has_detail')]
  const select = Object.keys(RUN_UPDATE_BULK).map((c) => sql`${u.ref(c)} as ${sql.raw(c)}`)
  await sql`update usage_runs r set ${sql.join(set)} from (select ${sql.join(select)} from ${u.from}) as v where r.id = v.id`.execute(
    db,
  )
}

export interface RunVisibility {
  workspace_id: string
  /** API key: its own runs. */
  key_id?: string
  /** Session: the user's runs plus those of every key the user created (revoked included). */
  user_id?: number
}

export function visibleRuns(db: Db, v: RunVisibility) {
  let q = db.selectFrom('usage_runs').where('usage_runs.workspace_id', '=', v.workspace_id)
  if (v.key_id !== undefined) q = q.where('usage_runs.key_id', '=', v.key_id)
  else if (v.user_id !== undefined) {
    const userId = v.user_id
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('usage_runs.user_id', '=', userId), eb('usage_runs.key_id', 'is', null)]),
        eb(
          'usage_runs.key_id',
          'in',
          eb.selectFrom('api_keys').select('api_keys.id').where('api_keys.created_by_user_id', '=', userId),
        ),
      ]),
    )
  }
  return q
}

export async function deleteRunsBefore(db: Db, cutoff: Date): Promise<number> {
  const r = await db.deleteFrom('usage_runs').where('occurred_at', '<', cutoff).executeTakeFirst()
  await db.deleteFrom('charged_units').where('created_at', '<', cutoff).execute()
  return Number(r.numDeletedRows)
}

export function dayBucketExpression(granularity: 'hour' | 'day' | 'month') {
  return sql<Date>`date_trunc(${granularity}, occurred_at at time zone 'UTC') at time zone 'UTC'`
}
