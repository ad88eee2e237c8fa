// HTTP load for every benchmark: autocannon in a child process (load-client.ts), a warm-up that
// is thrown away, then a fixed measured window. A figure with any non-2xx, connection error or
// timeout is marked invalid: it would be measuring an error path, not the route.
import { fork } from 'node:child_process'
import type { SampledTiming } from './in-process.ts'
import type { LatencySummary } from './stats.ts'

export interface LoadOptions {
  url: string
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  headers?: Record<string, string>
  /** A request body (JSON text), sent with every request. */
  body?: string
  /** Concurrent keep-alive connections; 1 measures service time without queueing. Default 10. */
  connections?: number
  /** Default 5 s: JIT, the key cache and the store's buffers are warm before measuring. */
  warmupSeconds?: number
  /** Default 10 s. */
  durationSeconds?: number
  /**
   * A Server-Timing entry the server reports (`engine;dur=…`): each 2xx response's latency minus
   * that entry's duration is recorded too (`server_timing`), the time outside it in that very request.
   */
  serverTiming?: string
}

export type LoadRequest = Required<Omit<LoadOptions, 'headers' | 'body' | 'serverTiming'>> & {
  headers: Record<string, string>
  body: string | null
  serverTiming: string | null
}

export interface LoadResult {
  url: string
  connections: number
  duration_seconds: number
  /** 2xx answers recorded in the measured window. */
  requests: number
  requests_per_second: number
  /** Client-side, request written → response parsed, 2xx only; milliseconds with decimals. */
  latency_ms: LatencySummary
  errors: number
  timeouts: number
  non2xx: number
  /** With `serverTiming`: the entry's own durations, and each response's latency minus it. */
  server_timing: { entry: string; duration_ms: LatencySummary; outside_ms: LatencySummary; missing: number } | null
  valid: boolean
  problems: string[]
}

type ClientMessage = { ok: true; result: LoadResult } | { ok: false; error: string }

/** Benchmarks send traffic to this machine only. */
function assertLocal(url: string): void {
  const host = new URL(url).hostname
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]')
    throw new Error(`refusing to load ${url}: benchmarks only target 127.0.0.1`)
}

export function load(options: LoadOptions): Promise<LoadResult> {
  assertLocal(options.url)
  const request: LoadRequest = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body ?? null,
    connections: options.connections ?? 10,
    warmupSeconds: options.warmupSeconds ?? 5,
    durationSeconds: options.durationSeconds ?? 10,
    serverTiming: options.serverTiming ?? null,
  }
  // The child inherits process.execArgv, i.e. tsx's loader, so it can run a .ts entry.
  const child = fork(new URL('./load-client.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  // Bounded even if autocannon hangs: warm-up + window + 30 s for start-up and slow sockets.
  const deadlineMs = (request.warmupSeconds + request.durationSeconds + 30) * 1000
  return new Promise((resolve, reject) => {
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn()
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      finish(() => reject(new Error(`load client for ${request.url} did not finish within ${deadlineMs / 1000} s`)))
    }, deadlineMs)
    child.once('message', (message: ClientMessage) =>
      finish(() => (message.ok ? resolve(message.result) : reject(new Error(message.error)))),
    )
    child.once('error', (error) => finish(() => reject(error)))
    child.once('exit', (code) =>
      finish(() => reject(new Error(`load client exited with code ${code} before reporting`))),
    )
    child.send(request)
  })
}

/** A load result in the flat p50/p95/p99 shape of the in-process timings (in-process.ts timeSampled). */
export function loadTiming(r: LoadResult): SampledTiming {
  return {
    calls: r.requests,
    calls_per_second: r.requests_per_second,
    p50_ms: r.latency_ms.p50,
    p95_ms: r.latency_ms.p95,
    p99_ms: r.latency_ms.p99,
  }
}
