// The agent run page in a real browser (headless Debian Chromium via playwright-core, the real
// server with the demo corpus): the runs page's empty state, a run started from its form with
// criteria and enrichment columns, its progress read as a timeline (plan, each search, rows so
// far, the end) and each criterion's pass rate, the rows with name, place, industry, the
// enrichment columns and each criterion's verdict with its evidence on hover, the CSV (every row:
// enrichments, verdicts and evidence), two rows saved to a new list (checked through the lists
// API), the run in the runs list, and a phone-width check. Screenshots: test-artifacts/run-view/.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Locator, type Page } from 'playwright-core'
import { PASSWORD, uniqueEmail } from '../support/session.ts'
import { chromiumMissing, eventually, openBrowser, type Browser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const ARTIFACTS = path.resolve('test-artifacts', 'run-view')
const EXPECTED_CONSOLE = /Failed to load resource: the server responded with a status of 401/
const text = (l: Locator) => l.innerText()

interface ResultRow {
  id: string
  record: Record<string, unknown>
  enrichments: Record<string, unknown>
  criteria: { criterion: string; verdict?: string; passed: boolean; evidence: string | null }[]
}

describe('agent run page in headless Chromium', { skip: chromiumMissing }, () => {
  let api: TestServer
  let browser: Browser
  let page: Page
  let runId = ''
  let rows: ResultRow[] = []

  /** A GET as the signed-in session (the cookie goes with it). */
  const sessionGet = <T>(p: string) =>
    page.evaluate(async (url) => {
      const r = await fetch(url, { credentials: 'same-origin' })
      return { status: r.status, body: (await r.json()) as unknown }
    }, p) as Promise<{ status: number; body: T }>

  const table = () => page.getByRole('region', { name: 'Agent run rows' })

  before(async () => {
    // A cold retrieval engine (first embedding load) can exceed the suites' 500 ms test deadline.
    api = await startTestServer({ DSP_RETRIEVAL_TIMEOUT_MS: '30000' }, { demo: true })
    browser = await openBrowser({ artifacts: ARTIFACTS, expectedConsole: EXPECTED_CONSOLE, acceptDownloads: true })
    page = browser.page
    await page.goto(`${api.url}/dashboard/sign-up`)
    await page.getByLabel('Email').fill(uniqueEmail('runs'))
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor()
  })

  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('the runs page says what a run is and what to do first', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Agent runs' }).click()
    await page.getByRole('heading', { level: 1, name: 'Agent runs' }).waitFor()
    await page.getByTestId('runs-empty').waitFor()
    await browser.shot('runs-empty')
  })

  test('a run started from the form opens on its page and its progress reads as a timeline', async () => {
    await page.getByLabel('What should the agent find?').fill('Software companies in Germany')
    await page.getByLabel('Each row is a').selectOption('company')
    await page.getByLabel('Effort').selectOption('low')
    await page.getByLabel(/Criteria a row must meet/).fill('more than 50 employees\noffers cloud products')
    await page.getByLabel(/Columns to fill/).fill('headcount\nfounded\nceo')
    await browser.shot('start-form')
    await page.getByRole('button', { name: 'Start run' }).click()
    await page.waitForURL(/\/dashboard\/runs\/run_[a-z0-9]+$/)
    runId = decodeURIComponent(page.url().split('/').pop()!)
    await page.getByRole('heading', { level: 1, name: 'Agent run' }).waitFor()
    const status = await eventually(
      'run status',
      async () => ((await page.getByTestId('run-status').count()) ? text(page.getByTestId('run-status')) : ''),
      (s) => ['completed', 'failed', 'cancelled'].includes(s),
      90_000,
    )
    assert.equal(status, 'completed')

    const timeline = await text(page.getByRole('list', { name: 'Run progress' }))
    assert.match(timeline, /Queued/)
    assert.match(timeline, /Planned at low effort/)
    assert.match(timeline, /Up to 2 searches over 60 candidates/)
    assert.match(timeline, /“offers cloud products”: judged against each record’s text/)
    assert.match(timeline, /Search 1 of 2: the query/)
    assert.match(timeline, /rows? so far/)
    assert.match(timeline, /Filled the columns/)
    assert.match(timeline, /Completed/)
    assert.doesNotMatch(timeline, /\{"/, 'no raw JSON in the timeline')
    const filters = await page.getByRole('list', { name: 'Filters read from the query' }).innerText()
    assert.match(filters, /location: Germany/)

    const criteria = await text(page.getByRole('list', { name: 'Criteria progress' }))
    assert.match(criteria, /“more than 50 employees”\s+\d+ of \d+ passed \(\d+%\)/)
    assert.match(criteria, /“offers cloud products”\s+\d+ of \d+ passed/)
    // The raw events stay one click away.
    assert.match(await text(page.getByText(/^Raw events \(\d+\)$/)), /Raw events \(1\d\)/)
    await page.getByRole('heading', { name: 'Summary' }).waitFor()
  })

  test('rows: name, place, industry, the enrichment columns and each verdict with its evidence on hover', async () => {
    const answer = await sessionGet<{ results: ResultRow[] }>(`/v1/agents/runs/${runId}/results?limit=100`)
    rows = answer.body.results
    assert.ok(rows.length >= 2, `the run kept ${rows.length} rows`)
    await table().waitFor()
    const headers = await table().getByRole('columnheader').allInnerTexts()
    assert.deepEqual(headers.slice(0, 10), [
      'Select',
      'Name',
      'Location',
      'Industry',
      'headcount',
      'founded',
      'ceo',
      'more than 50 employees',
      'offers cloud products',
      'Filters',
    ])
    assert.equal(await page.getByTestId('run-rows').innerText(), String(rows.length))
    const first = rows[0]!
    const cells = await table().getByRole('row').nth(1).getByRole('cell').allInnerTexts()
    assert.ok(cells[1]!.startsWith(String(first.record.account_name)), cells[1])
    assert.match(cells[2]!, /Germany/)
    assert.equal(cells[3], first.record.industry)
    assert.equal(cells[4], String(first.enrichments.headcount))
    assert.equal(cells[5], String(first.enrichments.founded))
    assert.equal(cells[6], '—', 'an empty enrichment cell')

    const verdict = table().getByRole('row').nth(1).getByTestId('verdict').nth(1)
    const tip = verdict.getByRole('tooltip')
    assert.equal(await tip.isVisible(), false)
    await verdict.hover()
    await tip.waitFor({ state: 'visible' })
    assert.equal(await tip.innerText(), `Judged against the record’s text\nEvidence: ${first.criteria[1]!.evidence}`)
    assert.match(await text(verdict), /Met/)
    await browser.shot('rows-evidence-on-hover', false)
    await page.mouse.move(0, 0)
    // The keyboard shows it too.
    await verdict.focus()
    await tip.waitFor({ state: 'visible' })
    await verdict.blur()
    await browser.shot('run-page')
  })

  test('Download CSV writes every row with the enrichment columns and each verdict with its evidence', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table().page().getByRole('button', { name: 'Download CSV' }).click(),
    ])
    assert.equal(download.suggestedFilename(), `agent-run-${runId}.csv`)
    const lines = readFileSync(await download.path(), 'utf8')
      .split('\r\n')
      .filter(Boolean)
    assert.equal(
      lines[0],
      '"id","category","name","location","industry","domain","headcount","founded","ceo",' +
        '"more than 50 employees","more than 50 employees (evidence)","offers cloud products","offers cloud products (evidence)","score"',
    )
    assert.equal(lines.length, rows.length + 1)
    const first = rows[0]!
    const cells = lines[1]!.slice(1, -1).split('","')
    assert.equal(cells[0], first.id)
    assert.equal(cells[6], String(first.enrichments.headcount))
    assert.equal(cells[9], 'met')
    assert.equal(cells[10], first.criteria[0]!.evidence!.replace(/"/g, '""'))
  })

  test('two selected rows go to a new list, as the lists API shows', async () => {
    const boxes = table().getByRole('checkbox')
    await boxes.nth(0).check()
    await boxes.nth(1).check()
    assert.equal(await text(page.getByTestId('selected-count')), '2 selected')
    const form = page.getByRole('form', { name: 'Add the selected rows to a list' })
    await form.getByLabel(/Save 2 selected to/).selectOption({ label: 'A new list…' })
    await form.getByLabel('New list name').fill('Run picks')
    await form.getByRole('button', { name: 'Add 2 to list' }).click()
    await form.getByText('Added 2 to Run picks.').waitFor()
    const lists = await sessionGet<{ lists: { id: string; name: string; item_count: number }[] }>('/v1/lists')
    const list = lists.body.lists.find((l) => l.name === 'Run picks')
    assert.ok(list, 'the new list exists')
    const items = await sessionGet<{ items: { entity_category: string; entity_id: string }[] }>(
      `/v1/lists/${list.id}/items`,
    )
    assert.deepEqual(
      items.body.items.map((i) => `${i.entity_category}:${i.entity_id}`).sort(),
      rows
        .slice(0, 2)
        .map((r) => `company:${String(r.record.domain)}`)
        .sort(),
    )
  })

  test('the runs page lists the run with its status and opens it', async () => {
    await page.getByRole('link', { name: '← All agent runs' }).click()
    await page.getByRole('heading', { level: 1, name: 'Agent runs' }).waitFor()
    const listed = page.getByRole('region', { name: 'Agent runs' })
    const row = listed.getByRole('row').nth(1)
    assert.match(await text(row), /Software companies in Germany\s+completed/)
    await browser.shot('runs-list')
    await row.getByRole('link', { name: 'Software companies in Germany' }).click()
    await page.waitForURL(new RegExp(`/dashboard/runs/${runId}$`))
    await table().waitFor()
  })

  test('on a phone the page does not scroll sideways (the rows table scrolls in its box)', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 1, `the run page scrolls sideways by ${overflow}px on a phone`)
    await browser.shot('run-page-phone')
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  test('no console errors, page errors or 5xx answers along the way', () => {
    assert.deepEqual(browser.problems, [])
  })
})
