// The large corpus's first load (issue 39 item 2), read back from the store it filled: each
// category's bulk load (bulk_loads: its first and last write, its items), the whole span, the
// database's and the index files' size, and the machine's load average meanwhile. The load itself
// is the command a deployment runs, started by hand (hours; docs/performance-ingest.md says how):
//   DSP_DATA_DIR=… DATABASE_URL=… dsp demo seed --scale large --bulk > seed.log
// with a line a minute of `date -u +%FT%TZ`, the 1-minute load average and the progress appended
// to a log beside it. Then, by name: `npm run bench -- large-load` with DSP_BENCH_SEEDED_DATABASE_URL,
// DSP_BENCH_SEEDED_DATA_DIR, DSP_BENCH_LOAD_LOG (the minute log) and DSP_BENCH_LOAD_SEED_LOG (the
// seed's output, whose last line gives the seed's own time, schools and facts file included).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { median, round } from './lib/stats.ts'
import { atMost, type BenchResult, type RunOptions } from './lib/types.ts'

export const name = 'large-load'
/** Reads a store a load of hours filled: run by name only. */
export const onlyByName = true

const GOAL_MINUTES = 90

interface LoadRow {
  category: string
  state: string
  committed_items: string
  started_at: Date
  updated_at: Date
}

/** The minute log's lines: time, 1-minute load average. */
function loadAverages(file: string | undefined): { at: string; load: number }[] {
  if (!file) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .filter((f) => f.length >= 2 && Number.isFinite(Number(f[1])))
    .map((f) => ({ at: f[0]!, load: Number(f[1]) }))
}

function filesUnder(dir: string): { file: string; mb: number }[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.map((n) => ({ file: n, mb: round(statSync(path.join(dir, n)).size / 2 ** 20, 1) }))
}

export async function run(_options: RunOptions): Promise<BenchResult> {
  const url = process.env.DSP_BENCH_SEEDED_DATABASE_URL
  const dataDir = process.env.DSP_BENCH_SEEDED_DATA_DIR
  if (!url || !dataDir)
    throw new Error('large-load reads a seeded store: set DSP_BENCH_SEEDED_DATABASE_URL and DSP_BENCH_SEEDED_DATA_DIR')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const setting = await client.query<{ value: string }>(
      `select value from deployment_settings where key = 'demo_corpus'`,
    )
    const demo = setting.rows[0] ? (JSON.parse(setting.rows[0].value) as { scale: string; limit?: number }) : null
    const loads = (
      await client.query<LoadRow>(
        `select category, state, committed_items, started_at, updated_at from bulk_loads order by started_at`,
      )
    ).rows
    const problems: string[] = []
    if (loads.length === 0) problems.push('no bulk load in this store')
    for (const l of loads) if (l.state !== 'done') problems.push(`${l.category}: its load is ${l.state}`)
    const categories = loads.map((l) => {
      const seconds = (l.updated_at.getTime() - l.started_at.getTime()) / 1000
      const items = Number(l.committed_items)
      return {
        category: l.category,
        items,
        minutes: round(seconds / 60, 1),
        per_second: round(items / Math.max(seconds, 1), 0),
        started_at: l.started_at.toISOString(),
        finished_at: l.updated_at.toISOString(),
      }
    })
    const first = loads[0]?.started_at.getTime() ?? 0
    const last = Math.max(0, ...loads.map((l) => l.updated_at.getTime()))
    const spanMinutes = round((last - first) / 60_000, 1)
    // The seed's own last line: "demo corpus large (seed 42) stored in 6543.2 s; …".
    const seedLog = process.env.DSP_BENCH_LOAD_SEED_LOG
    const seedSeconds = seedLog ? Number(/stored in ([\d.]+) s/.exec(readFileSync(seedLog, 'utf8'))?.[1] ?? NaN) : NaN
    const totalMinutes = Number.isFinite(seedSeconds) ? round(seedSeconds / 60, 1) : spanMinutes
    const sizes = (
      await client.query<{ name: string; mb: string }>(
        `select 'database' as name, pg_database_size(current_database()) / 1048576 as mb
         union all select relname, pg_total_relation_size(oid) / 1048576 from pg_class
         where relname in ('companies', 'persons', 'documents', 'affiliations', 'record_vectors', 'institutions')`,
      )
    ).rows.map((r) => ({ name: r.name, mb: Number(r.mb) }))
    const counts = Object.fromEntries(categories.map((c) => [c.category, c.items]))
    const averages = loadAverages(process.env.DSP_BENCH_LOAD_LOG)
    const loadValues = averages.map((a) => a.load)
    const scale = demo && demo.limit === undefined ? demo.scale : 'partial'
    const valid = problems.length === 0
    return {
      variant: `postgresql-${scale}`,
      title: `The ${scale} demo corpus's bulk first load on PostgreSQL (dsp demo seed --bulk), read back from its store`,
      store: 'postgresql',
      settings: {
        command: 'dsp demo seed --scale large --bulk',
        demo_corpus: demo,
        postgresql: (
          await client.query<{ name: string; setting: string; unit: string | null }>(
            `select name, setting, unit from pg_settings where name in
             ('shared_buffers', 'max_wal_size', 'maintenance_work_mem', 'checkpoint_timeout', 'work_mem')`,
          )
        ).rows,
      },
      figures: {
        total_minutes: totalMinutes,
        total_from: Number.isFinite(seedSeconds)
          ? "the seed's own time (schools and facts file included)"
          : 'bulk_loads',
        span_of_bulk_loads_minutes: spanMinutes,
        records: Object.values(counts).reduce((a, b) => a + b, 0),
        categories,
        sizes_mb: sizes,
        index_files_mb: filesUnder(path.join(dataDir, 'index')),
        load_average_1m:
          loadValues.length > 0
            ? {
                samples: loadValues.length,
                min: Math.min(...loadValues),
                median: median(loadValues),
                max: Math.max(...loadValues),
              }
            : null,
      },
      rounds: averages,
      // The goal is the whole large corpus's: a load stopped part-way (its categories ended with
      // `dsp bulk-loads finish`) gives rates, not a time to hold against it.
      goal:
        scale === 'large'
          ? atMost(
              `the large corpus loads in ≤ ${GOAL_MINUTES} min on this machine`,
              'total_minutes',
              totalMinutes,
              GOAL_MINUTES,
              'min',
              valid,
            )
          : null,
      valid,
      problems,
    }
  } finally {
    await client.end()
  }
}
