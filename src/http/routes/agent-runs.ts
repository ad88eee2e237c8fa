// Agent runs (contract §4.9): start, read, list, cancel, results. Shapes: contract/agent-runs.ts.
// Rules: domain/agent-runs/. The event stream is routes/agent-run-events.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CancelRunBody,
  ListRunsQuery,
  ResultsPage,
  ResultsQuery,
  RunHandle,
  RunList,
  RunParams,
  RunRead,
  StartRunBody,
  StartRunHeaders,
} from '../../contract/agent-runs.ts'
import { toCredits } from '../../domain/credits/ledger.ts'
import * as agentRuns from '../../domain/agent-runs/index.ts'
import type { Deps, Scope } from '../../domain/types.ts'
import { idempotencyKey } from '../plugins/metering.ts'

const write: readonly Scope[] = ['dsp.agents.write']
const read: readonly Scope[] = ['dsp.agents.read', 'dsp.agents.write']
const tags = ['agent runs']

export const agentRunRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/agents/runs',
    {
      schema: {
        operationId: 'startAgentRun',
        summary: 'Start an agent run and place its credit hold',
        tags,
        headers: StartRunHeaders,
        body: StartRunBody,
        response: { 200: RunHandle, 202: RunHandle },
      },
      config: {
        scopes: write,
        errors: [
          'credits.insufficient',
          'credits.unavailable',
          'quota.concurrency_exceeded',
          'quota.entity_ceiling',
          'upstream.unavailable',
        ],
      },
      // §4.9, before the body is looked at: a missing, empty or over-long Idempotency-Key is 400; a
      // key already used in the workspace answers 200 with the original handle whatever the body says.
      preValidation: async (request, reply) => {
        const replay = await agentRuns.findReplay(deps, request.credential!, idempotencyKey(request))
        if (replay) return reply.code(200).send(replay)
      },
    },
    async (request, reply) => {
      const started = await agentRuns.startAgentRun(deps, request.credential!, request.body, {
        idempotency_key: idempotencyKey(request),
        request_id: request.id,
        traceparent: request.traceSpan?.traceparent() ?? null,
      })
      return reply.code(started.created ? 202 : 200).send(started.handle)
    },
  )

  app.get(
    '/v1/agents/runs',
    {
      schema: {
        operationId: 'listAgentRuns',
        summary: "The workspace's recent runs, newest first",
        tags,
        querystring: ListRunsQuery,
        response: { 200: RunList },
      },
      config: { scopes: read },
    },
    async (request) => agentRuns.listAgentRuns(deps, request.credential!, request.query),
  )

  app.get(
    '/v1/agents/runs/:run_id',
    {
      schema: {
        operationId: 'getAgentRun',
        summary: 'Status and outcome; the first read of a finished run settles its charge',
        tags,
        params: RunParams,
        response: { 200: RunRead },
      },
      config: { scopes: read, errors: ['request.invalid', 'credits.unavailable'] },
    },
    async (request) => {
      const { run, charged_milli } = await agentRuns.getAgentRun(deps, request.credential!, request.params.run_id)
      request.creditsCharged = toCredits(charged_milli)
      return run
    },
  )

  app.post(
    '/v1/agents/runs/:run_id/cancel',
    {
      schema: {
        operationId: 'cancelAgentRun',
        summary: 'Stop a run; charged nothing; the call also settles',
        tags,
        params: RunParams,
        body: CancelRunBody,
        response: { 200: RunRead },
      },
      config: { scopes: write, errors: ['request.invalid', 'credits.unavailable'] },
    },
    async (request) => {
      const { run, charged_milli } = await agentRuns.cancelAgentRun(
        deps,
        request.credential!,
        request.params.run_id,
        request.body ?? null,
      )
      request.creditsCharged = toCredits(charged_milli)
      return run
    },
  )

  app.get(
    '/v1/agents/runs/:run_id/results',
    {
      schema: {
        operationId: 'listAgentRunResults',
        summary: "The run's rows in the list envelope; free",
        tags,
        params: RunParams,
        querystring: ResultsQuery,
        response: { 200: ResultsPage },
      },
      config: {
        scopes: read,
        errors: ['request.invalid', 'pagination.cursor_invalid', 'pagination.cursor_expired'],
      },
    },
    async (request) =>
      agentRuns.listAgentRunResults(deps, request.credential!, request.params.run_id, request.query) as never,
  )
}
