// Pieces the playground tools share: the answer summary line (rows, total, cost, request id) and
// the columns of a row table (search results, agent-run results).
import type { EntityCategory, Meta, SearchRow } from '../types.ts'
import { cellText, formatCredits, Json, type Column } from '../ui.tsx'

export const categoryLabel = (c: EntityCategory) => c.replace(/_/g, ' ').replace(/^./, (x) => x.toUpperCase())

export function costText(meta: Meta): string {
  if (meta.credits_charged === null) return 'free'
  return `${formatCredits(meta.credits_charged)} credits`
}

export function AnswerSummary({
  answer,
}: {
  answer: { results: unknown[]; total: number; total_is_estimate: boolean; meta: Meta }
}) {
  return (
    <dl className="summary" aria-label="Answer summary">
      <div>
        <dt>Rows</dt>
        <dd>{answer.results.length}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>
          {answer.total.toLocaleString('en')}
          {answer.total_is_estimate ? ' (estimate)' : ''}
        </dd>
      </div>
      <div>
        <dt>Cost</dt>
        <dd data-testid="cost">{costText(answer.meta)}</dd>
      </div>
      <div>
        <dt>Request</dt>
        <dd>
          <code>{answer.meta.request_id}</code>
        </dd>
      </div>
    </dl>
  )
}

const FIRST_COLUMNS = ['id', 'category', 'score']
const MAX_EXTRA_COLUMNS = 6
// Fields a person reads first, when a row has them; then any other short field.
const PREFERRED = [
  'account_name',
  'name',
  'full_name',
  'title',
  'headline',
  'job_title',
  'company_name',
  'domain',
  'industry',
  'country',
  'city',
  'employee_count',
  'published_at',
  'announced_on',
  'amount_usd',
]

const isShort = (v: unknown) =>
  v !== null &&
  v !== undefined &&
  typeof v !== 'object' &&
  !(typeof v === 'string' && (/^https?:\/\//.test(v) || v.length > 80))

/** The table's columns: the guaranteed keys (id, category, score) the rows carry, then a few readable fields. */
export function rowColumns(rows: SearchRow[]): Column<SearchRow>[] {
  const seen = new Set<string>()
  for (const row of rows) for (const [k, v] of Object.entries(row)) if (isShort(v)) seen.add(k)
  const extra = [...PREFERRED.filter((k) => seen.has(k)), ...[...seen].filter((k) => !PREFERRED.includes(k))]
    .filter((k) => !FIRST_COLUMNS.includes(k) && !(k === 'domain' && rows.every((r) => r.id === r.domain)))
    .slice(0, MAX_EXTRA_COLUMNS)
  const first = FIRST_COLUMNS.filter((k) => rows.some((r) => k in r))
  return [
    ...first.map((k) => ({
      key: k,
      header: k,
      numeric: k === 'score',
      render:
        k === 'score'
          ? (r: SearchRow) => (typeof r.score === 'number' ? r.score.toFixed(3) : cellText(r.score))
          : undefined,
    })),
    ...extra.map((k) => ({ key: k, header: k.replace(/_/g, ' ') })),
    {
      key: '__all',
      header: 'All fields',
      render: (r: SearchRow) => (
        <details>
          <summary>Show</summary>
          <Json value={r} label={`All fields of ${r.id}`} />
        </details>
      ),
    },
  ]
}
