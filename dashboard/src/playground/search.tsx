// Search (POST /v1/search): any category and mode; company and person filters from the builder
// (or raw JSON), document categories' filters as JSON; rows people can act on (results.tsx), the
// resolved_search as chips (resolved.tsx), the exact request as curl or TypeScript (code.tsx);
// pages follow next_cursor with the identical request.
import { useState, type FormEvent } from 'react'
import { post } from '../api.ts'
import { CATEGORIES, type EntityCategory, type Envelope, type SearchBody, type SearchRow } from '../types.ts'
import { ErrorMessage } from '../ui.tsx'
import { CopyAsCode } from './code.tsx'
import { AnswerSummary, categoryLabel } from './common.tsx'
import { FilterBuilder, requestFilters, type Filters } from './filter-builder.tsx'
import { ResolvedSearch } from './resolved.tsx'
import { ResultRows } from './results.tsx'

const MODES = [
  { value: 'fast', label: 'Fast: match my words by meaning' },
  { value: 'auto', label: 'Auto: a parser extracts filters' },
  { value: 'deep', label: 'Deep: several steps, slowest' },
] as const

type Mode = (typeof MODES)[number]['value']

interface Example {
  label: string
  hint: string
  query: string
  category: EntityCategory
  mode: Mode
  filters: Filters
}

/** Queries that find rows on the demo corpus of `npm start` (and show a different feature each). */
export const EXAMPLES: readonly Example[] = [
  {
    label: 'Software companies in Germany',
    hint: 'Auto mode: the parser reads the place as a filter',
    query: 'software companies in Germany',
    category: 'company',
    mode: 'auto',
    filters: {},
  },
  {
    label: 'Developer tools, Software & Cloud, 50+ staff',
    hint: 'Fast mode with two filters from the builder',
    query: 'developer tools',
    category: 'company',
    mode: 'fast',
    filters: { industry: { include: ['Software & Cloud'] }, employee_count: { min: 50 } },
  },
  {
    label: 'Engineers in Germany',
    hint: 'People: title, employer and location',
    query: 'engineers in Germany',
    category: 'person',
    mode: 'auto',
    filters: {},
  },
  {
    label: 'Fintech startups that raised a Series A',
    hint: 'The parser reads the funding stage',
    query: 'fintech startups that raised a Series A',
    category: 'company',
    mode: 'auto',
    filters: {},
  },
]

const isGtmCategory = (c: EntityCategory | ''): c is 'company' | 'person' => c === 'company' || c === 'person'

export function SearchPanel() {
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<EntityCategory | ''>('company')
  const [mode, setMode] = useState<Mode>('fast')
  const [limit, setLimit] = useState(10)
  const [filters, setFilters] = useState<Filters>({})
  const [filtersError, setFiltersError] = useState<string | null>(null)
  const [docFilters, setDocFilters] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [request, setRequest] = useState<SearchBody | null>(null)
  // The body of the call behind the page shown (with its cursor): what "copy as code" copies.
  const [made, setMade] = useState<SearchBody | null>(null)
  // Cursors of the pages before the current one (page 1 has none): "Previous" pops one.
  const [trail, setTrail] = useState<(string | null)[]>([])
  const [answer, setAnswer] = useState<Envelope<SearchRow> | null>(null)

  const run = async (body: SearchBody, cursor: string | null, nextTrail: (string | null)[]) => {
    setBusy(true)
    setError(null)
    const sent = cursor ? { ...body, cursor } : body
    try {
      const res = await post<Envelope<SearchRow>>('/v1/search', sent)
      setAnswer(res)
      setMade(sent)
      setTrail(nextTrail)
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }

  const bodyOf = (q: string, c: EntityCategory | '', m: Mode, f: Filters | undefined): SearchBody => ({
    query: q.trim() || null,
    mode: m,
    limit,
    ...(c ? { category: c } : {}),
    ...(f ? { filters: f } : {}),
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    let f: Filters | undefined
    if (isGtmCategory(category) || category === '') {
      if (filtersError) return
      f = requestFilters(filters)
    } else if (docFilters.trim()) {
      try {
        const v: unknown = JSON.parse(docFilters)
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object')
        f = v as Filters
      } catch {
        setFiltersError('Filters must be a JSON object, for example {"published_at": {"from": "2024-01-01"}}.')
        return
      }
      setFiltersError(null)
    }
    const body = bodyOf(query, category, mode, f)
    setRequest(body)
    void run(body, null, [])
  }

  const tryExample = (x: Example) => {
    setQuery(x.query)
    setCategory(x.category)
    setMode(x.mode)
    setFilters(x.filters)
    setFiltersError(null)
    const body = bodyOf(x.query, x.category, x.mode, requestFilters(x.filters))
    setRequest(body)
    void run(body, null, [])
  }

  const page = trail.length + 1
  const builderCategory = isGtmCategory(category) ? category : category === '' ? 'person' : null

  return (
    <div className="stack">
      <section className="card try-first" aria-labelledby="try-first">
        <h2 id="try-first">What to try first</h2>
        <p className="muted small">One click fills the form and searches the demo data.</p>
        <ul className="examples">
          {EXAMPLES.map((x) => (
            <li key={x.label}>
              <button type="button" className="example" onClick={() => tryExample(x)} disabled={busy}>
                <strong>{x.label}</strong>
                <span className="muted small">{x.hint}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

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
            <select id="search-mode" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
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
        {builderCategory ? (
          <FilterBuilder
            category={builderCategory}
            filters={filters}
            onChange={setFilters}
            onJsonError={setFiltersError}
          />
        ) : (
          <div className="field">
            <label htmlFor="search-filters">Filters (JSON, optional)</label>
            <textarea
              id="search-filters"
              rows={3}
              className="mono"
              value={docFilters}
              onChange={(e) => setDocFilters(e.target.value)}
              placeholder='{"published_at": {"from": "2024-01-01"}}'
              aria-invalid={filtersError ? true : undefined}
              aria-describedby="search-filters-hint"
            />
            <small id="search-filters-hint" className={filtersError ? 'error' : 'muted'}>
              {filtersError ??
                `${categoryLabel(category as EntityCategory)} searches take their own small set of filters.`}
            </small>
          </div>
        )}
        <ErrorMessage error={error} />
        <div>
          <button type="submit" className="primary" disabled={busy || Boolean(filtersError)}>
            {busy ? 'Searching…' : 'Search'}
          </button>
        </div>
      </form>

      {!answer && !busy && (
        <section className="empty-state card" aria-label="No search yet">
          <h2>No search yet</h2>
          <p className="muted">
            Type what you are looking for, or pick an example above. Results appear here as rows you can select, save to
            a list, download as CSV or copy as code.
          </p>
        </section>
      )}

      {answer && request && made && (
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
          {answer.resolved_search && (
            <ResolvedSearch resolved={answer.resolved_search} sentFilters={request.filters ?? {}} />
          )}
          <ResultRows
            rows={answer.results}
            caption="Search results"
            fileName={`search-${request.category ?? 'results'}-page-${page}.csv`}
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
            <span className="muted">{page > 1 ? 'Cursor pages repeat the same request.' : ''}</span>
          </nav>
          <CopyAsCode path="/v1/search" body={made} />
        </section>
      )}
    </div>
  )
}
