// Headless Debian Chromium driven by playwright-core, for the test/browser suites: where Chromium
// is, the flags this closed network needs, the dashboard built when missing, one page whose console
// errors, page errors and 5xx answers are collected, and numbered full-page screenshots.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'
/** The `skip` option of a browser suite: the suite skips where Debian's chromium is absent. */
export const chromiumMissing: string | false = existsSync(CHROMIUM)
  ? false
  : `Debian chromium is not installed at ${CHROMIUM}`
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const DIST_INDEX = path.resolve('dashboard', 'dist', 'index.html')

/** Polls until `ok` holds (playwright-core has no `expect`). */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs
  let last: T = await read()
  while (!ok(last)) {
    if (Date.now() > end) assert.fail(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
    last = await read()
  }
  return last
}

export interface Browser {
  context: BrowserContext
  page: Page
  /** Console errors and warnings not expected, page errors, 5xx answers: a suite asserts it is empty. */
  problems: string[]
  /** A PNG of the whole page (or of the window only) as <artifacts>/NN-<name>.png. */
  shot(name: string, fullPage?: boolean): Promise<void>
  close(): Promise<void>
}

/**
 * Builds the dashboard if it is not built, empties `artifacts`, and opens Chromium on a new profile
 * with one page. `expectedConsole` matches console lines that are not problems (Chromium logs every
 * non-2xx fetch, such as the session probe's 401 before sign-in).
 */
export async function openBrowser(opts: {
  artifacts: string
  expectedConsole: RegExp
  acceptDownloads?: boolean
}): Promise<Browser> {
  if (!existsSync(DIST_INDEX)) {
    const built = spawnSync(
      process.execPath,
      [path.resolve('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'dashboard/vite.config.ts'],
      { stdio: 'inherit' },
    )
    assert.equal(built.status, 0, 'the dashboard build failed')
  }
  rmSync(opts.artifacts, { recursive: true, force: true })
  mkdirSync(opts.artifacts, { recursive: true })
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'dsp-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: opts.acceptDownloads ?? false,
  })
  const page = context.pages()[0] ?? (await context.newPage())
  page.setDefaultTimeout(20_000)
  const problems: string[] = []
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !opts.expectedConsole.test(m.text()))
      problems.push(`console ${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} from ${r.request().method()} ${r.url()}`)
  })
  let shots = 0
  return {
    context,
    page,
    problems,
    async shot(name, fullPage = true) {
      shots += 1
      await page.screenshot({
        path: path.join(opts.artifacts, `${String(shots).padStart(2, '0')}-${name}.png`),
        fullPage,
      })
    },
    async close() {
      await context.close()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}
