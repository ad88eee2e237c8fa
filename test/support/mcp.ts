// The MCP SDK's client in tests: connected to a test server's /mcp over Streamable HTTP (with
// fixed headers or an OAuth provider), and a tool call read as its error flag, structured content and text.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { TestServer } from './server.ts'

export const mcpUrl = (api: TestServer) => new URL(`${api.url}/mcp`)

/** A client connected to the server's /mcp: `{requestInit: {headers}}` for a key, `{authProvider}` for OAuth. */
export async function connectMcp(
  api: TestServer,
  options: StreamableHTTPClientTransportOptions,
  name = 'mcp-test',
): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(api), options))
  return client
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Structured = Record<string, any>

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = (await client.callTool({ name, arguments: args })) as {
    structuredContent?: unknown
    content: { text: string }[]
    isError?: boolean
  }
  return { isError: r.isError, structured: r.structuredContent as Structured, text: r.content[0]!.text }
}
