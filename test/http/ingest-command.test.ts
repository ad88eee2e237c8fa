// `dsp ingest` is a command, not a server (issue 26 item 7; docs/performance-startup.md, ingest start-up):
// it opens the store through openDeps (src/deps.ts) and does not load the HTTP server's modules
// (Fastify, its plugins, the routes), which is what keeps its start-up short. Checked on the process
// itself: the modules it resolves, recorded by a preloaded resolve hook.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { processData, runDsp } from '../support/process.ts'

const companies = [
  { domain: 'command-one.example', account_name: 'Command One' },
  { domain: 'command-two.example', account_name: 'Command Two' },
]

test('dsp ingest loads no HTTP server', { timeout: 120_000 }, async () => {
  const data = await processData()
  try {
    const dir = data.env.DSP_DATA_DIR!
    const file = path.join(dir, 'companies.jsonl')
    writeFileSync(file, companies.map((c) => JSON.stringify(c)).join('\n') + '\n')
    const modules = path.join(dir, 'modules.txt')
    writeFileSync(modules, '')
    const recorder = path.resolve('test/support/module-recorder.mjs')
    const run = await runDsp(['ingest', '--category', 'company', file], {
      ...data.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${recorder}`.trim(),
      DSP_TEST_MODULES_FILE: modules,
    })
    assert.equal(run.code, 0, run.err)
    assert.match(run.out, /inserted 2 /)

    const loaded = readFileSync(modules, 'utf8').split('\n').filter(Boolean)
    // The recorder saw the command's own modules: the checks below are about a real module list.
    assert.ok(
      loaded.some((u) => u.endsWith('/src/deps.ts')),
      `the recorder saw no src/deps.ts among ${loaded.length} modules`,
    )
    assert.ok(
      loaded.some((u) => u.endsWith('/src/domain/corpus/ingest.ts')),
      'the recorder saw no src/domain/corpus/ingest.ts',
    )
    const server = loaded.filter(
      (u) => /\/node_modules\/(fastify|@fastify\/[^/]+)\//.test(u) || /\/src\/(app|http\/[^/]+)\.ts$/.test(u),
    )
    assert.deepEqual(server, [], 'dsp ingest loaded the HTTP server')
  } finally {
    await data.drop()
  }
})
