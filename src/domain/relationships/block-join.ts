// The join inputs read from company graph blocks: a side's filters (country, department,
// seniority, people excluded by id) and edge rules applied in columns, and only the institutions
// both sides reach kept, for two companies or a company against named seed people.
import type { EdgeRules, GraphEdge, Population } from '../../store/relationships.ts'
import { findSeedEdges } from '../../store/relationships.ts'
import type { Deps } from '../types.ts'
import { companyBlock } from './block-read.ts'
import { CODE_CURRENT, CODE_EDUCATION, type CompanyBlock } from './block-format.ts'
import type { InstitutionNames } from './common.ts'
import { edgeColumns, Interner, kindOfType, NO_START, OPEN, type EdgeColumns, type JoinInput } from './graph-columns.ts'

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
  /** Kind and name of each institution of the join (ids as in `insts`), from the first block. */
  info: InstitutionNames
  /** Ids of people of the first population, by rank. */
  firstIds: (ranks: number[]) => string[]
}

/** The ids of a population's people by rank. */
function idsByRank(block: CompanyBlock, ranks: Int32Array): (wanted: number[]) => string[] {
  return (wanted) => {
    const indexOf = new Int32Array(ranks.length)
    for (let i = 0; i < ranks.length; i++) if (ranks[i]! >= 0) indexOf[ranks[i]!] = i
    const ids = block.ids()
    return wanted.map((r) => ids[indexOf[r]!]!)
  }
}

/** Kind and name of the block's institutions, read from it when asked. */
function namesOf(block: CompanyBlock): InstitutionNames {
  return {
    get: (key) => {
      const i = block.instIndex().get(key)
      if (i === undefined) return undefined
      const type = block.instTypes[i] ?? null
      return { kind: type === null ? null : kindOfType(type), name: block.instNames[i] ?? null }
    },
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
  const inB = b.instIndex()
  const insts = new Interner()
  const idA = new Int32Array(a.insts.length).fill(-1)
  const idB = new Int32Array(b.insts.length).fill(-1)
  a.insts.forEach((key, i) => {
    const j = reachedA[i] ? inB.get(key) : undefined
    if (j !== undefined && reachedB[j]) idA[i] = idB[j] = insts.of(key)
  })
  return {
    insts: insts.keys,
    first: blockColumns(a, ranksA, keepA, idA),
    second: blockColumns(b, ranksB, keepB, idB),
    info: namesOf(a),
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
