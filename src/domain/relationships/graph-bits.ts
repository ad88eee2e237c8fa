// Bitsets of people (Uint32Array, bit q of word q >>> 5) for the affiliation-graph counts: a
// person's contacts over the other side, and the ready unions of sorted lists (graph-sorted.ts).

export const setBit = (bits: Uint32Array, q: number) => {
  bits[q >>> 5]! |= 1 << (q & 31)
}

/** target |= source[at .. at + target.length - 1] */
export function orInto(target: Uint32Array, source: Uint32Array, at = 0) {
  for (let w = 0; w < target.length; w++) target[w]! |= source[at + w]!
}

/** Set bits of bits[at .. at + words - 1]. */
export function popcount(bits: Uint32Array, at = 0, words = bits.length): number {
  let n = 0
  for (let w = at; w < at + words; w++) {
    let v = bits[w]!
    v -= (v >>> 1) & 0x55555555
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
  }
  return n
}

/** The set bits, ascending. */
export function listOf(bits: Uint32Array): number[] {
  const out: number[] = []
  for (let w = 0; w < bits.length; w++) for (let b = 0; b < 32; b++) if (bits[w]! & (1 << b)) out.push(w * 32 + b)
  return out
}
