// This process's company graph blocks (block-format.ts): the unpacked ones it keeps within
// DSP_GRAPH_BLOCK_CACHE_MB and the ones it built and stores after the read. How a read gets a
// company's block for its snapshot (cached, stored, or built now) is block-read.ts.
import * as store from '../../store/graph-blocks.ts'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../store/db.ts'
import { WriteBehind } from '../write-behind.ts'
import type { CompanyBlock } from './block-format.ts'

type PendingBlock = { company_key: string; generation: number; people: number; affiliations: number; data: Uint8Array }

/**
 * This process's graph blocks (Deps.graphBlocks): the unpacked ones it keeps, and the ones it built
 * and has not stored yet. Graph reads run on a copy of deps whose db is their transaction; built
 * blocks are written through the store's own connection.
 */
export class GraphBlocks {
  readonly cache: BlockCache
  readonly pending: WriteBehind<PendingBlock>
  constructor(db: Db, clock: Clock, log: Logger, cacheBytes: number) {
    this.cache = new BlockCache(cacheBytes)
    this.pending = new WriteBehind<PendingBlock>({
      // One at a time: a block is up to a few megabytes.
      write: async (blocks) => {
        for (const b of blocks) await store.saveGraphBlock(db, b, clock.now())
      },
      onError: (e, n) => log.warn({ err: e.message, blocks: n }, 'could not store graph blocks'),
      delayMs: 0,
    })
  }

  /** Writes the blocks this process built and has not stored yet (at shutdown). */
  flush(): Promise<void> {
    return this.pending.flush()
  }
}

/**
 * Unpacked blocks of one process, least recently used first, within DSP_GRAPH_BLOCK_CACHE_MB. A
 * block never changes once built (it is for one generation), so a cached one is exact whenever
 * its generation is the current one, which every read checks in its own snapshot.
 */
export class BlockCache {
  private readonly entries = new Map<string, { generation: number; block: CompanyBlock; bytes: number }>()
  private bytes = 0
  constructor(private readonly limit: number) {}
  generationOf(key: string): number | null {
    return this.entries.get(key)?.generation ?? null
  }
  get(key: string, generation: number): CompanyBlock | null {
    const hit = this.entries.get(key)
    if (!hit || hit.generation !== generation) return null
    this.entries.delete(key)
    this.entries.set(key, hit)
    return hit.block
  }
  put(key: string, generation: number, block: CompanyBlock, bytes: number): void {
    const old = this.entries.get(key)
    if (old && old.generation > generation) return
    if (old) {
      this.bytes -= old.bytes
      this.entries.delete(key)
    }
    if (bytes > this.limit) return
    this.entries.set(key, { generation, block, bytes })
    this.bytes += bytes
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.limit) break
      this.entries.delete(k)
      this.bytes -= e.bytes
    }
  }
}
