// The one version number, package.json's: `dsp --version`, /openapi.json's info.version, /healthz,
// the MCP server's serverInfo and the SDK's package.json all say it (test/http/version.test.ts).
// The contract fixes info.version at 1.0.0 (platform §versioning 5), so the package follows it.
import { readFileSync } from 'node:fs'

// src/version.ts and the build's dist/version.js are both one level below package.json.
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version
