// Child-process side of load.ts: runs autocannon against one URL and sends back the figures.
// Separate process so the load generator never shares an event loop (or a GC) with the server.
import autocannon from 'autocannon'
import type { LoadRequest, LoadResult } from './load.ts'
import { Samples, summariseLatency } from './stats.ts'

interface Outcome {
  result: autocannon.Result
  samples: Samples
}

function drive(request: LoadRequest, seconds: number, record: boolean): Promise<Outcome> {
  const samples = new Samples()
  return new Promise((resolve, reject) => {
    const options: autocannon.Options = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      connections: request.connections,
      duration: seconds,
      ...(request.body === null ? {} : { body: request.body }),
    }
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error ? reject(error) : resolve({ result, samples }),
    )
    // autocannon 8 keeps latency in an integer-millisecond histogram (p50 of a 0.3 ms route reads
    // 0), so we record each response's own hrtime duration, which has sub-microsecond resolution.
    if (record) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) samples.push(responseTime)
      })
    }
  })
}

async function main(request: LoadRequest): Promise<LoadResult> {
  const warmup = request.warmupSeconds > 0 ? await drive(request, request.warmupSeconds, false) : null
  const { result, samples } = await drive(request, request.durationSeconds, true)
  const problems: string[] = []
  const non2xx = result.non2xx + (warmup?.result.non2xx ?? 0)
  if (result.errors || warmup?.result.errors)
    problems.push(`${result.errors + (warmup?.result.errors ?? 0)} connection errors`)
  if (result.timeouts || warmup?.result.timeouts)
    problems.push(`${result.timeouts + (warmup?.result.timeouts ?? 0)} timeouts`)
  if (non2xx) problems.push(`${non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats ?? {})})`)
  if (samples.length === 0) problems.push('no 2xx answers recorded')
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
