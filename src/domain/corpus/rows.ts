// Stored record → table row: filter columns, weighted full-text fields, the text to embed, and a
// person's affiliations. Pure; ingest.ts writes the rows. Column meanings: docs/corpus-storage.md §1.
import type { EntityCategory } from '../../contract/records.ts'
import { normaliseDomain, normaliseName } from '../../corpus/normalise.ts'
import type { AffiliationRow, CompanyRow, DocumentRow, InstitutionRow, PersonRow } from '../../store/corpus.ts'
import { weightedTsvector } from '../../retrieval/fulltext.ts'
import type { PreparedRecord, StoredRecord } from './prepare.ts'

export type DocumentCategory = Exclude<EntityCategory, 'company' | 'person'>

// to_tsvector keeps at most 1 MB of lexemes; long bodies are cut well before, and search ranks on
// the first part of a document anyway. The embedding sees less: SIF averages, so more words dilute.
const MAX_TSV_CHARS = 100_000
const MAX_EMBED_CHARS = 2_000

type Obj = Record<string, unknown>

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null)
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj).filter((o): o is Obj => o !== null) : [])
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((s): s is string => s !== null) : [])
const strsOrNull = (v: unknown): string[] | null => (Array.isArray(v) ? strs(v) : null)

/** Joins the present pieces: strings, string arrays, nested values flattened. */
function text(...parts: unknown[]): string {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.trim() !== '') out.push(v)
    } else if (Array.isArray(v)) v.forEach(walk)
  }
  parts.forEach(walk)
  return out.join(' ')
}

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s)

export interface RecordTexts {
  /** Weight A: names and identifiers. */
  a: string
  /** Weight B: classifying terms (industry, keywords, technology, title, tags). */
  b: string
  /** Weight C: body text (description, abstract, summary, content). */
  c: string
  /** Weight D: where it is (a company's city, state and country), so "software Texas" finds Texas by its words. */
  d: string
  /** What the embedder reads. */
  embed: string
}

const names = (v: unknown) => objs(v).map((o) => str(o.name))

function textsOf(
  category: EntityCategory,
  r: StoredRecord,
): Omit<RecordTexts, 'embed' | 'd'> & { d?: string; embed: unknown[] } {
  switch (category) {
    case 'company':
      return {
        // The domain is no name: at weight C, so every `.ai` domain does not match "ai" as a name would.
        a: text(r.account_name, r.legal_name),
        b: text(
          r.industry,
          r.sub_industry,
          r.other_industries,
          r.company_keyword,
          r.technology,
          r.business_models,
          names(r.products),
        ),
        c: text(
          r.domain,
          r.short_description,
          r.description,
          objs(r.products).map((p) => str(p.description)),
        ),
        d: text(r.city, r.state, r.country),
        embed: [r.account_name, r.industry, r.sub_industry, r.short_description, r.description, r.company_keyword],
      }
    case 'person': {
      const employer = obj(r.current_employer)
      return {
        a: text(r.name),
        b: text(r.title, r.headline, r.skills, employer?.company, r.department, r.sub_department),
        c: text(
          r.summary,
          objs(r.employment_history).map((j) => [str(j.title), str(j.company)]),
          objs(r.education).map((d) => [str(d.school), str(d.field)]),
        ),
        embed: [r.title, r.headline, r.skills, r.summary],
      }
    }
    case 'patent':
      return {
        a: text(r.title, r.patent_id),
        b: text(
          r.classification,
          r.tags,
          names(r.applicants),
          objs(r.classification_detail).map((d) => str(d.definition)),
        ),
        c: text(r.abstract),
        embed: [r.title, r.abstract],
      }
    case 'news_article': {
      const companies = obj(r.companies)
      return {
        a: text(r.title),
        b: text(r.tags, r.products, names(companies?.direct_link), names(companies?.linked), obj(r.publication)?.title),
        c: text(r.summary, r.content),
        embed: [r.title, r.summary],
      }
    }
    case 'market_report':
      return {
        a: text(r.title),
        b: text(r.industry, r.publisher),
        c: text(r.body_free ?? r.body),
        embed: [r.title, r.industry, r.body_free ?? r.body],
      }
    case 'funding_round':
      return {
        a: text(r.company),
        b: text(r.type, r.industry, r.investors, r.lead_investors, r.country),
        c: text(r.summary),
        embed: [r.company, r.type, r.industry, r.summary],
      }
    case 'academic_report':
      return {
        a: text(r.title, r.doi),
        b: text(r.keywords, r.fields, r.venue, names(r.authors)),
        c: text(r.abstract),
        embed: [r.title, r.abstract, r.keywords],
      }
    case 'trend':
      return {
        a: text(r.name),
        b: text(r.keywords, r.industries, r.category, r.related_technologies, names(r.related_companies)),
        c: text(r.description),
        embed: [r.name, r.description, r.keywords],
      }
    case 'job_opening':
      return {
        a: text(r.role),
        b: text(r.company, r.department, r.seniority, r.location, r.employment_type),
        c: text(r.description),
        embed: [r.role, r.department, r.description],
      }
  }
}

export function recordTexts(category: EntityCategory, record: StoredRecord): RecordTexts {
  const t = textsOf(category, record)
  return {
    a: cut(t.a, MAX_TSV_CHARS),
    b: cut(t.b, MAX_TSV_CHARS),
    c: cut(t.c, MAX_TSV_CHARS),
    d: cut(t.d ?? '', MAX_TSV_CHARS),
    embed: cut(text(t.embed), MAX_EMBED_CHARS),
  }
}

/** `2021-03`, `2021-03-15`, `2021-03-15T…` → 202103; `2021` → 202101 (202112 for an end). */
export function monthOf(value: unknown, isEnd = false): number | null {
  const s = str(value)
  const m = s ? /^(\d{4})(?:-(\d{2}))?/.exec(s.trim()) : null
  if (!m) return null
  const month = m[2] ? Number(m[2]) : isEnd ? 12 : 1
  return month >= 1 && month <= 12 ? Number(m[1]) * 100 + month : null
}

/** A date or date-time string → ISO timestamp; `YYYY` and `YYYY-MM` are the first day. Null when unreadable. */
export function timestampOf(value: unknown): string | null {
  const s = str(value)?.trim()
  if (!s) return null
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(s)
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2] ?? 1) - 1, Number(m[3] ?? 1)) : Date.parse(s)
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

function dateOf(value: unknown): string | null {
  return timestampOf(value)?.slice(0, 10) ?? null
}

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

/** Resolves an employer named without a domain to a corpus company's domain (null when none). */
export type NameResolver = (nameNorm: string) => string | null

export interface PersonGraph {
  affiliations: AffiliationRow[]
  /** Institutions the affiliations name, for rows created if missing. */
  institutions: InstitutionRow[]
  /** The current company: the current job's institution, else current_employer's domain or name. */
  currentKey: string | null
}

/**
 * current_employer's company name when it gives neither a company_id nor a domain: the person's
 * current company is then known by name only (personGraph; the ingest looks such names up).
 */
export function namedCurrentEmployer(r: StoredRecord): string | null {
  const employer = obj(r.current_employer)
  if (str(employer?.company_id) !== null || str(employer?.domain) !== null) return null
  return str(employer?.company)
}

/**
 * A person's affiliations (the same rules as the demo facts, docs/corpus-demo.md §1.4): an employment's
 * institution is its company_id (match url), else the corpus company of that name (match name),
 * else `name:<normalised name>`; a degree's is its school_id (match edu). A degree without a
 * school_id and a job with neither id nor name are not affiliations. An end after `asOfMonth`
 * (an expected graduation) counts as current. The current company (persons.company_key) is the
 * first open job's institution, else current_employer's domain, else its name resolved the same way.
 */
export function personGraph(
  personId: string,
  r: StoredRecord,
  resolve: NameResolver,
  asOfMonth: number,
  now: Date,
): PersonGraph {
  const affiliations: AffiliationRow[] = []
  const institutions = new Map<string, InstitutionRow>()
  let currentKey: string | null = null
  const employer = obj(r.current_employer)
  const currentDomain = str(employer?.company_id) ?? str(employer?.domain)
  const add = (
    row: Omit<AffiliationRow, 'person_id' | 'ordinal' | 'is_current'>,
    type: 'company' | 'school',
    name: string | null,
  ) => {
    const is_current = row.end_month === null || row.end_month === undefined || row.end_month > asOfMonth
    affiliations.push({ ...row, person_id: personId, ordinal: affiliations.length, is_current })
    if (!institutions.has(row.inst_key)) {
      const isDomain = type === 'company' && !row.inst_key.startsWith('name:')
      institutions.set(row.inst_key, {
        inst_key: row.inst_key,
        type,
        name,
        name_norm: name === null ? null : normaliseName(name),
        domain: isDomain ? row.inst_key : null,
        professional_url: null,
        record: null,
        updated_at: now,
      })
    }
  }
  for (const job of objs(r.employment_history)) {
    const name = str(job.company)
    const id = str(job.company_id)
    const nameNorm = name === null ? null : normaliseName(name)
    const key = id ?? (nameNorm === null ? null : (resolve(nameNorm) ?? `name:${nameNorm}`))
    if (key === null) continue
    const end = monthOf(job.end, true)
    add(
      {
        inst_key: key,
        kind: 'employment',
        start_month: monthOf(job.start),
        end_month: end,
        match_confidence: id ? 'url' : 'name',
        title: str(job.title),
        department: str(job.department),
        seniority: str(job.seniority),
      },
      'company',
      name,
    )
    if (currentKey === null && job.end == null && (currentDomain === null || key === currentDomain)) currentKey = key
  }
  for (const degree of objs(r.education)) {
    const key = str(degree.school_id)
    if (key === null) continue
    add(
      {
        inst_key: key,
        kind: 'education',
        start_month: monthOf(degree.start),
        end_month: monthOf(degree.end, true),
        match_confidence: 'edu',
        title: null,
        department: null,
        seniority: null,
      },
      'school',
      str(degree.school),
    )
  }
  // Each affiliation carries its holder's current company (persons.company_key), rewritten with them.
  // A current employer named without a domain, and with no open job in the history, is that
  // company all the same: the corpus company of its name, else `name:<normalised name>` (re-keyed
  // when the company arrives), so its org chart and its industry find the person.
  const employerName = currentKey === null ? namedCurrentEmployer(r) : null
  const employerNorm = employerName === null ? null : normaliseName(employerName)
  const holder =
    currentKey ?? currentDomain ?? (employerNorm ? (resolve(employerNorm) ?? `name:${employerNorm}`) : null)
  for (const a of affiliations) a.holder_key = holder
  return { affiliations, institutions: [...institutions.values()], currentKey: holder }
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
