// Org chart (data-routes §2.8, §4.5): request bodies of the three routes and their list envelopes
// with side fields. Rules: domain/org-chart.ts. Designed parts: docs/entities-and-org-chart.md.
import { Type, type Static } from 'typebox'
import { ListEnvelope, Nullable, Strict } from './common.ts'

/** Matches people with no value at that level (platform §8, data-routes §4.5). */
export const UNKNOWN_PLACE = '__unknown__'
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'freelance', 'intern'] as const
export const GOVERNANCE_LEVELS = ['founder', 'owner', 'board_member', 'advisor'] as const

// Nullable body scalars are one multi-type schema, not anyOf [T, null]: the server's Ajv coerces
// types, and inside anyOf it turns null into the first branch's empty value (false, "") first.
const OrNull = <T>(type: 'string' | 'boolean', options: Record<string, unknown>) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...options })

const Anchor = {
  domain: Type.Optional(
    OrNull<string>('string', {
      maxLength: 300,
      description: 'The company domain; a pasted URL is reduced to its host',
    }),
  ),
  professional_url: Type.Optional(
    OrNull<string>('string', {
      maxLength: 300,
      description: 'The company page, linkedin.com/company/<slug>; a personal profile or a school page is refused',
    }),
  ),
}

const Places = (level: string) =>
  Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      maxItems: 50,
      description: `${level}: case-insensitive, any of them (OR); ${UNKNOWN_PLACE} matches people with no ${level}`,
    }),
  )

const Filters = {
  country: Places('country'),
  state: Places('state'),
  city: Places('city'),
  employment_type: Type.Optional(
    Type.Array(Strict({ value: Type.Enum([...EMPLOYMENT_TYPES]) }), {
      maxItems: EMPLOYMENT_TYPES.length,
      description: 'How the person is engaged; any of them (OR)',
    }),
  ),
  governance_level: Type.Optional(
    Type.Array(Strict({ value: Type.Enum([...GOVERNANCE_LEVELS]) }), {
      maxItems: GOVERNANCE_LEVELS.length,
      description: 'Founders, owners, board members, advisors; a person holding any of them (OR)',
    }),
  ),
  has_direct_access_to_c_suite: Type.Optional(
    OrNull<boolean>('boolean', {
      description: 'true or false filters; omitted or null does not. People with no value match neither true nor false',
    }),
  ),
}

export const OrgChartBody = Strict({
  ...Anchor,
  ...Filters,
  include_others: Type.Optional(
    Type.Boolean({ default: false, description: 'Adds the unclassified people as an Others row and column' }),
  ),
})
export type OrgChartBody = Static<typeof OrgChartBody>

export const OrgChartDepartmentsBody = Strict({ ...Anchor, ...Filters })
export type OrgChartDepartmentsBody = Static<typeof OrgChartDepartmentsBody>

export const OrgChartLocationsBody = Strict({
  ...Anchor,
  search: Type.Optional(
    OrNull<string>('string', {
      minLength: 1,
      maxLength: 200,
      description: 'Case-insensitive substring of the place values',
    }),
  ),
})
export type OrgChartLocationsBody = Static<typeof OrgChartLocationsBody>

export const OrgChartCompany = Type.Object(
  {
    domain: Nullable(Type.String({ description: 'Normalised; null on the page-URL path' })),
    professional_url: Nullable(Type.String({ description: 'Normalised; null on the domain path' })),
  },
  { additionalProperties: false, description: 'The company the request named: both keys present, exactly one set' },
)
export type OrgChartCompany = Static<typeof OrgChartCompany>

export const OrgChartCell = Type.Object(
  { department: Type.String(), seniority: Type.String(), count: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false, description: 'Sparse: a pair with nobody is absent' },
)
export type OrgChartCell = Static<typeof OrgChartCell>

const Counts = (description: string) => Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description })

export const OrgChartResponse = ListEnvelope(OrgChartCell, {
  cells: Type.Array(OrgChartCell, { description: 'The same rows as results, under their §2.8 name' }),
  company: OrgChartCompany,
  departments: Type.Array(Type.String(), { description: 'Row order: headcount descending, Others and General last' }),
  seniorities: Type.Array(Type.String(), {
    description: 'Column order: the fixed ladder, then Others with include_others',
  }),
  department_totals: Counts('Per row: the sum of its cells'),
  seniority_totals: Counts('Per column: the sum of its cells (every listed seniority, zeros included)'),
  include_others: Type.Boolean(),
})
export type OrgChartResponse = Static<typeof OrgChartResponse>

export const SubDepartmentHeadcount = Type.Object(
  {
    name: Type.String({ description: 'Raw corpus label; Uncategorized for people with no sub-department' }),
    headcount: Type.Integer({ minimum: 0 }),
    seniority_counts: Counts('Keyed by the raw seniority labels'),
  },
  { additionalProperties: false },
)

export const DepartmentHeadcount = Type.Object(
  { name: Type.String(), headcount: Type.Integer({ minimum: 0 }), sub_departments: Type.Array(SubDepartmentHeadcount) },
  { additionalProperties: false },
)
export type DepartmentHeadcount = Static<typeof DepartmentHeadcount>

export const OrgChartDepartmentsResponse = ListEnvelope(DepartmentHeadcount, {
  departments: Type.Array(DepartmentHeadcount, { description: 'The same rows as results, under their §2.8 name' }),
  company: OrgChartCompany,
})
export type OrgChartDepartmentsResponse = Static<typeof OrgChartDepartmentsResponse>

export const PlaceCount = Type.Object(
  {
    value: Type.String({ description: `Send back as a filter value; ${UNKNOWN_PLACE} for people with none` }),
    count: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
)
export type PlaceCount = Static<typeof PlaceCount>

export const PlaceRow = Type.Object(
  { level: Type.Enum(['country', 'state', 'city']), value: Type.String(), count: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
)
export type PlaceRow = Static<typeof PlaceRow>

export const OrgChartLocationsResponse = ListEnvelope(PlaceRow, {
  countries: Type.Array(PlaceCount, { description: 'Most people first' }),
  states: Type.Array(PlaceCount),
  cities: Type.Array(PlaceCount),
  company: OrgChartCompany,
  search: Nullable(Type.String()),
})
export type OrgChartLocationsResponse = Static<typeof OrgChartLocationsResponse>
