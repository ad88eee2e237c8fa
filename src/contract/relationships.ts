// Relationships (data-routes §2.9, §4.4): request bodies and envelopes of the four
// /v1/relationships* routes. Rules: domain/relationships/. Designed parts: docs/relationships.md.
import { Type, type Static } from 'typebox'
import { ListEnvelope, Nullable, Strict } from './common.ts'

export const CONNECTION_BASES = ['overlapping', 'shared'] as const
export const INSTITUTION_KINDS = ['employment', 'education'] as const
export const MATCH_CONFIDENCES = ['url', 'edu', 'name'] as const
/** §4.4: seven levels, most senior first (the org chart's ladder without Others). */
export const SENIORITY_LEVELS = ['C-Suite', 'VP', 'Director / Head', 'Manager', 'IC', 'Entry', 'In Training'] as const
export const BREAKDOWN_GROUPS = ['institution', 'department', 'seniority', 'country'] as const
export const ASK_ROUTES = ['relationships', 'reach', 'institutions', 'compare', 'fan_out'] as const
/** §4.4 refusal kinds of request.unsupported (`extra.kind`). */
export const REFUSAL_KINDS = [
  'no_anchor',
  'no_tenant_context',
  'needs_tenant_list',
  'needs_pre_resolve',
  'impossible_on_this_corpus',
  'route_ambiguous',
  'compound_over_budget',
  'wrong_route',
  'compound_unsupported',
] as const
export type RefusalKind = (typeof REFUSAL_KINDS)[number]

const Limit = (description: string) => Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description }))
const Cursor = Type.Optional(
  Nullable(
    Type.String({
      minLength: 1,
      maxLength: 8192,
      description: 'From a previous page; only limit may change between pages',
    }),
  ),
)
const Basis = Type.Optional(
  Type.Enum([...CONNECTION_BASES], {
    description: 'overlapping (default): both at the institution at the same time; shared: both there at some point',
  }),
)
const InstitutionType = Type.Optional(
  Nullable(
    Type.Enum([...INSTITUTION_KINDS], {
      description: 'Restricts the shared institution to employers or schools; null: both',
    }),
  ),
)
const ExcludeCurrent = Type.Optional(
  Type.Boolean({ description: 'Default false; true counts only affiliations that have ended' }),
)
const Values = (description: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20, description }))

export const PeopleConstraints = Strict(
  {
    country: Values('Countries, case-insensitive; any of them'),
    department: Values('Department labels of the org chart vocabulary; any of them'),
    seniority: Type.Optional(
      Type.Array(Type.Enum([...SENIORITY_LEVELS]), { maxItems: 20, description: 'Any of these levels' }),
    ),
  },
  { description: 'Constrains this side only. Firmographic constraints are refused (422)' },
)
export type PeopleConstraints = Static<typeof PeopleConstraints>

export const CompanyAnchor = Strict({
  value: Type.String({ minLength: 1, maxLength: 300 }),
  by: Type.Optional(
    Type.Enum(['auto', 'name', 'domain', 'li_url', 'id'], {
      description: 'Default auto: domain, company page URL or name, by shape',
    }),
  ),
  people: Type.Optional(PeopleConstraints),
})
export type CompanyAnchor = Static<typeof CompanyAnchor>

export const InstitutionAnchor = Strict({
  value: Type.String({ minLength: 1, maxLength: 300 }),
  by: Type.Optional(
    Type.Enum(['auto', 'name', 'li_url', 'inst_key'], {
      description: 'Default auto; inst_key takes a SharedInstitution.id back',
    }),
  ),
  kind: Type.Optional(
    Type.Enum(['company', 'school', 'unknown'], {
      description: 'Default unknown; a name that is both a company and a school is refused',
    }),
  ),
})
export type InstitutionAnchor = Static<typeof InstitutionAnchor>

export const BreakdownRequest = Strict({
  group_by: Type.Enum([...BREAKDOWN_GROUPS], { description: "How the first company's connected people are grouped" }),
  max_groups: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, description: 'Default 10; more_groups says when more existed' }),
  ),
})
export type BreakdownRequest = Static<typeof BreakdownRequest>

export const RelationshipsBody = Strict({
  relation: Type.Optional(
    Type.Enum(['between_companies', 'via_institution'], {
      description: 'Default between_companies; rejected alongside query',
    }),
  ),
  companies: Type.Optional(
    Type.Array(CompanyAnchor, {
      maxItems: 2,
      description: "Order is the contract: the first company's people are returned",
    }),
  ),
  institutions: Type.Optional(Type.Array(InstitutionAnchor, { maxItems: 10 })),
  institutions_combine: Type.Optional(
    Type.Enum(['any', 'all'], { description: 'Default any; all: each person connected through every institution' }),
  ),
  institution_type: InstitutionType,
  connection_basis: Basis,
  exclude_current: ExcludeCurrent,
  include_company_context: Type.Optional(
    Type.Boolean({ description: "Default false; adds each person's current employer" }),
  ),
  breakdown: Type.Optional(Nullable(BreakdownRequest)),
  limit: Limit('Default 10'),
  cursor: Cursor,
  query: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'The question in words, instead of (never with) the structured fields',
    }),
  ),
})
export type RelationshipsBody = Static<typeof RelationshipsBody>

export const ReachBody = Strict({
  person: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'A row id of POST /v1/relationships (a person id) or a profile URL',
    }),
  ),
  people: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
      minItems: 1,
      maxItems: 10,
      description: 'Several seeds instead of person',
    }),
  ),
  companies: Type.Array(
    Strict({ value: Type.String({ minLength: 1, maxLength: 300 }), by: CompanyAnchor.properties.by }),
    { minItems: 1, maxItems: 10, description: 'The targets, in order' },
  ),
  connection_basis: Basis,
  institution_type: InstitutionType,
  exclude_current: ExcludeCurrent,
  limit: Limit('Rows per target company on each page; default 10'),
  cursor: Cursor,
})
export type ReachBody = Static<typeof ReachBody>

export const InstitutionsBody = Strict({
  companies: Type.Array(CompanyAnchor, {
    minItems: 2,
    maxItems: 2,
    description: 'people_first counts the first, people_second the second',
  }),
  institution_type: InstitutionType,
  connection_basis: Basis,
  exclude_current: ExcludeCurrent,
  name_starts_with: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Case-insensitive prefix of the institution name' }),
  ),
  limit: Limit('Default 25; one page only'),
})
export type InstitutionsBody = Static<typeof InstitutionsBody>

export const AskBody = Strict({
  query: Type.String({ minLength: 1, maxLength: 2000 }),
  limit: Limit('Default 10'),
  cursor: Cursor,
})
export type AskBody = Static<typeof AskBody>

const Kind = Nullable(Type.Enum([...INSTITUTION_KINDS]))
const Confidence = Nullable(
  Type.Enum([...MATCH_CONFIDENCES], {
    description: 'url: canonical profile URL; edu: school record; name: normalised name (weaker)',
  }),
)

export const ViaInstitution = Type.Object(
  { id: Type.String(), kind: Kind, name: Nullable(Type.String()), match_confidence: Confidence },
  { additionalProperties: false },
)

export const CompanyContext = Type.Object(
  {
    domain: Nullable(Type.String()),
    name: Nullable(Type.String()),
    industry: Nullable(Type.String()),
    employee_count: Nullable(Type.Integer()),
    country: Nullable(Type.String()),
  },
  { additionalProperties: false, description: "The person's current employer" },
)
export type CompanyContext = Static<typeof CompanyContext>

const PersonFields = {
  id: Type.String({ description: 'The person id: send it to POST /v1/relationships/reach' }),
  profile_url: Nullable(Type.String()),
  name: Nullable(Type.String()),
  title: Nullable(Type.String()),
  department: Nullable(Type.String()),
  seniority: Nullable(Type.String()),
  country: Nullable(Type.String()),
  company_domain: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  via: Type.Array(ViaInstitution, { description: 'The institutions that connect this person' }),
}

export const RelationshipPerson = Type.Object(
  {
    ...PersonFields,
    number_of_contacts_overlapping_tenure_with: Type.Integer({
      minimum: 0,
      description: 'Distinct people on the other side connected to this one (under connection_basis)',
    }),
    company_context: Nullable(CompanyContext),
  },
  { additionalProperties: false },
)
export type RelationshipPerson = Static<typeof RelationshipPerson>

export const SharedInstitution = Type.Object(
  {
    id: Type.String({ description: 'Institution key; sendable back as an institutions anchor (by inst_key)' }),
    kind: Kind,
    match_confidence: Confidence,
    name: Nullable(Type.String()),
    people_first: Type.Integer({ minimum: 0, default: 0 }),
    people_second: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
)
export type SharedInstitution = Static<typeof SharedInstitution>

export const Breakdown = Type.Object(
  {
    exact: Type.Boolean({
      description:
        'false when a count is an estimate, values were merged, or several institutions were required at once',
    }),
    group_by: Type.Enum([...BREAKDOWN_GROUPS]),
    groups: Type.Array(
      Type.Object(
        { key: Type.String(), kind: Kind, label: Type.String(), people: Type.Integer({ minimum: 0 }) },
        { additionalProperties: false },
      ),
    ),
    more_groups: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type Breakdown = Static<typeof Breakdown>

const BasisEcho = Type.Enum([...CONNECTION_BASES])

/** What a relationships answer holds besides the list envelope (also in the ask route's fan_out). */
const RelationshipsFields = {
  breakdown: Nullable(Breakdown),
  connection_basis: BasisEcho,
  institutions: Type.Array(SharedInstitution, {
    maxItems: 100,
    description:
      'The institutions of the whole answer (not only the page) through which the most first-company people connect, by people_first then id: at most 100',
  }),
  institutions_truncated: Type.Boolean({
    description:
      'More institutions connect the answer than institutions lists; POST /v1/relationships/institutions lists them by name prefix (name_starts_with), 100 at a time',
  }),
}

export const RelationshipsResponse = ListEnvelope(RelationshipPerson, RelationshipsFields)
export type RelationshipsResponse = Static<typeof RelationshipsResponse>

export const ReachPerson = Type.Object(
  {
    ...PersonFields,
    target_index: Nullable(
      Type.Integer({ minimum: 0, description: 'Index into targets; null with one person and one company' }),
    ),
    reached_by: Nullable(
      Type.Array(Type.String(), {
        description: 'Seed person ids who reach this person; null with one person and one company',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ReachPerson = Static<typeof ReachPerson>

export const ReachInstitution = Type.Object(
  {
    id: Type.String(),
    kind: Kind,
    match_confidence: Confidence,
    name: Nullable(Type.String()),
    people_at_target: Type.Integer({
      minimum: 0,
      default: 0,
      description: 'Distinct reached people through it, over the whole answer',
    }),
  },
  { additionalProperties: false },
)
export type ReachInstitution = Static<typeof ReachInstitution>

export const ReachTarget = Type.Object(
  {
    index: Type.Integer({ minimum: 0 }),
    value: Type.String({ description: 'As named' }),
    cid: Nullable(Type.String({ description: 'The company id' })),
    name: Nullable(Type.String()),
    domain: Nullable(Type.String()),
    total: Type.Integer({ minimum: 0 }),
    total_is_estimate: Type.Boolean(),
    same_as: Nullable(
      Type.Integer({
        minimum: 0,
        description: 'An earlier entry naming the same company; its rows are under that entry',
      }),
    ),
  },
  { additionalProperties: false },
)

export const ReachSeed = Type.Object(
  { id: Type.String(), total: Type.Integer({ minimum: 0 }), total_is_estimate: Type.Boolean() },
  { additionalProperties: false },
)

export const ReachResponse = ListEnvelope(ReachPerson, {
  connection_basis: BasisEcho,
  institutions: Type.Array(ReachInstitution),
  targets: Nullable(Type.Array(ReachTarget)),
  seeds: Nullable(Type.Array(ReachSeed)),
})
export type ReachResponse = Static<typeof ReachResponse>

export const InstitutionsResponse = ListEnvelope(SharedInstitution, {
  truncated: Type.Boolean({
    description: 'More institutions qualified than limit returned; has_more is structurally false',
  }),
  connection_basis: BasisEcho,
})
export type InstitutionsResponse = Static<typeof InstitutionsResponse>

export const Reading = Type.Object(
  {
    span: Type.String({ description: 'The words the answer was read from' }),
    searches: Type.Integer({ minimum: 0, description: 'Graph reads the answer ran' }),
    warnings: Type.Array(Type.String(), { description: 'What was dropped, in plain words; empty means nothing' }),
  },
  { additionalProperties: false },
)

export const CompareAnswer = Type.Object(
  {
    comparable: Type.Boolean({ default: true }),
    connection_basis: BasisEcho,
    sides: Type.Array(RelationshipsResponse, {
      description: 'One relationships envelope per compared company, each with its own resolved_search',
    }),
    stronger: Nullable(
      Type.Integer({ minimum: 0, description: 'Index into sides; null for a tie or approximate counts' }),
    ),
  },
  { additionalProperties: false },
)

export const DrillDown = Type.Object(
  {
    person_id: Type.String(),
    name: Nullable(Type.String()),
    target: Nullable(Type.String({ description: 'The company drilled into (its domain)' })),
    total: Type.Integer({ minimum: 0 }),
    total_is_estimate: Type.Boolean(),
    institutions: Type.Array(ReachInstitution),
    results: Type.Array(ReachPerson, { description: 'The first people this person reaches, best first' }),
  },
  { additionalProperties: false },
)

export const FanOutAnswer = ListEnvelope(RelationshipPerson, {
  ...RelationshipsFields,
  drill_downs: Type.Array(DrillDown, { description: 'One per person drilled into, in the rank order of results' }),
  k: Type.Integer({ minimum: 0, description: 'Rows drilled into' }),
  skipped: Type.Array(Type.String(), { description: 'Ids among the top k that could not be drilled' }),
})

export const AskResponse = ListEnvelope(Type.Object({}, { additionalProperties: true }), {
  route: Type.Enum([...ASK_ROUTES]),
  reading: Reading,
  relationships: Nullable(RelationshipsResponse),
  reach: Nullable(ReachResponse),
  institutions: Nullable(InstitutionsResponse),
  compare: Nullable(CompareAnswer),
  fan_out: Nullable(FanOutAnswer),
})
export type AskResponse = Static<typeof AskResponse>
