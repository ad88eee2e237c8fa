// The parser's vocabularies kept per corpus state (migration 0050; domain/search/vocabularies.ts):
// one row, the last read, replaced when the corpora move on.
import type { Db } from './db.ts'

/** The vocabularies (JSON) stored for this generation, or null. */
export async function findStoredVocabularies(db: Db, generation: string): Promise<string | null> {
  const row = await db
    .selectFrom('parser_vocabularies')
    .select('vocabularies')
    .where('generation', '=', generation)
    .executeTakeFirst()
  return row?.vocabularies ?? null
}

/** Stores the vocabularies read for `generation` in place of any other generation's. */
export async function storeVocabularies(
  db: Db,
  row: { generation: string; vocabularies: string; readMs: number; now: Date },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('parser_vocabularies').where('generation', '<>', row.generation).execute()
    await tx
      .insertInto('parser_vocabularies')
      .values({ generation: row.generation, vocabularies: row.vocabularies, read_ms: row.readMs, read_at: row.now })
      .onConflict((oc) => oc.column('generation').doNothing())
      .execute()
  })
}
