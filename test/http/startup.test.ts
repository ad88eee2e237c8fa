// Honest readiness (issue 28): `dsp serve --demo` on an empty store listens at once, but /readyz
// is 503, naming the demo seed and its progress, until the corpus is stored and the demo keys are
// printed; then 200. A new embedded data dir instead loads the demo store `npm run build` made
// (dist/demo-store). Runs the real command (bin/dsp.js) as a child process, on either store.
import assert from 'node:assert/strict'
import path from 'node:path'
import { existsSync, readFileSync } from 'node:fs'
import { after, describe, test } from 'node:test'
import { ADMIN_TOKEN } from '../support/server.ts'
import { HttpClient } from '../support/http.ts'
import { processData, spawnNode, type ProcessData } from '../support/process.ts'

/** `dsp serve --demo` as a child process: its output so far, a wait for a line, and a graceful stop. */
function spawnDemo(env: Record<string, string>) {
  const { child, out, err, exited } = spawnNode([path.resolve('bin/dsp.js'), 'serve', '--port', '0', '--demo'], {
    ...process.env,
    ...env,
  })
  /** The first match of `re` in the output, once printed; rejects if the process exits first. */
  const waitFor = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = re.exec(out())
        if (m) {
          clearInterval(timer)
          resolve(m)
        } else if (child.exitCode !== null) {
          clearInterval(timer)
          reject(new Error(`dsp exited before printing ${re}: ${err()}`))
        }
      }, 50)
    })
  return {
    out,
    err,
    waitFor,
    /** A client of the server, once it listens. */
    listening: async () => new HttpClient((await waitFor(/listening on (http:\/\/\S+)/))[1]!),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

describe('dsp serve --demo: readiness while the demo corpus is seeded', () => {
  let data: ProcessData | null = null
  after(async () => data?.drop())

  test('/readyz is 503 with the seed as a down hard dependency while seeding, 200 once the keys are printed', async () => {
    // A deployment secret of its own: the demo store built into dist/ is not used, the corpus is seeded.
    data = await processData({ DSP_SECRET: 'startup-test-secret-of-at-least-32-characters' })
    const demo = spawnDemo(data.env)
    try {
      const http = await demo.listening()

      const first = await http.get('/readyz')
      assert.equal(first.status, 503, JSON.stringify(first.body))
      assert.equal(first.body.status, 'not_ready')
      assert.equal(first.body.dependencies.startup.status, 'down')
      assert.equal(first.body.dependencies.startup.hard, true)
      // The vector indexes load first (from their files, or built from the store), then the seed.
      assert.match(first.body.dependencies.startup.detail, /^(vector indexes|demo corpus): /)
      // The store itself is up: only the seed holds readiness back.
      assert.equal(first.body.dependencies.store.status, 'up')
      assert.ok(!demo.out().includes('test key'), 'keys printed before the seed finished')

      const details = new Set<string>()
      let ready = first
      for (let i = 0; ready.status !== 200; i++) {
        assert.ok(i < 6000, `not ready after 10 minutes: ${demo.err()}`)
        await new Promise((r) => setTimeout(r, 100))
        ready = await http.get('/readyz')
        if (ready.status === 503) details.add(ready.body.dependencies.startup.detail)
        else assert.equal(ready.status, 200, JSON.stringify(ready.body))
      }
      assert.equal(ready.body.status, 'ready')
      assert.equal(ready.body.dependencies.startup, undefined)
      // Progress was reported on the way (a category and a percentage).
      if (first.body.dependencies.startup.detail.startsWith('demo corpus: '))
        details.add(first.body.dependencies.startup.detail)
      assert.ok(
        [...details].some((d) => /\w+ \(category \d+\), \d+ %$/.test(d)),
        [...details].join('\n'),
      )
      // Ready means the keys are out, and they work.
      const out = demo.out()
      const key = /test key \(costs nothing\)\s+(sk_dsp_test_\S+)/.exec(out)?.[1]
      assert.ok(key, out)
      assert.match(out, /^Ready\.$/m)
      const credits = await http.get('/v1/credits', { key })
      assert.equal(credits.status, 200, JSON.stringify(credits.body))
      // The printed dashboard login signs in to the demo workspace as its owner.
      const login = /dashboard login\s+(\S+) \/ (\S+)/.exec(out)
      assert.ok(login, out)
      const signIn = await http.post('/v1/auth/sign-in', { body: { email: login[1], password: login[2] } })
      assert.equal(signIn.status, 200, JSON.stringify(signIn.body))
      assert.equal(signIn.body.role, 'dsp_owner')
    } finally {
      await demo.stop()
    }
  })
})

describe('dsp serve --demo: a new embedded data dir loads the demo store the build made', () => {
  let data: ProcessData | null = null
  after(async () => data?.drop())

  /** Runs `dsp serve --demo` until it prints Ready. and returns its output and a client, still running. */
  async function startDemo(env: Record<string, string>) {
    const demo = spawnDemo(env)
    await demo.waitFor(/^Ready\.$/m)
    return { out: demo.out(), http: await demo.listening(), stop: demo.stop }
  }

  test(
    'the corpus, its facts file and index files come from dist/demo-store; a later start keeps the store',
    { skip: process.env.DSP_TEST_DATABASE_URL ? 'the demo store is an embedded database' : false },
    async () => {
      assert.ok(existsSync('dist/demo-store/manifest.json'), 'no demo store: run npm run build')
      data = await processData()
      const first = await startDemo(data.env)
      let workspace: string
      try {
        assert.match(first.out, /Loading the demo corpus built by npm run build/)
        assert.doesNotMatch(first.out, /Seeding the demo corpus/)
        const ready = await first.http.get('/readyz')
        assert.equal(ready.status, 200, JSON.stringify(ready.body))
        const facts = JSON.parse(readFileSync(path.join(data.env.DSP_DATA_DIR!, 'demo-facts.json'), 'utf8')) as {
          counts: Record<string, number>
        }
        const status = await first.http.get('/admin/v1/corpus', { headers: { 'x-admin-token': ADMIN_TOKEN } })
        assert.equal(status.status, 200, JSON.stringify(status.body))
        const corpora = status.body.corpora as { source_corpus: string; records: number; records_with_vector: number }[]
        const companies = corpora.find((c) => c.source_corpus === 'gtm_companies')!
        assert.equal(companies.records, facts.counts.company)
        assert.equal(corpora.find((c) => c.source_corpus === 'gtm_people')!.records, facts.counts.person)
        assert.equal(companies.records_with_vector, facts.counts.company)
        // The ANN index files came along: present before any search asked for them.
        assert.ok(existsSync(path.join(data.env.DSP_DATA_DIR!, 'index', 'company.vidx')))
        const key = /test key \(costs nothing\)\s+(sk_dsp_test_\S+)/.exec(first.out)?.[1]
        assert.ok(key, first.out)
        const search = await first.http.post('/v1/search', {
          key,
          body: { query: 'cloud software companies', mode: 'fast', category: 'company', limit: 5 },
        })
        assert.equal(search.status, 200, JSON.stringify(search.body))
        assert.ok((search.body.results as unknown[]).length > 0, JSON.stringify(search.body))
        workspace = /Demo workspace (ws_\S+)/.exec(first.out)![1]!
      } finally {
        await first.stop()
      }
      // The data dir is no longer new: nothing is loaded over it, the demo workspace stays.
      const second = await startDemo(data.env)
      try {
        assert.doesNotMatch(second.out, /Loading the demo corpus/)
        assert.doesNotMatch(second.out, /Seeding the demo corpus/)
        assert.equal(/Demo workspace (ws_\S+)/.exec(second.out)![1], workspace)
      } finally {
        await second.stop()
      }
    },
  )
})
