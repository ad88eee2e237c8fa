// Result rows people can act on (search and agent runs): name, title and employer, location and
// industry; select rows and add them to a saved list (existing or new, §4.7 routes), or download
// the selected rows (the whole page when none is selected) as CSV with the category's own columns,
// built in the browser.
import { useEffect, useState } from 'react'
import { get, post } from '../api.ts'
import type { AddItemsResult, Lists, SavedList, SearchRow } from '../types.ts'
import { cellText, ErrorMessage, Json, Status, Table, type Column } from '../ui.tsx'
import { rowColumns } from './common.tsx'
import {
  csvOf,
  download,
  entityRef,
  isGtm,
  rowDepartment,
  rowDomain,
  rowEmployer,
  rowIndustry,
  rowLocation,
  rowName,
  rowTitle,
  rowsToDownload,
  type EntityRef,
} from './rows.ts'

const NEW_LIST = '__new'

export function ResultRows({ rows, caption, fileName }: { rows: SearchRow[]; caption: string; fileName: string }) {
  const [selected, setSelected] = useState<Set<number>>(new Set())
  // A new page is a new selection.
  useEffect(() => setSelected(new Set()), [rows])

  const toggle = (i: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(i)) next.delete(i)
      else next.add(i)
      return next
    })
  const allSelected = rows.length > 0 && selected.size === rows.length

  const select: Column<SearchRow & { __i: number }> = {
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
  }
  const indexed = rows.map((r, i) => ({ ...r, __i: i }))
  const columns = isGtm(rows) ? readableColumns(rows) : (rowColumns(rows) as Column<SearchRow & { __i: number }>[])

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
          Select all on this page
        </label>
        <div className="row">
          <span className="muted" data-testid="selected-count">
            {selected.size} selected
          </span>
          <button
            type="button"
            onClick={() => download(fileName, csvOf(rowsToDownload(rows, selected)))}
            disabled={rows.length === 0}
            title={selected.size > 0 ? 'The selected rows as a CSV file' : 'The rows of this page as a CSV file'}
          >
            Download CSV
          </button>
        </div>
      </div>
      {selected.size > 0 && <AddToList rows={[...selected].sort((a, b) => a - b).map((i) => rows[i]!)} />}
      <Table
        caption={caption}
        rows={indexed}
        rowKey={(r, i) => `${r.id}-${i}`}
        columns={[select, ...columns]}
        empty="No rows matched."
      />
    </div>
  )
}

/** A row's name, and under it a person's profile or a record's domain. */
export function NameCell({ row }: { row: SearchRow }) {
  return (
    <>
      <strong>{rowName(row)}</strong>
      <br />
      <small className="muted">{row.category === 'person' ? cellText(row.profile_url) : rowDomain(row)}</small>
    </>
  )
}

function readableColumns(rows: SearchRow[]): Column<SearchRow & { __i: number }>[] {
  const people = rows.some((r) => r.category === 'person')
  return [
    {
      key: 'name',
      header: 'Name',
      render: (r) => <NameCell row={r} />,
    },
    ...(people
      ? [
          {
            key: 'title',
            header: 'Title · employer · department',
            render: (r: SearchRow) =>
              r.category === 'person' ? (
                <>
                  {rowTitle(r) ?? '—'}
                  <br />
                  <small className="muted">
                    {[rowEmployer(r) ?? '—', rowDepartment(r)].filter(Boolean).join(' · ')}
                  </small>
                </>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    { key: 'location', header: 'Location', render: (r) => rowLocation(r) ?? '—' },
    // A person's industry is their current employer's (current_employer.industry).
    { key: 'industry', header: 'Industry', render: (r) => rowIndustry(r) ?? '—' },
    {
      key: 'score',
      header: 'score',
      numeric: true,
      render: (r) => (typeof r.score === 'number' ? r.score.toFixed(3) : cellText(r.score)),
    },
    {
      key: '__all',
      header: 'All fields',
      render: (r) => {
        const { __i: _i, ...row } = r
        return (
          <details>
            <summary>Show</summary>
            <Json value={row} label={`All fields of ${r.id}`} />
          </details>
        )
      },
    },
  ]
}

export function AddToList({ rows }: { rows: SearchRow[] }) {
  const [lists, setLists] = useState<Lists['lists'] | null>(null)
  const [target, setTarget] = useState<string>(NEW_LIST)
  const [newName, setNewName] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [done, setDone] = useState<string | null>(null)

  useEffect(() => {
    const c = new AbortController()
    get<Lists>('/v1/lists', undefined, c.signal).then(
      (r) => {
        setLists(r.lists)
        if (r.lists[0]) setTarget(r.lists[0].id)
      },
      (e: unknown) => (e as Error).name !== 'AbortError' && setError(e),
    )
    return () => c.abort()
  }, [])

  const refs = rows.map((r) => ({ row: r, ref: entityRef(r) }))
  const addable = refs.filter((x): x is { row: SearchRow; ref: EntityRef } => x.ref !== null)
  const missing = refs.filter((x) => x.ref === null).map((x) => rowName(x.row))

  const add = async () => {
    setBusy(true)
    setError(null)
    setDone(null)
    try {
      let listId = target
      let listName = lists?.find((l) => l.id === target)?.name ?? ''
      if (target === NEW_LIST) {
        const created = await post<SavedList>('/v1/lists', { name: newName.trim() })
        listId = created.id
        listName = created.name
        setLists((l) => [created, ...(l ?? [])])
        setTarget(created.id)
        setNewName('')
      }
      const res = await post<AddItemsResult>(`/v1/lists/${encodeURIComponent(listId)}/items`, {
        items: addable.map((x) => x.ref),
      })
      setLists((l) => l?.map((x) => (x.id === res.saved_list.id ? res.saved_list : x)) ?? null)
      const extra = [
        res.already_present ? `${res.already_present} already there` : '',
        res.suppressed ? `${res.suppressed} on the Do-Not-Contact list, not added` : '',
      ].filter(Boolean)
      setDone(`Added ${res.added} to ${listName}${extra.length ? ` (${extra.join('; ')})` : ''}.`)
    } catch (e) {
      setError(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="card stack add-to-list"
      aria-label="Add the selected rows to a list"
      onSubmit={(e) => {
        e.preventDefault()
        void add()
      }}
    >
      <div className="row">
        <div className="field">
          <label htmlFor="add-to-list-target">Save {rows.length} selected to</label>
          <select id="add-to-list-target" value={target} onChange={(e) => setTarget(e.target.value)}>
            {(lists ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({l.item_count})
              </option>
            ))}
            <option value={NEW_LIST}>A new list…</option>
          </select>
        </div>
        {target === NEW_LIST && (
          <div className="field grow">
            <label htmlFor="add-to-list-name">New list name</label>
            <input
              id="add-to-list-name"
              type="text"
              required
              maxLength={120}
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              placeholder="e.g. Prospects Q3"
            />
          </div>
        )}
        <div>
          <button type="submit" className="primary" disabled={busy || addable.length === 0}>
            {busy ? 'Adding…' : `Add ${addable.length} to list`}
          </button>
        </div>
      </div>
      {missing.length > 0 && (
        <p className="note" role="note">
          {missing.length === 1 ? '1 selected row has' : `${missing.length} selected rows have`} no profile URL and
          cannot be saved to a list (a person is saved by the profile URL): {missing.join(', ')}.
        </p>
      )}
      {done && <Status>{done}</Status>}
      <ErrorMessage error={error} />
    </form>
  )
}
