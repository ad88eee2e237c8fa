// One version number everywhere (issue 38 item 6), package.json's: `dsp --version`, /openapi.json's
// info.version (the contract's 1.0.0), /healthz, the MCP server's serverInfo and the SDK's package.json.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { VERSION } from '../../src/version.ts'
import { connectMcp } from '../support/mcp.ts'
import { runDsp } from '../support/process.ts'
import { useTestServer } from '../support/server.ts'

const server = useTestServer()
const pkg = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version

test("every surface says package.json's version, the contract's 1.0.0", async () => {
  const version = pkg('package.json')
  assert.equal(VERSION, version)
  // §versioning 5: info.version is the contract's version, so the package's is too.
  assert.equal(version, '1.0.0')
  assert.equal(pkg('packages/sdk/package.json'), version)
  const cli = await runDsp(['--version'], {})
  assert.equal(cli.code, 0, cli.err)
  assert.equal(cli.out.trim(), version)

  const api = await server()
  assert.equal((await api.get('/openapi.json')).body.info.version, version)
  assert.equal((await api.get('/healthz')).body.version, version)
  const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
  const client = await connectMcp(api, { requestInit: { headers: { 'X-API-Key': key } } })
  try {
    assert.equal(client.getServerVersion()?.version, version)
  } finally {
    await client.close()
  }
})
