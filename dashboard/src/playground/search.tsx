// Search (POST /v1/search): any category and mode, filters as JSON, rows as a table, the
// resolved_search and the cost; pages follow next_cursor with the identical request.
import { useState, type FormEvent } from 'react'
import { post } from '../api.ts'
import { CATEGORIES, type EntityCategory, type Envelope, type SearchBody, type SearchRow } from '../types.ts'
import { ErrorMessage, Json, Table } from '../ui.tsx'
import { AnswerSummary, categoryLabel, rowColumns } from './common.tsx'

const MODES = [
  { value: 'fast', label: 'Fast: match my words by meaning' },
  { value: 'auto', label: 'Auto: a parser extracts filters' },
  { value: 'deep', label: 'Deep: several steps, slowest' },
] as const

export function SearchPanel() {
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<EntityCategory | ''>('company')
  const [mode, setMode] = useState<'fast' | 'auto' | 'deep'>('fast')
  const [limit, setLimit] = useState(10)
  const [filters, setFilters] = useState('')
  const [filtersError, setFiltersError] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [request, setRequest] = useState<SearchBody | null>(null)
  // Cursors of the pages before the current one (page 1 has none): "Previous" pops one.
  const [trail, setTrail] = useState<(string | null)[]>([])
  const [answer, setAnswer] = useState<Envelope<SearchRow> | null>(null)

  const run = async (body: SearchBody, cursor: string | null, nextTrail: (string | null)[]) => {
    setBusy(true)
    setError(null)
    try {
      const res = await post<Envelope<SearchRow>>('/v1/search', cursor ? { ...body, cursor } : body)
      setAnswer(res)
      setTrail(nextTrail)
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    let parsed: Record<string, unknown> | undefined
    if (filters.trim()) {
      try {
        const v: unknown = JSON.parse(filters)
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object')
        parsed = v as Record<string, unknown>
      } catch {
        setFiltersError('Filters must be a JSON object, for example {"country": {"include": ["Germany"]}}.')
        return
      }
    }
    setFiltersError(null)
    const body: SearchBody = {
      query: query.trim() || null,
      mode,
      limit,
      ...(category ? { category } : {}),
      ...(parsed ? { filters: parsed } : {}),
    }
    setRequest(body)
    void run(body, null, [])
  }

  const page = trail.length + 1
  const currentCursor = trail.length > 0 ? (trail[trail.length - 1] ?? null) : null

  return (
    <div className="stack">
      <form className="card stack" onSubmit={submit} aria-labelledby="search-form">
        <h2 id="search-form">Search</h2>
        <div className="field">
          <label htmlFor="search-query">Query</label>
          <textarea
            id="search-query"
            rows={2}
            maxLength={2000}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="e.g. fintech companies in Berlin hiring engineers"
          />
        </div>
        <div className="row">
          <div className="field">
            <label htmlFor="search-category">Category</label>
            <select
              id="search-category"
              value={category}
              onChange={(e) => setCategory(e.target.value as EntityCategory | '')}
            >
              <option value="">Auto-classify</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="search-mode">Mode</label>
            <select id="search-mode" value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
              {MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="search-limit">Rows per page</label>
            <input
              id="search-limit"
              type="number"
              min={1}
              max={100}
              value={limit}
              onChange={(e) => setLimit(Number(e.target.value))}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="search-filters">Filters (JSON, optional)</label>
          <textarea
            id="search-filters"
            rows={3}
            className="mono"
            value={filters}
            onChange={(e) => setFilters(e.target.value)}
            placeholder='{"industry": {"include": ["Software"]}, "employee_count": {"min": 50}}'
            aria-invalid={filtersError ? true : undefined}
            aria-describedby="search-filters-hint"
          />
          <small id="search-filters-hint" className={filtersError ? 'error' : 'muted'}>
            {filtersError ??
              'Company and person searches take the typed filters; document categories their own small sets.'}
          </small>
        </div>
        <ErrorMessage error={error} />
        <div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Searching…' : 'Search'}
          </button>
        </div>
      </form>

      {answer && request && (
        <section className="stack" aria-labelledby="search-results">
          <h2 id="search-results">Results · page {page}</h2>
          <AnswerSummary answer={answer} />
          {answer.suggestion && <p className="note">Suggestion: {answer.suggestion.message}</p>}
          {answer.degradation.length > 0 && (
            <ul className="note" aria-label="Degradation">
              {answer.degradation.map((d, i) => (
                <li key={i}>
                  {d.reason}: {d.detail}
                </li>
              ))}
            </ul>
          )}
          <Table
            caption="Search results"
            rows={answer.results}
            rowKey={(r, i) => `${r.id}-${i}`}
            columns={rowColumns(answer.results)}
            empty="No rows matched."
          />
          <nav className="row" aria-label="Result pages">
            <button
              type="button"
              disabled={busy || page === 1}
              onClick={() =>
                void run(request, trail.length > 1 ? (trail[trail.length - 2] ?? null) : null, trail.slice(0, -1))
              }
            >
              Previous page
            </button>
            <button
              type="button"
              disabled={busy || !answer.next_cursor}
              onClick={() => void run(request, answer.next_cursor, [...trail, answer.next_cursor])}
            >
              Next page
            </button>
            <span className="muted">{currentCursor ? 'Cursor pages repeat the same request.' : ''}</span>
          </nav>
          <details open>
            <summary>resolved_search</summary>
            <Json value={answer.resolved_search} label="Resolved search" />
          </details>
        </section>
      )}
    </div>
  )
}
