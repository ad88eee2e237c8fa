// Company graph blocks (migration 0009, docs/relationships-graph.md): one company's current people
// and all their affiliations in one stored value, valid for one graph generation. This module
// reads and writes them; domain/relationships/block-format.ts packs and unpacks them, block-join.ts filters them.
import { sql } from 'kysely'
import type { Db } from './db.ts'
import { PROFILE_RANK } from './relationships.ts'

export const GRAPH_CORPUS = 'gtm_affiliations'

/**
 * Moves the graph generation on: called in every transaction that writes persons or
 * affiliations, so a block built before that write is never used after it commits.
 */
export async function bumpGraphGeneration(tx: Db): Promise<void> {
  await sql`update corpus_state set graph_generation = graph_generation + 1 where corpus = ${GRAPH_CORPUS}`.execute(tx)
}

/**
 * The current graph generation, and the company's block when it was built for it, unless the
 * generation is `known` (the caller holds that block already).
 */
export async function findGraphBlock(
  db: Db,
  companyKey: string,
  known: number | null,
): Promise<{ generation: number; data: Uint8Array | null }> {
  const r = await sql<{ generation: number; data: Uint8Array | null }>`select s.graph_generation as generation,
      case when s.graph_generation = ${known ?? -1}::bigint then null else b.data end as data
    from corpus_state s left join graph_blocks b on b.company_key = ${companyKey} and b.generation = s.graph_generation
    where s.corpus = ${GRAPH_CORPUS}`.execute(db)
  const row = r.rows[0]
  return { generation: Number(row?.generation ?? 0), data: row?.data ?? null }
}

/** What a block is built from, read in one statement (one snapshot, generation included). */
export interface BlockSource {
  generation: number
  /** Current people in profile-URL byte order: [id, lower(country), department, seniority]. */
  people: [string, string | null, string | null, string | null][]
  /** Affiliations packed as text (PACKED below), or null when there are none. */
  packed: string | null
  /** The institutions they name: [inst_key, type, name]. */
  institutions: [string, string, string | null][]
  affiliations: number
}

export const RECORD_SEP = '\x1e'
export const FIELD_SEP = '\x1f'
/**
 * One affiliation as text: the holder's rank, start (-1: none), end (-1: none), a code (kind
 * education 4, current 8, match url 1 / edu 2 / name 0), then the institution key (last: it may
 * hold anything but RECORD_SEP).
 */
const CODE = sql`(case a.kind when 'education' then 4 else 0 end) + (case when a.is_current then 8 else 0 end)
  + (case a.match_confidence when 'url' then 1 when 'edu' then 2 else 0 end)`
const PACKED = sql`concat_ws(${FIELD_SEP}, p.rank, coalesce(a.start_month, -1), coalesce(a.end_month, -1), ${CODE}, a.inst_key)`

/** `p`: the company's current people with their rank and the side filters' columns (one range of persons_company_graph_idx). */
const people = (companyKey: string) =>
  sql`p as materialized (select id, ${PROFILE_RANK} as rank, lower(country) as country, department, seniority from persons where company_key = ${companyKey})`
/** Their affiliations, `a`: one range of affiliations_holder_idx. */
const held = (companyKey: string) => sql`affiliations a join p on p.id = a.person_id where a.holder_key = ${companyKey}`

/**
 * A company's current people (persons.company_key) and every affiliation they hold: one range of
 * persons_company_graph_idx and one of affiliations_holder_idx.
 */
export async function readBlockSource(db: Db, companyKey: string): Promise<BlockSource> {
  const r = await sql<{
    generation: number
    people: BlockSource['people'] | null
    packed: string | null
    affiliations: number
    institutions: BlockSource['institutions'] | null
  }>`with ${people(companyKey)}
    select (select graph_generation from corpus_state where corpus = ${GRAPH_CORPUS}) as generation,
      (select json_agg(json_build_array(id, country, department, seniority) order by rank) from p) as people,
      (select json_agg(json_build_array(i.inst_key, i.type, i.name)) from institutions i
        where i.inst_key in (select a.inst_key from ${held(companyKey)})) as institutions,
      e.packed, e.n::int as affiliations
    from (select string_agg(${PACKED}, ${RECORD_SEP}) as packed, count(*) as n from ${held(companyKey)}) e`.execute(db)
  const row = r.rows[0]!
  const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v)
  return {
    generation: Number(row.generation ?? 0),
    people: json(row.people) ?? [],
    institutions: json(row.institutions) ?? [],
    packed: row.packed,
    affiliations: row.affiliations,
  }
}

/**
 * The affiliations of a block source as rows (when an institution key holds RECORD_SEP and the
 * packed text does not split): same fields, same order of columns.
 */
export async function readBlockRows(
  db: Db,
  companyKey: string,
): Promise<{ rank: number; start_month: number | null; end_month: number | null; code: number; inst_key: string }[]> {
  const r = await sql<{
    rank: number
    start_month: number | null
    end_month: number | null
    code: number
    inst_key: string
  }>`with ${people(companyKey)}
    select p.rank, a.start_month, a.end_month, ${CODE} as code, a.inst_key from ${held(companyKey)}`.execute(db)
  return r.rows
}

/** Deletes the blocks built for an earlier graph generation (they are never read again); returns how many. */
export async function deleteStaleGraphBlocks(db: Db): Promise<number> {
  const r =
    await sql`delete from graph_blocks where generation < (select graph_generation from corpus_state where corpus = ${GRAPH_CORPUS})`.execute(
      db,
    )
  return Number(r.numAffectedRows ?? 0)
}

/** Stores a block unless one of a later generation is there already (one of the same generation is replaced: it may be of an older format). */
export async function saveGraphBlock(
  db: Db,
  block: { company_key: string; generation: number; people: number; affiliations: number; data: Uint8Array },
  now: Date,
): Promise<void> {
  await sql`insert into graph_blocks (company_key, generation, people, affiliations, data, built_at)
    values (${block.company_key}, ${block.generation}, ${block.people}, ${block.affiliations}, ${block.data}, ${now})
    on conflict (company_key) do update set generation = excluded.generation, people = excluded.people,
      affiliations = excluded.affiliations, data = excluded.data, built_at = excluded.built_at
    where graph_blocks.generation <= excluded.generation`.execute(db)
}
