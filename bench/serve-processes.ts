// API processes on a seeded store (issue 39, items 4 and 5): how long a restarted `dsp serve` takes
// to answer /readyz 200 when it reuses the index files the store's load wrote, and the memory of one
// and of three API processes on the same data dir after the same searches. Memory is read from
// /proc/<pid>/smaps_rollup: RSS, and PSS, which splits shared pages (the mapped index files) among
// the processes that map them, so the PSS of three processes adds up to what they cost together.
// Run by name on a seeded PostgreSQL store (DSP_BENCH_SEEDED_DATA_DIR, DSP_BENCH_SEEDED_DATABASE_URL;
// an embedded data dir is opened by one process only): `npm run bench -- serve-processes`.
// It starts the compiled CLI (bin/dsp.js), so run `npm run build` first. Explained in
// docs/performance-startup.md.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { CATEGORY_SOURCE_CORPUS } from '../src/contract/coverage.ts'
import { ENTITY_CATEGORIES } from '../src/contract/records.ts'
import { AdminClient } from './lib/server.ts'
import { round } from './lib/stats.ts'
import { atMost, type BenchResult, type Goal, type RunOptions } from './lib/types.ts'

export const name = 'serve-processes'
/** Needs a seeded PostgreSQL store and starts four servers on it: minutes. */
export const onlyByName = true

/** Issue 39: ready in ≤ 60 s on restart; one process ≤ 3 GB resident; three ≤ 1.5× one. */
const GOALS = { readySeconds: 60, oneProcessRssMb: 3 * 1024, threeOverOne: 1.5 }
const READY_TIMEOUT_MS = 30 * 60_000
const BIN = fileURLToPath(new URL('../bin/dsp.js', import.meta.url))

/** The searches every process answers before it is measured: company and person words, filters, similar. */
const SEARCHES: readonly Record<string, unknown>[] = [
  { category: 'company', query: 'software', mode: 'fast', limit: 25 },
  { category: 'company', query: 'cloud payments platform', mode: 'fast', limit: 25 },
  { category: 'company', query: 'quantum cryptography', mode: 'fast', limit: 25 },
  { category: 'person', query: 'engineer', mode: 'fast', limit: 25 },
  { category: 'person', query: 'data analytics', mode: 'fast', limit: 25 },
  { category: 'person', query: 'vp of sales', mode: 'fast', limit: 25 },
  { category: 'company', query: 'fintech companies in germany', mode: 'auto', limit: 25 },
  { category: 'person', query: 'machine learning researcher', mode: 'auto', limit: 25 },
]
const ROUNDS = { full: 5, quick: 1 }

interface Memory {
  rss_mb: number
  /** The most RSS the process ever had (VmHWM): the tables of document frequencies being read, the index files mapped. */
  peak_rss_mb: number
  pss_mb: number
  /** Pages only this process maps (Private_Clean + Private_Dirty): what each more process adds. */
  private_mb: number
  /** V8's heap (used, and what it holds from the system) and memory outside it (array buffers, native), from /metrics. */
  heap_used_mb: number
  heap_total_mb: number
  external_mb: number
}

interface Started {
  child: ChildProcess
  url: string
  /** The process's inspector (ws://…), which collects its garbage before its memory is read. */
  inspector: string
  ready_seconds: number
  /** Categories whose table of document frequencies the process has read (its log's 'document frequencies read'). */
  frequencies: string[]
  /** The lines saying how each category's vector index was prepared (loaded from file or built). */
  index_lines: string[]
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port
      server.close(() => resolve(port))
    })
  })
}

/**
 * The seeded store's demo scale (what `dsp demo seed` records once it has stored every category;
 * `partial` before), naming the results file, and the records it holds per table.
 */
async function seededStore(
  databaseUrl: string,
): Promise<{ scale: string; records: Record<string, number>; categoriesWithRecords: number }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const row = await client.query<{ value: string }>(`select value from deployment_settings where key = 'demo_corpus'`)
    const value = row.rows[0]?.value
    const counts = await client.query<{ t: string; n: string }>(
      `select 'companies' as t, count(*) as n from companies union all select 'persons', count(*) from persons
       union all select 'documents', count(*) from documents`,
    )
    const states = await client.query<{ corpus: string }>(`select corpus from corpus_state where record_count > 0`)
    const corpora = new Set(states.rows.map((r) => r.corpus))
    return {
      scale: value ? (JSON.parse(value) as { scale: string }).scale : 'partial',
      records: Object.fromEntries(counts.rows.map((r) => [r.t, Number(r.n)])),
      categoriesWithRecords: ENTITY_CATEGORIES.filter((c) => corpora.has(CATEGORY_SOURCE_CORPUS[c])).length,
    }
  } finally {
    await client.end()
  }
}

/**
 * A full garbage collection in the server process, through its inspector (HeapProfiler.collectGarbage),
 * sent by a short helper process (Node 20's WebSocket is behind a flag). An idle V8 does not
 * collect on its own: the tables of document frequencies leave 100–130 MB of garbage that stays in
 * the heap of a process that gets no more requests, in some processes and not others (heap in use
 * 184–204 MB in two of three processes at 2.02M people, 79 MB in the third that did the same work).
 * Memory at rest is what the process keeps.
 */
async function collectGarbage(server: Started): Promise<void> {
  const script = `const ws = new WebSocket(process.argv[1])
ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }))
ws.onmessage = (m) => { if (JSON.parse(m.data).id === 1) { ws.close(); process.exit(0) } }
ws.onerror = (e) => { console.error(String(e.message ?? e)); process.exit(1) }
setTimeout(() => process.exit(2), 60000)`
  const helper = spawn(
    process.execPath,
    ['--experimental-websocket', '--no-warnings', '-e', script, server.inspector],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let err = ''
  helper.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')))
  const code = await new Promise<number | null>((resolve) => helper.once('exit', resolve))
  if (code !== 0) throw new Error(`garbage collection through the inspector failed (${code}): ${err}`)
}

async function memoryOf(server: Started, metricsToken: string): Promise<Memory> {
  await collectGarbage(server)
  const text = await readFile(`/proc/${server.child.pid!}/smaps_rollup`, 'utf8')
  const status = await readFile(`/proc/${server.child.pid!}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
  const peakKb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0)
  const bytes = await metricBytes(server, metricsToken)
  const mb = (b: number) => Math.round(b / 1024 / 1024)
  return {
    rss_mb: Math.round(kb('Rss') / 1024),
    peak_rss_mb: Math.round(peakKb / 1024),
    pss_mb: Math.round(kb('Pss') / 1024),
    private_mb: Math.round((kb('Private_Clean') + kb('Private_Dirty')) / 1024),
    heap_used_mb: mb(bytes('nodejs_heap_size_used_bytes')),
    heap_total_mb: mb(bytes('nodejs_heap_size_total_bytes')),
    external_mb: mb(bytes('nodejs_external_memory_bytes')),
  }
}

/** Starts `dsp serve --no-worker` on the seeded store and waits for /readyz 200. */
async function startServer(env: NodeJS.ProcessEnv): Promise<Started> {
  const port = await freePort()
  const started = performance.now()
  // The inspector on a port of its own, on loopback: the bench asks it for a full garbage collection
  // before it reads the process's memory (collectGarbage).
  const child = spawn(
    process.execPath,
    ['--inspect=127.0.0.1:0', BIN, 'serve', '--no-worker', '--port', String(port)],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let inspector: string | null = null
  const indexLines: string[] = []
  const frequencies: string[] = []
  let output = ''
  let partial = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000)
    // Whole lines only: a chunk may end inside one.
    const lines = (partial + chunk.toString('utf8')).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      if (/^vector index /.test(line.trim())) indexLines.push(line.trim())
      const read = /"category":"(\w+)".*"msg":"document frequencies read"/.exec(line)
      if (read) frequencies.push(read[1]!)
    }
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000)
    inspector ??= /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] ?? null
  })
  const url = `http://127.0.0.1:${port}`
  while (performance.now() - started < READY_TIMEOUT_MS) {
    if (child.exitCode !== null) throw new Error(`dsp serve exited with ${child.exitCode}: ${output}`)
    let ready = false
    try {
      const res = await fetch(`${url}/readyz`)
      await res.arrayBuffer()
      ready = res.status === 200
    } catch {
      // Not listening yet.
    }
    if (ready) {
      if (!inspector) throw new Error(`dsp serve did not say where its inspector listens: ${output}`)
      return {
        child,
        url,
        inspector,
        ready_seconds: round((performance.now() - started) / 1000, 1),
        index_lines: indexLines,
        frequencies,
      }
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`dsp serve was not ready within ${READY_TIMEOUT_MS / 60_000} min: ${output}`)
}

/**
 * Waits until the process has read the table of document frequencies of every category holding
 * records (dsp serve starts these reads once ready): memory is measured at rest, not while a
 * table is built (at a million records a read holds a few hundred MB of lexemes for a minute).
 */
async function settled(server: Started, categories: number, metricsToken: string): Promise<number> {
  const started = performance.now()
  while (server.frequencies.length < categories) {
    if (performance.now() - started > READY_TIMEOUT_MS)
      throw new Error('document frequencies not read within the timeout')
    await new Promise((r) => setTimeout(r, 500))
  }
  // What a read left behind is garbage until V8 collects it, which an idle process does within
  // seconds to a minute: heap in use within 5 % over three readings 10 s apart, at most 3 minutes.
  const readings = [await heapUsed(server, metricsToken)]
  for (let i = 0; i < 18; i++) {
    await new Promise((r) => setTimeout(r, 10_000))
    readings.push(await heapUsed(server, metricsToken))
    const recent = readings.slice(-3)
    if (recent.length === 3 && Math.max(...recent) <= 1.05 * Math.min(...recent)) break
  }
  return round((performance.now() - started) / 1000, 1)
}

/** The process's /metrics read once: a function giving a metric's value in bytes by its name. */
async function metricBytes(server: Started, metricsToken: string): Promise<(name: string) => number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  const metrics = await res.text()
  return (name) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(metrics)?.[1] ?? NaN)
}

async function heapUsed(server: Started, metricsToken: string): Promise<number> {
  return (await metricBytes(server, metricsToken))('nodejs_heap_size_used_bytes')
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  await exited
  clearTimeout(timer)
}

/**
 * The first `auto` question a process answers, sent as soon as it is ready: it parses with the
 * vocabularies, which a process takes from the store when another process stored them for the
 * corpus as it is, and reads from the index otherwise (46 s at a million companies and 1.6M people).
 */
const FIRST_AUTO = { query: 'engineers at fintech companies in Germany', mode: 'auto', category: 'person', limit: 10 }

async function firstAutoSeconds(url: string, key: string, problems: string[]): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${url}/v1/search`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(FIRST_AUTO),
  })
  const text = await res.text()
  if (res.status !== 200) problems.push(`${url} first auto question: ${res.status} ${text.slice(0, 200)}`)
  return round((performance.now() - started) / 1000, 2)
}

/** The same searches on one server, `rounds` times; returns the problems seen. */
async function exercise(url: string, key: string, rounds: number): Promise<string[]> {
  const problems: string[] = []
  for (let i = 0; i < rounds; i++)
    for (const body of SEARCHES) {
      const res = await fetch(`${url}/v1/search`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const text = await res.text()
      if (res.status !== 200 && problems.length < 5)
        problems.push(`${url} ${JSON.stringify(body)}: ${res.status} ${text.slice(0, 200)}`)
    }
  return problems
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const dataDir = process.env.DSP_BENCH_SEEDED_DATA_DIR
  const databaseUrl = process.env.DSP_BENCH_SEEDED_DATABASE_URL
  if (!dataDir || !databaseUrl)
    throw new Error(
      'serve-processes needs a seeded PostgreSQL store: set DSP_BENCH_SEEDED_DATA_DIR and DSP_BENCH_SEEDED_DATABASE_URL',
    )
  const token = randomBytes(24).toString('hex')
  const metricsToken = randomBytes(24).toString('hex')
  const env = {
    ...process.env,
    DSP_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DSP_ADMIN_TOKEN: token,
    DSP_METRICS_TOKEN: metricsToken,
  }
  const rounds = options.quick ? ROUNDS.quick : ROUNDS.full
  const store = await seededStore(databaseUrl)
  const problems: string[] = []
  const children: ChildProcess[] = []
  try {
    // One process: a restart on the files the load wrote.
    const one = await startServer(env)
    children.push(one.child)
    console.error(`  one process ready in ${one.ready_seconds} s`)
    for (const line of one.index_lines) console.error(`    ${line}`)
    const { key } = await new AdminClient(one.url, token).workspaceWithKey({
      scopes: ['dsp.search.read'],
      credits: 1_000_000,
      environment: 'test',
    })
    const oneFirstAuto = await firstAutoSeconds(one.url, key, problems)
    console.error(`  its first auto question answered in ${oneFirstAuto} s`)
    problems.push(...(await exercise(one.url, key, rounds)))
    const oneSettled = await settled(one, store.categoriesWithRecords, metricsToken)
    console.error(`  at rest ${oneSettled} s after the searches (document frequencies read, heap steady)`)
    const oneMemory = await memoryOf(one, metricsToken)
    console.error(`  one process: ${JSON.stringify(oneMemory)}`)
    await stop(one.child)

    // Three processes on the same data dir, started together.
    const three = await Promise.all([startServer(env), startServer(env), startServer(env)])
    children.push(...three.map((s) => s.child))
    console.error(`  three processes ready in ${three.map((s) => s.ready_seconds).join(', ')} s`)
    const threeFirstAuto = await Promise.all(three.map((s) => firstAutoSeconds(s.url, key, problems)))
    console.error(`  their first auto questions answered in ${threeFirstAuto.join(', ')} s`)
    for (const s of three) problems.push(...(await exercise(s.url, key, rounds)))
    await Promise.all(three.map((s) => settled(s, store.categoriesWithRecords, metricsToken)))
    const threeMemory = await Promise.all(three.map((s) => memoryOf(s, metricsToken)))
    const total = {
      rss_mb: threeMemory.reduce((a, m) => a + m.rss_mb, 0),
      pss_mb: threeMemory.reduce((a, m) => a + m.pss_mb, 0),
    }
    console.error(`  three processes: RSS ${total.rss_mb} MB, PSS ${total.pss_mb} MB in all`)
    await Promise.all(three.map((s) => stop(s.child)))

    const valid = problems.length === 0
    const ratio = round(total.pss_mb / oneMemory.pss_mb, 2)
    const slowestReady = Math.max(one.ready_seconds, ...three.map((s) => s.ready_seconds))
    const goals: Goal[] = [
      atMost(
        'a restarted process is ready within 60 s',
        'ready_seconds_max',
        slowestReady,
        GOALS.readySeconds,
        's',
        valid,
      ),
      atMost(
        'one API process ≤ 3 GB resident',
        'one_process.rss_mb',
        oneMemory.rss_mb,
        GOALS.oneProcessRssMb,
        'MB',
        valid,
      ),
      atMost(
        'one API process ≤ 3 GB resident at its peak too (VmHWM: start-up and the tables of document frequencies included)',
        'one_process.peak_rss_mb',
        oneMemory.peak_rss_mb,
        GOALS.oneProcessRssMb,
        'MB',
        valid,
      ),
      atMost(
        "three processes together ≤ 1.5× one process's total (PSS)",
        'three_over_one_pss',
        ratio,
        GOALS.threeOverOne,
        '×',
        valid,
      ),
    ]
    return {
      variant: `postgresql-${store.scale}`,
      title: 'API processes on a seeded store: ready after a restart, memory of one and of three processes',
      store: 'postgresql',
      settings: {
        data_dir: dataDir,
        records: store.records,
        searches_per_process: SEARCHES.length * rounds,
        searches: SEARCHES,
        first_auto_question: FIRST_AUTO,
      },
      figures: {
        one_process: {
          ready_seconds: one.ready_seconds,
          first_auto_answer_seconds: oneFirstAuto,
          index_lines: one.index_lines,
          ...oneMemory,
        },
        three_processes: {
          ready_seconds: three.map((s) => s.ready_seconds),
          first_auto_answer_seconds: threeFirstAuto,
          each: threeMemory,
          total,
          over_one_pss: ratio,
        },
      },
      rounds: [],
      goal: goals[0]!,
      more_goals: goals.slice(1),
      valid,
      problems,
    }
  } finally {
    await Promise.all(children.map((c) => stop(c)))
  }
}
