// Filter values and sort fields (data-routes §4.6, §4.7). Shapes: contract/filters.ts. Rules:
// domain/search/filter-values.ts and domain/search/sorts.ts. This file only translates HTTP into domain calls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  DocumentFilterValuesParams,
  DocumentFilterValuesQuery,
  DocumentFilterValuesResponse,
  FilterValuesParams,
  FilterValuesQuery,
  FilterValuesResponse,
  SortCatalogueResponse,
  SortsParams,
} from '../../contract/filters.ts'
import { listDocumentFilterValues, listFilterValues } from '../../domain/search/filter-values.ts'
import { listSortFields } from '../../domain/search/sorts.ts'
import { onReplica } from '../../domain/replicas.ts'
import type { Deps } from '../../domain/types.ts'

export const filterRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/v1/search/filters/:name',
    {
      schema: {
        operationId: 'listFilterValues',
        summary: 'Values a company or person filter takes, 20 a page',
        tags: ['search'],
        params: FilterValuesParams,
        querystring: FilterValuesQuery,
        response: { 200: FilterValuesResponse },
      },
      config: { scopes: ['dsp.search.read'], errors: ['upstream.unavailable', 'upstream.timeout'] },
    },
    async (request) => onReplica(deps, (reads) => listFilterValues(reads, request.params.name, request.query)),
  )

  // §4.6 "the route has no 404": without a name Fastify would not match the route above, so the
  // bare path answers the same 422 listing the accepted names.
  app.get(
    '/v1/search/filters',
    {
      schema: {
        operationId: 'listFilterValuesWithoutName',
        summary: 'No filter name: 422 listing the accepted names',
        tags: ['search'],
        querystring: FilterValuesQuery,
      },
      config: { scopes: ['dsp.search.read'] },
    },
    async (request) => listFilterValues(deps, '', request.query),
  )

  app.get(
    '/v1/search/filters/:category/:name',
    {
      schema: {
        operationId: 'listDocumentFilterValues',
        summary: "Values a document category's filter takes, 20 a page",
        tags: ['search'],
        params: DocumentFilterValuesParams,
        querystring: DocumentFilterValuesQuery,
        response: { 200: DocumentFilterValuesResponse },
      },
      config: { scopes: ['dsp.search.read'], errors: ['upstream.unavailable', 'upstream.timeout'] },
    },
    async (request) =>
      onReplica(deps, (reads) =>
        listDocumentFilterValues(reads, request.params.category, request.params.name, request.query),
      ),
  )

  app.get(
    '/v1/sorts/:category',
    {
      schema: {
        operationId: 'listSortFields',
        summary: 'Fields a search of this category can be ordered by',
        tags: ['search'],
        params: SortsParams,
        response: { 200: SortCatalogueResponse },
      },
      config: { scopes: ['dsp.search.read'] },
    },
    async (request) => listSortFields(request.params.category),
  )
}
