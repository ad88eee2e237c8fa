// Restarts (issue 39 item 5): `dsp serve` loads every category's vector index before /readyz says
// ready. A restart reads the index files under DSP_DATA_DIR/index (mapped and shared past
// DSP_VECTOR_MAP_MIN_VECTORS); a data dir without them builds them from the store's vectors,
// writes them, and is not ready meanwhile. Real child processes, on either store.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { after, describe, test } from 'node:test'
import { ENTITY_CATEGORIES } from '../../src/contract/records.ts'
import { terminateBackends } from '../support/backends.ts'
import { HttpClient } from '../support/http.ts'
import { DSP_SOURCE, processData, runDsp, spawnNode, startProcess, type ProcessData } from '../support/process.ts'

const PER_CATEGORY = 120

/** One stdout line per category: how its index came to be. */
function indexLines(out: string): Map<string, string> {
  const lines = new Map<string, string>()
  for (const m of out.matchAll(/^vector index (\w+)\s+(\d+) vectors (loaded from file|built from the store) in /gm))
    lines.set(m[1]!, `${m[2]} ${m[3]}`)
  return lines
}

/** `dsp worker` on a data dir, its output gathered; `up()` waits for its "agent runs at once" line. */
function spawnWorker(env: Record<string, string>) {
  const worker = spawnNode([...DSP_SOURCE, 'worker'], { ...process.env, ...env })
  return {
    ...worker,
    up: async () => {
      for (let i = 0; !/^dsp worker .*agent runs at once$/m.test(worker.out()); i++) {
        assert.ok(i < 3000 && worker.child.exitCode === null, `the worker did not start: ${worker.err()}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
  }
}

/** `dsp serve` as a child: every /readyz answer from the moment it listens until it is ready. */
async function startWatchingReadiness(env: Record<string, string>) {
  const { child, out, err, exited } = spawnNode([...DSP_SOURCE, 'serve', '--port', '0'], { ...process.env, ...env })
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    // As startProcess: up to 120 s to listen (tsx compiles on a busy machine), 10 minutes to be ready.
    for (let i = 0; !/listening on (http:\/\/\S+)/.test(out()); i++) {
      assert.ok(i < 2400 && child.exitCode === null, `dsp did not listen: ${err()}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    const http = new HttpClient(/listening on (http:\/\/\S+)/.exec(out())![1]!)
    const answers: { status: number; detail: string | null }[] = []
    for (let i = 0; answers.at(-1)?.status !== 200; i++) {
      assert.ok(i < 6000, `not ready after 10 minutes: ${err()}`)
      const r = await http.get('/readyz')
      answers.push({ status: r.status, detail: r.body.dependencies?.startup?.detail ?? null })
      if (r.status !== 200) await new Promise((r) => setTimeout(r, 100))
    }
    return { answers, out, stop }
  } catch (e) {
    await stop()
    throw e
  }
}

describe('dsp serve: vector index files across restarts', () => {
  let data: ProcessData | null = null
  after(async () => data?.drop())

  test('a restart loads the index files; a data dir without them builds them from the store first', async () => {
    // Files of 50 vectors or more are mapped read-only (the path every large category takes).
    data = await processData({ DSP_VECTOR_MAP_MIN_VECTORS: '50' })
    const seeded = await runDsp(['demo', 'seed', '--limit', String(PER_CATEGORY)], data.env)
    assert.equal(seeded.code, 0, seeded.err)
    assert.match(seeded.out, new RegExp(`first ${PER_CATEGORY} of each category`))
    assert.match(seeded.out, /no facts file/)
    const indexDir = path.join(data.env.DSP_DATA_DIR!, 'index')
    assert.ok(existsSync(path.join(indexDir, 'company.vidx')), readdirSync(indexDir).join(', '))

    // A restart: every category from its file, nothing rebuilt.
    const first = await startProcess(data)
    try {
      const lines = indexLines(first.stdout())
      for (const category of ENTITY_CATEGORIES)
        assert.match(lines.get(category) ?? '', /^\d+ loaded from file$/, `${category}: ${first.stdout()}`)
      assert.equal(lines.get('company'), `${PER_CATEGORY} loaded from file`)
      assert.doesNotMatch(first.stdout(), /built from the store/)
      // Searches answer from the mapped files.
      const { key } = await first.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
      const search = await first.post('/v1/search', {
        key,
        body: { query: 'software', mode: 'fast', category: 'company', limit: 5 },
      })
      assert.equal(search.status, 200, JSON.stringify(search.body))
      assert.ok((search.body.results as unknown[]).length > 0, JSON.stringify(search.body))
    } finally {
      await first.stop()
    }

    // The index files are gone (a new data dir over a filled store): built from the store, written
    // back, and /readyz is 503 naming the index work for as long as that lasts.
    rmSync(indexDir, { recursive: true, force: true })
    const second = await startWatchingReadiness(data.env)
    try {
      const lines = indexLines(second.out())
      for (const category of ENTITY_CATEGORIES)
        assert.match(lines.get(category) ?? '', /^\d+ built from the store$/, `${category}: ${second.out()}`)
      assert.equal(lines.get('company'), `${PER_CATEGORY} built from the store`)
      for (const a of second.answers.slice(0, -1)) {
        assert.equal(a.status, 503)
        assert.match(a.detail ?? '', /^vector indexes: /)
      }
      assert.ok(existsSync(path.join(indexDir, 'company.vidx')))
    } finally {
      await second.stop()
    }

    // And the next restart reads what that build wrote.
    const third = await startProcess(data)
    try {
      assert.equal(indexLines(third.stdout()).get('company'), `${PER_CATEGORY} loaded from file`)
      assert.doesNotMatch(third.stdout(), /built from the store/)
    } finally {
      await third.stop()
    }
  })
})

// Processes sharing one data dir over PostgreSQL (issue 39 item 4): each index is built once, by
// whichever process takes its build lock first; the others wait and load the file it wrote. A
// `dsp worker` started first builds them too, so API processes started after it only load.
describe(
  'processes sharing a data dir build each vector index once',
  { skip: !process.env.DSP_TEST_DATABASE_URL },
  () => {
    let data: ProcessData | null = null
    after(async () => data?.drop())

    test('two servers started together: one builds each category, the other loads its file', async () => {
      data = await processData({ DSP_VECTOR_MAP_MIN_VECTORS: '50' })
      const seeded = await runDsp(['demo', 'seed', '--limit', String(PER_CATEGORY)], data.env)
      assert.equal(seeded.code, 0, seeded.err)
      const indexDir = path.join(data.env.DSP_DATA_DIR!, 'index')
      rmSync(indexDir, { recursive: true, force: true })

      const both = await Promise.all([startProcess(data), startProcess(data)])
      try {
        const [a, b] = both.map((p) => indexLines(p.stdout()))
        for (const category of ENTITY_CATEGORIES) {
          const ways = [a!.get(category) ?? '', b!.get(category) ?? ''].map((l) => l.replace(/^\d+ /, '')).sort()
          assert.deepEqual(ways, ['built from the store', 'loaded from file'], `${category}: ${JSON.stringify(ways)}`)
        }
      } finally {
        await Promise.all(both.map((p) => p.stop()))
      }

      // A worker started on a data dir without files builds them before it takes runs.
      rmSync(indexDir, { recursive: true, force: true })
      const worker = spawnWorker(data.env)
      try {
        await worker.up()
        const lines = indexLines(worker.out())
        for (const category of ENTITY_CATEGORIES)
          assert.match(lines.get(category) ?? '', /^\d+ built from the store$/, `${category}: ${worker.out()}`)
      } finally {
        worker.child.kill('SIGTERM')
        await worker.exited
      }
      const server = await startProcess(data)
      try {
        const lines = indexLines(server.stdout())
        for (const category of ENTITY_CATEGORIES)
          assert.match(lines.get(category) ?? '', /^\d+ loaded from file$/, `${category}: ${server.stdout()}`)
      } finally {
        await server.stop()
      }
    })
  },
)

// `dsp worker` runs until it is told to stop: idle pooled connections do not hold a process
// (allowExitOnIdle, docs/architecture-store.md) and its claim loop's timer is unref'd, so while
// its LISTEN connections are being made again nothing else would keep it running.
describe(
  'dsp worker stays up while PostgreSQL drops its connections',
  { skip: !process.env.DSP_TEST_DATABASE_URL },
  () => {
    test('every backend of its database terminated for 3 s: the worker is still running, then stops on SIGTERM', async (t) => {
      const data = await processData()
      t.after(() => data.drop())
      // Without Redis: its connection would hold the process whatever the pool does.
      delete data.env.REDIS_URL
      const worker = spawnWorker(data.env)
      const admin = new pg.Client({ connectionString: data.env.DATABASE_URL })
      try {
        await worker.up()
        await admin.connect()
        const database = new URL(data.env.DATABASE_URL!).pathname.slice(1)
        let terminated = 0
        for (let i = 0; i < 15; i++) {
          terminated += await terminateBackends(admin, database)
          await new Promise((r) => setTimeout(r, 200))
        }
        assert.ok(terminated > 0, 'backends terminated')
        await new Promise((r) => setTimeout(r, 3000))
        assert.equal(worker.child.exitCode, null, `the worker ended by itself: ${worker.out()}\n${worker.err()}`)
      } finally {
        await admin.end().catch(() => undefined)
        worker.child.kill('SIGTERM')
      }
      assert.equal(await worker.exited, 0, worker.err())
    })
  },
)
