// Configuration (STYLE §4): defaults, a bad value names the variable, the CLI exits 2 on it.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { ConfigError, loadConfig } from '../../src/config.ts'

test('defaults apply when the environment is empty', () => {
  const c = loadConfig({})
  assert.equal(c.DSP_DATA_DIR, './data')
  assert.equal(c.DSP_PORT, 8080)
  assert.equal(c.DSP_TEST_CLOCK, '0')
  assert.equal(c.DATABASE_URL, undefined)
})

test('numbers are converted from strings', () => {
  assert.equal(loadConfig({ DSP_PORT: '9090' }).DSP_PORT, 9090)
})

test('a bad value throws a ConfigError naming the variable', () => {
  for (const [name, value] of [['DSP_PORT', 'eighty'], ['DATABASE_URL', 'mysql://x'], ['DSP_ADMIN_TOKEN', 'short'], ['DSP_TEST_CLOCK', 'yes']] as const) {
    assert.throws(() => loadConfig({ [name]: value }), (e: unknown) => e instanceof ConfigError && e.message.startsWith(`${name}:`), name)
  }
})

test('dsp exits with code 2 and one line naming the variable on a bad value', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'migrate'], { env: { ...process.env, DSP_PORT: 'eighty' }, encoding: 'utf8' })
  assert.equal(r.status, 2, r.stderr)
  const lines = r.stderr.trim().split('\n')
  assert.equal(lines.length, 1, r.stderr)
  assert.match(lines[0]!, /DSP_PORT/)
})
