// Ingestion: NDJSON lines (or ready objects, for the demo) → validated, normalised, embedded and
// upserted records, in batches, in constant memory. Used by `dsp ingest`, POST /admin/v1/corpus/{category}
// and `dsp demo seed`. Rules and figures: docs/ingest.md.
// This module is the entry points and ingest() itself, its stages in modules of their own:
// ingest-run.ts (open), ingest-validate.ts (read and validate), ingest-batches.ts with
// ingest-stage.ts and ingest-commit.ts (map and write), ingest-finish.ts (finish); the shared
// shapes in ingest-types.ts, the rejects in ingest-rejects.ts.
import type { Deps } from '../types.ts'
import { batchPipeline } from './ingest-batches.ts'
import { finish, recordMetrics, settle } from './ingest-finish.ts'
import { openRun } from './ingest-run.ts'
import type { Item } from './ingest-item.ts'
import type { IngestOptions, IngestSummary } from './ingest-types.ts'
import { numbered, parseLines, validateItem } from './ingest-validate.ts'
import type { IngestCategory } from '../../contract/records.ts'

export { BULK_BATCH_SIZE, DEFAULT_BATCH_MAX_CHARS, DEFAULT_BATCH_SIZE } from './ingest-batches.ts'
export { MAINTAIN_AFTER } from './ingest-finish.ts'
export { INLINE_REJECTS, problemKind, type RejectEntry, type RowWarning } from './ingest-rejects.ts'
export type { IngestOptions, IngestProgress, IngestSummary } from './ingest-types.ts'

/** Ingests NDJSON lines (blank lines are skipped but keep their line numbers). */
export function ingestLines(
  deps: Deps,
  category: IngestCategory,
  lines: AsyncIterable<string> | Iterable<string>,
  opts: IngestOptions = {},
) {
  return ingest(deps, category, parseLines(lines), opts)
}

/** Ingests items of any input format (formats.ts: NDJSON, JSON arrays, CSV, mapped or not). */
export function ingestItems(
  deps: Deps,
  category: IngestCategory,
  items: AsyncIterable<Item>,
  opts: IngestOptions = {},
) {
  return ingest(deps, category, items, opts)
}

/** Ingests ready objects (the demo generator) through the same validation and upsert path. */
export function ingestObjects(
  deps: Deps,
  category: IngestCategory,
  records: AsyncIterable<unknown> | Iterable<unknown>,
  opts: IngestOptions = {},
) {
  return ingest(deps, category, numbered(records), opts)
}

/**
 * An ingest in five stages, each a function of its own module: open (`openRun`, ingest-run.ts: the
 * run, its index and a bulk load), read and validate (`validateItem`, ingest-validate.ts: each
 * item's checks, normalisation, duplicates), map and write (per batch, in the two-stage pipeline of
 * `batchPipeline`, ingest-batches.ts), finish (`finish`, ingest-finish.ts: figures, maintenance, the
 * summary).
 */
async function ingest(
  deps: Deps,
  category: IngestCategory,
  items: AsyncIterable<Item>,
  opts: IngestOptions,
): Promise<IngestSummary> {
  const run = await openRun(deps, category, opts)
  const pipeline = batchPipeline(run)
  try {
    for await (const item of items) {
      const pending = await validateItem(run, item)
      if (pending !== null) await pipeline.add(pending)
    }
    await pipeline.drain()
    if (run.ctx.bulk) {
      await run.ctx.bulk.finish(opts.onBulkPhase)
      await run.ctx.bulk.close()
    }
  } catch (e) {
    await pipeline.abandon()
    // A load that cannot be resumed (keyed by its request) leaves no index dropped behind it.
    if (run.ctx.bulk && opts.bulk?.resumable === false)
      await run.ctx.bulk
        .finish()
        .catch((err: unknown) =>
          deps.log.warn({ category, err: (err as Error).message }, 'bulk load: indexes not rebuilt'),
        )
    await run.ctx.bulk?.close()
    // The first error is the one to report; a store that is down fails the follow-up work too.
    await settle(run).catch((err: unknown) =>
      deps.log.warn({ category, err: (err as Error).message }, 'ingest: figures not updated'),
    )
    await run.rejects.close().catch(() => null)
    recordMetrics(run)
    throw e
  }
  return finish(run)
}
