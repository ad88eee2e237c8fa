// Starting an agent run (§4.9): the query, what each row is, the effort tier (with its price),
// criteria and enrichment columns, one line each. A fresh Idempotency-Key per submitted intent.
import { useState, type FormEvent } from 'react'
import { post } from '../api.ts'
import type { AgentRunHandle, Effort, RunCategory, RunStartBody } from '../types.ts'
import { ErrorMessage, isMissingRoute } from '../ui.tsx'

export const EFFORTS: readonly { value: Effort; label: string }[] = [
  { value: 'minimal', label: 'Minimal (1.02 credits)' },
  { value: 'low', label: 'Low (2.125 credits)' },
  { value: 'medium', label: 'Medium (8.5 credits)' },
  { value: 'high', label: 'High (42.5 credits)' },
  { value: 'xhigh', label: 'Extra high (85 credits)' },
  { value: 'auto', label: 'Auto (holds 85 while choosing)' },
]

const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)

export function StartRunForm({ onStarted }: { onStarted: (runId: string) => void }) {
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<RunCategory>('company')
  const [effort, setEffort] = useState<Effort>('minimal')
  const [criteria, setCriteria] = useState('')
  const [enrichments, setEnrichments] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const body: RunStartBody = { query, category, effort }
      if (lines(criteria).length) body.criteria = lines(criteria)
      if (lines(enrichments).length) body.enrichments = lines(enrichments)
      const handle = await post<AgentRunHandle>('/v1/agents/runs', body, { 'idempotency-key': newIdempotencyKey() })
      onStarted(handle.run_id)
    } catch (err) {
      setError(isMissingRoute(err) ? new Error('Agent runs are not available on this server yet.') : err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="agent-form">
      <h2 id="agent-form">Start an agent run</h2>
      <div className="field">
        <label htmlFor="agent-query">What should the agent find?</label>
        <textarea
          id="agent-query"
          rows={3}
          required
          maxLength={4000}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. B2B payment companies in Europe that raised a Series B in the last two years"
        />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="agent-category">Each row is a</label>
          <select id="agent-category" value={category} onChange={(e) => setCategory(e.target.value as RunCategory)}>
            <option value="company">Company</option>
            <option value="person">Person</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="agent-effort">Effort</label>
          <select id="agent-effort" value={effort} onChange={(e) => setEffort(e.target.value as Effort)}>
            {EFFORTS.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="row">
        <div className="field grow">
          <label htmlFor="agent-criteria">Criteria a row must meet (optional, one per line, up to 10)</label>
          <textarea
            id="agent-criteria"
            rows={2}
            value={criteria}
            onChange={(e) => setCriteria(e.target.value)}
            placeholder={'more than 50 employees\noffers cloud products'}
          />
        </div>
        <div className="field grow">
          <label htmlFor="agent-enrichments">Columns to fill on each row (optional, one per line, up to 20)</label>
          <textarea
            id="agent-enrichments"
            rows={2}
            value={enrichments}
            onChange={(e) => setEnrichments(e.target.value)}
            placeholder={'headcount\nfounded'}
          />
        </div>
      </div>
      <ErrorMessage error={error} />
      <div>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Starting…' : 'Start run'}
        </button>
      </div>
    </form>
  )
}
