// Honest readiness (issue 28): `dsp serve --demo` on an empty store listens at once, but /readyz
// is 503, naming the demo seed and its progress, until the corpus is stored and the demo keys are
// printed; then 200. Runs the real command (bin/dsp.js) as a child process, on either store.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { HttpClient } from '../support/http.ts'
import { processData, type ProcessData } from '../support/process.ts'

describe('dsp serve --demo: readiness while the demo corpus is seeded', () => {
  let data: ProcessData | null = null
  after(async () => data?.drop())

  test('/readyz is 503 with the seed as a down hard dependency while seeding, 200 once the keys are printed', async () => {
    data = await processData()
    const child = spawn(process.execPath, [path.resolve('bin/dsp.js'), 'serve', '--port', '0', '--demo'], {
      env: { ...process.env, ...data.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /listening on (http:\/\/\S+)/.exec(out)
          if (m) {
            clearInterval(timer)
            resolve(m[1]!)
          } else if (child.exitCode !== null) {
            clearInterval(timer)
            reject(new Error(`dsp exited before listening: ${err}`))
          }
        }, 50)
      })
      const http = new HttpClient(address)

      const first = await http.get('/readyz')
      assert.equal(first.status, 503, JSON.stringify(first.body))
      assert.equal(first.body.status, 'not_ready')
      assert.equal(first.body.dependencies.startup.status, 'down')
      assert.equal(first.body.dependencies.startup.hard, true)
      assert.match(first.body.dependencies.startup.detail, /^demo corpus: /)
      // The store itself is up: only the seed holds readiness back.
      assert.equal(first.body.dependencies.store.status, 'up')
      assert.ok(!out.includes('test key'), 'keys printed before the seed finished')

      const details = new Set<string>()
      let ready = first
      for (let i = 0; ready.status !== 200; i++) {
        assert.ok(i < 6000, `not ready after 10 minutes: ${err}`)
        await new Promise((r) => setTimeout(r, 100))
        ready = await http.get('/readyz')
        if (ready.status === 503) details.add(ready.body.dependencies.startup.detail)
        else assert.equal(ready.status, 200, JSON.stringify(ready.body))
      }
      assert.equal(ready.body.status, 'ready')
      assert.equal(ready.body.dependencies.startup, undefined)
      // Progress was reported on the way (a category and a percentage).
      assert.ok(
        [...details].some((d) => /\w+ \(category \d+\), \d+ %$/.test(d)),
        [...details].join('\n'),
      )
      // Ready means the keys are out, and they work.
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
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    }
  })
})
