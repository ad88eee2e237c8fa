// dsp mcp: registered here with commander alone; the MCP SDK and the tools load when it runs (cli/mcp.ts).
import { Command } from 'commander'

export function mcpCommand(): Command {
  return new Command('mcp')
    .description(
      'Serve the MCP tools over stdio (env DSP_API_KEY, and DSP_URL of the server, default http://127.0.0.1:8080)',
    )
    .action(async () => {
      const { runMcpStdio } = await import('./mcp.ts')
      await runMcpStdio()
    })
}
