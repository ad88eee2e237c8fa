// The one metering mechanism every billed route uses (contract §1, §2.2, §4.10, §8). A call is
// priced from what its answer delivers and charged only once that answer is ready: one statement
// (store/usage.ts chargeRun) records the run with its history detail, claims its units and appends
// the ledger entry, behind the spending account's lock, and commits before the answer leaves. Only
// the run's closing (status, latency) trails the answer, a moment later (Deps.runClosings).
import { hash } from 'node:crypto'
import { ApiError } from '../../errors.ts'
import * as usage from '../../store/usage.ts'
import * as ledger from '../../store/ledger.ts'
import type { Db } from '../../store/db.ts'
import type { Logger } from 'pino'
import { WriteBehind } from '../write-behind.ts'
import { guarded } from '../guard.ts'
import type { Credential, Deps } from '../types.ts'
import { toCredits } from './ledger.ts'
import { priceOf, priceRule, unitsFor } from './pricing.ts'
import { checkCreditsLow } from '../webhooks/credits-low.ts'

export interface ChargeInput {
  action_type: string
  /** Absolute positions of the rows this answer delivers (0-based across pages); [] when nothing came back. */
  positions: number[]
  /**
   * Units already charged under the same scope cost nothing: a repeated Idempotency-Key (same
   * body, credential, UTC day) or a re-sent cursor. Null: a fresh request.
   */
  scope: string | null
  query: string | null
  request: unknown
  plan?: unknown
  result_count: number
  result_total?: number | null
  result_total_is_estimate?: boolean | null
  /** The first page's answer, kept for the history detail (snapshotOf). */
  snapshot?: unknown
  snapshot_state: string
  /** Flat price override for any rule: the call costs this once any unit is new (the institutions route: 2 credits). */
  flat_milli?: number
}

export interface ChargeContext {
  credential: Credential
  request_id: string
}

export interface Charge {
  run_id: number
  credits_charged: number
  /** The run's units were all charged before (retry, re-sent cursor). */
  already_paid: boolean
}

const sha = (s: string) => hash('sha256', s, 'hex')

/**
 * The charge scope shared by every page of one answer: the Idempotency-Key scope when there is
 * one, else a fresh chain for this request. Cursors carry it, so a re-sent cursor costs nothing.
 */
export function chargeChain(ctx: { request_id: string; idempotency_scope: string | null }): string {
  return ctx.idempotency_scope ?? `chain:${sha(ctx.request_id).slice(0, 24)}`
}

/** §2.12: `billing_bypassed` — the work was done and nothing was charged (a test credential). */
export const BILLING_BYPASSED = {
  reason: 'billing_bypassed',
  detail: 'A test key: the work was done and nothing was charged.',
  impact: 'fields' as const,
  source_corpus: null,
}

export function billingDegradation(environment: 'live' | 'test') {
  return environment === 'test' ? [BILLING_BYPASSED] : []
}

/** §4.10: the same key with the same body, same credential, same UTC day is a retry. */
export function idempotencyScope(
  deps: Deps,
  credential: Credential,
  idempotencyKey: string | undefined,
  body: unknown,
): string | null {
  if (!idempotencyKey) return null
  const day = deps.clock.now().toISOString().slice(0, 10)
  const who = credential.key_id ?? `user:${credential.user_id}`
  return `idem:${sha(`${who}\u0000${day}\u0000${idempotencyKey}\u0000${JSON.stringify(body ?? null)}`)}`
}

/** Which pool pays: the workspace's own allocation, else the organisation pool (SQL dsp_spending_account). */
export async function spendingAccount(db: Db, workspaceId: string) {
  const found = await ledger.findSpendingAccount(db, workspaceId)
  if (!found) throw new ApiError('internal', "The credential's workspace is gone.")
  return found
}

/**
 * The 402 credits.insufficient of a billed call (`call`) or of an agent run's hold (`hold`): what
 * it costs, what is spendable, and the organisation credits this workspace cannot use.
 */
export function insufficientCredits(a: {
  what: 'call' | 'hold'
  required_milli: number
  available_milli: number
  action_type: string
  /** The organisation pool's balance when the workspace spends from its own allocation. */
  shared_balance_milli: number | null
}): ApiError {
  const required = toCredits(a.required_milli)
  const available = toCredits(Math.max(0, a.available_milli))
  const extra: Record<string, unknown> = { available, required, action_type: a.action_type }
  if ((a.shared_balance_milli ?? 0) > 0) extra.unrestricted_not_usable = toCredits(a.shared_balance_milli!)
  const detail =
    a.what === 'call'
      ? `This call costs ${required} credits and ${available} are spendable; no results were returned.`
      : `Starting this run holds ${required} credits and ${available} are spendable; nothing was started.`
  return new ApiError('credits.insufficient', detail, { extra })
}

/**
 * A history run as it is recorded at its charge (or at an agent run's start): pending, nothing
 * charged yet, the credential's actor and environment. `fields` carries what the route knows.
 */
export function pendingRun(
  credential: Credential,
  now: Date,
  fields: { action_type: string; query: string | null; request_id: string; request: unknown } & Partial<usage.NewRun>,
): usage.NewRun {
  return {
    workspace_id: credential.workspace_id,
    key_id: credential.key_id,
    user_id: credential.user_id,
    actor_type: credential.kind === 'api_key' ? 'api_key' : 'user',
    environment: credential.environment,
    status: 'pending',
    error_code: null,
    credits_charged_milli: 0,
    latency_ms: null,
    occurred_at: now,
    finished_at: null,
    result_count: null,
    result_total: null,
    result_total_is_estimate: null,
    plan: null,
    snapshot: null,
    snapshot_state: 'not_a_search',
    agent_run_id: null,
    ...fields,
    request: fields.request ?? null,
  }
}

/** The history detail as it is stored: request and plan as they are, page 1 deflated (migration 0017). */
async function storedDetail(
  input: Pick<ChargeInput, 'request' | 'plan' | 'snapshot' | 'snapshot_state'>,
): Promise<Pick<usage.NewRun, 'request' | 'plan' | 'snapshot_deflated' | 'snapshot_state'>> {
  const snapshot = input.snapshot === undefined || input.snapshot === null ? null : JSON.stringify(input.snapshot)
  // A snapshot over SNAPSHOT_MAX_BYTES is left out and marked `too_large`.
  const fits = snapshot === null || snapshot.length <= SNAPSHOT_MAX_BYTES
  return {
    request: input.request ?? null,
    plan: input.plan ?? null,
    snapshot_deflated: fits && snapshot !== null ? await usage.deflateSnapshot(snapshot) : null,
    snapshot_state: fits ? input.snapshot_state : 'too_large',
  }
}

/**
 * Charges a billed call whose answer is ready, and records its run with the history detail, in one
 * statement committed before this returns: a charge a client is told about survives a crash of
 * the process. Throws 402 credits.insufficient (nothing recorded, nothing charged), 500
 * credits.unknown_action (before any write) or 503 credits.unavailable (ledger unreachable: fail
 * closed). Test keys are charged 0.
 */
export async function chargeCall(deps: Deps, ctx: ChargeContext, input: ChargeInput): Promise<Charge> {
  const rule = priceRule(input.action_type)
  const units = unitsFor(rule, input.positions)
  const scope = input.scope ?? `once:${ctx.request_id}`
  const { credential } = ctx
  const now = deps.clock.now()
  const unitPrices = units.map((u) => priceOf(rule, [u]))
  const run = pendingRun(credential, now, {
    action_type: input.action_type,
    query: input.query,
    request_id: ctx.request_id,
    result_count: input.result_count,
    result_total: input.result_total ?? null,
    result_total_is_estimate: input.result_total_is_estimate ?? null,
    ...(await storedDetail(input)),
  })
  // One statement: each unit's price when new (the rule stays here), the run, the claims, the entry.
  const outcome = await guarded(deps, 'ledger', 'credits.unavailable', () =>
    usage.chargeRun(deps.db, {
      workspace_id: credential.workspace_id,
      run,
      scope,
      units,
      unitPrices,
      flatMilli: input.flat_milli ?? null,
      live: credential.environment !== 'test',
      now,
      key_id: credential.key_id,
      user_id: credential.user_id,
      action_type: input.action_type,
    }),
  )
  if (outcome.outcome === 'no_account')
    throw new ApiError('internal', "The credential's workspace or its credit account is gone.")
  if (outcome.outcome === 'insufficient')
    throw insufficientCredits({
      what: 'call',
      required_milli: outcome.price_milli,
      available_milli: outcome.available_milli,
      action_type: input.action_type,
      shared_balance_milli: outcome.has_allocation ? outcome.shared_balance_milli : null,
    })
  // A live charge may take the balance below the workspace's credits.low threshold.
  if (outcome.price_milli > 0) await checkCreditsLow(deps, credential.workspace_id)
  return {
    run_id: outcome.run_id!,
    credits_charged: toCredits(outcome.price_milli),
    already_paid: units.length > 0 && outcome.fresh_units === 0,
  }
}

const SNAPSHOT_MAX_BYTES = 256 * 1024

/** A billed answer's snapshot for the history detail: the first page's envelope, or why there is none. */
export function snapshotOf(envelope: unknown, onCursorPage: boolean): { snapshot: unknown; snapshot_state: string } {
  if (onCursorPage) return { snapshot: null, snapshot_state: 'not_first_page' }
  return { snapshot: envelope, snapshot_state: 'available' }
}

/** The queue of run closings (Deps.runClosings): written in batches a moment after the answers. */
export function runClosingQueue(db: Db, log: Logger): WriteBehind<usage.RunUpdate> {
  return new WriteBehind<usage.RunUpdate>({
    write: (updates) => usage.updateRuns(db, updates),
    // The runs stay pending; the maintenance job reports them failed (incomplete) later.
    onError: (e, n) => log.warn({ err: e.message, runs: n }, 'could not write run closings'),
  })
}

/**
 * Marks a charged run finished once its response went out (or failed to). Queued: runs close in
 * batches a moment later (domain/write-behind.ts); readers of history call flushFinishedRuns first.
 */
export function finishCharge(deps: Deps, runId: number, ok: boolean, latencyMs: number): void {
  deps.runClosings.push({
    id: runId,
    status: ok ? 'ok' : 'failed',
    error_code: ok ? null : 'incomplete',
    latency_ms: Math.round(latencyMs),
    finished_at: deps.clock.now(),
  })
}

/** Writes the queued run closings of this server (before reading history, and at shutdown). */
export function flushFinishedRuns(deps: Deps): Promise<void> {
  return deps.runClosings.flush()
}
