// Company graph blocks (docs/relationships-graph.md): a company's current people and all their
// affiliations, packed once into one binary value (stored in graph_blocks for the graph generation
// it was built at), then read as typed arrays. A relationships read of a company with 8,000 people
// and 33,000 affiliations is then one row and a few array passes instead of 33,000 rows. This module
// holds what a block is, how it is built from what the store read, and its binary form; block-cache.ts
// keeps and stores blocks, block-join.ts applies a side's filters and edge rules to them.
import * as store from '../../store/graph-blocks.ts'
import { Interner } from './graph-columns.ts'

const MAGIC = 0x33304247 // 'GB03'
export const CODE_EDUCATION = 4
export const CODE_CURRENT = 8

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
  /** Each institution key's index in `insts`, built when first asked and kept with the block. */
  instIndex: () => ReadonlyMap<string, number>
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

/** Keys → their index, built on the first call and kept. */
function indexOf(keys: readonly string[]): () => ReadonlyMap<string, number> {
  let index: Map<string, number> | null = null
  return () => (index ??= new Map(keys.map((key, i) => [key, i])))
}

/** A dictionary index; null (no value) stays -1. */
const intern = (dictionary: Interner, value: string | null) => (value === null ? -1 : dictionary.of(value))

type BlockRows = Awaited<ReturnType<typeof store.readBlockRows>>

/** A block from what the store read (store.readBlockSource), or null when the packed text does not split. */
export function blockFromSource(source: store.BlockSource, rows: BlockRows | null): CompanyBlock | null {
  const insts = new Interner()
  const edges = rows ? edgesFromRows(rows, insts) : edgesFromPacked(source.packed, source.affiliations, insts)
  if (!edges) return null
  const known = new Map(source.institutions.map(([key, type, name]) => [key, { type, name }]))
  return {
    ...peopleColumns(source),
    insts: insts.keys,
    instIndex: indexOf(insts.keys),
    instTypes: insts.keys.map((k) => known.get(k)?.type ?? null),
    instNames: insts.keys.map((k) => known.get(k)?.name ?? null),
    ...edges,
  }
}

/** The people's ids, and their countries, departments and seniorities as dictionaries and indexes. */
function peopleColumns(source: store.BlockSource) {
  const n = source.people.length
  const countries = new Interner()
  const departments = new Interner()
  const seniorities = new Interner()
  const ids = new Array<string>(n)
  const country = new Int32Array(n)
  const department = new Int32Array(n)
  const seniority = new Int32Array(n)
  source.people.forEach(([id, c, d, s], i) => {
    ids[i] = id
    country[i] = intern(countries, c)
    department[i] = intern(departments, d)
    seniority[i] = intern(seniorities, s)
  })
  return {
    people: n,
    ids: () => ids,
    country,
    department,
    seniority,
    countries: countries.keys,
    departments: departments.keys,
    seniorities: seniorities.keys,
  }
}

type AffiliationColumns = Pick<CompanyBlock, 'person' | 'inst' | 'start' | 'end' | 'code'>

/** Empty columns for `m` affiliations. */
function affiliationColumns(m: number): AffiliationColumns {
  return {
    person: new Int32Array(m),
    inst: new Int32Array(m),
    start: new Int32Array(m),
    end: new Int32Array(m),
    code: new Int32Array(m),
  }
}

/** Affiliations from the store's rows, their institutions interned into `insts`. */
function edgesFromRows(rows: BlockRows, insts: Interner): AffiliationColumns {
  const edges = affiliationColumns(rows.length)
  rows.forEach((r, i) => {
    edges.person[i] = r.rank
    edges.start[i] = r.start_month ?? -1
    edges.end[i] = r.end_month ?? -1
    edges.code[i] = r.code
    edges.inst[i] = insts.of(r.inst_key)
  })
  return edges
}

/**
 * Affiliations from the packed text (PACKED in store/graph-blocks.ts: rank, start, end, code and
 * inst_key per record), their institutions interned into `insts`; null when it does not hold `m` records.
 */
function edgesFromPacked(packed: string | null, m: number, insts: Interner): AffiliationColumns | null {
  const edges = affiliationColumns(m)
  if (m === 0) return edges
  const records = packed?.split(store.RECORD_SEP) ?? []
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
  return edges
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
    instIndex: indexOf(header.insts),
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
