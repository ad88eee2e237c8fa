// GET /v1/coverage (data-routes §4.2): what the index holds per corpus. Shapes: contract/coverage.ts.
// Figures: domain/corpus/coverage.ts. Free; this file only translates HTTP into the domain call.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CoverageResponse } from '../../contract/coverage.ts'
import { getCoverage } from '../../domain/corpus/coverage.ts'
import { onReplica } from '../../domain/replicas.ts'
import type { Deps } from '../../domain/types.ts'

export const coverageRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/v1/coverage',
    {
      schema: {
        operationId: 'getCoverage',
        summary: 'What the index holds per corpus',
        description:
          'Per source_corpus (every value of the closed set, empty ones included): records held, as_of (freshness of the latest ingest), the share of records carrying each major field, and how many records have an embedding. `vector_coverage_incomplete` true means meaning-based search cannot find some records; search then reports the degradation of that name. Figures are computed at the end of each ingest. Free.',
        tags: ['search'],
        response: { 200: CoverageResponse },
      },
      config: { scopes: ['dsp.search.read'], errors: ['upstream.unavailable'] },
    },
    async () => onReplica(deps, getCoverage),
  )
}
