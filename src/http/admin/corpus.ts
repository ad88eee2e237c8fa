// Operator corpus routes: NDJSON ingest, demo seeding, status and export. Registered inside the
// admin plugin (admin/index.ts), which checks X-Admin-Token. Rules: domain/corpus/; docs/corpus.md §6.5.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
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
import { ENTITY_CATEGORIES, type EntityCategory } from '../../contract/records.ts'
import { getCorpusStatus, ingestNdjson, listCorpusRecords } from '../../domain/corpus/admin.ts'
import { seedDemoCorpus } from '../../domain/corpus/demo.ts'
import type { Deps } from '../../domain/types.ts'
import { ApiError } from '../../errors.ts'

const NDJSON = 'application/x-ndjson'

export const corpusAdminRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  // The body is handed over as the raw stream: ingest reads it line by line with backpressure,
  // so the route's size cap (512 MiB, domain/corpus/admin.ts) is enforced while streaming.
  app.addContentTypeParser(NDJSON, (_request, payload, done) => done(null, payload))

  // 200 with the summary and the first 100 rejects; a bad line never fails the request.
  app.post(
    '/admin/v1/corpus/:category',
    {
      schema: { params: IngestParams, querystring: IngestQuery, response: { 200: IngestSummary } },
    },
    async (request) => {
      if (!(request.headers['content-type'] ?? '').startsWith(NDJSON)) {
        throw new ApiError('request.unsupported', `Send the records as ${NDJSON}, one JSON object per line.`, {
          status: 415,
        })
      }
      const length = request.headers['content-length']
      return ingestNdjson(deps, request.params.category, request.body as AsyncIterable<Buffer>, {
        contentLength: length === undefined ? undefined : Number(length),
        asOf: request.query.as_of,
      })
    },
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
