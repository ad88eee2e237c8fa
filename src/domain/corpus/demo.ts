// `dsp demo seed`: the generator's corpus (src/corpus/demo/) stored through the ingestion path,
// plus the facts file tests assert against. Docs: docs/corpus-demo.md §1 and docs/ingest-operations.md §2.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ENTITY_CATEGORIES, type IngestCategory } from '../../contract/records.ts'
import {
  DEFAULT_DEMO_SEED,
  DEMO_NOW,
  createDemoCorpus,
  type DemoCorpus,
  type DemoScale,
} from '../../corpus/demo/index.ts'
import type { Deps } from '../types.ts'
import { ingestObjects, type IngestProgress, type IngestSummary } from './ingest.ts'
import type { BulkLoadPhase } from './bulk-load.ts'

export const DEMO_FACTS_FILE = 'demo-facts.json'
const DEMO_SETTING = 'demo_corpus'

/** Institutions first (schools), companies before people (employers named without a domain resolve to them), then documents. */
export const DEMO_ORDER: readonly IngestCategory[] = ['school', ...ENTITY_CATEGORIES]

export interface SeedDemoOptions {
  scale?: DemoScale
  seed?: number
  /**
   * Store only the first `limit` records of each category (and no facts file: the facts describe
   * the whole corpus). For a quick look at a large scale, or a load stopped early on purpose.
   */
  limit?: number
  /**
   * Each category as a bulk load (ingest.ts `bulk`; what the large scale is for): indexes built once
   * at the end, COPY on PostgreSQL, and a seed stopped at any point goes on where it stopped when
   * started again with the same scale, seed and limit.
   */
  bulk?: boolean
  onCategory?: (category: IngestCategory, total: number) => void
  onProgress?: (category: IngestCategory, progress: IngestProgress) => void
  onBulkPhase?: (category: IngestCategory, phase: BulkLoadPhase) => void
}

export interface SeedDemoSummary {
  scale: DemoScale
  seed: number
  seconds: number
  /** Null when a limit was given (the facts hold for the whole corpus only). */
  facts_file: string | null
  categories: IngestSummary[]
}

export function demoFactsPath(deps: Deps): string {
  return path.resolve(deps.config.DSP_DATA_DIR, DEMO_FACTS_FILE)
}

/** The scale and seed last seeded into this store, or null. */
export async function findSeededDemo(deps: Deps): Promise<{ scale: DemoScale; seed: number } | null> {
  const row = await deps.db
    .selectFrom('deployment_settings')
    .select('value')
    .where('key', '=', DEMO_SETTING)
    .executeTakeFirst()
  return row ? (JSON.parse(row.value) as { scale: DemoScale; seed: number }) : null
}

/**
 * Stores every category of the demo corpus (idempotent: seeding again with the same seed changes
 * nothing) and writes the facts file: {scale, seed, now, counts, flagships, facts}. The corpus'
 * as_of is the demo clock (2025-06-01), not the wall clock: the data describes that day.
 */
export async function seedDemoCorpus(deps: Deps, opts: SeedDemoOptions = {}): Promise<SeedDemoSummary> {
  const started = performance.now()
  const corpus = createDemoCorpus({ scale: opts.scale, seed: opts.seed ?? DEFAULT_DEMO_SEED })
  const asOf = new Date(DEMO_NOW)
  const categories: IngestSummary[] = []
  const limit = opts.limit ?? null
  for (const category of DEMO_ORDER) {
    const all = category === 'school' ? corpus.schools() : corpus.records(category)
    // The same record type in and out; TypeScript cannot follow it through the union of generators.
    const records = limit === null ? all : (take(all as Iterable<never>, limit) as typeof all)
    // Funding rounds are counted by one pass over the companies; under a limit that pass is skipped.
    const total =
      limit === null
        ? corpus.counts[category]
        : category === 'funding_round'
          ? limit
          : Math.min(limit, corpus.counts[category])
    opts.onCategory?.(category, total)
    const summary = await ingestObjects(deps, category, records, {
      asOf,
      onProgress: opts.onProgress ? (p) => opts.onProgress!(category, p) : undefined,
      ...(opts.bulk
        ? {
            // The demo's records are one sequence: a limit stores its first n, so every run of a
            // scale and seed is one load (keyed as the whole corpus's, as stores made before named
            // it). A run with --limit goes on where a stopped one stopped, and a later larger run
            // after its n; a key naming the limit made each limit a new load over the same records.
            bulk: {
              key: `demo:${corpus.scale}:${corpus.seed}:all`,
              input: `dsp demo seed --scale ${corpus.scale} --seed ${corpus.seed} --bulk`,
            },
            onBulkPhase: (p: BulkLoadPhase) => opts.onBulkPhase?.(category, p),
          }
        : {}),
    })
    categories.push(summary)
  }
  const factsFile = limit === null ? await writeFacts(deps, corpus) : null
  const value = JSON.stringify({ scale: corpus.scale, seed: corpus.seed, ...(limit === null ? {} : { limit }) })
  await deps.db
    .insertInto('deployment_settings')
    .values({ key: DEMO_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
  return {
    scale: corpus.scale,
    seed: corpus.seed,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    facts_file: factsFile,
    categories,
  }
}

function* take<T>(records: Iterable<T>, limit: number): Generator<T> {
  if (limit <= 0) return
  let n = 0
  for (const r of records) {
    yield r
    if (++n >= limit) return
  }
}

async function writeFacts(deps: Deps, corpus: DemoCorpus): Promise<string> {
  const factsFile = demoFactsPath(deps)
  const facts = {
    scale: corpus.scale,
    seed: corpus.seed,
    now: DEMO_NOW.slice(0, 10),
    counts: { ...corpus.counts, funding_round: corpus.counts.funding_round },
    flagships: corpus.flagships,
    facts: corpus.computeFacts(),
  }
  await mkdir(path.dirname(factsFile), { recursive: true })
  await writeFile(`${factsFile}.tmp`, JSON.stringify(facts))
  await rename(`${factsFile}.tmp`, factsFile)
  return factsFile
}
