// `npm run bench [-- <name>…] [-- --quick]`: runs the named benchmarks (all by default) one after
// another and writes bench/results/<name>.json (<name>.<variant>.json when the benchmark names a
// variant: store and corpus scale) with the machine, commit and date. Figures are
// explained in docs/performance.md. A new benchmark is a module exporting { name, run } listed below.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import * as agentRuns from './agent-runs.ts'
import * as apiLayer from './api-layer.ts'
import * as bulkLoad from './bulk-load.ts'
import * as ingest from './ingest.ts'
import * as largeLoad from './large-load.ts'
import * as metering from './metering.ts'
import * as orgChart from './org-chart.ts'
import * as personRecords from './person-records.ts'
import * as relationships from './relationships.ts'
import * as search from './search.ts'
import * as searchMix from './search-mix.ts'
import * as serveProcesses from './serve-processes.ts'
import type { Benchmark, BenchResult } from './lib/types.ts'

const BENCHMARKS: readonly Benchmark[] = [
  apiLayer,
  relationships,
  agentRuns,
  ingest,
  bulkLoad,
  largeLoad,
  search,
  searchMix,
  serveProcesses,
  metering,
  orgChart,
  personRecords,
]

const RESULTS_DIR = new URL('./results/', import.meta.url)

function git(args: string[]): string | null {
  try {
    // --no-optional-locks: reading the commit must never touch the index another process uses.
    return execFileSync('git', ['--no-optional-locks', ...args], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return null
  }
}

function machine() {
  const cpus = os.cpus()
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    // The machine is shared: the load average says how busy it was around this run.
    loadavg_1m_at_start: Number(os.loadavg()[0]!.toFixed(2)),
  }
}

function summary(name: string, result: BenchResult): string {
  const goals = [...(result.goal ? [result.goal] : []), ...(result.more_goals ?? [])]
  const verdict = !result.valid ? 'INVALID' : goals.length ? (goals.every((g) => g.pass) ? 'PASS' : 'FAIL') : 'no goal'
  const lines = [`${name}: ${verdict}`]
  for (const goal of goals)
    lines.push(
      `  ${goal.figure} = ${goal.value} ${goal.unit} (limit ${goal.limit} ${goal.unit}, ratio ${goal.ratio}) ${goal.pass ? 'pass' : 'FAIL'}`,
    )
  for (const p of result.problems) lines.push(`  problem: ${p}`)
  return lines.join('\n')
}

async function main(argv: string[]): Promise<number> {
  const quick = argv.includes('--quick')
  const names = argv.filter((a) => !a.startsWith('--'))
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n))
  if (unknown.length > 0) {
    console.error(`unknown benchmark: ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`)
    return 2
  }
  const selected =
    names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS.filter((b) => !b.onlyByName)
  let failed = false
  for (const bench of selected) {
    console.error(`── ${bench.name}${quick ? ' (quick: figures not saved)' : ''}`)
    const started = new Date()
    const context = {
      date: started.toISOString(),
      commit: git(['rev-parse', 'HEAD']),
      dirty: Boolean(git(['status', '--porcelain', '--untracked-files=no'])),
      machine: machine(),
    }
    let result: BenchResult
    try {
      result = await bench.run({ quick })
    } catch (error) {
      console.error(`${bench.name}: crashed\n`, error)
      failed = true
      continue
    }
    const record = {
      name: bench.name,
      ...context,
      seconds: Math.round((Date.now() - started.getTime()) / 1000),
      loadavg_1m_at_end: Number(os.loadavg()[0]!.toFixed(2)),
      ...result,
    }
    if (!quick) {
      mkdirSync(RESULTS_DIR, { recursive: true })
      const file = new URL(`${bench.name}${result.variant ? `.${result.variant}` : ''}.json`, RESULTS_DIR)
      writeFileSync(file, JSON.stringify(record, null, 2) + '\n')
      console.error(`wrote ${file.pathname}`)
    }
    console.log(summary(bench.name, result))
    // Invalid figures (errors, non-2xx) fail the script. A missed goal does not: on a shared,
    // noisy machine it is a figure to read, not a build to break.
    if (!result.valid) failed = true
  }
  return failed ? 1 : 0
}

process.exitCode = await main(process.argv.slice(2))
