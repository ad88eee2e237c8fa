// The first hour in a real browser (issue 30): sign up (a weak password refused with the server's
// reason, then a good one), empty states on usage, keys and lists, a first search paid from the
// starter credits, a 402 that offers Buy credits (the checkout page), and a call from /docs that
// runs as the session (Try it out → 200) and shows the curl a terminal runs for it (the key from
// DSP_API_KEY: run as shown, it answers 200), with the project's name and mark and a link to
// /openapi.json; then /docs signed out says what its 401 means and shows the same curl. Headless Debian
// Chromium via playwright-core against the real server with the demo corpus. The starter credits
// are set to 0.1 here: one fast search of 5 rows (5 × 0.02) fits, the next does not. Pages are
// kept as PNGs under test-artifacts/first-run/ (git-ignored).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type BrowserContext, type Locator, type Page } from 'playwright-core'
import { PASSWORD, uniqueEmail } from '../support/session.ts'
import { chromiumMissing, eventually, openBrowser, type Browser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const ARTIFACTS = path.resolve('test-artifacts', 'first-run')
// Expected non-2xx answers Chromium reports on the console: the session probe before sign-in
// (401), the refused password (422) and the search past the starter credits (402).
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of (401|402|422)/

const text = (l: Locator) => l.innerText()

describe('first run in headless Chromium', { skip: chromiumMissing }, () => {
  let api: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let problems: string[] = []
  const email = uniqueEmail('first-run')

  /** A PNG of the whole page, or of the window only (the API reference is many screens long). */
  const shot = (name: string, fullPage = true) => browser.shot(name, fullPage)

  /** The session throttle is 30 requests a minute; each step starts a new minute. */
  const newMinute = () => api.admin.advanceClock(61)

  const goTo = async (link: string, heading: string) => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: link }).click()
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  }

  const search = async (query: string) => {
    await page.getByLabel('Query', { exact: true }).fill(query)
    await page.getByLabel('Category').selectOption('company')
    await page.getByLabel('Mode').selectOption('fast')
    await page.getByLabel('Rows per page').fill('5')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
  }

  before(async () => {
    api = await startTestServer({ DSP_RETRIEVAL_TIMEOUT_MS: '30000', DSP_STARTER_CREDITS: '0.1' }, { demo: true })
    browser = await openBrowser({ artifacts: ARTIFACTS, expectedConsole: EXPECTED_CONSOLE })
    ;({ context, page, problems } = browser)
  })

  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('sign up: a common password is refused with the reason, a good one gets in', async () => {
    await page.goto(`${api.url}/dashboard/sign-up`)
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor()
    await page.getByLabel('Email').fill(email)
    // Ten characters, so the form's own length check lets it through to the server's check.
    await page.getByLabel('Password').fill('password1234')
    await page.getByRole('button', { name: 'Create account' }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    assert.match(await text(alert), /too easy to guess: it is a common password/)
    await shot('sign-up-weak-password')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor()
    await shot('signed-up')
  })

  test('empty states: usage (no chart box), keys and lists say what to do next', async () => {
    await newMinute()
    await goTo('Usage', 'Usage')
    await page.getByTestId('usage-empty').waitFor()
    assert.match(await text(page.getByTestId('usage-empty')), /No usage in the last 30 days yet/)
    assert.equal(await page.locator('svg.chart').count(), 0, 'no empty chart box')
    await page.getByTestId('history-empty').waitFor()
    assert.equal(await text(page.getByTestId('spendable')), '0.1', 'the starter credits')
    await shot('usage-empty')
    await goTo('API keys', 'API keys')
    await page.getByTestId('keys-empty').waitFor()
    await shot('keys-empty')
    await goTo('Lists', 'Lists')
    await page.getByTestId('lists-empty').waitFor()
    await shot('lists-empty')
  })

  test('the first search runs without buying credits; past the starter credits a 402 offers Buy credits', async () => {
    await newMinute()
    await goTo('Playground', 'Playground')
    await search('software')
    await page.getByRole('heading', { name: 'Results · page 1' }).waitFor()
    const table = page.getByRole('region', { name: 'Search results' })
    assert.ok((await table.getByRole('row').count()) > 1, 'the demo corpus has software companies')
    await shot('first-search')
    await search('bank')
    const alert = page.getByRole('alert').filter({ hasText: 'credits.insufficient' })
    await alert.waitFor()
    await shot('search-402')
    await alert.getByRole('button', { name: 'Buy credits' }).click()
    await page.getByRole('heading', { level: 1, name: 'Buy credits' }).waitFor()
    assert.match(page.url(), /\/dashboard\/checkout\/topup_/)
    await shot('checkout-from-402')
  })

  test('/docs: Try it out runs as the session (200, meta.credential session)', async () => {
    await newMinute()
    await page.goto(`${api.url}/docs/#/search/searchRecords`)
    const banner = page.locator('#dsp-session-banner')
    await banner.waitFor({ timeout: 90_000 }) // the Swagger UI bundle is large; a busy machine loads it slowly
    assert.match(await text(banner), new RegExp(`Signed in as ${email.replace(/[.]/g, '\\.')}`))
    const op = page.locator('#operations-search-searchRecords')
    await op.locator('.opblock-summary').first().waitFor()
    if (!(await op.locator('.try-out__btn').isVisible())) await op.locator('.opblock-summary').first().click()
    await op.locator('.try-out__btn').click()
    await op
      .locator('textarea.body-param__text')
      .fill(JSON.stringify({ query: 'software', category: 'company', mode: 'fast', limit: 1 }))
    // The workspace spent its starter credits above: the operator grants some more.
    const me = (await (await page.request.get(`${api.url}/v1/auth/me`)).json()) as {
      workspace: { workspace_id: string }
    }
    await api.admin.grant(me.workspace.workspace_id, 10)
    await op.locator('button.execute').click()
    const status = op.locator('.live-responses-table tbody .response-col_status').first()
    await eventually(
      'the live response status',
      () => text(status),
      (v) => v.trim().length > 0,
      30_000,
    )
    const body = await text(op.locator('.live-responses-table tbody .response-col_description').first())
    assert.equal((await text(status)).trim(), '200', body)
    assert.match(body, /"credential": "session"/)
    await banner.scrollIntoViewIfNeeded()
    await shot('docs-banner', false)
    await op.locator('.live-responses-table').scrollIntoViewIfNeeded()
    await shot('docs-try-it-out', false)

    // The curl is a terminal's: the key from DSP_API_KEY, never the page's cookie or CSRF token.
    const curl = await text(op.locator('.dsp-curl-text').first())
    assert.ok(curl.includes('-H "X-API-Key: $DSP_API_KEY"'), curl)
    assert.doesNotMatch(curl, /csrf|cookie/i)
    assert.match(curl, /-d '\{"query":"software","category":"company","mode":"fast","limit":1\}'/)
    await op.locator('.dsp-curl').scrollIntoViewIfNeeded()
    await shot('docs-curl', false)
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    // Asynchronously: the server answering it runs in this process.
    const terminal = await promisify(execFile)(
      'bash',
      ['-c', curl.replace(/^curl /, `curl -sS -o /dev/null -w '%{http_code}' `)],
      { env: { PATH: process.env.PATH, DSP_API_KEY: key } },
    )
    assert.equal(terminal.stdout, '200', `${curl}\n${terminal.stderr}`)
  })

  test("/docs carries the project's name and mark and links to /openapi.json", async () => {
    assert.equal(await page.title(), 'API reference · Data Platform API')
    const logo = await page.locator('.topbar a img').first().getAttribute('src')
    assert.match(logo ?? '', /^data:image\/svg\+xml;base64,/)
    assert.match(Buffer.from(logo!.split(',')[1]!, 'base64').toString('utf8'), />Data Platform API</)
    assert.equal(await page.locator('link[rel="icon"]').first().getAttribute('type'), 'image/svg+xml')
    assert.equal((await text(page.locator('.info .url').first())).trim(), '/openapi.json')
    assert.equal(await page.locator('.info a:has(.url)').first().getAttribute('href'), '/openapi.json')
    assert.ok(!(await page.locator('.download-url-wrapper').isVisible()), 'the /docs/json box is hidden')
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot('docs-top', false)
  })

  test('/docs signed out: the page says so and links to /dashboard', async () => {
    await context.clearCookies()
    await page.goto(`${api.url}/docs/`)
    const banner = page.locator('#dsp-session-banner')
    await banner.waitFor({ timeout: 90_000 }) // the Swagger UI bundle is large; a busy machine loads it slowly
    assert.match(await text(banner), /You are not signed in/)
    assert.match(await text(banner), /until then its calls are answered 401 auth\.unauthorized/)
    assert.match(await text(banner), /the curl a terminal runs for it, with your key in DSP_API_KEY/)
    assert.equal(await banner.getByRole('link', { name: /sign in or sign up/ }).getAttribute('href'), '/dashboard')
    await shot('docs-signed-out', false)
    // A call answers 401 here, and its curl is the terminal's, which sends the key.
    await page.goto(`${api.url}/docs/#/account/getCredits`)
    const op = page.locator('#operations-account-getCredits')
    await op.locator('.opblock-summary').first().waitFor({ timeout: 90_000 })
    if (!(await op.locator('.try-out__btn').isVisible())) await op.locator('.opblock-summary').first().click()
    await op.locator('.try-out__btn').click()
    await op.locator('button.execute').click()
    const status = op.locator('.live-responses-table tbody .response-col_status').first()
    await eventually(
      'the live response status',
      () => text(status),
      (v) => v.trim().length > 0,
      30_000,
    )
    assert.equal((await text(status)).trim(), '401')
    const curl = await text(op.locator('.dsp-curl-text').first())
    assert.ok(curl.includes('-H "X-API-Key: $DSP_API_KEY"'), curl)
    await op.locator('.dsp-curl').scrollIntoViewIfNeeded()
    await shot('docs-signed-out-curl', false)
  })

  test('no console errors, page errors or 5xx answers along the way', () => {
    assert.deepEqual(problems, [])
  })
})
