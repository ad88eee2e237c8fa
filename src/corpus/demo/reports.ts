// Demo market reports, academic reports, trends and job openings. Titles and names that are part
// of an upsert key are decoded from a keyed permutation (context.ts), so they never repeat.
import type { AcademicReport, JobOpening, MarketReport, Trend } from '../../contract/records.ts'
import { ALL_DEPARTMENTS, classifyTitle, subDepartmentsOf, type Department, type Seniority } from '../taxonomy.ts'
import { COUNTRIES, COUNTRY_WEIGHTS, list, slugify, type Country } from './geo.ts'
import { INDUSTRIES, type Industry } from './industries.ts'
import {
  capitalise,
  companyCore,
  departmentWeights,
  formatUsd,
  joinWords,
  withArticle,
  type CompanyCore,
} from './companies.ts'
import {
  NOW_YEAR,
  REPORT_TITLE_TEMPLATES,
  REPORT_YEARS,
  TREND_MODIFIERS,
  dateString,
  isoSecondsAgo,
  type DemoContext,
} from './context.ts'
import { personName, pickOperatingCompany } from './documents.ts'
import { STREAM, rngFor, type Rng } from './prng.ts'
import { pickSchool, schoolCore } from './schools.ts'
import { titleFor } from './titles.ts'
import { REPORT_PUBLISHERS, REPORT_REGIONS, VENUE_KINDS } from './words.ts'

/** Up to `k` corpus companies of one industry (a few draws each), else any operating companies. */
function companiesOf(ctx: DemoContext, rng: Rng, industry: Industry, k: number): CompanyCore[] {
  const found = new Map<number, CompanyCore>()
  const fallback = new Map<number, CompanyCore>()
  for (let tries = 0; tries < k * 25 && found.size < k; tries++) {
    const index = pickOperatingCompany(ctx, rng, 0.15)
    const core = companyCore(ctx, index)
    if (core.industry === industry) found.set(index, core)
    else if (fallback.size < k) fallback.set(index, core)
  }
  return [...found.values(), ...fallback.values()].slice(0, k)
}

// ---- Market reports ----

const SUBS = INDUSTRIES.flatMap((industry) => industry.subs.map((sub) => ({ industry, sub })))
const FIRST_REPORT_YEAR = NOW_YEAR - REPORT_YEARS + 1

function reportTitle(template: number, region: string, sub: string, year: number): string {
  switch (template) {
    case 0:
      return `${region} ${sub} Market Report ${year}–${year + 5}`
    case 1:
      return `${sub} Market Size, Share & Trends Analysis: ${region}, ${year}`
    case 2:
      return `${region} ${sub} Market Outlook ${year}`
    case 3:
      return `${sub} Competitive Landscape in ${region}, ${year} Edition`
    default:
      return `${region} ${sub} Market Forecast to ${year + 7}`
  }
}

export function marketReportRecord(ctx: DemoContext, index: number): MarketReport {
  const rng = rngFor(ctx.seed, STREAM.marketReport, index)
  let j = ctx.reportTitles.at(index)
  const year = FIRST_REPORT_YEAR + (j % REPORT_YEARS)
  j = Math.floor(j / REPORT_YEARS)
  const region = REPORT_REGIONS[j % REPORT_REGIONS.length] as string
  j = Math.floor(j / REPORT_REGIONS.length)
  const template = j % REPORT_TITLE_TEMPLATES
  const { industry, sub } = SUBS[Math.floor(j / REPORT_TITLE_TEMPLATES)] as (typeof SUBS)[number]
  const title = reportTitle(template, region, sub, year)
  const publisher = rng.pick(REPORT_PUBLISHERS)
  const size = rng.logUniform(0.4e9, 180e9)
  const cagr = (rng.int(35, 320) / 10).toFixed(1)
  const players = companiesOf(ctx, rng, industry, 4).map((c) => c.name)
  const drivers = rng.sample(industry.tech, 3)
  const month = year === NOW_YEAR ? rng.int(1, 5) : rng.int(1, 12)
  const free =
    `The ${region.toLowerCase() === 'global' ? 'global' : region} ${sub.toLowerCase()} market was valued at ${formatUsd(size)} in ${year} ` +
    `and is expected to grow at a compound annual rate of ${cagr}% through ${year + 5}.`
  const body = [
    free,
    `Growth is driven by adoption of ${joinWords(drivers)} among ${rng.pick(industry.clients)}, who want to ${rng.pick(industry.value)}.`,
    `Key companies profiled include ${joinWords(players)}. The report segments the market by offering, deployment, end user and geography.`,
    `Risks include ${rng.pick(['regulatory uncertainty', 'pricing pressure', 'talent shortages', 'supply constraints', 'consolidation'])} ` +
      `and ${rng.pick(['integration complexity', 'data-privacy requirements', 'high switching costs', 'macroeconomic slowdown'])}.`,
  ].join('\n\n')
  return {
    title,
    body,
    body_free: free,
    industry: industry.name,
    published_date: dateString(year, month, rng.int(1, 28)),
    publisher: publisher.name,
    url: `https://${publisher.domain}/reports/${slugify(title)}`,
  }
}

// ---- Academic reports ----

const PAPER_FORMS = [
  (t: string) => `Towards ${t}`,
  (t: string) => `Learning-based approaches to ${t}`,
  (t: string) => `On the limits of ${t}`,
  (t: string) => `A benchmark for ${t}`,
  (t: string) => `${capitalise(t)}: a large-scale empirical study`,
  (t: string) => `Revisiting ${t} with open data`,
]

export function academicReportRecord(ctx: DemoContext, index: number): AcademicReport {
  const rng = rngFor(ctx.seed, STREAM.academicReport, index)
  const industry = rng.pick(INDUSTRIES)
  const field = rng.pick(industry.research)
  const topic = rng.chance(0.6) ? rng.pick(industry.patentTopics) : rng.pick(industry.trendTopics).toLowerCase()
  const published = rng.int(2010, NOW_YEAR)
  const month = published === NOW_YEAR ? rng.int(1, 5) : rng.int(1, 12)
  const authors = Array.from({ length: rng.int(2, 6) }, () => {
    if (rng.chance(0.7)) {
      const school = schoolCore(ctx, pickSchool(ctx, rng, COUNTRIES[rng.weighted(COUNTRY_WEIGHTS)] as Country))
      return { name: personName(rng, school.country), affiliation: school.name, affiliation_id: school.school_id }
    }
    const company = companyCore(ctx, pickOperatingCompany(ctx, rng, 0.3))
    return { name: personName(rng, company.country), affiliation: company.name, affiliation_id: company.domain }
  })
  const doi = `10.5555/demo.${index + 1}`
  const age = NOW_YEAR - published
  return {
    doi,
    title: capitalise(rng.pick(PAPER_FORMS)(topic)),
    abstract:
      `We study ${topic} in the context of ${industry.name.toLowerCase()}. ` +
      `Using ${joinWords(rng.sample(industry.tech, 2))}, we propose a method that helps ${rng.pick(industry.clients)} ${rng.pick(industry.value)}. ` +
      `Experiments on ${rng.int(3, 12)} datasets show improvements of ${rng.int(4, 40)}% over strong baselines.`,
    authors,
    venue: `${rng.pick(VENUE_KINDS)} ${field}`,
    published: dateString(published, month, rng.int(1, 28)),
    citations: Math.floor(rng.logUniform(1, 40 + age * 120)) - 1,
    fields: [field, industry.name],
    keywords: rng.sample(industry.keywords, 3),
    url: `https://doi.org/${doi}`,
    open_access: rng.chance(0.4),
  }
}

// ---- Trends ----

const TOPICS = INDUSTRIES.flatMap((industry) => industry.trendTopics.map((topic) => ({ industry, topic })))
// TREND_MODIFIERS - 1 of them: the bare topic is the missing one.
const MODIFIERS = list(`
  in Healthcare, in Financial Services, in Manufacturing, in Retail, in the Public Sector, for SMBs,
  for Enterprises, in Europe, in Asia-Pacific, in Latin America, in North America, in Emerging Markets,
  Regulation, Adoption, Platforms, Startups, Talent Demand, Open Source, Security Risks, Standards,
  Investment, at the Edge, for Sustainability, in Education, in Logistics, in Energy, in Media, M&A,
  Skills Gap
`)

export function trendRecord(ctx: DemoContext, index: number): Trend {
  const rng = rngFor(ctx.seed, STREAM.trend, index)
  // The first trends are the bare topics; later ones pair a topic with a modifier.
  let topicIndex = index
  let modifier = ''
  if (index >= TOPICS.length) {
    const j = ctx.trendNames.at(index - TOPICS.length)
    topicIndex = j % TOPICS.length
    modifier = MODIFIERS[Math.floor(j / TOPICS.length) % (TREND_MODIFIERS - 1)] ?? ''
  }
  const { industry, topic } = TOPICS[topicIndex] as (typeof TOPICS)[number]
  const name = modifier ? `${topic} ${modifier}` : topic
  const momentum = rng.int(5, 98)
  const direction = momentum >= 60 ? 'rising' : momentum >= 30 ? 'stable' : 'declining'
  const growth = direction === 'rising' ? rng.int(25, 240) : direction === 'stable' ? rng.int(-5, 24) : rng.int(-40, -6)
  const related = companiesOf(ctx, rng, industry, rng.int(3, 6))
  const tech = rng.sample(industry.tech, 3)
  return {
    name,
    description:
      `${name}: ${industry.name.toLowerCase()} companies are ${direction === 'declining' ? 'pulling back from' : 'investing in'} ${topic.toLowerCase()}` +
      `${modifier ? ` ${modifier.toLowerCase()}` : ''}. Interest changed ${growth >= 0 ? '+' : ''}${growth}% year over year. ` +
      `Enabling technologies include ${joinWords(tech)}; early movers include ${joinWords(related.slice(0, 3).map((c) => c.name))}.`,
    category: industry.name,
    momentum,
    direction,
    growth_rate_pct: growth,
    first_seen: `${rng.int(2015, NOW_YEAR - 1)}-${String(rng.int(1, 12)).padStart(2, '0')}`,
    last_updated: '2025-05-31',
    industries: [
      industry.name,
      ...rng
        .sample(
          INDUSTRIES.filter((i) => i !== industry),
          rng.int(0, 2),
        )
        .map((i) => i.name),
    ],
    keywords: rng.sample(industry.keywords, 3),
    related_companies: related.map((c) => ({ name: c.name, domain: c.domain })),
    related_technologies: tech,
  }
}

// ---- Job openings ----

const OPENING_LEVELS: readonly Seniority[] = ['IC', 'Entry', 'Manager', 'Director / Head', 'In Training', 'VP']
const OPENING_LEVEL_WEIGHTS = [55, 15, 15, 7, 5, 3]
const SALARY_USD: Partial<Record<Seniority, readonly [number, number]>> = {
  'In Training': [30_000, 50_000],
  Entry: [50_000, 80_000],
  IC: [80_000, 160_000],
  Manager: [120_000, 190_000],
  'Director / Head': [170_000, 260_000],
  VP: [230_000, 360_000],
}
// Local currency per USD of comparable pay (exchange rate times a rough pay-level factor).
const PAY_PER_USD: Record<string, number> = {
  USD: 1,
  GBP: 0.62,
  EUR: 0.7,
  CAD: 1.15,
  INR: 25,
  JPY: 95,
  SEK: 7,
  SGD: 1.1,
  AUD: 1.25,
  BRL: 2,
  ILS: 3,
  CHF: 1,
}

export function jobOpeningRecord(ctx: DemoContext, index: number): JobOpening {
  const rng = rngFor(ctx.seed, STREAM.jobOpening, index)
  const core = companyCore(ctx, pickOperatingCompany(ctx, rng, 0.3))
  let department = ALL_DEPARTMENTS[rng.weighted(departmentWeights(core.industry))] as Department
  if (department === 'General') department = 'Operations'
  const level = OPENING_LEVELS[rng.weighted(OPENING_LEVEL_WEIGHTS)] as Seniority
  const subs = subDepartmentsOf(department)
  const role = titleFor(rng, department, subs.length > 0 ? rng.pick(subs) : null, level)
  const cls = classifyTitle(role)
  const remote = rng.chance(0.15)
  const city = rng.chance(0.7) ? core.city : rng.pick(core.country.cities)
  const [lo, hi] = SALARY_USD[cls.seniority] ?? [60_000, 120_000]
  const factor = PAY_PER_USD[core.country.currency] ?? 1
  const min = Math.round((lo * factor) / 1000) * 1000
  const max = Math.round((hi * factor) / 1000) * 1000
  const employmentType =
    cls.seniority === 'In Training'
      ? 'intern'
      : ((['full_time', 'contract', 'part_time'] as const)[rng.weighted([90, 7, 3])] ?? 'full_time')
  return {
    role,
    company: core.name,
    company_domain: core.domain,
    location: remote ? `Remote, ${core.country.name}` : `${city.name}, ${city.state}, ${core.country.name}`,
    city: remote ? null : city.name,
    country: core.country.name,
    remote,
    department: cls.department,
    seniority: cls.seniority,
    posted_at: isoSecondsAgo(ctx.jobSeconds.at(index)),
    description:
      `${core.name} is hiring ${withArticle(role)} to join its ${department.toLowerCase()} team` +
      `${remote ? ' (remote)' : ` in ${city.name}`}. You will work on ${rng.pick(core.industry.products).description} ` +
      `with ${joinWords(rng.sample(core.industry.tech, 3))}, helping ${rng.pick(core.industry.clients)} ${rng.pick(core.industry.value)}.`,
    employment_type: employmentType,
    salary_range: { min, max, currency: core.country.currency },
    url: `https://www.${core.domain}/careers/${slugify(role)}-${index.toString(36)}`,
  }
}
