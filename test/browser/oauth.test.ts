// OAuth in a real browser (issue 29 item 4): headless Debian Chromium driven by playwright-core
// against the real server. A client registers itself; the signed-in member opens its
// authorization URL, lands on the dashboard's consent page, unticks a scope and allows; the client
// exchanges the code (PKCE) and its token works with the granted scope only; the member finds the
// app under Connected apps and revokes it there; the token then answers 401. Every page is kept as
// a PNG under test-artifacts/oauth/ (git-ignored). Skips when /usr/bin/chromium is absent.
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type BrowserContext, type Page } from 'playwright-core'
import { expectProblem, expectStatus } from '../support/http.ts'
import { signUp, type Session } from '../support/session.ts'
import { chromiumMissing, openBrowser, type Browser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const ARTIFACTS = path.resolve('test-artifacts', 'oauth')
const REDIRECT = 'http://127.0.0.1:9/callback'
const CLIENT_NAME = 'Browser MCP Client'
// Chromium reports every non-2xx fetch on the console: the session probe before the cookie (401).
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 401/

describe('OAuth consent and connected apps in headless Chromium', { skip: chromiumMissing }, () => {
  let api: TestServer
  let member: Session
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let problems: string[] = []
  const client = { id: '', verifier: randomBytes(32).toString('base64url'), code: '', token: '' }

  const shot = (name: string, fullPage = true) => browser.shot(name, fullPage)
  /** The session throttle is 30 requests a minute; each step starts a new minute. */
  const newMinute = () => api.admin.advanceClock(61)
  const bearer = () => ({ authorization: `Bearer ${client.token}` })

  before(async () => {
    api = await startTestServer()
    member = await signUp(api, { workspace_name: 'OAuth Browser Co' })
    browser = await openBrowser({ artifacts: ARTIFACTS, expectedConsole: EXPECTED_CONSOLE })
    ;({ context, page, problems } = browser)
    // Signed in: the member's session cookie, as the sign-in page would have set it.
    await context.addCookies([{ name: 'dsp_session', value: member.cookie, url: api.url }])
    // The client's redirect URI: the browser's visit there is answered here (no client app runs).
    await page.route(`${REDIRECT}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back at the client</h1>' }),
    )
  })

  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('a client registers, the member allows it on the consent page with one scope unticked, the code is exchanged', async () => {
    const registered = await api.post('/oauth/register', {
      body: { client_name: CLIENT_NAME, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
    })
    expectStatus(registered, 201)
    client.id = registered.body.client_id as string

    const authorize = new URL('/oauth/authorize', api.url)
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: client.id,
      redirect_uri: REDIRECT,
      code_challenge: createHash('sha256').update(client.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      scope: 'dsp.search.read dsp.usage.read',
      state: 'xyz-state',
    }))
      authorize.searchParams.set(k, v)
    await page.goto(authorize.toString())
    await page.getByRole('heading', { level: 1, name: 'Allow access?' }).waitFor()
    assert.equal(new URL(page.url()).pathname, '/dashboard/oauth/consent')
    const heading = page.getByRole('heading', { level: 2 })
    assert.match(await heading.innerText(), new RegExp(`${CLIENT_NAME} wants to use the Data Platform API`))
    assert.match(await heading.innerText(), /OAuth Browser Co/)
    const scope = (s: string) => page.getByRole('checkbox', { name: new RegExp(s.replace(/\./g, '\\.')) })
    // Ticked: what the client asked for; not requested: shown, disabled.
    assert.equal(await scope('dsp.search.read').isChecked(), true)
    assert.equal(await scope('dsp.usage.read').isChecked(), true)
    assert.equal(await scope('dsp.agents.write').isDisabled(), true)
    await shot('consent')
    await scope('dsp.search.read').uncheck()
    await shot('consent-one-scope')
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL(`${REDIRECT}**`)
    const back = new URL(page.url())
    assert.equal(back.searchParams.get('state'), 'xyz-state')
    assert.equal(back.searchParams.get('iss'), api.url)
    client.code = back.searchParams.get('code') ?? ''
    assert.ok(client.code.startsWith('dsp_ac_'), page.url())
    await page.getByRole('heading', { name: 'Back at the client' }).waitFor()

    const exchanged = await api.post('/oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'authorization_code',
        code: client.code,
        code_verifier: client.verifier,
        client_id: client.id,
        redirect_uri: REDIRECT,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expectStatus(exchanged, 200)
    assert.equal(exchanged.body.scope, 'dsp.usage.read')
    client.token = exchanged.body.access_token as string
    const credits = await api.get('/v1/credits', { headers: bearer() })
    expectStatus(credits, 200)
    assert.equal(credits.body.meta.credential, 'oauth')
    // The unticked scope was not granted.
    expectProblem(
      await api.post('/v1/search', { headers: bearer(), body: { query: 'cloud', mode: 'fast' } }),
      403,
      'auth.insufficient_scope',
    )
  })

  test('the app is listed under Connected apps; revoking it there stops its token at once', async () => {
    assert.ok(client.token, 'the first step gave no token')
    await newMinute()
    await page.goto(`${api.url}/dashboard/connected-apps`)
    await page.getByRole('heading', { level: 1, name: 'Connected apps' }).waitFor()
    const row = page.getByRole('row', { name: new RegExp(CLIENT_NAME) })
    await row.waitFor()
    assert.match(await row.innerText(), /dsp\.usage\.read/)
    assert.doesNotMatch(await row.innerText(), /dsp\.search\.read/)
    await shot('connected-apps')
    await page.getByRole('button', { name: `Revoke ${CLIENT_NAME}` }).click()
    await page.getByText('No application holds a token.').waitFor()
    await shot('connected-apps-revoked')
    expectProblem(await api.get('/v1/credits', { headers: bearer() }), 401, 'auth.unauthorized')
  })

  test('no console errors, page errors or 5xx answers along the way', () => {
    assert.deepEqual(problems, [])
  })
})
