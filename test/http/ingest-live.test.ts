// Live ingest (issue 26 item 6; docs/ingest-operations.md §4): a running `dsp serve` finds records written
// by `dsp ingest` (a child process) and by its own admin route without a restart; `dsp ingest
// --replace` and `dsp delete` from the command line take records away from its searches. Embedded:
// the commands find the server in DSP_DATA_DIR/server.json and write through it, and every other
// command refuses the data dir while it runs. PostgreSQL: the commands write the store themselves
// and the server hears of it (LISTEN dsp_corpus_changed).
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { processData, runDsp as dsp, startProcess, type ProcessData, type ServerProcess } from '../support/process.ts'
import { ADMIN_TOKEN } from '../support/server.ts'

let data: ProcessData | null = null
let proc: ServerProcess | null = null
const dir = mkdtempSync(path.join(tmpdir(), 'dsp-live-'))
after(async () => {
  await proc?.stop()
  await data?.drop()
  rmSync(dir, { recursive: true, force: true })
})

const file = (name: string, records: unknown[]) => {
  const f = path.join(dir, name)
  writeFileSync(f, records.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return f
}

async function names(api: ServerProcess, key: string, query: string): Promise<string[]> {
  const res = await api.post('/v1/search', { key, body: { query, mode: 'fast', category: 'company', limit: 10 } })
  expectStatus(res, 200)
  return (res.body.results as { account_name: string }[]).map((r) => r.account_name).sort()
}

/** Polls the server's search until it answers `expected` (a bound, not a timed assertion). */
async function until(api: ServerProcess, key: string, query: string, expected: string[]): Promise<void> {
  let last: string[] = []
  for (let i = 0; i < 120; i++) {
    last = await names(api, key, query)
    if (JSON.stringify(last) === JSON.stringify([...expected].sort())) return
    await new Promise((r) => setTimeout(r, 250))
  }
  assert.deepEqual(last, [...expected].sort(), `search "${query}" never answered the expected records`)
}

const company = (n: number) => ({
  account_name: `Zephyrquill Robotics ${n}`,
  source_id: `crm:${n}`,
  description: 'zephyrquill warehouse robots and drones',
  country: 'Germany',
})

test(
  'a running server finds what dsp ingest and its admin route write, and loses what --replace and dsp delete remove',
  { timeout: 900_000 },
  async () => {
    data = await processData()
    const embedded = !data.env.DATABASE_URL
    proc = await startProcess(data)
    const api = proc
    const serverFile = path.join(data.env.DSP_DATA_DIR!, 'server.json')
    assert.ok(existsSync(serverFile), 'dsp serve names itself in DSP_DATA_DIR/server.json')
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    assert.deepEqual(await names(api, key, 'zephyrquill'), [])

    // dsp ingest, another process, while the server runs.
    const first = await dsp(['ingest', '--category', 'company', file('first.jsonl', [1, 2, 3].map(company))], data.env)
    assert.equal(first.code, 0, first.err)
    assert.match(first.out, /inserted 3 /)
    if (embedded) assert.match(first.err, /writing through the server at http/)
    await until(api, key, 'zephyrquill', ['Zephyrquill Robotics 1', 'Zephyrquill Robotics 2', 'Zephyrquill Robotics 3'])

    // The admin route of the same server.
    const route = await api.request('POST', '/admin/v1/corpus/company', {
      rawBody: JSON.stringify(company(4)) + '\n',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    })
    expectStatus(route, 200)
    assert.equal(route.body.inserted, 1)
    await until(
      api,
      key,
      'zephyrquill',
      [1, 2, 3, 4].map((n) => `Zephyrquill Robotics ${n}`),
    )

    // --replace: the source crm no longer sends 2 and 4. A dry run says so and removes nothing.
    const replaceFile = file('replace.jsonl', [1, 3].map(company))
    const dry = await dsp(
      ['ingest', '--category', 'company', '--replace', '--dry-run', '--json', replaceFile],
      data.env,
    )
    assert.equal(dry.code, 0, dry.err)
    const drySummary = JSON.parse(dry.out) as {
      replaced: { sources: string[]; removed: number; removed_ids: string[] }
    }
    assert.deepEqual(drySummary.replaced.sources, ['crm'])
    assert.equal(drySummary.replaced.removed, 2)
    assert.deepEqual(drySummary.replaced.removed_ids, ['crm:2', 'crm:4'])
    assert.equal((await names(api, key, 'zephyrquill')).length, 4)
    const replaced = await dsp(['ingest', '--category', 'company', '--replace', replaceFile], data.env)
    assert.equal(replaced.code, 0, replaced.err)
    assert.match(replaced.out, /unchanged 2 /)
    assert.match(replaced.out, /replace crm: removed 2 record\(s\) the input no longer sends \(crm:2, crm:4\)/)
    await until(api, key, 'zephyrquill', ['Zephyrquill Robotics 1', 'Zephyrquill Robotics 3'])

    // dsp delete, another process.
    const deleted = await dsp(['delete', '--category', 'company', 'crm:3'], data.env)
    assert.equal(deleted.code, 0, deleted.err)
    assert.match(deleted.out, /deleted 1/)
    await until(api, key, 'zephyrquill', ['Zephyrquill Robotics 1'])

    if (embedded) {
      // Without the admin token the command cannot write through the server, and does not open the store itself.
      const noToken = await dsp(['ingest', '--category', 'company', replaceFile], {
        ...data.env,
        DSP_ADMIN_TOKEN: undefined,
      })
      assert.equal(noToken.code, 2)
      assert.match(noToken.err, /held by the running server at http.*set DSP_ADMIN_TOKEN/)
      // Any other command that would open the embedded store refuses it while the server runs.
      const seed = await dsp(['demo', 'seed'], data.env)
      assert.notEqual(seed.code, 0)
      assert.match(seed.err, /is held by the running server at http/)
    }

    // A stopped server takes its file away; a file left by a killed one (a pid that is gone) is ignored.
    await proc.stop()
    proc = null
    assert.ok(!existsSync(serverFile), 'server.json is removed when the server stops')
    writeFileSync(serverFile, JSON.stringify({ url: 'http://127.0.0.1:9', pid: 2 ** 22 + 12345, store: 'embedded' }))
    const offline = await dsp(['ingest', '--category', 'company', file('offline.jsonl', [company(5)])], data.env)
    assert.equal(offline.code, 0, offline.err)
    assert.match(offline.out, /inserted 1 /)
    assert.doesNotMatch(offline.err, /writing through the server/)
  },
)
