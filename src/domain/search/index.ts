// POST /v1/search (data-routes §4.1, platform §2.2, §7, §8): one page of a search in fast (hybrid
// words-by-meaning), auto (rule parser + caller filters) or deep (parse, retrieve, expand, re-rank,
// audit). The plan (plan.ts) or the one its cursor carries, its retrieval under the engine's
// deadline (parsed filters relaxed when they must be: relax.ts), deep's re-rank and audit
// (deep.ts), and the answer's envelope (answer.ts). The route charges the page once its answer is
// built (searchRecords returns what to charge).
import type { EnvelopeFields } from '../../contract/common.ts'
import type { SearchBody } from '../../contract/search.ts'
import { termLexemes } from '../../retrieval/fulltext.ts'
import { billingDegradation, chargeChain, snapshotOf, type ChargeInput } from '../credits/metering.ts'
import { MAX_DEPTH, planOrCursor } from '../cursors.ts'
import type { Credential, Deps } from '../types.ts'
import { pageReach, requestFingerprint, resolvedSearch, suggestionFor } from './answer.ts'
import { auditCriteria, rerank } from './deep.ts'
import { planSearch, type PlannedSearch, type SearchPlan } from './plan.ts'
import { attributionFor, vectorDegradation, vectorUnavailableDegradation } from './provenance.ts'
import { termRarity } from './rarity.ts'
import { descriptionOverFilters, relaxParsedFilters } from './relax.ts'
import { retrieve } from './retrieve.ts'
import type { Retrieved } from './retrieval-plan.ts'
import { buildRows, type Row } from './rows.ts'
import { contentTerms } from './terms.ts'
import { withRetrieval } from './timing.ts'

/** A search's answer as the route sends it (contract/search.ts SearchResponse), `meta` aside. */
export type SearchEnvelope = EnvelopeFields<Row>

type Degradation = SearchEnvelope['degradation'][number]

export interface SearchAnswer {
  /** The envelope (the route's schema serialises it; http/plugins/envelope.ts adds meta). */
  envelope: SearchEnvelope
  /** The records the page shows (the per-credential entity ceiling counts them). */
  shown: { category: string; id: string }[]
  /** The engine query of this answer in ms: the ranked page and its records (the `engine` entry of Server-Timing). */
  engine_ms: number
  /** What the route charges for this page once the answer is built (http/plugins/metering.ts charge). */
  charge: ChargeInput
}

export async function searchRecords(
  deps: Deps,
  credential: Credential,
  body: SearchBody,
  ctx: { request_id: string; idempotency_scope: string | null },
): Promise<SearchAnswer> {
  const limit = body.limit ?? 25
  // A first page needs the request's fingerprint only for its next cursor; a cursor page checks it first.
  let fingerprinted: string | undefined
  const fp = () => (fingerprinted ??= requestFingerprint(body))
  const first: { planned: PlannedSearch | null } = { planned: null }
  const onCursorPage = Boolean(body.cursor)
  const opened = await planOrCursor<SearchPlan>(
    deps,
    'search',
    body.cursor ? fp() : '',
    body.cursor,
    limit,
    async () => {
      first.planned = await planSearch(deps, body, chargeChain(ctx))
      return first.planned.plan
    },
  )
  const { offset } = opened
  const pageLimit = Math.min(limit, MAX_DEPTH - offset)
  const page = await withRetrieval(deps, () =>
    searchPage(deps, opened.plan, first.planned, { offset, pageLimit, onCursorPage }),
  )
  const { plan, got, rows } = page
  // A record deleted since the page was ranked leaves it shorter: the page is what it delivers.
  const count = rows.length
  const reach = pageReach(deps, { plan, fp, got, offset, pageLimit }, count)
  // In the order the contract lists it (the route's schema writes it; the envelope plugin adds meta).
  const envelope: SearchEnvelope = {
    results: rows,
    total: got.total,
    total_is_estimate: got.total_is_estimate,
    has_more: reach.has_more,
    next_cursor: reach.next_cursor,
    ...page.head,
    coverage: { ...reach.coverage, criteria: plan.mode === 'deep' ? auditCriteria(plan, rows) : [] },
    attribution: page.attribution,
    degradation: [
      ...(first.planned?.degradation ?? []),
      ...page.relaxed,
      ...(got.vector_unavailable ? vectorUnavailableDegradation(plan.category) : []),
      ...page.vectorGaps,
      ...reach.degradation,
      ...billingDegradation(credential.environment),
    ],
    columns: null,
  }
  return {
    envelope,
    shown: rows.map((r) => ({ category: plan.category, id: r.id })),
    engine_ms: page.engineMs,
    charge: {
      action_type: `dsp.search.${plan.mode}`,
      positions: Array.from({ length: count }, (_, i) => offset + i),
      scope: plan.chain,
      query: plan.query,
      result_count: count,
      result_total: got.total,
      result_total_is_estimate: got.total_is_estimate,
      request: { method: 'POST', path: '/v1/search', body },
      plan: page.head.resolved_search,
      ...snapshotOf(envelope, onCursorPage),
    },
  }
}

/**
 * The page, under the engine's deadline: the plan retrieved, its rows read while the parts of the
 * answer that do not need them are made, and deep's re-rank of page 1.
 */
async function searchPage(
  deps: Deps,
  opened: SearchPlan,
  first: PlannedSearch | null,
  page: { offset: number; pageLimit: number; onCursorPage: boolean },
) {
  const started = performance.now()
  const { plan, got, relaxed } = await retrieveRelaxed(deps, opened, first, page.offset, page.pageLimit)
  const reading = buildRows(deps, plan.category, got.hits)
  // A rejection must not count as unhandled while the awaits below span I/O.
  reading.catch(() => undefined)
  // While the records are read: the parts of the answer that do not need them.
  const attribution = await attributionFor(deps, plan.category)
  const vectorGaps = plan.semantic_query ? await vectorDegradation(deps, plan.category) : []
  const head = {
    resolved_search: resolvedSearch(plan, page.onCursorPage),
    suggestion: page.onCursorPage ? null : suggestionFor(plan, got.total),
  }
  const found = await reading
  const engineMs = performance.now() - started
  // deep re-ranks page 1 by its words.
  const rerankIdf =
    plan.mode === 'deep' && !page.onCursorPage
      ? await termRarity(deps, plan.category, termLexemes(contentTerms(plan.semantic_query)))
      : null
  const rows = rerankIdf ? rerank(plan, found, rerankIdf) : found
  return { plan, got, rows, relaxed, attribution, vectorGaps, head, engineMs }
}

/**
 * The plan retrieved. On page 1 of auto and deep, the parser's filters are dropped, and said, when
 * they were read from a description that they push out, or when they empty an answer the words
 * alone would fill (relax.ts).
 */
async function retrieveRelaxed(
  deps: Deps,
  opened: SearchPlan,
  first: PlannedSearch | null,
  offset: number,
  limit: number,
): Promise<{ plan: SearchPlan; got: Retrieved; relaxed: Degradation[] }> {
  let plan = opened
  let relaxed: Degradation[] = []
  const parsing = first !== null && plan.mode !== 'fast'
  if (parsing) {
    const described = await descriptionOverFilters(deps, plan, first.spans, first.callerNames)
    if (described) {
      plan = described.plan
      relaxed = [
        parsedFilterRelaxed(
          `The words match records outside the filters read from them (${described.dropped.join(', ')}) far better than any inside, so those filters were read as part of a description: they were dropped and the query searched as typed (resolved_search.conflicts).`,
        ),
      ]
    }
  }
  let got = await retrieve(deps, plan, offset, limit)
  if (got.total === 0 && parsing) {
    const emptied = await relaxParsedFilters(deps, plan, first.spans, first.callerNames, offset, limit)
    if (emptied) {
      plan = emptied.plan
      got = emptied.got
      relaxed = [
        parsedFilterRelaxed(
          `Nothing matched with the filters read from the words (${emptied.dropped.join(', ')}); they were dropped and their words searched instead (resolved_search.conflicts).`,
        ),
      ]
    }
  }
  return { plan, got, relaxed }
}

const parsedFilterRelaxed = (detail: string): Degradation => ({
  reason: 'parsed_filter_relaxed',
  detail,
  impact: 'precision',
  source_corpus: null,
})
