// POST /v1/search and POST /v1/similar (data-routes §4.1). Rules: domain/search/. Each charged
// page is its own run, charged once its answer is built (plugins/metering.ts charge).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { SearchBody, SearchResponse, SimilarBody } from '../../contract/search.ts'
import { searchRecords } from '../../domain/search/index.ts'
import { findSimilar } from '../../domain/search/similar.ts'
import { onReplica } from '../../domain/replicas.ts'
import type { Deps } from '../../domain/types.ts'
import { charge, requestScope } from '../plugins/metering.ts'

const SERVER_TIMING_DOC =
  "W3C Server-Timing with one entry, `engine;dur=<ms>`: how long this answer's engine query took (retrieving the ranked page and reading its records), in milliseconds. The rest of the response time is the API: authentication, planning, serialisation and the charge (made once the answer is built). Shown by browser developer tools; see docs/search.md."
const SIMILAR_TIMING_DOC =
  "W3C Server-Timing with one entry, `engine;dur=<ms>`: how long this answer's engine query took (resolving the anchors, ranking the look-alikes, reading the page's records), in milliseconds. The rest of the response time is the API: authentication, the charge, serialisation. See docs/search.md."

/** W3C Server-Timing: how long this answer's engine query took. */
const serverTiming = (engineMs: number, desc: string) => `engine;dur=${engineMs.toFixed(3)};desc="${desc}"`

const SEARCH_ERRORS = [
  'pagination.cursor_invalid',
  'pagination.cursor_expired',
  'pagination.depth_exceeded',
  'upstream.unavailable',
  'upstream.timeout',
] as const

export const searchRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/search',
    {
      schema: {
        operationId: 'searchRecords',
        summary: 'Search one category (fast, auto or deep)',
        tags: ['search'],
        body: SearchBody,
        response: { 200: SearchResponse },
      },
      config: {
        scopes: ['dsp.search.read'],
        billed: true,
        errors: [...SEARCH_ERRORS],
        serverTiming: SERVER_TIMING_DOC,
      },
    },
    async (request, reply) => {
      const ctx = {
        request_id: request.id,
        idempotency_scope: requestScope(deps, request),
      }
      const answer = await onReplica(deps, (reads) => searchRecords(reads, request.credential!, request.body, ctx))
      await charge(deps, request, answer.charge, answer.shown)
      reply.header('Server-Timing', serverTiming(answer.engine_ms, 'ranked page and its records'))
      return answer.envelope
    },
  )

  app.post(
    '/v1/similar',
    {
      schema: {
        operationId: 'findSimilar',
        summary: 'Company look-alikes from anchor companies',
        tags: ['search'],
        body: SimilarBody,
        response: { 200: SearchResponse },
      },
      config: {
        scopes: ['dsp.search.read'],
        billed: true,
        errors: [...SEARCH_ERRORS],
        serverTiming: SIMILAR_TIMING_DOC,
      },
    },
    async (request, reply) => {
      const ctx = {
        request_id: request.id,
        idempotency_scope: requestScope(deps, request),
      }
      const answer = await onReplica(deps, (reads) => findSimilar(reads, request.credential!, request.body, ctx))
      await charge(deps, request, answer.charge)
      reply.header('Server-Timing', serverTiming(answer.engine_ms, 'anchors, look-alikes and their records'))
      return answer.envelope
    },
  )
}
