// Monitors (issue 42 item 5): a saved search or agent-run question asked on a schedule (cron, UTC)
// or after every operator ingest; each run sends only the records no earlier run sent, as a
// monitor.matched event to the workspace's webhooks. Create, pause and resume, the runs (matched,
// new, cost), delete.
import { useState, type FormEvent } from 'react'
import { del, get, patch, post } from '../api.ts'
import { Link } from '../router.tsx'
import { EFFORTS } from '../runs/start.tsx'
import {
  CATEGORIES,
  type CreateMonitorBody,
  type Effort,
  type EntityCategory,
  type Envelope,
  type Monitor,
  type MonitorRun,
  type SessionView,
  type WebhookList,
} from '../types.ts'
import { categoryLabel } from '../playground/common.tsx'
import {
  EmptyState,
  ErrorMessage,
  formatCredits,
  formatDate,
  isMissingRoute,
  Loading,
  PageTitle,
  Table,
  useLoad,
} from '../ui.tsx'

const path = (id: string) => `/v1/monitors/${encodeURIComponent(id)}`
const CUSTOM = '__custom'
const SCHEDULES: readonly { value: string; label: string }[] = [
  { value: '@hourly', label: 'Every hour' },
  { value: '@daily', label: 'Every day at 00:00 UTC' },
  { value: '0 8 * * 1-5', label: 'Weekdays at 08:00 UTC' },
  { value: '@weekly', label: 'Every week (Sunday 00:00 UTC)' },
  { value: '@monthly', label: 'Every month (the 1st, 00:00 UTC)' },
  { value: 'on_ingest', label: 'After every data load' },
]

export function scheduleText(s: string): string {
  const known = SCHEDULES.find((x) => x.value === s)
  return known ? known.label : `cron ${s} (UTC)`
}

const unavailable = (e: unknown) =>
  isMissingRoute(e) ? new Error('Monitors are not available on this server yet.') : e

export function MonitorsPage({ me }: { me: SessionView }) {
  const canWrite = me.scopes.includes('dsp.agents.write')
  const monitors = useLoad((signal) => get<Envelope<Monitor>>('/v1/monitors', undefined, signal), [])
  const hooks = useLoad((signal) => get<WebhookList>('/v1/webhooks', undefined, signal), [])
  const webhooks = hooks.data?.results ?? []
  const listening = webhooks.filter((h) => h.enabled && h.events.includes('monitor.matched'))

  return (
    <>
      <PageTitle>Monitors</PageTitle>
      <p className="muted">
        A monitor asks a saved question on a schedule or after every data load, and sends only the records it has not
        sent before to your <Link to="/webhooks">webhooks</Link> as a <code>monitor.matched</code> event. Its first run
        records what already matches and sends nothing.
      </p>
      {hooks.data && listening.length === 0 && (
        <p className="note" data-testid="no-listener">
          No enabled webhook endpoint receives <code>monitor.matched</code> yet: monitors run, but nobody is told.{' '}
          <Link to="/webhooks">Add an endpoint</Link> with that event.
        </p>
      )}
      {canWrite ? (
        <CreateMonitorForm webhooks={webhooks} onCreated={monitors.reload} />
      ) : (
        <p className="note">Your role can read monitors but not change them (it lacks dsp.agents.write).</p>
      )}
      <section className="stack" aria-labelledby="monitors-list">
        <h2 id="monitors-list">Monitors in this workspace</h2>
        {monitors.loading && !monitors.data && <Loading what="monitors" />}
        <ErrorMessage error={unavailable(monitors.error)} />
        {monitors.data && monitors.data.results.length === 0 && (
          <EmptyState title="No monitors yet" testId="monitors-empty">
            <p className="muted">Create one above: a question, and when to ask it.</p>
          </EmptyState>
        )}
        {monitors.data?.results.map((m) => (
          <MonitorCard
            key={m.id}
            monitor={m}
            canWrite={canWrite}
            webhookUrl={(id) => webhooks.find((h) => h.id === id)?.url ?? id}
            onChanged={monitors.reload}
          />
        ))}
      </section>
    </>
  )
}

function CreateMonitorForm({ webhooks, onCreated }: { webhooks: WebhookList['results']; onCreated: () => void }) {
  const [name, setName] = useState('')
  const [kind, setKind] = useState<'search' | 'agent_run'>('search')
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<EntityCategory>('company')
  const [effort, setEffort] = useState<Effort>('minimal')
  const [schedule, setSchedule] = useState('@daily')
  const [cron, setCron] = useState('')
  const [targets, setTargets] = useState<string[]>([])
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const body: CreateMonitorBody = { name: name.trim(), schedule: schedule === CUSTOM ? cron.trim() : schedule }
      if (kind === 'search') body.search = { query, category }
      else body.agent_run = { query, category: category === 'person' ? 'person' : 'company', effort }
      if (targets.length) body.webhook_ids = targets
      await post<Monitor>('/v1/monitors', body)
      setName('')
      setQuery('')
      setTargets([])
      onCreated()
    } catch (err) {
      setError(unavailable(err))
    } finally {
      setBusy(false)
    }
  }

  const categories = kind === 'search' ? CATEGORIES : (['company', 'person'] as const)
  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="create-monitor">
      <h2 id="create-monitor">Create a monitor</h2>
      <div className="row">
        <div className="field grow">
          <label htmlFor="monitor-name">Name</label>
          <input
            id="monitor-name"
            type="text"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. New fintech companies in Germany"
          />
        </div>
      </div>
      <fieldset>
        <legend>The question</legend>
        <label className="inline">
          <input type="radio" name="monitor-kind" checked={kind === 'search'} onChange={() => setKind('search')} /> A
          search (charged as a search each run)
        </label>
        <label className="inline">
          <input
            type="radio"
            name="monitor-kind"
            checked={kind === 'agent_run'}
            onChange={() => {
              setKind('agent_run')
              if (category !== 'company' && category !== 'person') setCategory('company')
            }}
          />{' '}
          An agent run (charged at its tier each run)
        </label>
        <div className="row">
          <div className="field grow">
            <label htmlFor="monitor-query">Query</label>
            <input
              id="monitor-query"
              type="text"
              required
              maxLength={4000}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="e.g. fintech companies in Germany"
            />
          </div>
          <div className="field">
            <label htmlFor="monitor-category">Category</label>
            <select
              id="monitor-category"
              value={category}
              onChange={(e) => setCategory(e.target.value as EntityCategory)}
            >
              {categories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </select>
          </div>
          {kind === 'agent_run' && (
            <div className="field">
              <label htmlFor="monitor-effort">Effort</label>
              <select id="monitor-effort" value={effort} onChange={(e) => setEffort(e.target.value as Effort)}>
                {EFFORTS.map((x) => (
                  <option key={x.value} value={x.value}>
                    {x.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      </fieldset>
      <div className="row">
        <div className="field">
          <label htmlFor="monitor-schedule">When</label>
          <select id="monitor-schedule" value={schedule} onChange={(e) => setSchedule(e.target.value)}>
            {SCHEDULES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
            <option value={CUSTOM}>A cron expression…</option>
          </select>
        </div>
        {schedule === CUSTOM && (
          <div className="field grow">
            <label htmlFor="monitor-cron">Cron expression (5 fields, UTC)</label>
            <input
              id="monitor-cron"
              type="text"
              required
              maxLength={100}
              value={cron}
              onChange={(e) => setCron(e.target.value)}
              placeholder="30 6 * * 1"
              className="mono"
            />
          </div>
        )}
      </div>
      {webhooks.length > 0 && (
        <fieldset>
          <legend>Send to</legend>
          <p className="muted small flush">
            None ticked: every enabled endpoint that receives <code>monitor.matched</code>.
          </p>
          {webhooks.map((h) => (
            <label key={h.id} className="check">
              <input
                type="checkbox"
                checked={targets.includes(h.id)}
                onChange={(e) => setTargets((t) => (e.target.checked ? [...t, h.id] : t.filter((x) => x !== h.id)))}
              />
              <span>
                <code>{h.url}</code>
                {h.description ? <span className="muted"> {h.description}</span> : null}
                {!h.enabled && <span className="muted"> (not enabled)</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <ErrorMessage error={error} />
      <div>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create monitor'}
        </button>
      </div>
    </form>
  )
}

function MonitorCard({
  monitor: m,
  canWrite,
  webhookUrl,
  onChanged,
}: {
  monitor: Monitor
  canWrite: boolean
  webhookUrl: (id: string) => string
  onChanged: () => void
}) {
  const [error, setError] = useState<unknown>(null)
  const [showRuns, setShowRuns] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const question = (m.search ?? m.agent_run ?? {}) as { query?: string; category?: string; effort?: string }
  const act = async (what: () => Promise<void>) => {
    setError(null)
    try {
      await what()
      onChanged()
    } catch (e) {
      setError(e)
    }
  }
  return (
    <article className={`card stack${m.enabled ? '' : ' off'}`} aria-label={`Monitor ${m.name}`}>
      <div className="row spread">
        <div>
          <strong>{m.name}</strong>{' '}
          {m.enabled ? <span className="badge active">Enabled</span> : <span className="badge">Paused</span>}{' '}
          {m.environment === 'test' && <span className="badge">test: free</span>}
        </div>
        <span className="muted small">
          Created {formatDate(m.created_at)} · <code>{m.id}</code>
        </span>
      </div>
      <dl className="summary">
        <div>
          <dt>Asks</dt>
          <dd>
            {m.kind === 'agent_run' ? 'Agent run' : 'Search'}: “{question.query ?? '—'}”
            {question.category ? ` · ${question.category}` : ''}
            {question.effort ? ` · ${question.effort}` : ''}
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{scheduleText(m.schedule)}</dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd>{m.schedule === 'on_ingest' ? 'after the next data load' : formatDate(m.next_run_at)}</dd>
        </div>
        <div>
          <dt>Last run</dt>
          <dd>{formatDate(m.last_run_at)}</dd>
        </div>
        <div>
          <dt>Sends to</dt>
          <dd>
            {m.webhook_ids?.length
              ? m.webhook_ids.map(webhookUrl).join(', ')
              : 'every endpoint receiving monitor.matched'}
          </dd>
        </div>
      </dl>
      <div className="row">
        {canWrite && (
          <button type="button" onClick={() => void act(() => patch(path(m.id), { enabled: !m.enabled }))}>
            {m.enabled ? 'Pause' : 'Resume'}
          </button>
        )}
        <button type="button" aria-expanded={showRuns} onClick={() => setShowRuns((s) => !s)}>
          {showRuns ? 'Hide runs' : 'Runs'}
        </button>
        {canWrite &&
          (confirming ? (
            <span className="row confirm">
              <button
                type="button"
                className="danger"
                autoFocus
                aria-label={`Confirm: delete monitor ${m.name}`}
                onClick={() => void act(() => del(path(m.id)))}
              >
                Delete now
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" aria-label={`Delete monitor ${m.name}`} onClick={() => setConfirming(true)}>
              Delete
            </button>
          ))}
      </div>
      <ErrorMessage error={error} />
      {showRuns && <MonitorRuns monitor={m} />}
    </article>
  )
}

function MonitorRuns({ monitor }: { monitor: Monitor }) {
  const runs = useLoad(
    (signal) => get<Envelope<MonitorRun>>(`${path(monitor.id)}/runs`, { limit: 25 }, signal),
    [monitor.id],
  )
  return (
    <div className="stack">
      <div className="row spread">
        <h3>Runs</h3>
        <button type="button" onClick={runs.reload}>
          Refresh
        </button>
      </div>
      {runs.loading && !runs.data && <Loading what="runs" />}
      <ErrorMessage error={runs.error} />
      {runs.data && (
        <Table
          caption={`Runs of ${monitor.name}`}
          rows={runs.data.results}
          rowKey={(r) => r.id}
          empty="No runs yet."
          columns={[
            {
              key: 'trigger',
              header: 'Trigger',
              render: (r) => (
                <>
                  {r.trigger === 'baseline'
                    ? 'First run (baseline)'
                    : r.trigger === 'ingest'
                      ? 'Data load'
                      : 'Schedule'}
                  <br />
                  <small className="muted">{formatDate(r.created_at)}</small>
                </>
              ),
            },
            {
              key: 'status',
              header: 'Status',
              render: (r) => (
                <>
                  <span className={`badge status-${r.status}`}>{r.status}</span>
                  {r.error && <div className="error small">{r.error}</div>}
                </>
              ),
            },
            { key: 'matched_count', header: 'Matched', numeric: true },
            {
              key: 'new_count',
              header: 'New (sent)',
              numeric: true,
              render: (r) => (r.trigger === 'baseline' ? 'none: the baseline' : String(r.new_count)),
            },
            { key: 'credits', header: 'Cost', numeric: true, render: (r) => formatCredits(r.credits_charged) },
            {
              key: 'agent_run_id',
              header: 'Agent run',
              render: (r) =>
                r.agent_run_id ? <Link to={`/runs/${encodeURIComponent(r.agent_run_id)}`}>Open</Link> : '—',
            },
          ]}
        />
      )}
    </div>
  )
}
