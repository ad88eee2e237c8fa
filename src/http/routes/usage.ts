// Usage history, run detail, metrics and key usage (contract §2.5, §2.6, §4.2, §4.3). Rules: domain/usage.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { envelope } from '../../contract/common.ts'
import {
  HistoryPage,
  HistoryQuery,
  HistoryRunDetail,
  HistoryRunParams,
  KeyUsageQuery,
  KeyUsageResponse,
  MetricsQuery,
  MetricsResponse,
} from '../../contract/usage.ts'
import type { Deps } from '../../domain/types.ts'
import { getHistoryRun, getKeyUsage, getUsageMetrics, listHistory } from '../../domain/usage.ts'

export const usageRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/v1/usage/history',
    {
      schema: {
        operationId: 'listHistory',
        summary: 'Usage history: your runs, newest first',
        tags: ['usage'],
        querystring: HistoryQuery,
        response: { 200: HistoryPage },
      },
      config: {
        outage: 'credits.unavailable',
        scopes: ['dsp.usage.read'],
        errors: ['pagination.cursor_invalid', 'pagination.cursor_expired'],
      },
    },
    async (request) => {
      const page = await listHistory(deps, request.credential!, {
        ...request.query,
        cursor: request.query.cursor ?? undefined,
      })
      return envelope(page.results, { total: page.total, next_cursor: page.next_cursor })
    },
  )

  app.get(
    '/v1/usage/history/:run_id',
    {
      schema: {
        operationId: 'getHistoryRun',
        summary: 'One run in detail: request, plan, page-1 snapshot',
        tags: ['usage'],
        params: HistoryRunParams,
        response: { 200: HistoryRunDetail },
      },
      config: { outage: 'credits.unavailable', scopes: ['dsp.usage.read'], errors: ['history.not_found'] },
    },
    async (request) => getHistoryRun(deps, request.credential!, request.params.run_id) as never,
  )

  app.get(
    '/v1/usage/metrics',
    {
      schema: {
        operationId: 'getUsageMetrics',
        summary: 'Run counts and credits per UTC day',
        tags: ['usage'],
        querystring: MetricsQuery,
        response: { 200: MetricsResponse },
      },
      config: { outage: 'credits.unavailable', scopes: ['dsp.usage.read'] },
    },
    async (request) => getUsageMetrics(deps, request.credential!, request.query),
  )

  app.get(
    '/v1/keys/usage',
    {
      schema: {
        operationId: 'getKeyUsage',
        summary: 'Spend of the calling key per period and action type',
        tags: ['usage'],
        querystring: KeyUsageQuery,
        response: { 200: KeyUsageResponse },
      },
      config: { outage: 'credits.unavailable', scopes: ['dsp.usage.read'], errors: ['credits.unavailable'] },
    },
    async (request) => getKeyUsage(deps, request.credential!, request.query),
  )
}
