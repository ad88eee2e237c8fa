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

/** Candidates below this trigram similarity are not name matches on candidate-keeping lookups. */
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

/**
 * The best-ranked company for a name: an exact normalised name first, then trigram similarity
 * (pg_trgm `%`, threshold 0.3, served by companies_name_trgm_idx), then size.
 */
export async function findCompanyByName(db: Db, name: string, nameNorm: string): Promise<FoundRecord | undefined> {
  return db
    .selectFrom('companies')
    .select(['vec_key', 'record'])
    .where((eb) => eb.or([eb('name_norm', '=', nameNorm), sql<boolean>`name % ${name}`]))
    .orderBy(sql`name_norm = ${nameNorm} desc`)
    .orderBy(sql`similarity(name, ${name}) desc`)
    .orderBy(sql`employee_count desc nulls last`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
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

/** People whose name is at least NAME_MIN_SIMILARITY similar, best first; ties by name, then id. */
export async function findPersonsByName(db: Db, name: string, limit: number): Promise<FoundRecord[]> {
  return db
    .selectFrom('persons')
    .select(['vec_key', PERSON_RECORD])
    .where(sql<boolean>`name % ${name}`)
    .where(sql<boolean>`similarity(name, ${name}) >= ${NAME_MIN_SIMILARITY}`)
    .orderBy(sql`similarity(name, ${name}) desc`)
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
