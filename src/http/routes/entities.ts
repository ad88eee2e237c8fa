// Record lookup, the nine POST /v1/entities/* routes (data-routes §4.3). Shapes: contract/entities.ts.
// Rules: domain/entities.ts. Each handler looks up, then charges dsp.entities once the answer is ready.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { TSchema } from 'typebox'
import {
  CompanyLookupBody,
  EntityLookupEnvelope,
  KeyedDocumentLookupBody,
  NamedDocumentLookupBody,
  PersonLookupBody,
  type LookupBody,
} from '../../contract/entities.ts'
import type { EntityCategory } from '../../contract/records.ts'
import * as entities from '../../domain/entities.ts'
import { onReplica } from '../../domain/replicas.ts'
import type { Deps } from '../../domain/types.ts'
import { charge } from '../plugins/metering.ts'

interface LookupRoute {
  path: string
  category: EntityCategory
  operationId:
    | 'lookupCompanies'
    | 'lookupPersons'
    | 'lookupPatents'
    | 'lookupTrends'
    | 'lookupAcademicReports'
    | 'lookupNews'
    | 'lookupMarketReports'
    | 'lookupFundings'
    | 'lookupJobOpenings'
  summary: string
  body: TSchema
}

const ROUTES: LookupRoute[] = [
  {
    path: '/v1/entities/companies',
    category: 'company',
    operationId: 'lookupCompanies',
    summary: 'Companies by internal id, domain, page URL or name',
    body: CompanyLookupBody,
  },
  {
    path: '/v1/entities/persons',
    category: 'person',
    operationId: 'lookupPersons',
    summary: 'People by internal id, profile URL or name',
    body: PersonLookupBody,
  },
  {
    path: '/v1/entities/patents',
    category: 'patent',
    operationId: 'lookupPatents',
    summary: 'Patents by patent number',
    body: KeyedDocumentLookupBody,
  },
  {
    path: '/v1/entities/trends',
    category: 'trend',
    operationId: 'lookupTrends',
    summary: 'Trends by name',
    body: KeyedDocumentLookupBody,
  },
  {
    path: '/v1/entities/academic-reports',
    category: 'academic_report',
    operationId: 'lookupAcademicReports',
    summary: 'Academic reports by DOI',
    body: KeyedDocumentLookupBody,
  },
  {
    path: '/v1/entities/news',
    category: 'news_article',
    operationId: 'lookupNews',
    summary: 'News by headline or internal id',
    body: NamedDocumentLookupBody,
  },
  {
    path: '/v1/entities/market-reports',
    category: 'market_report',
    operationId: 'lookupMarketReports',
    summary: 'Market reports by title or internal id',
    body: NamedDocumentLookupBody,
  },
  {
    path: '/v1/entities/fundings',
    category: 'funding_round',
    operationId: 'lookupFundings',
    summary: 'Funding rounds by company or internal id',
    body: NamedDocumentLookupBody,
  },
  {
    path: '/v1/entities/job-openings',
    category: 'job_opening',
    operationId: 'lookupJobOpenings',
    summary: 'Job openings by role or internal id',
    body: NamedDocumentLookupBody,
  },
]

export const entityRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  for (const route of ROUTES) {
    app.post(
      route.path,
      {
        schema: {
          operationId: route.operationId,
          summary: route.summary,
          tags: ['entities'],
          body: route.body,
          response: { 200: EntityLookupEnvelope(route.category) },
        },
        config: { scopes: ['dsp.entities.read'], billed: true, errors: ['upstream.unavailable', 'upstream.timeout'] },
      },
      async (request) => {
        const body = request.body as LookupBody
        const answer = await onReplica(deps, (reads) => entities[route.operationId](reads, body))
        await charge(deps, request, entities.lookupCharge(body, answer))
        return answer
      },
    )
  }
}
