// What generating the demo corpus costs: every record of every category (schools included)
// generated and serialised with JSON.stringify, as `dsp demo seed` hands them to the ingest, with
// CPU time, wall time and peak resident memory sampled while it runs (a streaming generator keeps
// memory flat whatever the scale). Nothing is stored.
// Run: nice -n 10 npx tsx bench/demo-corpus.ts [small|medium|large] [--limit N]
//      Output: one JSON object on stdout (docs/corpus-demo.md §1.5 quotes it).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { ENTITY_CATEGORIES } from '../src/contract/records.ts'
import { createDemoCorpus, DEMO_SCALES, type DemoScale } from '../src/corpus/demo/index.ts'

const scale = (process.argv[2] ?? 'large') as DemoScale
if (!DEMO_SCALES.includes(scale)) throw new Error(`scale is one of ${DEMO_SCALES.join(', ')}`)
const limitAt = process.argv.indexOf('--limit')
const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Infinity

const MB = 1024 * 1024
/** Resident memory now, from /proc (cheap enough to read every few thousand records). */
function rssMb(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / MB
}

const corpus = createDemoCorpus({ scale, seed: 42 })
const wall0 = performance.now()
const cpu0 = process.cpuUsage()
const rssAtStart = rssMb()
let peak = rssAtStart
const perCategory: Record<string, { records: number; seconds: number; bytes: number; peak_rss_mb: number }> = {}
for (const category of ['school', ...ENTITY_CATEGORIES] as const) {
  const t0 = performance.now()
  const records = category === 'school' ? corpus.schools() : corpus.records(category)
  const hash = createHash('sha256')
  let n = 0
  let bytes = 0
  let categoryPeak = 0
  for (const r of records) {
    const line = JSON.stringify(r)
    bytes += line.length
    hash.update(line)
    if (++n % 5_000 === 0) {
      categoryPeak = Math.max(categoryPeak, rssMb())
      process.stderr.write(`\r${category} ${n}`)
    }
    if (n >= limit) break
  }
  categoryPeak = Math.max(categoryPeak, rssMb())
  peak = Math.max(peak, categoryPeak)
  perCategory[category] = {
    records: n,
    seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    bytes,
    peak_rss_mb: Math.round(categoryPeak),
  }
  process.stderr.write(`\r${category} ${n} in ${perCategory[category].seconds} s\n`)
}
const cpu = process.cpuUsage(cpu0)
const records = Object.values(perCategory).reduce((s, c) => s + c.records, 0)
process.stdout.write(
  JSON.stringify(
    {
      scale,
      limit: Number.isFinite(limit) ? limit : null,
      records,
      wall_seconds: Number(((performance.now() - wall0) / 1000).toFixed(1)),
      cpu_seconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
      rss_at_start_mb: Math.round(rssAtStart),
      peak_rss_mb: Math.round(peak),
      max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      machine: { cpus: os.cpus().length, loadavg_1m_at_end: Number(os.loadavg()[0]!.toFixed(2)) },
      categories: perCategory,
    },
    null,
    2,
  ) + '\n',
)
