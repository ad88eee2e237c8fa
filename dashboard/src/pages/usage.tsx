// Usage: the balance with what is reserved (GET /v1/credits), credits per day (GET
// /v1/usage/metrics), the history with each run's detail (GET /v1/usage/history[/{id}]), and a
// way to buy credits (a top-up intent, paid on the checkout page).
import { useState } from 'react'
import { get } from '../api.ts'
import { Link } from '../router.tsx'
import type { ActionType, Credits, History, HistoryDetail, HistoryRow, Metrics, SessionView } from '../types.ts'
import {
  EmptyState,
  ErrorMessage,
  formatCredits,
  formatDate,
  Json,
  Loading,
  PageTitle,
  Table,
  useBuyCredits,
  useLoad,
} from '../ui.tsx'

export function UsagePage({ me }: { me: SessionView }) {
  return (
    <>
      <PageTitle>Usage</PageTitle>
      <Balance me={me} />
      <CreditsChart />
      <HistoryTable />
    </>
  )
}

function Balance({ me }: { me: SessionView }) {
  const credits = useLoad((signal) => get<Credits>('/v1/credits', undefined, signal), [])
  const { buy, error } = useBuyCredits()
  const c = credits.data
  return (
    <section className="card stack" aria-labelledby="balance">
      <h2 id="balance">Balance</h2>
      {credits.loading && !c && <Loading what="the balance" />}
      <ErrorMessage error={credits.error} />
      {c && (
        <dl className="summary big balance">
          <div>
            <dt>Spendable now</dt>
            <dd data-testid="spendable">{formatCredits(c.spendable)}</dd>
            <dd className="figure-note">What the next call can spend: remaining less what agent runs hold.</dd>
          </div>
          {c.allocated && (
            <>
              <div>
                <dt>Remaining</dt>
                <dd data-testid="remaining">{formatCredits(c.allocated.remaining)}</dd>
                <dd className="figure-note">The balance: granted less what calls were charged.</dd>
              </div>
              <div>
                <dt>Reserved by agent runs</dt>
                <dd data-testid="reserved">{formatCredits(c.allocated.reserved)}</dd>
                <dd className="figure-note">
                  Held at a run&apos;s tier price while it runs; charged or released when it finishes.
                </dd>
              </div>
              <div>
                <dt>Granted</dt>
                <dd>{formatCredits(c.allocated.granted)}</dd>
                <dd className="figure-note">Every credit this workspace received: grants and purchases.</dd>
              </div>
            </>
          )}
          {c.shared && (
            <div>
              <dt>Organisation pool (not spendable here)</dt>
              <dd>{formatCredits(c.shared.remaining)}</dd>
            </div>
          )}
        </dl>
      )}
      {c?.allocated && (
        <p className="muted" data-testid="balance-explained">
          {c.allocated.reserved > 0
            ? `Spendable is ${formatCredits(c.allocated.remaining)} remaining less ${formatCredits(c.allocated.reserved)} reserved by agent runs still under way; a hold is charged at what the run cost, or released, when the run ends (at the latest 35 minutes after its start).`
            : 'Spendable and remaining are the same while no agent run is under way: a run reserves its tier price from the moment it starts until it ends.'}
        </p>
      )}
      {c?.scope === 'tenant_wide_fallback' && (
        <p className="muted">This workspace has no allocation of its own; it spends the organisation pool.</p>
      )}
      <div className="row">
        <button type="button" className="primary" onClick={() => void buy()}>
          Buy credits
        </button>
        {!me.permissions.billing && (
          <span className="muted">
            Paying needs the owner or admin role; you can still open a checkout link to pass on.
          </span>
        )}
      </div>
      <ErrorMessage error={error} />
    </section>
  )
}

/** Every action type of §2.6, in words (a Record over the contract's list: a new type must be named here). */
const ACTION_LABELS: Record<ActionType, string> = {
  'dsp.search.fast': 'Search (fast)',
  'dsp.search.auto': 'Search (auto)',
  'dsp.search.deep': 'Search (deep)',
  'dsp.similar': 'Look-alikes',
  'dsp.entities': 'Record lookup',
  'dsp.relationships': 'Relationships',
  'dsp.relationships.ask': 'Relationships question',
  'dsp.org_chart': 'Org chart',
  'dsp.agent.run.minimal': 'Agent run (minimal)',
  'dsp.agent.run.low': 'Agent run (low)',
  'dsp.agent.run.medium': 'Agent run (medium)',
  'dsp.agent.run.high': 'Agent run (high)',
  'dsp.agent.run.xhigh': 'Agent run (xhigh)',
}

const CHART = { width: 640, height: 180, pad: 4 }

/** Credits per UTC day over the last 30 days, as bars; the same numbers are in a table for screen readers. */
function CreditsChart() {
  const metrics = useLoad((signal) => get<Metrics>('/v1/usage/metrics', undefined, signal), [])
  const m = metrics.data
  const max = Math.max(0, ...(m?.days.map((d) => d.credits) ?? [])) || 1
  const barWidth = m && m.days.length > 0 ? (CHART.width - CHART.pad) / m.days.length : 0
  return (
    <section className="card stack" aria-labelledby="chart-title">
      <h2 id="chart-title">Credits per day</h2>
      {metrics.loading && !m && <Loading what="metrics" />}
      <ErrorMessage error={metrics.error} />
      {m && m.total_runs === 0 && (
        <EmptyState title="No usage in the last 30 days yet" testId="usage-empty">
          <p>Each search, lookup or agent run you or your keys make shows here as credits per day. To start:</p>
          <ol>
            <li>
              Run a search in the <Link to="/">playground</Link>: it runs as you, from this workspace's credits (a new
              workspace starts with free starter credits).
            </li>
            <li>
              Try any route from the <a href="/docs">API reference</a> while signed in, or create an{' '}
              <Link to="/keys">API key</Link> and call the API from your server.
            </li>
          </ol>
        </EmptyState>
      )}
      {m && m.total_runs > 0 && (
        <>
          <p className="muted">
            {formatCredits(m.total_credits)} credits over {m.total_runs} runs, {m.days[0]?.date} to{' '}
            {m.days[m.days.length - 1]?.date} (UTC).
          </p>
          <p className="muted chart-scale" aria-hidden="true">
            Scale: 0 to {formatCredits(max)} credits a day
          </p>
          <svg
            className="chart"
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            role="img"
            aria-labelledby="chart-title chart-desc"
            preserveAspectRatio="none"
          >
            <desc id="chart-desc">Bar chart of credits charged per day; the table below has the same numbers.</desc>
            <line
              x1={CHART.pad}
              y1={CHART.height - CHART.pad}
              x2={CHART.width}
              y2={CHART.height - CHART.pad}
              className="axis"
            />
            {m.days.map((d, i) => {
              const h = ((CHART.height - CHART.pad - 8) * d.credits) / max
              return (
                <rect
                  key={d.date}
                  x={CHART.pad + i * barWidth + 1}
                  y={CHART.height - CHART.pad - h}
                  width={Math.max(1, barWidth - 2)}
                  height={h}
                  className="bar"
                >
                  <title>
                    {d.date}: {formatCredits(d.credits)} credits, {d.runs} runs
                  </title>
                </rect>
              )
            })}
          </svg>
          <details>
            <summary>Per-day numbers</summary>
            <Table
              caption="Credits per day"
              rows={m.days.filter((d) => d.runs > 0)}
              rowKey={(d) => d.date}
              empty="No runs in this window."
              columns={[
                { key: 'date', header: 'Day (UTC)' },
                { key: 'runs', header: 'Runs', numeric: true },
                { key: 'failed_runs', header: 'Failed', numeric: true },
                { key: 'credits', header: 'Credits', numeric: true, render: (d) => formatCredits(d.credits) },
              ]}
            />
          </details>
        </>
      )}
    </section>
  )
}

function HistoryTable() {
  const [pages, setPages] = useState<History[]>([])
  const [error, setError] = useState<unknown>(null)
  const first = useLoad(async (signal) => {
    const page = await get<History>('/v1/usage/history', { limit: 25 }, signal)
    setPages([page])
    return page
  }, [])
  const [detail, setDetail] = useState<HistoryDetail | null>(null)
  const last = pages[pages.length - 1]
  const rows = pages.flatMap((p) => p.results)

  const more = async () => {
    if (!last?.next_cursor) return
    try {
      const next = await get<History>('/v1/usage/history', { limit: 25, cursor: last.next_cursor })
      setPages((ps) => [...ps, next])
    } catch (e) {
      setError(e)
    }
  }
  const open = async (row: HistoryRow) => {
    try {
      setDetail(await get<HistoryDetail>(`/v1/usage/history/${row.id}`))
    } catch (e) {
      setError(e)
    }
  }

  return (
    <section className="stack" aria-labelledby="history">
      <h2 id="history">History</h2>
      <p className="muted">Your runs and those of the keys you created, newest first; kept 90 days.</p>
      {first.loading && pages.length === 0 && <Loading what="history" />}
      <ErrorMessage error={first.error ?? error} />
      {last && (
        <>
          <Table
            caption="Usage history"
            rows={rows}
            rowKey={(r) => String(r.id)}
            empty={
              <EmptyState title="No runs yet" testId="history-empty">
                <p>
                  Your runs and those of your keys appear here with their cost and the exact request. Start with a
                  search in the <Link to="/">playground</Link>.
                </p>
              </EmptyState>
            }
            columns={[
              { key: 'occurred_at', header: 'When', render: (r) => formatDate(r.occurred_at) },
              {
                key: 'action_type',
                header: 'Action',
                render: (r) => <span title={r.action_type}>{ACTION_LABELS[r.action_type]}</span>,
              },
              { key: 'query', header: 'Query' },
              {
                key: 'actor_type',
                header: 'By',
                render: (r) => (r.actor_type === 'user' ? 'you (dashboard)' : 'API key'),
              },
              {
                key: 'status',
                header: 'Status',
                render: (r) => (r.error_code ? `${r.status} (${r.error_code})` : r.status),
              },
              { key: 'result_count', header: 'Rows', numeric: true },
              {
                key: 'credits_charged',
                header: 'Credits',
                numeric: true,
                render: (r) => formatCredits(r.credits_charged),
              },
              {
                key: 'detail',
                header: 'Details',
                render: (r) => (
                  <button type="button" onClick={() => void open(r)} aria-label={`Details of run ${r.id}`}>
                    Details
                  </button>
                ),
              },
            ]}
          />
          <p className="muted" hidden={rows.length === 0}>
            Showing {rows.length} of {last.total}.{' '}
            {last.next_cursor && (
              <button type="button" onClick={() => void more()}>
                Load more
              </button>
            )}
          </p>
        </>
      )}
      {detail && (
        <section className="card stack" aria-labelledby="run-detail">
          <h3 id="run-detail">
            Run {detail.id} · {ACTION_LABELS[detail.action_type]} <code>{detail.action_type}</code>
          </h3>
          <dl className="summary">
            <div>
              <dt>Status</dt>
              <dd>{detail.status}</dd>
            </div>
            <div>
              <dt>Credits</dt>
              <dd>{formatCredits(detail.credits_charged)}</dd>
            </div>
            <div>
              <dt>Latency</dt>
              <dd>{detail.latency_ms === null ? '—' : `${detail.latency_ms} ms`}</dd>
            </div>
            <div>
              <dt>Request id</dt>
              <dd>
                <code>{detail.request_id}</code>
              </dd>
            </div>
            <div>
              <dt>Snapshot</dt>
              <dd>{detail.snapshot_state}</dd>
            </div>
          </dl>
          <details open>
            <summary>Request</summary>
            <Json value={detail.request} label="Original request" />
          </details>
          <details>
            <summary>Plan</summary>
            <Json value={detail.plan} label="Resolved plan" />
          </details>
          {detail.snapshot && (
            <details>
              <summary>Page-1 snapshot</summary>
              <Json value={detail.snapshot} label="Page-1 snapshot" />
            </details>
          )}
          <div>
            <button type="button" onClick={() => setDetail(null)}>
              Close details
            </button>
          </div>
        </section>
      )}
    </section>
  )
}
