// The usage page's balance in a real browser (issue 38 item 6): what spendable, remaining, reserved
// and granted mean, and when spendable and remaining differ: an agent run under way holds its tier
// price (no worker here, so the run stays pending and its hold live). Headless Debian Chromium via
// playwright-core; pages kept as PNGs under test-artifacts/usage/ (git-ignored).
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Locator, type Page } from 'playwright-core'
import { PASSWORD, uniqueEmail } from '../support/session.ts'
import { chromiumMissing, openBrowser, type Browser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const ARTIFACTS = path.resolve('test-artifacts', 'usage')
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 401/
const text = (l: Locator) => l.innerText()

describe('usage balance in headless Chromium', { skip: chromiumMissing }, () => {
  let api: TestServer
  let browser: Browser
  let page: Page

  const balance = async () => {
    await page.goto(`${api.url}/dashboard/usage`)
    await page.getByRole('heading', { level: 1, name: 'Usage' }).waitFor()
    await page.getByTestId('balance-explained').waitFor()
    return {
      spendable: await text(page.getByTestId('spendable')),
      remaining: await text(page.getByTestId('remaining')),
      reserved: await text(page.getByTestId('reserved')),
      explained: await text(page.getByTestId('balance-explained')),
    }
  }

  before(async () => {
    api = await startTestServer({ DSP_AGENT_WORKERS: '0', DSP_STARTER_CREDITS: '0' }, { demo: true })
    browser = await openBrowser({ artifacts: ARTIFACTS, expectedConsole: EXPECTED_CONSOLE })
    page = browser.page
    await page.goto(`${api.url}/dashboard/sign-up`)
    await page.getByLabel('Email').fill(uniqueEmail('usage'))
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor()
  })

  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('no run under way: spendable and remaining are the same, and the page says why', async () => {
    const me = (await (await page.request.get(`${api.url}/v1/auth/me`)).json()) as {
      workspace: { workspace_id: string }
    }
    await api.admin.grant(me.workspace.workspace_id, 100)
    const b = await balance()
    assert.deepEqual([b.spendable, b.remaining, b.reserved], ['100', '100', '0'])
    assert.match(b.explained, /Spendable and remaining are the same while no agent run is under way/)
    for (const meaning of [
      'What the next call can spend: remaining less what agent runs hold.',
      'The balance: granted less what calls were charged.',
      'Every credit this workspace received: grants and purchases.',
    ])
      await page.getByText(meaning).waitFor()
    await browser.shot('balance-no-run')
  })

  test('an agent run under way: spendable is remaining less its hold', async () => {
    const me = (await (await page.request.get(`${api.url}/v1/auth/me`)).json()) as { csrf_token: string }
    const started = await page.request.post(`${api.url}/v1/agents/runs`, {
      headers: { 'X-CSRF-Token': me.csrf_token, 'Idempotency-Key': 'usage-page-run' },
      data: { query: 'cloud security companies', effort: 'low' },
    })
    assert.equal(started.status(), 202, await started.text())
    const b = await balance()
    // The low tier's hold (2.125 credits, test/http/agent-runs.test.ts).
    assert.deepEqual([b.spendable, b.remaining, b.reserved], ['97.875', '100', '2.125'])
    assert.match(b.explained, /Spendable is 100 remaining less 2\.125 reserved by agent runs still under way/)
    await browser.shot('balance-run-under-way')
  })

  test('no console errors, page errors or 5xx answers along the way', () => {
    assert.deepEqual(browser.problems, [])
  })
})
