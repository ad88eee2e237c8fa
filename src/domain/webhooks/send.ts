// One delivery attempt (issue 42 item 3), as the Standard Webhooks specification says: a POST of
// the stored body signed with the `standardwebhooks` library (webhook-id, webhook-timestamp,
// webhook-signature), a deadline (DSP_WEBHOOKS_TIMEOUT_MS, 10 s), no redirect followed (a 3xx
// is a failure), at most RESPONSE_CAP_BYTES of the answer read. The target is checked again here
// on the address it resolves to now, and the socket connects to that checked address.
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import type { Config } from '../../config.ts'
import { checkUrlForm, resolveChecked, TargetRefused } from './targets.ts'

/** Most of a receiver's answer read (the rest is dropped; the answer's content is not kept). */
const RESPONSE_CAP_BYTES = 64 * 1024

export interface AttemptOutcome {
  status_code: number | null
  error: string | null
  latency_ms: number
  succeeded: boolean
}

/**
 * The webhook-signature header: one `v1,…` per secret that signs now (the current one, and the
 * previous one for 24 h after a rotation), space-separated as the specification allows.
 * `timestamp` is wall-clock time (not the test clock): receivers compare it with their own clock.
 */
export function signatures(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
  return secrets.map((s) => new Webhook(s).sign(id, timestamp, body)).join(' ')
}

export async function sendAttempt(
  config: Config,
  target: { url: string; secrets: readonly string[] },
  delivery: { id: string; body: string },
): Promise<AttemptOutcome> {
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  let url: URL
  let resolved: { address: string; family: 4 | 6 }
  try {
    url = checkUrlForm(target.url, config)
    resolved = await resolveChecked(url, config)
  } catch (e) {
    const why = e instanceof TargetRefused ? e.message : (e as Error).message
    return { status_code: null, error: `target refused: ${why}`, latency_ms: took(), succeeded: false }
  }
  const timestamp = new Date()
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'dsp-webhooks/1',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatures(target.secrets, delivery.id, timestamp, delivery.body),
  }
  // The connection goes to the address checked above, whatever the name resolves to by then.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [resolved] as never)
    else callback(null, resolved.address, resolved.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false
    const done = (o: Omit<AttemptOutcome, 'latency_ms'>) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      resolve({ ...o, latency_ms: took() })
    }
    const req = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(delivery.body) }, lookup },
      (res) => {
        const status = res.statusCode ?? 0
        let read = 0
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > RESPONSE_CAP_BYTES) res.destroy()
        })
        const finish = () =>
          done({
            status_code: status,
            error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
            succeeded: status >= 200 && status < 300,
          })
        res.on('end', finish)
        res.on('close', finish)
        res.on('error', finish)
      },
    )
    const deadline = setTimeout(() => {
      req.destroy()
      done({ status_code: null, error: `timeout after ${config.DSP_WEBHOOKS_TIMEOUT_MS} ms`, succeeded: false })
    }, config.DSP_WEBHOOKS_TIMEOUT_MS)
    req.on('error', (e) => done({ status_code: null, error: `connection error: ${e.message}`, succeeded: false }))
    req.end(delivery.body)
  })
}
