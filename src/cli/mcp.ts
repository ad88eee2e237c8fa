// dsp mcp: the MCP tools over stdio for local MCP clients (issue 29 item 5). The same tools as
// /mcp (src/mcp/), each sent to its REST route on the server at DSP_URL with the API key in
// DSP_API_KEY, so each call is billed exactly as that route. Tool calls are throttled in this
// process like /mcp throttles them per credential (60 a minute, then quota.burst_exceeded).
// stdout carries the protocol only; messages go to stderr.
import { clientSettings } from '../config.ts'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { Clock } from '../clock.ts'
import { Faults } from '../faults.ts'
import { Limiter, MemoryLimiterStore } from '../limiter/index.ts'
import { MCP_TOOL_THROTTLE } from '../http/routes/mcp.ts'
import { createMcpServer } from '../mcp/server.ts'
import type { SendRequest } from '../mcp/tools.ts'

const API_KEY = /^sk_dsp_(live|test)_/

export function httpSender(baseUrl: string, apiKey: string): SendRequest {
  const base = baseUrl.replace(/\/$/, '')
  return async (tool) => {
    let res: Response
    try {
      res = await fetch(base + tool.path, {
        method: tool.method,
        headers: {
          'x-api-key': apiKey,
          accept: 'application/json',
          ...(tool.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(tool.idempotencyKey !== undefined ? { 'idempotency-key': tool.idempotencyKey } : {}),
        },
        body: tool.body !== undefined ? JSON.stringify(tool.body) : undefined,
      })
    } catch (e) {
      return {
        status: 503,
        retryAfter: null,
        body: {
          code: 'upstream.unavailable',
          detail: `The Data Platform API at ${base} could not be reached: ${(e as Error).message}.`,
        },
      }
    }
    const text = await res.text()
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = { detail: text }
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body }
  }
}

/** Runs `dsp mcp` (cli/mcp-command.ts loads this module only then, so `dsp --help` stays fast). */
export async function runMcpStdio(): Promise<void> {
  const client = clientSettings()
  const apiKey = client.apiKey
  if (!apiKey || !API_KEY.test(apiKey)) {
    process.stderr.write('dsp mcp: set DSP_API_KEY to an API key (sk_dsp_live_… or sk_dsp_test_…)\n')
    process.exit(2)
  }
  const base = client.url ?? 'http://127.0.0.1:8080'
  const clock = new Clock()
  const limiter = new Limiter(new MemoryLimiterStore(), clock, new Faults(clock), 1000)
  const server = createMcpServer({
    send: httpSender(base, apiKey),
    beforeCall: async () => {
      const r = await limiter.hit('mcp:stdio', MCP_TOOL_THROTTLE)
      if (r.allowed) return null
      const detail = `This credential made ${r.rule.limit} MCP tool calls in the last minute, its limit; wait ${r.retryAfterSeconds} s.`
      return {
        content: [
          { type: 'text', text: `quota.burst_exceeded (429): ${detail} Retry after ${r.retryAfterSeconds} s.` },
        ],
        structuredContent: { code: 'quota.burst_exceeded', status: 429, detail, retry_after: r.retryAfterSeconds },
        isError: true,
      }
    },
  })
  const transport = new StdioServerTransport()
  transport.onclose = () => {
    void limiter.close().finally(() => process.exit(0))
  }
  await server.connect(transport)
  process.stderr.write(`dsp mcp: serving the MCP tools over stdio for ${base}\n`)
}
