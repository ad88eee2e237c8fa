// /docs: Swagger UI whose "Try it out" runs as the signed-in dashboard session (contract §5 rule 7,
// §2.2 meta.credential session): the browser sends the dsp_session cookie (same origin) and a
// request interceptor adds X-CSRF-Token, read from GET /v1/auth/me when the page loads. API keys
// are server-side only (§5 rule 3: a browser's Origin makes a keyed call 403), so the page offers
// no Authorize button and drops any X-API-Key. A banner says who the calls run as, or that the
// reader is not signed in (with a link to /dashboard). Each executed call shows the curl a terminal
// runs for it, with the key from DSP_API_KEY (the session's cookie and CSRF token work in this page
// only). The top bar carries the project's name and mark; the description's link is /openapi.json.
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui'

// The project's mark: a graph of three linked records, with the name beside it.
const MARK = `<circle cx="10" cy="26" r="6" fill="#7fd3a8"/><circle cx="30" cy="10" r="6" fill="#9cc4ff"/><circle cx="30" cy="34" r="5" fill="#ffd27a"/><path d="M10 26 30 10M10 26l20 8M30 10v24" stroke="#e8edf2" stroke-width="2.5" fill="none"/>`
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="44" viewBox="0 0 260 44">${MARK}<text x="48" y="29" font-family="system-ui,sans-serif" font-size="19" font-weight="600" fill="#fff">Data Platform API</text></svg>`
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 44"><rect width="40" height="44" rx="8" fill="#1b2733"/>${MARK}</svg>`

/** Runs in the page (serialised with toString by @fastify/swagger-ui): no closure, plain JS. */
function requestInterceptor(req: { method?: string; headers: Record<string, string> }) {
  const csrf = (window as unknown as { dspCsrfToken?: string }).dspCsrfToken
  delete req.headers['X-API-Key']
  if (csrf && req.method && req.method.toUpperCase() !== 'GET') req.headers['X-CSRF-Token'] = csrf
  return req
}

// The banner, the CSRF token and the page's plugin. Plain browser JavaScript, served as a theme file
// (String.raw: its backslashes reach the browser as written).
const SESSION_JS = String.raw`(function () {
  // Swagger UI plugin (uiConfig.plugins): the description's link, and the curl of an executed call.
  window.dspDocsPlugin = function (system) {
    var h = system.React.createElement
    function q(s) { return "'" + String(s).replace(/'/g, "'\\''") + "'" }
    // A terminal sends the key: the page's session (cookie, X-CSRF-Token) does not leave the browser.
    function terminalCurl(request) {
      var url = String(request.get('url'))
      var lines = ['curl -X ' + request.get('method') + ' ' + q(url)]
      if (/\/v1\//.test(url)) lines.push('-H "X-API-Key: $DSP_API_KEY"')
      var headers = request.get('headers')
      if (headers && headers.forEach)
        headers.forEach(function (value, name) {
          if (!/^(x-csrf-token|x-api-key|cookie|authorization)$/i.test(name)) lines.push('-H ' + q(name + ': ' + value))
        })
      var body = request.get('body')
      if (body !== undefined && body !== null && body !== '')
        lines.push('-d ' + q(typeof body === 'string' ? body : JSON.stringify(body && body.toJS ? body.toJS() : body)))
      return lines.join(' \\\n  ')
    }
    return {
      wrapComponents: {
        InfoUrl: function (Original) {
          return function (props) { return h(Original, Object.assign({}, props, { url: '/openapi.json' })) }
        },
        curl: function () {
          return function (props) {
            var text = terminalCurl(props.request)
            return h('div', { className: 'curl-command dsp-curl' },
              h('h4', null, 'Curl'),
              h('p', { className: 'dsp-curl-note' }, 'The same call from a terminal, with an API key in DSP_API_KEY (this page sends a dashboard session, never a key):'),
              h('button', { type: 'button', className: 'dsp-copy', onClick: function () { navigator.clipboard && navigator.clipboard.writeText(text) } }, 'Copy'),
              h('pre', { className: 'microlight dsp-curl-text' }, text))
          }
        },
      },
    }
  }

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
          '</strong>). <em>Try it out</em> runs as this dashboard session: answers say <code>meta.credential: session</code>, billed calls spend the workspace\'s credits, and a session may make 30 requests a minute. ' +
          'From your own code, call the API from a server with an API key (<a href="/dashboard/keys">keys</a>): each call shows the curl a terminal runs for it, with the key in <code>DSP_API_KEY</code>.', 'in')
      } else {
        banner('You are not signed in. <em>Try it out</em> runs in this page as a dashboard session: <a href="/dashboard">sign in or sign up at /dashboard</a>, then reload this page; until then its calls are answered 401 <code>auth.unauthorized</code>. ' +
          'An API key is for servers and terminals, never a browser (a page that sends <code>X-API-Key</code> is refused with <code>auth.browser_origin</code>): each call shows the curl a terminal runs for it, with your key in <code>DSP_API_KEY</code>.', 'out')
      }
    })
})()
`

const SESSION_CSS = `.dsp-banner{font:14px/1.5 system-ui,sans-serif;padding:.75rem 1.25rem;border-bottom:1px solid #d8dde3}
.dsp-banner-in{background:#eaf6ec;color:#1d4d27}.dsp-banner-out{background:#fff6d6;color:#5a4500}
.dsp-banner a{color:inherit;font-weight:600}.dsp-banner code{font-size:13px}
.swagger-ui .auth-wrapper,.swagger-ui .authorization__btn{display:none}
.swagger-ui .topbar .download-url-wrapper{display:none}.swagger-ui .topbar a.link img{height:40px}
.dsp-curl{position:relative}.dsp-curl-note{font:13px/1.4 system-ui,sans-serif;margin:.25rem 0}
.dsp-curl-text{background:#333;color:#fff;padding:.6rem .8rem;border-radius:4px;white-space:pre-wrap;word-break:break-all;font-size:12px}
.dsp-copy{position:absolute;right:0;top:0;font-size:12px}`

export const docsUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  uiConfig: {
    docExpansion: 'list',
    deepLinking: true,
    requestInterceptor: requestInterceptor as unknown as NonNullable<
      FastifySwaggerUiOptions['uiConfig']
    >['requestInterceptor'],
    persistAuthorization: false,
    // Serialised with toString: it reads the plugin session.js defines (theme scripts load first).
    plugins: [
      function (system: unknown) {
        return (window as unknown as { dspDocsPlugin: (s: unknown) => unknown }).dspDocsPlugin(system)
      },
    ] as unknown as NonNullable<FastifySwaggerUiOptions['uiConfig']>['plugins'],
  },
  logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: '/docs', target: '_self' },
  theme: {
    title: 'API reference · Data Platform API',
    favicon: [
      { filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(FAVICON_SVG) },
    ],
    js: [{ filename: 'session.js', content: SESSION_JS }],
    css: [{ filename: 'session.css', content: SESSION_CSS }],
  },
}
