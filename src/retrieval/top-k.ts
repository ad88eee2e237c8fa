// A nearest-neighbour answer (VectorMatch) and the one order of answers: best score first, equal
// scores by the smaller key, so results do not depend on slot or file order. TopK keeps the best k
// of an exact scan.

export interface VectorMatch {
  key: bigint
  /** Cosine similarity, 1 = same direction. */
  score: number
}

/** Best score first; equal scores by the smaller key. */
export function byScoreThenKey(a: VectorMatch, b: VectorMatch): number {
  return b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
}

/** Best k slots by score; ties go to the smaller key, so results do not depend on slot order. */
export class TopK {
  private readonly slots: Int32Array
  private readonly scores: Float64Array
  private length = 0

  constructor(
    private readonly k: number,
    private readonly slotKeys: BigUint64Array,
  ) {
    this.slots = new Int32Array(k)
    this.scores = new Float64Array(k)
  }

  offer(slot: number, score: number): void {
    // A min-heap: its root is the worst kept match, the one a better offer replaces.
    if (this.length < this.k) {
      this.slots[this.length] = slot
      this.scores[this.length] = score
      this.siftUp(this.length++)
    } else if (this.k > 0 && this.ranksBelow(0, score, slot)) {
      this.slots[0] = slot
      this.scores[0] = score
      this.siftDown(0)
    }
  }

  sorted(): VectorMatch[] {
    const matches: VectorMatch[] = []
    for (let i = 0; i < this.length; i++) matches.push({ key: this.slotKeys[this.slots[i]!]!, score: this.scores[i]! })
    return matches.sort(byScoreThenKey)
  }

  /** Whether kept entry i ranks below (score, slot). */
  private ranksBelow(i: number, score: number, slot: number): boolean {
    const kept = this.scores[i]!
    if (kept !== score) return kept < score
    return this.slotKeys[this.slots[i]!]! > this.slotKeys[slot]!
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.ranksBelow(i, this.scores[parent]!, this.slots[parent]!)) return
      this.swap(i, parent)
      i = parent
    }
  }

  private siftDown(i: number): void {
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let worst = i
      if (left < this.length && this.ranksBelow(left, this.scores[worst]!, this.slots[worst]!)) worst = left
      if (right < this.length && this.ranksBelow(right, this.scores[worst]!, this.slots[worst]!)) worst = right
      if (worst === i) return
      this.swap(i, worst)
      i = worst
    }
  }

  private swap(a: number, b: number): void {
    const slot = this.slots[a]!
    const score = this.scores[a]!
    this.slots[a] = this.slots[b]!
    this.scores[a] = this.scores[b]!
    this.slots[b] = slot
    this.scores[b] = score
  }
}
