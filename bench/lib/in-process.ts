// Baselines measured without HTTP: one async call awaited back to back in this process, each
// timed on its own. Used for "the bare domain/engine call" that an HTTP figure is compared with.
import { loadavg } from 'node:os'
import { round, Samples, summariseLatency, type LatencySummary } from './stats.ts'

export interface CallTiming {
  calls: number
  calls_per_second: number
  latency_ms: LatencySummary
}

export async function timeCalls(
  fn: () => Promise<unknown>,
  options: { warmupSeconds?: number; durationSeconds?: number } = {},
): Promise<CallTiming> {
  const warmupMs = (options.warmupSeconds ?? 1) * 1000
  const durationMs = (options.durationSeconds ?? 3) * 1000
  const warmupEnd = performance.now() + warmupMs
  while (performance.now() < warmupEnd) await fn()

  const samples = new Samples()
  const started = performance.now()
  const end = started + durationMs
  for (let t = started; t < end;) {
    await fn()
    const now = performance.now()
    samples.push(now - t)
    t = now
  }
  const elapsedMs = performance.now() - started
  return {
    calls: samples.length,
    calls_per_second: Math.round(samples.length / (elapsedMs / 1000)),
    latency_ms: summariseLatency(samples.values()),
  }
}

export interface SampledTiming {
  calls: number
  calls_per_second: number
  p50_ms: number
  p95_ms: number
  p99_ms: number
}

/** timeCalls with the flat p50/p95/p99 shape the search, metering and org-chart results use. */
export async function timeSampled(
  fn: () => Promise<unknown>,
  warmupSeconds: number,
  durationSeconds: number,
): Promise<SampledTiming> {
  const t = await timeCalls(fn, { warmupSeconds, durationSeconds })
  return {
    calls: t.calls,
    calls_per_second: t.calls_per_second,
    p50_ms: t.latency_ms.p50,
    p95_ms: t.latency_ms.p95,
    p99_ms: t.latency_ms.p99,
  }
}

/** One round of timeAlternating: each call's timing under its name, the order they ran in, the load after. */
export type AlternatingRound<W extends string> = { loadavg_1m: number; order: W[] } & Record<W, SampledTiming>

/**
 * Rounds of in-process timings of several calls: `order` on even rounds, reversed on odd ones, so a
 * machine that gets busier during the run costs each the same. Progress goes to stderr.
 */
export async function timeAlternating<W extends string>(
  fns: Record<W, () => Promise<unknown>>,
  order: readonly W[],
  s: { rounds: number; warmupSeconds: number; durationSeconds: number },
): Promise<AlternatingRound<W>[]> {
  const rounds: AlternatingRound<W>[] = []
  for (let i = 0; i < s.rounds; i++) {
    console.error(`round ${i + 1}/${s.rounds}`)
    const ran = i % 2 === 0 ? [...order] : [...order].reverse()
    const got = {} as Record<W, SampledTiming>
    for (const which of ran) {
      got[which] = await timeSampled(fns[which], s.warmupSeconds, s.durationSeconds)
      console.error(`  ${which.padEnd(6)} p50 ${got[which].p50_ms} ms (${got[which].calls} calls)`)
    }
    rounds.push({ loadavg_1m: round(loadavg()[0]!, 2), order: ran, ...got })
  }
  return rounds
}
