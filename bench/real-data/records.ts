// The real-data corpus of `npm run eval` (bench/relevance-real.ts): rows of the public datasets in
// ../shared/datasets/ (read at run time, never copied into the repository) converted to the NDJSON
// record shape `dsp ingest` takes, plus what each row holds back from ingest (a YC one-line pitch,
// arXiv categories, patent search topics) for the queries and judgments. Every conversion rule of
// the evaluation sits in this one module, so a mapping file can replace it once ingest reads CSV.
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { parse } from 'csv-parse/sync'
import { normaliseDomain } from '../../src/corpus/normalise.ts'

/** ../shared/datasets/ beside the worktree, or DSP_EVAL_DATASETS (a directory). */
export const DATASETS = process.env.DSP_EVAL_DATASETS
  ? new URL(`file://${process.env.DSP_EVAL_DATASETS.replace(/\/?$/, '/')}`)
  : new URL('../../../shared/datasets/', import.meta.url)

export type RealCategory = 'company' | 'patent' | 'academic_report'

export interface RealRecord {
  category: RealCategory
  /** Which file it came from. */
  source: 'yc' | 'crunchbase' | 'sp500' | 'arxiv' | 'google_patents' | 'patentsview'
  /** What is ingested. */
  record: Record<string, unknown>
  /** Held out (never ingested): the YC one-line pitch, arXiv categories, patent search topics. */
  held_out: { one_liner?: string; topics?: string[] }
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}
const STATE_NAMES = new Set(Object.values(US_STATES))
const COUNTRY_NAMES: Record<string, string> = { USA: 'United States', US: 'United States', UK: 'United Kingdom' }

const clean = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined
  const t = v.trim()
  return t === '' ? undefined : t
}
const int = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10)
  return Number.isFinite(n) ? Math.trunc(n) : undefined
}
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/^\/company\//, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 50)
    .replace(/^-|-$/g, '') || 'x'

function jsonl(file: string): Record<string, unknown>[] {
  return gunzipSync(readFileSync(new URL(file, DATASETS)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

function csv(file: string): Record<string, string>[] {
  return parse(readFileSync(new URL(file, DATASETS)), { columns: true, skip_empty_lines: true, relax_quotes: true })
}

/** `"San Francisco, CA, USA; Remote"` → city, state (full name), country of the first location. */
function place(text: string | undefined): { city?: string; state?: string; country?: string } {
  const first = text?.split(';')[0]?.trim()
  if (!first) return {}
  const parts = first.split(',').map((p) => p.trim())
  const country = parts.length >= 2 ? parts[parts.length - 1]! : undefined
  const countryName = country ? (COUNTRY_NAMES[country] ?? country) : undefined
  const state = parts.length >= 3 ? parts[1]! : undefined
  const stateName =
    countryName === 'United States' && state ? (US_STATES[state] ?? (STATE_NAMES.has(state) ? state : state)) : state
  return { city: parts[0], state: stateName, country: countryName }
}

/** Drops undefined members (the record schema takes null or a value, never undefined). */
function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length)))
}

// Companies: YC with its website's domain; Crunchbase 2013 and the S&P 500 list carry no website,
// so their records get a stand-in domain under the reserved `.example` TLD (the company key is a
// domain or a professional page) until ingest gives records a source identity.
function ycCompanies(): RealRecord[] {
  return jsonl('yc-companies/yc_companies.jsonl.gz').map((r) => {
    const name = clean(r.name)!
    const where = place(clean(r.all_locations))
    const sub = clean(r.subindustry)?.split('->').pop()?.trim()
    return {
      category: 'company',
      source: 'yc',
      record: defined({
        account_name: name,
        domain: normaliseDomain(clean(r.website) ?? '') ?? `${slug(String(r.slug ?? name))}.yc.example`,
        website: clean(r.website),
        description: clean(r.long_description),
        industry: clean(r.industry),
        sub_industry: sub,
        company_keyword: Array.isArray(r.tags) ? (r.tags as string[]) : undefined,
        ...where,
        employee_count: int(r.team_size),
        operating_status: clean(r.status)?.toLowerCase(),
      }),
      held_out: { one_liner: clean(r.one_liner) },
    }
  })
}

function crunchbaseCompanies(): RealRecord[] {
  return csv('crunchbase-2013/companies.csv').map((r) => ({
    category: 'company',
    source: 'crunchbase',
    record: defined({
      account_name: clean(r.name),
      domain: `${slug(r.permalink ?? r.name ?? '')}.crunchbase.example`,
      industry: clean(r.category_code),
      country: COUNTRY_NAMES[r.country_code ?? ''] ?? clean(r.country_code),
      state: US_STATES[r.state_code ?? ''] ?? clean(r.state_code),
      city: clean(r.city),
      total_funding: r.funding_total_usd ? Number(r.funding_total_usd) || undefined : undefined,
      founded_year: int(r.founded_year),
      operating_status: clean(r.status),
    }),
    held_out: {},
  }))
}

function sp500Companies(): RealRecord[] {
  return csv('sp500-companies/constituents.csv').map((r) => {
    const [city, region] = (r['Headquarters Location'] ?? '').split(',').map((s) => s.trim())
    const isState = region !== undefined && STATE_NAMES.has(region)
    return {
      category: 'company',
      source: 'sp500',
      record: defined({
        account_name: clean(r.Security),
        domain: `${slug(r.Symbol ?? '')}.sp500.example`,
        industry: clean(r['GICS Sector']),
        sub_industry: clean(r['GICS Sub-Industry']),
        city: clean(city),
        state: isState ? region : undefined,
        country: isState ? 'United States' : clean(region),
        founded_year: int(/\d{4}/.exec(r.Founded ?? '')?.[0]),
        ipo_status: 'public',
      }),
      held_out: {},
    }
  })
}

function arxivPapers(): RealRecord[] {
  return jsonl('arxiv-cs-ai-sample/arxiv_cs_ai_sample.jsonl.gz').map((r) => ({
    category: 'academic_report',
    source: 'arxiv',
    record: defined({
      doi: clean(r.doi),
      title: clean(r.title),
      abstract: clean(r.abstract),
      authors: Array.isArray(r.authors) ? (r.authors as string[]).map((name) => ({ name })) : undefined,
      published: clean(r.announced_date),
      url: clean(r.abs_url),
    }),
    held_out: { topics: Array.isArray(r.categories) ? (r.categories as string[]) : [] },
  }))
}

function patents(): RealRecord[] {
  const google = jsonl('patents-ai-google/google_patents_ai.jsonl.gz')
  const usNumbers = new Set(
    google.map((r) => /^US-(\d+)-/.exec(String(r.id))?.[1]).filter((n): n is string => n !== undefined),
  )
  const fromGoogle: RealRecord[] = google.map((r) => ({
    category: 'patent',
    source: 'google_patents',
    record: defined({
      patent_id: clean(r.id),
      title: clean(r.title),
      abstract: clean(r.abstract),
      applicants: clean(r.assignee) ? [{ name: clean(r.assignee) }] : undefined,
      inventors: Array.isArray(r.inventors) ? (r.inventors as string[]).map((name) => ({ name })) : undefined,
      granted_date: clean(r.grant_date),
      created_at: clean(r.publication_date),
      application: clean(r.filing_date) ? { filed: clean(r.filing_date) } : undefined,
    }),
    held_out: { topics: Array.isArray(r.search_queries) ? (r.search_queries as string[]) : [] },
  }))
  // PatentsView rows also in the Google export (same US number) are the same patent: kept once.
  const fromPatentsView: RealRecord[] = jsonl('patents-ai-google/patentsview_nn_baseball.jsonl.gz')
    .filter((r) => !usNumbers.has(String(r.patent_number)))
    .map((r) => ({
      category: 'patent',
      source: 'patentsview',
      record: defined({
        patent_id: `US-${String(r.patent_number)}`,
        title: clean(r.title),
        abstract: clean(r.abstract),
        granted_date: clean(r.grant_date),
      }),
      held_out: { topics: Array.isArray(r.query_topic) ? (r.query_topic as string[]) : [] },
    }))
  return [...fromGoogle, ...fromPatentsView]
}

/** Every record of the evaluation's corpus, in file order. */
export function realRecords(): RealRecord[] {
  return [...ycCompanies(), ...crunchbaseCompanies(), ...sp500Companies(), ...arxivPapers(), ...patents()]
}
