// How a relationships read gets a company's graph block for its snapshot: this process's unpacked
// copy (block-cache.ts), the stored one, or one built now and stored after the read.
import * as store from '../../store/graph-blocks.ts'
import type { Deps } from '../types.ts'
import { blockFromSource, packBlock, unpackBlock, type CompanyBlock } from './block-format.ts'

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
