// Agent runs (§4.9, §6): the workspace's runs with the start form (/runs), and one run (/runs/{id}):
// its progress followed live over server-sent events and shown as a timeline, the criteria's
// pass rates, the outcome (read once terminal: the read settles the charge), the summary with
// exclusions and insights, and the rows (runs/rows.tsx).
import { useEffect, useMemo, useRef, useState } from 'react'
import { followEvents, get, post } from '../api.ts'
import { Link, navigate } from '../router.tsx'
import { CriteriaProgress, readProgress, Timeline } from '../runs/timeline.tsx'
import { flatRunRow, RunRows, type RunRow } from '../runs/rows.tsx'
import { StartRunForm } from '../runs/start.tsx'
import type { AgentRun, RunListItem, RunResultsPage, SessionView, StreamEvent } from '../types.ts'
import {
  EmptyState,
  ErrorMessage,
  formatCredits,
  formatDate,
  isMissingRoute,
  Json,
  Loading,
  PageTitle,
  Table,
  useLoad,
} from '../ui.tsx'

const TERMINAL = new Set(['completed', 'failed', 'cancelled'])
/** Rows read for the table and the CSV: every page of the results, up to this many. */
const MAX_ROWS = 1000

const runPath = (runId: string) => `/v1/agents/runs/${encodeURIComponent(runId)}`
const unavailable = (e: unknown) =>
  isMissingRoute(e) ? new Error('Agent runs are not available on this server yet.') : e

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span className={`badge status-${status}`} data-testid={testId}>
      {status}
    </span>
  )
}

export function RunsPage({ me }: { me: SessionView }) {
  const canStart = me.scopes.includes('dsp.agents.write')
  const runs = useLoad((signal) => get<{ results: RunListItem[] }>('/v1/agents/runs', { limit: 50 }, signal), [])
  return (
    <>
      <PageTitle>Agent runs</PageTitle>
      <p className="muted">
        An agent run searches several times, checks each candidate against your criteria and fills the columns you ask
        for. It runs as you and is billed to {me.workspace.name} at its tier&apos;s price when it completes.
      </p>
      {canStart ? (
        <StartRunForm onStarted={(id) => navigate(`/runs/${encodeURIComponent(id)}`)} />
      ) : (
        <p className="note">Your role can read agent runs but not start them (it lacks dsp.agents.write).</p>
      )}
      <section className="stack" aria-labelledby="runs-list">
        <div className="row spread">
          <h2 id="runs-list">Runs in this workspace</h2>
          <button type="button" onClick={runs.reload}>
            Refresh
          </button>
        </div>
        {runs.loading && !runs.data && <Loading what="runs" />}
        <ErrorMessage error={unavailable(runs.error)} />
        {runs.data && (
          <Table
            caption="Agent runs"
            rows={runs.data.results}
            rowKey={(r) => r.run_id}
            empty={
              <EmptyState title="No runs yet" testId="runs-empty">
                <p className="muted">Start one above: each run you or your keys start appears here, newest first.</p>
              </EmptyState>
            }
            columns={[
              {
                key: 'query',
                header: 'Query',
                render: (r) => <Link to={`/runs/${encodeURIComponent(r.run_id)}`}>{r.query ?? r.run_id}</Link>,
              },
              { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
              { key: 'created_at', header: 'Started', render: (r) => formatDate(r.created_at) },
              { key: 'finished_at', header: 'Finished', render: (r) => formatDate(r.finished_at) },
            ]}
          />
        )}
      </section>
    </>
  )
}

export function RunPage({ me, runId }: { me: SessionView; runId: string }) {
  const canCancel = me.scopes.includes('dsp.agents.write')
  const path = runPath(runId)
  const [events, setEvents] = useState<StreamEvent[]>([])
  const [run, setRun] = useState<AgentRun | null>(null)
  const [streaming, setStreaming] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const [rows, setRows] = useState<{ rows: RunRow[]; page: RunResultsPage; truncated: boolean } | null>(null)
  const controller = useRef<AbortController | null>(null)

  useEffect(() => {
    const c = new AbortController()
    controller.current = c
    setEvents([])
    setRun(null)
    setRows(null)
    setStreaming(true)
    const readRun = async () => {
      const r = await get<AgentRun>(path, undefined, c.signal)
      if (!c.signal.aborted) setRun(r)
      return TERMINAL.has(r.status)
    }
    // The run's query and status at once; the stream then tells the rest.
    readRun()
      .then((done) =>
        followEvents(`${path}/events`, (e) => setEvents((list) => [...list, e]), {
          signal: c.signal,
          isDone: async () => done || readRun(),
        }),
      )
      .catch((e: unknown) => {
        // An unknown run is 404 request.invalid too: the server's own sentence says which.
        if ((e as Error).name !== 'AbortError') setError(e)
      })
      .finally(() => !c.signal.aborted && setStreaming(false))
    return () => c.abort()
  }, [path])

  // A run read before its stream ended may be stale: read it again once the stream ends.
  useEffect(() => {
    if (streaming || !run || TERMINAL.has(run.status)) return
    get<AgentRun>(path).then(setRun, setError)
  }, [streaming, run, path])

  const completed = run?.status === 'completed'
  useEffect(() => {
    if (!completed) return
    const c = new AbortController()
    ;(async () => {
      const all: RunRow[] = []
      let cursor: string | null = null
      let page: RunResultsPage
      do {
        page = await get<RunResultsPage>(`${path}/results`, { limit: 100, cursor }, c.signal)
        all.push(...page.results.map(flatRunRow))
        cursor = page.next_cursor
      } while (page.has_more && cursor && all.length < MAX_ROWS)
      if (!c.signal.aborted) setRows({ rows: all, page, truncated: page.has_more })
    })().catch((e: unknown) => (e as Error).name !== 'AbortError' && setError(e))
    return () => c.abort()
  }, [completed, path])

  const progress = useMemo(() => readProgress(events), [events])

  const cancel = async () => {
    try {
      const r = await post<AgentRun>(`${path}/cancel`)
      controller.current?.abort()
      setStreaming(false)
      setRun(r)
    } catch (e) {
      setError(e)
    }
  }

  const status = run?.status ?? progress.status
  if (!run && error && !streaming)
    return (
      <>
        <p className="crumbs">
          <Link to="/runs">← All agent runs</Link>
        </p>
        <PageTitle>Agent run</PageTitle>
        <p className="muted small">
          <code>{runId}</code>
        </p>
        <ErrorMessage error={error} />
      </>
    )
  return (
    <>
      <p className="crumbs">
        <Link to="/runs">← All agent runs</Link>
      </p>
      <PageTitle>Agent run</PageTitle>
      {run && (
        <p className="run-query">
          <q>{run.query}</q>
        </p>
      )}
      <p className="muted small">
        <code>{runId}</code>
        {run && (
          <>
            {' '}
            · {run.category === 'person' ? 'people' : 'companies'} · started {formatDate(run.created_at)}
            {run.finished_at && <> · finished {formatDate(run.finished_at)}</>}
          </>
        )}
      </p>
      <div className="card">
        <dl className="summary big" aria-label="Run outcome">
          <div>
            <dt>Status</dt>
            <dd>{status ? <StatusBadge status={status} testId="run-status" /> : '…'}</dd>
          </div>
          <div>
            <dt>Rows</dt>
            <dd data-testid="run-rows">{(run?.result_count ?? progress.rows).toLocaleString('en')}</dd>
          </div>
          <div>
            <dt>Candidates examined</dt>
            <dd>{progress.candidates.toLocaleString('en')}</dd>
          </div>
          <div>
            <dt>Searches</dt>
            <dd>
              {progress.searchesDone}
              {progress.searchesPlanned && progress.searchesDone < progress.searchesPlanned
                ? ` of ${progress.searchesPlanned}`
                : ''}
            </dd>
          </div>
          <div>
            <dt>Effort</dt>
            <dd>
              {run?.effort ?? '…'}
              {run?.effort_ran && run.effort_ran !== run.effort ? ` → ${run.effort_ran}` : ''}
            </dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd>{run?.credits_charged == null ? 'not settled' : `${formatCredits(run.credits_charged)} credits`}</dd>
          </div>
        </dl>
        {canCancel && run && !TERMINAL.has(run.status) && (
          <p>
            <button type="button" className="danger" onClick={() => void cancel()}>
              Cancel run
            </button>
          </p>
        )}
        {run?.error && <p className="error">{run.error}</p>}
      </div>
      <ErrorMessage error={error} />
      <div className="run-grid">
        <section className="card" aria-labelledby="run-progress">
          <h2 id="run-progress">Progress</h2>
          {events.length === 0 && streaming ? (
            <Loading what="the run's progress" />
          ) : (
            <Timeline progress={progress} live={streaming && !TERMINAL.has(progress.status ?? '')} />
          )}
          <details>
            <summary>Raw events ({events.length})</summary>
            <ol className="events" aria-label="Run events">
              {events.map((e, i) => (
                <li key={e.id ?? i}>
                  <strong>{e.event}</strong> <code>{e.data}</code>
                </li>
              ))}
            </ol>
          </details>
        </section>
        <section className="card" aria-labelledby="run-criteria">
          <h2 id="run-criteria">Criteria</h2>
          {progress.criteria.length ? (
            <CriteriaProgress criteria={progress.criteria} />
          ) : (
            <p className="muted">
              {progress.searchesDone ? 'No criteria: every on-topic record matching the query is a row.' : 'Not yet.'}
            </p>
          )}
        </section>
      </div>
      {run && TERMINAL.has(run.status) && <Outcome run={run} />}
      {completed && (
        <section className="stack" aria-labelledby="run-rows-title">
          <h2 id="run-rows-title">Rows</h2>
          {!rows && <Loading what="the rows" />}
          {rows?.truncated && (
            <p className="note">The first {rows.rows.length.toLocaleString('en')} rows are shown and downloaded.</p>
          )}
          {rows && <RunRows rows={rows.rows} columns={rows.page.columns} fileName={`agent-run-${runId}.csv`} />}
        </section>
      )}
      {run && (
        <details>
          <summary>The run as read (JSON)</summary>
          <Json value={run} label="The run as read" />
        </details>
      )}
    </>
  )
}

function Outcome({ run }: { run: AgentRun }) {
  if (!run.summary && !run.exclusions.length && !run.insights.length) return null
  const sources = new Map(run.insight_sources.map((s) => [s.id, s]))
  return (
    <section className="card stack" aria-labelledby="run-summary">
      <h2 id="run-summary">Summary</h2>
      {run.summary && <p>{run.summary}</p>}
      {run.exclusions.length > 0 && (
        <>
          <h3>Left out</h3>
          <ul>
            {run.exclusions.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        </>
      )}
      {run.insights.length > 0 && (
        <>
          <h3>Insights</h3>
          <ul className="insights">
            {run.insights.map((i) => (
              <li key={i.statement}>
                {i.statement}{' '}
                {i.citations.map((id) => {
                  const s = sources.get(id)
                  const label = s ? [s.publisher, s.published].filter(Boolean).join(', ') || s.title || id : id
                  return (
                    <small key={id} className="muted">
                      [{s?.url ? <a href={s.url}>{label}</a> : label}]{' '}
                    </small>
                  )
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
