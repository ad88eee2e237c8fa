// The README run as written (issue 38 items 4 and 6): in a directory laid out like a clone (its
// package.json, node_modules, src, bin and dist linked), the server `npm start` starts
// (`node bin/dsp.js serve --demo`: the default data dir ./data, no DSP_ADMIN_TOKEN), then the
// "Load your own data" section's files and commands, parsed from README.md (dsp ingest through the
// running server, on the section's CSV files and on the real S&P 500 file; the curl calls with the
// printed test key), and the SDK snippet of "Use it from code". A restart on the same data dir
// prints the same keys and login, and they still work. The one change made to a command: the
// README's port (8080, DSP_PORT's default) becomes the free port this test's server listens on.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { loadConfig } from '../../src/config.ts'
import { HttpClient } from '../support/http.ts'
import { freshPostgresDatabase } from '../support/server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
const SP500 = path.resolve(ROOT, '../shared/datasets/sp500-companies/constituents.csv')
const CEOS = path.resolve(ROOT, '../shared/datasets/wikidata-ceos/ceo_person_organisation_relations.csv')

/** The README's text from a `## ` heading to the next one. */
function section(heading: string): string {
  const start = README.indexOf(`\n## ${heading}`)
  assert.ok(start >= 0, `README.md has no section "${heading}"`)
  const end = README.indexOf('\n## ', start + 4)
  return README.slice(start, end < 0 ? undefined : end)
}

interface Block {
  lang: string
  body: string
  /** The prose between the previous block and this one. */
  before: string
}

function blocks(text: string): Block[] {
  const out: Block[] = []
  let last = 0
  for (const m of text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)) {
    out.push({ lang: m[1]!, body: m[2]!, before: text.slice(last, m.index) })
    last = m.index + m[0].length
  }
  return out
}

/** Shell commands of a block: continuation lines joined, comments and blank lines left out. */
function commands(body: string): string[] {
  return body
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const clone = mkdtempSync(path.join(tmpdir(), 'dsp-readme-'))
for (const f of ['package.json', 'node_modules', 'src', 'bin', 'dist', 'dashboard', 'packages', 'tsconfig.json'])
  if (existsSync(path.join(ROOT, f))) symlinkSync(path.join(ROOT, f), path.join(clone, f))

// The environment of a new terminal: none of the test run's DSP_ settings but the store's deadlines
// (a loaded machine may set them longer).
const env: Record<string, string> = {}
for (const [k, v] of Object.entries(process.env))
  if (
    v !== undefined &&
    (!k.startsWith('DSP_') || /^DSP_STORE_\w+_TIMEOUT_MS$/.test(k)) &&
    !['DATABASE_URL', 'REDIS_URL'].includes(k)
  )
    env[k] = v
env.DSP_LOG_LEVEL = 'warn'
let dropDb: (() => Promise<void>) | null = null
let server: ChildProcess | null = null

after(async () => {
  await stopServer()
  await dropDb?.()
  rmSync(clone, { recursive: true, force: true })
})

interface Started {
  api: HttpClient
  out: string
  testKey: string
  liveKey: string
  login: { email: string; password: string }
}

/** `npm start`'s command in the clone; resolves with what it printed once it says Ready. */
async function startServer(): Promise<Started> {
  const child = spawn(process.execPath, ['bin/dsp.js', 'serve', '--demo'], {
    cwd: clone,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server = child
  let out = ''
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start was not ready in 600 s: ${out}\n${err}`)), 600_000)
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (/^Ready\.$/m.test(out)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`npm start exited with ${code}: ${out}\n${err}`))
    })
  })
  const field = (re: RegExp) => {
    const m = re.exec(out)
    assert.ok(m, `npm start printed no ${re}: ${out}`)
    return m
  }
  const login = field(/dashboard login\s+(\S+) \/ (\S+)/)
  return {
    api: new HttpClient(field(/listening on (http:\/\/\S+)/)[1]!),
    out,
    testKey: field(/test key \(costs nothing\)\s+(sk_dsp_test_\S+)/)[1]!,
    liveKey: field(/live key \(charged\)\s+(sk_dsp_live_\S+)/)[1]!,
    login: { email: login[1]!, password: login[2]! },
  }
}

async function stopServer() {
  const child = server
  server = null
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Runs one README command in the clone, as a shell would. */
function sh(
  command: string,
  extra: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], {
      cwd: clone,
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.once('exit', (code) => resolve({ code, out, err }))
  })
}

test('the README says the port the server listens on', () => {
  assert.equal(loadConfig({}).DSP_PORT, 8080)
  assert.doesNotMatch(README, /localhost:3000|127\.0\.0\.1:3000/)
  // The API's addresses (http:// or bare), not PostgreSQL's or Redis's.
  for (const m of README.matchAll(/(?:^|[\s'"(])(?:https?:\/\/)?(?:localhost|127\.0\.0\.1):(\d+)/gm))
    assert.equal(m[1], '8080', m[0])
})

test(
  'npm start, then the README: load your own data and the SDK snippet; a restart keeps the keys and the login',
  { timeout: 1_500_000 },
  async () => {
    const port = await freePort()
    env.DSP_PORT = String(port)
    if (process.env.DSP_TEST_DATABASE_URL) {
      const db = await freshPostgresDatabase(process.env.DSP_TEST_DATABASE_URL)
      env.DATABASE_URL = db.url
      dropDb = db.drop
      if (process.env.DSP_TEST_REDIS_URL) env.REDIS_URL = process.env.DSP_TEST_REDIS_URL
    }
    const embedded = !env.DATABASE_URL
    const first = await startServer()
    // npm start says how to load data, and the command it names works as printed (below, from the README).
    assert.match(
      first.out,
      /Load your own data \(another terminal, same directory\): npm run dsp -- ingest --category company companies\.csv/,
    )
    const serverFile = path.join(clone, 'data', 'server.json')
    if (embedded) {
      assert.equal(statSync(serverFile).mode & 0o777, 0o600, 'server.json holds the session admin token: owner only')
      assert.ok(JSON.parse(readFileSync(serverFile, 'utf8')).admin_token.length >= 32)
    }
    assert.equal(statSync(path.join(clone, 'data', 'demo.json')).mode & 0o777, 0o600)

    // The section's files, as the README shows them.
    const load = blocks(section('Load your own data'))
    const csv = load.filter((b) => b.lang === 'csv')
    assert.equal(csv.length, 2)
    for (const b of csv) {
      const name = [...b.before.matchAll(/`([\w-]+\.csv)`/g)].at(-1)?.[1]
      assert.ok(name, `no file name before the block ${b.body.slice(0, 40)}`)
      writeFileSync(path.join(clone, name), b.body)
    }
    if (existsSync(SP500)) copyFileSync(SP500, path.join(clone, 'constituents.csv'))
    if (existsSync(CEOS)) copyFileSync(CEOS, path.join(clone, 'ceo_person_organisation_relations.csv'))

    const KEY = first.testKey
    const ran: { command: string; code: number | null; out: string; err: string }[] = []
    for (const b of load.filter((x) => x.lang === 'sh'))
      for (const written of commands(b.body)) {
        if (written.includes('constituents.csv') && !existsSync(SP500)) continue
        if (written.includes('ceo_person_organisation_relations.csv') && !existsSync(CEOS)) continue
        const command = written.replaceAll('localhost:8080', `localhost:${port}`)
        let r = await sh(command, { KEY })
        // A search or lookup right after an ingest may run before the server has the records: the README says "within seconds".
        for (let i = 0; command.startsWith('curl') && i < 60 && !answered(command, r.out); i++) {
          await new Promise((resolve) => setTimeout(resolve, 500))
          r = await sh(command, { KEY })
        }
        ran.push({ command: written, ...r })
      }
    const find = (part: string) => {
      const r = ran.find((x) => x.command.includes(part))
      assert.ok(r, `the README runs no command with ${part}`)
      return r
    }
    for (const file of ['companies.csv', 'people.csv']) {
      const r = find(`ingest --category ${file === 'people.csv' ? 'person' : 'company'} ${file}`)
      assert.equal(r.code, 0, `${r.command}\n${r.out}\n${r.err}`)
      assert.match(r.out, /inserted 9 /)
      if (embedded) assert.match(r.err, /writing through the server at http:\/\/127\.0\.0\.1:\d+ \(server\.json\)/)
    }
    if (existsSync(SP500)) {
      const r = find('constituents.csv')
      // As the README says: a founding year with a note is read as its first year, with a warning,
      // and the three second share classes (the same CIK) are duplicates, so the exit code is 1.
      assert.match(r.out, /inserted 500 .* duplicate 3 .* rejected 0 .* warned 38 /, `${r.command}\n${r.out}\n${r.err}`)
      const lookup = await first.api.post('/v1/entities/companies', {
        key: KEY,
        body: { ids: ['Zoetis', 'Ameriprise Financial'], by: 'name' },
      })
      assert.equal(lookup.status, 200, JSON.stringify(lookup.body))
      assert.deepEqual(
        lookup.body.results.map((x: { found: boolean }) => x.found),
        [true, true],
      )
    }
    if (existsSync(CEOS)) {
      // One row per relation: gathered into one person per key, none reported as a duplicate.
      const r = find('ceo_person_organisation_relations.csv')
      assert.equal(r.code, 0, `${r.command}\n${r.out}\n${r.err}`)
      assert.match(r.out, /inserted 1,?854 /)
      assert.match(r.out, /duplicate 0 /)
    }
    const json = (part: string) => {
      const r = find(part)
      assert.equal(r.code, 0, r.err)
      return JSON.parse(r.out)
    }
    const search = json('/v1/search')
    assert.ok(search.results.length > 0, JSON.stringify(search))
    const lookup = json('/v1/entities/companies')
    assert.deepEqual(
      lookup.results.map((x: { found: boolean; matches: { account_name: string }[] }) => [
        x.found,
        x.matches[0]?.account_name,
      ]),
      [
        [true, 'Umbrella Labs'],
        [true, 'Globex'],
      ],
    )
    const chart = json('/v1/org-chart')
    assert.deepEqual(chart.department_totals, { Engineering: 2 })
    const rel = json('/v1/relationships')
    assert.equal(rel.connection_basis, 'overlapping')
    assert.deepEqual(
      rel.results.map((r: { name: string }) => r.name),
      ['Ada Quill'],
    )

    // The SDK snippet, after npm ci (the build made packages/sdk/dist), with the live key.
    const snippet = blocks(section('Use it from code and from AI agents')).find((b) => b.lang === 'ts')
    assert.ok(snippet)
    writeFileSync(path.join(clone, 'snippet.ts'), snippet.body.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`))
    const sdk = await sh(`node --import tsx snippet.ts`, { DSP_API_KEY: first.liveKey })
    assert.equal(sdk.code, 0, sdk.err)
    const rows = sdk.out
      .trim()
      .split('\n')
      .map((l) => l.split(' '))
    assert.ok(rows.length >= 3, sdk.out)
    const scores = rows.map((r) => Number(r[1]))
    for (const s of scores) assert.ok(s > 0 && s <= 1, sdk.out)
    assert.ok(new Set(scores).size > 1, `every row printed the same score:\n${sdk.out}`)
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'rows come best first',
    )

    // A restart on the same data dir: the same keys and login, still valid.
    await stopServer()
    const second = await startServer()
    assert.equal(second.testKey, first.testKey)
    assert.equal(second.liveKey, first.liveKey)
    assert.deepEqual(second.login, first.login)
    for (const key of [second.testKey, second.liveKey])
      assert.equal((await second.api.get('/v1/credits', { key })).status, 200)
    const signIn = await second.api.post('/v1/auth/sign-in', { body: second.login })
    assert.equal(signIn.status, 200, JSON.stringify(signIn.body))
    // And the ingest command works against the restarted server (a new session token).
    const again = await sh('npm run dsp -- ingest --category company companies.csv')
    assert.equal(again.code, 0, again.err)
    assert.match(again.out, /unchanged 9 /)
  },
)

/** Whether a curl's answer is the one the README shows (records ingested a moment ago are there). */
function answered(command: string, out: string): boolean {
  try {
    const body = JSON.parse(out)
    if (command.includes('/v1/entities/companies')) return body.results?.every((r: { found: boolean }) => r.found)
    if (command.includes('/v1/org-chart')) return body.department_totals?.Engineering === 2
    if (command.includes('/v1/relationships')) return body.total === 1
    return Array.isArray(body.results) && body.results.length > 0
  } catch {
    return false
  }
}
