// The deterministic demo corpus behind `dsp demo seed`: record i of a category is a pure function
// of (seed, category, i), so every generator streams and the same seed gives byte-identical
// records. Callers store and embed the records; this module only produces them. Docs: docs/corpus-demo.md.
import type {
  AcademicReport,
  Company,
  EntityCategory,
  FundingRound,
  JobOpening,
  MarketReport,
  NewsArticle,
  Patent,
  Person,
  RecordTypes,
  School,
  Trend,
} from '../../contract/records.ts'
import { normaliseName } from '../normalise.ts'
import { FLAGSHIPS, companyCore, companyFunding, fundingRoundRecord } from './companies.ts'
import { companyRecord } from './company-record.ts'
import { DEMO_NOW, createContext, type DemoContext, type DemoScale } from './context.ts'
import { newsRecord, patentRecord } from './documents.ts'
import {
  HeadcountTally,
  affiliationsOf,
  relationshipFact,
  viaInstitutionFact,
  type ConnectionBasis,
  type DemoFacts,
} from './facts.ts'
import { personRecord } from './persons.ts'
import { academicReportRecord, jobOpeningRecord, marketReportRecord, trendRecord } from './reports.ts'
import { schoolCore, schoolRecord } from './schools.ts'

export { DEMO_NOW, DEMO_SCALES, SCALES, type DemoScale, type ScaleConfig } from './context.ts'
export type * from './facts.ts'

export const DEFAULT_DEMO_SEED = 42

export interface DemoCorpusOptions {
  scale?: DemoScale
  /** A non-negative safe integer; the same seed and scale give byte-identical records. */
  seed?: number
}

export interface DemoCounts {
  company: number
  person: number
  school: number
  patent: number
  news_article: number
  market_report: number
  /** Derived from the companies' funding histories; computed on first read (one pass over companies). */
  readonly funding_round: number
  academic_report: number
  trend: number
  job_opening: number
}

export interface FactsOptions {
  /** Companies (domains) to count headcount for. Default: every company at small, flagships otherwise. */
  companies?: readonly string[]
  /** Ordered (first, second) company domain pairs. Default: pairs of flagships. */
  pairs?: readonly (readonly [string, string])[]
  /** (company domain, institution id) pairs for via_institution facts. */
  institutions?: readonly { company: string; institution: string }[]
}

export interface DemoCorpus {
  readonly scale: DemoScale
  readonly seed: number
  readonly counts: DemoCounts
  /** The hand-written companies with hundreds of people each, most populous first. */
  readonly flagships: readonly { name: string; domain: string }[]
  company(index: number): Company
  person(index: number): Person
  school(index: number): School
  patent(index: number): Patent
  newsArticle(index: number): NewsArticle
  marketReport(index: number): MarketReport
  academicReport(index: number): AcademicReport
  trend(index: number): Trend
  jobOpening(index: number): JobOpening
  /** Generators take an optional index range [from, to), for chunked or parallel ingestion. */
  companies(from?: number, to?: number): Generator<Company>
  persons(from?: number, to?: number): Generator<Person>
  schools(from?: number, to?: number): Generator<School>
  patents(from?: number, to?: number): Generator<Patent>
  news(from?: number, to?: number): Generator<NewsArticle>
  marketReports(from?: number, to?: number): Generator<MarketReport>
  /** Every company's rounds in company order; the range is over company indices. */
  fundingRounds(fromCompany?: number, toCompany?: number): Generator<FundingRound>
  academicReports(from?: number, to?: number): Generator<AcademicReport>
  trends(from?: number, to?: number): Generator<Trend>
  jobOpenings(from?: number, to?: number): Generator<JobOpening>
  /** The stream of one category, for ingestion loops written once over EntityCategory. */
  records<C extends EntityCategory>(category: C): Generator<RecordTypes[C]>
  /** One pass over the people (streaming); exact answers for tests. See docs/corpus-demo.md. */
  computeFacts(options?: FactsOptions): DemoFacts
}

function* range<T>(count: number, make: (i: number) => T, from = 0, to = count): Generator<T> {
  const end = Math.min(to, count)
  for (let i = Math.max(0, from); i < end; i++) yield make(i)
}

export function createDemoCorpus(options: DemoCorpusOptions = {}): DemoCorpus {
  const scale = options.scale ?? 'small'
  const seed = options.seed ?? DEFAULT_DEMO_SEED
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError('demo seed must be a non-negative safe integer')
  const ctx = createContext(scale, seed, FLAGSHIPS.length)
  const c = ctx.config
  let fundingCount: number | null = null
  const counts: DemoCounts = {
    company: c.companies,
    person: c.persons,
    school: c.schools,
    patent: c.patents,
    news_article: c.news,
    market_report: c.marketReports,
    get funding_round() {
      fundingCount ??= countRounds(ctx)
      return fundingCount
    },
    academic_report: c.academicReports,
    trend: c.trends,
    job_opening: c.jobOpenings,
  }
  const corpus: DemoCorpus = {
    scale,
    seed,
    counts,
    flagships: FLAGSHIPS.map((f) => ({ name: f.name, domain: f.domain })),
    company: (i) => companyRecord(ctx, i),
    person: (i) => personRecord(ctx, i),
    school: (i) => schoolRecord(ctx, i),
    patent: (i) => patentRecord(ctx, i),
    newsArticle: (i) => newsRecord(ctx, i),
    marketReport: (i) => marketReportRecord(ctx, i),
    academicReport: (i) => academicReportRecord(ctx, i),
    trend: (i) => trendRecord(ctx, i),
    jobOpening: (i) => jobOpeningRecord(ctx, i),
    companies: (from, to) => range(c.companies, corpus.company, from, to),
    persons: (from, to) => range(c.persons, corpus.person, from, to),
    schools: (from, to) => range(c.schools, corpus.school, from, to),
    patents: (from, to) => range(c.patents, corpus.patent, from, to),
    news: (from, to) => range(c.news, corpus.newsArticle, from, to),
    marketReports: (from, to) => range(c.marketReports, corpus.marketReport, from, to),
    fundingRounds: (from, to) => fundingRounds(ctx, from ?? 0, Math.min(to ?? c.companies, c.companies)),
    academicReports: (from, to) => range(c.academicReports, corpus.academicReport, from, to),
    trends: (from, to) => range(c.trends, corpus.trend, from, to),
    jobOpenings: (from, to) => range(c.jobOpenings, corpus.jobOpening, from, to),
    records: <C extends EntityCategory>(category: C) => recordsOf(corpus, category) as Generator<RecordTypes[C]>,
    computeFacts: (opts) => computeFacts(ctx, corpus, opts ?? {}),
  }
  return corpus
}

function recordsOf(corpus: DemoCorpus, category: EntityCategory): Generator<RecordTypes[EntityCategory]> {
  switch (category) {
    case 'company':
      return corpus.companies()
    case 'person':
      return corpus.persons()
    case 'patent':
      return corpus.patents()
    case 'news_article':
      return corpus.news()
    case 'market_report':
      return corpus.marketReports()
    case 'funding_round':
      return corpus.fundingRounds()
    case 'academic_report':
      return corpus.academicReports()
    case 'trend':
      return corpus.trends()
    case 'job_opening':
      return corpus.jobOpenings()
  }
}

function countRounds(ctx: DemoContext): number {
  let n = 0
  for (let i = 0; i < ctx.config.companies; i++) n += companyFunding(ctx, i).rounds.length
  return n
}

function* fundingRounds(ctx: DemoContext, from: number, to: number): Generator<FundingRound> {
  for (let i = Math.max(0, from); i < to; i++) {
    for (const round of companyFunding(ctx, i).rounds) yield fundingRoundRecord(ctx, i, round)
  }
}

const BASES: readonly ConnectionBasis[] = ['overlapping', 'shared']

function computeFacts(ctx: DemoContext, corpus: DemoCorpus, options: FactsOptions): DemoFacts {
  const flagship = (k: number) => FLAGSHIPS[k]?.domain ?? ''
  const pairs = options.pairs ?? [
    [flagship(0), flagship(1)],
    [flagship(1), flagship(0)],
    [flagship(0), flagship(2)],
    [flagship(2), flagship(3)],
    [flagship(4), flagship(7)],
  ]
  const via = options.institutions ?? [
    ...[0, 1].flatMap((k) =>
      [0, 1, 2].map((s) => ({ company: flagship(k), institution: schoolCore(ctx, s).school_id })),
    ),
    { company: flagship(0), institution: flagship(2) },
    { company: flagship(1), institution: flagship(3) },
  ]
  const tallied =
    options.companies ??
    (ctx.scale === 'small' ? [...corpus.companies()].map((co) => co.domain ?? '') : FLAGSHIPS.map((f) => f.domain))
  const domainByName = new Map<string, string>()
  const nameByDomain = new Map<string, string>()
  for (let i = 0; i < ctx.config.companies; i++) {
    const core = companyCore(ctx, i)
    domainByName.set(normaliseName(core.name), core.domain)
    nameByDomain.set(core.domain, core.name)
  }
  const tallies = new Map(tallied.map((d) => [d, new HeadcountTally(d, nameByDomain.get(d) ?? d)]))
  const groups = new Map<string, { profile: string; affiliations: ReturnType<typeof affiliationsOf> }[]>()
  for (const d of [...pairs.flat(), ...via.map((v) => v.company)]) groups.set(d, [])
  for (const person of corpus.persons()) {
    const domain = person.current_employer?.domain ?? ''
    tallies.get(domain)?.add(person)
    groups.get(domain)?.push({ profile: person.profile_url ?? '', affiliations: affiliationsOf(person, domainByName) })
  }
  const members = (d: string) => ({ domain: d, people: groups.get(d) ?? [] })
  return {
    now: DEMO_NOW,
    headcount: [...tallies.values()].filter((t) => t.total > 0).map((t) => t.result()),
    relationships: pairs.flatMap(([a, b]) =>
      BASES.flatMap((basis) => [false, true].map((ex) => relationshipFact(members(a), members(b), basis, ex))),
    ),
    via_institution: via.map((v) => viaInstitutionFact(v.company, groups.get(v.company) ?? [], v.institution)),
  }
}
