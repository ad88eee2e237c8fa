// Run once before the suites (scripts/run-tests.mjs): seeds the demo corpus for every test server.
import { prepareDemo } from './demo.ts'

const dir = process.argv[2]
if (!dir) throw new Error('usage: prepare-demo.ts <dir>')
const t0 = performance.now()
await prepareDemo(dir)
console.log(`demo corpus prepared for the tests in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
