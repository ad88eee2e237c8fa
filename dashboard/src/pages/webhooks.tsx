// Webhooks (issue 42; docs/integrations-webhooks.md "Webhooks"): the workspace's endpoints, adding one (its
// signing secret shown once, with a copy button), a test event, each endpoint's deliveries with
// every attempt (status, latency, error) and redelivery, secret rotation, pausing and enabling,
// and deleting. An endpoint the service disabled after failing is said at the top of the page.
import { useEffect, useState, type FormEvent } from 'react'
import { del, get, patch, post } from '../api.ts'
import {
  WEBHOOK_EVENTS,
  type Delivery,
  type DeliveryList,
  type SessionView,
  type Webhook,
  type WebhookEventType,
  type WebhookList,
  type WebhookWithSecret,
} from '../types.ts'
import { CopyButton, EmptyState, ErrorMessage, formatDate, Loading, PageTitle, Status, Table, useLoad } from '../ui.tsx'

const path = (id: string) => `/v1/webhooks/${encodeURIComponent(id)}`
const DEFAULT_EVENTS: WebhookEventType[] = ['agent_run.completed', 'agent_run.failed']

export function WebhooksPage({ me }: { me: SessionView }) {
  const canWrite = me.scopes.includes('dsp.agents.write')
  const hooks = useLoad((signal) => get<WebhookList>('/v1/webhooks', undefined, signal), [])
  const [secret, setSecret] = useState<{ hook: WebhookWithSecret; rotated: boolean } | null>(null)
  const disabled = hooks.data?.results.filter((h) => !h.enabled && h.disabled_reason) ?? []

  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      <p className="muted">
        The service POSTs events to your endpoints as they happen, signed the{' '}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> way with the endpoint&apos;s secret. A failed
        delivery is retried for 24 hours; an endpoint failing for 3 days is disabled.
      </p>
      {disabled.length > 0 && (
        <div className="note warn-banner" role="alert" data-testid="disabled-banner">
          <strong>
            {disabled.length === 1
              ? 'The service disabled an endpoint after it kept failing.'
              : `The service disabled ${disabled.length} endpoints after they kept failing.`}
          </strong>
          <ul>
            {disabled.map((h) => (
              <li key={h.id}>
                <code>{h.url}</code>: {h.disabled_reason} It receives nothing until you enable it again.
              </li>
            ))}
          </ul>
          <p className="small">
            Endpoints receiving <code>webhook.disabled</code> were told; the events list (<code>GET /v1/events</code>)
            keeps it for 30 days.
          </p>
        </div>
      )}
      {secret ? (
        <NewSecret hook={secret.hook} rotated={secret.rotated} onDone={() => setSecret(null)} />
      ) : canWrite ? (
        <AddWebhookForm
          onCreated={(hook) => {
            setSecret({ hook, rotated: false })
            hooks.reload()
          }}
        />
      ) : (
        <p className="note">Your role can read webhooks but not change them (it lacks dsp.agents.write).</p>
      )}
      <section className="stack" aria-labelledby="endpoints">
        <h2 id="endpoints">Endpoints</h2>
        {hooks.loading && !hooks.data && <Loading what="endpoints" />}
        <ErrorMessage error={hooks.error} />
        {hooks.data && hooks.data.results.length === 0 && (
          <EmptyState title="No endpoints yet" testId="webhooks-empty">
            <p className="muted">
              Add one above: a URL of yours that answers a POST with a 2xx. Send it a test event to see a delivery here.
            </p>
          </EmptyState>
        )}
        {hooks.data?.results.map((h) => (
          <WebhookCard
            key={h.id}
            hook={h}
            canWrite={canWrite}
            onChanged={hooks.reload}
            onRotated={(hook) => {
              setSecret({ hook, rotated: true })
              hooks.reload()
            }}
          />
        ))}
      </section>
    </>
  )
}

function EventChoices({
  chosen,
  onChange,
}: {
  chosen: WebhookEventType[]
  onChange: (events: WebhookEventType[]) => void
}) {
  return (
    <fieldset>
      <legend>Events to send</legend>
      <div className="event-choices">
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e.type} className="check">
            <input
              type="checkbox"
              name="events"
              value={e.type}
              checked={chosen.includes(e.type)}
              onChange={(ev) =>
                onChange(
                  ev.target.checked
                    ? WEBHOOK_EVENTS.map((x) => x.type).filter((t) => t === e.type || chosen.includes(t))
                    : chosen.filter((t) => t !== e.type),
                )
              }
            />
            <span>
              <code>{e.type}</code> <span className="muted small">{e.help}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function AddWebhookForm({ onCreated }: { onCreated: (hook: WebhookWithSecret) => void }) {
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>(DEFAULT_EVENTS)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (events.length === 0) {
      setError(new Error('Tick at least one event.'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const body = { url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) }
      onCreated(await post<WebhookWithSecret>('/v1/webhooks', body))
      setUrl('')
      setDescription('')
      setEvents(DEFAULT_EVENTS)
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="add-webhook">
      <h2 id="add-webhook">Add an endpoint</h2>
      <div className="row">
        <div className="field grow">
          <label htmlFor="webhook-url">Endpoint URL</label>
          <input
            id="webhook-url"
            type="text"
            inputMode="url"
            required
            maxLength={2048}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/hooks/data-platform"
          />
        </div>
        <div className="field grow">
          <label htmlFor="webhook-description">Description (optional)</label>
          <input
            id="webhook-description"
            type="text"
            maxLength={500}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="e.g. CRM sync"
          />
        </div>
      </div>
      <EventChoices chosen={events} onChange={setEvents} />
      <ErrorMessage error={error} />
      <div>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  )
}

function NewSecret({ hook, rotated, onDone }: { hook: WebhookWithSecret; rotated: boolean; onDone: () => void }) {
  return (
    <section className="card stack highlight" aria-labelledby="new-webhook-secret">
      <h2 id="new-webhook-secret">{rotated ? 'The new signing secret' : 'Your endpoint’s signing secret'}</h2>
      <p>
        <strong>Copy it now: it is shown only once.</strong> Your receiver verifies each delivery with it (
        <code>webhook-signature</code>).
      </p>
      <div className="row secret-row">
        <label htmlFor="webhook-secret" className="visually-hidden">
          Signing secret
        </label>
        <input
          id="webhook-secret"
          className="secret"
          readOnly
          value={hook.secret}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={hook.secret} label="Copy the signing secret" />
      </div>
      <p className="muted">
        <code>{hook.url}</code>
        {rotated && hook.previous_secret_expires_at
          ? ` · deliveries carry a signature with the old secret too until ${formatDate(hook.previous_secret_expires_at)}`
          : ''}
      </p>
      <div>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  )
}

function StateBadge({ hook }: { hook: Webhook }) {
  if (hook.enabled) return <span className="badge active">Enabled</span>
  if (hook.disabled_reason) return <span className="badge revoked">Disabled after failing</span>
  return <span className="badge">Paused</span>
}

/** A button that asks once more before it acts. */
function ConfirmButton({
  label,
  confirmLabel,
  what,
  onConfirm,
}: {
  label: string
  confirmLabel: string
  what: string
  onConfirm: () => Promise<void>
}) {
  const [confirming, setConfirming] = useState(false)
  if (!confirming)
    return (
      <button type="button" onClick={() => setConfirming(true)} aria-label={`${label} ${what}`}>
        {label}
      </button>
    )
  return (
    <span className="row confirm">
      <button
        type="button"
        className="danger"
        autoFocus
        onClick={() => void onConfirm().finally(() => setConfirming(false))}
        aria-label={`Confirm: ${confirmLabel.toLowerCase()} ${what}`}
      >
        {confirmLabel}
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  )
}

function WebhookCard({
  hook,
  canWrite,
  onChanged,
  onRotated,
}: {
  hook: Webhook
  canWrite: boolean
  onChanged: () => void
  onRotated: (hook: WebhookWithSecret) => void
}) {
  const [error, setError] = useState<unknown>(null)
  const [said, setSaid] = useState<string | null>(null)
  const [showDeliveries, setShowDeliveries] = useState(false)
  const [deliveriesTick, setDeliveriesTick] = useState(0)
  const act = (what: () => Promise<void>) => async () => {
    setError(null)
    setSaid(null)
    try {
      await what()
    } catch (e) {
      setError(e)
    }
  }
  const test = act(async () => {
    await post<Delivery>(`${path(hook.id)}/test`)
    setSaid('Test event queued: its delivery is below.')
    setShowDeliveries(true)
    setDeliveriesTick((t) => t + 1)
  })
  const setEnabled = (enabled: boolean) =>
    act(async () => {
      await patch<Webhook>(path(hook.id), { enabled })
      onChanged()
    })
  const rotate = act(async () => onRotated(await post<WebhookWithSecret>(`${path(hook.id)}/rotate-secret`)))
  const remove = act(async () => {
    await del(path(hook.id))
    onChanged()
  })

  return (
    <article className={`card stack webhook${hook.enabled ? '' : ' off'}`} aria-label={`Endpoint ${hook.url}`}>
      <div className="row spread">
        <div>
          <code className="webhook-url">{hook.url}</code> <StateBadge hook={hook} />
          {hook.description && <div className="muted">{hook.description}</div>}
        </div>
        <span className="muted small">
          Added {formatDate(hook.created_at)} · <code>{hook.id}</code>
        </span>
      </div>
      <ul className="chips" aria-label="Events sent">
        {hook.events.map((e) => (
          <li key={e} className="chip">
            <span className="chip-main">{e}</span>
          </li>
        ))}
      </ul>
      {hook.enabled && hook.failing_since && (
        <p className="note">
          Failing since {formatDate(hook.failing_since)}: deliveries are retried; after 3 days without a success the
          endpoint is disabled.
        </p>
      )}
      {!hook.enabled && hook.disabled_reason && (
        <p className="error">
          Disabled by the service: {hook.disabled_reason} Fix the receiver, then enable it to receive events again.
        </p>
      )}
      {hook.previous_secret_expires_at && new Date(hook.previous_secret_expires_at) > new Date() && (
        <p className="muted small">
          After a rotation, the old secret also signs until {formatDate(hook.previous_secret_expires_at)}.
        </p>
      )}
      <div className="row">
        {canWrite && (
          <>
            <button type="button" onClick={() => void test()} disabled={!hook.enabled}>
              Send test event
            </button>
            {hook.enabled ? (
              <button type="button" onClick={() => void setEnabled(false)()}>
                Pause
              </button>
            ) : (
              <button type="button" className="primary" onClick={() => void setEnabled(true)()}>
                Enable
              </button>
            )}
            <ConfirmButton
              label="Rotate secret"
              confirmLabel="Rotate now"
              what={`the secret of ${hook.url}`}
              onConfirm={rotate}
            />
            <ConfirmButton label="Delete" confirmLabel="Delete now" what={hook.url} onConfirm={remove} />
          </>
        )}
        <button type="button" aria-expanded={showDeliveries} onClick={() => setShowDeliveries((s) => !s)}>
          {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
        </button>
      </div>
      {said && <Status>{said}</Status>}
      <ErrorMessage error={error} />
      {showDeliveries && <Deliveries hook={hook} canWrite={canWrite} tick={deliveriesTick} />}
    </article>
  )
}

const POLL_DELAYS_MS = [1000, 2000, 3000, 5000, 8000]
const settled = (d: Delivery) => d.status === 'succeeded' || d.status === 'failed'

function Deliveries({ hook, canWrite, tick }: { hook: Webhook; canWrite: boolean; tick: number }) {
  const [poll, setPoll] = useState(0)
  const list = useLoad(
    (signal) => get<DeliveryList>(`${path(hook.id)}/deliveries`, { limit: 25 }, signal),
    [hook.id, tick, poll],
  )
  const [error, setError] = useState<unknown>(null)
  // While a delivery is about to be sent (pending or sending, its next attempt due within 15 s),
  // read again after 1, 2, 3, 5 and 8 seconds: the session allows 30 requests a minute.
  // Measured against the server's time of the answer (meta.as_of), not this machine's clock.
  const asOf = list.data ? new Date(list.data.meta.as_of).getTime() : Date.now()
  const due = (d: Delivery) =>
    !settled(d) && (d.next_attempt_at === null || new Date(d.next_attempt_at).getTime() - asOf < 15_000)
  const underway = list.data?.results.some(due) ?? false
  const [polls, setPolls] = useState(0)
  useEffect(() => setPolls(0), [tick])
  useEffect(() => {
    const delay = POLL_DELAYS_MS[polls]
    if (!underway || delay === undefined) return
    const t = setTimeout(() => {
      setPolls((n) => n + 1)
      setPoll((p) => p + 1)
    }, delay)
    return () => clearTimeout(t)
  }, [underway, list.data, polls])

  const redeliver = async (d: Delivery) => {
    setError(null)
    try {
      await post<Delivery>(`${path(hook.id)}/deliveries/${encodeURIComponent(d.id)}/redeliver`)
      setPolls(0)
      setPoll((p) => p + 1)
    } catch (e) {
      setError(e)
    }
  }

  return (
    <div className="stack">
      <div className="row spread">
        <h3>Deliveries</h3>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </div>
      {list.loading && !list.data && <Loading what="deliveries" />}
      <ErrorMessage error={list.error ?? error} />
      {list.data && (
        <Table
          caption={`Deliveries to ${hook.url}`}
          rows={list.data.results}
          rowKey={(d) => d.id}
          empty="No deliveries yet: send a test event."
          columns={[
            {
              key: 'event_type',
              header: 'Event',
              render: (d) => (
                <>
                  <code>{d.event_type}</code>
                  <br />
                  <small className="muted">{formatDate(d.created_at)}</small>
                </>
              ),
            },
            { key: 'status', header: 'Status', render: (d) => <DeliveryBadge d={d} /> },
            {
              key: 'attempts',
              header: 'Attempts',
              render: (d) =>
                d.attempts.length === 0 ? (
                  <span className="muted">none yet</span>
                ) : (
                  <ol className="attempts">
                    {d.attempts.map((a) => (
                      <li key={a.attempt} className={a.succeeded ? 'ok' : 'bad'}>
                        <span className="attempt-code">{a.status_code ?? 'no answer'}</span> ·{' '}
                        {a.latency_ms.toLocaleString('en')} ms
                        {a.error && a.error !== `HTTP ${a.status_code}` ? ` · ${a.error}` : ''}{' '}
                        <small className="muted">{formatDate(a.started_at)}</small>
                      </li>
                    ))}
                  </ol>
                ),
            },
            {
              key: 'next',
              header: 'Next attempt',
              render: (d) => (d.next_attempt_at ? formatDate(d.next_attempt_at) : '—'),
            },
            {
              key: 'actions',
              header: 'Actions',
              render: (d) =>
                canWrite ? (
                  <button
                    type="button"
                    onClick={() => void redeliver(d)}
                    disabled={!hook.enabled}
                    aria-label={`Redeliver ${d.event_type} ${d.id}`}
                  >
                    Redeliver
                  </button>
                ) : null,
            },
          ]}
        />
      )}
    </div>
  )
}

function DeliveryBadge({ d }: { d: Delivery }) {
  const cls = d.status === 'succeeded' ? 'active' : d.status === 'failed' ? 'revoked' : 'pending'
  const retrying = d.status !== 'succeeded' && d.status !== 'failed' && d.attempts.length > 0
  return <span className={`badge ${cls}`}>{retrying ? 'retrying' : d.status}</span>
}
