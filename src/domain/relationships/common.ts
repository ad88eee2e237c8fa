// Pieces every relationships answer shares: reading the graph behind the retrieval boundary,
// attribution, degradation, the charge chain, the history text, and the person rows.
import type { CompanyContext, InstitutionsBody, ReachBody, RelationshipsBody } from '../../contract/relationships.ts'
import { findCorpusStates } from '../../store/corpus.ts'
import * as store from '../../store/relationships.ts'
import type { GraphPerson } from '../../store/relationships.ts'
import { billingDegradation, chargeChain, type ChargeInput } from '../credits/metering.ts'
import { withRetrieval } from '../search/engine.ts'
import type { Credential, Deps } from '../types.ts'
import { kindOfType, type InstitutionKind } from './graph-columns.ts'
import type { Via } from './graph-connection.ts'

/**
 * Graph reads go through the retrieval boundary (an outage is 503 upstream.unavailable, a slow
 * read 504) and see one snapshot: a page's people are read by their rank in the population, so
 * an ingest between the join and the page must not shift them.
 */
export function readGraph<T>(deps: Deps, fn: (deps: Deps) => Promise<T>): Promise<T> {
  return withRetrieval(deps, () =>
    deps.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((tx) => fn({ ...deps, db: tx })),
  )
}

export interface Ctx {
  request_id: string
  idempotency_scope: string | null
  credential: Credential
}

/** Charge scope shared by every page of one answer: a retry (Idempotency-Key) or a re-sent cursor costs nothing. */
export function chainOf(ctx: Ctx): string {
  return chargeChain(ctx)
}

export type Charge = Omit<ChargeInput, 'scope'> & { scope: string }

// §2.6 history `query` of the typed routes: what the caller named, as named and in request order
// (a cursor page repeats its request, so every page's run reads the same). The ask route keeps
// its question.
const named = (anchors: readonly { value: string }[] | undefined) => (anchors ?? []).map((a) => a.value).join(', ')

/** POST /v1/relationships: the company pair ("a.com, b.com"); via institutions, "a.com via MIT, Stanford"; a question in words, the words. */
export function relationshipsText(body: RelationshipsBody): string | null {
  if (body.query !== undefined) return body.query
  const companies = named(body.companies)
  if ((body.relation ?? 'between_companies') === 'via_institution')
    return `${companies} via ${named(body.institutions)}`
  return companies || null
}

/** POST /v1/relationships/institutions: the company pair. */
export const institutionsText = (body: Pick<InstitutionsBody, 'companies'>): string => named(body.companies)

/** POST /v1/relationships/reach: the seed person or people, then the target companies ("p1 → a.com, b.com"). */
export function reachText(body: Pick<ReachBody, 'person' | 'people' | 'companies'>): string {
  const seeds = body.person !== undefined ? [body.person] : (body.people ?? [])
  return `${seeds.join(', ')} → ${named(body.companies)}`
}

const SOURCES = ['gtm_affiliations', 'gtm_people'] as const

export async function attribution(deps: Deps) {
  const states = await findCorpusStates(deps.db)
  return SOURCES.map((corpus) => {
    const state = states.find((s) => s.corpus === corpus)
    return {
      source_corpus: corpus,
      domain: null,
      as_of: state?.as_of ? new Date(state.as_of).toISOString() : null,
      url: null,
      quote: null,
    }
  })
}

export function degradation(credential: Credential) {
  return billingDegradation(credential.environment)
}

export interface InstitutionInfo {
  kind: InstitutionKind | null
  name: string | null
}

/** Names and kinds of the institutions an answer mentions. */
export async function institutionInfo(deps: Deps, keys: Iterable<string>): Promise<Map<string, InstitutionInfo>> {
  const rows = await store.findInstitutionsByKeys(deps.db, [...new Set(keys)])
  return new Map(rows.map((r) => [r.inst_key, { kind: kindOfType(r.type), name: r.name }]))
}

/** Names and kinds of institutions by key: a Map, or a lookup into a company's block (block-join.ts). */
export type InstitutionNames = Pick<ReadonlyMap<string, InstitutionInfo>, 'get'>

export function viaOf(via: Via[], info: InstitutionNames) {
  return [...via]
    .sort((a, b) => (a.inst < b.inst ? -1 : a.inst > b.inst ? 1 : 0))
    .map(({ inst, match }) => ({
      id: inst,
      kind: info.get(inst)?.kind ?? null,
      name: info.get(inst)?.name ?? null,
      match_confidence: match,
    }))
}

export function personFields(p: GraphPerson) {
  return {
    id: p.id,
    profile_url: p.profile_url,
    name: p.name,
    title: p.title,
    department: p.department,
    seniority: p.seniority,
    country: p.country,
    company_domain: p.company_domain,
    company_name: p.company_name,
  }
}

/** Each row's current employer (include_company_context): one lookup for the page. */
export async function companyContexts(deps: Deps, people: GraphPerson[]): Promise<Map<string, CompanyContext>> {
  const rows = await store.findCompanyContexts(deps.db, [
    ...new Set(people.map((p) => p.company_domain).filter((d): d is string => d !== null)),
  ])
  return new Map(
    rows.map((r) => [
      r.domain!,
      { domain: r.domain, name: r.name, industry: r.industry, employee_count: r.employee_count, country: r.country },
    ]),
  )
}
