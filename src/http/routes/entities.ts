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
import { NAME_MATCH_FLOOR } from '../../domain/name-match.ts'
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
  description?: string
  body: TSchema
}

// The name rule of domain/name-match.ts, as users read it (docs/entities-and-org-chart.md §1).
const NAME_RULE = `Case, accents and punctuation do not matter, except "&" inside a word ("AT&T" is not "At The"). A word one typo away (4 letters or more, same first letter) counts half. A name nothing stored fits is a miss: \`found: false\`, empty \`matches\`, not charged.`

const COMPANY_NAMES = `By name (\`by: name\`, or a name under \`auto\`): the best-ranked stored company whose name fits, else a miss. A stored name fits when it holds every distinctive word of the name sent, starts with one of them, and the two agree to at least ${NAME_MATCH_FLOOR} (Dice coefficient over distinctive words: the stored name may add one word to one or two). Not distinctive: legal forms and structure words after a name's first word (Inc, Corp, Co, Company, Ltd, LLC, plc, AG, SA, GmbH, Holdings, Group, …), "the", "of", "and", "&" standing alone, and bracketed qualifiers such as "(Class A)". A hyphen binds a company name ("Williams-Sonoma" is not "Williams"; "Coca Cola" finds "Coca-Cola"). ${NAME_RULE} "Goldman Sachs" finds "The Goldman Sachs Group, Inc." and "AT&T Inc." finds "AT&T"; "Zyxwv Holdings" does not find "Q Holdings", nor "Marathon Petroleum" "Electro-Petroleum". Ranking: an exact name first, then agreement, then trigram similarity, then size; check the domain.`

const PERSON_NAMES = `By name (\`by: name\`, or a name under \`auto\`): up to 10 people whose name fits, best first. A stored name fits when it holds every distinctive word of the name sent, in any order, and the two agree to at least ${NAME_MATCH_FLOOR} (Dice coefficient over distinctive words). Honorifics and suffixes (Dr, Mr, Ms, Prof, Jr, Sr, III, PhD, MBA, …) are not distinctive. ${NAME_RULE} "Dr. Jane Doe" and "Doe, Jane" find Jane Doe; "Li Wei" does not find Li Wen.`

const ROUTES: LookupRoute[] = [
  {
    path: '/v1/entities/companies',
    category: 'company',
    operationId: 'lookupCompanies',
    summary: 'Companies by internal id, domain, page URL or name',
    description: COMPANY_NAMES,
    body: CompanyLookupBody,
  },
  {
    path: '/v1/entities/persons',
    category: 'person',
    operationId: 'lookupPersons',
    summary: 'People by internal id, profile URL or name',
    description: PERSON_NAMES,
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
          ...(route.description ? { description: route.description } : {}),
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
