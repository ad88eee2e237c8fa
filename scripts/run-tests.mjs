// Runs every test file with node's test runner (through tsx). The same suites run on the
// embedded store, or on PostgreSQL + Redis when DSP_TEST_DATABASE_URL / DSP_TEST_REDIS_URL are set.
import { spawnSync } from 'node:child_process'
import { readdirSync, existsSync } from 'node:fs'
import path from 'node:path'

const dirs = ['test/unit', 'test/http', 'test/browser']
const only = process.argv.slice(2)
const files = only.length
  ? only
  : dirs
      .filter((d) => existsSync(d))
      .flatMap((d) =>
        readdirSync(d)
          .filter((f) => f.endsWith('.test.ts'))
          .sort()
          .map((f) => path.join(d, f)),
      )

const store = process.env.DSP_TEST_DATABASE_URL
  ? 'PostgreSQL' + (process.env.DSP_TEST_REDIS_URL ? ' + Redis' : '')
  : 'embedded store'
console.log(`running ${files.length} test files on the ${store}`)
// The demo corpus is seeded once for the whole run; suites that need it load the result.
// One directory per store: an embedded run must never load a PostgreSQL run's preparation.
const demoDir = path.resolve('.tmp', process.env.DSP_TEST_DATABASE_URL ? 'test-demo-postgres' : 'test-demo-embedded')
const prep = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/prepare-demo.ts', demoDir], {
  stdio: 'inherit',
})
if (prep.status !== 0) process.exit(prep.status ?? 1)
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, DSP_TEST_DEMO_DIR: demoDir } },
)
process.exit(r.status ?? 1)
