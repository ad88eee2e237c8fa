// Scale configuration, the fixed demo clock and the per-corpus context every generator reads.
import { Permutation, STREAM, hash32 } from './prng.ts'
import { INDUSTRIES } from './industries.ts'
import { PREFIXES, ROOTS, SCHOOL_TYPES } from './words.ts'

export type DemoScale = 'small' | 'medium' | 'large'
export const DEMO_SCALES: readonly DemoScale[] = ['small', 'medium', 'large']

export interface ScaleConfig {
  companies: number
  persons: number
  schools: number
  patents: number
  news: number
  marketReports: number
  academicReports: number
  trends: number
  jobOpenings: number
  /** Share of people whose current employer is one of the flagship companies. */
  flagshipShare: number
}

export const SCALES: Record<DemoScale, ScaleConfig> = {
  small: {
    companies: 1_500,
    persons: 6_000,
    schools: 300,
    patents: 1_500,
    news: 2_000,
    marketReports: 300,
    academicReports: 800,
    trends: 120,
    jobOpenings: 2_500,
    flagshipShare: 0.35,
  },
  medium: {
    companies: 100_000,
    persons: 500_000,
    schools: 3_000,
    patents: 50_000,
    news: 100_000,
    marketReports: 5_000,
    academicReports: 40_000,
    trends: 1_000,
    jobOpenings: 150_000,
    flagshipShare: 0.08,
  },
  large: {
    companies: 1_000_000,
    persons: 5_000_000,
    schools: 8_000,
    patents: 500_000,
    news: 1_000_000,
    // Ten times medium, as every other document category, but for the two whose titles are upsert
    // keys drawn from a bounded name space: 26,400 report titles, 3,190 trend names.
    marketReports: 20_000,
    academicReports: 400_000,
    trends: 3_000,
    jobOpenings: 1_500_000,
    flagshipShare: 0.02,
  },
}

// The demo's "today": every date is at or before it, so the corpus never ages with the wall clock.
export const DEMO_NOW = '2025-06-01T00:00:00.000Z'
export const NOW_YEAR = 2025
/** Months are counted as year * 12 + (month - 1); this is June 2025. */
export const NOW_MONTH = NOW_YEAR * 12 + 5

export function monthString(month: number): string {
  const year = Math.floor(month / 12)
  return `${year}-${String((month % 12) + 1).padStart(2, '0')}`
}

export function dateString(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

const NOW_MS = Date.parse(DEMO_NOW)

/** The instant `secondsAgo` before DEMO_NOW, as an ISO 8601 string. */
export function isoSecondsAgo(secondsAgo: number): string {
  return new Date(NOW_MS - secondsAgo * 1000).toISOString()
}

export const NOUNS_PER_INDUSTRY = 6
export const GENERAL_NAME_CAPACITY = PREFIXES.length * ROOTS.length * INDUSTRIES.length * NOUNS_PER_INDUSTRY
export const INVESTOR_NAME_CAPACITY = PREFIXES.length * ROOTS.length * NOUNS_PER_INDUSTRY
export const SCHOOL_NAME_CAPACITY = PREFIXES.length * ROOTS.length * SCHOOL_TYPES.length

export interface DemoContext {
  readonly seed: number
  readonly scale: DemoScale
  readonly config: ScaleConfig
  /** Company index ranges: [0, flagships) hand-written, then investors, then general companies. */
  readonly flagships: number
  readonly investors: number
  readonly general: number
  readonly generalNames: Permutation
  readonly investorNames: Permutation
  readonly schoolNames: Permutation
  /** Distinct offsets (seconds) for timestamps that are part of an upsert key. */
  readonly newsSeconds: Permutation
  readonly jobSeconds: Permutation
  readonly patentNumbers: Permutation
  readonly reportTitles: Permutation
  readonly trendNames: Permutation
  /** Six hex digits that make each person's profile slug unique. */
  readonly personSlugs: Permutation
}

export function createContext(scale: DemoScale, seed: number, flagships: number): DemoContext {
  const config = SCALES[scale]
  const investors = Math.min(Math.max(Math.round(config.companies * 0.03), 20), 30_000)
  const general = config.companies - flagships - investors
  if (general > GENERAL_NAME_CAPACITY) throw new Error('demo scale exceeds the company name space')
  const perm = (size: number, salt: number) => new Permutation(size, hash32(seed, STREAM.permutation, salt))
  return {
    seed,
    scale,
    config,
    flagships,
    investors,
    general,
    generalNames: perm(GENERAL_NAME_CAPACITY, 1),
    investorNames: perm(INVESTOR_NAME_CAPACITY, 2),
    schoolNames: perm(SCHOOL_NAME_CAPACITY, 3),
    newsSeconds: perm(3 * 365 * 86_400, 4),
    jobSeconds: perm(90 * 86_400, 5),
    patentNumbers: perm(9_000_000, 6),
    reportTitles: perm(reportTitleCapacity(), 7),
    trendNames: perm(trendNameCapacity(), 8),
    personSlugs: perm(16 ** 6, 9),
  }
}

// Defined by the documents module's title grammar; kept here so the context owns every permutation.
export const REPORT_TITLE_TEMPLATES = 5
export const REPORT_YEARS = 8
export const TREND_MODIFIERS = 30

function reportTitleCapacity(): number {
  const subs = INDUSTRIES.reduce((n, ind) => n + ind.subs.length, 0)
  return subs * REPORT_TITLE_TEMPLATES * 6 * REPORT_YEARS
}

// Trend i < topics is the bare topic; later trends pair a topic with one of the other modifiers.
function trendNameCapacity(): number {
  return INDUSTRIES.reduce((n, ind) => n + ind.trendTopics.length, 0) * (TREND_MODIFIERS - 1)
}
