// Seeded randomness for the demo corpus. Every record draws from its own stream keyed by
// (seed, stream, index), so record i is a pure function of those three and never depends on the
// records generated before it (what lets medium and large stream without holding anything).

// murmur3's 32-bit mixing steps: cheap, well spread, and the same on every platform.
function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51)
  k = (k << 15) | (k >>> 17)
  k = Math.imul(k, 0x1b873593)
  h ^= k
  h = (h << 13) | (h >>> 19)
  return (Math.imul(h, 5) + 0xe6546b64) | 0
}

function finalise(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A 32-bit hash of non-negative integers (each below 2^53). */
export function hash32(...parts: readonly number[]): number {
  let h = 0x9747b28c
  for (const p of parts) {
    h = mix(h, p >>> 0)
    h = mix(h, Math.floor(p / 0x100000000) >>> 0)
  }
  return finalise(h ^ parts.length)
}

/** mulberry32: one 32-bit word of state, ample for the few hundred draws a record makes. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }

  /** Index drawn with the given (not necessarily normalised) weights. */
  weighted(weights: readonly number[]): number {
    let total = 0
    for (const w of weights) total += w
    let x = this.next() * total
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i] ?? 0
      if (x < 0) return i
    }
    return weights.length - 1
  }

  /** k distinct items (fewer when the list is shorter), in draw order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = items.slice()
    const out: T[] = []
    while (out.length < k && pool.length > 0) {
      const i = Math.floor(this.next() * pool.length)
      out.push(pool[i] as T)
      pool[i] = pool[pool.length - 1] as T
      pool.pop()
    }
    return out
  }

  /** Log-uniform in [min, max): sizes, amounts and counts spread over orders of magnitude. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)))
  }
}

/** The stream of one record: seed, a stream tag (see STREAM) and the record's index. */
export function rngFor(seed: number, stream: number, index: number): Rng {
  return new Rng(hash32(seed, stream, index))
}

// Stream tags. Never renumber one: it would change every record of that stream.
export const STREAM = {
  companyCore: 1,
  companyDetail: 2,
  companyFunding: 3,
  acquisition: 4,
  person: 5,
  school: 6,
  patent: 7,
  news: 8,
  marketReport: 9,
  academicReport: 10,
  trend: 11,
  jobOpening: 12,
  permutation: 13,
} as const

/**
 * A keyed bijection of [0, size): a 4-round Feistel network over the next even power of two,
 * cycle-walked back into range. Used where values must be distinct (names, ids, timestamps).
 */
export class Permutation {
  private readonly halfBits: number
  private readonly mask: number

  constructor(
    readonly size: number,
    private readonly key: number,
  ) {
    let bits = 2
    while (2 ** bits < size) bits += 2
    this.halfBits = bits / 2
    this.mask = 2 ** this.halfBits - 1
  }

  at(index: number): number {
    let x = index
    do x = this.encrypt(x)
    while (x >= this.size)
    return x
  }

  private encrypt(x: number): number {
    let left = Math.floor(x / 2 ** this.halfBits)
    let right = x & this.mask
    for (let round = 0; round < 4; round++) {
      const next = (left ^ hash32(this.key, round, right)) & this.mask
      left = right
      right = next
    }
    return left * 2 ** this.halfBits + right
  }
}
