// Ingest throughput: records per second through the whole path (NDJSON parse, schema check,
// normalisation, embedding, upsert with every index, affiliations, vector index) for companies and
// persons of the medium demo corpus, next to a bare insert of the same records (id + jsonb into an
// unindexed table, same batch size): the store's own limit. Embedded, or PostgreSQL with
// DSP_BENCH_DATABASE_URL. Explained in docs/corpus.md §9.
import { loadavg } from 'node:os'
import { sql } from 'kysely'
import { createDemoCorpus } from '../src/corpus/demo/index.ts'
import { DEFAULT_BATCH_SIZE, ingestLines } from '../src/domain/corpus/ingest.ts'
import { startBenchServer } from './lib/server.ts'
import { round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'ingest'

const FULL = { companies: 5_000, persons: 10_000 }
const QUICK = { companies: 1_000, persons: 2_000 }

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const corpus = createDemoCorpus({ scale: 'medium' })
  const companies = [...corpus.companies(0, s.companies)].map((r) => JSON.stringify(r))
  const persons = [...corpus.persons(0, s.persons)].map((r) => JSON.stringify(r))
  const server = await startBenchServer({})
  try {
    const deps = server.app.deps
    await deps.embedder()
    const problems: string[] = []
    const timed = async (label: string, category: 'company' | 'person', lines: string[]) => {
      const summary = await ingestLines(deps, category, lines)
      if (summary.rejected > 0) problems.push(`${label}: ${summary.rejected} rejected (${summary.rejects[0]?.reason})`)
      console.error(`  ${label.padEnd(18)} ${summary.records_per_second} records/s (${summary.seconds} s)`)
      return {
        records: summary.read,
        seconds: summary.seconds,
        records_per_second: summary.records_per_second,
        loadavg_1m: round(loadavg()[0]!, 2),
      }
    }
    const company = await timed('companies', 'company', companies)
    const person = await timed('persons', 'person', persons)
    const unchanged = await timed('persons again', 'person', persons)

    // The limit: the same records as (id, jsonb) rows, same statement size, no index, no text work.
    await sql`create table bench_bare (id text, record jsonb)`.execute(deps.db)
    const started = performance.now()
    for (let i = 0; i < persons.length; i += DEFAULT_BATCH_SIZE) {
      const rows = persons.slice(i, i + DEFAULT_BATCH_SIZE).map((line, j) => sql`(${String(i + j)}, ${line}::jsonb)`)
      await sql`insert into bench_bare (id, record) values ${sql.join(rows)}`.execute(deps.db)
    }
    const bareRps = Math.round(persons.length / ((performance.now() - started) / 1000))
    console.error(`  ${'bare insert'.padEnd(18)} ${bareRps} records/s`)
    await sql`drop table bench_bare`.execute(deps.db)

    return {
      title: 'Ingest throughput with embeddings (medium demo corpus slice) next to a bare insert of the same records',
      store: server.store,
      settings: { ...s, batch_size: DEFAULT_BATCH_SIZE, embedder: (await deps.embedder()).name },
      figures: {
        companies_records_per_second: company.records_per_second,
        persons_records_per_second: person.records_per_second,
        persons_unchanged_records_per_second: unchanged.records_per_second,
        bare_insert_records_per_second: bareRps,
        persons_share_of_bare: round(person.records_per_second / bareRps, 3),
      },
      rounds: [{ company, person, unchanged, bare_insert_records_per_second: bareRps }],
      goal: null,
      valid: problems.length === 0,
      problems,
    }
  } finally {
    await server.close()
  }
}
