// Stored record → table row: the filter columns of a company, person or document row, their
// full-text vector and vector state, and the institution rows of companies and schools. Pure;
// ingest.ts writes the rows. Column meanings: docs/corpus-storage.md §1.
import type { EntityCategory } from '../../contract/records.ts'
import { normaliseDomain, normaliseName } from '../../corpus/normalise.ts'
import type { CompanyRow, DocumentRow, InstitutionRow, PersonRow } from '../../store/corpus.ts'
import { weightedTsvector } from '../../retrieval/fulltext.ts'
import type { PersonGraph } from './person-graph.ts'
import type { PreparedRecord, StoredRecord } from './prepare.ts'
import type { RecordTexts } from './record-texts.ts'
import { dateOf, int, monthOf, num, obj, objs, str, strs, strsOrNull, text, timestampOf } from './record-values.ts'

export type DocumentCategory = Exclude<EntityCategory, 'company' | 'person'>

/** Shared columns of every record table. */
export interface VectorState {
  hasVector: boolean
  embeddedWith: string | null
}

function common(p: PreparedRecord, texts: RecordTexts, v: VectorState, now: Date) {
  return {
    id: p.id,
    source_id: p.sourceId,
    record: p.json,
    record_hash: p.hash,
    tsv: weightedTsvector([
      [texts.a, 'A'],
      [texts.b, 'B'],
      [texts.c, 'C'],
      [texts.d, 'D'],
    ]),
    has_vector: v.hasVector,
    embedded_with: v.embeddedWith,
    updated_at: now,
  }
}

export function companyRow(p: PreparedRecord, texts: RecordTexts, v: VectorState, now: Date): CompanyRow {
  const r = p.record
  const name = str(r.account_name) ?? str(r.legal_name)
  return {
    ...common(p, texts, v, now),
    domain: str(r.domain),
    professional_url: str(r.professional_url),
    name,
    name_norm: name === null ? null : normaliseName(name),
    industry: str(r.industry),
    sub_industry: str(r.sub_industry),
    country: str(r.country),
    state: str(r.state),
    city: str(r.city),
    region: strsOrNull(r.region),
    employee_count: int(r.employee_count),
    founded_year: int(r.founded_year),
    revenue: num(r.revenue),
    total_funding: num(r.total_funding),
    last_funding_date: dateOf(r.last_funding_date),
    funding_stage: str(r.funding_stage),
    growth_stage: str(r.growth_stage),
    ipo_status: str(r.ipo_status),
    ownership: str(r.ownership),
    operating_status: str(r.operating_status),
    technology: strsOrNull(r.technology),
    company_keyword: strsOrNull(r.company_keyword),
    company_types: strsOrNull(r.company_types),
    business_models: strsOrNull(r.business_models),
    naics: strsOrNull(r.naics),
    sic: strsOrNull(r.sic),
    investors: strsOrNull(r.investors),
  }
}

/** The institution row a company stands for in the affiliation graph (companies with a domain only). */
export function companyInstitution(p: PreparedRecord, now: Date): InstitutionRow | null {
  const domain = str(p.record.domain)
  if (domain === null) return null
  const name = str(p.record.account_name) ?? str(p.record.legal_name)
  return {
    inst_key: domain,
    type: 'company',
    name,
    name_norm: name === null ? null : normaliseName(name),
    domain,
    professional_url: str(p.record.professional_url),
    record: null,
    updated_at: now,
  }
}

export function schoolInstitution(p: PreparedRecord, now: Date): InstitutionRow {
  const name = str(p.record.name)
  return {
    inst_key: p.id,
    type: 'school',
    name,
    name_norm: name === null ? null : normaliseName(name),
    domain: str(p.record.domain),
    professional_url: str(p.record.professional_url),
    record: p.json,
    updated_at: now,
  }
}

export function personRow(
  p: PreparedRecord,
  texts: RecordTexts,
  v: VectorState,
  now: Date,
  graph: PersonGraph,
): PersonRow {
  const r = p.record
  const location = obj(r.location)
  const employer = obj(r.current_employer)
  const jobs = objs(r.employment_history)
  const current = jobs.find((j) => j.end == null)
  const starts = jobs.map((j) => monthOf(j.start)).filter((m): m is number => m !== null)
  const name = str(r.name) ?? (text(r.first_name, r.last_name) || null)
  return {
    ...common(p, texts, v, now),
    profile_url: str(r.profile_url),
    name,
    name_norm: name === null ? null : normaliseName(name),
    title: str(r.title),
    // The employer's domain as given, else the current company's when it is a domain (a company_id,
    // or a name matched to a corpus company): domain filters and org charts find the person.
    company_domain:
      str(employer?.domain) ??
      str(employer?.company_id) ??
      (graph.currentKey !== null && !graph.currentKey.startsWith('name:') ? graph.currentKey : null),
    company_key: graph.currentKey,
    company_name: str(employer?.company),
    department: str(r.department),
    sub_department: str(r.sub_department),
    seniority: str(r.seniority),
    country: str(location?.country),
    state: str(location?.state),
    city: str(location?.city),
    skills: strsOrNull(r.skills),
    certifications: strsOrNull(r.certifications),
    languages: strsOrNull(r.languages),
    employment_type: str(r.employment_type),
    governance_level: strsOrNull(r.governance_level),
    has_direct_access_to_c_suite:
      typeof r.has_direct_access_to_c_suite === 'boolean' ? r.has_direct_access_to_c_suite : null,
    current_start_month: current ? monthOf(current.start) : null,
    career_start_month: starts.length > 0 ? Math.min(...starts) : null,
  }
}

interface DocumentColumns {
  lookup_id: unknown
  name: unknown
  company_domains: unknown[]
  published_at: unknown
  industry?: unknown
  country?: unknown
  amount?: unknown
}

function documentColumns(category: DocumentCategory, r: StoredRecord): DocumentColumns {
  switch (category) {
    case 'patent': {
      const applicants = objs(r.applicants)
      const pubs = objs(r.publications)
      return {
        lookup_id: r.patent_id,
        name: r.title,
        company_domains: applicants.flatMap((a) => [a.company_id, obj(a.company_connection)?.company_id]),
        published_at: r.granted_date ?? pubs[0]?.date ?? obj(r.application)?.filed ?? r.created_at,
        country: obj(applicants[0]?.country)?.code,
      }
    }
    case 'news_article': {
      const companies = obj(r.companies)
      return {
        lookup_id: r.title,
        name: r.title,
        company_domains: [...objs(companies?.direct_link), ...objs(companies?.linked)].map((c) => c.domain),
        published_at: r.published_at,
        country: strs(obj(r.places)?.countries)[0],
      }
    }
    case 'market_report':
      return {
        lookup_id: r.title,
        name: r.title,
        company_domains: [],
        published_at: r.published_date,
        industry: r.industry,
      }
    case 'funding_round':
      return {
        lookup_id: r.company,
        name: r.company,
        company_domains: [r.company_domain],
        published_at: r.announced_on,
        industry: r.industry,
        country: r.country,
        amount: r.amount_usd,
      }
    case 'academic_report':
      return {
        lookup_id: r.doi,
        name: r.title,
        company_domains: objs(r.authors).map((a) => a.affiliation_id),
        published_at: r.published,
        industry: strs(r.fields)[0],
      }
    case 'trend':
      return {
        lookup_id: r.name,
        name: r.name,
        company_domains: objs(r.related_companies).map((c) => c.domain),
        published_at: r.last_updated ?? r.first_seen,
        industry: strs(r.industries)[0],
        amount: r.momentum,
      }
    case 'job_opening':
      return {
        lookup_id: r.role,
        name: r.role,
        company_domains: [r.company_domain],
        published_at: r.posted_at,
        country: r.country,
        amount: obj(r.salary_range)?.max,
      }
  }
}

export function documentRow(
  category: DocumentCategory,
  p: PreparedRecord,
  texts: RecordTexts,
  v: VectorState,
  now: Date,
): DocumentRow {
  const c = documentColumns(category, p.record)
  // Only values that are domains join the company graph (an academic affiliation may be a school_id).
  const domains = [
    ...new Set(
      c.company_domains
        .map(str)
        .filter((d): d is string => d !== null)
        .map(normaliseDomain)
        .filter((d): d is string => d !== null),
    ),
  ]
  const name = str(c.name)
  return {
    ...common(p, texts, v, now),
    category,
    natural_key: p.naturalKey,
    lookup_id: str(c.lookup_id)?.trim() ?? null,
    name,
    name_norm: name === null ? null : normaliseName(name),
    company_domain: domains[0] ?? null,
    company_domains: domains,
    published_at: timestampOf(c.published_at),
    industry: str(c.industry),
    country: str(c.country),
    amount: num(c.amount),
  }
}
