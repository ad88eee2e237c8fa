// This process's company graph blocks (block-format.ts): the unpacked ones it keeps within
// DSP_GRAPH_BLOCK_CACHE_MB, the ones it built and stores after the read, and how a read gets a
// company's block for its snapshot (cached, stored, or built now).
import * as store from '../../store/graph-blocks.ts'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../store/db.ts'
import { WriteBehind } from '../write-behind.ts'
import type { Deps } from '../types.ts'
import { blockFromSource, packBlock, unpackBlock, type CompanyBlock } from './block-format.ts'

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

/**
 * A company's block for the snapshot `db` reads: this process's unpacked copy or the stored one
 * when it was built for the current graph generation, else built now. A built block is stored after the read (never inside it: the
 * read is a repeatable-read transaction, deps.db), through the store's own connection.
 */
export async function companyBlock(deps: Deps, companyKey: string): Promise<CompanyBlock> {
  const db = deps.db
  const { cache } = deps.graphBlocks
  const found = await store.findGraphBlock(db, companyKey, cache.generationOf(companyKey))
  const cached = cache.get(companyKey, found.generation)
  if (cached) return cached
  const stored = found.data ? unpackBlock(found.data) : null
  if (stored) {
    cache.put(companyKey, found.generation, stored, found.data!.byteLength)
    return stored
  }
  const source = await store.readBlockSource(db, companyKey)
  const packed = blockFromSource(source, null)
  if (packed) {
    const data = packBlock(packed)
    deps.graphBlocks.pending.push({
      company_key: companyKey,
      generation: source.generation,
      people: packed.people,
      affiliations: packed.person.length,
      data,
    })
    cache.put(companyKey, source.generation, packed, data.byteLength)
    return packed
  }
  // An institution key holding the record separator (never in practice): read rows, store nothing.
  return blockFromSource(source, await store.readBlockRows(db, companyKey))!
}
