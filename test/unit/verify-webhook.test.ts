// The SDK's verifyWebhook (packages/sdk): a body signed as deliveries are (domain/webhooks/send.ts,
// two secrets after a rotation) verifies with either secret, from a plain object or a Headers;
// a wrong secret or a changed body throws WebhookVerificationError.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { verifyWebhook, WebhookVerificationError } from '../../packages/sdk/src/index.ts'
import { signatures } from '../../src/domain/webhooks/send.ts'

const secret = (n: number) => `whsec_${Buffer.alloc(32, n).toString('base64')}`

test('verifyWebhook accepts what the dispatcher signs, with either secret during a rotation', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', created_at: new Date().toISOString(), data: {} })
  const now = new Date()
  const headers = {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures([secret(1), secret(2)], 'msg_1', now, body),
  }
  assert.equal(verifyWebhook(body, headers, secret(1)).type, 'webhook.test')
  assert.equal(verifyWebhook(Buffer.from(body), new Headers(headers), secret(2)).type, 'webhook.test')
  assert.throws(() => verifyWebhook(body, headers, secret(3)), WebhookVerificationError)
  assert.throws(() => verifyWebhook(body.replace('evt_1', 'evt_2'), headers, secret(1)), WebhookVerificationError)
})
