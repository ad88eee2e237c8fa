// OAuth for MCP clients and other OAuth clients (docs/integrations.md "OAuth"): the consent page
// /oauth/authorize sends the browser to (the member picks the scopes to grant, among those the
// client asked for and their role holds), and the list of connected apps with revocation.
import { useState } from 'react'
import { del, get, post } from '../api.ts'
import { SCOPES, type Scope, type SessionView } from '../types.ts'
import { ErrorMessage, formatDate, Loading, PageTitle, Table, useLoad } from '../ui.tsx'
import { SCOPE_HELP } from '../../../src/contract/keys.ts'

interface OAuthClient {
  client_id: string
  client_name: string | null
  redirect_uris: string[]
}

interface Grant {
  grant_id: string
  client_id: string
  client_name: string | null
  scopes: string[]
  created_at: string
  last_used_at: string | null
  expires_at: string | null
}

/** The authorization request's parameters, as /oauth/authorize passed them on. */
function requestParams(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(window.location.search))
}

function hostOf(uri: string | undefined): string {
  try {
    return new URL(uri ?? '').host || (uri ?? '')
  } catch {
    return uri ?? ''
  }
}

export function ConsentPage({ me }: { me: SessionView }) {
  const params = requestParams()
  const requested = (params.scope ?? '').split(' ').filter(Boolean)
  const asked: Scope[] = requested.length ? SCOPES.filter((s) => requested.includes(s)) : [...SCOPES]
  const grantable = asked.filter((s) => me.scopes.includes(s))
  const client = useLoad(
    (signal) => get<OAuthClient>(`/v1/oauth/clients/${encodeURIComponent(params.client_id ?? '')}`, undefined, signal),
    [params.client_id],
  )
  const [scopes, setScopes] = useState<Scope[]>(grantable)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const decide = async (approve: boolean) => {
    if (approve && scopes.length === 0) {
      setError(new Error('Tick at least one scope, or deny.'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const { redirect_to } = await post<{ redirect_to: string }>('/v1/oauth/consent', {
        ...params,
        scopes: approve ? scopes : [],
        approve,
      })
      window.location.assign(redirect_to)
    } catch (e) {
      setError(e)
      setBusy(false)
    }
  }

  const name = client.data?.client_name ?? 'An application'
  return (
    <>
      <PageTitle>Allow access?</PageTitle>
      {client.loading && !client.data && <Loading what="the application" />}
      <ErrorMessage error={client.error} />
      {client.data && (
        <section className="card stack" aria-labelledby="consent">
          <h2 id="consent">
            {name} wants to use the Data Platform API as you in {me.workspace.name}
          </h2>
          <p className="muted">
            It will act with your access, be charged to this workspace&apos;s credits like an API key, and can be
            revoked at any time under Connected apps. After you decide, you go back to{' '}
            <code>{hostOf(params.redirect_uri)}</code>.
          </p>
          <fieldset>
            <legend>Scopes to grant</legend>
            {SCOPES.map((s) => (
              <label key={s} className="check">
                <input
                  type="checkbox"
                  name="scopes"
                  value={s}
                  checked={scopes.includes(s)}
                  disabled={!grantable.includes(s)}
                  onChange={(e) =>
                    setScopes((cur) =>
                      e.target.checked ? SCOPES.filter((x) => x === s || cur.includes(x)) : cur.filter((x) => x !== s),
                    )
                  }
                />
                <span>
                  <code>{s}</code> <span className="muted">{SCOPE_HELP[s]}</span>
                  {!asked.includes(s) && <span className="muted"> (not requested)</span>}
                  {asked.includes(s) && !me.scopes.includes(s) && (
                    <span className="muted"> (your role cannot grant this)</span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          <ErrorMessage error={error} />
          <div className="row">
            <button type="button" className="primary" disabled={busy} onClick={() => void decide(true)}>
              Allow
            </button>
            <button type="button" disabled={busy} onClick={() => void decide(false)}>
              Deny
            </button>
          </div>
        </section>
      )}
    </>
  )
}

export function ConnectedAppsPage() {
  const grants = useLoad((signal) => get<{ results: Grant[] }>('/v1/oauth/grants', undefined, signal), [])
  const [error, setError] = useState<unknown>(null)

  const revoke = async (g: Grant) => {
    setError(null)
    try {
      await del(`/v1/oauth/grants/${encodeURIComponent(g.grant_id)}`)
      grants.reload()
    } catch (e) {
      setError(e)
    }
  }

  return (
    <>
      <PageTitle>Connected apps</PageTitle>
      <p className="muted">
        MCP clients and other OAuth applications you allowed to act as you. Revoking one stops its access and refresh
        tokens at once.
      </p>
      {grants.loading && !grants.data && <Loading what="connected apps" />}
      <ErrorMessage error={grants.error ?? error} />
      {grants.data && (
        <Table<Grant>
          caption="Connected apps"
          rows={grants.data.results}
          rowKey={(g) => g.grant_id}
          empty="No application holds a token."
          columns={[
            { key: 'client_name', header: 'Application', render: (g) => g.client_name ?? g.client_id },
            { key: 'scopes', header: 'Scopes', render: (g) => g.scopes.join(', ') },
            { key: 'created_at', header: 'Allowed', render: (g) => formatDate(g.created_at) },
            { key: 'last_used_at', header: 'Last used', render: (g) => formatDate(g.last_used_at) },
            { key: 'expires_at', header: 'Refresh token expires', render: (g) => formatDate(g.expires_at) },
            {
              key: 'revoke',
              header: 'Revoke',
              render: (g) => (
                <button type="button" onClick={() => void revoke(g)}>
                  Revoke<span className="visually-hidden"> {g.client_name ?? g.client_id}</span>
                </button>
              ),
            },
          ]}
        />
      )}
    </>
  )
}
