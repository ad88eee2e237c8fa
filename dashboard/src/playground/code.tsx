// "Copy as curl / TypeScript": the exact request the playground made, as a shell command with an
// API key placeholder (X-API-Key: $DSP_API_KEY) and as a call of the TypeScript SDK
// (packages/sdk: createDspClient, then dsp.search / dsp.post).
import { useState } from 'react'
import { CopyButton } from '../ui.tsx'
import { curlOf, typescriptOf } from './snippets.ts'

export function CopyAsCode({ path, body }: { path: string; body: unknown }) {
  const [lang, setLang] = useState<'curl' | 'ts'>('curl')
  const origin = window.location.origin
  const text = lang === 'curl' ? curlOf(origin, path, body) : typescriptOf(origin, path, body)
  return (
    <details className="code-copy">
      <summary>Copy as curl / TypeScript</summary>
      <div className="stack">
        <div className="row" role="radiogroup" aria-label="Code language">
          <label className="inline">
            <input type="radio" name="code-lang" checked={lang === 'curl'} onChange={() => setLang('curl')} /> curl
          </label>
          <label className="inline">
            <input type="radio" name="code-lang" checked={lang === 'ts'} onChange={() => setLang('ts')} /> TypeScript
            (SDK)
          </label>
          <CopyButton key={text} text={text} label={lang === 'curl' ? 'Copy as curl' : 'Copy as TypeScript'} />
        </div>
        <pre className="json code" aria-label={lang === 'curl' ? 'The request as curl' : 'The request as TypeScript'}>
          {text}
        </pre>
        <p className="muted small">
          Set <code>DSP_API_KEY</code> to a key from the API keys page first. Outside the dashboard the call is billed
          to the key&apos;s workspace like any other.
        </p>
      </div>
    </details>
  )
}
