// Saved lists (§4.7): create, rename, delete, and browse a list's items (with their current
// records), add items by id and remove them.
import { useState, type FormEvent } from 'react'
import { del, get, patch, post } from '../api.ts'
import { categoryLabel } from '../playground/common.tsx'
import {
  CATEGORIES,
  type AddItemsResult,
  type EntityCategory,
  type ListItems,
  type Lists,
  type SavedList,
} from '../types.ts'
import { Link } from '../router.tsx'
import {
  cellText,
  EmptyState,
  ErrorMessage,
  formatDate,
  isMissingRoute,
  Json,
  Loading,
  PageTitle,
  Status,
  Table,
  useLoad,
} from '../ui.tsx'

export function ListsPage() {
  const lists = useLoad((signal) => get<Lists>('/v1/lists', undefined, signal), [])
  const [open, setOpen] = useState<SavedList | null>(null)
  const missing = isMissingRoute(lists.error)

  return (
    <>
      <PageTitle>Lists</PageTitle>
      {missing ? (
        <p className="muted">Saved lists are not available on this server yet.</p>
      ) : (
        <>
          <CreateListForm onCreated={lists.reload} />
          <section className="stack" aria-labelledby="lists-title">
            <h2 id="lists-title">Your workspace's lists</h2>
            {lists.loading && !lists.data && <Loading what="lists" />}
            <ErrorMessage error={lists.error} />
            {lists.data && (
              <>
                <p className="muted">
                  {lists.data.saved_items} saved items
                  {lists.data.saved_items_cap !== null ? ` of at most ${lists.data.saved_items_cap}` : ''} · fields:{' '}
                  {lists.data.field_tier}
                </p>
                <Table
                  caption="Saved lists"
                  rows={lists.data.lists}
                  rowKey={(l) => l.id}
                  empty={
                    <EmptyState title="No lists yet" testId="lists-empty">
                      <p>
                        A list keeps companies, people and documents you want to come back to, with their current
                        records. Name one above, then add results from a search in the <Link to="/">playground</Link> or
                        by id here. Lists are free and shared with your workspace; keys with the search or lookup scope
                        can read and fill them too.
                      </p>
                    </EmptyState>
                  }
                  columns={[
                    { key: 'name', header: 'Name' },
                    { key: 'item_count', header: 'Items', numeric: true },
                    { key: 'updated_at', header: 'Updated', render: (l) => formatDate(l.updated_at) },
                    {
                      key: 'actions',
                      header: 'Actions',
                      render: (l) => (
                        <ListActions
                          list={l}
                          onBrowse={() => setOpen(l)}
                          onChanged={(gone) => {
                            if (gone && open?.id === l.id) setOpen(null)
                            lists.reload()
                          }}
                        />
                      ),
                    },
                  ]}
                />
              </>
            )}
          </section>
          {open && <ListItemsView key={open.id} list={open} onChanged={lists.reload} onClose={() => setOpen(null)} />}
        </>
      )}
    </>
  )
}

function CreateListForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<unknown>(null)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    try {
      await post<SavedList>('/v1/lists', { name: name.trim() })
      setName('')
      setError(null)
      onCreated()
    } catch (err) {
      setError(err)
    }
  }
  return (
    <form className="card row" onSubmit={(e) => void submit(e)} aria-label="Create a list">
      <div className="field grow">
        <label htmlFor="list-name">New list name</label>
        <input
          id="list-name"
          type="text"
          required
          maxLength={120}
          pattern=".*\S.*"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button type="submit" className="primary">
        Create list
      </button>
      <ErrorMessage error={error} />
    </form>
  )
}

function ListActions({
  list,
  onBrowse,
  onChanged,
}: {
  list: SavedList
  onBrowse: () => void
  onChanged: (gone: boolean) => void
}) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle')
  const [name, setName] = useState(list.name)
  const [error, setError] = useState<unknown>(null)
  const act = async (fn: () => Promise<unknown>, gone: boolean) => {
    try {
      await fn()
      setMode('idle')
      setError(null)
      onChanged(gone)
    } catch (e) {
      setError(e)
    }
  }
  const id = encodeURIComponent(list.id)
  if (mode === 'rename') {
    return (
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault()
          void act(() => patch(`/v1/lists/${id}`, { name: name.trim() }), false)
        }}
      >
        <label htmlFor={`rename-${list.id}`} className="visually-hidden">
          New name for {list.name}
        </label>
        <input
          id={`rename-${list.id}`}
          type="text"
          required
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        <button type="submit">Save</button>
        <button type="button" onClick={() => setMode('idle')}>
          Cancel
        </button>
        <ErrorMessage error={error} />
      </form>
    )
  }
  if (mode === 'delete') {
    return (
      <span className="row">
        <button
          type="button"
          className="danger"
          autoFocus
          onClick={() => void act(() => del(`/v1/lists/${id}`), true)}
          aria-label={`Confirm: delete ${list.name}`}
        >
          Confirm delete
        </button>
        <button type="button" onClick={() => setMode('idle')}>
          Cancel
        </button>
        <ErrorMessage error={error} />
      </span>
    )
  }
  return (
    <span className="row">
      <button type="button" onClick={onBrowse} aria-label={`Browse ${list.name}`}>
        Browse
      </button>
      <button type="button" onClick={() => setMode('rename')} aria-label={`Rename ${list.name}`}>
        Rename
      </button>
      <button type="button" onClick={() => setMode('delete')} aria-label={`Delete ${list.name}`}>
        Delete
      </button>
    </span>
  )
}

type Item = ListItems['items'][number]

function ListItemsView({ list, onChanged, onClose }: { list: SavedList; onChanged: () => void; onClose: () => void }) {
  const id = encodeURIComponent(list.id)
  const [pages, setPages] = useState<ListItems[]>([])
  const [tick, setTick] = useState(0)
  const first = useLoad(
    async (signal) => {
      const page = await get<ListItems>(`/v1/lists/${id}/items`, { limit: 25 }, signal)
      setPages([page])
      return page
    },
    [id, tick],
  )
  const [error, setError] = useState<unknown>(null)
  const last = pages[pages.length - 1]
  const items = pages.flatMap((p) => p.items)
  const refresh = () => {
    setTick((t) => t + 1)
    onChanged()
  }

  const more = async () => {
    if (!last?.next_cursor) return
    try {
      const next = await get<ListItems>(`/v1/lists/${id}/items`, { limit: 25, cursor: last.next_cursor })
      setPages((ps) => [...ps, next])
    } catch (e) {
      setError(e)
    }
  }
  const remove = async (item: Item) => {
    try {
      await del(`/v1/lists/${id}/items`, {
        items: [{ entity_category: item.entity_category, entity_id: item.entity_id }],
      })
      refresh()
    } catch (e) {
      setError(e)
    }
  }

  return (
    <section className="card stack" aria-labelledby="items-title">
      <div className="row spread">
        <h2 id="items-title">{last?.saved_list.name ?? list.name}</h2>
        <button type="button" onClick={onClose}>
          Close list
        </button>
      </div>
      <AddItemsForm listId={id} onAdded={refresh} />
      {first.loading && pages.length === 0 && <Loading what="items" />}
      <ErrorMessage error={first.error ?? error} />
      {last && (
        <>
          <Table
            caption={`Items of ${list.name}`}
            rows={items}
            rowKey={(i) => `${i.entity_category}:${i.entity_id}`}
            empty={
              <EmptyState title="This list is empty" testId="list-items-empty">
                <p>
                  Add items by id above (a company's domain, a person's or document's id), or select rows of a search in
                  the <Link to="/">playground</Link> and add them to this list.
                </p>
              </EmptyState>
            }
            columns={[
              { key: 'entity_category', header: 'Category', render: (i) => categoryLabel(i.entity_category) },
              { key: 'entity_id', header: 'Id', render: (i) => <code>{i.entity_id}</code> },
              { key: 'added_at', header: 'Added', render: (i) => formatDate(i.added_at) },
              {
                key: 'available',
                header: 'Record',
                render: (i) =>
                  i.available
                    ? recordName(i.record as Record<string, unknown> | null)
                    : `unavailable (${i.unavailable_reason ?? 'unknown'})`,
              },
              {
                key: 'record',
                header: 'Fields',
                render: (i) =>
                  i.record ? (
                    <details>
                      <summary>Show</summary>
                      <Json value={i.record} label={`Record of ${i.entity_id}`} />
                    </details>
                  ) : null,
              },
              {
                key: 'remove',
                header: 'Actions',
                render: (i) => (
                  <button
                    type="button"
                    onClick={() => void remove(i)}
                    aria-label={`Remove ${i.entity_id} from the list`}
                  >
                    Remove
                  </button>
                ),
              },
            ]}
          />
          {last.next_cursor && (
            <button type="button" onClick={() => void more()}>
              Load more items
            </button>
          )}
        </>
      )}
    </section>
  )
}

function recordName(record: Record<string, unknown> | null): string {
  if (!record) return '—'
  return cellText(record.account_name ?? record.name ?? record.full_name ?? record.title ?? record.id ?? '—')
}

function AddItemsForm({ listId, onAdded }: { listId: string; onAdded: () => void }) {
  const [category, setCategory] = useState<EntityCategory>('company')
  const [ids, setIds] = useState('')
  const [result, setResult] = useState<AddItemsResult | null>(null)
  const [error, setError] = useState<unknown>(null)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const list = ids
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean)
    if (list.length === 0) return
    try {
      setResult(
        await post<AddItemsResult>(`/v1/lists/${listId}/items`, {
          items: list.map((entity_id) => ({ entity_category: category, entity_id })),
        }),
      )
      setIds('')
      setError(null)
      onAdded()
    } catch (err) {
      setError(err)
    }
  }
  return (
    <form className="stack" onSubmit={(e) => void submit(e)} aria-label="Add items">
      <div className="row">
        <div className="field">
          <label htmlFor="items-category">Category</label>
          <select id="items-category" value={category} onChange={(e) => setCategory(e.target.value as EntityCategory)}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor="items-ids">Ids to add, one per line (company: domain; person: profile URL)</label>
          <textarea id="items-ids" rows={2} className="mono" value={ids} onChange={(e) => setIds(e.target.value)} />
        </div>
      </div>
      <div>
        <button type="submit">Add to list</button>
      </div>
      {result && (
        <Status>
          Added {result.added}, already there {result.already_present}, not allowed (Do-Not-Contact) {result.suppressed}
          .
        </Status>
      )}
      <ErrorMessage error={error} />
    </form>
  )
}
