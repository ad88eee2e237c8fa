// Monitors and their runs (issue 42 item 5). Shapes: contract/monitors.ts. Rules:
// domain/monitors/. This file only translates HTTP into domain calls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  CreateMonitorBody,
  MonitorList,
  MonitorParams,
  MonitorResponse,
  MonitorRunList,
  MonitorRunsQuery,
  UpdateMonitorBody,
} from '../../contract/monitors.ts'
import { CreateHeaders } from '../../contract/webhooks.ts'
import * as monitors from '../../domain/monitors/index.ts'
import type { Deps, Scope } from '../../domain/types.ts'

const write: readonly Scope[] = ['dsp.agents.write']
const read: readonly Scope[] = ['dsp.agents.read', 'dsp.agents.write']
const tags = ['monitors']
const cursorErrors = ['pagination.cursor_invalid', 'pagination.cursor_expired'] as const

export const monitorRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/monitors',
    {
      schema: {
        operationId: 'createMonitor',
        summary: 'Save a search or agent-run question to run on a schedule or after each ingest',
        description:
          'A search monitor asks its question once now (its baseline, billed as the search is): what already matches is recorded, and later runs deliver only new records in monitor.matched events.',
        tags,
        headers: CreateHeaders,
        body: CreateMonitorBody,
        response: { 200: MonitorResponse, 201: MonitorResponse },
      },
      config: {
        scopes: write,
        errors: [
          'request.invalid',
          'credits.insufficient',
          'credits.unavailable',
          'upstream.unavailable',
          'upstream.timeout',
        ],
      },
      // An Idempotency-Key already used in the workspace answers 200 with what it created.
      preValidation: async (request, reply) => {
        const replay = await monitors.findMonitorReplay(deps, request.credential!, request.headers['idempotency-key'])
        if (replay) return reply.code(200).send(replay)
      },
    },
    async (request, reply) => {
      const made = await monitors.createMonitor(
        deps,
        request.credential!,
        request.body,
        request.headers['idempotency-key'],
      )
      request.creditsCharged = made.credits_charged
      return reply.code(made.created ? 201 : 200).send(made.monitor)
    },
  )

  app.get(
    '/v1/monitors',
    {
      schema: {
        operationId: 'listMonitors',
        summary: "The workspace's monitors, newest first",
        tags,
        response: { 200: MonitorList },
      },
      config: { scopes: read },
    },
    async (request) => monitors.listMonitors(deps, request.credential!),
  )

  app.get(
    '/v1/monitors/:monitor_id',
    {
      schema: {
        operationId: 'getMonitor',
        summary: 'One monitor',
        tags,
        params: MonitorParams,
        response: { 200: MonitorResponse },
      },
      config: { scopes: read, errors: ['request.invalid'] },
    },
    async (request) => monitors.getMonitor(deps, request.credential!, request.params.monitor_id),
  )

  app.patch(
    '/v1/monitors/:monitor_id',
    {
      schema: {
        operationId: 'updateMonitor',
        summary: 'Rename, reschedule, pause or resume a monitor, or change its webhooks',
        tags,
        params: MonitorParams,
        body: UpdateMonitorBody,
        response: { 200: MonitorResponse },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request) => monitors.updateMonitor(deps, request.credential!, request.params.monitor_id, request.body),
  )

  app.delete(
    '/v1/monitors/:monitor_id',
    {
      schema: {
        operationId: 'deleteMonitor',
        summary: 'Delete a monitor with its runs',
        tags,
        params: MonitorParams,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
      config: { scopes: write, errors: ['request.invalid'] },
    },
    async (request, reply) => {
      await monitors.deleteMonitor(deps, request.credential!, request.params.monitor_id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/v1/monitors/:monitor_id/runs',
    {
      schema: {
        operationId: 'listMonitorRuns',
        summary: "The monitor's runs, newest first: what each matched, what was new, what it cost",
        tags,
        params: MonitorParams,
        querystring: MonitorRunsQuery,
        response: { 200: MonitorRunList },
      },
      config: { scopes: read, errors: ['request.invalid', ...cursorErrors] },
    },
    async (request) => monitors.listMonitorRuns(deps, request.credential!, request.params.monitor_id, request.query),
  )
}
