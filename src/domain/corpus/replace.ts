// An ingest as the CLI and the admin route run it (docs/ingest-operations.md §3–4): ingestItems, the
// change announced to every server (domain/corpus/live.ts) while batches commit and at the end,
// and with `replace`, the stored records of the input's sources that the input no longer sends
// removed through the delete path (vectors, affiliations and list availability follow).
//
// A source is the part of a source_id before its first ':' (`crm:123` is of source `crm`). The
// sources replaced are the one named (`source`), else every source the input's source_ids name.
// A line that could not be read at all (broken JSON, a mapped cell that is not a number…) may
// hold a source_id nobody can see: then nothing is removed, and the summary says why.
import { ApiError } from '../../errors.ts'
import { findSourceIdsWithPrefix } from '../../store/corpus-sources.ts'
import type { Deps } from '../types.ts'
import { TABLE_OF } from './coverage.ts'
import { removeRecords } from './delete.ts'
import { ingestItems, type IngestOptions, type IngestSummary } from './ingest.ts'
import type { Item } from './ingest-item.ts'
import { announceWhileIngesting, corpusChanged } from './live.ts'
import { corpusChangeCommitted, type CorpusChange } from '../monitors/corpus-changes.ts'
import type { IngestCategory } from '../../contract/records.ts'

/** Source ids removed per delete transaction (the delete route's own cap). */
const REMOVE_CHUNK = 10_000
/** Removed source ids listed in the summary (all are counted). */
const LISTED = 100
const SOURCE_NAME = /^[^:\s]{1,200}$/

export interface ReplaceSummary {
  /** The sources replaced. */
  sources: string[]
  /** Records removed (a dry run: that would be removed). */
  removed: number
  /** Their source_ids, the first 100. */
  removed_ids: string[]
  /** Why nothing was removed although records of the sources were not sent; null otherwise. */
  skipped: string | null
}

export interface LiveIngestOptions extends IngestOptions {
  /** Remove the records of the input's sources (or of `source`) that the input no longer sends. */
  replace?: boolean
  /** The source to replace, without the ':' (default: every source the input's source_ids name). */
  source?: string
}

export type LiveIngestSummary = IngestSummary & { replaced?: ReplaceSummary }

/** The source of a source_id: its part before the first ':', null when it has none. */
export function sourceOf(sourceId: string): string | null {
  const i = sourceId.indexOf(':')
  return i > 0 ? sourceId.slice(0, i) : null
}

/** Refuses a replace that cannot mean anything, before anything is read. */
export function checkReplace(category: IngestCategory, opts: { replace?: boolean; source?: string }): void {
  if (opts.source !== undefined && !SOURCE_NAME.test(opts.source))
    throw new ApiError('request.invalid', `source must be a name without ':' or spaces (its records are <source>:…).`)
  if (opts.source !== undefined && !opts.replace)
    throw new ApiError('request.invalid', 'source names the source a replace ingest replaces: send replace=true too.')
  if (opts.replace && category === 'school')
    throw new ApiError('request.invalid', 'schools are institutions without source ids: replace does not apply.')
}

export async function ingestLive(
  deps: Deps,
  category: IngestCategory,
  items: AsyncIterable<Item>,
  opts: LiveIngestOptions,
): Promise<LiveIngestSummary> {
  checkReplace(category, opts)
  const sent = new Set<string>()
  let unreadable = 0
  async function* watched(): AsyncGenerator<Item> {
    for await (const item of items) {
      if ('value' in item) {
        const v = item.value as { source_id?: unknown } | null
        if (v !== null && typeof v === 'object' && typeof v.source_id === 'string') sent.add(v.source_id.trim())
      } else unreadable++
      yield item
    }
  }
  const announce = opts.dryRun ? null : announceWhileIngesting(deps, category)
  const summary = await ingestItems(deps, category, opts.replace ? watched() : items, {
    ...opts,
    onProgress: (p) => {
      opts.onProgress?.(p)
      announce?.(p)
    },
  })
  if (!opts.dryRun && summary.upserted > 0) await corpusChanged(deps, category)
  const done: LiveIngestSummary =
    !opts.replace || category === 'school'
      ? summary
      : { ...summary, replaced: await replaceSources(deps, category, sent, unreadable, opts) }
  // The ingest.completed event and the on_ingest monitors (domain/monitors/corpus-changes.ts).
  if (!opts.dryRun)
    await corpusChangeCommitted(deps, {
      operation: 'ingest',
      category: category as CorpusChange['category'],
      inserted: summary.inserted,
      updated: summary.updated,
      unchanged: summary.unchanged,
      rejected: summary.rejected + summary.duplicate,
      deleted: done.replaced?.removed ?? 0,
    })
  return done
}

async function replaceSources(
  deps: Deps,
  category: Exclude<IngestCategory, 'school'>,
  sent: Set<string>,
  unreadable: number,
  opts: LiveIngestOptions,
): Promise<ReplaceSummary> {
  const sources =
    opts.source !== undefined
      ? [opts.source]
      : [...new Set([...sent].map(sourceOf).filter((s): s is string => s !== null))].sort()
  const table = TABLE_OF[category]
  const gone: string[] = []
  for (const source of sources) {
    const stored = await findSourceIdsWithPrefix(deps.db, table, table === 'documents' ? category : null, `${source}:`)
    for (const id of stored) if (!sent.has(id)) gone.push(id)
  }
  const listed = gone.slice(0, LISTED)
  if (gone.length > 0 && unreadable > 0)
    return {
      sources,
      removed: 0,
      removed_ids: [],
      skipped: `${unreadable} line(s) could not be read, so their source ids are unknown: nothing removed (${gone.length} record(s) not sent)`,
    }
  if (opts.dryRun) return { sources, removed: gone.length, removed_ids: listed, skipped: null }
  let removed = 0
  for (let i = 0; i < gone.length; i += REMOVE_CHUNK)
    removed += (await removeRecords(deps, category, gone.slice(i, i + REMOVE_CHUNK), [])).length
  return { sources, removed, removed_ids: listed, skipped: null }
}
