// A category's lexemes and their document frequencies (rarity.ts loadRarityTable), kept compact: the
// lexemes sorted, their UTF-8 bytes in one buffer, offsets and counts in typed arrays, looked up by
// binary search. 500,000 lexemes take ≈ 8 MB here against ≈ 32 MB as a Map of strings, in every
// API process (docs/performance-startup.md, "Memory per process").

export class FrequencyTable implements Iterable<[string, number]> {
  readonly size: number
  private readonly bytes: Buffer
  /** Lexeme i is bytes[offsets[i], offsets[i + 1]). */
  private readonly offsets: Uint32Array
  private readonly counts: Uint32Array

  private constructor(bytes: Buffer, offsets: Uint32Array, counts: Uint32Array) {
    this.size = counts.length
    this.bytes = bytes
    this.offsets = offsets
    this.counts = counts
  }

  /** From lexeme → count pairs (each lexeme once; counts are whole numbers below 2³²). */
  static from(entries: Iterable<readonly [string, number]>): FrequencyTable {
    // Sorted as JavaScript compares strings, the order `get` searches in.
    const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    const encoded = sorted.map(([lexeme]) => Buffer.from(lexeme, 'utf8'))
    const offsets = new Uint32Array(sorted.length + 1)
    for (let i = 0; i < encoded.length; i++) offsets[i + 1] = offsets[i]! + encoded[i]!.length
    const counts = Uint32Array.from(sorted, ([, n]) => n)
    return new FrequencyTable(Buffer.concat(encoded, offsets[sorted.length]), offsets, counts)
  }

  get(lexeme: string): number | undefined {
    let lo = 0
    let hi = this.size - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const at = this.lexemeAt(mid)
      if (at === lexeme) return this.counts[mid]
      if (at < lexeme) lo = mid + 1
      else hi = mid - 1
    }
    return undefined
  }

  *[Symbol.iterator](): Iterator<[string, number]> {
    for (let i = 0; i < this.size; i++) yield [this.lexemeAt(i), this.counts[i]!]
  }

  private lexemeAt(i: number): string {
    return this.bytes.toString('utf8', this.offsets[i], this.offsets[i + 1])
  }
}
