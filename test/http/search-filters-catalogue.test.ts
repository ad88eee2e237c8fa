// The filter catalogue is data (src/contract/search-catalogue.ts): every company and person filter
// it names, every geo level and every document category's filters narrow a real search on the
// demo corpus through POST /v1/search: some records pass and fewer than without it (or, where the
// corpus holds one value only, excluding it leaves none). A filter in the catalogue that the
// compiler ignored would leave the count unchanged and fail here.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILTERS,
  FILTER_VALUE_NAME_COUNT,
  FILTER_VALUE_NAMES,
  GTM_FILTERS,
  GTM_SORTS,
  type GtmFilterName,
} from '../../src/contract/search-catalogue.ts'
import { expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

/**
 * A value for each filter with no vocabulary to draw from; the others take values from GET
 * /v1/search/filters/{name}. Typed over every filter name, so a new filter without a way to
 * test it does not compile.
 */
const VALUES: Record<GtmFilterName, unknown> = {
  industry: 'vocabulary',
  sub_industry: 'vocabulary',
  employee_count: { min: 200 },
  revenue: { min: 20_000_000 },
  founded_year: { min: 2015 },
  total_funding: { min: 10_000_000 },
  last_funding_amount: { min: 5_000_000 },
  last_funding_date: { from: '2024-01-01' },
  funding_stage: 'vocabulary',
  growth_stage: 'vocabulary',
  ipo_status: 'vocabulary',
  ownership: 'vocabulary',
  operating_status: 'vocabulary',
  technology: 'vocabulary',
  company_keyword: 'vocabulary',
  company_types: 'vocabulary',
  business_models: 'vocabulary',
  naics: 'vocabulary',
  sic: 'vocabulary',
  investors: 'vocabulary',
  company: { include: [{ value: 'luminacloud.io', by: 'domain' }] },
  hiring_role: 'vocabulary',
  hiring_location: 'vocabulary',
  job_openings: { min: 5 },
  professional_followers: { min: 5000 },
  govt_non_govt: 'vocabulary',
  profit_non_profit: 'vocabulary',
  business_classification: 'vocabulary',
  country_count: { min: 3 },
  parent_organization: 'vocabulary',
  person: { include: ['an'] },
  title: 'vocabulary',
  department: 'vocabulary',
  seniority: 'vocabulary',
  skills: 'vocabulary',
  certifications: { include: ['PMP', 'CISSP', 'AWS Certified Solutions Architect'] },
  languages: 'vocabulary',
  university: { include: ['University'] },
  degree: 'vocabulary',
  field_of_study: 'vocabulary',
  employment_history: { include: ['a'] },
  past_title: 'vocabulary',
  tenure: { min: 36 },
  years_worked: { min: 15 },
  employment_type: 'vocabulary',
  governance_level: 'vocabulary',
  has_direct_access_to_c_suite: true,
  current_job_start: { from: '2024-06' },
  graduation_year: { min: 2018 },
  headline: 'vocabulary',
}

const NOTHING_EXCLUDED = {
  company: { company: { exclude: [{ value: 'no-such-company.invalid', by: 'domain' }] } },
  person: { person: { exclude: ['zz-no-such-person'] } },
}

async function count(api: TestServer, key: string, category: string, filters: Record<string, unknown>) {
  const res = await api.post('/v1/search', { key, body: { category, mode: 'fast', filters, limit: 1 } })
  expectStatus(res, 200)
  return { total: res.body.total as number, estimate: res.body.total_is_estimate as boolean }
}

/** A filter narrows when some records pass and fewer than all (or an exact count under an estimated whole). */
const narrows = (all: { total: number; estimate: boolean }, got: { total: number; estimate: boolean }) =>
  got.total > 0 && (got.total < all.total || (all.estimate && !got.estimate))

/**
 * Where the demo corpus holds one value only (every company Active, every article in English),
 * no value narrows: the filter shows it acts when including the value keeps every record and
 * excluding it leaves none. A filter the compiler ignored would keep every record both times.
 */
async function actsOnOneValue(
  api: TestServer,
  key: string,
  category: string,
  name: string,
  all: { total: number },
  value: string | undefined,
) {
  if (value === undefined) return false
  const kept = await count(api, key, category, { [name]: { include: [value] } })
  const left = await count(api, key, category, { [name]: { exclude: [value] } })
  return kept.total === all.total && left.total === 0
}

/** Candidate values from the filter-values route (a free-text name needs a search). */
async function vocabulary(api: TestServer, key: string, path: string, freeText: boolean): Promise<string[]> {
  const res = await api.get(`${path}${freeText ? '?search=a' : ''}`, { key })
  expectStatus(res, 200)
  return (res.body.values as string[]).slice(0, 12)
}

describe('every catalogue filter narrows a search on the demo corpus', () => {
  test('the catalogue counts are derived from its tables', () => {
    assert.equal(GTM_FILTERS.length, Object.keys(VALUES).length)
    assert.equal(FILTER_VALUE_NAME_COUNT, FILTER_VALUE_NAMES.length)
    assert.equal(FILTER_VALUE_NAME_COUNT, 54)
    // Each filter's sort use names a sort field of the catalogue.
    const sortFields = new Set<string>(GTM_SORTS.map((s) => s.field))
    for (const f of GTM_FILTERS) if (f.sort) assert.ok(sortFields.has(f.sort), `${f.name} sorts by ${f.sort}`)
  })

  test('company and person filters, and geo', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100_000 })
    // A search needs words or a filter: the whole category is a filter no record fails.
    const all = {
      company: await count(api, key, 'company', NOTHING_EXCLUDED.company),
      person: await count(api, key, 'person', NOTHING_EXCLUDED.person),
    }
    const failures: string[] = []
    for (const spec of GTM_FILTERS) {
      const category = spec.applies_to === 'person' ? 'person' : 'company'
      const given = VALUES[spec.name as GtmFilterName]
      const candidates: unknown[] = []
      if (given !== 'vocabulary') candidates.push(given)
      else {
        const values = await vocabulary(api, key, `/v1/search/filters/${spec.name}`, spec.vocabulary === 'free_text')
        for (const v of values) candidates.push({ include: [v] })
        // A value every record has narrows as its exclusion.
        if (values[0] !== undefined) candidates.push({ exclude: [values[0]] })
      }
      let ok = false
      for (const value of candidates) {
        if (narrows(all[category], await count(api, key, category, { [spec.name]: value }))) {
          ok = true
          break
        }
      }
      const first = (candidates[0] as { include?: string[] } | undefined)?.include?.[0]
      if (!ok && given === 'vocabulary') ok = await actsOnOneValue(api, key, category, spec.name, all[category], first)
      if (!ok) failures.push(`${spec.name} (${category}): tried ${JSON.stringify(candidates).slice(0, 200)}`)
    }
    for (const [level, value] of [
      ['country', 'Germany'],
      ['state', 'California'],
      ['city', 'Berlin'],
      ['region', 'APAC'],
    ] as const) {
      for (const category of level === 'region' ? ['company'] : (['company', 'person'] as const)) {
        const got = await count(api, key, category, { geo: { include: [{ value, level }] } })
        if (!narrows(all[category as 'company' | 'person'], got)) failures.push(`geo ${level} (${category})`)
      }
    }
    assert.deepEqual(failures, [])
  })

  test("each document category's filters", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100_000 })
    const failures: string[] = []
    for (const category of DOCUMENT_CATEGORIES) {
      const open = DOCUMENT_FILTERS[category].find((f) => f.kind === 'list' || f.kind === 'text')!
      const all = await count(api, key, category, { [open.name]: { exclude: ['zz-no-such-value'] } })
      for (const spec of DOCUMENT_FILTERS[category]) {
        const candidates: unknown[] = []
        if (spec.kind === 'range') candidates.push({ min: 1 }, { min: 1_000_000 }, { min: 10 })
        else if (spec.kind === 'date_range')
          candidates.push(
            { from: '2025-01-01' },
            { to: '2024-12-31' },
            { from: '2025-04-01' },
            { from: '2025-05-01' },
            { from: '2025-05-20' },
            { to: '2025-03-31' },
          )
        else {
          const values = await vocabulary(
            api,
            key,
            `/v1/search/filters/${category}/${spec.name}`,
            spec.vocabulary !== 'enumerated' && spec.vocabulary !== 'bounded',
          )
          for (const v of values) candidates.push({ include: [v] })
          if (values[0] !== undefined) candidates.push({ exclude: [values[0]] })
        }
        let ok = false
        for (const value of candidates) {
          if (narrows(all, await count(api, key, category, { [spec.name]: value }))) {
            ok = true
            break
          }
        }
        const first = (candidates[0] as { include?: string[] } | undefined)?.include?.[0]
        if (!ok && first !== undefined) ok = await actsOnOneValue(api, key, category, spec.name, all, first)
        if (!ok) failures.push(`${category}.${spec.name}: tried ${JSON.stringify(candidates).slice(0, 200)}`)
      }
    }
    assert.deepEqual(failures, [])
  })
})
