// A run's progress read from its event stream (docs/agent-runs.md §7) as a person follows it: the
// plan, each search with the candidates it brought and the rows kept so far, each value check,
// the insights, the enrichment columns and the end; beside it each criterion's pass rate. The raw
// events stay one click away.
import type { StreamEvent } from '../types.ts'
import { formatDate } from '../ui.tsx'
import { filterText } from '../playground/filter-text.ts'

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {})
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : [])
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const n = (v: unknown) => (num(v) ?? 0).toLocaleString('en')
const plural = (count: unknown, one: string, many = `${one}s`) => `${n(count)} ${num(count) === 1 ? one : many}`

export interface CriterionRate {
  criterion: string
  proven_by: string
  evaluated: number
  passed: number
}

export interface Progress {
  status: string | null
  tier: string | null
  searchesPlanned: number | null
  searchesDone: number
  candidates: number
  rows: number
  criteria: CriterionRate[]
  items: TimelineItem[]
}

export interface TimelineItem {
  key: string
  kind: 'status' | 'plan' | 'search' | 'values' | 'insights' | 'enrichment' | 'done'
  title: string
  lines: string[]
  chips?: string[]
  at?: string | null
  tone?: 'ok' | 'bad'
}

const STATUS_TITLE: Record<string, string> = {
  pending: 'Queued',
  running: 'Started',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/** Filters as phrases: `location: Germany`, `employee_count: at least 51`. */
function filterChips(filters: unknown): string[] {
  return Object.entries(obj(filters)).map(([name, value]) =>
    name === 'geo' ? `location: ${filterText(value)}` : `${name.replace(/_/g, ' ')}: ${filterText(value)}`,
  )
}

const parse = (e: StreamEvent): Obj => {
  try {
    return obj(JSON.parse(e.data))
  } catch {
    return {}
  }
}

/** Folds the events (in stream order) into the figures and the timeline. */
export function readProgress(events: StreamEvent[]): Progress {
  const p: Progress = {
    status: null,
    tier: null,
    searchesPlanned: null,
    searchesDone: 0,
    candidates: 0,
    rows: 0,
    criteria: [],
    items: [],
  }
  const steps = new Map<number, TimelineItem>()
  for (const e of events) {
    const d = parse(e)
    const key = e.id ?? String(p.items.length)
    if (e.event === 'status') {
      p.status = str(d.status)
      // The terminal status is said by `done`, with more.
      if (p.status === 'pending' || p.status === 'running')
        p.items.push({ key, kind: 'status', title: STATUS_TITLE[p.status] ?? p.status, lines: [], at: str(d.at) })
    } else if (e.event === 'plan') {
      const budget = obj(d.budget)
      const searches = arr(d.searches)
      p.tier = str(d.tier)
      p.searchesPlanned = searches.length || num(budget.searches)
      const criteria = arr(d.criteria).map(
        (c) =>
          `“${String(c.criterion)}”: ${
            c.method === 'filter' ? 'proven by the searches’ filters' : 'judged against each record’s text'
          }`,
      )
      const columns = arr(d.columns).map((c) => `${String(c.name)} ← ${str(c.source) ?? 'no field supports it'}`)
      p.items.push({
        key,
        kind: 'plan',
        title: `Planned at ${p.tier ?? '?'} effort${d.tier_chosen_by === 'auto' ? ' (chosen automatically)' : ''}`,
        lines: [
          `Up to ${plural(budget.searches, 'search', 'searches')} over ${plural(budget.candidates, 'candidate')}; the words searched by meaning: “${str(d.semantic_query) ?? '—'}”.`,
          ...criteria,
          ...(columns.length ? [`Columns: ${columns.join(', ')}`] : []),
        ],
        chips: filterChips(d.filters),
      })
    } else if (e.event === 'search_step' || e.event === 'rows_found' || e.event === 'criterion_progress') {
      const step = num(d.step) ?? 0
      let item = steps.get(step)
      if (!item) {
        item = { key: `step-${step}`, kind: 'search', title: `Search ${step + 1}`, lines: [] }
        steps.set(step, item)
        p.items.push(item)
      }
      if (e.event === 'search_step') {
        p.searchesDone = Math.max(p.searchesDone, step + 1)
        p.candidates = num(d.candidates_examined) ?? p.candidates
        const of = p.searchesPlanned && step < p.searchesPlanned ? ` of ${p.searchesPlanned}` : ''
        item.title = `Search ${step + 1}${of}: ${str(d.purpose) ?? ''}`
        const total = num(d.matching_total)
        item.lines.unshift(
          [
            `“${str(d.semantic_query) ?? ''}” returned ${n(d.returned)}`,
            total === null ? null : `of ${n(total)}${d.matching_total_is_estimate ? ' (estimate)' : ''} matching`,
            `· ${plural(d.new_candidates, 'new candidate')}`,
            num(d.off_topic) ? `· ${n(d.off_topic)} off topic` : null,
          ]
            .filter(Boolean)
            .join(' '),
        )
      } else if (e.event === 'rows_found') {
        p.rows = num(d.rows) ?? p.rows
        item.lines.push(
          `${plural(d.new_rows, 'new row')} kept · ${plural(d.rows, 'row')} so far${
            num(d.excluded) ? ` · ${n(d.excluded)} excluded` : ''
          }`,
        )
      } else {
        p.criteria = arr(d.criteria).map((c) => ({
          criterion: String(c.criterion),
          proven_by: String(c.proven_by),
          evaluated: num(c.evaluated) ?? 0,
          passed: num(c.passed) ?? 0,
        }))
      }
    } else if (e.event === 'values_checked') {
      p.items.push({
        key,
        kind: 'values',
        title: `Checked the bound on ${String(d.field ?? d.filter)}`,
        lines: [
          `${n(d.unknown)} lacked the value · ${n(d.not_met)} outside the bound · ${n(d.relaxed)} kept with the filter relaxed`,
        ],
      })
    } else if (e.event === 'insights') {
      const searched = arr(d.searches).map(
        (s) =>
          `${String(s.category).replace(/_/g, ' ')}s: ${n(s.returned)} returned${s.vector_unavailable ? ' (by words only)' : ''}`,
      )
      p.items.push({
        key,
        kind: 'insights',
        title: `Insights: ${plural(d.insights, 'statement')} from ${plural(d.insight_sources, 'document')}`,
        lines: searched,
      })
    } else if (e.event === 'enrichment') {
      p.items.push({
        key,
        kind: 'enrichment',
        title: 'Filled the columns',
        lines: arr(d.columns).map((c) =>
          c.supported
            ? `${String(c.name)} (from ${String(c.source)}): ${plural(c.filled, 'row')} with a value`
            : `${String(c.name)}: no field supports it, left empty`,
        ),
      })
    } else if (e.event === 'done') {
      const status = str(d.status) ?? 'completed'
      p.status = status
      p.items.push({
        key,
        kind: 'done',
        title: STATUS_TITLE[status] ?? status,
        tone: status === 'completed' ? 'ok' : 'bad',
        lines:
          status === 'completed'
            ? [
                `${plural(d.result_count, 'row')} · stopped: ${STOP_REASON[String(d.stop_reason)] ?? String(d.stop_reason)}`,
              ]
            : [str(d.error) ?? ''],
        at: str(d.at),
      })
    }
  }
  return p
}

const STOP_REASON: Record<string, string> = {
  exhausted: 'every matching record was examined',
  candidate_budget: 'the tier’s candidate budget was used up',
  search_budget: 'the tier’s searches were used up',
  no_matches: 'nothing matched',
  cancelled: 'cancelled',
  error: 'an error',
}

export function Timeline({ progress, live }: { progress: Progress; live: boolean }) {
  return (
    <ol className="timeline" aria-label="Run progress">
      {progress.items.map((item) => (
        <li key={item.key} className={`tl-${item.kind}${item.tone ? ` tl-${item.tone}` : ''}`}>
          <div className="tl-title">
            <strong>{item.title}</strong>
            {item.at && <span className="muted small"> · {formatDate(item.at)}</span>}
          </div>
          {item.lines.map((line, i) => (line ? <div key={i}>{line}</div> : null))}
          {item.chips && item.chips.length > 0 && (
            <ul className="chips" aria-label="Filters read from the query">
              {item.chips.map((c) => (
                <li key={c} className="chip">
                  <span className="chip-main">{c}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
      {live && (
        <li className="tl-working" aria-hidden="true">
          <span className="muted">Working…</span>
        </li>
      )}
    </ol>
  )
}

/** Each criterion's pass rate so far: passed of evaluated, and how it is proven. */
export function CriteriaProgress({ criteria }: { criteria: CriterionRate[] }) {
  if (criteria.length === 0) return null
  return (
    <ul className="criteria-progress" aria-label="Criteria progress">
      {criteria.map((c) => {
        const rate = c.evaluated ? c.passed / c.evaluated : 0
        return (
          <li key={c.criterion}>
            <div className="row spread">
              <span>“{c.criterion}”</span>
              <span className="muted small">
                {c.passed.toLocaleString('en')} of {c.evaluated.toLocaleString('en')} passed ({Math.round(rate * 100)}
                %)
              </span>
            </div>
            <div className="bar-track" aria-hidden="true">
              <div className="bar-fill" style={{ width: `${Math.round(rate * 100)}%` }} />
            </div>
            <div className="muted small">
              {c.proven_by === 'query' ? 'Proven by the searches’ filters' : 'Judged against each record’s text'}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
