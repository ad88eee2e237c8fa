// Record lookup (the nine POST /v1/entities/* routes): ids one per line, `by` where the route
// takes it; one hit per id, in order, misses included.
import { useState, type FormEvent } from 'react'
import { post } from '../api.ts'
import type { EntityHit, Envelope } from '../types.ts'
import { cellText, ErrorMessage, Json, Table } from '../ui.tsx'
import { AnswerSummary } from './common.tsx'

interface LookupRoute {
  path: string
  label: string
  ids: string
  by: readonly { value: string; label: string }[]
}

const INTERNAL = { value: '', label: 'Internal id' }
const NAMED = [
  { value: 'name', label: 'Name (default)' },
  { value: 'id', label: 'Internal id' },
] as const

const ROUTES: readonly LookupRoute[] = [
  {
    path: 'companies',
    label: 'Companies',
    ids: 'Domains, page URLs, names or ids',
    by: [
      { value: 'domain', label: 'Domain' },
      { value: 'li_url', label: 'Company page URL' },
      { value: 'name', label: 'Name' },
      { value: 'auto', label: 'Auto-detect each' },
      INTERNAL,
    ],
  },
  {
    path: 'persons',
    label: 'People',
    ids: 'Profile URLs, names or ids',
    by: [
      { value: 'li_url', label: 'Profile URL' },
      { value: 'name', label: 'Name' },
      { value: 'auto', label: 'Auto-detect each' },
      INTERNAL,
    ],
  },
  { path: 'patents', label: 'Patents', ids: 'Patent numbers', by: [] },
  { path: 'trends', label: 'Trends', ids: 'Trend names', by: [] },
  { path: 'academic-reports', label: 'Academic reports', ids: 'DOIs', by: [] },
  { path: 'news', label: 'News', ids: 'Headlines or ids', by: NAMED },
  { path: 'market-reports', label: 'Market reports', ids: 'Titles or ids', by: NAMED },
  { path: 'fundings', label: 'Funding rounds', ids: 'Company names or ids', by: NAMED },
  { path: 'job-openings', label: 'Job openings', ids: 'Job roles or ids', by: NAMED },
]

/** A one-line description of a match: its name-like field and identifier. */
function matchSummary(m: Record<string, unknown> | undefined): string {
  if (!m) return '—'
  const name = m.account_name ?? m.name ?? m.full_name ?? m.title ?? m.headline ?? m.role ?? m.id
  const id = m.domain ?? m.id
  return [cellText(name), id && id !== name ? `(${cellText(id)})` : ''].join(' ').trim()
}

export function LookupPanel() {
  const [routeIndex, setRouteIndex] = useState(0)
  const route = ROUTES[routeIndex]!
  const [by, setBy] = useState<string>(ROUTES[0]!.by[0]?.value ?? '')
  const [ids, setIds] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<Envelope<EntityHit> | null>(null)

  const choose = (i: number) => {
    setRouteIndex(i)
    setBy(ROUTES[i]!.by[0]?.value ?? '')
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const list = ids
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean)
    if (list.length === 0) {
      setError(new Error('Enter at least one id, one per line.'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      setAnswer(await post<Envelope<EntityHit>>(`/v1/entities/${route.path}`, { ids: list, ...(by ? { by } : {}) }))
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="stack">
      <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="lookup-form">
        <h2 id="lookup-form">Look up records</h2>
        <div className="row">
          <div className="field">
            <label htmlFor="lookup-route">Records</label>
            <select id="lookup-route" value={routeIndex} onChange={(e) => choose(Number(e.target.value))}>
              {ROUTES.map((r, i) => (
                <option key={r.path} value={i}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          {route.by.length > 0 && (
            <div className="field">
              <label htmlFor="lookup-by">Look up by</label>
              <select id="lookup-by" value={by} onChange={(e) => setBy(e.target.value)}>
                {route.by.map((b) => (
                  <option key={b.value} value={b.value}>
                    {b.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <div className="field">
          <label htmlFor="lookup-ids">{route.ids}, one per line</label>
          <textarea id="lookup-ids" rows={4} className="mono" value={ids} onChange={(e) => setIds(e.target.value)} />
        </div>
        <ErrorMessage error={error} />
        <div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Looking up…' : 'Look up'}
          </button>
        </div>
      </form>
      {answer && (
        <section className="stack" aria-labelledby="lookup-results">
          <h2 id="lookup-results">Hits</h2>
          <AnswerSummary answer={answer} />
          <Table
            caption="Lookup hits"
            rows={answer.results}
            rowKey={(h, i) => `${h.id}-${i}`}
            columns={[
              { key: 'id', header: 'Asked for' },
              { key: 'found', header: 'Found', render: (h) => (h.found ? 'yes' : 'no') },
              { key: 'matches', header: 'Matches', numeric: true, render: (h) => h.matches.length },
              { key: 'first', header: 'First match', render: (h) => matchSummary(h.matches[0]) },
              {
                key: 'records',
                header: 'Records',
                render: (h) =>
                  h.matches.length > 0 ? (
                    <details>
                      <summary>Show</summary>
                      <Json value={h.matches} label={`Records for ${h.id}`} />
                    </details>
                  ) : null,
              },
            ]}
          />
        </section>
      )}
    </div>
  )
}
