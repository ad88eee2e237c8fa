// A fixed-seed sample of the fuzz suite (npm run fuzz runs 10,000 and more): requests generated
// from /openapi.json over every operation, each answer checked (no 5xx, a §2.3 problem with a
// catalogued code and status, bounded echoes) and no credit moved by a refused call.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { useTestServer, usingPostgres } from '../support/server.ts'
import { formatSummary, FUZZ_SERVER_SETTINGS, runFuzz } from '../fuzz/run.ts'
import { closeConnections } from '../fuzz/send.ts'

const server = useTestServer(FUZZ_SERVER_SETTINGS, { demo: true })
after(() => closeConnections())

const SEED = 20_240_624
const REQUESTS = 400

test(`${REQUESTS} fuzz requests (seed ${SEED}): no 5xx, every error a catalogued problem, no credit moved by a refusal`, async () => {
  const api = await server()
  const summary = await runFuzz(api, { seed: SEED, requests: REQUESTS })
  const report = formatSummary(summary, usingPostgres() ? 'PostgreSQL' : 'embedded store')
  assert.equal(summary.failures.length, 0, report)
  // The sample reaches every operation and both answers and refusals.
  assert.ok(Object.keys(summary.byOperation).length >= 50, report)
  assert.ok(summary.byStatus['200'] && summary.byStatus['422'] && summary.byStatus['413'], report)
})
