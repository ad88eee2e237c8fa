// The full demo Company record (data-routes §2.2), assembled from the company's core, its own
// detail stream, its funding history and its acquisitions (companies.ts).
import type { Company, NumericRange } from '../../contract/records.ts'
import { ALL_DEPARTMENTS } from '../taxonomy.ts'
import { COUNTRIES, STREET_NAMES, slugify, type Country } from './geo.ts'
import { INDUSTRIES } from './industries.ts'
import {
  acquiredBy,
  acquisitionsOf,
  capitalise,
  companyCore,
  companyFunding,
  departmentWeights,
  joinWords,
  pickCompany,
  round3,
  withArticle,
  type CompanyCore,
} from './companies.ts'
import type { DemoContext } from './context.ts'
import { STREAM, rngFor, type Rng } from './prng.ts'

const EMPLOYEE_RANGES: readonly NumericRange[] = [
  { min: 1, max: 10 },
  { min: 11, max: 50 },
  { min: 51, max: 200 },
  { min: 201, max: 500 },
  { min: 501, max: 1000 },
  { min: 1001, max: 5000 },
  { min: 5001, max: 10000 },
  { min: 10001, max: null },
]

const REVENUE_RANGES: readonly NumericRange[] = [
  { min: 0, max: 1e6 },
  { min: 1e6, max: 1e7 },
  { min: 1e7, max: 5e7 },
  { min: 5e7, max: 1e8 },
  { min: 1e8, max: 2.5e8 },
  { min: 2.5e8, max: 5e8 },
  { min: 5e8, max: 1e9 },
  { min: 1e9, max: 1e10 },
  { min: 1e10, max: null },
]

function rangeOf(ranges: readonly NumericRange[], value: number): NumericRange {
  return (
    ranges.find((r) => value >= (r.min ?? 0) && (r.max === null || r.max === undefined || value <= r.max)) ??
    (ranges[ranges.length - 1] as NumericRange)
  )
}

/** Names of other corpus companies (clients, partners, suppliers); never the company itself. */
function otherCompanies(ctx: DemoContext, rng: Rng, self: number, max: number): string[] {
  const names = new Set<string>()
  const want = rng.int(0, max)
  for (let tries = 0; names.size < want && tries < want * 3; tries++) {
    const other = pickCompany(ctx, rng, 0.1)
    if (other !== self) names.add(companyCore(ctx, other).name)
  }
  return [...names]
}

function presence(rng: Rng, core: CompanyCore): Country[] {
  const extra = core.employees > 500 ? rng.int(2, 6) : core.employees > 100 ? rng.int(0, 2) : 0
  const others = rng.sample(
    COUNTRIES.filter((c) => c !== core.country),
    extra,
  )
  return [core.country, ...others]
}

function headcountByDepartment(core: CompanyCore): Record<string, number> {
  const weights = departmentWeights(core.industry)
  const total = weights.reduce((a, b) => a + b, 0)
  const out: Record<string, number> = {}
  ALL_DEPARTMENTS.forEach((d, i) => {
    const n = Math.round(((weights[i] ?? 0) / total) * core.employees)
    if (n > 0) out[d] = n
  })
  return out
}

function description(
  core: CompanyCore,
  sub: string,
  products: { name: string; description: string }[],
  tech: string[],
  rng: Rng,
): string {
  const where = `${core.city.name}, ${core.country.name}`
  if (core.kind === 'investor') {
    const sectors = rng.sample(INDUSTRIES, 3).map((i) => i.name)
    return (
      `${core.name} is ${withArticle(sub.toLowerCase())} firm based in ${where}, founded in ${core.founded}. ` +
      `It invests in ${joinWords(sectors)} companies and runs ${joinWords(products.map((p) => p.description.replace(/\.$/, '').toLowerCase()))}.`
    )
  }
  const [p1, p2] = products
  const made = [p1, p2]
    .filter((p) => p !== undefined)
    .map((p) => `${p.description.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase())} (${p.name})`)
  return (
    `${core.name} is ${withArticle(sub.toLowerCase())} company headquartered in ${where}. Founded in ${core.founded}, ` +
    `it builds ${joinWords(made)} for ${rng.pick(core.industry.clients)}. ` +
    `Its teams work with ${joinWords(tech.slice(0, 3))} to help customers ${rng.pick(core.industry.value)}.`
  )
}

export function companyRecord(ctx: DemoContext, index: number): Company {
  const core = companyCore(ctx, index)
  const rng = rngFor(ctx.seed, STREAM.companyDetail, index)
  const industry = core.industry
  const sub = rng.pick(industry.subs)
  const products = rng
    .sample(industry.products, rng.int(2, Math.min(4, industry.products.length)))
    .map((p) => ({ name: `${core.brand} ${p.suffix}`, description: `${capitalise(p.description)}.` }))
  const tech = rng.sample(industry.tech, rng.int(4, 7))
  const funding = companyFunding(ctx, index)
  const rounds = funding.rounds
  const last = rounds[rounds.length - 1]
  const parent = acquiredBy(ctx, index)
  const deals = acquisitionsOf(ctx, index)
  const countries = presence(rng, core)
  const hqShare = countries.length === 1 ? 1 : 0.6 + rng.next() * 0.3
  const byCountry: Record<string, number> = { [core.country.name]: Math.round(core.employees * hqShare) }
  for (const c of countries.slice(1))
    byCountry[c.name] = Math.round((core.employees * (1 - hqShare)) / (countries.length - 1))
  const revenue = round3(core.employees * rng.int(80, 350) * 1000)
  const slug = slugify(core.name)
  const investorNames = [...new Set(rounds.flatMap((r) => r.investors.map((i) => companyCore(ctx, i).name)))]
  const otherIndustries =
    core.kind === 'investor'
      ? []
      : rng
          .sample(
            INDUSTRIES.filter((i) => i !== industry),
            rng.int(0, 2),
          )
          .map((i) => i.name)
  return {
    account_name: core.name,
    legal_name: `${core.name} ${core.country.legalSuffix}`,
    domain: core.domain,
    website: `https://www.${core.domain}`,
    logo: `https://www.${core.domain}/logo.png`,
    description: description(core, sub, products, tech, rng),
    short_description: `${sub} company: ${products[0]?.description.replace(/^./, (c) => c.toLowerCase()) ?? ''}`,
    industry: industry.name,
    sub_industry: sub,
    other_industries: otherIndustries,
    business_classification: industry.classification,
    business_models: rng.sample(industry.models, rng.int(1, 2)),
    company_types: [
      funding.isPublic ? 'Public Company' : 'Privately Held',
      ...(core.founded >= 2012 && rounds.length > 0 ? ['Startup'] : []),
    ],
    company_keyword: [...new Set([...rng.sample(industry.keywords, rng.int(3, 5)), sub.toLowerCase()])],
    clients: otherCompanies(ctx, rng, index, 3),
    partnerships: otherCompanies(ctx, rng, index, 3),
    suppliers: otherCompanies(ctx, rng, index, 2),
    technology: tech,
    naics: rng.sample(industry.naics, rng.int(1, 2)),
    sic: rng.sample(industry.sic, 1),
    investors: investorNames,
    region: [core.country.region],
    city: core.city.name,
    state: core.city.state,
    country: core.country.name,
    postal_code: core.city.postal,
    street_address: `${rng.int(1, 999)} ${rng.pick(STREET_NAMES)}`,
    location: `${core.city.name}, ${core.city.state}, ${core.country.name}`,
    latitude: Math.round((core.city.lat + (rng.next() - 0.5) * 0.08) * 1e4) / 1e4,
    longitude: Math.round((core.city.lon + (rng.next() - 0.5) * 0.08) * 1e4) / 1e4,
    employee_count: core.employees,
    employee_range: rangeOf(EMPLOYEE_RANGES, core.employees),
    revenue_range: rangeOf(REVENUE_RANGES, revenue),
    revenue,
    total_funding: rounds.length > 0 ? rounds.reduce((s, r) => s + r.amount, 0) : null,
    last_funding_amount: last?.amount ?? null,
    last_funding_date: last?.date ?? null,
    employees_by_country: byCountry,
    department_headcount: headcountByDepartment(core),
    founded_year: core.founded,
    funding_stage: funding.isPublic ? 'IPO' : (last?.type ?? (core.kind === 'investor' ? null : 'Bootstrapped')),
    growth_stage:
      core.employees < 50
        ? 'Early Stage'
        : core.employees < 500
          ? 'Growth Stage'
          : core.employees < 5000
            ? 'Late Stage'
            : 'Mature',
    ipo_status: funding.isPublic ? 'Public' : 'Private',
    operating_status: 'Active',
    ownership: parent ? 'Subsidiary' : funding.isPublic ? 'Public' : rounds.length > 0 ? 'Venture-backed' : 'Private',
    govt_non_govt: 'Non-Government',
    profit_non_profit: 'For-Profit',
    funding_rounds: rounds.map((r) => ({
      type: r.type,
      announced_on: r.date,
      amount_usd: r.amount,
      investors: r.investors.map((i) => companyCore(ctx, i).name),
    })),
    acquisitions: deals.map((d) => ({ ...d.deal, company: companyCore(ctx, d.target).name })),
    acquired_by: parent ? [{ ...parent.deal, company: companyCore(ctx, parent.acquirer).name }] : [],
    global_presence: {
      hq_country: core.country.name,
      countries: countries.map((c) => c.name),
      country_count: countries.length,
    },
    job_openings: Math.round(core.employees * (0.005 + rng.next() * 0.035)),
    office_locations: countries.map((c, i) => ({
      address:
        i === 0 ? `${rng.int(1, 999)} ${rng.pick(STREET_NAMES)}` : `${rng.int(1, 400)} ${rng.pick(STREET_NAMES)}`,
      city: i === 0 ? core.city.name : (c.cities[0]?.name ?? null),
      country: c.name,
    })),
    parent_organization: parent ? { name: companyCore(ctx, parent.acquirer).name, type: 'Parent Company' } : null,
    subsidiaries: deals.map((d) => ({ name: companyCore(ctx, d.target).name, type: 'Subsidiary' })),
    products,
    professional_url: `linkedin.com/company/${slug}`,
    professional_followers: core.employees * rng.int(3, 40) + rng.int(0, 500),
    social_a_url: `https://x.com/${slug.replace(/-/g, '')}`,
    social_b_url: `https://www.facebook.com/${slug}`,
  }
}
