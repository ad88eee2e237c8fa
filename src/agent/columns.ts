// Enrichment columns (contract §4.9): each requested column is matched to the record field that
// supports it: a field of the category's record schema by name, or a known alias ("headcount" →
// employee_count), or records linked to the company (`linked:…`: its funding rounds, job openings,
// the people whose title names a CEO or founder, headcount per department; src/agent/links.ts). A
// column nothing supports stays empty on every row: never guessed.
import type { RunCategory } from '../contract/agent-runs.ts'
import { RecordSchemas } from '../contract/records.ts'

export interface ColumnPlan {
  name: string
  /** Field path: `a`, `a.b`, or `a[].b` (each element's b). Null when no field supports the column. */
  source: string | null
}

const COMPANY_ALIASES: Record<string, string> = {
  name: 'account_name',
  company: 'account_name',
  company_name: 'account_name',
  employees: 'employee_count',
  employee_count: 'employee_count',
  headcount: 'employee_count',
  staff: 'employee_count',
  size: 'employee_count',
  number_of_employees: 'employee_count',
  team_size: 'employee_count',
  employee_range: 'employee_range',
  company_size: 'employee_range',
  revenue: 'revenue',
  annual_revenue: 'revenue',
  sales: 'revenue',
  arr: 'revenue',
  last_funding: 'last_funding_amount',
  last_round: 'last_funding_amount',
  last_round_amount: 'last_funding_amount',
  stage: 'funding_stage',
  funding_stage: 'funding_stage',
  round: 'funding_stage',
  investors: 'investors',
  backers: 'investors',
  vcs: 'investors',
  founded: 'founded_year',
  year_founded: 'founded_year',
  founding_year: 'founded_year',
  founded_in: 'founded_year',
  hq: 'location',
  headquarters: 'location',
  hq_location: 'location',
  address: 'street_address',
  website: 'website',
  url: 'website',
  homepage: 'website',
  site: 'website',
  linkedin: 'professional_url',
  linkedin_url: 'professional_url',
  company_page: 'professional_url',
  vertical: 'sub_industry',
  sector: 'industry',
  subindustry: 'sub_industry',
  sub_sector: 'sub_industry',
  about: 'short_description',
  summary: 'short_description',
  overview: 'short_description',
  what_they_do: 'short_description',
  tech_stack: 'technology',
  technologies: 'technology',
  tech: 'technology',
  tools: 'technology',
  stack: 'technology',
  products: 'products[].name',
  product: 'products[].name',
  product_names: 'products[].name',
  customers: 'clients',
  clients: 'clients',
  partners: 'partnerships',
  followers: 'professional_followers',
  public: 'ipo_status',
  listed: 'ipo_status',
  ipo: 'ipo_status',
  parent: 'parent_organization.name',
  parent_company: 'parent_organization.name',
  subsidiaries: 'subsidiaries[].name',
  acquisitions: 'acquisitions[].company',
  acquirer: 'acquired_by[].company',
  business_model: 'business_models',
  keywords: 'company_keyword',
  // Linked records (src/agent/links.ts); `a|b`: the first of them that has a value.
  funding: 'total_funding|linked:total_raised',
  total_funding: 'total_funding|linked:total_raised',
  raised: 'total_funding|linked:total_raised',
  amount_raised: 'total_funding|linked:total_raised',
  total_raised: 'total_funding|linked:total_raised',
  last_funding_date: 'last_funding_date|linked:latest_round_date',
  last_round_date: 'last_funding_date|linked:latest_round_date',
  latest_round_date: 'last_funding_date|linked:latest_round_date',
  latest_funding_date: 'last_funding_date|linked:latest_round_date',
  latest_funding_round: 'linked:latest_round',
  latest_round: 'linked:latest_round',
  last_funding_round: 'linked:latest_round',
  latest_funding: 'linked:latest_round',
  most_recent_round: 'linked:latest_round',
  funding_round: 'linked:latest_round',
  job_openings: 'job_openings|linked:open_jobs',
  open_job_openings: 'job_openings|linked:open_jobs',
  open_roles: 'job_openings|linked:open_jobs',
  open_jobs: 'job_openings|linked:open_jobs',
  open_positions: 'job_openings|linked:open_jobs',
  hiring: 'job_openings|linked:open_jobs',
  number_of_open_jobs: 'job_openings|linked:open_jobs',
  ceo: 'linked:ceo',
  chief_executive: 'linked:ceo',
  chief_executive_officer: 'linked:ceo',
  founder: 'linked:founder',
  founders: 'linked:founder',
  co_founder: 'linked:founder',
  ceo_or_founder: 'linked:ceo_or_founder',
  headcount_by_department: 'department_headcount|linked:departments',
  department_headcount: 'department_headcount|linked:departments',
  employees_by_department: 'department_headcount|linked:departments',
  departments: 'department_headcount|linked:departments',
  org_chart: 'department_headcount|linked:departments',
  offices: 'office_locations[].city',
  countries: 'global_presence.countries',
}

const PERSON_ALIASES: Record<string, string> = {
  full_name: 'name',
  job_title: 'title',
  role: 'title',
  position: 'title',
  current_title: 'title',
  company: 'current_employer.company',
  employer: 'current_employer.company',
  current_company: 'current_employer.company',
  company_name: 'current_employer.company',
  company_domain: 'current_employer.domain',
  employer_domain: 'current_employer.domain',
  domain: 'current_employer.domain',
  industry: 'current_employer.industry',
  company_industry: 'current_employer.industry',
  employer_industry: 'current_employer.industry',
  sector: 'current_employer.industry',
  linkedin: 'profile_url',
  linkedin_url: 'profile_url',
  profile: 'profile_url',
  url: 'profile_url',
  city: 'location.city',
  state: 'location.state',
  country: 'location.country',
  bio: 'summary',
  about: 'summary',
  school: 'education[].school',
  schools: 'education[].school',
  education: 'education[].school',
  alma_mater: 'education[].school',
  degree: 'education[].degree',
  degrees: 'education[].degree',
  field_of_study: 'education[].field',
  previous_companies: 'employment_history[].company',
  past_employers: 'employment_history[].company',
  experience: 'employment_history[].company',
  work_history: 'employment_history[].company',
  level: 'seniority',
  function: 'department',
  team: 'department',
  skill: 'skills',
}

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

export function resolveColumn(category: RunCategory, name: string): ColumnPlan {
  const key = normalise(name)
  const fields = (RecordSchemas[category] as { properties: Record<string, unknown> }).properties
  const aliases = category === 'company' ? COMPANY_ALIASES : PERSON_ALIASES
  const alias = aliases[key] ?? aliases[key.replace(/s$/, '')]
  // A linked column wins over a bare field of the same name (`job_openings` also counts the linked openings).
  if (alias?.includes('linked:')) return { name, source: alias }
  if (key !== 'id' && key in fields) return { name, source: key }
  return { name, source: alias ?? null }
}

/** The value of a field path in a record; null when absent or empty (an empty column is null, never ""). */
export function columnValue(
  record: Record<string, unknown>,
  source: string | null,
  linked: Record<string, unknown> = {},
): unknown {
  if (source === null) return null
  if (source.includes('|') || source.startsWith('linked:')) {
    for (const part of source.split('|')) {
      const value = part.startsWith('linked:') ? (linked[part.slice(7)] ?? null) : columnValue(record, part)
      if (value !== null && value !== undefined) return value
    }
    return null
  }
  let values: unknown[] = [record]
  let spread = false
  for (const part of source.split('.')) {
    const isArray = part.endsWith('[]')
    const key = isArray ? part.slice(0, -2) : part
    values = values.flatMap((v) => {
      const next = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined
      if (isArray) return Array.isArray(next) ? next : []
      return [next]
    })
    if (isArray) spread = true
  }
  const present = values.filter(
    (v) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  )
  if (spread) {
    const unique = [...new Set(present.map((v) => (typeof v === 'object' ? JSON.stringify(v) : v)))]
    return unique.length ? unique : null
  }
  const value = present[0]
  if (value === undefined) return null
  // A person's location object reads as one line.
  if (value && typeof value === 'object' && !Array.isArray(value) && source === 'location') {
    const parts = Object.values(value as Record<string, unknown>).filter((p) => typeof p === 'string' && p !== '')
    return parts.length ? parts.join(', ') : null
  }
  return value
}
