// npm run fuzz [-- --requests N] [--seed S] [--index I ...]: property-based requests from
// /openapi.json against a real test server (the demo corpus; PostgreSQL + Redis with
// DSP_TEST_DATABASE_URL / DSP_TEST_REDIS_URL, as the tests). Prints the summary; exits 1 on a failure.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { prepareDemo } from '../support/demo.ts'
import { startTestServer, usingPostgres } from '../support/server.ts'
import { formatSummary, FUZZ_SERVER_SETTINGS, runFuzz } from './run.ts'
import { closeConnections } from './send.ts'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    index: { type: 'string', multiple: true },
  },
})
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed)
const indexes = values.index?.map(Number)
const requests = indexes?.length ?? Number(values.requests)
const store = usingPostgres() ? 'PostgreSQL' + (process.env.DSP_TEST_REDIS_URL ? ' + Redis' : '') : 'embedded store'

// The demo corpus, seeded for this run as scripts/run-tests.mjs does for the suites, in .tmp/ (or
// one prepared before, named by DSP_TEST_DEMO_DIR, when iterating).
const given = process.env.DSP_TEST_DEMO_DIR
const reuse = given !== undefined && existsSync(path.join(given, 'prepared.json'))
const demoDir = reuse ? given : path.resolve('.tmp', usingPostgres() ? 'fuzz-demo-postgres' : 'fuzz-demo-embedded')
const t0 = performance.now()
if (!reuse) await prepareDemo(demoDir)
process.env.DSP_TEST_DEMO_DIR = demoDir
console.log(
  `demo corpus ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${requests} requests, seed ${seed}`,
)
const api = await startTestServer(FUZZ_SERVER_SETTINGS, { demo: true })
let exitCode = 1
try {
  let last = 0
  const summary = await runFuzz(api, {
    seed,
    requests,
    indexes,
    progress: (done, total) => {
      if (done - last >= 1000 || done === total) {
        last = done
        console.log(`  ${done}/${total}`)
      }
    },
  })
  console.log(formatSummary(summary, store))
  exitCode = summary.failures.length ? 1 : 0
} finally {
  closeConnections()
  await api.close()
}
process.exit(exitCode)
