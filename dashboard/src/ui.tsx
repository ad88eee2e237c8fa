// Shared pieces of the dashboard: loading data, error and status messages, tables, the copy
// button, tabs, and formatting.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { ApiProblem, describeError, post } from './api.ts'
import { navigate } from './router.tsx'
import type { TopupIntent } from './types.ts'

export interface Loaded<T> {
  data: T | null
  error: unknown
  loading: boolean
  reload: () => void
}

/** Runs `load` on mount and whenever `deps` change; `reload` runs it again. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  })
  const [tick, setTick] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null }))
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: null, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState({ data: null, error, loading: false }),
    )
    return () => controller.abort()
  }, [...deps, tick]) // `load` is re-created each render; `deps` say when it changes.
  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { ...state, reload }
}

/** True when the error says the route is not on this server (yet). */
export const isMissingRoute = (e: unknown) =>
  e instanceof ApiProblem && e.status === 404 && e.code === 'request.invalid'

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null
  const noCredits = error instanceof ApiProblem && error.status === 402 && error.code === 'credits.insufficient'
  return (
    <div className="error" role="alert">
      <p>{describeError(error)}</p>
      {noCredits && (
        <p>
          <BuyCreditsButton /> <span>Credits are paid on the checkout page; the workspace can use them at once.</span>
        </p>
      )}
    </div>
  )
}

/** Opens a top-up intent and goes to its checkout page (paying needs the owner or admin role). */
export function useBuyCredits(): { buy: () => Promise<void>; error: unknown } {
  const [error, setError] = useState<unknown>(null)
  const buy = async () => {
    try {
      const intent = await post<TopupIntent>('/v1/billing/top-up/intents')
      navigate(`/checkout/${encodeURIComponent(intent.topup_id)}`)
    } catch (e) {
      setError(e)
    }
  }
  return { buy, error }
}

export function BuyCreditsButton() {
  const { buy, error } = useBuyCredits()
  return (
    <>
      <button type="button" className="primary" onClick={() => void buy()}>
        Buy credits
      </button>
      {error !== null && <span> {describeError(error)}</span>}
    </>
  )
}

/** What a page shows when it has nothing yet: what this is, and what to do next. */
export function EmptyState({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="empty-state" data-testid={testId}>
      <p className="empty-title">{title}</p>
      {children}
    </div>
  )
}

export function Status({ children }: { children: ReactNode }) {
  return (
    <p className="status" role="status" aria-live="polite">
      {children}
    </p>
  )
}

export function Loading({ what }: { what: string }) {
  return <Status>Loading {what}…</Status>
}

export function formatCredits(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—'
  return n.toLocaleString('en', { maximumFractionDigits: 3 })
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'
}

/** A cell value: scalars as text, arrays joined, objects as compact JSON (truncated). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '—'
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.join(', ')
  const s = JSON.stringify(v)
  return s.length > 120 ? s.slice(0, 117) + '…' : s
}

export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="json" aria-label={label} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  )
}

export interface Column<Row> {
  key: string
  header: string
  render?: (row: Row) => ReactNode
  numeric?: boolean
  /** A header that may wrap (long text, such as a criterion); headers otherwise stay on one line. */
  wrap?: boolean
}

export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row, i: number) => string
  empty?: ReactNode
}) {
  if (rows.length === 0)
    return typeof empty === 'string' || empty === undefined ? <p className="muted">{empty ?? 'Nothing yet.'}</p> : empty
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={[c.numeric ? 'num' : '', c.wrap ? 'wrap' : ''].filter(Boolean).join(' ') || undefined}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? 'num' : undefined}>
                  {c.render ? c.render(row) : cellText((row as Record<string, unknown>)[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={label}>
        Copy
      </button>
      <span role="status" aria-live="polite" className="muted">
        {copied === 'copied'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copy failed: select the text and copy it yourself.'
            : ''}
      </span>
    </>
  )
}

export interface Tab {
  id: string
  label: string
  panel: ReactNode
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs. */
export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id ?? '')
  const base = useId()
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.findIndex((t) => t.id === active)
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1
    if (next < 0) return
    e.preventDefault()
    const id = tabs[next]!.id
    setActive(id)
    refs.current[id]?.focus()
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el
            }}
            role="tab"
            type="button"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === active ? 0 : -1}
            onClick={() => setActive(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          hidden={t.id !== active}
          tabIndex={0}
        >
          {t.panel}
        </div>
      ))}
    </div>
  )
}

/** Focuses the page heading after navigation, so screen readers announce the new page. */
export function PageTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus()
    document.title = `${typeof children === 'string' ? children : 'Dashboard'} · Data Platform`
  }, [children])
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  )
}
