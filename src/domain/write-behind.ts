// Writes that may trail a response by a moment: they queue here and go to the store together,
// one statement for many requests, instead of a store round trip (and, on PostgreSQL, a commit)
// each. Used for closing history runs and for the entity ceiling's exposures (docs/architecture-store.md
// "Writes after the response"). Readers of what they write call flush() first, so within one
// process nothing is ever seen stale; another process sees it at most `delayMs` later.

import { background } from '../store/pglite-dialect.ts'

export interface WriteBehindOptions<T> {
  /** Writes one batch; a failure is reported to onError and the batch is dropped. */
  write: (items: T[]) => Promise<void>
  onError: (error: Error, items: number) => void
  /** How long the first queued item may wait. */
  delayMs?: number
  /** A batch this size is written at once. */
  maxItems?: number
}

export class WriteBehind<T> {
  private queue: T[] = []
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> = Promise.resolve()
  private readonly delayMs: number
  private readonly maxItems: number

  constructor(private readonly options: WriteBehindOptions<T>) {
    this.delayMs = options.delayMs ?? 50
    this.maxItems = options.maxItems ?? 500
  }

  push(item: T): void {
    this.queue.push(item)
    if (this.queue.length >= this.maxItems) void this.flush()
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs)
      // A queued write never keeps a process alive on its own; close() flushes what is left.
      this.timer.unref()
    }
  }

  /** Resolves once everything queued before the call is written (or failed and was reported). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    const items = this.queue
    this.queue = []
    // Batches are written one after another, in the order they were queued.
    this.writing = this.writing.then(async () => {
      if (items.length === 0) return
      try {
        // On the embedded store its statements give way to the requests' own (store/pglite-dialect.ts).
        await background.run(true, () => this.options.write(items))
      } catch (e) {
        this.options.onError(e as Error, items.length)
      }
    })
    return this.writing
  }
}
