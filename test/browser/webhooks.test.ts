// The webhooks page in a real browser (headless Debian Chromium via playwright-core, the real
// server, a real receiver on 127.0.0.1 with the operator's loopback allowance): the empty state,
// adding an endpoint (its secret shown once and copied, and it verifies what the receiver gets),
// a test event and its delivery with the attempt's status and latency, a failed attempt then the
// retry, redelivery with the same webhook-id, secret rotation, pause and enable, an endpoint the
// service disabled after failing for 3 days said at the top of the page and enabled again, and
// delete. Screenshots: test-artifacts/webhooks/.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Locator, type Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { PASSWORD, uniqueEmail } from '../support/session.ts'
import { chromiumMissing, eventually, openBrowser, type Browser } from '../support/browser.ts'
import { startReceiver, type Receiver } from '../support/receiver.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const ARTIFACTS = path.resolve('test-artifacts', 'webhooks')
// The session probe before sign-in answers 401; Chromium logs every non-2xx fetch.
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 401/
const text = (l: Locator) => l.innerText()
const verify = (secret: string, r: { body: string; headers: Record<string, string> }) =>
  new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> }

// Started here, not in `before`: the receiver closes itself in an `after` of the context that starts it.
const rx: Receiver = await startReceiver()

describe('webhooks page in headless Chromium', { skip: chromiumMissing }, () => {
  let api: TestServer
  let browser: Browser
  let page: Page
  let secret = ''

  /** The session throttle is 30 requests a minute; each step starts a new minute. */
  const newMinute = () => api.admin.advanceClock(61)
  const card = () => page.getByRole('article', { name: `Endpoint ${rx.url}` })
  const deliveries = () => page.getByRole('region', { name: `Deliveries to ${rx.url}` })
  const goToWebhooks = async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks' }).click()
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor()
  }

  before(async () => {
    api = await startTestServer({
      DSP_WEBHOOKS_ALLOW_HTTP: '1',
      DSP_WEBHOOKS_ALLOW_RANGES: 'loopback',
      DSP_WEBHOOKS_RETRY_BASE_MS: '200',
      DSP_WEBHOOKS_POLL_MS: '50',
    })
    browser = await openBrowser({ artifacts: ARTIFACTS, expectedConsole: EXPECTED_CONSOLE })
    page = browser.page
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url })
    await page.goto(`${api.url}/dashboard/sign-up`)
    await page.getByLabel('Email').fill(uniqueEmail('webhooks'))
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor()
  })

  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('no endpoint yet: the page says what to do', async () => {
    await goToWebhooks()
    await page.getByTestId('webhooks-empty').waitFor()
    await browser.shot('empty')
  })

  test('adding an endpoint shows its secret once, with a copy button; it signs what is sent', async () => {
    await page.getByLabel('Endpoint URL').fill(rx.url)
    await page.getByLabel('Description (optional)').fill('CRM sync')
    await page.getByRole('checkbox', { name: /webhook\.disabled/ }).check()
    await browser.shot('add-form')
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await page.getByRole('heading', { name: 'Your endpoint’s signing secret' }).waitFor()
    secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()
    assert.match(secret, /^whsec_/)
    await page.getByRole('button', { name: 'Copy the signing secret' }).click()
    await page.getByText('Copied to the clipboard.').waitFor()
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret)
    await browser.shot('secret-once')
    await page.getByRole('button', { name: 'Done' }).click()
    assert.equal(
      await page.getByRole('textbox', { name: 'Signing secret' }).count(),
      0,
      'the secret is not shown again',
    )
    const shown = await text(card())
    assert.match(shown, /Enabled/)
    assert.match(shown, /CRM sync/)
    for (const e of ['agent_run.completed', 'agent_run.failed', 'webhook.disabled']) assert.ok(shown.includes(e), e)
    assert.ok(!shown.includes(secret), 'the card never shows the secret')
  })

  test('a test event arrives signed; its delivery shows the attempt with status and latency', async () => {
    await newMinute()
    await card().getByRole('button', { name: 'Send test event' }).click()
    const [got] = await rx.waitFor(1)
    assert.equal(verify(secret, got!).type, 'webhook.test')
    await deliveries().waitFor()
    const row = deliveries().getByRole('row').nth(1)
    await eventually(
      'the delivery',
      () => text(row),
      (t) => /succeeded/.test(t),
      15_000,
    )
    assert.match(await text(row), /webhook\.test[\s\S]*succeeded[\s\S]*200 · \d+ ms/)
    await browser.shot('delivered')
  })

  test('a failed attempt (500) is retried; the delivery lists both attempts', async () => {
    await newMinute()
    rx.answers.push(500)
    await card().getByRole('button', { name: 'Send test event' }).click()
    await rx.waitFor(3)
    const row = deliveries().getByRole('row').nth(1)
    await eventually(
      'the retried delivery',
      () => text(row),
      (t) => /succeeded/.test(t),
      20_000,
    )
    const attempts = await row.getByRole('listitem').allInnerTexts()
    assert.equal(attempts.length, 2)
    assert.match(attempts[0]!, /^500 · \d+ ms/)
    assert.match(attempts[1]!, /^200 · \d+ ms/)
    assert.equal(rx.received[1]!.headers['webhook-id'], rx.received[2]!.headers['webhook-id'], 'one webhook-id')
    await browser.shot('retried')
  })

  test('redeliver sends the delivery again with the same webhook-id', async () => {
    await newMinute()
    const row = deliveries().getByRole('row').nth(1)
    await row.getByRole('button', { name: /^Redeliver webhook\.test/ }).click()
    const got = await rx.waitFor(4)
    assert.equal(got[3]!.headers['webhook-id'], got[2]!.headers['webhook-id'])
    await eventually(
      'the third attempt',
      () => row.getByRole('listitem').count(),
      (n) => n === 3,
      15_000,
    )
  })

  test('rotating the secret shows the new one once; the next delivery verifies with it', async () => {
    await newMinute()
    await card()
      .getByRole('button', { name: `Rotate secret the secret of ${rx.url}` })
      .click()
    await card()
      .getByRole('button', { name: /^Confirm: rotate now/ })
      .click()
    await page.getByRole('heading', { name: 'The new signing secret' }).waitFor()
    const rotated = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()
    assert.match(rotated, /^whsec_/)
    assert.notEqual(rotated, secret)
    assert.match(await text(page.getByRole('region', { name: 'The new signing secret' })), /old secret too until/)
    await browser.shot('rotated')
    await page.getByRole('button', { name: 'Done' }).click()
    await card().getByRole('button', { name: 'Send test event' }).click()
    const got = await rx.waitFor(5)
    assert.equal(verify(rotated, got[4]!).type, 'webhook.test')
    secret = rotated
  })

  test('pause stops the test button; enable brings it back', async () => {
    await newMinute()
    await card().getByRole('button', { name: 'Pause' }).click()
    await card().getByText('Paused', { exact: true }).waitFor()
    assert.equal(await card().getByRole('button', { name: 'Send test event' }).isDisabled(), true)
    await card().getByRole('button', { name: 'Enable' }).click()
    await card().getByText('Enabled', { exact: true }).waitFor()
  })

  test('an endpoint failing for 3 days is disabled, and the page says so at the top; enabling starts afresh', async () => {
    await newMinute()
    rx.otherwise = 500
    const before = rx.received.length
    await card().getByRole('button', { name: 'Send test event' }).click()
    await rx.waitFor(before + 1)
    const me = (await (await page.request.get(`${api.url}/v1/webhooks`)).json()) as { results: { id: string }[] }
    const id = me.results[0]!.id
    await api.admin.withClock(73 * 3600, async () => {
      await eventually(
        'the endpoint disabled',
        async () =>
          ((await (await page.request.get(`${api.url}/v1/webhooks/${id}`)).json()) as { enabled: boolean }).enabled,
        (enabled) => enabled === false,
        20_000,
      )
      await page.reload()
      const banner = page.getByTestId('disabled-banner')
      await banner.waitFor()
      assert.match(await text(banner), /The service disabled an endpoint after it kept failing/)
      assert.ok((await text(banner)).includes(rx.url))
      assert.match(await text(banner), /72 hours/)
      assert.match(await text(card()), /Disabled after failing/)
      await browser.shot('disabled-after-failing')
      rx.otherwise = 200
      await card().getByRole('button', { name: 'Enable' }).click()
      await card().getByText('Enabled', { exact: true }).waitFor()
      assert.equal(await page.getByTestId('disabled-banner').count(), 0)
    })
  })

  test('delete asks once more, then the endpoint is gone', async () => {
    await newMinute()
    await card()
      .getByRole('button', { name: `Delete ${rx.url}` })
      .click()
    await card()
      .getByRole('button', { name: `Confirm: delete now ${rx.url}` })
      .click()
    await page.getByTestId('webhooks-empty').waitFor()
    const list = (await (await page.request.get(`${api.url}/v1/webhooks`)).json()) as { results: unknown[] }
    assert.equal(list.results.length, 0)
  })

  test('no console errors, page errors or 5xx answers along the way', () => {
    assert.deepEqual(browser.problems, [])
  })
})
