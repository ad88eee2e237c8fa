// Bulk first load against the ordinary ingest (docs/performance.md, "Bulk first load"): the same
// slice of the medium demo corpus (`dsp demo seed --scale medium --limit N`: the first N records of
// every category, schools first, companies before people) stored into two fresh PostgreSQL
// databases by the command a deployment runs, once ordinarily and once with --bulk, in the same
// round and alternating which goes first. Wall time and records/s per run, and the CPU the server
// processes of this host used meanwhile. The large corpus's load time is extrapolated from the
// bulk rate (its 9.4M records); the 90-minute goal is for that load, which this run does not do.
// PostgreSQL only: DSP_BENCH_DATABASE_URL.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { SCALES } from '../src/corpus/demo/context.ts'
import { serverCpuMs } from './ingest.ts'
import { freshPostgresDatabase } from './lib/server.ts'
import { round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'bulk-load'
export const onlyByName = true

const GOAL_MINUTES = 90
const FULL = { limit: 20_000, rounds: 1 }
const QUICK = { limit: 1_000, rounds: 1 }

const large = SCALES.large
/** Records of the large corpus (funding rounds, drawn per company, left out: about one per company more). */
const LARGE_RECORDS =
  large.companies +
  large.persons +
  large.schools +
  large.patents +
  large.news +
  large.marketReports +
  large.academicReports +
  large.trends +
  large.jobOpenings

interface Run {
  bulk: boolean
  records: number
  seconds: number
  records_per_second: number
  server_cpu_s: number | null
  loadavg_1m: number
  by_category: Record<string, { records: number; seconds: number }>
}

async function seed(url: string, limit: number, bulk: boolean): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dsp-bench-bulk-'))
  const cpuBefore = serverCpuMs()
  const started = performance.now()
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const args = ['--import', 'tsx', 'src/cli/main.ts', 'demo', 'seed', '--scale', 'medium']
      const child = spawn(
        process.execPath,
        [...args, '--limit', String(limit), '--json', ...(bulk ? ['--bulk'] : [])],
        {
          env: {
            ...process.env,
            DATABASE_URL: url,
            DSP_DATA_DIR: dataDir,
            DSP_CACHE_DIR: path.resolve('node_modules/.cache/dsp'),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`seed exited ${code}: ${stderr}`))))
    })
    const seconds = (performance.now() - started) / 1000
    const cpuAfter = serverCpuMs()
    const summary = JSON.parse(out) as { categories: { category: string; read: number; seconds: number }[] }
    const records = summary.categories.reduce((n, c) => n + c.read, 0)
    return {
      bulk,
      records,
      seconds: round(seconds, 1),
      records_per_second: Math.round(records / seconds),
      server_cpu_s: cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / 1000, 1),
      loadavg_1m: round(loadavg()[0]!, 2),
      by_category: Object.fromEntries(
        summary.categories.map((c) => [c.category, { records: c.read, seconds: round(c.seconds, 1) }]),
      ),
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function run(opts: RunOptions): Promise<BenchResult> {
  const baseUrl = process.env.DSP_BENCH_DATABASE_URL
  if (!baseUrl) throw new Error('bulk-load: set DSP_BENCH_DATABASE_URL (PostgreSQL only)')
  const settings = opts.quick ? QUICK : FULL
  const rounds: Run[][] = []
  for (let r = 0; r < settings.rounds; r++) {
    const order = r % 2 === 0 ? [false, true] : [true, false]
    const runs: Run[] = []
    for (const bulk of order) {
      const db = await freshPostgresDatabase(baseUrl)
      try {
        const result = await seed(db.url, settings.limit, bulk)
        runs.push(result)
        console.log(
          `  ${bulk ? 'bulk' : 'ordinary'.padEnd(8)} ${result.records} records in ${result.seconds} s: ${result.records_per_second}/s (server CPU ${result.server_cpu_s} s, load ${result.loadavg_1m})`,
        )
      } finally {
        await db.drop()
      }
    }
    rounds.push(runs)
  }
  const median = (bulk: boolean) => {
    const rates = rounds.map((rs) => rs.find((x) => x.bulk === bulk)!.records_per_second).sort((a, b) => a - b)
    return rates[Math.floor(rates.length / 2)]!
  }
  const bulkRate = median(true)
  const ordinaryRate = median(false)
  const largeMinutes = round(LARGE_RECORDS / bulkRate / 60, 1)
  return {
    variant: 'postgresql',
    title: 'Bulk first load against the ordinary ingest (medium demo corpus slice, PostgreSQL)',
    store: 'postgresql',
    settings: { ...settings, scale: 'medium', categories: 'all ten, first `limit` records of each' },
    figures: {
      ordinary_records_per_second: ordinaryRate,
      bulk_records_per_second: bulkRate,
      bulk_over_ordinary: round(bulkRate / ordinaryRate, 3),
      large_records: LARGE_RECORDS,
      large_minutes_at_bulk_rate: largeMinutes,
    },
    rounds,
    goal: {
      description: `the large corpus loads in ≤ ${GOAL_MINUTES} minutes (extrapolated from the bulk rate of this slice)`,
      figure: 'large_minutes_at_bulk_rate',
      value: largeMinutes,
      limit: GOAL_MINUTES,
      unit: 'min',
      ratio: round(largeMinutes / GOAL_MINUTES, 3),
      pass: largeMinutes <= GOAL_MINUTES,
    },
    valid: true,
    problems: [],
  }
}
