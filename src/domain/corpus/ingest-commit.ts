// Writing a staged batch of an ingest: its one statement, for companies with their institutions and
// name re-keying in the same transaction, for a bulk load through its writer; schools are upserted
// as institutions. Returns the batch's counts and the vectors for the process index.
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import type { InstitutionRow } from '../../store/corpus.ts'
import type { WrittenRecord } from '../../store/corpus-batch.ts'
import { rekeyNamedAffiliations, upsertInstitutions } from '../../store/corpus-graph.ts'
import type { Db } from '../../store/db.ts'
import { bumpGraphGeneration } from '../../store/graph-blocks.ts'
import type { StagedBatch } from './ingest-stage.ts'
import type { RunContext } from './ingest-types.ts'
import { schoolInstitution } from './rows.ts'
import type { VectorUpdate } from './vectors.ts'

interface BatchResult {
  inserted: number
  upserted: number
  unchanged: number
  embedded: number
  missing: number
}

/** A committed batch's vectors, for the process index. */
export interface Committed {
  category: EntityCategory
  generation: number
  updates: VectorUpdate[]
}

/**
 * Writes a staged batch: its one statement (atomic on its own), and for companies their
 * institutions and name re-keying with it in one transaction. `whileWriting` (the previous batch's
 * vectors into the process index) runs while the store executes the statement, so neither waits
 * for the other.
 */
export async function commitBatch(
  ctx: RunContext,
  staged: StagedBatch,
  whileWriting: () => Promise<void>,
): Promise<BatchResult & { vectors: Committed | null }> {
  const { deps, category } = ctx
  const { batch, changed, embedded, now, write } = staged
  if (category === 'school') {
    const written = await deps.db.transaction().execute(async (tx) => {
      const n = await upsertInstitutions(
        tx,
        batch.map((p) => schoolInstitution(p, now)),
      )
      // Graph blocks carry institution names and types.
      if (n.written > 0) await bumpGraphGeneration(tx)
      return n
    })
    return {
      inserted: written.inserted,
      upserted: written.written,
      unchanged: batch.length - written.written,
      embedded: 0,
      missing: 0,
      vectors: null,
    }
  }
  if (write === null) {
    if (ctx.bulk) await ctx.bulk.write(staged.throughItem ?? 0, null, async () => undefined)
    return { inserted: 0, upserted: 0, unchanged: batch.length, embedded: 0, missing: 0, vectors: null }
  }
  const indexOf = new Map(changed.map((p, i) => [p.id, i]))
  const vectorOf = (id: string) => embedded.vectors[indexOf.get(id)!] ?? null

  const run = async (db: Db): Promise<{ written: WrittenRecord[]; generation: number }> => {
    const pending = db.executeQuery(write)
    pending.catch(() => {})
    // Let the statement go out before this thread turns to the index.
    await new Promise((resolve) => setImmediate(resolve))
    let sideError: unknown = null
    await whileWriting().catch((e: unknown) => (sideError = e))
    const rows = (await pending).rows
    if (sideError !== null) throw sideError
    if (rows.length === 0) throw new Error(`ingest: corpus_state has no row for ${CATEGORY_SOURCE_CORPUS[category]}`)
    const written: WrittenRecord[] = []
    for (const r of rows)
      if (r.id !== null) written.push({ id: r.id, vec_key: Number(r.vec_key), inserted: r.inserted === true })
    return { written, generation: Number(rows[0]!.generation) }
  }
  const withGraph = async (tx: Db) => {
    const r = await run(tx)
    const ids = new Set(r.written.map((w) => w.id))
    if (ids.size > 0)
      await writeCompanyGraph(
        ctx,
        tx,
        staged.institutions.filter((i) => ids.has(i.inst_key)),
      )
    return r
  }
  const { written, generation } = ctx.bulk
    ? await ctx.bulk.write(staged.throughItem ?? 0, staged.input, category === 'company' ? withGraph : run)
    : category === 'company'
      ? await deps.db.transaction().execute(withGraph)
      : await run(deps.db)

  const embeddedCount = written.filter((w) => vectorOf(w.id) !== null).length
  return {
    inserted: written.filter((w) => w.inserted).length,
    upserted: written.length,
    unchanged: batch.length - written.length,
    embedded: embeddedCount,
    missing: written.length - embeddedCount,
    vectors:
      written.length > 0
        ? { category, generation, updates: written.map((w) => ({ key: w.vec_key, vector: vectorOf(w.id) })) }
        : null,
  }
}

async function writeCompanyGraph(ctx: RunContext, tx: Db, institutions: InstitutionRow[]) {
  // Graph blocks carry institution names and types.
  if ((await upsertInstitutions(tx, institutions)).written > 0) await bumpGraphGeneration(tx)
  for (const i of institutions) ctx.knownInstitutions.add(i.inst_key)
  const named = institutions
    .filter((i) => i.name_norm !== null)
    .map((i) => ({ name_norm: i.name_norm!, domain: i.inst_key }))
  // Persons and affiliations moved to a company's domain: graph blocks built before are stale.
  if ((await rekeyNamedAffiliations(tx, named)) > 0) await bumpGraphGeneration(tx)
}
