// The dashboard SPA (dashboard/, built by `npm run build` into dashboard/dist) at /dashboard.
// A path that is not a built file gets index.html, so /dashboard/checkout/{id} loads the app.
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Deps } from '../../domain/types.ts'

const DIST = fileURLToPath(new URL('../../../dashboard/dist/', import.meta.url))
const YEAR_MS = 365 * 86_400_000

// The app loads only its own scripts and styles and talks only to this origin; the checkout
// page must not be framed by another site (clickjacking).
const HTML_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head>
<body><main><h1>The dashboard is not built</h1><p>Run <code>npm run build</code> and restart the server.</p></main></body></html>`

/** A built file under dist for this URL path, or null (then the SPA's index.html answers). */
function builtFile(relative: string): string | null {
  const normalised = path.posix.normalize('/' + relative).slice(1)
  if (normalised === '' || normalised.startsWith('..')) return null
  const full = path.join(DIST, normalised)
  if (!full.startsWith(DIST)) return null
  try {
    return statSync(full).isFile() ? normalised : null
  } catch {
    return null
  }
}

export const dashboardRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  if (deps.config.DSP_DASHBOARD !== '1') return
  const built = existsSync(path.join(DIST, 'index.html'))
  if (built) await app.register(fastifyStatic, { root: DIST, serve: false })

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.code(503).headers(HTML_HEADERS).type('text/html; charset=utf-8').send(NOT_BUILT)
    const relative = (request.params as { '*'?: string })['*'] ?? ''
    const file = builtFile(relative)
    // Hashed asset names change with their content, so they can be cached for good.
    if (file?.startsWith('assets/')) return reply.sendFile(file, { maxAge: YEAR_MS, immutable: true })
    if (file && file !== 'index.html')
      return reply.header('Cache-Control', 'no-cache').sendFile(file, { cacheControl: false })
    if (relative.startsWith('assets/')) return reply.callNotFound()
    return reply.headers(HTML_HEADERS).sendFile('index.html', { cacheControl: false })
  }

  app.get('/dashboard', { config: { auth: 'none' }, schema: { hide: true } }, serve)
  app.get('/dashboard/*', { config: { auth: 'none' }, schema: { hide: true } }, serve)
}
