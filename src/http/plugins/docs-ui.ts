// /docs: Swagger UI whose "Try it out" runs as the signed-in dashboard session (contract §5 rule 7,
// §2.2 meta.credential session): the browser sends the dsp_session cookie (same origin) and a
// request interceptor adds X-CSRF-Token, read from GET /v1/auth/me when the page loads. API keys
// are server-side only (§5 rule 3: a browser's Origin makes a keyed call 403), so the page offers
// no Authorize button and drops any X-API-Key. A banner says who the calls run as, or that the
// reader is not signed in (with a link to /dashboard). Each executed call shows its curl.
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui'

/** Runs in the page (serialised with toString by @fastify/swagger-ui): no closure, plain JS. */
function requestInterceptor(req: { method?: string; headers: Record<string, string> }) {
  const csrf = (window as unknown as { dspCsrfToken?: string }).dspCsrfToken
  delete req.headers['X-API-Key']
  if (csrf && req.method && req.method.toUpperCase() !== 'GET') req.headers['X-CSRF-Token'] = csrf
  return req
}

// The banner and the CSRF token. Plain browser JavaScript, served as a theme file.
const SESSION_JS = `(function () {
  function banner(html, kind) {
    var el = document.createElement('div')
    el.id = 'dsp-session-banner'
    el.className = 'dsp-banner dsp-banner-' + kind
    el.innerHTML = html
    document.body.insertBefore(el, document.body.firstChild)
  }
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c] })
  }
  fetch('/v1/auth/me', { credentials: 'same-origin' })
    .then(function (res) { return res.ok ? res.json() : null })
    .catch(function () { return null })
    .then(function (me) {
      if (me && me.csrf_token) {
        window.dspCsrfToken = me.csrf_token
        banner('Signed in as <strong>' + esc(me.user.email) + '</strong> (workspace <strong>' + esc(me.workspace.name) +
          '</strong>). <em>Try it out</em> runs as this dashboard session: answers say <code>meta.credential: session</code>, billed calls spend the workspace\\'s credits, and a session may make 30 requests a minute. ' +
          'From your own code, call the API from a server with an API key (<a href="/dashboard/keys">keys</a>); each call shows its curl below the response.', 'in')
      } else {
        banner('You are not signed in. <em>Try it out</em> runs as a dashboard session: <a href="/dashboard">sign in or sign up at /dashboard</a>, then reload this page. ' +
          'API keys work from servers only (a browser call with <code>X-API-Key</code> is refused with <code>auth.browser_origin</code>).', 'out')
      }
    })
})()
`

const SESSION_CSS = `.dsp-banner{font:14px/1.5 system-ui,sans-serif;padding:.75rem 1.25rem;border-bottom:1px solid #d8dde3}
.dsp-banner-in{background:#eaf6ec;color:#1d4d27}.dsp-banner-out{background:#fff6d6;color:#5a4500}
.dsp-banner a{color:inherit;font-weight:600}.dsp-banner code{font-size:13px}
.swagger-ui .auth-wrapper,.swagger-ui .authorization__btn{display:none}`

export const docsUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  uiConfig: {
    docExpansion: 'list',
    deepLinking: true,
    requestInterceptor: requestInterceptor as unknown as NonNullable<
      FastifySwaggerUiOptions['uiConfig']
    >['requestInterceptor'],
    persistAuthorization: false,
  },
  theme: {
    title: 'API reference · Data Platform API',
    js: [{ filename: 'session.js', content: SESSION_JS }],
    css: [{ filename: 'session.css', content: SESSION_CSS }],
  },
}
