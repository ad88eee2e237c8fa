// Agent runs on the small demo corpus: wall time of each effort tier from POST /v1/agents/runs to
// the `done` event of its stream (queue pick-up, plan, searches, insights, answer), median over the
// rounds. Goal: a medium run within 10 s (docs/performance-search.md, which explains the benchmark).
import { loadavg } from 'node:os'
import { seedSmallDemo, startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'agent-runs'

const TIERS = ['minimal', 'low', 'medium', 'high', 'xhigh'] as const
const FULL = { rounds: 3 }
const QUICK = { rounds: 1 }
const GOAL_MS = 10_000

const BODY = {
  query: 'payments companies in Europe',
  criteria: ['more than 50 employees', 'offers a card-issuing API'],
  enrichments: ['headcount', 'hq', 'tech stack', 'investors'],
}

/** Reads the stream to its `done` event; returns the event names seen and when the first arrived. */
async function followToDone(url: string, key: string): Promise<{ names: string[]; firstAt: number | null }> {
  const res = await fetch(url, { headers: { 'x-api-key': key, accept: 'text/event-stream' } })
  if (!res.ok || !res.body) throw new Error(`events answered ${res.status}`)
  const names: string[] = []
  let firstAt: number | null = null
  const decoder = new TextDecoder()
  let buffer = ''
  const reader = res.body.getReader()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
    const end = buffer.lastIndexOf('\n') + 1
    for (const m of buffer.slice(0, end).matchAll(/^event: (.+)$/gm)) {
      firstAt ??= performance.now()
      names.push(m[1]!)
    }
    buffer = buffer.slice(end)
    if (names.includes('done')) {
      await reader.cancel()
      break
    }
  }
  return { names, firstAt }
}

interface Round {
  loadavg_1m: number
  ms: Record<(typeof TIERS)[number], number>
  /** From the start request to the first server-sent event. */
  first_event_ms: Record<(typeof TIERS)[number], number>
  rows: Record<(typeof TIERS)[number], number>
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const server = await startBenchServer({})
  try {
    await seedSmallDemo(server)
    const { key } = await server.admin.workspaceWithKey({ scopes: ['dsp.agents.write'], environment: 'test' })
    const problems: string[] = []
    const rounds: Round[] = []
    let seq = 0
    for (let i = 0; i < s.rounds; i++) {
      console.error(`round ${i + 1}/${s.rounds}`)
      const round_: Round = {
        loadavg_1m: round(loadavg()[0]!, 2),
        ms: {} as Round['ms'],
        first_event_ms: {} as Round['first_event_ms'],
        rows: {} as Round['rows'],
      }
      for (const effort of TIERS) {
        const t0 = performance.now()
        const res = await fetch(`${server.url}/v1/agents/runs`, {
          method: 'POST',
          headers: {
            'x-api-key': key,
            'content-type': 'application/json',
            'idempotency-key': `bench-${process.pid}-${++seq}`,
          },
          body: JSON.stringify({ ...BODY, effort }),
        })
        const handle = (await res.json()) as { run_id?: string }
        if (res.status !== 202 || !handle.run_id) {
          problems.push(`start ${effort} answered ${res.status}`)
          continue
        }
        const followed = await followToDone(`${server.url}/v1/agents/runs/${handle.run_id}/events`, key)
        round_.ms[effort] = round(performance.now() - t0)
        if (followed.firstAt !== null) round_.first_event_ms[effort] = round(followed.firstAt - t0)
        const read = (await (
          await fetch(`${server.url}/v1/agents/runs/${handle.run_id}`, { headers: { 'x-api-key': key } })
        ).json()) as { status: string; result_count: number | null }
        if (read.status !== 'completed') problems.push(`${effort} ended ${read.status}`)
        round_.rows[effort] = read.result_count ?? 0
        console.error(`  ${effort.padEnd(7)} ${round_.ms[effort]} ms, ${round_.rows[effort]} rows`)
      }
      rounds.push(round_)
    }
    const p50 = (tier: (typeof TIERS)[number]) =>
      round(median(rounds.map((r) => r.ms[tier]).filter((v) => v !== undefined)))
    const medium = p50('medium')
    const firstEvent = (tier: (typeof TIERS)[number]) =>
      round(median(rounds.map((r) => r.first_event_ms[tier]).filter((v) => v !== undefined)))
    // One run at a time through one worker: a worker's throughput is 60 s over the run's duration.
    const workers = server.app.deps.config.DSP_AGENT_WORKERS
    return {
      title: 'Agent runs (demo corpus, small): start to done event, per effort tier',
      store: server.store,
      settings: { ...s, body: BODY, key_environment: 'test', workers },
      figures: Object.fromEntries(
        TIERS.flatMap((t) => [
          [`${t}_p50_ms`, p50(t)],
          [`${t}_first_event_p50_ms`, firstEvent(t)],
          [`${t}_runs_per_minute_per_worker`, p50(t) > 0 ? round(60_000 / p50(t), 1) : null],
        ]),
      ),
      rounds,
      goal: {
        description: 'A medium run finishes within 10 s',
        figure: 'medium_p50_ms',
        value: medium,
        limit: GOAL_MS,
        unit: 'ms',
        ratio: round(medium / GOAL_MS, 3),
        pass: medium <= GOAL_MS,
      },
      valid: problems.length === 0,
      problems,
    }
  } finally {
    await server.close()
  }
}
