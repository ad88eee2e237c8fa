// POST /v1/similar: company look-alikes (data-routes §4.1). Anchors are domains, company page URLs
// or names, detected per anchor; their stored vectors are averaged and the nearest companies
// (under the filters, anchors excluded) come back by cosine similarity.
import { sql, type RawBuilder } from 'kysely'
import type { EnvelopeFields } from '../../contract/common.ts'
import { classifyAnchor, normaliseCompanyPageUrl, normaliseDomain } from '../../corpus/normalise.ts'
import { GtmFilters, type SimilarBody } from '../../contract/search.ts'
import { assertValidFilters, COMPANY_FILTER_SHAPES } from '../../contract/filter-errors.ts'
import { normalizeInPlace } from '../../retrieval/embedder/index.ts'
import * as q from '../../store/search.ts'
import type { Filters } from '../../store/search-filters.ts'
import { billingDegradation, chargeChain, type ChargeInput } from '../credits/metering.ts'
import { bytesToVector } from '../corpus/vectors.ts'
import { checkDepth, fingerprint, issueCursor, readCursor } from '../cursors.ts'
import type { Credential, Deps } from '../types.ts'
import { compileWhere } from './compile.ts'
import { attributionFor } from './provenance.ts'
import type { Hit } from './retrieval-plan.ts'
import { buildRows, type Row } from './rows.ts'
import { withRetrieval } from './timing.ts'
import { smallFilteredSet } from './vector-side.ts'

/** The look-alike set is the nearest companies up to this ceiling. */
export const SIMILAR_CEILING = 1000

interface SimilarCursor {
  offset: number
  chain: string
}

type Anchor = Awaited<ReturnType<typeof resolveAnchors>>[number]

export async function findSimilar(
  deps: Deps,
  credential: Credential,
  body: SimilarBody,
  ctx: { request_id: string; idempotency_scope: string | null },
): Promise<{ envelope: EnvelopeFields<Row>; charge: ChargeInput & { scope: string }; engine_ms: number }> {
  const filters = (body.filters ?? {}) as Filters
  // Look-alikes are companies: a person filter is refused (422), as on a company search.
  assertValidFilters(GtmFilters, filters, COMPANY_FILTER_SHAPES)
  const limit = body.limit ?? 25
  const fp = fingerprint({ ...body, cursor: undefined, limit: undefined } as Record<string, unknown>)
  const cursor = body.cursor ? readCursor<SimilarCursor>(deps, 'similar', fp, body.cursor) : null
  const offset = cursor?.offset ?? 0
  checkDepth(offset, limit)
  const chain = cursor?.chain ?? chargeChain(ctx)

  const started = performance.now()
  let engineMs = 0
  const result = await withRetrieval(deps, async () => {
    const anchors = await resolveAnchors(deps, body.anchors)
    const resolved = anchors.filter((a) => a.row !== null)
    const where = q.and([
      compileWhere(deps, { category: 'company', filters, include_domains: [] }),
      resolved.length ? sql`not (c.id = any(${resolved.map((a) => a.row!.id)}::text[]))` : sql`true`,
    ])
    const ranked = await rankLookAlikes(deps, resolved, where)
    const pool = await q.countMatches(deps.db, { table: 'companies', category: null, where, cap: 1_000_000 })
    const rows = await buildRows(deps, 'company', ranked.slice(offset, offset + limit))
    engineMs = performance.now() - started
    return { anchors, resolved, ranked, pool: pool.count, rows, attribution: await attributionFor(deps, 'company') }
  })

  const next = offset + result.rows.length
  const more = result.rows.length === limit && next < result.ranked.length
  const cut = result.ranked.length >= SIMILAR_CEILING
  const envelope = {
    results: result.rows,
    total: result.ranked.length,
    total_is_estimate: cut,
    has_more: more,
    next_cursor: more ? issueCursor(deps, 'similar', fp, { offset: next, chain } satisfies SimilarCursor) : null,
    resolved_search: resolvedSimilar(filters, result.anchors),
    suggestion:
      result.resolved.length === 0
        ? {
            kind: 'search',
            category: 'company',
            message: 'No anchor matched a company; find it with a company search and send its domain.',
          }
        : null,
    coverage: similarCoverage(body, { ...result, next, limit, cut }),
    attribution: result.attribution,
    degradation: [...anchorDegradation(result.anchors), ...billingDegradation(credential.environment)],
    columns: null,
  }
  const charge = {
    action_type: 'dsp.similar',
    positions: result.rows.map((_, i) => offset + i),
    scope: chain,
    query: body.anchors.join(', '),
    request: { method: 'POST', path: '/v1/similar', body },
    plan: envelope.resolved_search,
    result_count: result.rows.length,
    result_total: envelope.total,
    result_total_is_estimate: cut,
    snapshot: null,
    snapshot_state: 'not_a_search',
  }
  return { envelope, charge, engine_ms: engineMs }
}

/** Each anchor detected (domain, company page URL or name) and looked up; `row` null when no company fits. */
function resolveAnchors(deps: Deps, raws: string[]) {
  return Promise.all(
    raws.map(async (raw) => {
      const kind = classifyAnchor(raw)
      const value =
        kind === 'domain'
          ? (normaliseDomain(raw) ?? raw)
          : kind === 'li_url'
            ? (normaliseCompanyPageUrl(raw) ?? raw)
            : raw.trim()
      return { raw, kind, row: await q.findAnchor(deps.db, kind, value) }
    }),
  )
}

/**
 * The companies passing `where` nearest the anchors' centroid, up to SIMILAR_CEILING: exact over a
 * small filtered set, else the index's nearest then filtered. None when no anchor has a vector.
 */
async function rankLookAlikes(deps: Deps, resolved: Anchor[], where: RawBuilder<unknown>): Promise<Hit[]> {
  const stored = await q.vectorsByKeys(
    deps.db,
    resolved.map((a) => a.row!.vec_key),
  )
  const vectors = resolved
    .map((a) => stored.get(a.row!.vec_key))
    .filter((v): v is Uint8Array => v !== undefined)
    .map(bytesToVector)
  if (!vectors.length) return []
  const centroid = new Float32Array(vectors[0]!.length)
  for (const v of vectors) for (let i = 0; i < v.length; i++) centroid[i]! += v[i]!
  normalizeInPlace(centroid)
  const index = await deps.vectors.index('company')
  const rounded = (score: number) => Math.round(score * 10_000) / 10_000
  const small = await smallFilteredSet(deps, { table: 'companies', category: null, where })
  if (small) {
    const byKey = new Map(small.map((r) => [BigInt(r.vec_key), r.id]))
    return index
      .search(centroid, SIMILAR_CEILING, { candidates: [...byKey.keys()] })
      .map((h) => ({ id: byKey.get(h.key)!, score: rounded(h.score) }))
  }
  const found = index.search(centroid, Math.min(SIMILAR_CEILING * 2, index.size))
  const ids = await q.idsForKeys(deps.db, {
    table: 'companies',
    category: null,
    where,
    keys: found.map((h) => Number(h.key)),
  })
  return found
    .filter((h) => ids.has(Number(h.key)))
    .slice(0, SIMILAR_CEILING)
    .map((h) => ({ id: ids.get(Number(h.key))!, score: rounded(h.score) }))
}

/** resolved_search of a look-alike answer: the caller's filters, and each anchor as it was detected. */
function resolvedSimilar(filters: Filters, anchors: Anchor[]) {
  return {
    parser_version: 'none',
    mode: 'fast',
    category: 'company',
    query: null,
    filters,
    filters_source: Object.keys(filters).length ? 'caller' : 'none',
    semantic_query: null,
    semantic_scope: null,
    sort: [],
    conflicts: [],
    overrides: [],
    anchors: anchors.map((a) => ({
      value: a.raw,
      detected_as: a.kind,
      id: a.row?.id ?? null,
      name: a.row?.name ?? null,
    })),
  }
}

/** Coverage of a look-alike page: how much of the ranked set it enumerates, and the similarity it stands for. */
function similarCoverage(
  body: SimilarBody,
  r: { ranked: Hit[]; resolved: Anchor[]; pool: number; next: number; limit: number; cut: boolean },
) {
  const { ranked, next, cut } = r
  return {
    universe: ranked.length,
    enumerated: next,
    enumeration_recall: cut ? null : ranked.length ? Math.round((next / ranked.length) * 1000) / 1000 : 1,
    universe_exhausted: false,
    universe_is_exact: !cut,
    truncated_by: cut ? 'similarity_ceiling' : null,
    constraints_unmet: [],
    audited: false,
    criteria: [],
    linkage: [],
    linkage_coverage: null,
    linkage_coverage_is_lower_bound: false,
    similarity: [
      {
        concept: `companies like ${body.anchors.join(', ')}`,
        ids_resolved: r.resolved.length,
        k: r.limit,
        cut_at_ceiling: cut,
        comparable_fraction: r.pool > 0 ? Math.round((Math.min(ranked.length, r.pool) / r.pool) * 1000) / 1000 : 0,
      },
    ],
  }
}

/** anchor_unresolved: the anchors no company fits. */
function anchorDegradation(anchors: Anchor[]) {
  const unresolved = anchors.filter((a) => a.row === null).map((a) => a.raw)
  return unresolved.length
    ? [
        {
          reason: 'anchor_unresolved',
          detail: `No company found for: ${unresolved.join(', ')}.`,
          impact: 'recall' as const,
          source_corpus: 'gtm_companies',
        },
      ]
    : []
}
