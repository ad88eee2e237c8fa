// GET /v1/agents/runs/{run_id}/events (contract §6): the run's progress as server-sent events,
// replayed from the durable event log after `Last-Event-ID` (each event's id is its sequence
// number), then followed live until the run's `done` event. Never settles. Event names and
// payloads: docs/agent-runs.md. Written on the raw response (reply.hijack) so nothing buffers it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { RunParams } from '../../contract/agent-runs.ts'
import { Strict } from '../../contract/common.ts'
import * as agentRuns from '../../domain/agent-runs/index.ts'
import { AGENT_POLL_MS, waitForRun } from '../../domain/agent-runs/signals.ts'
import type { Deps } from '../../domain/types.ts'

const HEARTBEAT_MS = 15_000

/** Last-Event-ID as a sequence number; anything else replays from the start. */
function lastEventId(value: string | string[] | undefined): number {
  const v = Array.isArray(value) ? value[0] : value
  return v !== undefined && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : 0
}

const frame = (e: { id: number; event: string; data: unknown }) =>
  `id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`

export const agentRunEventRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // Open streams end when the server closes (otherwise close would wait on them).
  const closing = new AbortController()
  app.addHook('onClose', async () => closing.abort())

  app.get(
    '/v1/agents/runs/:run_id/events',
    {
      schema: {
        operationId: 'streamAgentRunEvents',
        summary: 'Progress as server-sent events, resumable with Last-Event-ID',
        tags: ['agent runs'],
        params: RunParams,
        querystring: Strict({}),
        headers: Type.Object(
          { 'last-event-id': Type.Optional(Type.String({ maxLength: 20, description: 'Resume after this event id' })) },
          { additionalProperties: true },
        ),
        response: {
          200: {
            description:
              'text/event-stream: events status, plan, search_step, rows_found, criterion_progress, insights, enrichment, done',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
      config: { scopes: ['dsp.agents.read', 'dsp.agents.write'], errors: ['request.invalid'] },
    },
    async (request, reply) => {
      const run = await agentRuns.findRunForEvents(deps, request.credential!, request.params.run_id)
      let after = lastEventId(request.headers['last-event-id'])
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-store as every answer of /v1; no-transform: no proxy compresses (so buffers) the stream.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      })
      // HEAD (Fastify's, from this GET): Node ignores writes to it, so its head would wait for an end that never came.
      if (request.method === 'HEAD') return void res.end()
      res.write('retry: 2000\n\n')
      const gone = new AbortController()
      const stop = () => gone.abort()
      request.raw.on('close', stop)
      closing.signal.addEventListener('abort', stop)
      let lastWrite = Date.now()
      try {
        while (!gone.signal.aborted) {
          const { events, terminal } = await agentRuns.readRunEvents(deps, run.run_id, after)
          for (const e of events) {
            res.write(frame(e))
            after = e.id
          }
          if (events.length) lastWrite = Date.now()
          if (events.some((e) => e.event === 'done') || (terminal && events.length === 0)) break
          if (events.length === 200) continue
          if (Date.now() - lastWrite >= HEARTBEAT_MS) {
            res.write(': keep-alive\n\n')
            lastWrite = Date.now()
          }
          await waitForRun(run.run_id, AGENT_POLL_MS, gone.signal)
        }
      } catch (e) {
        request.log.warn({ err: (e as Error).message, run_id: run.run_id }, 'event stream ended on an error')
      } finally {
        request.raw.off('close', stop)
        closing.signal.removeEventListener('abort', stop)
        res.end()
      }
    },
  )
}
