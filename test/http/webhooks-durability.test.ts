// Webhook deliveries are durable and sent once at a time (issue 42 item 7): `dsp serve` killed
// with SIGKILL between two attempts of a delivery, a new process on the same data sends the
// retry (same webhook-id); and two dispatchers over one store (two servers on PostgreSQL, two
// dispatchers of one server on the embedded store) never send one delivery twice.
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { Webhook } from 'standardwebhooks'
import { startWebhookDispatcher } from '../../src/jobs/webhook-dispatcher.ts'
import { expectStatus } from '../support/http.ts'
import { processData, startProcess, type ProcessData } from '../support/process.ts'
import { startReceiver } from '../support/receiver.ts'
import { startTestServer, usingPostgres } from '../support/server.ts'

const SETTINGS = {
  DSP_WEBHOOKS_ALLOW_HTTP: '1',
  DSP_WEBHOOKS_ALLOW_RANGES: 'loopback',
  DSP_WEBHOOKS_POLL_MS: '50',
}

describe('kill -9 between attempts', () => {
  let data: ProcessData
  after(async () => data?.drop())

  test('the retry is sent by the next process, with the same webhook-id, signed', async () => {
    // The retry comes 3 s (±20 %) after the failure: time enough to kill the process first.
    data = await processData({ ...SETTINGS, DSP_WEBHOOKS_RETRY_BASE_MS: '3000' })
    const rx = await startReceiver()
    rx.answers = [500]
    const first = await startProcess(data)
    let secret = ''
    try {
      const { key } = await first.admin.workspaceWithKey()
      const created = await first.post('/v1/webhooks', { key, body: { url: rx.url, events: ['webhook.test'] } })
      expectStatus(created, 201)
      secret = created.body.secret
      expectStatus(await first.post(`/v1/webhooks/${created.body.id}/test`, { key }), 202)
      await rx.waitFor(1, 60_000)
    } finally {
      await first.kill9()
    }
    const second = await startProcess(data)
    try {
      const got = await rx.waitFor(2, 60_000)
      assert.equal(got[1]!.headers['webhook-id'], got[0]!.headers['webhook-id'])
      new Webhook(secret).verify(got[1]!.body, got[1]!.headers)
    } finally {
      await second.stop()
    }
  })
})

describe('two dispatchers over one store', () => {
  test('40 deliveries, each received exactly once', async () => {
    const rx = await startReceiver()
    rx.delayMs = 30
    const one = await startTestServer(SETTINGS)
    const others: { stop(): Promise<void> }[] = []
    try {
      if (usingPostgres()) {
        // A second server process on the same database (its own dispatcher).
        const two = await startTestServer({ ...SETTINGS, DATABASE_URL: one.app.deps.config.DATABASE_URL! })
        others.push({ stop: () => two.close() })
      } else {
        // The embedded store belongs to one process: a second dispatcher in it claims concurrently.
        others.push(startWebhookDispatcher(one.app.deps, { pollMs: 20 }))
      }
      const { key } = await one.admin.workspaceWithKey()
      const hook = await one.post('/v1/webhooks', { key, body: { url: rx.url, events: ['webhook.test'] } })
      expectStatus(hook, 201)
      await Promise.all(
        Array.from({ length: 40 }, async () =>
          expectStatus(await one.post(`/v1/webhooks/${hook.body.id}/test`, { key }), 202),
        ),
      )
      await rx.waitFor(40, 120_000)
      // Nothing more comes: no delivery is sent a second time.
      await new Promise((r) => setTimeout(r, 1000))
      const ids = rx.received.map((r) => r.headers['webhook-id'])
      assert.equal(ids.length, 40)
      assert.equal(new Set(ids).size, 40)
    } finally {
      for (const o of others) await o.stop()
      await one.close()
    }
  })
})
