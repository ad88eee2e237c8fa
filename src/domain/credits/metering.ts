// The one metering mechanism every billed route uses (contract §1, §2.2, §4.10, §8). A call is
// priced from what its answer delivers and charged only once that answer is ready, in one
// transaction with the run record and the units it charged, behind the spending account's lock.
// The run's history detail (request, plan, snapshot) follows with its closing, after the answer.
import { hash } from 'node:crypto'
import { ApiError } from '../../errors.ts'
import * as accounts from '../../store/accounts.ts'
import * as usage from '../../store/usage.ts'
import type { Insertable } from 'kysely'
import type { UsageRunsTable } from '../../store/db.ts'
import { guarded } from '../guard.ts'
import { chargeBook, flushAdmitted } from './admitted.ts'
import { perServer, WriteBehind } from '../write-behind.ts'
import type { Credential, Deps } from '../types.ts'
import { allocatedAccountId, sharedAccountId, toCredits } from './ledger.ts'
import { priceOf, priceRule, unitsFor } from './pricing.ts'

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
  /**
   * The first page's answer, kept for the history detail (snapshotOf): an object, serialised when
   * the detail is written, after the response; or already serialised, as a SerialisedSnapshot.
   */
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
  return ctx.idempotency_scope ?? freshChain(ctx.request_id)
}

/** The chain a request without an Idempotency-Key starts: new with that request. */
function freshChain(requestId: string): string {
  return `chain:${sha(requestId).slice(0, 24)}`
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

/** Which pool pays: the workspace's own allocation, else the organisation pool (tenant-wide fallback). */
export async function spendingAccount(db: Parameters<typeof accounts.findWorkspace>[0], workspaceId: string) {
  const ws = await accounts.findWorkspace(db, workspaceId)
  if (!ws) throw new ApiError('internal', "The credential's workspace is gone.")
  return { ws, accountId: ws.has_allocation ? allocatedAccountId(ws.id) : sharedAccountId(ws.organisation_id) }
}

/**
 * A history run as it is recorded at its charge (or at an agent run's start): pending, nothing
 * charged yet, the credential's actor and environment. `fields` carries what the route knows.
 */
export function pendingRun(
  credential: Credential,
  now: Date,
  fields: { action_type: string; query: string | null; request_id: string; request: unknown } & Partial<
    Omit<Insertable<UsageRunsTable>, 'request'>
  >,
): Insertable<UsageRunsTable> {
  const { request, ...rest } = fields
  return {
    workspace_id: credential.workspace_id,
    key_id: credential.key_id,
    user_id: credential.user_id,
    actor_type: credential.kind === 'session' ? 'user' : 'api_key',
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
    ...rest,
    request: JSON.stringify(request ?? null),
  }
}

/** A run's history detail as JSON texts, before its snapshot is deflated (storedDetail). */
interface DetailText {
  request: string
  plan: string | null
  snapshot: string | null
  snapshot_state: string
}

/**
 * The history detail of a charge input, serialised when its batch is written (off the answer's
 * path). A snapshot over SNAPSHOT_MAX_BYTES is left out and marked `too_large`.
 */
function runDetail(input: Pick<ChargeInput, 'request' | 'plan' | 'snapshot' | 'snapshot_state'>): DetailText {
  const snapshot =
    input.snapshot === undefined || input.snapshot === null
      ? null
      : input.snapshot instanceof SerialisedSnapshot
        ? input.snapshot.json
        : JSON.stringify(input.snapshot)
  const fits = snapshot === null || snapshot.length <= SNAPSHOT_MAX_BYTES
  return {
    request: JSON.stringify(input.request ?? null),
    plan: input.plan === undefined ? null : JSON.stringify(input.plan),
    snapshot: fits ? snapshot : null,
    snapshot_state: fits ? input.snapshot_state : 'too_large',
  }
}

/** The detail as it is stored: the snapshot deflated on Node's thread pool (migration 0017). */
async function storedDetail(d: DetailText): Promise<usage.RunDetail> {
  return {
    request: d.request,
    plan: d.plan,
    snapshot_deflated: d.snapshot === null ? null : await usage.deflateSnapshot(d.snapshot),
    snapshot_state: d.snapshot_state,
  }
}

/**
 * Charges a billed call whose answer is ready. Throws 402 credits.insufficient (nothing
 * recorded, nothing charged), 500 credits.unknown_action (before any write) or 503
 * credits.unavailable (ledger unreachable: fail closed). Test keys are charged 0.
 *
 * The run is recorded lean (snapshot_state `not_recorded`): its request, plan and page-1 snapshot
 * follow a moment later in a batch (runUpdates), off the answer's path, usually in the same row
 * write as its closing; a run whose detail never reached the store keeps `not_recorded`.
 */
export async function chargeCall(deps: Deps, ctx: ChargeContext, input: ChargeInput): Promise<Charge> {
  const made = await chargeUnits(deps, ctx, input)
  queueRunDetail(deps, made.run_id, input)
  return made
}

/** A charge as it was made: what voidCharge needs to take it back. */
export interface MadeCharge extends Charge {
  workspace_id: string
  scope: string
  units: string[]
}

/**
 * The charge itself (chargeCall without the history detail: the caller queues it with
 * queueRunDetail once its answer is built). Throws as chargeCall does, having written nothing.
 */
export async function chargeUnits(
  deps: Deps,
  ctx: ChargeContext,
  input: Omit<ChargeInput, 'request' | 'plan' | 'snapshot' | 'snapshot_state'>,
): Promise<MadeCharge> {
  const rule = priceRule(input.action_type)
  const units = unitsFor(rule, input.positions)
  const scope = input.scope ?? `once:${ctx.request_id}`
  const { credential } = ctx
  const now = deps.clock.now()
  const live = credential.environment !== 'test'
  const unitPrices = units.map((u) => priceOf(rule, [u]))
  const run = pendingRun(credential, now, {
    action_type: input.action_type,
    query: input.query,
    request_id: ctx.request_id,
    request: null,
    result_count: input.result_count,
    result_total: input.result_total ?? null,
    result_total_is_estimate: input.result_total_is_estimate ?? null,
    snapshot_state: 'not_recorded',
  })
  const book = chargeBook(deps)
  // A scope minted for this very request (no Idempotency-Key, not a cursor page) has no unit
  // charged before: every unit is new, and the book may admit the charge in memory (admitted.ts).
  if (book.mode === 'behind' && (input.scope === null || input.scope === freshChain(ctx.request_id))) {
    const price = live && units.length > 0 ? (input.flat_milli ?? unitPrices.reduce((sum, p) => sum + p, 0)) : 0
    const admitted = await guarded(deps, 'ledger', 'credits.unavailable', () =>
      book.admit({ workspace_id: credential.workspace_id, run, scope, units, price_milli: price }),
    )
    if (admitted)
      return {
        run_id: admitted.run_id,
        credits_charged: toCredits(price),
        already_paid: false,
        workspace_id: credential.workspace_id,
        scope,
        units,
      }
  }
  // One statement (store/usage.ts chargeRun): each unit's price when new; the rule stays here.
  const outcome = await guarded(deps, 'ledger', 'credits.unavailable', () =>
    book.throughStore(
      () =>
        usage.chargeRun(deps.db, {
          workspace_id: credential.workspace_id,
          run,
          scope,
          units,
          unitPrices,
          flatMilli: input.flat_milli ?? null,
          live,
          now,
          key_id: credential.key_id,
          user_id: credential.user_id,
          action_type: input.action_type,
          commit: deps.config.DSP_CHARGE_COMMIT,
        }),
      // The account as the store left it: what the book admits the next charges against.
      (o) =>
        o.outcome === 'no_account' || o.has_allocation === null
          ? null
          : {
              workspace_id: credential.workspace_id,
              account_id: o.has_allocation
                ? allocatedAccountId(credential.workspace_id)
                : sharedAccountId(credential.organisation_id),
              available_after_milli: o.available_milli - (o.outcome === 'charged' ? o.price_milli : 0),
            },
    ),
  )
  if (outcome.outcome === 'no_account')
    throw new ApiError('internal', "The credential's workspace or its credit account is gone.")
  if (outcome.outcome === 'insufficient') {
    const available = outcome.available_milli
    const price = outcome.price_milli
    const extra: Record<string, unknown> = {
      available: toCredits(Math.max(0, available)),
      required: toCredits(price),
      action_type: input.action_type,
    }
    if (outcome.has_allocation && (outcome.shared_balance_milli ?? 0) > 0)
      extra.unrestricted_not_usable = toCredits(outcome.shared_balance_milli!)
    throw new ApiError(
      'credits.insufficient',
      `This call costs ${toCredits(price)} credits and ${toCredits(Math.max(0, available))} are spendable; no results were returned.`,
      { extra },
    )
  }
  return {
    run_id: outcome.run_id!,
    credits_charged: toCredits(outcome.price_milli),
    already_paid: units.length > 0 && outcome.fresh_units === 0,
    workspace_id: credential.workspace_id,
    scope,
    units,
  }
}

/** Queues a charged run's history detail (request, plan, snapshot): written after the response. */
export function queueRunDetail(
  deps: Deps,
  runId: number,
  input: Pick<ChargeInput, 'request' | 'plan' | 'snapshot' | 'snapshot_state'>,
): void {
  // A charge still queued in memory takes its detail along: the run is written once, whole.
  if (chargeBook(deps).amend(runId, { detail: () => storedDetail(runDetail(input)) })) return
  runUpdates(deps).push({ id: runId, detail: () => runDetail(input) })
}

// A void that fails (the store went away with the call) is retried in the background.
const VOID_RETRY_DELAYS_MS = [250, 1000, 5000, 30_000, 120_000]

/**
 * Takes back a charge whose call then failed (a failed call is never charged): the credits
 * return, and the ledger entry, the unit claims and the run are deleted (store/usage.ts
 * voidCharge). Resolves after the first attempt; if that fails, later attempts run in the
 * background and the last failure is logged as an error naming the run.
 */
export async function voidCharge(deps: Deps, made: MadeCharge): Promise<void> {
  // A movement of credits like any other: a charge still queued in memory is written first.
  const attempt = () =>
    chargeBook(deps).throughStore(() =>
      usage.voidCharge(deps.db, {
        workspace_id: made.workspace_id,
        run_id: made.run_id,
        scope: made.scope,
        units: made.units,
      }),
    )
  try {
    await attempt()
  } catch (first) {
    deps.log.warn(
      { err: (first as Error).message, run_id: made.run_id },
      'could not take back the charge of a failed call; retrying',
    )
    void (async () => {
      for (const delay of VOID_RETRY_DELAYS_MS) {
        await new Promise((r) => setTimeout(r, delay).unref())
        try {
          await attempt()
          return
        } catch (e) {
          if (delay === VOID_RETRY_DELAYS_MS.at(-1))
            deps.log.error(
              { err: (e as Error).message, run_id: made.run_id, workspace_id: made.workspace_id },
              'the charge of a failed call was not taken back',
            )
        }
      }
    })()
  }
}

const SNAPSHOT_MAX_BYTES = 256 * 1024

/** An answer its route serialised already (search): the history detail keeps that text as it is. */
export class SerialisedSnapshot {
  constructor(readonly json: string) {}
}

/**
 * A billed answer's snapshot for the history detail: the first page's envelope (the object the
 * route answers, not serialised here: runDetail does it after the response, unless it is a
 * SerialisedSnapshot, and leaves out one over SNAPSHOT_MAX_BYTES as `too_large`).
 */
export function snapshotOf(envelope: unknown, onCursorPage: boolean): { snapshot: unknown; snapshot_state: string } {
  if (onCursorPage) return { snapshot: null, snapshot_state: 'not_first_page' }
  return { snapshot: envelope, snapshot_state: 'available' }
}

/** A queued run update: its detail is built when the batch is written. */
interface QueuedRunUpdate {
  id: number
  detail?: () => DetailText
  closing?: usage.RunClosing
}

const runUpdates = perServer(
  (deps: Deps) =>
    new WriteBehind<QueuedRunUpdate>({
      // The runs a batch closes may still be queued as admitted charges: those are written first.
      write: async (updates) => {
        const rows = await Promise.all(
          updates.map(async (u) => ({
            id: u.id,
            closing: u.closing,
            detail: u.detail ? await storedDetail(u.detail()) : undefined,
          })),
        )
        await flushAdmitted(deps)
        await usage.updateRuns(deps.db, rows)
      },
      // The runs stay pending (and not_recorded); the maintenance job reports them failed (incomplete) later.
      onError: (e, n) => deps.log.warn({ err: e.message, runs: n }, 'could not write run closings and details'),
    }),
)

/**
 * Marks a charged run finished once its response went out (or failed to). Queued: runs close in
 * batches a moment later (domain/write-behind.ts), with the detail their charge queued; readers of
 * history call flushFinishedRuns first.
 */
export function finishCharge(deps: Deps, runId: number, ok: boolean, latencyMs: number): void {
  const closing: usage.RunClosing = {
    status: ok ? 'ok' : 'failed',
    error_code: ok ? null : 'incomplete',
    latency_ms: Math.round(latencyMs),
    finished_at: deps.clock.now(),
  }
  if (chargeBook(deps).amend(runId, { closing })) return
  runUpdates(deps).push({ id: runId, closing })
}

/** Writes the queued run details and closures of this server (before reading history, and at shutdown). */
export async function flushFinishedRuns(deps: Deps): Promise<void> {
  await flushAdmitted(deps)
  await runUpdates(deps).flush()
}
