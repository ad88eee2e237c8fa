// Calling an MCP tool from the SDK's client in tests: the answer's error flag, structured content and text.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'

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
