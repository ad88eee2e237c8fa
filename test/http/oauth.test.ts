// OAuth 2.1 for MCP clients (issue 29 items 4, 6): the MCP SDK's own client, headless, through
// the whole flow against the real server: discovery from the 401, dynamic registration, the
// authorization request, a signed-in member's consent, the code exchange with PKCE, tool calls
// with the access token, a refresh when it expires (rotated), revocation. Bearer tokens on /v1,
// scopes, the dashboard's token list, and the refusals (API key as Bearer, reused codes and
// refresh tokens, a wrong verifier).
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import { expectProblem, expectStatus } from '../support/http.ts'
import { startTestServer, usingPostgres, useTestServer, type TestServer } from '../support/server.ts'
import { signUp, type Session } from '../support/session.ts'
import { callTool as call, connectMcp, mcpUrl } from '../support/mcp.ts'

const server = useTestServer({}, { demo: true })

const REDIRECT = 'http://127.0.0.1:9/callback'
const SEARCH = { query: 'cloud database software', mode: 'fast', category: 'company', limit: 3 }

/** An MCP client's OAuth state kept in memory; the "browser" is the test. */
class HeadlessProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ''
  authorizationUrl: URL | null = null
  get redirectUrl() {
    return REDIRECT
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      redirect_uris: [REDIRECT],
      client_name: 'Headless MCP test client',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }
  }
  clientInformation() {
    return this.client
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(v: string) {
    this.verifier = v
  }
  codeVerifier() {
    return this.verifier
  }
}

/**
 * The browser's part: follows /oauth/authorize to the dashboard's consent page and, as the
 * signed-in member, posts the decision the page posts; answers the redirect back to the client.
 */
async function consent(api: TestServer, member: Session, authorizationUrl: URL, scopes: string[], approve = true) {
  const res = await fetch(authorizationUrl, { redirect: 'manual' })
  assert.equal(res.status, 302)
  const location = new URL(res.headers.get('location')!, api.url)
  assert.equal(location.pathname, '/dashboard/oauth/consent')
  const q = Object.fromEntries(location.searchParams)
  const client = await member.get(`/v1/oauth/clients/${q.client_id}`)
  expectStatus(client, 200)
  assert.equal(typeof client.body.client_name, 'string')
  const decision = await member.post('/v1/oauth/consent', { body: { ...q, scopes, approve } })
  expectStatus(decision, 200)
  return new URL(decision.body.redirect_to as string)
}

/** Runs the whole authorization flow with the SDK's client; answers a connected client. */
async function authorise(api: TestServer, member: Session, provider: HeadlessProvider, scopes: string[]) {
  const first = new StreamableHTTPClientTransport(mcpUrl(api), { authProvider: provider })
  const client = new Client({ name: 'oauth-test', version: '1.0.0' })
  await assert.rejects(client.connect(first), UnauthorizedError)
  assert.ok(provider.client, 'the client registered itself')
  assert.ok(provider.authorizationUrl, 'the client asked to authorise')
  assert.equal(provider.authorizationUrl.searchParams.get('code_challenge_method'), 'S256')
  const back = await consent(api, member, provider.authorizationUrl, scopes)
  const code = back.searchParams.get('code')
  assert.ok(code)
  assert.equal(back.searchParams.get('iss'), api.url)
  await first.finishAuth(code)
  assert.ok(provider.saved?.access_token.startsWith('dsp_at_'))
  return connect(api, provider)
}

const connect = (api: TestServer, provider: HeadlessProvider) =>
  connectMcp(api, { authProvider: provider }, 'oauth-test')

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('OAuth 2.1 for MCP clients', () => {
  test('metadata: protected resource and authorization server', async () => {
    const api = await server()
    const pr = await api.get('/.well-known/oauth-protected-resource/mcp')
    expectStatus(pr, 200)
    assert.equal(pr.body.resource, `${api.url}/mcp`)
    assert.deepEqual(pr.body.authorization_servers, [api.url])
    const as = await api.get('/.well-known/oauth-authorization-server')
    expectStatus(as, 200)
    assert.equal(as.body.issuer, api.url)
    assert.deepEqual(as.body.code_challenge_methods_supported, ['S256'])
    assert.equal(as.body.registration_endpoint, `${api.url}/oauth/register`)
    const unauth = await api.post('/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } })
    expectProblem(unauth, 401, 'auth.unauthorized')
    assert.match(
      unauth.headers.get('www-authenticate') ?? '',
      /resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known/,
    )
  })

  test('the whole flow with the SDK client: register, consent, exchange, tool calls billed as REST, refresh (rotated), revoke', async () => {
    const api = await server()
    const member = await signUp(api)
    const workspace = member.view.workspace.workspace_id as string
    await api.admin.grant(workspace, 50)
    const provider = new HeadlessProvider()
    const client = await authorise(api, member, provider, ['dsp.search.read', 'dsp.usage.read'])

    // Tool calls with the access token, billed as the REST route with the same token.
    const before = (await api.get('/v1/credits', { headers: bearer(provider.saved!.access_token) })).body
    assert.equal(before.meta.credential, 'oauth')
    const r = await call(client, 'search', SEARCH)
    assert.notEqual(r.isError, true, r.text)
    assert.equal(r.structured.meta.credential, 'oauth')
    assert.ok(r.structured.meta.credits_charged > 0)
    const rest = await api.post('/v1/search', { body: SEARCH, headers: bearer(provider.saved!.access_token) })
    expectStatus(rest, 200)
    assert.equal(rest.body.meta.credits_charged, r.structured.meta.credits_charged)
    const after = (await api.get('/v1/credits', { headers: bearer(provider.saved!.access_token) })).body
    assert.equal(
      Math.round((before.spendable - after.spendable) * 1000),
      Math.round(2 * r.structured.meta.credits_charged * 1000),
    )
    const history = await member.get('/v1/usage/history')
    assert.ok(history.body.results.length >= 2)

    // The dashboard lists the grant.
    const grants = await member.get('/v1/oauth/grants')
    expectStatus(grants, 200)
    assert.equal(grants.body.results.length, 1)
    assert.deepEqual(grants.body.results[0].scopes, ['dsp.search.read', 'dsp.usage.read'])
    assert.equal(grants.body.results[0].client_name, 'Headless MCP test client')

    // An hour later the access token has expired: the SDK refreshes it (rotation) and goes on.
    const firstTokens = provider.saved!
    await api.admin.withClock(ACCESS_TTL + 5, async () => {
      expectProblem(
        await api.get('/v1/credits', { headers: bearer(firstTokens.access_token) }),
        401,
        'auth.unauthorized',
      )
      const again = await call(client, 'get_credits')
      assert.notEqual(again.isError, true, again.text)
      assert.notEqual(provider.saved!.access_token, firstTokens.access_token)
      assert.notEqual(provider.saved!.refresh_token, firstTokens.refresh_token)
    })
    // The rotated refresh token is spent.
    const reuse = await api.post('/oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: firstTokens.refresh_token!,
        client_id: provider.client!.client_id,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.equal(reuse.status, 400)
    assert.equal(reuse.body.error, 'invalid_grant')
    // ...and presenting it again revoked the grant (it may be stolen): the current token stops too.
    expectProblem(
      await api.get('/v1/credits', { headers: bearer(provider.saved!.access_token) }),
      401,
      'auth.unauthorized',
    )
    await client.close()
  })

  test('revocation (RFC 7009 and the dashboard) stops the token on /mcp and /v1', async () => {
    const api = await server()
    const member = await signUp(api)
    const provider = new HeadlessProvider()
    const client = await authorise(api, member, provider, ['dsp.usage.read'])
    assert.notEqual((await call(client, 'get_credits')).isError, true)
    const revoked = await api.post('/oauth/revoke', {
      rawBody: new URLSearchParams({
        token: provider.saved!.refresh_token!,
        client_id: provider.client!.client_id,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expectStatus(revoked, 200)
    expectProblem(
      await api.get('/v1/credits', { headers: bearer(provider.saved!.access_token) }),
      401,
      'auth.unauthorized',
    )
    await assert.rejects(call(client, 'get_credits'))
    await client.close().catch(() => {})

    // A second client, revoked from the dashboard's list.
    const other = new HeadlessProvider()
    const second = await authorise(api, member, other, ['dsp.usage.read'])
    const list = await member.get('/v1/oauth/grants')
    assert.equal(list.body.results.length, 1, 'the revoked grant is no longer listed')
    expectStatus(await member.delete(`/v1/oauth/grants/${list.body.results[0].grant_id}`), 204)
    expectProblem(
      await api.get('/v1/credits', { headers: bearer(other.saved!.access_token) }),
      401,
      'auth.unauthorized',
    )
    assert.equal((await member.get('/v1/oauth/grants')).body.results.length, 0)
    await second.close().catch(() => {})
  })

  test('a verified token is cached, and still stops at once: its grant revoked (here and, on PostgreSQL, in another process), its member suspended', async () => {
    const api = await server()
    const member = await signUp(api)
    const workspace = member.view.workspace.workspace_id as string
    // A second process over the same database (PostgreSQL: its cache hears revocations by NOTIFY).
    const other = usingPostgres() ? await startTestServer({ DATABASE_URL: api.app.deps.config.DATABASE_URL! }) : null
    try {
      const servers = other ? [api, other] : [api]
      const provider = new HeadlessProvider()
      const client = await authorise(api, member, provider, ['dsp.usage.read'])
      await client.close()
      const token = provider.saved!.access_token
      // Warm: each process verifies the token once and keeps it.
      for (const s of servers)
        for (let i = 0; i < 2; i++) expectStatus(await s.get('/v1/credits', { headers: bearer(token) }), 200)

      // The member is suspended (no access): the cached token holds no scope any more.
      await api.admin.addMember(workspace, { email: member.view.user.email, role: 'dsp_owner', state: 'no_access' })
      for (const s of servers)
        expectProblem(await s.get('/v1/credits', { headers: bearer(token) }), 403, 'auth.insufficient_scope')
      await api.admin.addMember(workspace, { email: member.view.user.email, role: 'dsp_owner', state: 'active' })
      for (const s of servers) expectStatus(await s.get('/v1/credits', { headers: bearer(token) }), 200)

      // Revoked from the dashboard of the first process: every process refuses the cached token.
      const list = await member.get('/v1/oauth/grants')
      expectStatus(await member.delete(`/v1/oauth/grants/${list.body.results[0].grant_id}`), 204)
      for (const s of servers)
        expectProblem(await s.get('/v1/credits', { headers: bearer(token) }), 401, 'auth.unauthorized')
    } finally {
      await other?.close()
    }
  })

  test('scopes: a token without dsp.search.read cannot search (tool and REST); the member cannot grant more than the client asked for', async () => {
    const api = await server()
    const member = await signUp(api)
    const provider = new HeadlessProvider()
    const client = await authorise(api, member, provider, ['dsp.usage.read'])
    const r = await call(client, 'search', SEARCH)
    assert.equal(r.isError, true)
    assert.equal(r.structured.code, 'auth.insufficient_scope')
    expectProblem(
      await api.post('/v1/search', { body: SEARCH, headers: bearer(provider.saved!.access_token) }),
      403,
      'auth.insufficient_scope',
    )
    await client.close()

    // A client that asked only for dsp.usage.read cannot be granted dsp.search.read.
    const narrow = new HeadlessProvider()
    const t = new StreamableHTTPClientTransport(mcpUrl(api), { authProvider: narrow })
    await assert.rejects(new Client({ name: 'x', version: '1' }).connect(t), UnauthorizedError)
    narrow.authorizationUrl!.searchParams.set('scope', 'dsp.usage.read')
    const res = await fetch(narrow.authorizationUrl!, { redirect: 'manual' })
    const q = Object.fromEntries(new URL(res.headers.get('location')!, api.url).searchParams)
    assert.equal(q.scope, 'dsp.usage.read')
    expectProblem(
      await member.post('/v1/oauth/consent', { body: { ...q, scopes: ['dsp.search.read'], approve: true } }),
      422,
      'request.invalid',
    )
    // Declining sends the browser back with access_denied.
    const denied = await member.post('/v1/oauth/consent', { body: { ...q, scopes: [], approve: false } })
    expectStatus(denied, 200)
    assert.equal(new URL(denied.body.redirect_to).searchParams.get('error'), 'access_denied')
  })

  test('refusals: an API key as Bearer, a wrong PKCE verifier, a code used twice, an unregistered redirect URI, no PKCE', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await api.get('/v1/credits', { headers: bearer(key) }), 401, 'auth.unauthorized')
    expectProblem(await api.get('/v1/credits', { headers: bearer('dsp_at_nope') }), 401, 'auth.unauthorized')

    const member = await signUp(api)
    const reg = await api.post('/oauth/register', { body: { redirect_uris: [REDIRECT], client_name: 'Manual' } })
    expectStatus(reg, 201)
    const clientId = reg.body.client_id as string
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const authorize = new URL(`${api.url}/oauth/authorize`)
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'st-1',
    }))
      authorize.searchParams.set(k, v)
    const back = await consent(api, member, authorize, ['dsp.usage.read'])
    assert.equal(back.searchParams.get('state'), 'st-1')
    const code = back.searchParams.get('code')!
    const exchange = (v: string) =>
      api.post('/oauth/token', {
        rawBody: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: v,
          client_id: clientId,
          redirect_uri: REDIRECT,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const wrong = await exchange(randomBytes(32).toString('base64url'))
    assert.equal(wrong.status, 400)
    assert.equal(wrong.body.error, 'invalid_grant')
    // The code was spent by the failed attempt: the right verifier is now too late.
    const late = await exchange(verifier)
    assert.equal(late.body.error, 'invalid_grant')

    const badRedirect = new URL(authorize)
    badRedirect.searchParams.set('redirect_uri', 'https://evil.example/cb')
    expectProblem(await api.get(badRedirect.pathname + badRedirect.search), 400, 'request.invalid')
    const noPkce = new URL(authorize)
    noPkce.searchParams.delete('code_challenge')
    const r = await fetch(noPkce, { redirect: 'manual' })
    assert.equal(r.status, 302)
    assert.equal(new URL(r.headers.get('location')!).searchParams.get('error'), 'invalid_request')
    const plainHttp = await api.post('/oauth/register', { body: { redirect_uris: ['http://evil.example/cb'] } })
    assert.equal(plainHttp.status, 400)
    assert.equal(plainHttp.body.error, 'invalid_redirect_uri')
  })
})

const ACCESS_TTL = 3600
