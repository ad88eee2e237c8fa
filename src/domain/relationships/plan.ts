// The plan of POST /v1/relationships: the resolved request a signed cursor carries (so later pages
// never re-resolve names or re-read the question), and how a plan is shown back as
// meta.resolved_search. index.ts builds plans; institutions.ts and ask.ts reuse them.
import type { Breakdown } from '../../contract/relationships.ts'
import type { ResolvedCompany, ResolvedInstitution } from './anchors.ts'
import type { Basis, InstitutionKind } from './graph-columns.ts'

/** The worked-out request: what a cursor carries. */
export interface RelationshipsPlan {
  relation: 'between_companies' | 'via_institution'
  companies: ResolvedCompany[]
  institutions: ResolvedInstitution[]
  institutions_combine: 'any' | 'all'
  institution_type: InstitutionKind | null
  connection_basis: Basis
  exclude_current: boolean
  include_company_context: boolean
  breakdown: { group_by: Breakdown['group_by']; max_groups: number } | null
  query: string | null
  /** The reader's version when the plan came from words; 'none' otherwise. */
  parser_version: string
  chain: string
}

/** The plan as meta.resolved_search shows it; a cursor page reports parser_version none. */
export function resolvedSearch(plan: RelationshipsPlan, onCursorPage: boolean) {
  return {
    parser_version: onCursorPage ? 'none' : plan.parser_version,
    category: 'person',
    query: plan.query,
    filters: {
      relation: plan.relation,
      companies: plan.companies.map((c) => ({
        value: c.value,
        by: c.by,
        detected_as: c.detected_as,
        id: c.id,
        name: c.name,
        domain: c.domain,
        people: c.people,
      })),
      institutions: plan.institutions.map((i) => ({ value: i.value, by: i.by, id: i.id, kind: i.kind, name: i.name })),
      institutions_combine: plan.institutions_combine,
      institution_type: plan.institution_type,
      connection_basis: plan.connection_basis,
      exclude_current: plan.exclude_current,
      include_company_context: plan.include_company_context,
      breakdown: plan.breakdown,
    },
    filters_source: plan.query ? 'parser' : 'caller',
    sort: [
      { field: 'number_of_contacts_overlapping_tenure_with', direction: 'desc' },
      { field: 'profile_url', direction: 'asc' },
    ],
    conflicts: [],
    overrides: [],
  }
}
