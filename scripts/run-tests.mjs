// Runs every test file with node's test runner (through tsx). The same suites run on the
// embedded store, or on PostgreSQL + Redis when DSP_TEST_DATABASE_URL / DSP_TEST_REDIS_URL are set.
// test/faults (store outages and deadlines: servers that lose their database, a PostgreSQL cluster
// restarted, tables locked for seconds) runs after the others, one file at a time: its timings
// hold on a quiet machine, and nothing it does can slow another file's server.
import { spawnSync } from 'node:child_process'
import { readdirSync, existsSync } from 'node:fs'
import path from 'node:path'

const dirs = ['test/unit', 'test/http', 'test/browser', 'test/faults']
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
const isolated = (f) => path.normalize(f).split(path.sep).includes('faults')

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
const env = { ...process.env, DSP_TEST_DEMO_DIR: demoDir }
const run = (list, concurrency) =>
  list.length === 0
    ? 0
    : (spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          '--test-force-exit',
          `--test-concurrency=${concurrency}`,
          '--test-reporter=spec',
          ...list,
        ],
        { stdio: 'inherit', env },
      ).status ?? 1)
const shared = run(
  files.filter((f) => !isolated(f)),
  2,
)
const alone = run(files.filter(isolated), 1)
process.exit(shared || alone)
