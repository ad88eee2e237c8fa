// Record lookup queries (data-routes §4.3) over the corpus tables of migration 0003. The domain
// (domain/entities.ts) normalises the ids and decides what a miss is; values arrive normalised.
import { sql, type NotNull } from 'kysely'
import type { Db } from './db.ts'
import { answeredPersonRecord } from './person-records.ts'

/** A stored record with its internal id (the vector key, what `by` omitted or `id` takes). */
export interface FoundRecord {
  vec_key: number
  record: unknown
}

/** A person's record as answered: the employer's industry filled in (store/person-records.ts). */
const PERSON_RECORD = answeredPersonRecord('persons').as('record')

/** Document candidates below this trigram similarity are not name matches (companies and people: domain/name-match.ts). */
export const NAME_MIN_SIMILARITY = 0.5

export async function findCompaniesByVecKeys(db: Db, keys: number[]): Promise<FoundRecord[]> {
  if (keys.length === 0) return []
  return db.selectFrom('companies').select(['vec_key', 'record']).where('vec_key', 'in', keys).execute()
}

export async function findCompaniesByDomains(
  db: Db,
  domains: string[],
): Promise<(FoundRecord & { domain: string | null })[]> {
  if (domains.length === 0) return []
  return db.selectFrom('companies').select(['vec_key', 'record', 'domain']).where('domain', 'in', domains).execute()
}

/** Several records may share a page URL: the largest comes first, so the caller keeps the first per URL. */
export async function findCompaniesByPageUrls(
  db: Db,
  urls: string[],
): Promise<(FoundRecord & { professional_url: string | null })[]> {
  if (urls.length === 0) return []
  return db
    .selectFrom('companies')
    .select(['vec_key', 'record', 'professional_url'])
    .where('professional_url', 'in', urls)
    .orderBy(sql`employee_count desc nulls last`)
    .orderBy('id')
    .execute()
}

/** How many candidates a name lookup reads from the trigram index before the domain's floor (domain/name-match.ts). */
export const NAME_CANDIDATES = 50

/** A stored record with its name, for the domain to judge as a name match. */
export interface NamedRecord extends FoundRecord {
  name: string | null
  name_norm: string | null
}

/**
 * Companies whose name could answer a lookup of `name`, best candidates first: an exact
 * normalised name, then trigram similarity to the whole name (pg_trgm `%`, 0.3) or to its
 * distinctive words `core` anywhere in the stored name (`%>`, word similarity 0.6: "3M" finds
 * "3M Company"), both served by companies_name_trgm_idx; ties by size. The domain keeps those
 * past its floor.
 */
export async function findCompaniesNamedLike(
  db: Db,
  name: string,
  core: string,
  nameNorm: string,
  limit: number,
): Promise<NamedRecord[]> {
  return db
    .selectFrom('companies')
    .select(['vec_key', 'record', 'name', 'name_norm'])
    .where((eb) => eb.or([eb('name_norm', '=', nameNorm), sql<boolean>`name % ${name}`, sql<boolean>`name %> ${core}`]))
    .orderBy(sql`name_norm = ${nameNorm} desc`)
    .orderBy(sql`greatest(similarity(name, ${name}), similarity(name, ${core})) desc`)
    .orderBy(sql`employee_count desc nulls last`)
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function findPersonsByVecKeys(db: Db, keys: number[]): Promise<FoundRecord[]> {
  if (keys.length === 0) return []
  return db.selectFrom('persons').select(['vec_key', PERSON_RECORD]).where('vec_key', 'in', keys).execute()
}

export async function findPersonsByProfileUrls(
  db: Db,
  urls: string[],
): Promise<(FoundRecord & { profile_url: string })[]> {
  if (urls.length === 0) return []
  return db
    .selectFrom('persons')
    .select(['vec_key', PERSON_RECORD, 'profile_url'])
    .where('profile_url', 'in', urls)
    .$narrowType<{ profile_url: NotNull }>()
    .execute()
}

/** People whose name could answer a lookup of `name` (as findCompaniesNamedLike), best first; ties by name, then id. */
export async function findPersonsNamedLike(db: Db, name: string, core: string, limit: number): Promise<NamedRecord[]> {
  return db
    .selectFrom('persons')
    .select(['vec_key', PERSON_RECORD, 'name', 'name_norm'])
    .where((eb) => eb.or([sql<boolean>`name % ${name}`, sql<boolean>`name %> ${core}`]))
    .orderBy(sql`greatest(similarity(name, ${name}), similarity(name, ${core})) desc`)
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function findDocumentsByVecKeys(db: Db, category: string, keys: number[]): Promise<FoundRecord[]> {
  if (keys.length === 0) return []
  return db
    .selectFrom('documents')
    .select(['vec_key', 'record'])
    .where('category', '=', category)
    .where('vec_key', 'in', keys)
    .execute()
}

/** Documents by their lookup identifier (patent number, DOI), normalised at ingest. */
export async function findDocumentsByLookupIds(
  db: Db,
  category: string,
  ids: string[],
): Promise<(FoundRecord & { lookup_id: string | null })[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('documents')
    .select(['vec_key', 'record', 'lookup_id'])
    .where('category', '=', category)
    .where('lookup_id', 'in', ids)
    .orderBy('id')
    .execute()
}

/** Documents by normalised name (trend names: one record per name). */
export async function findDocumentsByNameNorms(
  db: Db,
  category: string,
  names: string[],
): Promise<(FoundRecord & { name_norm: string | null })[]> {
  if (names.length === 0) return []
  return db
    .selectFrom('documents')
    .select(['vec_key', 'record', 'name_norm'])
    .where('category', '=', category)
    .where('name_norm', 'in', names)
    .orderBy('id')
    .execute()
}

/**
 * Every candidate for a name (at least NAME_MIN_SIMILARITY similar), up to `limit`: most recent
 * first (`recent`, job openings) or best match first (ties: most recent, then id).
 */
export async function findDocumentsByName(
  db: Db,
  category: string,
  name: string,
  order: 'recent' | 'match',
  limit: number,
): Promise<FoundRecord[]> {
  let query = db
    .selectFrom('documents')
    .select(['vec_key', 'record'])
    .where('category', '=', category)
    .where(sql<boolean>`name % ${name}`)
    .where(sql<boolean>`similarity(name, ${name}) >= ${NAME_MIN_SIMILARITY}`)
  query =
    order === 'recent'
      ? query.orderBy(sql`published_at desc nulls last`).orderBy(sql`similarity(name, ${name}) desc`)
      : query.orderBy(sql`similarity(name, ${name}) desc`).orderBy(sql`published_at desc nulls last`)
  return query.orderBy('id').limit(limit).execute()
}
