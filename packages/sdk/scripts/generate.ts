// Writes packages/sdk/src/schema.ts: the types openapi-typescript makes of the API's /openapi.json.
//   npm run sdk:generate                    the description of this checkout (an in-memory server)
//   npm run sdk:generate -- <url or file>   another server's /openapi.json, or a saved one
// test/http/sdk.test.ts fails while the committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generatedTypes } from './types.ts'

const source = process.argv[2]
let doc: object
if (source && /^https?:/.test(source)) doc = (await (await fetch(source)).json()) as object
else if (source) doc = JSON.parse(readFileSync(source, 'utf8')) as object
else {
  const { startTestServer } = await import('../../../test/support/server.ts')
  const server = await startTestServer()
  doc = (await server.get('/openapi.json')).body as object
  await server.close()
}
const out = fileURLToPath(new URL('../src/schema.ts', import.meta.url))
writeFileSync(out, await generatedTypes(doc))
console.log(`wrote ${out}`)
process.exit(0)
