// The monitors page in a real browser (headless Debian Chromium via playwright-core, the real
// server): the empty state and the note that no endpoint receives monitor.matched, a search
// monitor created from the form (its baseline run listed), pause and resume, delete (checked
// through GET /v1/monitors), and an agent-run monitor on every data load. Skips while the server
// has no monitor routes. Screenshots: test-artifacts/monitors/.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Locator, type Page } from 'playwright-core'
import { PASSWORD, uniqueEmail } from '../support/session.ts'
import { chromiumMissing, eventually, openBrowser, type Browser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const ARTIFACTS = path.resolve('test-artifacts', 'monitors')
// The session probe before sign-in answers 401; Chromium logs every non-2xx fetch.
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 401/
const text = (l: Locator) => l.innerText()

describe('monitors page in headless Chromium', { skip: chromiumMissing }, () => {
  let api: TestServer
  let browser: Browser
  let page: Page
  let routes = false
  const NAME = 'Software companies in Germany, daily'
  const card = () => page.getByRole('article', { name: `Monitor ${NAME}` })
  const listed = async () =>
    (
      (await (await page.request.get(`${api.url}/v1/monitors`)).json()) as {
        results: { name: string; enabled: boolean }[]
      }
    ).results

  before(async () => {
    api = await startTestServer({ DSP_RETRIEVAL_TIMEOUT_MS: '30000' }, { demo: true })
    browser = await openBrowser({ artifacts: ARTIFACTS, expectedConsole: EXPECTED_CONSOLE })
    page = browser.page
    await page.goto(`${api.url}/dashboard/sign-up`)
    await page.getByLabel('Email').fill(uniqueEmail('monitors'))
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor()
    routes = (await page.request.get(`${api.url}/v1/monitors`)).status() === 200
  })

  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('no monitor yet: the page says what one is, and that no endpoint would be told', async (t) => {
    if (!routes) return t.skip('the server has no /v1/monitors routes yet')
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Monitors' }).click()
    await page.getByRole('heading', { level: 1, name: 'Monitors' }).waitFor()
    await page.getByTestId('monitors-empty').waitFor()
    await page.getByTestId('no-listener').waitFor()
    await browser.shot('empty')
  })

  test('a search monitor created from the form is listed with its schedule and its baseline run', async (t) => {
    if (!routes) return t.skip('the server has no /v1/monitors routes yet')
    await page.getByLabel('Name').fill(NAME)
    await page.getByLabel('Query').fill('Software companies in Germany')
    await page.getByLabel('Category').selectOption('company')
    await page.getByLabel('When').selectOption({ label: 'Every day at 00:00 UTC' })
    await browser.shot('create-form')
    await page.getByRole('button', { name: 'Create monitor' }).click()
    await card().waitFor()
    const shown = await text(card())
    assert.match(shown, /Enabled/)
    assert.match(shown, /Search: “Software companies in Germany” · company/)
    assert.match(shown, /Every day at 00:00 UTC/)
    assert.deepEqual(
      (await listed()).map((m) => [m.name, m.enabled]),
      [[NAME, true]],
    )
    await card().getByRole('button', { name: 'Runs' }).click()
    const runs = page.getByRole('region', { name: `Runs of ${NAME}` })
    await eventually(
      'the baseline run',
      () => text(runs),
      (s) => /First run \(baseline\)/.test(s),
      15_000,
    )
    await browser.shot('monitor-with-runs')
  })

  test('pause and resume', async (t) => {
    if (!routes) return t.skip('the server has no /v1/monitors routes yet')
    await card().getByRole('button', { name: 'Pause' }).click()
    await card().getByText('Paused', { exact: true }).waitFor()
    assert.equal((await listed())[0]!.enabled, false)
    await card().getByRole('button', { name: 'Resume' }).click()
    await card().getByText('Enabled', { exact: true }).waitFor()
    assert.equal((await listed())[0]!.enabled, true)
  })

  test('delete asks once more, then the monitor is gone', async (t) => {
    if (!routes) return t.skip('the server has no /v1/monitors routes yet')
    await card()
      .getByRole('button', { name: `Delete monitor ${NAME}` })
      .click()
    await card()
      .getByRole('button', { name: `Confirm: delete monitor ${NAME}` })
      .click()
    await page.getByTestId('monitors-empty').waitFor()
    assert.deepEqual(await listed(), [])
  })

  test('an agent-run monitor after every data load reads as one', async (t) => {
    if (!routes) return t.skip('the server has no /v1/monitors routes yet')
    const name = 'Engineers in Germany after each load'
    await page.getByLabel('Name').fill(name)
    await page.getByRole('radio', { name: /An agent run/ }).check()
    await page.getByLabel('Query').fill('Engineers in Germany')
    await page.getByLabel('Category').selectOption('person')
    await page.getByLabel('Effort').selectOption('minimal')
    await page.getByLabel('When').selectOption('on_ingest')
    await page.getByRole('button', { name: 'Create monitor' }).click()
    const agentCard = page.getByRole('article', { name: `Monitor ${name}` })
    await agentCard.waitFor()
    const shown = await text(agentCard)
    assert.match(shown, /Agent run: “Engineers in Germany” · person · minimal/)
    assert.match(shown, /After every data load/)
    assert.match(shown, /after the next data load/)
    await browser.shot('agent-run-monitor')
    await agentCard.getByRole('button', { name: `Delete monitor ${name}` }).click()
    await agentCard.getByRole('button', { name: `Confirm: delete monitor ${name}` }).click()
    await page.getByTestId('monitors-empty').waitFor()
  })

  test('no console errors, page errors or 5xx answers along the way', () => {
    assert.deepEqual(browser.problems, [])
  })
})
