// The playground in a real browser (headless Debian Chromium via playwright-core, the real server
// with the demo corpus): a new member signs up, sees the empty state and "what to try first",
// builds filters with the builder (values suggested by GET /v1/search/filters/{name}, the JSON
// view edits the same filters), searches, reads rows (name, location, industry) and the
// resolved_search chips, adds two rows to a new list (checked through the lists API), downloads
// the selected rows and then the page as CSV (company columns only) and copies the request as curl and TypeScript; then a people example read by
// the parser, and agent runs of companies and of people (a person's industry is their employer's). Screenshots go to test-artifacts/playground/ (git-ignored). The file skips when
// /usr/bin/chromium is absent.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type BrowserContext, type Locator, type Page, type Response } from 'playwright-core'
import { PASSWORD, uniqueEmail } from '../support/session.ts'
import { chromiumMissing, eventually, openBrowser, type Browser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const ARTIFACTS = path.resolve('test-artifacts', 'playground')
// The session probe before sign-in answers 401; Chromium logs every non-2xx fetch.
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 401/

const text = (l: Locator) => l.innerText()

interface SearchAnswer {
  results: Record<string, unknown>[]
  resolved_search: Record<string, unknown>
}

describe('playground in headless Chromium', { skip: chromiumMissing }, () => {
  let api: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let problems: string[] = []
  const email = uniqueEmail('playground')
  // The last search as the browser sent it and the server answered it.
  let sent: Record<string, unknown> = {}
  let answer: SearchAnswer = { results: [], resolved_search: {} }

  const shot = (name: string, fullPage = true) => browser.shot(name, fullPage)

  /** The session throttle is 30 requests a minute; each step starts a new minute. */
  const newMinute = () => api.admin.advanceClock(61)

  /** Runs `act`, waits for its POST /v1/search and keeps what was sent and answered. */
  const searched = async (act: () => Promise<void>) => {
    const [res] = await Promise.all([
      page.waitForResponse((r: Response) => r.url().endsWith('/v1/search') && r.request().method() === 'POST'),
      act(),
    ])
    assert.equal(res.status(), 200, await res.text())
    sent = res.request().postDataJSON() as Record<string, unknown>
    answer = (await res.json()) as SearchAnswer
    await page.getByRole('heading', { name: 'Results · page 1' }).waitFor()
  }

  /** A GET as the signed-in session (the cookie goes with it). */
  const sessionGet = <T>(p: string) =>
    page.evaluate(async (url) => {
      const r = await fetch(url, { credentials: 'same-origin' })
      return { status: r.status, body: (await r.json()) as unknown }
    }, p) as Promise<{ status: number; body: T }>

  const results = () => page.getByRole('region', { name: 'Search results' })
  /** The shown run's status once it is terminal (a run takes up to 90 s on a loaded machine). */
  const runEnded = () =>
    eventually(
      'run status',
      async () => ((await page.getByTestId('run-status').count()) ? text(page.getByTestId('run-status')) : ''),
      (s) => ['completed', 'failed', 'cancelled'].includes(s),
      90_000,
    )

  before(async () => {
    // A cold retrieval engine (first embedding load) can exceed the suites' 500 ms test deadline.
    api = await startTestServer({ DSP_RETRIEVAL_TIMEOUT_MS: '30000' }, { demo: true })
    browser = await openBrowser({ artifacts: ARTIFACTS, expectedConsole: EXPECTED_CONSOLE, acceptDownloads: true })
    ;({ context, page, problems } = browser)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url })
  })

  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('a new member lands on the playground: an empty state and "what to try first"', async () => {
    await page.goto(`${api.url}/dashboard/sign-up`)
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor()
    await page.getByRole('heading', { name: 'What to try first' }).waitFor()
    await page.getByRole('region', { name: 'No search yet' }).waitFor()
    assert.ok((await page.getByRole('button', { name: /Software companies in Germany/ }).count()) === 1)
    await shot('empty-state')
    // Credits for the searches, as an operator grants them.
    const me = await sessionGet<{ workspace: { workspace_id: string } }>('/v1/auth/me')
    assert.equal(me.status, 200)
    await api.admin.grant(me.body.workspace.workspace_id, 1000)
  })

  test('the filter builder: a suggested value, a range, and the same filters as JSON both ways', async () => {
    await newMinute()
    await page.getByLabel('Query', { exact: true }).fill('developer tools')
    await page.getByLabel('Category').selectOption('company')
    await page.getByLabel('Mode').selectOption('fast')
    await page.getByLabel('Rows per page').fill('5')

    await page.getByLabel('Add a filter').selectOption('industry')
    await page.getByLabel('Value for industry').fill('soft')
    const suggested = page.getByRole('group', { name: 'Suggested values for industry' })
    await suggested.getByRole('button', { name: 'Software & Cloud' }).waitFor()
    await shot('builder-suggestions')
    await suggested.getByRole('button', { name: 'Software & Cloud' }).click()
    const chosen = page.getByRole('list', { name: 'Chosen filters' })
    await chosen.getByRole('button', { name: /Edit filter industry: Software & Cloud/ }).waitFor()

    await page.getByLabel('Add a filter').selectOption('employee_count')
    await page.getByLabel('employee count at least').fill('20')
    await chosen.getByRole('button', { name: /Edit filter employee count: at least 20/ }).waitFor()
    await page.getByRole('button', { name: 'Done' }).click()

    // geo: a level, then a place suggested for that level; removed again before searching.
    await page.getByLabel('Add a filter').selectOption('geo')
    await page.getByLabel('Place level').selectOption('country')
    await page.getByLabel('Value for geo').fill('Germ')
    await page
      .getByRole('group', { name: 'Suggested values for geo' })
      .getByRole('button', { name: 'Germany', exact: true })
      .click()
    await chosen.getByRole('button', { name: /Edit filter geo: Germany \(country\)/ }).waitFor()
    await page.getByRole('button', { name: 'Remove filter geo' }).click()
    assert.equal(await chosen.getByRole('button', { name: /Edit filter geo/ }).count(), 0)

    await page.getByLabel('Edit as JSON').check()
    const json = page.getByLabel('Filters as JSON')
    assert.deepEqual(JSON.parse(await json.inputValue()), {
      industry: { include: ['Software & Cloud'] },
      employee_count: { min: 20 },
    })
    // The JSON edits the builder's filters too.
    await json.fill(
      JSON.stringify({ industry: { include: ['Software & Cloud'] }, employee_count: { min: 50 } }, null, 2),
    )
    await chosen.getByRole('button', { name: /Edit filter employee count: at least 50/ }).waitFor()
    await json.fill('{"industry": ')
    await page.getByText(/Not valid JSON yet/).waitFor()
    assert.equal(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled(), true)
    await json.fill(
      JSON.stringify({ industry: { include: ['Software & Cloud'] }, employee_count: { min: 50 } }, null, 2),
    )
    await page.getByLabel('Edit as JSON').uncheck()
    await shot('builder-chips')

    await searched(() => page.getByRole('button', { name: 'Search', exact: true }).click())
    assert.deepEqual(sent.filters, { industry: { include: ['Software & Cloud'] }, employee_count: { min: 50 } })
    assert.equal(sent.query, 'developer tools')
    assert.ok(answer.results.length >= 2, 'the demo corpus has software companies of 50 or more')
  })

  test('rows show name, location and industry; resolved_search reads as chips', async () => {
    const headers = await results().getByRole('columnheader').allInnerTexts()
    for (const h of ['Name', 'Location', 'Industry']) assert.ok(headers.includes(h), `${h} in ${headers.join('|')}`)
    const rows = results().getByRole('row')
    assert.equal(await rows.count(), answer.results.length + 1)
    const first = answer.results[0]!
    const cells = await rows.nth(1).getByRole('cell').allInnerTexts()
    assert.ok(cells[1]!.includes(String(first.account_name)), cells[1])
    assert.ok(cells[1]!.includes(String(first.domain)), cells[1])
    assert.equal(cells[2], String(first.location))
    assert.equal(cells[3], 'Software & Cloud')

    const applied = page.getByRole('list', { name: 'Filters applied' })
    assert.match(await text(applied), /industry\s+Software & Cloud · set by you/)
    assert.match(await text(applied), /employee count\s+at least 50 · set by you/)
    assert.match(await text(page.getByRole('list', { name: 'Search plan' })), /mode\s+fast/)
    await page.getByText('Raw resolved_search').click()
    assert.deepEqual(JSON.parse(await text(page.getByLabel('Resolved search'))), answer.resolved_search)
    await shot('results')
    await page.getByText('Raw resolved_search').click()
  })

  test('two selected rows go to a new list, as the lists API shows', async () => {
    await newMinute()
    const boxes = results().getByRole('checkbox')
    await boxes.nth(0).check()
    await boxes.nth(1).check()
    assert.equal(await text(page.getByTestId('selected-count')), '2 selected')
    const form = page.getByRole('form', { name: 'Add the selected rows to a list' })
    await form.getByLabel(/Save 2 selected to/).selectOption({ label: 'A new list…' })
    await form.getByLabel('New list name').fill('Playground picks')
    await shot('add-to-list')
    await form.getByRole('button', { name: 'Add 2 to list' }).click()
    await form.getByText('Added 2 to Playground picks.').waitFor()

    const lists = await sessionGet<{ lists: { id: string; name: string; item_count: number }[] }>('/v1/lists')
    const list = lists.body.lists.find((l) => l.name === 'Playground picks')
    assert.ok(list, 'the new list exists')
    assert.equal(list.item_count, 2)
    const items = await sessionGet<{ items: { entity_category: string; entity_id: string }[] }>(
      `/v1/lists/${list.id}/items`,
    )
    assert.equal(items.status, 200)
    assert.deepEqual(
      items.body.items.map((i) => `${i.entity_category}:${i.entity_id}`).sort(),
      answer.results
        .slice(0, 2)
        .map((r) => `company:${String(r.domain)}`)
        .sort(),
    )
  })

  test('Download CSV writes the selected rows, else the page, with the company columns only', async () => {
    const downloaded = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ])
      assert.match(download.suggestedFilename(), /\.csv$/)
      return readFileSync(await download.path(), 'utf8')
        .split('\r\n')
        .filter(Boolean)
    }
    // A company file has no person columns (title, employer, profile_url).
    const header = '"id","category","name","location","industry","domain","score"'
    // The two rows the list took are still selected: the file holds them, in page order.
    assert.equal(await text(page.getByTestId('selected-count')), '2 selected')
    const selected = await downloaded()
    assert.equal(selected[0], header)
    assert.deepEqual(
      selected.slice(1).map((l) => l.split('","')[0]!.slice(1)),
      answer.results.slice(0, 2).map((r) => String(r.id)),
    )
    // None selected: every row of the page.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
    await page.getByRole('checkbox', { name: 'Select all on this page' }).uncheck()
    assert.equal(await text(page.getByTestId('selected-count')), '0 selected')
    const lines = await downloaded()
    assert.equal(lines[0], header)
    assert.equal(lines.length, answer.results.length + 1)
    const first = answer.results[0]!
    // "Austin, Texas, United States" stays one field: quoted, its commas inside.
    assert.ok(lines[1]!.startsWith(`"${String(first.id)}","company","${String(first.account_name)}",`), lines[1])
    assert.ok(lines[1]!.includes(`"${String(first.location)}","Software & Cloud"`), lines[1])
    await shot('download-csv')
  })

  test('copy as curl and TypeScript: the exact request body, the key as a placeholder', async () => {
    await page.getByText('Copy as curl / TypeScript').click()
    await page.getByRole('button', { name: 'Copy as curl' }).click()
    await page.getByText('Copied to the clipboard.').waitFor()
    const curl = await page.evaluate(() => navigator.clipboard.readText())
    assert.ok(curl.startsWith(`curl -sS -X POST '${api.url}/v1/search'`), curl)
    assert.ok(curl.includes('-H "X-API-Key: $DSP_API_KEY"'), curl)
    const body = /-d '([\s\S]*)'$/.exec(curl)?.[1]
    assert.ok(body, curl)
    assert.deepEqual(JSON.parse(body), sent)
    await shot('copy-as-curl')

    await page.getByRole('radio', { name: /TypeScript/ }).check()
    await page.getByRole('button', { name: 'Copy as TypeScript' }).click()
    await eventually(
      'TypeScript on the clipboard',
      () => page.evaluate(() => navigator.clipboard.readText()),
      (t) => t.includes('dsp.search('),
    )
    const ts = await page.evaluate(() => navigator.clipboard.readText())
    assert.ok(ts.includes("import { createDspClient } from '@data-platform/sdk'"), ts)
    assert.ok(ts.includes('apiKey: process.env.DSP_API_KEY!'), ts)
    assert.deepEqual(JSON.parse(/dsp\.search\(([\s\S]*)\)\n/.exec(ts)?.[1] ?? 'null'), sent)
  })

  test('a people example: title and employer, and the filters the parser read', async () => {
    await newMinute()
    await searched(() => page.getByRole('button', { name: /Engineers in Germany/ }).click())
    assert.equal(sent.category, 'person')
    assert.equal(sent.mode, 'auto')
    assert.ok(answer.results.length > 0)
    const headers = await results().getByRole('columnheader').allInnerTexts()
    assert.ok(headers.includes('Title · employer · department'), headers.join('|'))
    assert.ok(headers.includes('Industry'), headers.join('|'))
    const first = answer.results[0]!
    const cells = await results().getByRole('row').nth(1).getByRole('cell').allInnerTexts()
    assert.ok(cells[1]!.includes(String(first.name)), cells[1])
    const employer = first.current_employer as { company: string; industry: string | null }
    assert.ok(cells[2]!.includes(String(first.title)) && cells[2]!.includes(employer.company), cells[2])
    assert.ok(cells[2]!.includes(String(first.department)), cells[2])
    assert.match(cells[3]!, /Germany/)
    // The industry column is the employer's industry, not the person's department.
    assert.ok(employer.industry, 'a demo person carries current_employer.industry')
    assert.equal(cells[4], employer.industry)
    assert.notEqual(cells[4], first.department)
    const applied = page.getByRole('list', { name: 'Filters applied' })
    assert.match(await text(applied), /geo\s+Germany \(country\) · read by the parser/)
    await shot('people-example')
    await page.setViewportSize({ width: 390, height: 844 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 1, `the playground scrolls sideways by ${overflow}px on a phone`)
    await shot('people-example-phone')
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  test('agent-run rows read like search rows: name, location, industry', async () => {
    await newMinute()
    await page.getByRole('tab', { name: 'Agent runs' }).click()
    await page.getByLabel('What should the agent find?').fill('Software companies in Germany')
    await page.getByLabel('Each row is a').selectOption('company')
    await page.getByLabel('Effort').selectOption('minimal')
    await page.getByRole('button', { name: 'Start run' }).click()
    // The started run opens on its own page (pages/runs.tsx; test/browser/run-view.test.ts).
    await page.waitForURL(/\/dashboard\/runs\/run_/)
    assert.equal(await runEnded(), 'completed')
    const rows = page.getByRole('region', { name: 'Agent run rows' })
    await rows.waitFor()
    const headers = await rows.getByRole('columnheader').allInnerTexts()
    for (const h of ['Name', 'Location', 'Industry']) assert.ok(headers.includes(h), `${h} in ${headers.join('|')}`)
    const cells = await rows.getByRole('row').nth(1).getByRole('cell').allInnerTexts()
    const [name, domain] = cells[1]!.split('\n')
    assert.notEqual(name, domain, "the name is the record's name, not its id")
    assert.match(cells[2]!, /Germany/)
    assert.notEqual(cells[3], '—')
    await shot('agent-run-rows')
  })

  test("agent-run person rows show the employer's industry", async () => {
    await newMinute()
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Playground' }).click()
    await page.getByRole('tab', { name: 'Agent runs' }).click()
    await page.getByLabel('What should the agent find?').fill('Engineers in Germany')
    await page.getByLabel('Each row is a').selectOption('person')
    await page.getByLabel('Effort').selectOption('minimal')
    const [started] = await Promise.all([
      page.waitForResponse((r: Response) => r.url().endsWith('/v1/agents/runs') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Start run' }).click(),
    ])
    assert.equal(started.status(), 202, await started.text())
    const runId = ((await started.json()) as { run_id: string }).run_id
    // The run's page reads its rows once it has completed.
    const shownRows = page.waitForResponse((r: Response) => r.url().includes(`/v1/agents/runs/${runId}/results`), {
      timeout: 90_000,
    })
    await page.waitForURL(new RegExp(`/dashboard/runs/${runId}$`))
    assert.equal(await runEnded(), 'completed')
    const shown = await shownRows
    const answered = (await shown.json()) as { results: { record: Record<string, unknown> }[] }
    assert.ok(answered.results.length > 0, 'the run found engineers in Germany')
    const rows = page.getByRole('region', { name: 'Agent run rows' })
    await rows.waitFor()
    const first = answered.results[0]!.record
    const employer = first.current_employer as { company: string; industry: string | null }
    assert.ok(employer.industry, 'an agent-run person row carries current_employer.industry')
    const cells = await rows.getByRole('row').nth(1).getByRole('cell').allInnerTexts()
    assert.ok(cells[1]!.includes(String(first.name)), cells[1])
    assert.ok(cells[2]!.includes(employer.company), cells[2])
    assert.equal(cells[4], employer.industry)
    await shot('agent-run-person-rows')
  })

  test('no console errors, page errors or 5xx answers along the way', () => {
    assert.deepEqual(problems, [])
  })
})
