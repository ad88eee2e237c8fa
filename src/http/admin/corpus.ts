// Operator corpus routes: NDJSON ingest, demo seeding, status and export. Registered inside the
// admin plugin (admin/index.ts), which checks X-Admin-Token. Rules: domain/corpus/; docs/ingest-operations.md §1.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PassThrough } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import {
  CorpusStatusResponse,
  IngestParams,
  IngestQuery,
  IngestSummary,
  RecordsPage,
  RecordsPageQuery,
  SeedDemoBody,
  SeedDemoResponse,
} from '../../contract/coverage.ts'
import { ENTITY_CATEGORIES, type EntityCategory, type IngestCategory } from '../../contract/records.ts'
import { getCorpusStatus, INGEST_CONTENT_TYPES, listCorpusRecords, openIngestBody } from '../../domain/corpus/admin.ts'
import { deleteRecords } from '../../domain/corpus/delete.ts'
import { seedDemoCorpus } from '../../domain/corpus/demo.ts'
import type { Deps } from '../../domain/types.ts'
import { ApiError, catalogue, type ErrorCode } from '../../errors.ts'
import { outageError } from '../../domain/guard.ts'

const ACCEPTED = Object.keys(INGEST_CONTENT_TYPES).join(', ')

/** The problem of an ingest that failed after its progress answer started (status 200 is sent by then). */
function streamedProblem(e: unknown, request: FastifyRequest) {
  const known = e instanceof ApiError ? e : outageError(e, 'upstream.unavailable', false)
  const one = (code: ErrorCode, status: number, detail: string) => ({
    title: catalogue[code].title,
    status,
    code,
    detail,
    request_id: request.id,
  })
  if (known) return one(known.code, known.status, known.detail)
  request.log.error({ err: e, request_id: request.id }, 'ingest failed')
  return one('internal', 500, `Something went wrong on our side. Quote request_id ${request.id} when reporting it.`)
}

export const corpusAdminRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // The ingest route in a scope of its own: every body is handed over as the raw stream (ingest
  // reads it with backpressure, so the size cap of domain/corpus/admin.ts holds while streaming),
  // while the other admin routes keep their JSON bodies.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

    // 200 with the summary and the first 100 rejects; a bad line never fails the request.
    scope.post(
      '/admin/v1/corpus/:category',
      {
        schema: { params: IngestParams, querystring: IngestQuery, response: { 200: IngestSummary } },
      },
      async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
        const format = INGEST_CONTENT_TYPES[type]
        if (format === undefined) {
          throw new ApiError('request.unsupported', `Send the records as one of ${ACCEPTED}.`, { status: 415 })
        }
        const length = request.headers['content-length']
        const query = request.query as {
          as_of?: string
          dry_run?: boolean
          mapping?: string
          map?: string[]
          delimiter?: string
          replace?: boolean
          source?: string
          batch_size?: number
          progress?: boolean
          strict?: boolean
          relation_key?: string
          relation_type?: string
          relation?: string[]
          bulk?: boolean
        }
        // Options and the body's first bytes are checked before any answer starts: a refused
        // request gets its problem answer whether or not progress was asked for.
        const run = await openIngestBody(
          deps,
          (request.params as { category: IngestCategory }).category,
          request.body as AsyncIterable<Buffer>,
          {
            contentLength: length === undefined ? undefined : Number(length),
            asOf: query.as_of,
            format,
            mapping: query.mapping,
            map: query.map,
            dryRun: query.dry_run,
            delimiter: query.delimiter,
            replace: query.replace,
            source: query.source,
            batchSize: query.batch_size,
            strict: query.strict,
            relationKey: query.relation_key,
            relationType: query.relation_type,
            relation: query.relation,
            bulk: query.bulk,
          },
        )
        if (!query.progress) return run()
        // progress=true: NDJSON, one {"progress"} line per committed batch while the body streams
        // in, then {"summary"} (the same summary as without progress), or {"error"} when the
        // ingest fails after the answer started (batches committed before stay committed).
        const out = new PassThrough()
        // A client gone mid-ingest: the answer is dropped; the ingest ends as its body does.
        out.on('error', () => undefined)
        void run((p) => out.write(JSON.stringify({ progress: p }) + '\n')).then(
          (summary) => out.end(JSON.stringify({ summary }) + '\n'),
          (e: unknown) => out.end(JSON.stringify({ error: streamedProblem(e, request) }) + '\n'),
        )
        return reply.type('application/x-ndjson').header('Cache-Control', 'no-store').send(out)
      },
    )
  })

  // Deletes records named by row id, source_id or entity id (docs/ingest-operations.md §3).
  app.delete(
    '/admin/v1/corpus/:category',
    {
      schema: {
        params: Type.Object({ category: Type.Enum([...ENTITY_CATEGORIES]) }, { additionalProperties: false }),
        body: Type.Object(
          { ids: Type.Array(Type.String({ maxLength: 2048 }), { minItems: 1, maxItems: 10000 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              category: Type.String(),
              requested: Type.Integer(),
              deleted: Type.Integer(),
              not_found: Type.Array(Type.String()),
            },
            { additionalProperties: false },
          ),
        },
      },
    },
    async (request) => deleteRecords(deps, request.params.category as EntityCategory, request.body.ids),
  )

  app.post(
    '/admin/v1/demo/seed',
    { schema: { body: SeedDemoBody, response: { 200: SeedDemoResponse } } },
    async (request) =>
      seedDemoCorpus(deps, { scale: request.body?.scale as 'small' | undefined, seed: request.body?.seed }),
  )

  app.get('/admin/v1/corpus', { schema: { response: { 200: CorpusStatusResponse } } }, async () =>
    getCorpusStatus(deps),
  )

  app.get(
    '/admin/v1/corpus/:category/records',
    {
      schema: {
        params: Type.Object({ category: Type.Enum([...ENTITY_CATEGORIES]) }, { additionalProperties: false }),
        querystring: RecordsPageQuery,
        response: { 200: RecordsPage },
      },
    },
    async (request) =>
      listCorpusRecords(
        deps,
        request.params.category as EntityCategory,
        request.query.after ?? null,
        request.query.limit ?? 100,
      ),
  )
}
