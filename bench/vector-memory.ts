// Memory of the vector index per process: one index file (N clustered 100-d vectors, HNSW) opened
// by 1 and by 3 processes at once, read into each process (VectorIndex.load) or mapped and shared
// (MappedVectorIndex + LayeredVectorIndex, what CorpusVectors does past DSP_VECTOR_MAP_MIN_VECTORS).
// Each process runs searches (HNSW, and candidate scans that read vectors) and then holds still
// while the parent reads /proc/<pid>/smaps_rollup of all of them: RSS, and PSS (shared pages split
// among the processes that map them, so the PSS of 3 processes adds up to what they cost together).
// Run: nice -n 10 npx tsx bench/vector-memory.ts [N]   Output: JSON on stdout (docs/performance-startup.md).
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LayeredVectorIndex, MappedVectorIndex } from '../src/retrieval/mapped-vector-index.ts'
import { VectorIndex } from '../src/retrieval/vector-index.ts'

const DIMS = 100
const SEARCHES = 300

function clustered(count: number, seed: number): Float32Array[] {
  let state = seed
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1
  const centres = Array.from({ length: 50 }, () => Float32Array.from({ length: DIMS }, random))
  return Array.from({ length: count }, (_, i) => Float32Array.from(centres[i % 50]!, (x) => x + 0.6 * random()))
}

async function rollup(pid: number): Promise<{ rss_mb: number; pss_mb: number }> {
  const text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
  return { rss_mb: Math.round(kb('Rss') / 1024), pss_mb: Math.round(kb('Pss') / 1024) }
}

async function filesMb(dir: string): Promise<number> {
  let bytes = 0
  for (const f of await readdir(dir)) if (f.startsWith('person.vidx')) bytes += (await stat(path.join(dir, f))).size
  return Math.round(bytes / 2 ** 20)
}

if (process.argv[2] === '--child') {
  // Child: open the file one way, search, report, then wait to be measured and killed.
  const [, , , mode, file, count] = process.argv
  const n = Number(count)
  const index =
    mode === 'mapped' ? new LayeredVectorIndex(await MappedVectorIndex.open(file!)) : await VectorIndex.load(file!)
  const queries = clustered(SEARCHES, 99)
  for (const [i, q] of queries.entries()) {
    index.search(q, 25)
    // A filtered query: 5,000 candidates scanned exactly (reads their vectors).
    const from = (i * 7919) % Math.max(1, n - 5_000)
    index.search(q, 25, { candidates: Array.from({ length: 5_000 }, (_, j) => BigInt(from + j)) })
  }
  process.stdout.write('ready\n')
  setInterval(() => {}, 1 << 30)
} else {
  const n = Number(process.argv[2] ?? 100_000)
  const dir = await mkdtemp(path.join(tmpdir(), 'dsp-vector-memory-'))
  const file = path.join(dir, 'person.vidx')
  try {
    const started = performance.now()
    const built = new VectorIndex({ dimensions: DIMS, exactMaxSize: 0 })
    const vectors = clustered(n, 1)
    for (let i = 0; i < n; i += 10_000) {
      built.add(
        Array.from({ length: Math.min(10_000, n - i) }, (_, j) => BigInt(i + j)),
        vectors.slice(i, i + 10_000),
      )
      process.stderr.write(`\rbuilt ${Math.min(n, i + 10_000)}`)
    }
    await built.save(file)
    const buildSeconds = (performance.now() - started) / 1000
    process.stderr.write(`\rbuilt ${n} in ${buildSeconds.toFixed(0)} s\n`)

    const self = fileURLToPath(import.meta.url)
    async function measure(mode: 'memory' | 'mapped', processes: number) {
      const children = Array.from({ length: processes }, () =>
        spawn(process.execPath, ['--import', 'tsx', self, '--child', mode, file, String(n)], {
          stdio: ['ignore', 'pipe', 'inherit'],
        }),
      )
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve, reject) => {
              c.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve())
              c.once('exit', (code) => reject(new Error(`child exited with ${code}`)))
            }),
        ),
      )
      const each = await Promise.all(children.map((c) => rollup(c.pid!)))
      for (const c of children) c.kill('SIGKILL')
      return {
        mode,
        processes,
        each,
        rss_total_mb: each.reduce((s, e) => s + e.rss_mb, 0),
        pss_total_mb: each.reduce((s, e) => s + e.pss_mb, 0),
      }
    }
    // The cost of a process that holds no index: Node, tsx and usearch loaded.
    const empty = path.join(dir, 'empty.vidx')
    await new VectorIndex({ dimensions: DIMS }).save(empty)
    const baseline = await (async () => {
      const c = spawn(process.execPath, ['--import', 'tsx', self, '--child', 'memory', empty, '0'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      await new Promise<void>((resolve) => c.stdout.on('data', () => resolve()))
      const r = await rollup(c.pid!)
      c.kill('SIGKILL')
      return r
    })()
    const runs = []
    for (const mode of ['memory', 'mapped'] as const)
      for (const processes of [1, 3]) runs.push(await measure(mode, processes))
    process.stdout.write(
      JSON.stringify(
        {
          vectors: n,
          dimensions: DIMS,
          build_seconds: Number(buildSeconds.toFixed(1)),
          file_mb: await filesMb(dir),
          baseline_process: baseline,
          runs,
          machine: { cpus: os.cpus().length, loadavg_1m: Number(os.loadavg()[0]!.toFixed(2)) },
        },
        null,
        2,
      ) + '\n',
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
