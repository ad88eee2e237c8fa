// The filter builder: pick a filter from the catalogue (catalogue.ts), give it a value with an
// input fitting its kind (values to include or exclude with suggestions from
// GET /v1/search/filters/{name}, a range, a date range, yes or no), see the chosen filters as
// chips, or edit the same object as raw JSON (both views edit one value).
import { useEffect, useId, useState } from 'react'
import { get } from '../api.ts'
import type { FilterValues } from '../types.ts'
import {
  builderFilter,
  filterLabel,
  filtersFor,
  GEO_LEVEL_NAMES,
  type BuilderFilter,
  type BuilderKind,
  type GeoLevel,
} from './catalogue.ts'
import { filterText, isEmptyFilter } from './filter-text.ts'

export type Filters = Record<string, unknown>
type Suggestion = FilterValues['items'][number]

/** Filters the builder holds, without the ones that say nothing yet: what the request sends. */
export function requestFilters(filters: Filters): Filters | undefined {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => !isEmptyFilter(v)))
  return Object.keys(kept).length ? kept : undefined
}

function initialValue(kind: BuilderKind): unknown {
  if (kind === 'boolean') return true
  if (kind === 'range' || kind === 'date_range') return {}
  return { include: [] }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

// Suggestions are cached per filter and typed text: the dashboard's 30 requests a minute go far.
const suggestionCache = new Map<string, Suggestion[]>()

function useSuggestions(name: string | null, search: string): { items: Suggestion[]; failed: boolean } {
  const [state, setState] = useState<{ items: Suggestion[]; failed: boolean }>({ items: [], failed: false })
  useEffect(() => {
    if (!name) return setState({ items: [], failed: false })
    const key = `${name}\u0000${search.trim().toLowerCase()}`
    const hit = suggestionCache.get(key)
    if (hit) return setState({ items: hit, failed: false })
    const controller = new AbortController()
    const timer = setTimeout(() => {
      get<FilterValues>(
        `/v1/search/filters/${encodeURIComponent(name)}`,
        { search: search.trim() || undefined },
        controller.signal,
      ).then(
        (r) => {
          suggestionCache.set(key, r.items)
          setState({ items: r.items, failed: false })
        },
        (e: unknown) => {
          if ((e as Error).name !== 'AbortError') setState({ items: [], failed: true })
        },
      )
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [name, search])
  return state
}

export function FilterBuilder({
  category,
  filters,
  onChange,
  onJsonError,
}: {
  category: 'company' | 'person'
  filters: Filters
  onChange: (filters: Filters) => void
  onJsonError: (message: string | null) => void
}) {
  const [active, setActive] = useState<string | null>(null)
  const [showJson, setShowJson] = useState(false)
  const available = filtersFor(category)
  const names = Object.keys(filters)

  const add = (name: string) => {
    const spec = builderFilter(name)
    if (!spec) return
    if (!(name in filters)) onChange({ ...filters, [name]: initialValue(spec.kind) })
    setActive(name)
  }
  const remove = (name: string) => {
    const { [name]: _removed, ...rest } = filters
    onChange(rest)
    if (active === name) setActive(null)
  }
  const activeSpec = active ? builderFilter(active) : undefined
  const personOnly = names.filter((n) => builderFilter(n)?.applies_to === 'person')

  return (
    <fieldset className="builder stack">
      <legend>Filters</legend>
      <div className="row">
        <div className="field">
          <label htmlFor="filter-add">Add a filter</label>
          <select id="filter-add" value="" onChange={(e) => e.target.value && add(e.target.value)}>
            <option value="">Choose a filter…</option>
            {(['company', 'person'] as const).map((group) => {
              const list = available.filter((f) =>
                group === 'person' ? f.applies_to === 'person' : f.applies_to !== 'person',
              )
              if (!list.length) return null
              return (
                <optgroup
                  key={group}
                  label={
                    group === 'company'
                      ? category === 'person'
                        ? 'Company (the current employer)'
                        : 'Company'
                      : 'Person'
                  }
                >
                  {list.map((f) => (
                    <option key={f.name} value={f.name} title={f.description}>
                      {filterLabel(f.name)}
                      {f.name in filters ? ' ✓' : ''}
                    </option>
                  ))}
                </optgroup>
              )
            })}
          </select>
        </div>
        <label className="check">
          <input type="checkbox" checked={showJson} onChange={(e) => setShowJson(e.target.checked)} /> Edit as JSON
        </label>
      </div>

      {names.length > 0 ? (
        <ul className="chips" aria-label="Chosen filters">
          {names.map((name) => (
            <li key={name} className={`chip${active === name ? ' active' : ''}`}>
              <button
                type="button"
                className="chip-main"
                aria-pressed={active === name}
                aria-label={`Edit filter ${filterLabel(name)}: ${filterText(filters[name])}`}
                onClick={() => setActive(active === name ? null : name)}
              >
                <strong>{filterLabel(name)}</strong> {filterText(filters[name])}
              </button>
              <button
                type="button"
                className="chip-x"
                aria-label={`Remove filter ${filterLabel(name)}`}
                onClick={() => remove(name)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No filters: the words alone decide. Add one above, e.g. industry or country.</p>
      )}

      {category === 'company' && personOnly.length > 0 && (
        <p className="note small">
          For people only: {personOnly.map(filterLabel).join(', ')}. A company search refuses{' '}
          {personOnly.length === 1 ? 'it' : 'them'}; remove {personOnly.length === 1 ? 'it' : 'them'} or search people.
        </p>
      )}
      {active && activeSpec && active in filters && (
        <FilterEditor
          key={active}
          spec={activeSpec}
          value={filters[active]}
          onChange={(v) => onChange({ ...filters, [active]: v })}
          onDone={() => setActive(null)}
        />
      )}
      {active && !activeSpec && active in filters && (
        <p className="note">
          <code>{active}</code> is not in the catalogue of company and person filters; edit it as JSON.
        </p>
      )}

      {showJson && <JsonFilters filters={filters} onChange={onChange} onJsonError={onJsonError} />}
    </fieldset>
  )
}

function JsonFilters({
  filters,
  onChange,
  onJsonError,
}: {
  filters: Filters
  onChange: (filters: Filters) => void
  onJsonError: (message: string | null) => void
}) {
  const pretty = (f: Filters) => (Object.keys(f).length ? JSON.stringify(f, null, 2) : '')
  const [text, setText] = useState(() => pretty(filters))
  const [error, setError] = useState<string | null>(null)
  // The builder changed the filters: show them, unless the text already says the same.
  useEffect(() => {
    let same = false
    try {
      same = JSON.stringify(text.trim() ? JSON.parse(text) : {}) === JSON.stringify(filters)
    } catch {
      same = false
    }
    if (!same && !error) setText(pretty(filters))
  }, [filters]) // Only a change of the filters re-syncs the text.
  // Closing the JSON view drops its error (`onJsonError` is a state setter: stable).
  useEffect(() => () => onJsonError(null), [onJsonError])

  const edit = (next: string) => {
    setText(next)
    let message: string | null = null
    try {
      const v: unknown = next.trim() ? JSON.parse(next) : {}
      if (!isObject(v)) message = 'Filters must be a JSON object, for example {"industry": {"include": ["Software"]}}.'
      else onChange(v)
    } catch (e) {
      message = `Not valid JSON yet: ${(e as Error).message}`
    }
    setError(message)
    onJsonError(message)
  }

  return (
    <div className="field">
      <label htmlFor="search-filters">Filters as JSON</label>
      <textarea
        id="search-filters"
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        className="mono"
        value={text}
        onChange={(e) => edit(e.target.value)}
        placeholder='{"industry": {"include": ["Software & Cloud"]}, "employee_count": {"min": 50}}'
        aria-invalid={error ? true : undefined}
        aria-describedby="search-filters-hint"
        spellCheck={false}
      />
      <small id="search-filters-hint" className={error ? 'error' : 'muted'}>
        {error ?? 'The same filters as the chips above: edit either one.'}
      </small>
    </div>
  )
}

function FilterEditor({
  spec,
  value,
  onChange,
  onDone,
}: {
  spec: BuilderFilter
  value: unknown
  onChange: (v: unknown) => void
  onDone: () => void
}) {
  const v = isObject(value) ? value : {}
  const base = useId()
  return (
    <div className="card editor stack" role="group" aria-label={`Filter ${filterLabel(spec.name)}`}>
      <div>
        <strong>{filterLabel(spec.name)}</strong> <span className="muted small">{spec.description}</span>
      </div>
      {(spec.kind === 'list' || spec.kind === 'array' || spec.kind === 'text') && (
        <ValuesEditor
          filter={spec.name}
          suggestFrom={spec.suggests ? spec.name : null}
          include={strings(v.include)}
          exclude={strings(v.exclude)}
          onChange={(include, exclude) =>
            onChange(
              includeExclude(
                include.map((x) => x.value),
                exclude.map((x) => x.value),
              ),
            )
          }
          placeholder={spec.kind === 'text' ? 'Words to find' : 'Type to see values'}
        />
      )}
      {spec.kind === 'company' && (
        <ValuesEditor
          filter={spec.name}
          suggestFrom="company"
          include={entries(v.include, 'by')}
          exclude={entries(v.exclude, 'by')}
          onChange={(include, exclude) =>
            onChange(
              includeExclude(
                include.map((x) => companyEntry(x)),
                exclude.map((x) => companyEntry(x)),
              ),
            )
          }
          placeholder="A company domain or name"
        />
      )}
      {spec.kind === 'geo' && <GeoEditor value={v} onChange={onChange} />}
      {spec.kind === 'range' && (
        <div className="row">
          {(['min', 'max'] as const).map((k) => (
            <div className="field" key={k}>
              <label htmlFor={`${base}-${k}`}>
                {filterLabel(spec.name)} {k === 'min' ? 'at least' : 'at most'}
              </label>
              <input
                id={`${base}-${k}`}
                type="number"
                value={typeof v[k] === 'number' ? String(v[k]) : ''}
                onChange={(e) => {
                  const n = e.target.value === '' ? undefined : Number(e.target.value)
                  onChange(clean({ ...v, [k]: n !== undefined && Number.isFinite(n) ? n : undefined }))
                }}
              />
            </div>
          ))}
        </div>
      )}
      {spec.kind === 'date_range' && (
        <div className="row">
          {(['from', 'to'] as const).map((k) => (
            <div className="field" key={k}>
              <label htmlFor={`${base}-${k}`}>
                {filterLabel(spec.name)} {k}
              </label>
              <input
                id={`${base}-${k}`}
                type="date"
                value={typeof v[k] === 'string' ? String(v[k]).slice(0, 10) : ''}
                onChange={(e) => onChange(clean({ ...v, [k]: e.target.value || undefined }))}
              />
            </div>
          ))}
        </div>
      )}
      {spec.kind === 'boolean' && (
        <div className="field">
          <label htmlFor={`${base}-bool`}>{filterLabel(spec.name)}</label>
          <select
            id={`${base}-bool`}
            value={value === false ? 'no' : 'yes'}
            onChange={(e) => onChange(e.target.value === 'yes')}
          >
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </div>
      )}
      <div>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  )
}

const strings = (v: unknown): Item[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => ({ value: x, tag: null })) : []

function entries(v: unknown, tagKey: 'by' | 'level'): Item[] {
  if (!Array.isArray(v)) return []
  return v
    .filter(isObject)
    .map((x) => ({ value: String(x.value ?? ''), tag: typeof x[tagKey] === 'string' ? String(x[tagKey]) : null }))
}

const companyEntry = (x: Item) => ({
  value: x.value,
  by: x.tag ?? (/^[^\s]+\.[a-z]{2,}$/i.test(x.value) ? 'domain' : 'name'),
})

function includeExclude<T>(include: T[], exclude: T[]) {
  return { ...(include.length ? { include } : { include: [] }), ...(exclude.length ? { exclude } : {}) }
}

function clean(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined))
}

interface Item {
  value: string
  tag: string | null
}

function GeoEditor({ value, onChange }: { value: Record<string, unknown>; onChange: (v: unknown) => void }) {
  const [level, setLevel] = useState<GeoLevel>('country')
  const base = useId()
  const toPlace = (x: Item) => ({ value: x.value, level: (x.tag as GeoLevel | null) ?? level })
  return (
    <>
      <div className="field">
        <label htmlFor={`${base}-level`}>Place level</label>
        <select id={`${base}-level`} value={level} onChange={(e) => setLevel(e.target.value as GeoLevel)}>
          {GEO_LEVEL_NAMES.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <ValuesEditor
        filter="geo"
        suggestFrom={level}
        tag={level}
        include={entries(value.include, 'level')}
        exclude={entries(value.exclude, 'level')}
        onChange={(include, exclude) => onChange(includeExclude(include.map(toPlace), exclude.map(toPlace)))}
        placeholder={`A ${level}`}
      />
    </>
  )
}

/** Values to include or exclude: typed (Enter adds) or picked from the suggestions. */
function ValuesEditor({
  filter,
  suggestFrom,
  tag = null,
  include,
  exclude,
  onChange,
  placeholder,
}: {
  filter: string
  suggestFrom: string | null
  tag?: string | null
  include: Item[]
  exclude: Item[]
  onChange: (include: Item[], exclude: Item[]) => void
  placeholder: string
}) {
  const [text, setText] = useState('')
  const [mode, setMode] = useState<'include' | 'exclude'>('include')
  const { items, failed } = useSuggestions(suggestFrom, text)
  const base = useId()
  const label = filterLabel(filter)
  const chosen = new Set([...include, ...exclude].map((x) => x.value.toLowerCase()))

  const addValue = (value: string, itemTag: string | null = tag) => {
    const v = value.trim()
    if (!v || chosen.has(v.toLowerCase())) return setText('')
    const item = { value: v, tag: itemTag }
    if (mode === 'include') onChange([...include, item], exclude)
    else onChange(include, [...exclude, item])
    setText('')
  }
  const drop = (list: 'include' | 'exclude', value: string) =>
    list === 'include'
      ? onChange(
          include.filter((x) => x.value !== value),
          exclude,
        )
      : onChange(
          include,
          exclude.filter((x) => x.value !== value),
        )

  const shown = items.filter((s) => !chosen.has(s.value.toLowerCase())).slice(0, 10)
  return (
    <div className="stack tight">
      <div className="row">
        <div className="field grow">
          <label htmlFor={`${base}-value`}>Value for {label}</label>
          <input
            id={`${base}-value`}
            value={text}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                addValue(text)
              }
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${base}-mode`}>Match</label>
          <select id={`${base}-mode`} value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
            <option value="include">Include</option>
            <option value="exclude">Exclude</option>
          </select>
        </div>
        <div className="field">
          <span className="label-spacer" aria-hidden="true">
            &nbsp;
          </span>
          <button type="button" onClick={() => addValue(text)} disabled={!text.trim()}>
            Add value
          </button>
        </div>
      </div>
      {suggestFrom && (
        <div className="suggestions" role="group" aria-label={`Suggested values for ${label}`}>
          {shown.length > 0 && (
            <span className="muted small" aria-hidden="true">
              Suggested:
            </span>
          )}
          {shown.length > 0 ? (
            shown.map((s) => (
              <button
                type="button"
                key={s.value}
                className="suggestion"
                onClick={() => addValue(s.value, tag ?? (s.domain ? 'domain' : null))}
                title={s.name ?? undefined}
              >
                {s.name && s.name !== s.value ? `${s.name} · ${s.value}` : s.value}
              </button>
            ))
          ) : (
            <span className="muted small">
              {failed
                ? 'Suggestions are unavailable right now; type a value.'
                : text
                  ? 'No suggested value matches.'
                  : ''}
            </span>
          )}
        </div>
      )}
      {(include.length > 0 || exclude.length > 0) && (
        <ul className="chips" aria-label={`Values of ${label}`}>
          {include.map((x) => (
            <li key={`i-${x.value}`} className="chip">
              <span className="chip-main">{x.tag ? `${x.value} (${x.tag})` : x.value}</span>
              <button
                type="button"
                className="chip-x"
                aria-label={`Remove ${x.value}`}
                onClick={() => drop('include', x.value)}
              >
                ×
              </button>
            </li>
          ))}
          {exclude.map((x) => (
            <li key={`e-${x.value}`} className="chip exclude">
              <span className="chip-main">not {x.tag ? `${x.value} (${x.tag})` : x.value}</span>
              <button
                type="button"
                className="chip-x"
                aria-label={`Remove ${x.value}`}
                onClick={() => drop('exclude', x.value)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
