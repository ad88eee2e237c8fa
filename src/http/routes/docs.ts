// /docs/errors: every error code with its status, meaning and action, generated from the
// catalogue. Problem `type` URLs point here by default (anchor = slug).
import type { FastifyPluginAsync } from 'fastify'
import { catalogue, errorCodes, errorSlug } from '../../errors.ts'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function errorsPage(): string {
  const rows = errorCodes
    .map((code) => {
      const s = catalogue[code]
      const reserved = 'reserved' in s && s.reserved ? ' <em>(reserved)</em>' : ''
      return `<tr id="${errorSlug(code)}"><td><code>${code}</code>${reserved}</td><td>${s.status.join(', ')}</td><td>${esc(s.meaning)}</td><td>${esc(s.action ?? '—')}</td></tr>`
    })
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Error codes · Data Platform API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1f2430}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e3e6ea;padding:.5rem;text-align:left;vertical-align:top}tr:target{background:#fff6d6}code{font-size:14px}</style></head>
<body><h1>Error codes</h1><p>Every error is <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>, <code>code</code>, <code>detail</code>, <code>instance</code>, <code>request_id</code> and optional <code>extra</code>. Branch on <code>code</code>, never on <code>detail</code>. Validation failures carry <code>extra.errors[]</code> with <code>type</code>, <code>loc</code>, <code>msg</code>, <code>input</code>, <code>ctx</code>. A filter the catalogue does not know, or a filter value of the wrong shape, is <code>request.invalid</code> with <code>loc</code> naming the filter (<code>["body","filters","country"]</code>) and <code>msg</code> saying what it accepts. A dashboard sign-up whose password is shorter than 10 characters or easy to guess (a common password, a keyboard pattern, part of the email; scored with zxcvbn-ts) is <code>request.invalid</code> with an entry of type <code>password_too_weak</code> at <code>["body","password"]</code>; a password is never echoed in <code>input</code>.</p>
<table><thead><tr><th>Code</th><th>Status</th><th>Meaning</th><th>Action</th></tr></thead><tbody>
${rows}
</tbody></table><p><a href="/docs">API reference</a></p></body></html>`
}

export const docsRoutes: FastifyPluginAsync = async (app) => {
  const html = errorsPage()
  app.get('/docs/errors', { config: { auth: 'none', meta: false } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(html),
  )
  app.get('/docs/errors/:slug', { config: { auth: 'none', meta: false } }, async (req, reply) =>
    reply.redirect(`/docs/errors#${(req.params as { slug: string }).slug}`),
  )
}
