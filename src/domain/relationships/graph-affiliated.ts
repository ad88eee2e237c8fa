// The affiliation-graph count of relation via_institution: the people of a population affiliated
// with named institutions, and their contacts anywhere in the graph who were there with them.
import { arrange, queriesPerInstitution } from './graph-arrange.ts'
import { popcount } from './graph-bits.ts'
import { columns, MATCHES, merge, NONE, OPEN, stronger, type Basis, type JoinInput } from './graph-columns.ts'
import { finish, missingRequired, Tally, type Connected, type Connection } from './graph-connection.ts'
import { addReach, emptyReach, reachAt, Scan } from './graph-reach.ts'

/**
 * People of a population affiliated with named institutions (relation via_institution). P
 * qualifies through I when affiliated with it; with exclude_current, only once every affiliation
 * with I has ended (they have left I). Contacts are the other people anywhere in the graph who were
 * at a qualifying institution with them (overlapping in time for `overlapping`): the second side
 * holds everyone's usable affiliations with the named institutions, P's own among them.
 */
export function affiliatedWith(
  edges: JoinInput,
  named: readonly string[],
  opts: { basis: Basis; excludeCurrent: boolean; combine: 'any' | 'all' },
): Connection {
  const insts = edges.insts
  const first = columns(edges.first)
  const second = columns(edges.second)
  const words = (second.people + 31) >>> 5
  const { arranged, few } = arrange(
    second,
    queriesPerInstitution(first, insts.length),
    words,
    opts.basis === 'overlapping',
  )
  // Everyone's index of each first-side person: nobody is their own contact.
  const selfOf = new Map<number, number>()
  for (let b = 0; b < second.self.length; b++) if (second.self[b]! >= 0) selfOf.set(second.self[b]!, second.person[b]!)
  const overlapping = opts.basis === 'overlapping'
  const contacts = new Uint32Array(words)
  const scan = new Scan()
  const tallies: (Tally | undefined)[] = []
  const persons: Connected[] = []
  const required = opts.combine === 'all' ? named : null
  for (let p = 0; p < first.people; p++) {
    const to = first.offsets[p + 1]!
    if (first.offsets[p] === to) continue
    // Institutions P qualifies through, with the first row's kind and the strongest of P's own matches.
    const through: { inst: number; from: number; to: number; kind: number; match: number }[] = []
    for (let k = first.offsets[p]!, next = k; k < to; k = next) {
      const inst = first.inst[first.order[k]!]!
      let match = NONE
      let left = true
      for (; next < to && first.inst[first.order[next]!] === inst; next++) {
        match = merge(match, first.match[first.order[next]!]!)
        left &&= first.end[first.order[next]!] !== OPEN
      }
      if (!opts.excludeCurrent || left)
        through.push({ inst, from: k, to: next, kind: first.kind[first.order[k]!]!, match })
    }
    if (through.length === 0) continue
    const via = through.map((t) => ({ inst: insts[t.inst]!, match: MATCHES[t.match]! }))
    if (missingRequired(required, via)) continue
    contacts.fill(0)
    for (const t of through) {
      scan.reset()
      const reach = emptyReach(scan)
      for (let j = t.from; j < t.to; j++)
        reachAt(
          arranged[t.inst]!,
          few,
          first.start[first.order[j]!]!,
          first.end[first.order[j]!]!,
          overlapping,
          reach,
          scan,
        )
      addReach(arranged[t.inst]!, reach, scan, contacts, few)
    }
    const self = selfOf.get(p)
    if (self !== undefined) contacts[self >>> 5]! &= ~(1 << (self & 31))
    persons.push({ rank: p, contacts: popcount(contacts), contactList: null, via })
    for (const t of through) {
      let tally = tallies[t.inst]
      if (!tally) tallies[t.inst] = tally = new Tally(t.kind)
      tally.first++
      tally.match = stronger(tally.match, t.match)
    }
  }
  return finish(insts, tallies, persons, null)
}
