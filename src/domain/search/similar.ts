// POST /v1/similar: company look-alikes (data-routes §4.1). Anchors are domains, company page URLs
// or names, detected per anchor; their stored vectors are averaged and the nearest companies
// (under the filters, anchors excluded) come back by cosine similarity.
import { sql } from 'kysely'
import { classifyAnchor, normaliseCompanyPageUrl, normaliseDomain } from '../../corpus/normalise.ts'
import { GtmFilters, type SimilarBody } from '../../contract/search.ts'
import { assertValidFilters, GTM_FILTER_SHAPES } from '../../contract/filter-errors.ts'
import { normalizeInPlace } from '../../retrieval/embedder/index.ts'
import * as q from '../../store/search.ts'
import type { Filters } from '../../store/search-filters.ts'
import { billingDegradation, chargeChain, type ChargeInput } from '../credits/metering.ts'
import { bytesToVector } from '../corpus/vectors.ts'
import { checkDepth, fingerprint, issueCursor, readCursor } from '../cursors.ts'
import type { Credential, Deps } from '../types.ts'
import { attributionFor, buildRows, compileWhere, withRetrieval } from './engine.ts'

/** The look-alike set is the nearest companies up to this ceiling. */
export const SIMILAR_CEILING = 1000

interface SimilarCursor {
  offset: number
  chain: string
}

export async function findSimilar(
  deps: Deps,
  credential: Credential,
  body: SimilarBody,
  ctx: { request_id: string; idempotency_scope: string | null },
) {
  const filters = (body.filters ?? {}) as Filters
  assertValidFilters(GtmFilters, filters, GTM_FILTER_SHAPES)
  const limit = body.limit ?? 25
  const fp = fingerprint({ ...body, cursor: undefined, limit: undefined } as Record<string, unknown>)
  const cursor = body.cursor ? readCursor<SimilarCursor>(deps, 'similar', fp, body.cursor) : null
  const offset = cursor?.offset ?? 0
  checkDepth(offset, limit)
  const chain = cursor?.chain ?? chargeChain(ctx)

  const started = performance.now()
  let engineMs = 0
  const result = await withRetrieval(deps, async () => {
    const anchors = await Promise.all(
      body.anchors.map(async (raw) => {
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
    const resolved = anchors.filter((a) => a.row !== null)
    const stored = await q.vectorsByKeys(
      deps.db,
      resolved.map((a) => a.row!.vec_key),
    )
    const vectors = resolved
      .map((a) => stored.get(a.row!.vec_key))
      .filter((v): v is Uint8Array => v !== undefined)
      .map(bytesToVector)
    const where = q.and([
      compileWhere(deps, { category: 'company', filters, include_domains: [] }),
      resolved.length ? sql`not (c.id = any(${resolved.map((a) => a.row!.id)}::text[]))` : sql`true`,
    ])
    let ranked: { id: string; score: number }[] = []
    if (vectors.length) {
      const centroid = new Float32Array(vectors[0]!.length)
      for (const v of vectors) for (let i = 0; i < v.length; i++) centroid[i]! += v[i]!
      normalizeInPlace(centroid)
      const index = await deps.vectors.index('company')
      const small = await q.filteredKeys(deps.db, { table: 'companies', category: null, where, max: 20_000 })
      if (small) {
        const byKey = new Map(small.map((r) => [BigInt(r.vec_key), r.id]))
        ranked = index
          .search(centroid, SIMILAR_CEILING, { candidates: [...byKey.keys()] })
          .map((h) => ({ id: byKey.get(h.key)!, score: Math.round(h.score * 10_000) / 10_000 }))
      } else {
        const found = index.search(centroid, Math.min(SIMILAR_CEILING * 2, index.size))
        const ids = await q.idsForKeys(deps.db, {
          table: 'companies',
          category: null,
          where,
          keys: found.map((h) => Number(h.key)),
        })
        ranked = found
          .filter((h) => ids.has(Number(h.key)))
          .slice(0, SIMILAR_CEILING)
          .map((h) => ({ id: ids.get(Number(h.key))!, score: Math.round(h.score * 10_000) / 10_000 }))
      }
    }
    const pool = await q.countMatches(deps.db, { table: 'companies', category: null, where, cap: 1_000_000 })
    const page = ranked.slice(offset, offset + limit)
    const rows = await buildRows(deps, 'company', page)
    engineMs = performance.now() - started
    return {
      anchors,
      resolved,
      vectors: vectors.length,
      ranked,
      pool: pool.count,
      rows,
      attribution: await attributionFor(deps, 'company'),
    }
  })

  const next = offset + result.rows.length
  const more = result.rows.length === limit && next < result.ranked.length
  const cut = result.ranked.length >= SIMILAR_CEILING
  const similarity = [
    {
      concept: `companies like ${body.anchors.join(', ')}`,
      ids_resolved: result.resolved.length,
      k: limit,
      cut_at_ceiling: cut,
      comparable_fraction:
        result.pool > 0 ? Math.round((Math.min(result.ranked.length, result.pool) / result.pool) * 1000) / 1000 : 0,
    },
  ]
  const unresolved = result.anchors.filter((a) => a.row === null).map((a) => a.raw)
  const degradation: Record<string, unknown>[] = unresolved.length
    ? [
        {
          reason: 'anchor_unresolved',
          detail: `No company found for: ${unresolved.join(', ')}.`,
          impact: 'recall',
          source_corpus: 'gtm_companies',
        },
      ]
    : []
  degradation.push(...billingDegradation(credential.environment))
  const envelope = {
    results: result.rows,
    total: result.ranked.length,
    total_is_estimate: cut,
    has_more: more,
    next_cursor: more ? issueCursor(deps, 'similar', fp, { offset: next, chain } satisfies SimilarCursor) : null,
    resolved_search: {
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
      anchors: result.anchors.map((a) => ({
        value: a.raw,
        detected_as: a.kind,
        id: a.row?.id ?? null,
        name: a.row?.name ?? null,
      })),
    },
    suggestion:
      result.resolved.length === 0
        ? {
            kind: 'search',
            category: 'company',
            message: 'No anchor matched a company; find it with a company search and send its domain.',
          }
        : null,
    coverage: {
      universe: result.ranked.length,
      enumerated: next,
      enumeration_recall: cut
        ? null
        : result.ranked.length
          ? Math.round((next / result.ranked.length) * 1000) / 1000
          : 1,
      universe_exhausted: false,
      universe_is_exact: !cut,
      truncated_by: cut ? 'similarity_ceiling' : null,
      constraints_unmet: [],
      audited: false,
      criteria: [],
      linkage: [],
      linkage_coverage: null,
      linkage_coverage_is_lower_bound: false,
      similarity,
    },
    attribution: result.attribution,
    degradation,
    columns: null,
  }
  const charge: Omit<ChargeInput, 'scope'> & { scope: string } = {
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
