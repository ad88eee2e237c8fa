// Run rows → wire shapes (contract §2.12): the run read and the list item. credits_charged and
// effort_ran stay null until the run is settled, never 0 for "unknown".
import type { Effort, ResultColumn, RunCategory, RunListItem, Tier } from '../../contract/agent-runs.ts'
import type { AgentRunRow } from '../../store/agent-runs.ts'
import { toCredits } from '../credits/ledger.ts'
import { BILLING_BYPASSED } from '../credits/metering.ts'

type Degradation = {
  reason: string
  detail: string
  impact: 'recall' | 'precision' | 'freshness' | 'fields'
  source_corpus: string | null
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * §2.2 `columns`: the enrichment columns of a completed run that asked for some; null for a plain
 * entity table (no enrichments) and until the run completes. The run read and its results agree.
 */
export function runColumns(run: Pick<AgentRunRow, 'status' | 'columns'>): ResultColumn[] | null {
  const columns = run.status === 'completed' ? (run.columns as ResultColumn[] | null) : null
  return columns && columns.length > 0 ? columns : null
}

export function runView(run: AgentRunRow) {
  const degradation = [...((run.degradation as Degradation[] | null) ?? [])]
  if (run.environment === 'test') degradation.push(BILLING_BYPASSED)
  const settled = run.settled_at !== null
  return {
    run_id: run.id,
    status: run.status,
    query: run.query,
    category: run.category as RunCategory,
    effort: run.effort as Effort,
    effort_ran: settled ? ((run.effort_ran as Tier | null) ?? null) : null,
    credits_charged: settled ? toCredits(run.credits_charged_milli ?? 0) : null,
    summary: run.summary,
    coverage: (run.coverage as Record<string, unknown> | null) ?? null,
    degradation,
    error: run.error,
    exclusions: (run.exclusions as string[] | null) ?? [],
    insights: (run.insights as never[] | null) ?? [],
    insight_sources: (run.insight_sources as never[] | null) ?? [],
    stop_reason: run.stop_reason,
    result_count: run.result_count,
    columns: runColumns(run),
    created_at: run.created_at.toISOString(),
    started_at: iso(run.started_at),
    finished_at: iso(run.finished_at),
  }
}

export function listItemView(
  run: Pick<AgentRunRow, 'id' | 'status' | 'query' | 'created_at' | 'finished_at'>,
): RunListItem {
  return {
    run_id: run.id,
    status: run.status,
    query: run.query,
    created_at: run.created_at.toISOString(),
    finished_at: iso(run.finished_at),
  }
}

export const TERMINAL = new Set(['completed', 'failed', 'cancelled'])
