// The four POST /v1/relationships* routes (data-routes §4.4). Shapes: contract/relationships.ts.
// Rules: domain/relationships/. Each handler builds the answer, then charges it (dsp.relationships,
// or dsp.relationships.ask) once it is ready: a failure is never charged.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import {
  AskBody,
  AskResponse,
  InstitutionsBody,
  InstitutionsResponse,
  ReachBody,
  ReachResponse,
  RelationshipsBody,
  RelationshipsResponse,
} from '../../contract/relationships.ts'
import { askRelationships } from '../../domain/relationships/ask.ts'
import { findRelationships } from '../../domain/relationships/index.ts'
import { findSharedInstitutions } from '../../domain/relationships/institutions.ts'
import { findReach } from '../../domain/relationships/reach.ts'
import { onReplica } from '../../domain/replicas.ts'
import type { Deps } from '../../domain/types.ts'
import { charge, requestScope } from '../plugins/metering.ts'

const PAGED = ['pagination.cursor_invalid', 'pagination.cursor_expired', 'pagination.depth_exceeded'] as const
const ERRORS = [
  'relationship.anchor_ambiguous',
  'request.unsupported',
  'upstream.unavailable',
  'upstream.timeout',
] as const
const config = (paged: boolean) => ({
  scopes: ['dsp.search.read'] as const,
  billed: true,
  cursor: paged,
  errors: [...ERRORS, ...(paged ? PAGED : [])],
})

export const relationshipRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  const ctx = (request: FastifyRequest) => {
    return { request_id: request.id, credential: request.credential!, idempotency_scope: requestScope(deps, request) }
  }

  app.post(
    '/v1/relationships',
    {
      schema: {
        operationId: 'findRelationships',
        summary: 'People at one company connected to people at another, or to named institutions',
        tags: ['relationships'],
        body: RelationshipsBody,
        response: { 200: RelationshipsResponse },
      },
      config: config(true),
    },
    async (request) => {
      const answer = await onReplica(deps, (reads) => findRelationships(reads, request.body, ctx(request)))
      await charge(deps, request, answer.charge)
      return answer.envelope
    },
  )

  app.post(
    '/v1/relationships/reach',
    {
      schema: {
        operationId: 'findReach',
        summary: 'The people one or several persons can reach at target companies, and how',
        tags: ['relationships'],
        body: ReachBody,
        response: { 200: ReachResponse },
      },
      config: config(true),
    },
    async (request) => {
      const answer = await onReplica(deps, (reads) => findReach(reads, request.body, ctx(request)))
      await charge(deps, request, answer.charge)
      return answer.envelope
    },
  )

  app.post(
    '/v1/relationships/institutions',
    {
      schema: {
        operationId: 'findSharedInstitutions',
        summary: 'Shared employers and schools of two companies (one page, 2 credits flat)',
        tags: ['relationships'],
        body: InstitutionsBody,
        response: { 200: InstitutionsResponse },
      },
      config: config(false),
    },
    async (request) => {
      const answer = await onReplica(deps, (reads) => findSharedInstitutions(reads, request.body, ctx(request)))
      await charge(deps, request, answer.charge)
      return answer.envelope
    },
  )

  app.post(
    '/v1/relationships/ask',
    {
      schema: {
        operationId: 'askRelationships',
        summary: 'A relationships question in words, routed to the right answer',
        tags: ['relationships'],
        body: AskBody,
        response: { 200: AskResponse },
      },
      config: config(true),
    },
    async (request) => {
      const answer = await onReplica(deps, (reads) => askRelationships(reads, request.body, ctx(request)))
      await charge(deps, request, answer.charge)
      return answer.envelope as never
    },
  )
}
