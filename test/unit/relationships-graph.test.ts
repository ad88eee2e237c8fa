// The relationships join (src/domain/relationships/graph-join.ts) against a plain pairwise reference
// on random graphs: distinct contacts per person, via institutions and their matches,
// institution tallies. The random graphs have institutions with few rows (checked one by one) and
// with many (sorted lists, unions, solo differences), people with several rows at one
// institution, unknown starts, affiliations still open, and intervals that end before they start.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  MATCHES,
  NO_START,
  OPEN,
  type Basis,
  type EdgeColumns,
  type JoinInput,
} from '../../src/domain/relationships/graph-columns.ts'
import { rankConnected } from '../../src/domain/relationships/graph-connection.ts'
import { connectSides } from '../../src/domain/relationships/graph-join.ts'

/** A small seeded generator (mulberry32): the same graphs on every run. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Row {
  person: number
  inst: number
  start: number
  end: number
  match: number
  kind: number
}

/** Institution i's strong match: url for even ones (employment), edu for odd ones (education). */
const codeOf = (inst: number) => (inst % 2 === 0 ? 1 : 2)

/** `span`: the months starts fall in (a long one leaves gaps between affiliations). */
function side(
  rand: () => number,
  people: number,
  rowsPerPerson: number,
  insts: number,
  bigInsts: number,
  span = 120,
): Row[] {
  const rows: Row[] = []
  for (let p = 0; p < people; p++) {
    const n = 1 + Math.floor(rand() * rowsPerPerson)
    for (let k = 0; k < n; k++) {
      // Half the rows at a few big institutions, so their lists are long enough for unions.
      const inst = rand() < 0.5 ? Math.floor(rand() * bigInsts) : bigInsts + Math.floor(rand() * (insts - bigInsts))
      const start = rand() < 0.05 ? NO_START : 200 + Math.floor(rand() * span)
      const r = rand()
      const end =
        r < 0.25
          ? OPEN
          : r < 0.27 && start !== NO_START
            ? start - 1 - Math.floor(rand() * 5)
            : (start === NO_START ? 200 : start) + Math.floor(rand() * (span > 120 ? 12 : 60))
      rows.push({ person: p, inst, start, end, match: rand() < 0.3 ? 0 : codeOf(inst), kind: inst % 2 })
      // Some people come back to the same institution.
      if (rand() < 0.1)
        rows.push({
          person: p,
          inst,
          start: end === OPEN ? 150 : end + 3,
          end: OPEN,
          match: codeOf(inst),
          kind: inst % 2,
        })
    }
  }
  return rows
}

function columnsOf(rows: Row[]): EdgeColumns {
  return {
    person: Int32Array.from(rows, (r) => r.person),
    self: null,
    inst: Int32Array.from(rows, (r) => r.inst),
    start: Int32Array.from(rows, (r) => r.start),
    end: Int32Array.from(rows, (r) => r.end),
    match: Uint8Array.from(rows, (r) => r.match),
    kind: Uint8Array.from(rows, (r) => r.kind),
  }
}

const overlaps = (a: Row, b: Row, basis: Basis) =>
  basis === 'shared' || (a.start !== NO_START && b.start !== NO_START && a.start <= b.end && b.start <= a.end)

/** Every pair, the semantics of docs/relationships.md §1 (institutions of one strong match each). */
function reference(first: Row[], second: Row[], basis: Basis) {
  const persons = new Map<number, { contacts: Set<number>; via: Map<number, number> }>()
  const tallies = new Map<number, { first: Set<number>; second: Set<number>; match: number }>()
  for (const a of first) {
    for (const b of second) {
      if (a.inst !== b.inst || !overlaps(a, b, basis)) continue
      const p = persons.get(a.person) ?? { contacts: new Set(), via: new Map() }
      persons.set(a.person, p)
      p.contacts.add(b.person)
      const strong = a.match !== 0 || b.match !== 0 ? codeOf(a.inst) : 0
      p.via.set(a.inst, Math.max(p.via.get(a.inst) ?? 0, strong))
      const t = tallies.get(a.inst) ?? { first: new Set(), second: new Set(), match: 0 }
      tallies.set(a.inst, t)
      t.first.add(a.person)
      t.second.add(b.person)
      t.match = Math.max(t.match, strong)
    }
  }
  return { persons, tallies }
}

describe('connectSides against every pair', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    for (const basis of ['overlapping', 'shared'] as const) {
      test(`random graph ${seed}, ${basis}`, () => {
        const rand = random(seed)
        const insts = 40
        // Odd seeds: short affiliations over 60 years (gaps between them); even ones: long and dense.
        const span = seed % 2 === 1 ? 720 : 120
        const first = side(rand, 150, 4, insts, 4, span)
        const second = side(rand, 220, 4, insts, 4, span)
        const join: JoinInput = {
          insts: Array.from({ length: insts }, (_, i) => `inst-${i}`),
          first: columnsOf(first),
          second: columnsOf(second),
        }
        const got = connectSides(join, { basis, required: null, listContacts: seed % 2 === 0 })
        const want = reference(first, second, basis)
        assert.equal(got.persons.length, want.persons.size, 'connected people')
        // Without lists, contacts are counted when asked for (top): everyone here.
        const counted = new Map(got.top(Infinity).map((p) => [p.rank, p.contacts]))
        if (!(seed % 2 === 0)) assert.ok(got.persons.every((p) => p.contacts === -1))
        for (const p of got.persons) {
          const w = want.persons.get(p.rank)
          assert.ok(w, `person ${p.rank} is not connected`)
          assert.equal(counted.get(p.rank), w.contacts.size, `contacts of person ${p.rank}`)
          if (p.contacts !== -1) assert.equal(p.contacts, w.contacts.size)
          if (p.contactList)
            assert.deepEqual(
              p.contactList,
              [...w.contacts].sort((x, y) => x - y),
            )
          assert.deepEqual(
            p.via.map((v) => [v.inst, v.match]).sort(),
            [...w.via].map(([inst, m]) => [`inst-${inst}`, MATCHES[m]]).sort(),
            `via of person ${p.rank}`,
          )
        }
        assert.deepEqual(
          got.institutions.map((t) => [t.id, t.first, t.second, t.match]).sort(),
          [...want.tallies].map(([inst, t]) => [`inst-${inst}`, t.first.size, t.second.size, MATCHES[t.match]]).sort(),
          'institution tallies',
        )
        // Any first k of the order, counting only as far as needed, are the reference's first k.
        const order = [...want.persons]
          .map(([rank, w]) => [rank, w.contacts.size] as const)
          .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        for (const k of [1, 3, 10, 40, order.length])
          assert.deepEqual(
            got.top(k).map((p) => [p.rank, p.contacts]),
            order.slice(0, k),
            `first ${k}`,
          )
        // The big institutions took the sorted paths (unions, solo differences), not only checks row by row.
        assert.ok(second.filter((r) => r.inst === 0).length >= 32)
      })
    }
  }

  test('institutions_combine all: only people connected through every required institution', () => {
    const rand = random(9)
    const first = side(rand, 150, 4, 40, 4)
    const second = side(rand, 220, 4, 40, 4)
    const join: JoinInput = {
      insts: Array.from({ length: 40 }, (_, i) => `inst-${i}`),
      first: columnsOf(first),
      second: columnsOf(second),
    }
    const got = connectSides(join, { basis: 'overlapping', required: ['inst-0', 'inst-1'] })
    const want = reference(first, second, 'overlapping')
    const expected = [...want.persons].filter(([, p]) => p.via.has(0) && p.via.has(1)).map(([rank]) => rank)
    assert.ok(expected.length > 0)
    assert.deepEqual(
      got.persons.map((p) => p.rank).sort((x, y) => x - y),
      expected.sort((x, y) => x - y),
    )
    for (const t of got.institutions) assert.ok(t.first <= expected.length)
  })
})

describe('rankConnected', () => {
  test('most contacts first, ties by rank, whether the people arrive by rank or not', () => {
    const rand = random(11)
    const byRank = Array.from({ length: 2000 }, (_, rank) => ({
      rank: rank * 3,
      contacts: Math.floor(rand() * 40),
      contactList: null,
      via: [],
    }))
    const want = [...byRank].sort((x, y) => y.contacts - x.contacts || x.rank - y.rank)
    assert.deepEqual(rankConnected(byRank), want)
    assert.deepEqual(rankConnected([...byRank].reverse()), want)
    assert.deepEqual(rankConnected([]), [])
  })
})
