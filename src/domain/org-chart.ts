// Org chart (data-routes §2.8, §4.5): one company's current people by department × seniority, by
// sub-department, or by place. Shapes: contract/org-chart.ts; queries: store/org-chart.ts;
// design notes: docs/entities-and-org-chart.md.
import { envelope } from '../contract/common.ts'
import {
  UNKNOWN_PLACE,
  type DepartmentHeadcount,
  type OrgChartBody,
  type OrgChartCell,
  type OrgChartCompany,
  type OrgChartDepartmentsBody,
  type OrgChartDepartmentsResponse,
  type OrgChartLocationsBody,
  type OrgChartLocationsResponse,
  type OrgChartResponse,
  type PlaceCount,
  type PlaceRow,
} from '../contract/org-chart.ts'
import {
  normaliseCompanyPageUrl,
  normaliseDomain,
  normaliseProfileUrl,
  normaliseSchoolPageUrl,
} from '../corpus/normalise.ts'
import { DEPARTMENTS, LEFTOVER_DEPARTMENTS, SENIORITY_COLUMNS, SENIORITY_LADDER } from '../corpus/taxonomy.ts'
import { ApiError } from '../errors.ts'
import * as store from '../store/org-chart.ts'
import type { PeopleFilters, PlaceFilter, Population } from '../store/org-chart.ts'
import type { ChargeInput } from './credits/metering.ts'
import { guarded } from './guard.ts'
import type { Deps } from './types.ts'

const OTHERS = 'Others'
const UNCATEGORIZED = 'Uncategorized'

type Anchor = { domain?: string | null; professional_url?: string | null }
type Filters = Omit<OrgChartDepartmentsBody, 'domain' | 'professional_url'>
type Answer<T> = Omit<T, 'meta'>

function invalid(detail: string, field: string, input: unknown, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError('request.invalid', detail, {
    extra: {
      ...extra,
      errors: [{ type: 'value_error', loc: ['body', field], msg: detail, input: input ?? null, ctx: null }],
    },
  })
}

// A bare word (no dot, no slash) is a company name, which the org chart does not resolve (§4.5 rule 1).
const looksLikeName = (value: string) => !/[./]/.test(value)
const nameRefused = (field: string, value: string) =>
  invalid(
    'This looks like a company name. Find the company with POST /v1/search first, then send its domain or company page URL.',
    field,
    value,
    { try_instead: 'POST /v1/search' },
  )

/** §4.5 rule 1 and §2.8: exactly one of domain and professional_url, normalised for the echo. */
export function companyOf(body: Anchor): OrgChartCompany {
  const domain = body.domain ?? null
  const page = body.professional_url ?? null
  if ((domain === null) === (page === null)) {
    throw invalid(
      'Send exactly one of domain and professional_url.',
      domain === null ? 'domain' : 'professional_url',
      null,
    )
  }
  if (domain !== null) {
    if (normaliseProfileUrl(domain) ?? normaliseSchoolPageUrl(domain) ?? normaliseCompanyPageUrl(domain)) {
      throw invalid(
        'This is a professional-network page, not a domain: send a company page URL as professional_url.',
        'domain',
        domain,
      )
    }
    const normalised = normaliseDomain(domain)
    if (normalised) return { domain: normalised, professional_url: null }
    throw looksLikeName(domain.trim())
      ? nameRefused('domain', domain)
      : invalid('Not a domain name (example: acme.com).', 'domain', domain)
  }
  const url = page!
  const normalised = normaliseCompanyPageUrl(url)
  if (normalised) return { domain: null, professional_url: normalised }
  if (normaliseProfileUrl(url))
    throw invalid(
      'A personal profile has no org chart: send the company page (linkedin.com/company/<slug>).',
      'professional_url',
      url,
    )
  if (normaliseSchoolPageUrl(url))
    throw invalid(
      'School pages are refused: send a company page (linkedin.com/company/<slug>).',
      'professional_url',
      url,
    )
  throw looksLikeName(url.trim())
    ? nameRefused('professional_url', url)
    : invalid('Not a company page URL (linkedin.com/company/<slug>).', 'professional_url', url)
}

/** Whose people: the domain's, or for a page URL the company behind it (null: no such company). */
async function populationOf(deps: Deps, company: OrgChartCompany): Promise<Population | null> {
  if (company.domain !== null) return { company_domain: company.domain }
  const found = await store.findCompanyByPageUrl(deps.db, company.professional_url!)
  if (!found) return null
  if (found.domain) return { company_domain: found.domain }
  // A company without a domain: its people's current job is keyed by its normalised name (docs/corpus-demo.md §1.4).
  return found.name_norm ? { company_key: `name:${found.name_norm}` } : null
}

function placeFilter(values: string[] | undefined): PlaceFilter | null {
  if (!values || values.length === 0) return null
  const lowered = values.map((v) => v.trim().toLowerCase())
  return { values: lowered.filter((v) => v !== UNKNOWN_PLACE), unknown: lowered.includes(UNKNOWN_PLACE) }
}

function filtersOf(body: Filters): PeopleFilters {
  const values = (list: { value: string }[] | undefined) =>
    list && list.length > 0 ? list.map((e) => e.value.toLowerCase()) : null
  return {
    country: placeFilter(body.country),
    state: placeFilter(body.state),
    city: placeFilter(body.city),
    employment_type: values(body.employment_type),
    governance_level: values(body.governance_level),
    has_direct_access_to_c_suite: body.has_direct_access_to_c_suite ?? null,
  }
}

/** §4.5 rule 4: headcount descending (ties in taxonomy order), leftover buckets last in their fixed order. */
export function orderDepartments(headcount: ReadonlyMap<string, number>): string[] {
  const leftovers: readonly string[] = LEFTOVER_DEPARTMENTS
  const rank = (d: string) => {
    const i = (DEPARTMENTS as readonly string[]).indexOf(d)
    return i < 0 ? DEPARTMENTS.length : i
  }
  const named = [...headcount.keys()]
    .filter((d) => !leftovers.includes(d))
    .sort((a, b) => headcount.get(b)! - headcount.get(a)! || rank(a) - rank(b) || a.localeCompare(b))
  return [...named, ...leftovers.filter((d) => headcount.has(d))]
}

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n)

/** Reads a company's people through the retrieval boundary (an outage is 503 upstream.unavailable). */
function read<T>(deps: Deps, fn: () => Promise<T>): Promise<T> {
  return guarded(deps, 'retrieval', 'upstream.unavailable', fn)
}

/**
 * The department × seniority grid. `total` is everyone under the filters (§4.5 rule 3); without
 * include_others, people whose department or seniority is unclassified are in total and in no cell.
 */
export async function getOrgChart(deps: Deps, body: OrgChartBody): Promise<Answer<OrgChartResponse>> {
  const company = companyOf(body)
  const includeOthers = body.include_others ?? false
  const groups = await read(deps, async () => {
    const population = await populationOf(deps, company)
    return population ? store.countByDepartmentAndSeniority(deps.db, population, filtersOf(body)) : []
  })
  const columns: readonly string[] = includeOthers ? SENIORITY_COLUMNS : SENIORITY_LADDER
  const counts = new Map<string, Map<string, number>>()
  let total = 0
  for (const g of groups) {
    // Every person is in exactly one group, so the groups add up to the population.
    total += g.count
    const department = g.department ?? OTHERS
    // A label outside the ladder cannot be placed in a column: it is unclassified.
    const seniority =
      g.seniority !== null && (SENIORITY_LADDER as readonly string[]).includes(g.seniority) ? g.seniority : OTHERS
    if (!includeOthers && (department === OTHERS || seniority === OTHERS)) continue
    const row = counts.get(department) ?? new Map<string, number>()
    add(row, seniority, g.count)
    counts.set(department, row)
  }
  const departmentTotals = new Map([...counts].map(([d, row]) => [d, [...row.values()].reduce((a, b) => a + b, 0)]))
  const departments = orderDepartments(departmentTotals)
  const cells: OrgChartCell[] = departments.flatMap((department) =>
    columns
      .filter((s) => counts.get(department)!.has(s))
      .map((seniority) => ({ department, seniority, count: counts.get(department)!.get(seniority)! })),
  )
  const seniorityTotals = Object.fromEntries(
    columns.map((s) => [s, cells.filter((c) => c.seniority === s).reduce((a, c) => a + c.count, 0)]),
  )
  return {
    ...envelope(cells, { total }),
    cells,
    company,
    departments,
    seniorities: [...columns],
    department_totals: Object.fromEntries(departments.map((d) => [d, departmentTotals.get(d)!])),
    seniority_totals: seniorityTotals,
    include_others: includeOthers,
  }
}

const seniorityRank = (s: string) => {
  const i = (SENIORITY_COLUMNS as readonly string[]).indexOf(s)
  return i < 0 ? SENIORITY_COLUMNS.length : i
}

/** Sub-departments within departments: same population and filters, raw corpus labels, everyone included. */
export async function getOrgChartDepartments(
  deps: Deps,
  body: OrgChartDepartmentsBody,
): Promise<Answer<OrgChartDepartmentsResponse>> {
  const company = companyOf(body)
  const groups = await read(deps, async () => {
    const population = await populationOf(deps, company)
    return population ? store.countBySubDepartment(deps.db, population, filtersOf(body)) : []
  })
  const tree = new Map<string, Map<string, Map<string, number>>>()
  const headcount = new Map<string, number>()
  let total = 0
  for (const g of groups) {
    total += g.count
    const department = g.department ?? OTHERS
    const subs = tree.get(department) ?? new Map<string, Map<string, number>>()
    const sub = subs.get(g.sub_department ?? UNCATEGORIZED) ?? new Map<string, number>()
    add(sub, g.seniority ?? OTHERS, g.count)
    subs.set(g.sub_department ?? UNCATEGORIZED, sub)
    tree.set(department, subs)
    add(headcount, department, g.count)
  }
  const departments: DepartmentHeadcount[] = orderDepartments(headcount).map((name) => {
    const subs = [...tree.get(name)!].map(([sub, bySeniority]) => ({
      name: sub,
      headcount: [...bySeniority.values()].reduce((a, b) => a + b, 0),
      seniority_counts: Object.fromEntries(
        [...bySeniority].sort(([a], [b]) => seniorityRank(a) - seniorityRank(b) || a.localeCompare(b)),
      ),
    }))
    // Most people first; Uncategorized last however large, like the leftover departments.
    subs.sort(
      (a, b) =>
        Number(a.name === UNCATEGORIZED) - Number(b.name === UNCATEGORIZED) ||
        b.headcount - a.headcount ||
        a.name.localeCompare(b.name),
    )
    return { name, headcount: headcount.get(name)!, sub_departments: subs }
  })
  return { ...envelope(departments, { total }), departments, company }
}

function places(rows: { value: string | null; count: number }[], search: string | null): PlaceCount[] {
  return rows
    .map((r) => ({ value: r.value ?? UNKNOWN_PLACE, count: r.count }))
    .filter((p) => search === null || p.value.toLowerCase().includes(search))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}

/**
 * Where the company's people are: every country, state and city value with its headcount (the
 * values the filters accept, `__unknown__` for people with none), narrowed by `search`. `total`
 * is the company's headcount whatever `search` says.
 */
export async function getOrgChartLocations(
  deps: Deps,
  body: OrgChartLocationsBody,
): Promise<Answer<OrgChartLocationsResponse>> {
  const company = companyOf(body)
  const search = body.search?.trim().toLowerCase() || null
  const [countryRows, stateRows, cityRows] = await read(deps, async () => {
    const population = await populationOf(deps, company)
    if (!population) return [[], [], []]
    return [
      await store.countByPlace(deps.db, population, 'country'),
      await store.countByPlace(deps.db, population, 'state'),
      await store.countByPlace(deps.db, population, 'city'),
    ]
  })
  const total = countryRows.reduce((a, r) => a + r.count, 0)
  const countries = places(countryRows, search)
  const states = places(stateRows, search)
  const cities = places(cityRows, search)
  const results: PlaceRow[] = [
    ...countries.map((p) => ({ level: 'country' as const, ...p })),
    ...states.map((p) => ({ level: 'state' as const, ...p })),
    ...cities.map((p) => ({ level: 'city' as const, ...p })),
  ]
  return { ...envelope(results, { total }), countries, states, cities, company, search: body.search ?? null }
}

/** dsp.org_chart: 1 credit flat when the answer carries data (cells, departments or places), 0 otherwise. */
export function orgChartCharge(
  body: unknown,
  answer: { results: unknown[]; total: number; company: OrgChartCompany },
): Omit<ChargeInput, 'scope'> {
  return {
    action_type: 'dsp.org_chart',
    positions: answer.results.length > 0 ? [0] : [],
    query: answer.company.domain ?? answer.company.professional_url,
    request: body,
    result_count: answer.results.length,
    result_total: answer.total,
    snapshot_state: 'not_a_search',
  }
}
