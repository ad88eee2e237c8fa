// Feedback reports, the tag vocabulary and votes (contract §4.8). Shapes: contract/feedback.ts.
// Rules: domain/feedback.ts. This file only translates HTTP into domain calls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CreateReportBody,
  ReportCreated,
  ReportsPage,
  ReportsQuery,
  TagsResponse,
  VoteBody,
  VoteResponse,
  VotesQuery,
  VotesResponse,
} from '../../contract/feedback.ts'
import * as feedback from '../../domain/feedback.ts'
import type { Deps, Scope } from '../../domain/types.ts'

const scopes: readonly Scope[] = ['dsp.search.read', 'dsp.usage.read']
const tags = ['feedback']

export const feedbackRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/feedback',
    {
      schema: {
        operationId: 'fileFeedback',
        summary: 'Report a problem (or praise) about a response or an agent run',
        tags,
        body: CreateReportBody,
        response: { 201: ReportCreated },
      },
      config: {
        outage: 'feedback.unavailable',
        scopes,
        errors: ['feedback.subject_not_found', 'feedback.unavailable'],
      },
    },
    async (request, reply) =>
      reply.code(201).send(await feedback.fileFeedback(deps, request.credential!, request.body)),
  )

  app.get(
    '/v1/feedback',
    {
      schema: {
        operationId: 'listFeedback',
        summary: 'Reports this credential filed, newest first',
        tags,
        querystring: ReportsQuery,
        response: { 200: ReportsPage },
      },
      config: { outage: 'feedback.unavailable', scopes, errors: ['feedback.unavailable'] },
    },
    async (request) => feedback.listFeedback(deps, request.credential!, request.query),
  )

  app.get(
    '/v1/feedback/tags',
    {
      schema: {
        operationId: 'listFeedbackTags',
        summary: 'The closed tag vocabulary (no credential needed)',
        tags,
        response: { 200: TagsResponse },
      },
      config: { outage: 'feedback.unavailable', auth: 'none' },
    },
    async () => feedback.listFeedbackTags(),
  )

  app.put(
    '/v1/feedback/votes',
    {
      schema: {
        operationId: 'castVote',
        summary: 'Vote on a result set or flag one result; replaces a different active vote',
        tags,
        body: VoteBody,
        response: { 200: VoteResponse },
      },
      config: { outage: 'feedback.unavailable', scopes, errors: ['feedback.unavailable'] },
    },
    async (request) => feedback.castVote(deps, request.credential!, request.body),
  )

  app.get(
    '/v1/feedback/votes',
    {
      schema: {
        operationId: 'listVotes',
        summary: 'Active votes of this credential on one request, oldest first',
        tags,
        querystring: VotesQuery,
        response: { 200: VotesResponse },
      },
      config: { outage: 'feedback.unavailable', scopes, errors: ['feedback.unavailable'] },
    },
    async (request) => feedback.listVotes(deps, request.credential!, request.query.request_id),
  )
}
