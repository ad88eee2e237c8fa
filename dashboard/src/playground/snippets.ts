// The request as code: a curl command (the key as the placeholder $DSP_API_KEY) and a call of the
// TypeScript SDK (packages/sdk). Pure functions; code.tsx shows them.

/** Single-quotes a string for a POSIX shell: ' becomes '\''. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

export function curlOf(origin: string, path: string, body: unknown): string {
  return [
    `curl -sS -X POST ${shellQuote(origin + path)}`,
    `  -H "X-API-Key: $DSP_API_KEY"`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join(' \\\n')
}

export function typescriptOf(origin: string, path: string, body: unknown): string {
  const json = JSON.stringify(body, null, 2)
  const call = path === '/v1/search' ? `dsp.search(${json})` : `dsp.post('${path}', { body: ${json} })`
  return [
    `import { createDspClient } from '@data-platform/sdk'`,
    ``,
    `const dsp = createDspClient({ baseUrl: '${origin}', apiKey: process.env.DSP_API_KEY! })`,
    `const page = await ${call}`,
    `console.log(page.total, page.results.length)`,
  ].join('\n')
}
