// Metering: (a) charges/s with 32 concurrent writers calling chargeCall in process (fresh scope
// each, live key, ample credits, one workspace) next to the same 32 writers running a trivial
// single-row update transaction on the same database and pool; (b) what metering adds to a
// billed route: p50 of POST /v1/search (fast, limit 5, live key, small demo corpus; the load
// client in a child process) beside the route's domain work (searchRecords: since session 7 it
// charges the page itself, beside the records read) and chargeCall alone, all in the same run.
// Each charge then closes its run as a route does
// (finishCharge: queued, merged with the run's detail into one row write). Explained in
// docs/performance-search.md.
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { sql } from 'kysely'
import { chargeCall, finishCharge, type ChargeInput } from '../src/domain/credits/metering.ts'
import { searchRecords } from '../src/domain/search/index.ts'
import type { Credential, Deps } from '../src/domain/types.ts'
import type { SearchBody } from '../src/contract/search.ts'
import { seedSmallDemo, startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'
import { timeSampled, type SampledTiming } from './lib/in-process.ts'
import { load, loadTiming } from './lib/load.ts'

export const name = 'metering'

const FULL = { rounds: 2, writers: 32, writerWarmupSeconds: 1, writerSeconds: 5, warmupSeconds: 2, durationSeconds: 5 }
const QUICK = {
  rounds: 1,
  writers: 32,
  writerWarmupSeconds: 0.5,
  writerSeconds: 1,
  warmupSeconds: 0.5,
  durationSeconds: 1,
}

const SEARCH_BODY = { mode: 'fast', category: 'company', query: 'cloud payments platform', limit: 5 } as const

interface Concurrent {
  writers: number
  seconds: number
  calls: number
  per_second: number
  errors: number
  first_error: string | null
}

/** `writers` loops, each awaiting `fn` back to back until the window ends; completions counted in the window. */
async function concurrently(
  fn: () => Promise<unknown>,
  writers: number,
  warmupSeconds: number,
  seconds: number,
): Promise<Concurrent> {
  let calls = 0
  let errors = 0
  let counting = false
  let stop = false
  let firstError: string | null = null
  const loop = async () => {
    while (!stop) {
      try {
        await fn()
        if (counting) calls++
      } catch (error) {
        if (counting) errors++
        firstError ??= String((error as Error)?.message ?? error)
      }
      // On the embedded store a call settles in microtasks only (PGlite runs in this thread and
      // does no I/O): without a yield the loops never give the timers that stop them a turn.
      await new Promise((r) => setImmediate(r))
    }
  }
  const loops = Array.from({ length: writers }, loop)
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000))
  counting = true
  const started = performance.now()
  await new Promise((r) => setTimeout(r, seconds * 1000))
  counting = false
  const elapsed = (performance.now() - started) / 1000
  stop = true
  await Promise.all(loops)
  return {
    writers,
    seconds: round(elapsed, 2),
    calls,
    per_second: Math.round(calls / elapsed),
    errors,
    first_error: firstError,
  }
}

interface Round {
  loadavg_1m: number
  order: string[]
  charges: Concurrent
  bare_updates: Concurrent
  charges_vs_bare_updates: number
  route: SampledTiming
  search_records: SampledTiming
  charge_call: SampledTiming
  /** chargeCall p50 / route p50 */
  metering_share_p50: number
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer()
  try {
    const deps: Deps = server.app.deps
    const seedSeconds = await seedSmallDemo(server)
    // Live key and credits for far more than the run can spend: every charge is a real debit.
    const ws = await server.admin.workspaceWithKey({
      scopes: ['dsp.search.read'],
      environment: 'live',
      credits: 100_000_000,
    })
    const credential: Credential = {
      kind: 'api_key',
      workspace_id: ws.workspace_id,
      organisation_id: ws.organisation_id,
      key_id: ws.key_id,
      user_id: null,
      environment: 'live',
      scopes: ['dsp.search.read'],
    }
    const chargeInput: ChargeInput = {
      action_type: 'dsp.search.fast',
      positions: [0, 1, 2, 3, 4],
      scope: null,
      query: SEARCH_BODY.query,
      request: { method: 'POST', path: '/v1/search', body: SEARCH_BODY },
      result_count: 5,
      result_total: 5,
      result_total_is_estimate: false,
      snapshot: null,
      snapshot_state: 'too_large',
    }
    // Fresh request id, hence fresh scope (once:<request id>): every call charges new units. As on
    // a billed route, the run is then closed (queued, merged with its detail into one row write).
    const charge = async () => {
      const c = await chargeCall(deps, { credential, request_id: randomUUID() }, chargeInput)
      finishCharge(deps, c.run_id, true, 1)
      return c
    }
    const first = await charge()
    if (first.credits_charged <= 0)
      throw new Error(`chargeCall charged ${first.credits_charged} credits; expected a real debit`)

    // Baseline: a trivial single-row update transaction through the same Kysely pool.
    await sql`create table bench_counter (id int primary key, n bigint not null)`.execute(deps.db)
    await sql`insert into bench_counter values (1, 0)`.execute(deps.db)
    const bareUpdate = () =>
      deps.db.transaction().execute((tx) => sql`update bench_counter set n = n + 1 where id = 1`.execute(tx))

    const headers = { 'x-api-key': ws.key, 'content-type': 'application/json' }
    const problems: string[] = []
    const checkRoute = async () => {
      const res = await fetch(`${server.url}/v1/search`, { method: 'POST', headers, body: JSON.stringify(SEARCH_BODY) })
      const body = (await res.json()) as { meta?: { credits_charged?: number } }
      if (res.status !== 200 || !(Number(body.meta?.credits_charged) > 0))
        problems.push(
          `POST /v1/search answered ${res.status} charging ${body.meta?.credits_charged}: ${JSON.stringify(body).slice(0, 200)}`,
        )
    }
    await checkRoute()
    // The route from the load client in a child process (lib/load.ts), one request in flight.
    const route = async (): Promise<SampledTiming> => {
      const r = await load({
        url: `${server.url}/v1/search`,
        method: 'POST',
        headers,
        body: JSON.stringify(SEARCH_BODY),
        connections: 1,
        warmupSeconds: s.warmupSeconds,
        durationSeconds: s.durationSeconds,
      })
      if (!r.valid) problems.push(`POST /v1/search under load: ${r.problems.join('; ')}`)
      return loadTiming(r)
    }
    const domainOnly = () =>
      searchRecords(deps, credential, SEARCH_BODY as unknown as SearchBody, {
        request_id: randomUUID(),
        idempotency_scope: null,
      })

    const rounds: Round[] = []
    for (let i = 0; i < s.rounds; i++) {
      console.error(`round ${i + 1}/${s.rounds}`)
      const order = i % 2 === 0 ? ['charges', 'bare_updates'] : ['bare_updates', 'charges']
      const writes: Partial<Record<'charges' | 'bare_updates', Concurrent>> = {}
      for (const which of order as ('charges' | 'bare_updates')[]) {
        writes[which] = await concurrently(
          which === 'charges' ? charge : bareUpdate,
          s.writers,
          s.writerWarmupSeconds,
          s.writerSeconds,
        )
        console.error(
          `  ${which.padEnd(12)} ${s.writers} writers: ${writes[which]!.per_second}/s (${writes[which]!.errors} errors)`,
        )
        if (writes[which]!.errors)
          problems.push(
            `round ${i + 1} ${which}: ${writes[which]!.errors} failed calls, first: ${writes[which]!.first_error}`,
          )
      }
      const single = {} as Record<'route' | 'search_records' | 'charge_call', SampledTiming>
      const seq = (
        i % 2 === 0 ? ['route', 'search_records', 'charge_call'] : ['charge_call', 'search_records', 'route']
      ) as (keyof typeof single)[]
      for (const which of seq) {
        single[which] =
          which === 'route'
            ? await route()
            : await timeSampled(which === 'search_records' ? domainOnly : charge, s.warmupSeconds, s.durationSeconds)
        console.error(`  ${which.padEnd(14)} p50 ${single[which].p50_ms} ms (${single[which].calls} calls)`)
      }
      rounds.push({
        loadavg_1m: round(loadavg()[0]!, 2),
        order: [...order, ...seq],
        charges: writes.charges!,
        bare_updates: writes.bare_updates!,
        charges_vs_bare_updates: round(writes.charges!.per_second / writes.bare_updates!.per_second, 3),
        ...single,
        metering_share_p50: round(single.charge_call.p50_ms / single.route.p50_ms, 3),
      })
    }
    const med = (f: (r: Round) => number, digits = 3) => round(median(rounds.map(f)), digits)
    const valid = problems.length === 0
    return {
      // metering.json (embedded) and metering.postgresql.json.
      variant: server.store === 'postgresql' ? 'postgresql' : undefined,
      title:
        'Metering: chargeCall with 32 concurrent writers next to a bare update transaction; chargeCall beside a billed route',
      store: server.store,
      settings: {
        ...s,
        pg_pool_max: 10,
        key_environment: 'live',
        charge: { action_type: chargeInput.action_type, units: 5 },
        route_body: SEARCH_BODY,
        corpus: 'small',
        seed_seconds: seedSeconds,
      },
      figures: {
        charges_per_second: Math.round(median(rounds.map((r) => r.charges.per_second))),
        bare_updates_per_second: Math.round(median(rounds.map((r) => r.bare_updates.per_second))),
        charges_vs_bare_updates: med((r) => r.charges_vs_bare_updates),
        route_p50_ms: med((r) => r.route.p50_ms),
        search_records_p50_ms: med((r) => r.search_records.p50_ms),
        charge_call_p50_ms: med((r) => r.charge_call.p50_ms),
        metering_share_of_route_p50: med((r) => r.metering_share_p50),
        route_minus_domain_p50_ms: med((r) => r.route.p50_ms - r.search_records.p50_ms),
      },
      rounds,
      goal: null,
      valid,
      problems,
    }
  } finally {
    await server.close()
  }
}
