// Demo companies: the cheap "core" every other generator links to (name, domain, industry, place,
// size), the full Company record, funding rounds and acquisitions. Index ranges: context.ts.
import type { Deal, FundingRound } from '../../contract/records.ts'
import { ALL_DEPARTMENTS, type Department } from '../taxonomy.ts'
import { COUNTRIES, COUNTRY_WEIGHTS, countryByCode, slugify, type City, type Country } from './geo.ts'
import { INDUSTRIES, INVESTOR_INDUSTRY, type Industry } from './industries.ts'
import { NOUNS_PER_INDUSTRY, NOW_YEAR, dateString, type DemoContext } from './context.ts'
import { STREAM, rngFor, type Rng } from './prng.ts'
import { COMPANY_TLDS, PREFIXES, ROOTS } from './words.ts'

interface FlagshipSpec {
  name: string
  domain: string
  brand: string
  industry: string
  country: string
  city: string
  founded: number
  employees: number
  /** Relative share of the flagship people (ScaleConfig.flagshipShare). */
  weight: number
  isPublic: boolean
}

// Well-known-looking fictional companies with hundreds of generated employees each (small scale),
// so org charts and relationships between two of them have non-trivial answers.
// prettier-ignore
export const FLAGSHIPS: readonly FlagshipSpec[] = [
  f('Lumina Cloud', 'luminacloud.io', 'Lumina', 'Software & Cloud', 'US', 'San Francisco', 2009, 18_500, 20, true),
  f('Brightwave Payments', 'brightwave.com', 'Brightwave', 'Financial Technology', 'US', 'New York', 2011, 9_800, 17, false),
  f('Vantage Health', 'vantagehealth.com', 'Vantage', 'Healthcare Technology', 'US', 'Boston', 2007, 12_400, 15, true),
  f('Orbitra Logistics', 'orbitra.com', 'Orbitra', 'Logistics & Supply Chain', 'US', 'Chicago', 2004, 15_200, 13, false),
  f('Quantix AI', 'quantix.io', 'Quantix', 'Artificial Intelligence', 'GB', 'London', 2014, 6_200, 11, false),
  f('Greenfield Energy', 'greenfieldenergy.com', 'Greenfield', 'Energy & Cleantech', 'US', 'Houston', 2002, 8_700, 9, true),
  f('Nordlicht Automotive', 'nordlicht-auto.com', 'Nordlicht', 'Automotive & Mobility', 'DE', 'Munich', 1998, 21_000, 8, true),
  f('Kestrel Security', 'kestrelsecurity.io', 'Kestrel', 'Cybersecurity', 'IL', 'Tel Aviv', 2012, 4_300, 7, false),
]

function f(
  name: string,
  domain: string,
  brand: string,
  industry: string,
  country: string,
  city: string,
  founded: number,
  employees: number,
  weight: number,
  isPublic: boolean,
): FlagshipSpec {
  return { name, domain, brand, industry, country, city, founded, employees, weight, isPublic }
}

export const FLAGSHIP_WEIGHTS = FLAGSHIPS.map((s) => s.weight)

export type CompanyKind = 'flagship' | 'investor' | 'general'

/** What other generators need to link to a company, computed from one short stream. */
export interface CompanyCore {
  index: number
  kind: CompanyKind
  name: string
  domain: string
  /** The coined brand word used in product names. */
  brand: string
  industry: Industry
  country: Country
  city: City
  founded: number
  employees: number
}

const coreCaches = new WeakMap<DemoContext, Map<number, CompanyCore>>()
// Bounded: people pick big companies far more often, so even a cleared cache refills with the hot ones.
const CORE_CACHE_LIMIT = 100_000

export function companyCore(ctx: DemoContext, index: number): CompanyCore {
  let cache = coreCaches.get(ctx)
  if (!cache) coreCaches.set(ctx, (cache = new Map()))
  const hit = cache.get(index)
  if (hit) return hit
  const core = buildCore(ctx, index)
  if (cache.size >= CORE_CACHE_LIMIT) cache.clear()
  cache.set(index, core)
  return core
}

function industryByName(name: string): Industry {
  const found = INDUSTRIES.find((i) => i.name === name)
  if (!found) throw new Error(`unknown demo industry ${name}`)
  return found
}

function buildCore(ctx: DemoContext, index: number): CompanyCore {
  const rng = rngFor(ctx.seed, STREAM.companyCore, index)
  if (index < ctx.flagships) {
    const spec = FLAGSHIPS[index] as FlagshipSpec
    const country = countryByCode(spec.country)
    const city = country.cities.find((c) => c.name === spec.city) ?? (country.cities[0] as City)
    // Keep the estimate above the generated population at every scale.
    const people = (ctx.config.persons * ctx.config.flagshipShare * spec.weight) / 100
    const employees = Math.max(spec.employees, Math.round(people * 2.5))
    const industry = industryByName(spec.industry)
    return {
      index,
      kind: 'flagship',
      name: spec.name,
      domain: spec.domain,
      brand: spec.brand,
      industry,
      country,
      city,
      founded: spec.founded,
      employees,
    }
  }
  const country = COUNTRIES[rng.weighted(COUNTRY_WEIGHTS)] as Country
  const city = rng.pick(country.cities)
  if (index < ctx.flagships + ctx.investors) {
    const j = ctx.investorNames.at(index - ctx.flagships)
    const noun = INVESTOR_INDUSTRY.nouns[j % NOUNS_PER_INDUSTRY] as string
    const brand = coinedWord(Math.floor(j / NOUNS_PER_INDUSTRY))
    const domain = `${slugify(brand)}${slugify(noun)}.${rng.chance(0.5) ? 'vc' : 'com'}`
    const founded = rng.int(1982, 2020)
    return {
      index,
      kind: 'investor',
      name: `${brand} ${noun}`,
      domain,
      brand,
      industry: INVESTOR_INDUSTRY,
      country,
      city,
      founded,
      employees: rng.int(8, 250),
    }
  }
  const rank = index - ctx.flagships - ctx.investors
  const j = ctx.generalNames.at(rank)
  const slot = j % (INDUSTRIES.length * NOUNS_PER_INDUSTRY)
  const industry = INDUSTRIES[Math.floor(slot / NOUNS_PER_INDUSTRY)] as Industry
  const noun = industry.nouns[slot % NOUNS_PER_INDUSTRY] as string
  const brand = coinedWord(Math.floor(j / (INDUSTRIES.length * NOUNS_PER_INDUSTRY)))
  const domain = `${slugify(brand)}${slugify(noun).replace(/-/g, '')}.${companyTld(rng, country, industry)}`
  // Size falls with rank (people pick low ranks more often, see people.ts): ~30k at rank 0, ~15 at the tail.
  const x = rank / Math.max(1, ctx.general)
  const employees = Math.max(2, Math.round(10 ** (4.5 - 3.3 * x ** 0.35 + (rng.next() - 0.5) * 0.6)))
  let founded = NOW_YEAR - 1 - Math.round(rng.logUniform(1, 45))
  if (employees > 3000) founded = Math.min(founded, 1975 + rng.int(0, 35))
  return {
    index,
    kind: 'general',
    name: `${brand} ${noun}`,
    domain,
    brand,
    industry,
    country,
    city,
    founded,
    employees,
  }
}

/** The k-th coined brand word (PREFIX + ROOT); distinct for k below PREFIXES × ROOTS. */
export function coinedWord(k: number): string {
  return `${PREFIXES[k % PREFIXES.length]}${ROOTS[Math.floor(k / PREFIXES.length) % ROOTS.length]}`
}

function companyTld(rng: Rng, country: Country, industry: Industry): string {
  const x = rng.next()
  if (x < 0.55) return 'com'
  const local = COMPANY_TLDS[country.code]
  if (local && x < 0.75) return local
  if (industry.name === 'Artificial Intelligence' && x < 0.9) return 'ai'
  return x < 0.88 ? 'io' : x < 0.95 ? 'co' : 'net'
}

export function companyIndexOfRank(ctx: DemoContext, rank: number): number {
  return ctx.flagships + ctx.investors + rank
}

/** A company drawn with a bias towards big ones: flagships by weight, general companies by rank. */
export function pickCompany(ctx: DemoContext, rng: Rng, flagshipShare: number): number {
  const x = rng.next()
  if (x < flagshipShare) return rng.weighted(FLAGSHIP_WEIGHTS)
  if (x < flagshipShare + 0.02) return ctx.flagships + Math.floor(rng.next() * ctx.investors)
  return companyIndexOfRank(ctx, Math.floor(ctx.general * rng.next() ** 2.2))
}

// ---- Department mix ----

const DEPARTMENT_BASE_WEIGHTS: Record<Department, number> = {
  Engineering: 10,
  Sales: 9,
  Marketing: 5,
  Finance: 4,
  'Human Resources': 3,
  Operations: 6,
  Product: 3,
  Design: 2,
  'Customer Success': 5,
  Legal: 1.5,
  'Information Technology': 3,
  'Data Science': 2,
  Research: 2,
  'Business Development': 2,
  Administrative: 3,
  Consulting: 1.5,
  Education: 1,
  Healthcare: 1,
  Manufacturing: 2,
  'Media & Communications': 1.5,
  Procurement: 1.5,
  'Quality Assurance': 2,
  'Real Estate': 1,
  Others: 0,
  General: 1.5,
}

const weightCache = new Map<Industry, number[]>()

/** Department weights aligned with ALL_DEPARTMENTS for an industry. */
export function departmentWeights(industry: Industry): readonly number[] {
  let weights = weightCache.get(industry)
  if (!weights) {
    weights = ALL_DEPARTMENTS.map((d) => DEPARTMENT_BASE_WEIGHTS[d] * (industry.boost[d] ?? 1))
    weightCache.set(industry, weights)
  }
  return weights
}

// ---- Funding ----

const LADDER = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Series D', 'Series E', 'Series F'] as const
const ROUND_SIZE_USD: readonly (readonly [number, number])[] = [
  [250_000, 1_500_000],
  [1_000_000, 6_000_000],
  [5_000_000, 25_000_000],
  [18_000_000, 70_000_000],
  [40_000_000, 140_000_000],
  [80_000_000, 260_000_000],
  [150_000_000, 400_000_000],
  [200_000_000, 600_000_000],
]

export interface RoundInfo {
  type: string
  date: string
  amount: number
  /** Company indices of investor firms; the first `leads` of them led the round. */
  investors: number[]
  leads: number
}

export interface FundingInfo {
  rounds: RoundInfo[]
  isPublic: boolean
}

/** A company's funding history: a pure function of (seed, company index). */
export function companyFunding(ctx: DemoContext, index: number): FundingInfo {
  const core = companyCore(ctx, index)
  if (core.kind === 'investor' || ctx.investors === 0) return { rounds: [], isPublic: false }
  const rng = rngFor(ctx.seed, STREAM.companyFunding, index)
  const flagship = core.kind === 'flagship'
  const isPublic = flagship ? (FLAGSHIPS[index] as FlagshipSpec).isPublic : core.employees > 4000 && rng.chance(0.5)
  if (!flagship && !rng.chance(core.employees > 300 ? 0.7 : 0.38)) return { rounds: [], isPublic }
  const size = core.employees > 1000 ? 3 : core.employees > 150 ? 2 : core.employees > 40 ? 1 : 0
  const count = flagship ? rng.int(5, 7) : Math.min(LADDER.length - 1, 1 + size + rng.int(0, 1))
  const cutoff = acquiredBy(ctx, index)?.year ?? NOW_YEAR + 1
  let step = rng.chance(0.3) ? 0 : 1
  let month = (Math.max(core.founded, 1995) + rng.int(0, 2)) * 12 + rng.int(0, 11)
  const rounds: RoundInfo[] = []
  for (let n = 0; n < count && step < LADDER.length; n++, step++) {
    const year = Math.floor(month / 12)
    if (year >= cutoff || month > NOW_YEAR * 12 + 4) break
    const [lo, hi] = ROUND_SIZE_USD[step] as readonly [number, number]
    const amount = Math.round(rng.logUniform(lo, hi) / 100_000) * 100_000
    const investorCount = Math.min(ctx.investors, rng.int(1, step < 2 ? 2 : 4))
    const investors = new Set<number>()
    while (investors.size < investorCount) investors.add(ctx.flagships + Math.floor(rng.next() * ctx.investors))
    rounds.push({
      type: LADDER[step] as string,
      date: dateString(year, (month % 12) + 1, rng.int(1, 28)),
      amount,
      investors: [...investors],
      leads: step >= 3 && investorCount > 2 ? 2 : 1,
    })
    month += rng.int(12, 30)
  }
  return { rounds, isPublic }
}

export function fundingRoundRecord(ctx: DemoContext, index: number, round: RoundInfo): FundingRound {
  const core = companyCore(ctx, index)
  const investors = round.investors.map((i) => companyCore(ctx, i).name)
  const leads = investors.slice(0, round.leads)
  const millions = formatUsd(round.amount)
  return {
    company: core.name,
    company_domain: core.domain,
    type: round.type,
    announced_on: round.date,
    amount_usd: round.amount,
    currency: 'USD',
    investors,
    lead_investors: leads,
    industry: core.industry.name,
    country: core.country.name,
    summary:
      `${core.name} raised ${millions} in ${withArticle(round.type)} round led by ${joinWords(leads)}` +
      ` to grow its ${core.industry.subs[0]?.toLowerCase() ?? 'business'} business from ${core.city.name}.`,
  }
}

// ---- Acquisitions ----
// Acquirers are the flagships and the biggest general companies ("slots"); slot s may acquire the
// general companies at ranks targetStart + 3s .. +2 (small ones). Both sides derive the same deal
// from the target's own stream, so acquisitions and acquired_by always agree.

const TARGETS_PER_SLOT = 3

function acquirerSlots(ctx: DemoContext): number {
  return ctx.flagships + Math.floor(ctx.general / 15)
}

function targetStart(ctx: DemoContext): number {
  return ctx.general - acquirerSlots(ctx) * TARGETS_PER_SLOT
}

export interface DealInfo {
  acquirer: number
  target: number
  year: number
  deal: Deal
}

function dealFor(ctx: DemoContext, target: number, acquirer: number): DealInfo | null {
  const rng = rngFor(ctx.seed, STREAM.acquisition, target)
  const slotIsFlagship = acquirer < ctx.flagships
  if (!rng.chance(slotIsFlagship ? 0.8 : 0.3)) return null
  const t = companyCore(ctx, target)
  const a = companyCore(ctx, acquirer)
  const year = Math.min(NOW_YEAR, Math.max(t.founded, a.founded) + 1 + rng.int(0, 8))
  const month = year === NOW_YEAR ? rng.int(1, 5) : rng.int(1, 12)
  const amount = rng.chance(0.3) ? null : Math.round((t.employees * rng.int(150, 900) * 1000) / 100_000) * 100_000
  return {
    acquirer,
    target,
    year,
    deal: { company: null, announced_on: dateString(year, month, rng.int(1, 28)), amount_usd: amount },
  }
}

export function acquiredBy(ctx: DemoContext, index: number): DealInfo | null {
  const rank = index - ctx.flagships - ctx.investors
  const start = targetStart(ctx)
  if (rank < 0 || start <= acquirerSlots(ctx) || rank < start) return null
  const slot = Math.floor((rank - start) / TARGETS_PER_SLOT)
  const acquirer = slot < ctx.flagships ? slot : companyIndexOfRank(ctx, slot - ctx.flagships)
  return dealFor(ctx, index, acquirer)
}

export function acquisitionsOf(ctx: DemoContext, index: number): DealInfo[] {
  const start = targetStart(ctx)
  const rank = index - ctx.flagships - ctx.investors
  const slot =
    index < ctx.flagships ? index : rank >= 0 && rank < acquirerSlots(ctx) - ctx.flagships ? ctx.flagships + rank : -1
  if (slot < 0 || start <= acquirerSlots(ctx)) return []
  const deals: DealInfo[] = []
  for (let k = 0; k < TARGETS_PER_SLOT; k++) {
    const deal = dealFor(ctx, companyIndexOfRank(ctx, start + slot * TARGETS_PER_SLOT + k), index)
    if (deal) deals.push(deal)
  }
  return deals
}

// ---- Text helpers shared by the generators ----

export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

/** `a` or `an` before a word, by its first letter (good enough for the generated vocabulary). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** `$12.5M`, `$1.2B`, `$800K`: deterministic (never locale-dependent). */
export function formatUsd(amount: number): string {
  if (amount >= 1e9) return `$${trim1(amount / 1e9)}B`
  if (amount >= 1e6) return `$${trim1(amount / 1e6)}M`
  return `$${Math.round(amount / 1e3)}K`
}

function trim1(x: number): string {
  return (Math.round(x * 10) / 10).toString()
}

/** Three significant digits, as estimates are quoted. */
export function round3(x: number): number {
  return Number(x.toPrecision(3))
}
