// The affiliation-graph count of relation via_institution: the people of a population affiliated
// with named institutions, and their contacts anywhere in the graph who were there with them.
import { arrangeJoin, type ArrangedJoin } from './graph-arrange.ts'
import { popcount } from './graph-bits.ts'
import { MATCHES, merge, NONE, OPEN, type Basis, type Columns, type JoinInput } from './graph-columns.ts'
import {
  finish,
  missingRequired,
  tallyPerson,
  type Connected,
  type Connection,
  type Tally,
} from './graph-connection.ts'
import { addReach, emptyReach, reachAt, Scan } from './graph-reach.ts'

/** An institution a person qualifies through: their rows there (first.order[from .. to - 1]), the first row's kind, the strongest of their matches. */
interface Through {
  inst: number
  from: number
  to: number
  kind: number
  match: number
}

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
  const join = arrangeJoin(edges, opts.basis)
  const first = join.first
  const selfOf = selfIndex(join.second)
  const contacts = new Uint32Array(join.words)
  const scan = new Scan()
  const tallies: (Tally | undefined)[] = []
  const persons: Connected[] = []
  const required = opts.combine === 'all' ? named : null
  for (let p = 0; p < first.people; p++) {
    if (first.offsets[p] === first.offsets[p + 1]) continue
    const through = qualifyingInstitutions(first, p, opts.excludeCurrent)
    if (through.length === 0) continue
    const via = through.map((t) => ({ inst: insts[t.inst]!, match: MATCHES[t.match]! }))
    if (missingRequired(required, via)) continue
    contactsThrough(join, through, scan, contacts)
    const self = selfOf.get(p)
    if (self !== undefined) contacts[self >>> 5]! &= ~(1 << (self & 31))
    persons.push({ rank: p, contacts: popcount(contacts), contactList: null, via })
    for (const t of through) tallyPerson(tallies, t.inst, t.kind, t.match)
  }
  return finish(insts, tallies, persons, null)
}

/** Everyone's index of each first-side person: nobody is their own contact. */
function selfIndex(second: Columns): Map<number, number> {
  const selfOf = new Map<number, number>()
  for (let b = 0; b < second.self.length; b++) if (second.self[b]! >= 0) selfOf.set(second.self[b]!, second.person[b]!)
  return selfOf
}

/** The institutions person p (who has rows) qualifies through. */
function qualifyingInstitutions(first: Columns, p: number, excludeCurrent: boolean): Through[] {
  const to = first.offsets[p + 1]!
  const through: Through[] = []
  for (let k = first.offsets[p]!, next = k; k < to; k = next) {
    const inst = first.inst[first.order[k]!]!
    let match = NONE
    let left = true
    for (; next < to && first.inst[first.order[next]!] === inst; next++) {
      match = merge(match, first.match[first.order[next]!]!)
      left &&= first.end[first.order[next]!] !== OPEN
    }
    if (!excludeCurrent || left) through.push({ inst, from: k, to: next, kind: first.kind[first.order[k]!]!, match })
  }
  return through
}

/** Everyone person p's rows reach at the institutions they qualify through, into `contacts` (cleared first). */
function contactsThrough(join: ArrangedJoin, through: Through[], scan: Scan, contacts: Uint32Array) {
  const { first, arranged, few, overlapping } = join
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
}
