// The MCP server (issue 29 items 3, 5): the SDK's own client over Streamable HTTP at /mcp with an
// API key, and over stdio through `dsp mcp`. Tool calls are billed exactly as their REST routes,
// throttled at 60 a minute per credential, and bound by the credential's scopes.
import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { expectProblem, expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'
import { callTool as call, connectMcp, type Structured } from '../support/mcp.ts'

const server = useTestServer({}, { demo: true })

const SEARCH = { query: 'cloud database software', mode: 'fast', category: 'company', limit: 3 }

const httpClient = (api: TestServer, headers: Record<string, string>) => connectMcp(api, { requestInit: { headers } })

async function spendable(api: TestServer, key: string): Promise<number> {
  const res = await api.get('/v1/credits', { key })
  expectStatus(res, 200)
  return res.body.spendable as number
}

async function history(api: TestServer, key: string) {
  const res = await api.get('/v1/usage/history', { key })
  expectStatus(res, 200)
  return res.body.results as Structured[]
}

/** A JSON-RPC tools/call posted straight to /mcp (what the throttle counts). */
function rawToolCall(api: TestServer, key: string, id: number) {
  return api.post('/mcp', {
    key,
    headers: { accept: 'application/json, text/event-stream' },
    body: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_credits', arguments: {} } },
  })
}

describe('MCP over Streamable HTTP with an API key', () => {
  test('lists the tools with input schemas from the contract', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const client = await httpClient(api, { 'x-api-key': key })
    const { tools } = await client.listTools()
    const names = tools.map((t) => t.name)
    for (const n of [
      'search',
      'find_similar',
      'lookup_companies',
      'lookup_persons',
      'ask_relationships',
      'org_chart',
      'start_agent_run',
      'get_agent_run',
      'get_agent_run_results',
      'get_credits',
    ])
      assert.ok(names.includes(n), `no tool ${n}`)
    const search = tools.find((t) => t.name === 'search')!
    const props = search.inputSchema.properties as Structured
    assert.ok(props.query)
    assert.ok(props.filters, 'the search schema carries the filter catalogue')
    assert.ok(props.idempotency_key)
    assert.equal((search.inputSchema as Structured).additionalProperties, false)
    const start = tools.find((t) => t.name === 'start_agent_run')!
    assert.ok((start.inputSchema.required as string[]).includes('idempotency_key'))
    await client.close()
  })

  test('a search tool call is billed exactly as POST /v1/search: same charge, same history action, structured answer and summary', async () => {
    const api = await server()
    const viaMcp = await api.admin.workspaceWithKey({ credits: 50 })
    const viaRest = await api.admin.workspaceWithKey({ credits: 50 })
    const client = await httpClient(api, { 'x-api-key': viaMcp.key })

    const r = await call(client, 'search', SEARCH)
    assert.notEqual(r.isError, true, r.text)
    const rest = await api.post('/v1/search', { key: viaRest.key, body: SEARCH })
    expectStatus(rest, 200)
    assert.equal(r.structured.results.length, 3)
    assert.deepEqual(
      r.structured.results.map((x: Structured) => x.id),
      rest.body.results.map((x: Structured) => x.id),
    )
    assert.ok(r.structured.meta.credits_charged > 0)
    assert.equal(r.structured.meta.credits_charged, rest.body.meta.credits_charged)
    assert.equal(r.structured.meta.credential, 'api_key')
    assert.match(r.text, /^3 results: .+Credits charged: /)
    assert.equal(await spendable(api, viaMcp.key), await spendable(api, viaRest.key))
    assert.ok((await spendable(api, viaMcp.key)) < 50)
    const [h1, h2] = [(await history(api, viaMcp.key))[0]!, (await history(api, viaRest.key))[0]!]
    assert.equal(h1.action_type, h2.action_type)
    assert.equal(h1.credits_charged, h2.credits_charged)
    await client.close()
  })

  test('idempotency_key makes a retried tool call free, as the REST header does; a test key pays nothing', async () => {
    const api = await server()
    const live = await api.admin.workspaceWithKey({ credits: 50 })
    const client = await httpClient(api, { 'x-api-key': live.key })
    const first = await call(client, 'search', { ...SEARCH, idempotency_key: 'retry-1' })
    const before = await spendable(api, live.key)
    const again = await call(client, 'search', { ...SEARCH, idempotency_key: 'retry-1' })
    assert.ok(first.structured.meta.credits_charged > 0)
    assert.equal(again.structured.meta.credits_charged, 0)
    assert.equal(await spendable(api, live.key), before)
    await client.close()

    const test = await api.admin.workspaceWithKey({ credits: 50, environment: 'test' })
    const testClient = await httpClient(api, { 'x-api-key': test.key })
    const free = await call(testClient, 'search', SEARCH)
    assert.equal(free.structured.meta.credits_charged, 0)
    assert.equal(free.structured.meta.environment, 'test')
    assert.equal(await spendable(api, test.key), 50)
    await testClient.close()
  })

  test('agent runs: start (Idempotency-Key required, a replay answers the same run), status until it ends, results; charged as the route', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 50 })
    const client = await httpClient(api, { 'x-api-key': key })
    const body = { query: 'cloud security companies', effort: 'minimal' }
    const missing = await call(client, 'start_agent_run', body)
    assert.equal(missing.isError, true)
    assert.equal(missing.structured.code, 'request.invalid')
    const started = await call(client, 'start_agent_run', { ...body, idempotency_key: 'run-1' })
    assert.notEqual(started.isError, true, started.text)
    const runId = started.structured.run_id as string
    assert.match(started.text, new RegExp(`^Agent run ${runId}: `))
    const replay = await call(client, 'start_agent_run', { ...body, idempotency_key: 'run-1' })
    assert.equal(replay.structured.run_id, runId)
    let run = (await call(client, 'get_agent_run', { run_id: runId })).structured
    for (const until = Date.now() + 20_000; !['completed', 'failed', 'cancelled'].includes(run.status);) {
      assert.ok(Date.now() < until, `run still ${run.status}`)
      await new Promise((r) => setTimeout(r, 100))
      run = (await call(client, 'get_agent_run', { run_id: runId })).structured
    }
    assert.equal(run.status, 'completed')
    assert.ok(run.credits_charged > 0)
    const rest = await api.get(`/v1/agents/runs/${runId}`, { key })
    assert.equal(run.credits_charged, rest.body.credits_charged)
    const results = await call(client, 'get_agent_run_results', { run_id: runId, limit: 2 })
    assert.notEqual(results.isError, true, results.text)
    assert.ok(results.structured.results.length <= 2)
    const unknown = await call(client, 'get_agent_run', { run_id: 'run_nope' })
    assert.equal(unknown.structured.code, 'request.invalid')
    await client.close()
  })

  test('monitors and events: create (billed as the route), list, get, runs, delete; list_events with a type', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 20 })
    const client = await httpClient(api, { 'x-api-key': key })
    const { tools } = await client.listTools()
    for (const n of [
      'list_events',
      'list_monitors',
      'create_monitor',
      'get_monitor',
      'list_monitor_runs',
      'delete_monitor',
    ])
      assert.ok(
        tools.some((t) => t.name === n),
        `no tool ${n}`,
      )
    const bad = await call(client, 'create_monitor', { name: 'x', search: SEARCH, schedule: '99 * * * *' })
    assert.equal(bad.isError, true)
    assert.match(bad.text, /^request\.invalid \(422\): The schedule is not a valid cron expression/)
    const created = await call(client, 'create_monitor', {
      name: 'Cloud databases',
      search: SEARCH,
      schedule: '@daily',
      idempotency_key: 'mcp-monitor-1',
    })
    assert.equal(created.isError, undefined)
    const id = created.structured.id as string
    // Its baseline is the search, billed as POST /v1/search would bill it.
    const direct = await api.post('/v1/search', { key, body: SEARCH })
    expectStatus(direct, 200)
    assert.equal(created.structured.meta.credits_charged, direct.body.meta.credits_charged)
    const replay = await call(client, 'create_monitor', {
      name: 'Other',
      search: SEARCH,
      schedule: '@daily',
      idempotency_key: 'mcp-monitor-1',
    })
    assert.equal(replay.structured.id, id)
    assert.deepEqual(
      (await call(client, 'list_monitors')).structured.results.map((m: Structured) => m.id),
      [id],
    )
    assert.equal((await call(client, 'get_monitor', { monitor_id: id })).structured.name, 'Cloud databases')
    const runs = await call(client, 'list_monitor_runs', { monitor_id: id, limit: 5 })
    assert.equal(runs.structured.results[0].trigger, 'baseline')
    assert.equal((await call(client, 'delete_monitor', { monitor_id: id })).isError, undefined)
    const gone = await call(client, 'get_monitor', { monitor_id: id })
    assert.equal(gone.isError, true)
    assert.equal(gone.structured.status, 404)
    // A threshold above the balance fires credits.low at once.
    expectStatus(await api.patch('/v1/events/settings', { key, body: { credits_low_threshold: 1000 } }), 200)
    const events = await call(client, 'list_events', { type: 'credits.low' })
    assert.equal(events.structured.results.length, 1)
    assert.equal(events.structured.results[0].type, 'credits.low')
    assert.equal((await call(client, 'list_events', { type: 'list.updated' })).structured.results.length, 0)
    await client.close()
  })

  test("bad arguments are the route's 422 as a tool error; credits and an unknown tool answer too", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 20 })
    const client = await httpClient(api, { 'x-api-key': key })
    const bad = await call(client, 'search', { ...SEARCH, filters: { employee_count: { min: 'fifty' } } })
    assert.equal(bad.isError, true)
    assert.equal(bad.structured.code, 'request.invalid')
    assert.match(bad.text, /^request\.invalid \(422\)/)
    const credits = await call(client, 'get_credits')
    assert.equal(credits.structured.spendable, 20)
    assert.match(credits.text, /^Spendable credits: 20 /)
    const unknown = await call(client, 'no_such_tool')
    assert.equal(unknown.isError, true)
    assert.equal(await spendable(api, key), 20)
    await client.close()
  })

  test('scopes: a key without dsp.search.read cannot search through MCP (403 of the route as a tool error)', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.usage.read'] })
    const client = await httpClient(api, { 'x-api-key': key })
    const r = await call(client, 'search', SEARCH)
    assert.equal(r.isError, true)
    assert.equal(r.structured.code, 'auth.insufficient_scope')
    assert.deepEqual(r.structured.extra.accepted_scopes, ['dsp.search.read'])
    assert.equal((await call(client, 'get_credits')).isError, undefined)
    await client.close()
  })

  test('no credential, or an API key sent as Bearer: 401 auth.unauthorized', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' }
    const accept = 'application/json, text/event-stream'
    expectProblem(await api.post('/mcp', { body, headers: { accept } }), 401, 'auth.unauthorized')
    expectProblem(
      await api.post('/mcp', { body, headers: { accept, authorization: `Bearer ${key}` } }),
      401,
      'auth.unauthorized',
    )
    // Stateless: no server-sent stream to open, no session to end.
    assert.equal((await api.get('/mcp', { key, headers: { accept: 'text/event-stream' } })).status, 405)
    assert.equal((await api.delete('/mcp', { key })).status, 405)
  })

  test('60 tool calls a minute per credential, then 429 quota.burst_exceeded with Retry-After; another key is not held back', async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey()
    const other = await api.admin.createKey(workspace_id, { scopes: ['dsp.usage.read'] })
    for (let i = 0; i < 60; i++) expectStatus(await rawToolCall(api, key, i), 200)
    const refused = await rawToolCall(api, key, 61)
    expectProblem(refused, 429, 'quota.burst_exceeded')
    const wait = Number(refused.headers.get('retry-after'))
    assert.ok(wait >= 1 && wait <= 65, `Retry-After ${wait}`)
    expectStatus(await rawToolCall(api, other.secret, 1), 200)
    // tools/list is not a tool call.
    const list = await api.post('/mcp', {
      key,
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    })
    expectStatus(list, 200)
    await api.admin.withClock(70, async () => {
      expectStatus(await rawToolCall(api, key, 62), 200)
    })
  })
})

describe('dsp mcp over stdio', () => {
  test('the same tools with DSP_API_KEY, billed as the REST route', async () => {
    const api = await server()
    const viaMcp = await api.admin.workspaceWithKey({ credits: 50 })
    const viaRest = await api.admin.workspaceWithKey({ credits: 50 })
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.resolve('bin/dsp.js'), 'mcp'],
      env: { PATH: process.env.PATH ?? '', DSP_URL: api.url, DSP_API_KEY: viaMcp.key },
      stderr: 'pipe',
    })
    const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' })
    await client.connect(transport)
    const { tools } = await client.listTools()
    assert.ok(tools.some((t) => t.name === 'search'))
    const r = await call(client, 'search', SEARCH)
    assert.notEqual(r.isError, true, r.text)
    const rest = await api.post('/v1/search', { key: viaRest.key, body: SEARCH })
    assert.equal(r.structured.meta.credits_charged, rest.body.meta.credits_charged)
    assert.equal(await spendable(api, viaMcp.key), await spendable(api, viaRest.key))
    await client.close()
  })
})
