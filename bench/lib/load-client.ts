// Child-process side of load.ts: runs autocannon against one URL and sends back the figures.
// Separate process so the load generator never shares an event loop (or a GC) with the server.
import autocannon from 'autocannon'
import type { LoadRequest, LoadResult } from './load.ts'
import { Samples, summariseLatency } from './stats.ts'

interface Outcome {
  result: autocannon.Result
  samples: Samples
  /** Server-Timing entry durations, and latency minus them, per 2xx response (when asked). */
  timed: Samples
  outside: Samples
  missing: number
}

/** The duration of one entry of a Server-Timing header (`engine;dur=9.1;desc="…"`), or null. */
function serverTimingDuration(header: string, entry: string): number | null {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (name?.trim() !== entry) continue
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='))
    const ms = dur === undefined ? NaN : Number(dur.slice(4))
    return Number.isFinite(ms) ? ms : null
  }
  return null
}

function drive(request: LoadRequest, seconds: number, record: boolean): Promise<Outcome> {
  const samples = new Samples()
  const timed = new Samples()
  const outside = new Samples()
  let missing = 0
  // The last Server-Timing entry each connection received: its response event follows its headers.
  const lastTiming = new WeakMap<object, number | null>()
  const entry = request.serverTiming
  return new Promise((resolve, reject) => {
    const options: autocannon.Options = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      connections: request.connections,
      duration: seconds,
      ...(request.body === null ? {} : { body: request.body }),
      ...(entry === null
        ? {}
        : {
            setupClient: (client: autocannon.Client) => {
              // autocannon 8 emits http-parser-js's header info ({headers: [name, value, …]}), not
              // the IncomingHttpHeaders its typings name.
              const onHeaders = (info: { headers?: unknown }) => {
                const raw = Array.isArray(info.headers) ? (info.headers as string[]) : []
                const at = raw.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'server-timing')
                lastTiming.set(client, at < 0 ? null : serverTimingDuration(raw[at + 1] ?? '', entry))
              }
              client.on('headers', onHeaders as never)
            },
          }),
    }
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error ? reject(error) : resolve({ result, samples, timed, outside, missing }),
    )
    // autocannon 8 keeps latency in an integer-millisecond histogram (p50 of a 0.3 ms route reads
    // 0), so we record each response's own hrtime duration, which has sub-microsecond resolution.
    if (record) {
      instance.on('response', (client, statusCode, _bytes, responseTime) => {
        if (statusCode < 200 || statusCode >= 300) return
        samples.push(responseTime)
        if (entry === null) return
        const dur = lastTiming.get(client)
        if (dur === undefined || dur === null) missing++
        else {
          timed.push(dur)
          outside.push(responseTime - dur)
        }
      })
    }
  })
}

async function main(request: LoadRequest): Promise<LoadResult> {
  const warmup = request.warmupSeconds > 0 ? await drive(request, request.warmupSeconds, false) : null
  const { result, samples, timed, outside, missing } = await drive(request, request.durationSeconds, true)
  const problems: string[] = []
  const non2xx = result.non2xx + (warmup?.result.non2xx ?? 0)
  if (result.errors || warmup?.result.errors)
    problems.push(`${result.errors + (warmup?.result.errors ?? 0)} connection errors`)
  if (result.timeouts || warmup?.result.timeouts)
    problems.push(`${result.timeouts + (warmup?.result.timeouts ?? 0)} timeouts`)
  if (non2xx) problems.push(`${non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats ?? {})})`)
  if (samples.length === 0) problems.push('no 2xx answers recorded')
  if (request.serverTiming !== null && (missing > 0 || timed.length === 0))
    problems.push(`${missing} 2xx answers without a Server-Timing ${request.serverTiming} entry`)
  return {
    url: request.url,
    connections: request.connections,
    duration_seconds: result.duration,
    requests: samples.length,
    // Completed 2xx over the measured window; autocannon's requests.average (mean of per-second
    // samples) agrees within a percent but drops a partial last second.
    requests_per_second: Math.round(samples.length / result.duration),
    latency_ms: summariseLatency(samples.values()),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx,
    server_timing:
      request.serverTiming === null || timed.length === 0
        ? null
        : {
            entry: request.serverTiming,
            duration_ms: summariseLatency(timed.values()),
            outside_ms: summariseLatency(outside.values()),
            missing,
          },
    valid: problems.length === 0,
    problems,
  }
}

process.once('message', (request: LoadRequest) => {
  main(request).then(
    (result) => process.send!({ ok: true, result }, () => process.exit(0)),
    (error: unknown) =>
      process.send!({ ok: false, error: String((error as Error)?.stack ?? error) }, () => process.exit(1)),
  )
})
// The parent went away (Ctrl-C, crash): stop driving traffic at once.
process.once('disconnect', () => process.exit(1))
