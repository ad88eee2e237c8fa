// Resolving what a relationships request names: companies (auto, name, domain, li_url, id),
// institutions (auto, name, li_url, inst_key; a name both a company and a school is refused) and
// seed people (person id or profile URL). A name matching several companies is 422
// relationship.anchor_ambiguous with the candidates; nothing that resolves to nothing is guessed.
import type { CompanyAnchor, InstitutionAnchor, PeopleConstraints } from '../../contract/relationships.ts'
import {
  classifyAnchor,
  normaliseCompanyPageUrl,
  normaliseDomain,
  normaliseName,
  normaliseProfileUrl,
  normaliseSchoolPageUrl,
} from '../../corpus/normalise.ts'
import { ALL_DEPARTMENTS } from '../../corpus/taxonomy.ts'
import { ApiError } from '../../errors.ts'
import { isNameMatch } from '../name-match.ts'
import * as store from '../../store/relationships.ts'
import type { CompanyRef, GraphPerson, InstitutionRef, PeopleFilter } from '../../store/relationships.ts'
import type { Deps } from '../types.ts'
import { kindOfType, type InstitutionKind } from './graph-columns.ts'

export interface ResolvedCompany {
  value: string
  by: string
  detected_as: 'domain' | 'li_url' | 'name' | 'id'
  /** The company's key in the graph (persons.company_key): its domain, or name:<normalised>. */
  key: string
  id: string | null
  name: string | null
  domain: string | null
  people: PeopleConstraints | null
}

export interface ResolvedInstitution {
  value: string
  by: string
  id: string
  kind: InstitutionKind
  name: string | null
}

export function invalid(
  detail: string,
  loc: (string | number)[],
  input: unknown,
  extra: Record<string, unknown> = {},
): ApiError {
  return new ApiError('request.invalid', detail, {
    extra: {
      ...extra,
      errors: [{ type: 'value_error', loc: ['body', ...loc], msg: detail, input: input ?? null, ctx: null }],
    },
  })
}

const NAME_CANDIDATES = 5

function ambiguous(
  value: string,
  candidates: { id: string; name: string | null; domain?: string | null; kind?: string }[],
  what: string,
): ApiError {
  return new ApiError(
    'relationship.anchor_ambiguous',
    `"${value}" matches several ${what}; pick one and send it by domain (or inst_key).`,
    {
      extra: { anchor: value, candidates },
    },
  )
}

const companyOf = (
  value: string,
  by: string,
  detected: ResolvedCompany['detected_as'],
  c: CompanyRef,
  people: PeopleConstraints | null,
): ResolvedCompany => ({
  value,
  by,
  detected_as: detected,
  key: c.domain ?? `name:${c.name_norm ?? ''}`,
  id: c.id,
  name: c.name,
  domain: c.domain,
  people,
})

/**
 * A company name: one exact (normalised) match wins; otherwise a single candidate (trigram or
 * whole-word prefix) that passes the name floor of the lookup routes is taken, and several are
 * refused with the candidates.
 */
async function companyByName(deps: Deps, value: string, loc: (string | number)[]): Promise<CompanyRef> {
  const name = value.trim()
  const found = await store.findCompanyNameCandidates(deps.db, name, normaliseName(name), NAME_CANDIDATES)
  const exact = found.filter((c) => c.similarity >= 2)
  if (exact.length === 1) return exact[0]!
  // The lookup routes' floor (domain/name-match.ts): "Zyxwv Holdings" names no company, not "Q Holdings".
  const candidates = found.filter((c) => c.name !== null && isNameMatch(name, c.name, 'company'))
  const pool = exact.length > 1 ? exact : candidates
  if (pool.length === 1) return pool[0]!
  if (pool.length === 0) throw invalid(`No company named "${name}" in the corpus; send its domain.`, loc, value)
  throw ambiguous(
    name,
    pool.map((c) => ({ id: c.id, name: c.name, domain: c.domain })),
    'companies',
  )
}

export async function resolveCompany(
  deps: Deps,
  anchor: CompanyAnchor,
  loc: (string | number)[],
): Promise<ResolvedCompany> {
  const by = anchor.by ?? 'auto'
  const value = anchor.value
  const people =
    anchor.people && Object.values(anchor.people).some((v) => v !== undefined && v.length > 0) ? anchor.people : null
  if (people?.department) {
    const unknown = people.department.filter((d) => !(ALL_DEPARTMENTS as readonly string[]).includes(d))
    if (unknown.length)
      throw invalid(
        `Unknown department ${unknown.map((d) => `"${d}"`).join(', ')}; use the org chart's department labels.`,
        [...loc, 'people', 'department'],
        unknown,
      )
  }
  const kind = by === 'auto' ? classifyAnchor(value) : by
  if (kind === 'li_url') {
    if (normaliseProfileUrl(value))
      throw invalid(
        'A personal profile is not a company: send the company page (linkedin.com/company/<slug>).',
        [...loc, 'value'],
        value,
      )
    if (normaliseSchoolPageUrl(value))
      throw invalid('A school page is not a company: name it under institutions.', [...loc, 'value'], value)
    const url = normaliseCompanyPageUrl(value)
    if (!url) throw invalid('Not a company page URL (linkedin.com/company/<slug>).', [...loc, 'value'], value)
    const [found] = await store.findCompanies(deps.db, 'professional_url', url)
    if (!found) throw invalid(`No company with the page ${url} in the corpus.`, [...loc, 'value'], value)
    return companyOf(value, by, 'li_url', found, people)
  }
  if (kind === 'domain') {
    const domain = normaliseDomain(value)
    if (!domain) throw invalid('Not a domain name (example: acme.com).', [...loc, 'value'], value)
    const [found] = await store.findCompanies(deps.db, 'domain', domain)
    if (!found) throw invalid(`No company with the domain ${domain} in the corpus.`, [...loc, 'value'], value)
    return companyOf(value, by, 'domain', found, people)
  }
  if (kind === 'id') {
    const [found] = /^\d{1,18}$/.test(value.trim())
      ? await store.findCompanies(deps.db, 'vec_key', value.trim())
      : await store.findCompanies(deps.db, 'id', value.trim())
    if (!found) throw invalid(`No company with the id ${value}.`, [...loc, 'value'], value)
    return companyOf(value, by, 'id', found, people)
  }
  return companyOf(value, by, 'name', await companyByName(deps, value, [...loc, 'value']), people)
}

export function peopleFilter(people: PeopleConstraints | null): PeopleFilter {
  const list = (v: string[] | undefined) => (v && v.length > 0 ? v : null)
  return {
    country: list(people?.country?.map((c) => c.trim().toLowerCase())),
    department: list(people?.department),
    seniority: list(people?.seniority),
  }
}

const institutionOf = (a: InstitutionAnchor, i: InstitutionRef): ResolvedInstitution => ({
  value: a.value,
  by: a.by ?? 'auto',
  id: i.inst_key,
  kind: kindOfType(i.type),
  name: i.name,
})

/**
 * Which of several same-named institutions a request means. Pure, so the refusal is testable:
 * a kind narrows; one left wins; a company and a school left are refused with both options.
 */
export function chooseInstitution(
  value: string,
  found: InstitutionRef[],
  kind: InstitutionAnchor['kind'],
): InstitutionRef | ApiError | null {
  const typed = kind === 'company' || kind === 'school' ? found.filter((i) => i.type === kind) : found
  if (typed.length === 0) return null
  if (typed.length === 1) return typed[0]!
  return ambiguous(
    value,
    typed.map((i) => ({ id: i.inst_key, name: i.name, kind: i.type, domain: i.domain })),
    'institutions (a company and a school, or several of one kind)',
  )
}

export async function resolveInstitution(
  deps: Deps,
  anchor: InstitutionAnchor,
  loc: (string | number)[],
): Promise<ResolvedInstitution> {
  const at = [...loc, 'value']
  const found = await findInstitution(deps, anchor, at)
  if (!found) throw invalid(`No institution "${anchor.value.trim()}" in the affiliation graph.`, at, anchor.value)
  return institutionOf(anchor, found)
}

/** The one institution of `found` the anchor means, null for none; several are refused (chooseInstitution). */
function pick(anchor: InstitutionAnchor, found: InstitutionRef[]): InstitutionRef | null {
  const chosen = chooseInstitution(anchor.value.trim(), found, anchor.kind)
  if (chosen instanceof ApiError) throw chosen
  return chosen
}

/**
 * The institution an anchor names, tried in order: its key (by inst_key), its page URL, its domain,
 * its key as written (auto), its exact name, then the start of its name.
 */
async function findInstitution(
  deps: Deps,
  anchor: InstitutionAnchor,
  loc: (string | number)[],
): Promise<InstitutionRef | null> {
  const by = anchor.by ?? 'auto'
  const value = anchor.value.trim()
  if (by === 'inst_key') return pick(anchor, await store.findInstitutionsByKeys(deps.db, [value]))
  const shape = by === 'auto' ? classifyAnchor(value) : by
  if (shape === 'li_url') return pick(anchor, await institutionsByPageUrl(deps, anchor, loc))
  if (shape === 'domain') {
    const domain = normaliseDomain(value)!
    // A company's key is its domain; a school is found by its own domain too.
    const found = await store.findInstitutionsByKeysOrDomains(deps.db, [domain])
    const keyed = found.filter((i) => i.inst_key === domain)
    const chosen = pick(anchor, keyed.length > 0 ? keyed : found)
    if (chosen) return chosen
  }
  // auto: a school_id (or any institution key) is taken as written before reading it as a name.
  if (by === 'auto') {
    const chosen = pick(anchor, await store.findInstitutionsByKeys(deps.db, [value.toLowerCase()]))
    if (chosen) return chosen
  }
  const exact = pick(anchor, await store.findInstitutionsByNameNorms(deps.db, [normaliseName(value)]))
  if (exact) return exact
  const type = anchor.kind === 'company' || anchor.kind === 'school' ? anchor.kind : null
  return pick(anchor, await store.findInstitutionsByNamePrefix(deps.db, normaliseName(value), type, NAME_CANDIDATES))
}

/**
 * Institutions a company or school page names: by the page itself, else by a school page's slug
 * (its school_id) or through a company page's company record.
 */
async function institutionsByPageUrl(
  deps: Deps,
  anchor: InstitutionAnchor,
  loc: (string | number)[],
): Promise<InstitutionRef[]> {
  const value = anchor.value.trim()
  const school = normaliseSchoolPageUrl(value)
  const company = normaliseCompanyPageUrl(value)
  if (!school && !company) throw invalid('Not a company or school page URL.', loc, anchor.value)
  let found = await store.findInstitutionsByPageUrl(deps.db, (school ?? company)!)
  if (found.length === 0 && school) found = await store.findInstitutionsByKeys(deps.db, [school.split('/').pop()!])
  if (found.length === 0 && company) {
    const [c] = await store.findCompanies(deps.db, 'professional_url', company)
    if (c?.domain) found = await store.findInstitutionsByKeys(deps.db, [c.domain])
  }
  return found
}

/** Seeds of the reach route: a person id (a relationships row id) or a profile URL. */
export async function resolvePeople(deps: Deps, values: string[], loc: string): Promise<GraphPerson[]> {
  const urls = values.map((v) => normaliseProfileUrl(v))
  const ids = values.filter((_, i) => urls[i] === null).map((v) => v.trim().toLowerCase())
  const [byId, byUrl] = await Promise.all([
    store.findPersons(deps.db, 'id', ids),
    store.findPersons(
      deps.db,
      'profile_url',
      urls.filter((u): u is string => u !== null),
    ),
  ])
  return values.map((v, i) => {
    const url = urls[i]
    const found = url ? byUrl.find((p) => p.profile_url === url) : byId.find((p) => p.id === v.trim().toLowerCase())
    if (!found)
      throw invalid(
        `No person "${v}": send a row id of POST /v1/relationships or a profile URL.`,
        values.length > 1 ? [loc, i] : [loc],
        v,
      )
    return found
  })
}
