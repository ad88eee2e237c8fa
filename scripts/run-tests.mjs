// Runs every test file with node's test runner (through tsx). The same suites run on the
// embedded store, or on PostgreSQL + Redis when DSP_TEST_DATABASE_URL / DSP_TEST_REDIS_URL are set.
import { spawnSync } from 'node:child_process'
import { readdirSync, existsSync } from 'node:fs'
import path from 'node:path'

const dirs = ['test/unit', 'test/http', 'test/browser']
const only = process.argv.slice(2)
const files = only.length
  ? only
  : dirs.filter((d) => existsSync(d)).flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join(d, f)))

const store = process.env.DSP_TEST_DATABASE_URL ? 'PostgreSQL' + (process.env.DSP_TEST_REDIS_URL ? ' + Redis' : '') : 'embedded store'
console.log(`running ${files.length} test files on the ${store}`)
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files], { stdio: 'inherit' })
process.exit(r.status ?? 1)
