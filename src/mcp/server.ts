// One MCP server (the official SDK's low-level Server: our input schemas are JSON Schema from the
// contract, not zod) over a way to send the tools' REST requests. http/routes/mcp.ts builds one
// per HTTP request (stateless Streamable HTTP); cli/mcp.ts builds one for a stdio session.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { TOOLS, toolResult, type SendRequest, type ToolResult } from './tools.ts'
import { VERSION } from '../version.ts'

export const MCP_SERVER_NAME = 'data-platform-api'
export const MCP_SERVER_VERSION = VERSION

const INSTRUCTIONS =
  'Tools of the Data Platform API: search companies, people and document corpora, company look-alikes, record lookups, relationship questions, org charts, agent runs and the credit balance. Each tool is a REST route of the API and is billed exactly like it; `meta.credits_charged` in each answer says what a call cost. Pass `idempotency_key` to make a billed call safe to retry.'

export interface McpServerOptions {
  send: SendRequest
  /**
   * Called before each tool call; answers a refusal (the 60-per-minute throttle over stdio) or
   * null. Over HTTP the route refuses a throttled call with a 429 before it reaches the server.
   */
  beforeCall?: () => Promise<ToolResult | null>
}

export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: `${t.description} Scope: ${t.scopes.join(' or ')}.`,
      inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
    })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((t) => t.name === request.params.name)
    if (!tool)
      return {
        content: [{ type: 'text', text: `request.invalid: there is no tool named ${request.params.name}.` }],
        structuredContent: { code: 'request.invalid', detail: `There is no tool named ${request.params.name}.` },
        isError: true,
      }
    const refused = options.beforeCall ? await options.beforeCall() : null
    if (refused) return refused
    const response = await options.send(tool.toRequest(request.params.arguments ?? {}))
    return toolResult(tool, response)
  })
  return server
}
