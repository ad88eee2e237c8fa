// Org chart, the three POST /v1/org-chart* routes (data-routes §4.5). Shapes: contract/org-chart.ts.
// Rules: domain/org-chart.ts. Each handler builds the answer, then charges dsp.org_chart (1 credit when it has data).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  OrgChartBody,
  OrgChartDepartmentsBody,
  OrgChartDepartmentsResponse,
  OrgChartLocationsBody,
  OrgChartLocationsResponse,
  OrgChartResponse,
} from '../../contract/org-chart.ts'
import { getOrgChart, getOrgChartDepartments, getOrgChartLocations, orgChartCharge } from '../../domain/org-chart.ts'
import { onReplica } from '../../domain/replicas.ts'
import type { Deps } from '../../domain/types.ts'
import { charge } from '../plugins/metering.ts'

const config = {
  scopes: ['dsp.search.read'],
  billed: true,
  errors: ['upstream.unavailable', 'upstream.timeout'],
} as const

export const orgChartRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/org-chart',
    {
      schema: {
        operationId: 'getOrgChart',
        summary: 'Department × seniority headcount grid of a company',
        tags: ['org-chart'],
        body: OrgChartBody,
        response: { 200: OrgChartResponse },
      },
      config,
    },
    async (request) => {
      const answer = await onReplica(deps, (reads) => getOrgChart(reads, request.body))
      await charge(deps, request, orgChartCharge(request.body, answer))
      return answer
    },
  )

  app.post(
    '/v1/org-chart/departments',
    {
      schema: {
        operationId: 'getOrgChartDepartments',
        summary: 'Sub-departments within departments, with seniority counts',
        tags: ['org-chart'],
        body: OrgChartDepartmentsBody,
        response: { 200: OrgChartDepartmentsResponse },
      },
      config,
    },
    async (request) => {
      const answer = await onReplica(deps, (reads) => getOrgChartDepartments(reads, request.body))
      await charge(deps, request, orgChartCharge(request.body, answer))
      return answer
    },
  )

  app.post(
    '/v1/org-chart/locations',
    {
      schema: {
        operationId: 'getOrgChartLocations',
        summary: "Countries, states and cities of a company's people",
        tags: ['org-chart'],
        body: OrgChartLocationsBody,
        response: { 200: OrgChartLocationsResponse },
      },
      config,
    },
    async (request) => {
      const answer = await onReplica(deps, (reads) => getOrgChartLocations(reads, request.body))
      await charge(deps, request, orgChartCharge(request.body, answer))
      return answer
    },
  )
}
