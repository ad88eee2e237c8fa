// Company graph blocks (docs/relationships.md §1.2): a company's current people and all their
// affiliations, packed once into one binary value (stored in graph_blocks for the graph generation
// it was built at), then read as typed arrays. A relationships read of a company with 8,000 people
// and 33,000 affiliations is then one row and a few array passes instead of 33,000 rows, and the
// side's filters and edge rules apply here, in columns.
import * as store from '../../store/graph-blocks.ts'
import type { EdgeRules, GraphEdge, Population } from '../../store/relationships.ts'
import { findSeedEdges } from '../../store/relationships.ts'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../store/db.ts'
import { WriteBehind } from '../write-behind.ts'
import type { Deps } from '../types.ts'
import type { InstitutionInfo } from './common.ts'
import { edgeColumns, Interner, kindOfType, NO_START, OPEN, type EdgeColumns, type JoinInput } from './graph-columns.ts'

const MAGIC = 0x33304247 // 'GB03'
const CODE_EDUCATION = 4
const CODE_CURRENT = 8

/** One company's block, unpacked: people in profile-URL byte order, affiliations in columns. */
export interface CompanyBlock {
  /** How many people. */
  people: number
  /** Their ids, read from the block only when asked (excluding people by id: reach seeds). */
  ids: () => string[]
  /** Dictionaries of the people's lower-cased countries, departments and seniorities. */
  countries: string[]
  departments: string[]
  seniorities: string[]
  /** Per person: index into the dictionary, -1 when absent. */
  country: Int32Array
  department: Int32Array
  seniority: Int32Array
  /** The block's institution keys, and each one's type and name (null when not stored). */
  insts: string[]
  instTypes: (string | null)[]
  instNames: (string | null)[]
  /** Per affiliation: the holder's index in `ids`, institution index, months (-1: none), code. */
  person: Int32Array
  inst: Int32Array
  start: Int32Array
  end: Int32Array
  /** kind education 4, current 8, match 0 name / 1 url / 2 edu. */
  code: Int32Array
}

interface Header {
  instTypes: (string | null)[]
  instNames: (string | null)[]
  countries: string[]
  departments: string[]
  seniorities: string[]
  insts: string[]
  people: number
  affiliations: number
}

/** A dictionary index; null (no value) stays -1. */
const intern = (dictionary: Interner, value: string | null) => (value === null ? -1 : dictionary.of(value))

/** A block from what the store read (store.readBlockSource), or null when the packed text does not split. */
export function blockFromSource(
  source: store.BlockSource,
  rows: Awaited<ReturnType<typeof store.readBlockRows>> | null,
): CompanyBlock | null {
  const n = source.people.length
  const countries = new Interner()
  const departments = new Interner()
  const seniorities = new Interner()
  const ids = new Array<string>(n)
  const block = {
    people: n,
    ids: () => ids,
    country: new Int32Array(n),
    department: new Int32Array(n),
    seniority: new Int32Array(n),
  }
  source.people.forEach(([id, country, department, seniority], i) => {
    ids[i] = id
    block.country[i] = intern(countries, country)
    block.department[i] = intern(departments, department)
    block.seniority[i] = intern(seniorities, seniority)
  })
  const m = rows ? rows.length : source.affiliations
  const insts = new Interner()
  const edges = {
    person: new Int32Array(m),
    inst: new Int32Array(m),
    start: new Int32Array(m),
    end: new Int32Array(m),
    code: new Int32Array(m),
  }
  if (rows) {
    rows.forEach((r, i) => {
      edges.person[i] = r.rank
      edges.start[i] = r.start_month ?? -1
      edges.end[i] = r.end_month ?? -1
      edges.code[i] = r.code
      edges.inst[i] = insts.of(r.inst_key)
    })
  } else if (m > 0) {
    const records = source.packed?.split(store.RECORD_SEP) ?? []
    if (records.length !== m) return null
    const F = store.FIELD_SEP
    for (let i = 0; i < m; i++) {
      const rec = records[i]!
      const f1 = rec.indexOf(F)
      const f2 = rec.indexOf(F, f1 + 1)
      const f3 = rec.indexOf(F, f2 + 1)
      const f4 = rec.indexOf(F, f3 + 1)
      if (f4 < 0) return null
      edges.person[i] = Number(rec.slice(0, f1))
      edges.start[i] = Number(rec.slice(f1 + 1, f2))
      edges.end[i] = Number(rec.slice(f2 + 1, f3))
      edges.code[i] = Number(rec.slice(f3 + 1, f4))
      edges.inst[i] = insts.of(rec.slice(f4 + 1))
    }
  }
  const known = new Map(source.institutions.map(([key, type, name]) => [key, { type, name }]))
  return {
    ...block,
    countries: countries.keys,
    departments: departments.keys,
    seniorities: seniorities.keys,
    insts: insts.keys,
    instTypes: insts.keys.map((k) => known.get(k)?.type ?? null),
    instNames: insts.keys.map((k) => known.get(k)?.name ?? null),
    ...edges,
  }
}

const PER_PERSON = ['country', 'department', 'seniority'] as const
const PER_AFFILIATION = ['person', 'inst', 'start', 'end', 'code'] as const

/**
 * Magic, the header's length, the ids' length, the header as JSON (dictionaries), the ids as JSON,
 * padding to 4 bytes, then the Int32 columns.
 */
export function packBlock(b: CompanyBlock): Uint8Array {
  const header: Header = {
    instTypes: b.instTypes,
    instNames: b.instNames,
    countries: b.countries,
    departments: b.departments,
    seniorities: b.seniorities,
    insts: b.insts,
    people: b.people,
    affiliations: b.person.length,
  }
  const json = Buffer.from(JSON.stringify(header), 'utf8')
  const ids = Buffer.from(JSON.stringify(b.ids()), 'utf8')
  const columnsAt = (12 + json.length + ids.length + 3) & ~3
  const out = Buffer.alloc(columnsAt + 4 * (3 * header.people + 5 * header.affiliations))
  out.writeUInt32LE(MAGIC, 0)
  out.writeUInt32LE(json.length, 4)
  out.writeUInt32LE(ids.length, 8)
  json.copy(out, 12)
  ids.copy(out, 12 + json.length)
  let at = columnsAt
  for (const column of [...PER_PERSON.map((k) => b[k]), ...PER_AFFILIATION.map((k) => b[k])]) {
    Buffer.from(column.buffer, column.byteOffset, column.byteLength).copy(out, at)
    at += column.byteLength
  }
  return out
}

/** The block a packed value holds, or null when it is not one this version reads. */
export function unpackBlock(data: Uint8Array): CompanyBlock | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  if (bytes.length < 12 || bytes.readUInt32LE(0) !== MAGIC) return null
  const length = bytes.readUInt32LE(4)
  const idsLength = bytes.readUInt32LE(8)
  const header = JSON.parse(bytes.toString('utf8', 12, 12 + length)) as Header
  let ids: string[] | null = null
  const readIds = () => (ids ??= JSON.parse(bytes.toString('utf8', 12 + length, 12 + length + idsLength)) as string[])
  const columnsAt = (12 + length + idsLength + 3) & ~3
  // Typed arrays need 4-byte alignment: copy the columns once when the driver's buffer is not aligned.
  const aligned = (bytes.byteOffset + columnsAt) % 4 === 0 ? bytes : Buffer.from(bytes)
  let at = aligned.byteOffset + columnsAt
  const take = (n: number) => {
    const column = new Int32Array(aligned.buffer, at, n)
    at += 4 * n
    return column
  }
  const [country, department, seniority] = PER_PERSON.map(() => take(header.people)) as [
    Int32Array,
    Int32Array,
    Int32Array,
  ]
  const [person, inst, start, end, code] = PER_AFFILIATION.map(() => take(header.affiliations)) as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ]
  if (at > aligned.byteOffset + aligned.length) return null
  return {
    people: header.people,
    ids: readIds,
    instTypes: header.instTypes,
    instNames: header.instNames,
    countries: header.countries,
    departments: header.departments,
    seniorities: header.seniorities,
    insts: header.insts,
    country,
    department,
    seniority,
    person,
    inst,
    start,
    end,
    code,
  }
}

type PendingBlock = { company_key: string; generation: number; people: number; affiliations: number; data: Uint8Array }

/**
 * This process's graph blocks (Deps.graphBlocks): the unpacked ones it keeps, and the ones it built
 * and has not stored yet. Graph reads run on a copy of deps whose db is their transaction; built
 * blocks are written through the store's own connection.
 */
export class GraphBlocks {
  readonly cache: BlockCache
  readonly pending: WriteBehind<PendingBlock>
  constructor(db: Db, clock: Clock, log: Logger, cacheBytes: number) {
    this.cache = new BlockCache(cacheBytes)
    this.pending = new WriteBehind<PendingBlock>({
      // One at a time: a block is up to a few megabytes.
      write: async (blocks) => {
        for (const b of blocks) await store.saveGraphBlock(db, b, clock.now())
      },
      onError: (e, n) => log.warn({ err: e.message, blocks: n }, 'could not store graph blocks'),
      delayMs: 0,
    })
  }

  /** Writes the blocks this process built and has not stored yet (at shutdown). */
  flush(): Promise<void> {
    return this.pending.flush()
  }
}

/**
 * Unpacked blocks of one process, least recently used first, within DSP_GRAPH_BLOCK_CACHE_MB. A
 * block never changes once built (it is for one generation), so a cached one is exact whenever
 * its generation is the current one, which every read checks in its own snapshot.
 */
export class BlockCache {
  private readonly entries = new Map<string, { generation: number; block: CompanyBlock; bytes: number }>()
  private bytes = 0
  constructor(private readonly limit: number) {}
  generationOf(key: string): number | null {
    return this.entries.get(key)?.generation ?? null
  }
  get(key: string, generation: number): CompanyBlock | null {
    const hit = this.entries.get(key)
    if (!hit || hit.generation !== generation) return null
    this.entries.delete(key)
    this.entries.set(key, hit)
    return hit.block
  }
  put(key: string, generation: number, block: CompanyBlock, bytes: number): void {
    const old = this.entries.get(key)
    if (old && old.generation > generation) return
    if (old) {
      this.bytes -= old.bytes
      this.entries.delete(key)
    }
    if (bytes > this.limit) return
    this.entries.set(key, { generation, block, bytes })
    this.bytes += bytes
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.limit) break
      this.entries.delete(k)
      this.bytes -= e.bytes
    }
  }
}

/**
 * A company's block for the snapshot `db` reads: this process's unpacked copy or the stored one
 * when it was built for the current graph generation, else built now. A built block is stored after the read (never inside it: the
 * read is a repeatable-read transaction, deps.db), through the store's own connection.
 */
export async function companyBlock(deps: Deps, companyKey: string): Promise<CompanyBlock> {
  const db = deps.db
  const { cache } = deps.graphBlocks
  const found = await store.findGraphBlock(db, companyKey, cache.generationOf(companyKey))
  const cached = cache.get(companyKey, found.generation)
  if (cached) return cached
  const stored = found.data ? unpackBlock(found.data) : null
  if (stored) {
    cache.put(companyKey, found.generation, stored, found.data!.byteLength)
    return stored
  }
  const source = await store.readBlockSource(db, companyKey)
  const packed = blockFromSource(source, null)
  if (packed) {
    const data = packBlock(packed)
    deps.graphBlocks.pending.push({
      company_key: companyKey,
      generation: source.generation,
      people: packed.people,
      affiliations: packed.person.length,
      data,
    })
    cache.put(companyKey, source.generation, packed, data.byteLength)
    return packed
  }
  // An institution key holding the record separator (never in practice): read rows, store nothing.
  return blockFromSource(source, await store.readBlockRows(db, companyKey))!
}

/** A population of a block: each person's rank among those kept (profile-URL order), or -1. */
function ranksOf(block: CompanyBlock, p: Population): Int32Array {
  const wanted = (dictionary: string[], values: string[] | null) =>
    values ? new Set(values.map((v) => dictionary.indexOf(v)).filter((i) => i >= 0)) : null
  const country = wanted(block.countries, p.filter.country)
  const department = wanted(block.departments, p.filter.department)
  const seniority = wanted(block.seniorities, p.filter.seniority)
  const excluded = p.exclude_ids.length ? new Set(p.exclude_ids) : null
  const ids = excluded ? block.ids() : null
  const ranks = new Int32Array(block.people)
  let next = 0
  for (let i = 0; i < ranks.length; i++) {
    const keep =
      (!country || country.has(block.country[i]!)) &&
      (!department || department.has(block.department[i]!)) &&
      (!seniority || seniority.has(block.seniority[i]!)) &&
      (!excluded || !excluded.has(ids![i]!))
    ranks[i] = keep ? next++ : -1
  }
  return ranks
}

/** Which of a block's affiliations may connect under the rules, for its population. */
function usable(block: CompanyBlock, ranks: Int32Array, rules: EdgeRules): Uint8Array {
  const only = rules.only ? new Set(rules.only) : null
  const instOk = new Uint8Array(block.insts.length)
  block.insts.forEach((key, i) => (instOk[i] = !only || only.has(key) ? 1 : 0))
  const kindCode = rules.kind === null ? -1 : rules.kind === 'education' ? CODE_EDUCATION : 0
  const out = new Uint8Array(block.person.length)
  for (let i = 0; i < out.length; i++) {
    const code = block.code[i]!
    out[i] =
      ranks[block.person[i]!]! >= 0 &&
      instOk[block.inst[i]!] === 1 &&
      (kindCode < 0 || (code & CODE_EDUCATION) === kindCode) &&
      (!rules.exclude_current || ((code & CODE_CURRENT) === 0 && block.end[i]! >= 0))
        ? 1
        : 0
  }
  return out
}

/** A block's usable affiliations at institutions whose join id is ≥ 0, in the join's columns. */
function blockColumns(block: CompanyBlock, ranks: Int32Array, keep: Uint8Array, joinId: Int32Array): EdgeColumns {
  let n = 0
  for (let i = 0; i < keep.length; i++) if (keep[i] && joinId[block.inst[i]!]! >= 0) n++
  const c: EdgeColumns = {
    person: new Int32Array(n),
    self: null,
    inst: new Int32Array(n),
    start: new Int32Array(n),
    end: new Int32Array(n),
    match: new Uint8Array(n),
    kind: new Uint8Array(n),
  }
  for (let i = 0, j = 0; i < keep.length; i++) {
    const inst = joinId[block.inst[i]!]!
    if (!keep[i] || inst < 0) continue
    const code = block.code[i]!
    c.person[j] = ranks[block.person[i]!]!
    c.inst[j] = inst
    c.start[j] = block.start[i]! < 0 ? NO_START : block.start[i]!
    c.end[j] = code & CODE_CURRENT || block.end[i]! < 0 ? OPEN : block.end[i]!
    c.match[j] = code & 3
    c.kind[j] = code & CODE_EDUCATION ? 1 : 0
    j++
  }
  return c
}

/** The block's institutions that some usable affiliation reaches. */
function reached(block: CompanyBlock, keep: Uint8Array): Uint8Array {
  const out = new Uint8Array(block.insts.length)
  for (let i = 0; i < keep.length; i++) if (keep[i]) out[block.inst[i]!] = 1
  return out
}

/** A join of two companies, and what the answer reads from the first one's block. */
export interface CompanyJoin extends JoinInput {
  /** Kind and name of each institution of the join (ids as in `insts`). */
  info: Map<string, InstitutionInfo>
  /** Ids of people of the first population, by rank. */
  firstIds: (ranks: number[]) => string[]
}

/** The ids of a population's people by rank. */
function idsByRank(block: CompanyBlock, ranks: Int32Array): (wanted: number[]) => string[] {
  return (wanted) => {
    const indexOf = new Map<number, number>()
    for (let i = 0; i < ranks.length; i++) if (ranks[i]! >= 0) indexOf.set(ranks[i]!, i)
    const ids = block.ids()
    return wanted.map((r) => ids[indexOf.get(r)!]!)
  }
}

/**
 * Two companies' populations for the join: their usable affiliations, only at institutions both
 * sides reach (nothing else can connect).
 */
export async function joinCompanies(
  deps: Deps,
  first: Population,
  second: Population,
  rules: EdgeRules,
): Promise<CompanyJoin> {
  const a = await companyBlock(deps, first.company_key)
  const b = await companyBlock(deps, second.company_key)
  const ranksA = ranksOf(a, first)
  const ranksB = ranksOf(b, second)
  const keepA = usable(a, ranksA, rules)
  const keepB = usable(b, ranksB, rules)
  const reachedA = reached(a, keepA)
  const reachedB = reached(b, keepB)
  // Join ids: institutions both sides reach, numbered in the first block's order.
  const inB = new Map<string, number>()
  b.insts.forEach((key, j) => reachedB[j] && inB.set(key, j))
  const insts = new Interner()
  const idA = new Int32Array(a.insts.length).fill(-1)
  const idB = new Int32Array(b.insts.length).fill(-1)
  const info = new Map<string, InstitutionInfo>()
  a.insts.forEach((key, i) => {
    const j = reachedA[i] ? inB.get(key) : undefined
    if (j === undefined) return
    idA[i] = idB[j] = insts.of(key)
    const type = a.instTypes[i] ?? null
    info.set(key, { kind: type === null ? null : kindOfType(type), name: a.instNames[i] ?? null })
  })
  return {
    insts: insts.keys,
    first: blockColumns(a, ranksA, keepA, idA),
    second: blockColumns(b, ranksB, keepB, idB),
    info,
    firstIds: idsByRank(a, ranksA),
  }
}

/**
 * A company's population against named people (reach seeds, by index in `seedIds`): the seeds'
 * usable affiliations from the store, the population's from its block, only at shared institutions.
 */
export async function joinCompanyAndSeeds(
  deps: Deps,
  first: Population,
  seedIds: string[],
  rules: EdgeRules,
): Promise<JoinInput> {
  const a = await companyBlock(deps, first.company_key)
  const seedRows: GraphEdge[] = await findSeedEdges(deps.db, seedIds, rules)
  const ranks = ranksOf(a, first)
  const keep = usable(a, ranks, rules)
  const reachedA = reached(a, keep)
  const insts = new Interner()
  const seedInsts = new Set(seedRows.map((r) => r.inst_key))
  const idA = new Int32Array(a.insts.length).fill(-1)
  a.insts.forEach((key, i) => {
    if (reachedA[i] && seedInsts.has(key)) idA[i] = insts.of(key)
  })
  const seeds = edgeColumns(
    seedRows.filter((r) => insts.find(r.inst_key) >= 0),
    insts,
  )
  return { insts: insts.keys, first: blockColumns(a, ranks, keep, idA), second: { ...seeds, self: null } }
}
