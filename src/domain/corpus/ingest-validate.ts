// Reading and validating an ingest's input: NDJSON lines or ready objects numbered as items, and
// each item checked, normalised and tested against the keys and source_ids of the lines before it.
import type { Item } from './ingest-item.ts'
import type { Pending, Run } from './ingest-types.ts'
import { prepareRecord } from './prepare.ts'

export async function* parseLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Item> {
  let line = 0
  for await (const text of lines) {
    line++
    if (text.trim() === '') continue
    try {
      yield { line, value: JSON.parse(text) }
    } catch (e) {
      yield { line, problems: [`invalid JSON: ${(e as Error).message}`] }
    }
  }
}

export async function* numbered(records: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<Item> {
  let line = 0
  for await (const value of records) yield { line: ++line, value }
}

/**
 * Read and validate one item: a line that cannot be read, fails its checks or repeats an earlier
 * line's key or source_id is reported (the first line wins); an item a resumed bulk load committed
 * before counts as unchanged. Returns the record to write, or null.
 */
export async function validateItem(run: Run, item: Item): Promise<Pending | null> {
  const { ctx, totals, rejects } = run
  totals.read++
  await ctx.slice()
  if ('problems' in item) {
    rejects.reject(item.line, item.problems)
    return null
  }
  const prepared = prepareRecord(ctx.category, item.value, ctx.deps.secret)
  if (!prepared.ok) {
    rejects.reject(item.line, prepared.problems)
    return null
  }
  const p = prepared.value
  const firstLine = run.seenIds.get(p.id)
  if (firstLine !== undefined) {
    rejects.duplicate(item.line, `duplicate: same key as line ${firstLine} (${p.naturalKey})`)
    return null
  }
  const sourceLine = p.sourceId === null ? undefined : run.seenSources.get(p.sourceId)
  if (sourceLine !== undefined) {
    rejects.duplicate(item.line, `duplicate: same source_id as line ${sourceLine} (${p.sourceId})`)
    return null
  }
  run.seenIds.set(p.id, item.line)
  if (p.sourceId !== null) run.seenSources.set(p.sourceId, item.line)
  if (item.warnings) rejects.warn(item.warnings)
  // A resumed bulk load: this item's batch was committed by an earlier run (checked again above, not written).
  if (totals.read <= run.resumeAfter) {
    totals.unchanged++
    return null
  }
  return { ...p, line: item.line }
}
