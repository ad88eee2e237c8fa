// An agent run's rows (GET /v1/agents/runs/{id}/results): name, place and industry as search rows
// read, the enrichment columns the run filled, and each criterion's verdict with the record's own
// evidence on hover or focus; select rows to save them to a list, or download them as CSV (the
// selected rows, or every row when none is).
import { useEffect, useState } from 'react'
import type { RunColumn, RunResultRow, SearchRow } from '../types.ts'
import { cellText, Json, Table, type Column } from '../ui.tsx'
import { AddToList, NameCell } from '../playground/results.tsx'
import {
  download,
  rowDomain,
  rowEmployer,
  rowIndustry,
  rowLocation,
  rowName,
  rowsToDownload,
  rowTitle,
  CSV_COLUMNS,
} from '../playground/rows.ts'

/** A run row with the record's fields at the top, as search rows have them, so the row readers apply. */
export type RunRow = SearchRow & { __run: RunResultRow }

export const flatRunRow = (r: RunResultRow): RunRow =>
  ({ ...(r.record ?? {}), id: r.id, category: r.category, score: r.score, __run: r }) as RunRow

type Verdict = 'met' | 'not_met' | 'unknown'
const VERDICT_TEXT: Record<Verdict, string> = { met: 'Met', not_met: 'Not met', unknown: 'Unknown' }
const VERDICT_MARK: Record<Verdict, string> = { met: '✓', not_met: '✗', unknown: '?' }

const criterionVerdict = (c: RunResultRow['criteria'][number]): Verdict => c.verdict ?? (c.passed ? 'met' : 'not_met')

/** The criteria of a run, in the order its rows carry them. */
export function criteriaOf(rows: RunRow[]): string[] {
  const seen: string[] = []
  for (const r of rows) for (const c of r.__run.criteria) if (!seen.includes(c.criterion)) seen.push(c.criterion)
  return seen
}

/** The enrichment columns: the page's `columns`, else the keys the rows carry. */
export function enrichmentsOf(rows: RunRow[], columns: RunColumn[] | null): RunColumn[] {
  if (columns) return columns
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.__run.enrichments)))]
  return names.map((name) => ({ name, source: null, supported: true, filled: 0 }))
}

/**
 * A verdict badge whose evidence shows on hover and on keyboard focus (and is read with it). The
 * tip is placed in the window (position: fixed), so the table's scroll box does not clip it.
 */
export function VerdictBadge({
  verdict,
  label,
  evidence,
  how,
}: {
  verdict: Verdict
  label: string
  evidence: string | null
  how: string
}) {
  const [at, setAt] = useState<{ left: number; top: number } | null>(null)
  const show = (e: { currentTarget: HTMLElement }) => {
    const r = e.currentTarget.getBoundingClientRect()
    setAt({ left: Math.max(8, Math.min(r.left, window.innerWidth - 360)), top: r.bottom + 4 })
  }
  const hide = () => setAt(null)
  return (
    <span
      className={`verdict ${verdict}`}
      tabIndex={0}
      data-testid="verdict"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      <span aria-hidden="true">{VERDICT_MARK[verdict]}</span> {label}
      <span className={`tip${at ? ' open' : ''}`} role="tooltip" style={at ?? undefined}>
        <strong>{how}</strong>
        <br />
        {evidence ? `Evidence: ${evidence}` : 'No evidence recorded'}
      </span>
    </span>
  )
}

const enrichmentText = (v: unknown) => (v === null || v === undefined ? '—' : cellText(v))

export function RunRows({
  rows,
  columns,
  fileName,
}: {
  rows: RunRow[]
  columns: RunColumn[] | null
  fileName: string
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set())
  useEffect(() => setSelected(new Set()), [rows])
  const toggle = (i: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(i)) next.delete(i)
      else next.add(i)
      return next
    })
  const allSelected = rows.length > 0 && selected.size === rows.length
  const criteria = criteriaOf(rows)
  const enrichments = enrichmentsOf(rows, columns)
  const people = rows.some((r) => r.category === 'person')
  type Indexed = RunRow & { __i: number }
  const indexed: Indexed[] = rows.map((r, i) => ({ ...r, __i: i }))

  const tableColumns: Column<Indexed>[] = [
    {
      key: '__select',
      header: 'Select',
      render: (r) => (
        <input
          type="checkbox"
          checked={selected.has(r.__i)}
          onChange={() => toggle(r.__i)}
          aria-label={`Select ${rowName(r)}`}
        />
      ),
    },
    {
      key: 'name',
      header: 'Name',
      render: (r) => <NameCell row={r} />,
    },
    ...(people
      ? [
          {
            key: 'title',
            header: 'Title · employer',
            render: (r: Indexed) => (
              <>
                {rowTitle(r) ?? '—'}
                <br />
                <small className="muted">{rowEmployer(r) ?? '—'}</small>
              </>
            ),
          },
        ]
      : []),
    { key: 'location', header: 'Location', render: (r) => rowLocation(r) ?? '—' },
    { key: 'industry', header: 'Industry', render: (r) => rowIndustry(r) ?? '—' },
    ...enrichments.map((c): Column<Indexed> => ({
      key: `enrichment:${c.name}`,
      header: c.name,
      render: (r) =>
        c.supported ? (
          enrichmentText(r.__run.enrichments[c.name])
        ) : (
          <span className="muted" title="No record field supports this column">
            n/a
          </span>
        ),
    })),
    ...criteria.map((name): Column<Indexed> => ({
      key: `criterion:${name}`,
      header: name,
      wrap: true,
      render: (r) => {
        const c = r.__run.criteria.find((x) => x.criterion === name)
        if (!c) return '—'
        const v = criterionVerdict(c)
        return (
          <VerdictBadge
            verdict={v}
            label={VERDICT_TEXT[v]}
            evidence={c.evidence}
            how={c.proven_by === 'query' ? 'Proven by the searches’ filters' : 'Judged against the record’s text'}
          />
        )
      },
    })),
    ...(rows.some((r) => r.__run.filters?.length)
      ? [
          {
            key: '__filters',
            header: 'Filters',
            render: (r: Indexed) => (
              <span className="verdicts">
                {(r.__run.filters ?? []).map((f) => (
                  <VerdictBadge
                    key={f.filter}
                    verdict={f.verdict}
                    label={f.filter}
                    evidence={f.evidence}
                    how={f.verdict === 'met' ? 'A filter read from the query' : 'The record lacks it: filter relaxed'}
                  />
                ))}
              </span>
            ),
          },
        ]
      : []),
    {
      key: 'score',
      header: 'Score',
      numeric: true,
      render: (r) => r.score.toFixed(3),
    },
    {
      key: '__all',
      header: 'All fields',
      render: (r) => (
        <details>
          <summary>Show</summary>
          <Json value={r.__run} label={`All fields of ${r.id}`} />
        </details>
      ),
    },
  ]

  return (
    <div className="stack">
      <div className="row spread actions-bar">
        <label className="check">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((_, i) => i)))}
            disabled={rows.length === 0}
          />{' '}
          Select all rows
        </label>
        <div className="row">
          <span className="muted" data-testid="selected-count">
            {selected.size} selected
          </span>
          <button
            type="button"
            onClick={() => download(fileName, runCsvOf(rowsToDownload(rows, selected), columns))}
            disabled={rows.length === 0}
            title={selected.size > 0 ? 'The selected rows as a CSV file' : 'Every row of the run as a CSV file'}
          >
            Download CSV
          </button>
        </div>
      </div>
      {selected.size > 0 && <AddToList rows={[...selected].sort((a, b) => a - b).map((i) => rows[i]!)} />}
      <Table
        caption="Agent run rows"
        rows={indexed}
        rowKey={(r) => `${r.id}-${r.__run.position}`}
        columns={tableColumns}
        empty="The run kept no rows."
      />
    </div>
  )
}

type Cell = string | number | null

/**
 * The rows as CSV (RFC 4180: every field quoted, quotes doubled, CRLF): the category's readable
 * columns (as the playground's), then each enrichment column, then each criterion's verdict and
 * its evidence, then the score.
 */
export function runCsvOf(rows: RunRow[], columns: RunColumn[] | null): string {
  const base = (rows.some((r) => r.category === 'person') ? CSV_COLUMNS.person : CSV_COLUMNS.company).filter(
    (c) => c !== 'score',
  )
  const read: Record<string, (r: RunRow) => Cell> = {
    id: (r) => r.id,
    category: (r) => r.category,
    name: rowName,
    title: rowTitle,
    employer: rowEmployer,
    location: rowLocation,
    industry: rowIndustry,
    domain: rowDomain,
    profile_url: (r) => (typeof r.profile_url === 'string' ? r.profile_url : null),
  }
  const enrichments = enrichmentsOf(rows, columns)
  const criteria = criteriaOf(rows)
  const header = [
    ...base,
    ...enrichments.map((c) => c.name),
    ...criteria.flatMap((c) => [c, `${c} (evidence)`]),
    'score',
  ]
  const value = (v: unknown): Cell =>
    v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number)
  const line = (r: RunRow): Cell[] => [
    ...base.map((c) => read[c]!(r)),
    ...enrichments.map((c) => value(r.__run.enrichments[c.name])),
    ...criteria.flatMap((name) => {
      const c = r.__run.criteria.find((x) => x.criterion === name)
      return c ? [criterionVerdict(c), c.evidence] : [null, null]
    }),
    r.score,
  ]
  const cell = (v: Cell) => `"${String(v ?? '').replace(/"/g, '""')}"`
  return [header, ...rows.map(line)].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n'
}
