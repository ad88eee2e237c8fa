// The `dsp` command as an operator runs it (bin/dsp.js, a child process): --version, help that
// describes every command with its valid values, and settings read from ./.env.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { HELP_DEFAULT_SEED } from '../../src/cli/demo.ts'
import { DEFAULT_DEMO_SEED } from '../../src/corpus/demo/index.ts'
import { MEMBER_STATES, ROLES, SCOPES } from '../../src/domain/types.ts'
import { dependencies } from '../../src/faults.ts'

const BIN = path.resolve('bin/dsp.js')
const cwd = mkdtempSync(path.join(tmpdir(), 'dsp-cli-'))
after(() => rmSync(cwd, { recursive: true, force: true }))

/** Runs `dsp <args>` in a directory of its own (no .env unless a test writes one). */
function dsp(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Help text with commander's line wrapping undone, so a list of values reads as one line. */
const help = (args: string[]) => {
  const r = dsp([...args, '--help'])
  assert.equal(r.status, 0, r.stderr)
  return r.stdout.replace(/\n\s+/g, ' ')
}

describe('dsp --version and --help', () => {
  test('--version and -V print the package version', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
    for (const flag of ['--version', '-V']) {
      const r = dsp([flag])
      assert.equal(r.status, 0, r.stderr)
      assert.equal(r.stdout.trim(), version)
    }
  })

  test('every command and subcommand has a description', () => {
    const commands = [
      ['serve'],
      ['migrate'],
      ['worker'],
      ['demo'],
      ['demo', 'seed'],
      ['ingest'],
      ['admin'],
      ['admin', 'workspaces'],
      ['admin', 'workspaces', 'create'],
      ['admin', 'credits'],
      ['admin', 'keys'],
      ['admin', 'keys', 'create'],
      ['admin', 'keys', 'revoke'],
      ['admin', 'members'],
      ['admin', 'clock'],
      ['admin', 'clock', 'advance'],
      ['admin', 'clock', 'reset'],
      ['admin', 'faults'],
      ['admin', 'faults', 'set'],
      ['admin', 'faults', 'clear'],
    ]
    for (const c of commands) {
      const text = dsp([...c, '--help']).stdout
      // Usage line, blank line, then the description.
      const description = text.split('\n')[2] ?? ''
      assert.match(description, /^[A-Z]\w/, `dsp ${c.join(' ')} has no description:\n${text}`)
    }
    // The top level lists every command with its description.
    const top = help([])
    for (const c of ['serve', 'migrate', 'worker', 'demo', 'ingest', 'admin'])
      assert.match(top, new RegExp(`${c}\\b.*[A-Z]`))
  })

  test('options list their valid values and say which are required', () => {
    const members = help(['admin', 'members'])
    for (const v of [...ROLES, ...MEMBER_STATES]) assert.ok(members.includes(`"${v}"`), `members help lacks ${v}`)
    assert.match(members, /--state <state> .*\(required\)/)
    assert.match(members, /--email <email> .*\(required\)/)
    const keys = help(['admin', 'keys', 'create'])
    for (const s of SCOPES) assert.ok(keys.includes(s), `keys help lacks ${s}`)
    assert.match(keys, /--environment <env> .*\(required\).*"live", "test"/)
    const faults = help(['admin', 'faults', 'set'])
    for (const d of dependencies) assert.ok(faults.includes(`"${d}"`), `faults help lacks ${d}`)
    for (const m of ['down', 'slow', 'error']) assert.ok(faults.includes(`"${m}"`))
    assert.match(help(['admin', 'credits']), /"allocated", "shared"/)
  })

  test('invalid values are refused before anything is sent, naming the valid ones', () => {
    const r = dsp(['admin', 'members', 'ws_x', '--email', 'a@example.com', '--state', 'sleeping'])
    assert.equal(r.status, 1)
    assert.match(r.stderr, /Allowed choices are active, not_activated, invitation_pending, no_access/)
    const s = dsp([
      'admin',
      'keys',
      'create',
      'ws_x',
      '--environment',
      'test',
      '--scopes',
      'dsp.search.read,dsp.everything',
    ])
    assert.equal(s.status, 1)
    assert.match(s.stderr, /unknown scope dsp\.everything; valid: dsp\.search\.read/)
    const m = dsp(['admin', 'keys', 'create', 'ws_x'])
    assert.equal(m.status, 1)
    assert.match(m.stderr, /required option '--environment <env>' not specified/)
  })

  test('demo seed shows its default seed once, and it is the generator default', () => {
    assert.equal(HELP_DEFAULT_SEED, DEFAULT_DEMO_SEED)
    const text = help(['demo', 'seed'])
    const seedLine = /--seed <n>.*?(?=--json)/.exec(text)?.[0] ?? ''
    assert.equal(seedLine.match(/default/g)?.length, 1, seedLine)
    assert.ok(seedLine.includes(`default: ${DEFAULT_DEMO_SEED}`), seedLine)
  })
})

describe('.env', () => {
  test('settings are read from ./.env, and the environment wins over it', () => {
    writeFileSync(path.join(cwd, '.env'), '# a comment\nDSP_PORT=from-dotenv\n')
    try {
      const fromFile = dsp(['migrate'])
      assert.equal(fromFile.status, 2)
      assert.match(fromFile.stderr, /invalid configuration: DSP_PORT: .*"from-dotenv"/)
      const fromEnv = dsp(['migrate'], { DSP_PORT: 'from-environment' })
      assert.equal(fromEnv.status, 2)
      assert.match(fromEnv.stderr, /"from-environment"/)
    } finally {
      rmSync(path.join(cwd, '.env'))
    }
  })

  test('a .env that cannot be read stops the command with exit code 2', () => {
    mkdirSync(path.join(cwd, '.env'))
    try {
      const r = dsp(['migrate'])
      assert.equal(r.status, 2)
      assert.match(r.stderr, /cannot read \.env/)
    } finally {
      rmSync(path.join(cwd, '.env'), { recursive: true })
    }
  })
})

describe('bin/dsp.js: the compiled build when current, else the source through tsx', () => {
  /** A package tree of its own: bin/dsp.js, a stand-in dist/ and src/ that say which one ran. */
  function tree(opts: { dist: boolean; src: boolean; srcNewer?: boolean; nodeModules: boolean }) {
    const root = mkdtempSync(path.join(tmpdir(), 'dsp-bin-'))
    mkdirSync(path.join(root, 'bin'))
    writeFileSync(path.join(root, 'bin/dsp.js'), readFileSync(BIN))
    writeFileSync(path.join(root, 'package.json'), '{"type":"module"}')
    const old = new Date(Date.now() - 3_600_000)
    const recent = new Date()
    if (opts.dist) {
      mkdirSync(path.join(root, 'dist/cli'), { recursive: true })
      writeFileSync(path.join(root, 'dist/cli/main.js'), "console.log('compiled')\n")
      writeFileSync(path.join(root, 'dist/.build-stamp'), '')
      const stampTime = opts.srcNewer ? old : recent
      utimesSync(path.join(root, 'dist/.build-stamp'), stampTime, stampTime)
    }
    if (opts.src) {
      mkdirSync(path.join(root, 'src/cli'), { recursive: true })
      writeFileSync(path.join(root, 'src/cli/main.ts'), "const from: string = 'source'\nconsole.log(from)\n")
      const srcTime = opts.srcNewer ? recent : old
      utimesSync(path.join(root, 'src/cli/main.ts'), srcTime, srcTime)
    }
    if (opts.nodeModules) symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'))
    const r = spawnSync(process.execPath, [path.join(root, 'bin/dsp.js')], { encoding: 'utf8', timeout: 60_000 })
    rmSync(root, { recursive: true, force: true })
    return r
  }

  test('a current build runs from dist/', () => {
    assert.equal(tree({ dist: true, src: true, nodeModules: true }).stdout.trim(), 'compiled')
  })

  test('a packed install (no src/) runs from dist/ without tsx', () => {
    assert.equal(tree({ dist: true, src: false, nodeModules: false }).stdout.trim(), 'compiled')
  })

  test('a build older than src/ is not run: the source runs through tsx', () => {
    assert.equal(tree({ dist: true, src: true, srcNewer: true, nodeModules: true }).stdout.trim(), 'source')
  })

  test('no build and no tsx: exit code 1 and what to do', () => {
    const r = tree({ dist: false, src: true, nodeModules: false })
    assert.equal(r.status, 1)
    assert.match(r.stderr, /no build in dist\/ .*run `npm run build`/)
  })
})
