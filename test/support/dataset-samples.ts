// Titles and places of the real datasets beside the repository (../shared/datasets/, each folder
// with a README), read at test time and never copied into the repository. Used by
// test/unit/normalise-datasets.test.ts, test/http/entities-names.test.ts and scripts/normalise-coverage.ts.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { parse } from 'csv-parse/sync'
import { countryCode, subdivisionOf } from '../../src/domain/corpus/normalise-places.ts'

export const DATASETS_DIR = path.resolve(
  process.env.DSP_DATASETS_DIR ?? path.join(process.cwd(), '..', 'shared', 'datasets'),
)

export const datasetsPresent = (): boolean => existsSync(path.join(DATASETS_DIR, 'nyc-jobs'))

function read(file: string): string {
  const buf = readFileSync(path.join(DATASETS_DIR, file))
  return (file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8')
}

function csv(file: string): Record<string, string>[] {
  return parse(read(file), { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<
    string,
    string
  >[]
}

/** A sample of job titles with where they came from (one entry per distinct title and source). */
export interface TitleSample {
  source: string
  title: string
}

/** Distinct job titles: NYC job postings (business and civil service titles) and Indeed's sector examples. */
export function datasetTitles(): TitleSample[] {
  const out: TitleSample[] = []
  const add = (source: string, titles: Iterable<string>) => {
    const seen = new Set<string>()
    for (const raw of titles) {
      const title = raw.trim().replace(/\s+/g, ' ')
      if (title && !seen.has(title.toLowerCase())) {
        seen.add(title.toLowerCase())
        out.push({ source, title })
      }
    }
  }
  const nyc = csv('nyc-jobs/nyc_jobs_2019_snapshot.csv')
  add(
    'nyc-jobs business title',
    nyc.map((r) => r['Business Title'] ?? ''),
  )
  add(
    'nyc-jobs civil service title',
    nyc.map((r) => r['Civil Service Title'] ?? ''),
  )
  add(
    'indeed sector examples',
    csv('indeed-job-postings-index/sector_job_title_examples.csv').flatMap((r) => (r.job_titles ?? '').split(',')),
  )
  return out
}

/** A place as a dataset gives it: a country (name or code) and, where there is one, a state in it. */
export interface PlaceSample {
  source: string
  country: string
  state: string | null
}

/** Countries and states: Crunchbase 2013 companies, S&P 500 headquarters, YC locations, Indeed's country and state series. */
export function datasetPlaces(): PlaceSample[] {
  const out: PlaceSample[] = []
  for (const r of csv('crunchbase-2013/companies.csv')) {
    if (r.country_code) out.push({ source: 'crunchbase-2013', country: r.country_code, state: r.state_code || null })
  }
  // `Saint Paul, Minnesota` (a US state) or `Dublin, Ireland` (a country).
  for (const r of csv('sp500-companies/constituents.csv')) {
    const parts = (r['Headquarters Location'] ?? '').split(',').map((p) => p.trim())
    const last = parts.at(-1) ?? ''
    if (parts.length < 2) continue
    if (!subdivisionOf(last, 'US') && countryCode(last))
      out.push({ source: 'sp500-companies', country: last, state: null })
    else out.push({ source: 'sp500-companies', country: 'US', state: last })
  }
  // `San Francisco, CA, USA; Remote`: each location is `city, state, country` or `city, country`.
  for (const line of read('yc-companies/yc_companies.jsonl.gz').split('\n')) {
    if (!line.trim()) continue
    const company = JSON.parse(line) as { all_locations?: string | null }
    for (const loc of (company.all_locations ?? '').split(';')) {
      const parts = loc.split(',').map((p) => p.trim())
      if (parts.length < 2) continue
      out.push({
        source: 'yc-companies',
        country: parts.at(-1) ?? '',
        state: parts.length >= 3 ? (parts.at(-2) ?? null) : null,
      })
    }
  }
  const states = new Set(
    csv('indeed-job-postings-index/state_job_postings_US.csv.gz' as string).map((r) => r.state ?? ''),
  )
  for (const state of states) if (state) out.push({ source: 'indeed-job-postings-index', country: 'US', state })
  const countries = new Set(
    csv('indeed-job-postings-index/aggregate_job_postings_all_countries.csv.gz').map((r) => r.jobcountry ?? ''),
  )
  for (const country of countries) if (country) out.push({ source: 'indeed-job-postings-index', country, state: null })
  return out
}

/** An S&P 500 constituent as the file gives it: ticker, name ("Security") and SEC CIK (share classes share one). */
export interface Sp500Company {
  symbol: string
  name: string
  cik: string
}

/** Every row of sp500-companies/constituents.csv, in file order (by ticker). */
export function sp500Companies(): Sp500Company[] {
  return csv('sp500-companies/constituents.csv').map((r) => ({
    symbol: r.Symbol ?? '',
    name: r.Security ?? '',
    cik: r.CIK ?? '',
  }))
}
