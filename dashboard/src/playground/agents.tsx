// Agent runs (§4.9, §6): start one (a fresh Idempotency-Key per intent), watch its events live
// over server-sent events, then read the run (the read settles the charge) and its rows (name,
// location, industry; selectable into a list, downloadable as CSV: results.tsx).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { followEvents, get, post } from '../api.ts'
import type { AgentRun, AgentRunHandle, Effort, Envelope, RunListItem, SearchRow, StreamEvent } from '../types.ts'
import { ErrorMessage, formatCredits, formatDate, isMissingRoute, Json, Status, Table } from '../ui.tsx'
import { AnswerSummary } from './common.tsx'
import { ResultRows } from './results.tsx'

const EFFORTS: readonly { value: Effort; label: string }[] = [
  { value: 'minimal', label: 'Minimal (1.02 credits)' },
  { value: 'low', label: 'Low (2.125 credits)' },
  { value: 'medium', label: 'Medium (8.5 credits)' },
  { value: 'high', label: 'High (42.5 credits)' },
  { value: 'xhigh', label: 'Extra high (85 credits)' },
  { value: 'auto', label: 'Auto (holds 85 while choosing)' },
]

const TERMINAL = new Set(['completed', 'failed', 'cancelled'])

/** A row of GET /v1/agents/runs/{id}/results: the record sits under `record` (contract/agent-runs.ts ResultRow). */
type RunResultRow = Pick<SearchRow, 'id' | 'category' | 'score'> & {
  position: number
  record: Record<string, unknown> | null
  enrichments: Record<string, unknown>
  criteria: unknown[]
}

/** The record's fields at the top, as search rows have them, so one table reads both. */
const flatRow = ({ record, ...rest }: RunResultRow): SearchRow => ({ ...(record ?? {}), ...rest })

const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

export function AgentPanel({ canStart }: { canStart: boolean }) {
  const [runId, setRunId] = useState<string | null>(null)
  return (
    <div className="stack">
      {canStart ? (
        <StartRunForm onStarted={setRunId} />
      ) : (
        <p className="muted">Your role can read agent runs but not start them (it lacks dsp.agents.write).</p>
      )}
      {runId && <RunWatcher key={runId} runId={runId} canCancel={canStart} />}
      <RecentRuns onWatch={setRunId} />
    </div>
  )
}

function StartRunForm({ onStarted }: { onStarted: (runId: string) => void }) {
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<'company' | 'person'>('company')
  const [effort, setEffort] = useState<Effort>('minimal')
  const [criteria, setCriteria] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const lines = criteria
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean)
      const handle = await post<AgentRunHandle>(
        '/v1/agents/runs',
        { query, category, effort, ...(lines.length ? { criteria: lines } : {}) },
        { 'idempotency-key': newIdempotencyKey() },
      )
      onStarted(handle.run_id)
    } catch (err) {
      setError(isMissingRoute(err) ? new Error('Agent runs are not available on this server yet.') : err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="agent-form">
      <h2 id="agent-form">Start an agent run</h2>
      <div className="field">
        <label htmlFor="agent-query">What should the agent find?</label>
        <textarea
          id="agent-query"
          rows={3}
          required
          maxLength={4000}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. B2B payment companies in Europe that raised a Series B in the last two years"
        />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="agent-category">Each row is a</label>
          <select
            id="agent-category"
            value={category}
            onChange={(e) => setCategory(e.target.value as 'company' | 'person')}
          >
            <option value="company">Company</option>
            <option value="person">Person</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="agent-effort">Effort</label>
          <select id="agent-effort" value={effort} onChange={(e) => setEffort(e.target.value as Effort)}>
            {EFFORTS.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="agent-criteria">Criteria a row must satisfy (optional, one per line, up to 10)</label>
        <textarea id="agent-criteria" rows={2} value={criteria} onChange={(e) => setCriteria(e.target.value)} />
      </div>
      <ErrorMessage error={error} />
      <div>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Starting…' : 'Start run'}
        </button>
      </div>
    </form>
  )
}

function RunWatcher({ runId, canCancel }: { runId: string; canCancel: boolean }) {
  const [events, setEvents] = useState<StreamEvent[]>([])
  const [run, setRun] = useState<AgentRun | null>(null)
  const [streaming, setStreaming] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const [results, setResults] = useState<Envelope<SearchRow> | null>(null)
  const controller = useRef<AbortController | null>(null)
  const path = `/v1/agents/runs/${encodeURIComponent(runId)}`

  useEffect(() => {
    const c = new AbortController()
    controller.current = c
    const readRun = async () => {
      const r = await get<AgentRun>(path)
      if (!c.signal.aborted) setRun(r)
      return TERMINAL.has(r.status)
    }
    followEvents(`${path}/events`, (e) => setEvents((list) => [...list, e]), { signal: c.signal, isDone: readRun })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(e)
      })
      .finally(() => !c.signal.aborted && setStreaming(false))
    return () => c.abort()
  }, [path])

  const cancel = async () => {
    try {
      await post(`${path}/cancel`)
      controller.current?.abort()
      setStreaming(false)
      setRun(await get<AgentRun>(path))
    } catch (e) {
      setError(e)
    }
  }

  const loadResults = async () => {
    try {
      const page = await get<Envelope<RunResultRow>>(`${path}/results`)
      setResults({ ...page, results: page.results.map(flatRow) })
    } catch (e) {
      setError(e)
    }
  }

  return (
    <section className="card stack" aria-labelledby="run-title">
      <h2 id="run-title">
        Run <code>{runId}</code>
      </h2>
      <Status>{streaming ? 'Watching events live…' : run ? `Run ${run.status}.` : 'Stream closed.'}</Status>
      <ol className="events" role="log" aria-label="Run events" aria-live="polite">
        {events.map((e, i) => (
          <li key={e.id ?? i}>
            <strong>{e.event}</strong> <code>{e.data.length > 300 ? e.data.slice(0, 297) + '…' : e.data}</code>
          </li>
        ))}
      </ol>
      {run && (
        <dl className="summary" aria-label="Run outcome">
          <div>
            <dt>Status</dt>
            <dd data-testid="run-status">{run.status}</dd>
          </div>
          <div>
            <dt>Effort</dt>
            <dd>
              {run.effort}
              {run.effort_ran && run.effort_ran !== run.effort ? ` (ran ${run.effort_ran})` : ''}
            </dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd>
              {run.credits_charged === null ? 'not settled yet' : `${formatCredits(run.credits_charged)} credits`}
            </dd>
          </div>
          {run.error && (
            <div>
              <dt>Error</dt>
              <dd>{run.error}</dd>
            </div>
          )}
        </dl>
      )}
      {run?.summary && <p>{run.summary}</p>}
      <ErrorMessage error={error} />
      <div className="row">
        {canCancel && run && !TERMINAL.has(run.status) && (
          <button type="button" className="danger" onClick={() => void cancel()}>
            Cancel run
          </button>
        )}
        {run?.status === 'completed' && (
          <button type="button" onClick={() => void loadResults()}>
            Show rows
          </button>
        )}
      </div>
      {results && (
        <>
          <AnswerSummary answer={results} />
          {results.results.length > 0 ? (
            <ResultRows rows={results.results} caption="Agent run rows" fileName={`agent-run-${runId}.csv`} />
          ) : (
            <p className="muted">The run returned no rows.</p>
          )}
        </>
      )}
      {run && (
        <details>
          <summary>Full run</summary>
          <Json value={run} label="The run as read" />
        </details>
      )}
    </section>
  )
}

function RecentRuns({ onWatch }: { onWatch: (runId: string) => void }) {
  const [runs, setRuns] = useState<RunListItem[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const load = async () => {
    try {
      setRuns((await get<{ results: RunListItem[] }>('/v1/agents/runs', { limit: 10 })).results)
      setError(null)
    } catch (e) {
      setError(isMissingRoute(e) ? new Error('Agent runs are not available on this server yet.') : e)
    }
  }
  return (
    <section className="stack" aria-labelledby="recent-runs">
      <h2 id="recent-runs">Recent runs</h2>
      <div>
        <button type="button" onClick={() => void load()}>
          {runs ? 'Refresh recent runs' : 'Show recent runs'}
        </button>
      </div>
      <ErrorMessage error={error} />
      {runs && (
        <Table
          caption="Recent agent runs"
          rows={runs}
          rowKey={(r) => r.run_id}
          empty="No runs in this workspace yet."
          columns={[
            { key: 'query', header: 'Query' },
            { key: 'status', header: 'Status' },
            { key: 'created_at', header: 'Started', render: (r) => formatDate(r.created_at) },
            { key: 'finished_at', header: 'Finished', render: (r) => formatDate(r.finished_at) },
            {
              key: 'watch',
              header: 'Actions',
              render: (r) => (
                <button type="button" onClick={() => onWatch(r.run_id)} aria-label={`Open run ${r.run_id}`}>
                  Open
                </button>
              ),
            },
          ]}
        />
      )}
    </section>
  )
}
