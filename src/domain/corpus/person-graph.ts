// A person's place in the affiliation graph: the affiliations of their jobs and degrees, the
// institutions those name, and their current company (persons.company_key). Pure; the rules are
// docs/corpus-demo.md §1.4.
import { normaliseName } from '../../corpus/normalise.ts'
import type { AffiliationRow, InstitutionRow } from '../../store/corpus.ts'
import type { StoredRecord } from './prepare.ts'
import { monthOf, obj, objs, str } from './record-values.ts'

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
  const graph = graphBuilder(personId, asOfMonth, now)
  const employer = obj(r.current_employer)
  const currentDomain = str(employer?.company_id) ?? str(employer?.domain)
  const currentKey = addJobs(graph, r, resolve, currentDomain)
  addDegrees(graph, r)
  // Each affiliation carries its holder's current company (persons.company_key), rewritten with them.
  // A current employer named without a domain, and with no open job in the history, is that
  // company all the same: the corpus company of its name, else `name:<normalised name>` (re-keyed
  // when the company arrives), so its org chart and its industry find the person.
  const holder = holderKey(r, resolve, currentKey, currentDomain)
  for (const a of graph.affiliations) a.holder_key = holder
  return { affiliations: graph.affiliations, institutions: [...graph.institutions.values()], currentKey: holder }
}

/** What an affiliation says of itself (its person, ordinal and currency are the builder's). */
type AffiliationFacts = Omit<AffiliationRow, 'person_id' | 'ordinal' | 'is_current'>

/** A person's affiliations as they are added, with the institutions they name (each once). */
interface GraphBuilder {
  affiliations: AffiliationRow[]
  institutions: Map<string, InstitutionRow>
  add: (row: AffiliationFacts, type: 'company' | 'school', name: string | null) => void
}

function graphBuilder(personId: string, asOfMonth: number, now: Date): GraphBuilder {
  const affiliations: AffiliationRow[] = []
  const institutions = new Map<string, InstitutionRow>()
  const add = (row: AffiliationFacts, type: 'company' | 'school', name: string | null) => {
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
  return { affiliations, institutions, add }
}

/**
 * The jobs' affiliations; returns the current company: the first open job's institution (the
 * one current_employer names, when it gives a domain), null when none.
 */
function addJobs(
  graph: GraphBuilder,
  r: StoredRecord,
  resolve: NameResolver,
  currentDomain: string | null,
): string | null {
  let currentKey: string | null = null
  for (const job of objs(r.employment_history)) {
    const name = str(job.company)
    const id = str(job.company_id)
    const nameNorm = name === null ? null : normaliseName(name)
    const key = id ?? (nameNorm === null ? null : (resolve(nameNorm) ?? `name:${nameNorm}`))
    if (key === null) continue
    const end = monthOf(job.end, true)
    graph.add(
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
  return currentKey
}

/** The degrees' affiliations: a degree with a school_id. */
function addDegrees(graph: GraphBuilder, r: StoredRecord): void {
  for (const degree of objs(r.education)) {
    const key = str(degree.school_id)
    if (key === null) continue
    graph.add(
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
}

/** The holder's current company: the current job's, else current_employer's domain, else its name resolved. */
function holderKey(
  r: StoredRecord,
  resolve: NameResolver,
  currentKey: string | null,
  currentDomain: string | null,
): string | null {
  const employerName = currentKey === null ? namedCurrentEmployer(r) : null
  const employerNorm = employerName === null ? null : normaliseName(employerName)
  return currentKey ?? currentDomain ?? (employerNorm ? (resolve(employerNorm) ?? `name:${employerNorm}`) : null)
}
