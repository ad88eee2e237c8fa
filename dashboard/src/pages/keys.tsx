// API keys (contract §4.6): create (pre-ticks dsp.search.read and dsp.entities.read, 90 days),
// the secret shown once with a copy button, the list, and revocation.
import { useState, type FormEvent } from 'react'
import { del, get, post } from '../api.ts'
import {
  SCOPES,
  type CreatedKey,
  type CreateKeyBody,
  type KeysResponse,
  type Scope,
  type SessionView,
} from '../types.ts'
import { SCOPE_HELP } from '../../../src/contract/keys.ts'
import { CopyButton, EmptyState, ErrorMessage, formatDate, Loading, PageTitle, Table, useLoad } from '../ui.tsx'

type KeyRow = KeysResponse['keys'][number]

export function KeysPage({ me }: { me: SessionView }) {
  const keys = useLoad((signal) => get<KeysResponse>('/v1/keys', undefined, signal), [])
  const [created, setCreated] = useState<CreatedKey | null>(null)

  return (
    <>
      <PageTitle>API keys</PageTitle>
      <p className="muted">
        Keys are for servers: send one in the X-API-Key header. A key cannot be used from a browser.
      </p>
      {created ? (
        <NewSecret created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateKeyForm
          allowed={me.scopes}
          onCreated={(k) => {
            setCreated(k)
            keys.reload()
          }}
        />
      )}
      <section aria-labelledby="keys-list">
        <h2 id="keys-list">{me.permissions.manage_all_keys ? "The workspace's keys" : 'Your keys'}</h2>
        {keys.loading && !keys.data && <Loading what="keys" />}
        <ErrorMessage error={keys.error} />
        {keys.data && <KeyTable rows={keys.data.keys} onRevoked={keys.reload} />}
      </section>
    </>
  )
}

function CreateKeyForm({ allowed, onCreated }: { allowed: readonly Scope[]; onCreated: (k: CreatedKey) => void }) {
  const [name, setName] = useState('')
  const [environment, setEnvironment] = useState<'live' | 'test'>('test')
  const [scopes, setScopes] = useState<Scope[]>(
    ['dsp.search.read', 'dsp.entities.read'].filter((s) => allowed.includes(s as Scope)) as Scope[],
  )
  const [days, setDays] = useState(90)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const toggle = (s: Scope, on: boolean) =>
    setScopes((cur) => (on ? SCOPES.filter((x) => x === s || cur.includes(x)) : cur.filter((x) => x !== s)))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (scopes.length === 0) {
      setError(new Error('Tick at least one scope.'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const body: CreateKeyBody = { environment, scopes, expires_in_days: days, name: name.trim() || null }
      onCreated(await post<CreatedKey>('/v1/keys', body))
      setName('')
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="create-key">
      <h2 id="create-key">Create a key</h2>
      <div className="row">
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input
            id="key-name"
            type="text"
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. CRM sync"
          />
        </div>
        <div className="field">
          <label htmlFor="key-days">Expires in (days)</label>
          <input
            id="key-days"
            type="number"
            min={1}
            max={730}
            required
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            aria-describedby="key-days-hint"
          />
          <small id="key-days-hint" className="muted">
            1 to 730 days.
          </small>
        </div>
      </div>
      <fieldset>
        <legend>Environment</legend>
        <label className="inline">
          <input
            type="radio"
            name="key-env"
            value="test"
            checked={environment === 'test'}
            onChange={() => setEnvironment('test')}
          />{' '}
          Test (every call costs nothing)
        </label>
        <label className="inline">
          <input
            type="radio"
            name="key-env"
            value="live"
            checked={environment === 'live'}
            onChange={() => setEnvironment('live')}
          />{' '}
          Live (charged per action)
        </label>
      </fieldset>
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map((s) => (
          <label key={s} className="check">
            <input
              type="checkbox"
              name="scopes"
              value={s}
              checked={scopes.includes(s)}
              disabled={!allowed.includes(s)}
              onChange={(e) => toggle(s, e.target.checked)}
            />
            <span>
              <code>{s}</code> <span className="muted">{SCOPE_HELP[s]}</span>
              {!allowed.includes(s) && <span className="muted"> (your role cannot grant this)</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <ErrorMessage error={error} />
      <div>
        <button type="submit" className="primary" disabled={busy}>
          Create key
        </button>
      </div>
    </form>
  )
}

function NewSecret({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return (
    <section className="card stack highlight" aria-labelledby="new-secret">
      <h2 id="new-secret">Your new key</h2>
      <p>
        <strong>Copy it now: it is shown only once.</strong> We keep only a hash of it.
      </p>
      <div className="row secret-row">
        <label htmlFor="secret" className="visually-hidden">
          New API key secret
        </label>
        <input
          id="secret"
          className="secret"
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={created.secret} label="Copy the new API key" />
      </div>
      <p className="muted">
        {created.environment} key · {created.scopes.join(', ')} · expires {formatDate(created.expires_at)}
      </p>
      <FirstCall created={created} />
      <div>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  )
}

/** A first call the new key's scopes allow, to paste into a terminal (from a server, never a browser). */
function FirstCall({ created }: { created: CreatedKey }) {
  const base = window.location.origin
  const call = created.scopes.includes('dsp.search.read')
    ? `curl -s ${base}/v1/search -H 'X-API-Key: ${created.secret}' -H 'content-type: application/json' \\\n  -d '{"query":"software companies in Germany","category":"company","limit":3}'`
    : created.scopes.includes('dsp.usage.read')
      ? `curl -s ${base}/v1/credits -H 'X-API-Key: ${created.secret}'`
      : created.scopes.includes('dsp.entities.read')
        ? `curl -s ${base}/v1/entities/companies -H 'X-API-Key: ${created.secret}' -H 'content-type: application/json' \\\n  -d '{"ids":["acme.com"],"by":"domain"}'`
        : `curl -s ${base}/v1/agent-runs -H 'X-API-Key: ${created.secret}'`
  return (
    <div className="stack">
      <p>Try it from a terminal ({created.environment === 'test' ? 'a test key costs nothing' : 'charged'}):</p>
      <pre className="json" data-testid="first-call">
        {call}
      </pre>
      <CopyButton text={call} label="Copy the first call" />
    </div>
  )
}

function KeyTable({ rows, onRevoked }: { rows: KeyRow[]; onRevoked: () => void }) {
  return (
    <Table
      caption="API keys"
      rows={rows}
      rowKey={(k) => k.key_id}
      empty={
        <EmptyState title="No API keys yet" testId="keys-empty">
          <p>
            A key lets your server call the API with the X-API-Key header. Create one above: the default (a test key
            with search and lookup scopes, 90 days) costs nothing and can run every search and lookup example. You can
            try the API before that in the playground or the <a href="/docs">API reference</a>, which run as you.
          </p>
        </EmptyState>
      }
      columns={[
        { key: 'name', header: 'Name', render: (k) => k.name ?? <span className="muted">unnamed</span> },
        { key: 'display_key', header: 'Key', render: (k) => <code>{k.display_key}</code> },
        { key: 'environment', header: 'Env' },
        { key: 'scopes', header: 'Scopes', render: (k) => k.scopes.map((s) => s.replace(/^dsp\./, '')).join(', ') },
        { key: 'status', header: 'Status', render: (k) => <span className={`badge ${k.status}`}>{k.status}</span> },
        { key: 'created_at', header: 'Created', render: (k) => formatDate(k.created_at) },
        { key: 'expires_at', header: 'Expires', render: (k) => formatDate(k.expires_at) },
        { key: 'last_used_at', header: 'Last used', render: (k) => formatDate(k.last_used_at) },
        { key: 'revoked_at', header: 'Revoked', render: (k) => formatDate(k.revoked_at) },
        {
          key: 'actions',
          header: 'Actions',
          render: (k) => (k.status === 'active' ? <RevokeButton row={k} onRevoked={onRevoked} /> : null),
        },
      ]}
    />
  )
}

function RevokeButton({ row, onRevoked }: { row: KeyRow; onRevoked: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const label = row.name ?? row.display_key
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)} aria-label={`Revoke ${label}`}>
        Revoke
      </button>
    )
  }
  const revoke = async () => {
    try {
      await del(`/v1/keys/${encodeURIComponent(row.key_id)}`)
      onRevoked()
    } catch (e) {
      setError(e)
    }
  }
  return (
    <span className="row">
      <button
        type="button"
        className="danger"
        onClick={() => void revoke()}
        aria-label={`Confirm: revoke ${label} now`}
        autoFocus
      >
        Confirm revoke
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      <ErrorMessage error={error} />
    </span>
  )
}
