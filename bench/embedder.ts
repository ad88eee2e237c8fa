// Embedder and vector index figures: GloVe conversion (in a child process, so its peak memory is
// its own), binary load time and memory, sentences embedded per second, and usearch HNSW on 100k
// embeddings (add throughput, query latency and recall) against the exact scan.
// Run: npx tsx bench/embedder.ts   Output: stdout and bench/results/embedder.json

import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { GloveEmbedder, gloveBinaryPath } from '../src/retrieval/embedder/index.ts'
import { EXACT_SCAN_MAX_CANDIDATES, VectorIndex } from '../src/retrieval/vector-index.ts'

const INDEX_VECTORS = 100_000
const QUERIES = 500
const EMBED_BATCH = 100
const MB = 1024 * 1024

if (process.argv[2] === '--convert') {
  // Child: convert into an empty cache directory and report.
  const started = performance.now()
  const embedder = await GloveEmbedder.open({ cacheDir: process.argv[3]! })
  process.stdout.write(
    JSON.stringify({
      seconds: (performance.now() - started) / 1000,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      wasConverted: embedder.wasConverted,
    }),
  )
  process.exit(0)
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits))
const rssMb = () => process.memoryUsage().rss / MB

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}

function latency(run: () => unknown, times: number): { mean_ms: number; p50_ms: number; p99_ms: number } {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    run()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length
  return {
    mean_ms: round(mean, 3),
    p50_ms: round(percentile(samples, 0.5), 3),
    p99_ms: round(percentile(samples, 0.99), 3),
  }
}

/** Deterministic company descriptions of ≈ 40 words, varied enough to spread over the space. */
function descriptions(count: number, seed: number): string[] {
  let state = seed
  const pick = <T>(list: readonly T[]): T =>
    list[((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) % list.length]!
  const sectors = [
    ['software', 'cloud platform', 'data analytics tools', 'cybersecurity products', 'developer APIs'],
    ['banking services', 'payment processing', 'insurance products', 'lending platform', 'wealth management'],
    ['medical devices', 'clinical research', 'pharmaceutical drugs', 'hospital services', 'diagnostic tests'],
    ['freight shipping', 'warehouse logistics', 'trucking services', 'supply chain software', 'port operations'],
    ['organic food', 'dairy products', 'craft beer', 'restaurant chains', 'packaged snacks'],
    ['solar panels', 'wind turbines', 'battery storage', 'electric vehicle charging', 'energy efficiency services'],
    ['legal services', 'accounting firm', 'management consulting', 'recruitment agency', 'marketing agency'],
    ['construction', 'real estate development', 'architecture studio', 'building materials', 'property management'],
  ] as const
  const customers = [
    'small businesses',
    'enterprises',
    'hospitals',
    'retailers',
    'governments',
    'farmers',
    'manufacturers',
    'consumers',
    'schools',
    'banks',
  ]
  const cities = [
    'Berlin',
    'London',
    'Austin',
    'Toronto',
    'Singapore',
    'Paris',
    'Madrid',
    'Chicago',
    'Sydney',
    'Nairobi',
  ]
  const regions = ['Europe', 'North America', 'Asia', 'Latin America', 'Africa', 'the Middle East']
  const adjectives = [
    'fast-growing',
    'family-owned',
    'venture-backed',
    'independent',
    'publicly listed',
    'award-winning',
  ]
  const verbs = ['builds', 'sells', 'provides', 'designs', 'operates', 'develops', 'distributes']
  const extras = [
    'a strong focus on sustainability',
    'offices in five countries',
    'a team of 200 engineers',
    'long-term contracts with major clients',
    'a network of local partners',
  ]
  return Array.from({ length: count }, (_, i) => {
    const sector = pick(sectors)
    return (
      `Company ${i} is a ${pick(adjectives)} ${pick(sector)} company based in ${pick(cities)} that ${pick(verbs)} ` +
      `${pick(sector)} and ${pick(sector)} for ${pick(customers)}. Founded in ${1950 + (i % 70)}, it serves ` +
      `${pick(customers)} and ${pick(customers)} across ${pick(regions)}, with ${pick(extras)} and ${pick(extras)}.`
    )
  })
}

const workDir = await mkdtemp(path.join(tmpdir(), 'dsp-bench-embedder-'))
try {
  const cacheDir = path.join(workDir, 'cache')
  const convert = JSON.parse(
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--convert', cacheDir], {
      encoding: 'utf8',
    }),
  ) as { seconds: number; peakRssMb: number; wasConverted: boolean }
  if (!convert.wasConverted) throw new Error('expected a conversion in an empty cache directory')

  const rssBeforeLoad = rssMb()
  let started = performance.now()
  const embedder = await GloveEmbedder.open({ cacheDir })
  const loadSeconds = (performance.now() - started) / 1000
  const rssAfterLoad = rssMb()
  const binaryMb = (await stat(gloveBinaryPath(cacheDir))).size / MB

  const corpus = descriptions(INDEX_VECTORS, 1)
  const words = corpus.reduce((sum, text) => sum + text.split(/\s+/).length, 0) / corpus.length
  const vectors: Float32Array[] = []
  started = performance.now()
  for (let i = 0; i < corpus.length; i += EMBED_BATCH)
    vectors.push(...(await embedder.embed(corpus.slice(i, i + EMBED_BATCH))))
  const embedSeconds = (performance.now() - started) / 1000
  const queries = await embedder.embed(descriptions(QUERIES, 2))

  const index = new VectorIndex({ dimensions: embedder.dimensions })
  const keys = Array.from({ length: INDEX_VECTORS }, (_, i) => BigInt(i))
  started = performance.now()
  // Batches of 10k, as an ingest job would add them.
  for (let i = 0; i < INDEX_VECTORS; i += 10_000) index.add(keys.slice(i, i + 10_000), vectors.slice(i, i + 10_000))
  const addSeconds = (performance.now() - started) / 1000
  const rssWithIndex = rssMb()
  started = performance.now()
  for (let i = 0; i < 1_000; i++) index.add([keys[i]!], [vectors[(i + 1) % INDEX_VECTORS]!])
  const singleAddMs = (performance.now() - started) / 1_000

  let found = 0
  for (const query of queries) {
    const exact = new Set(index.exactSearch(query, 10).map((m) => m.key))
    found += index.search(query, 10).filter((m) => exact.has(m.key)).length
  }
  let q = 0
  const nextQuery = () => queries[q++ % queries.length]!
  const candidates20k = new Set(keys.filter((_, i) => i % 5 === 0))
  const candidatesHalf = new Set(keys.filter((_, i) => i % 2 === 0))

  const file = path.join(workDir, 'records.vectors')
  started = performance.now()
  await index.save(file)
  const saveSeconds = (performance.now() - started) / 1000
  started = performance.now()
  const loaded = await VectorIndex.load(file)
  const indexLoadSeconds = (performance.now() - started) / 1000
  if (loaded.size !== index.size) throw new Error('loaded index differs')

  const results = {
    measured_at: new Date().toISOString(),
    machine: { cpus: availableParallelism(), node: process.version },
    glove: {
      vocabulary: embedder.vocabularySize,
      binary_mb: round(binaryMb, 1),
      convert_seconds: round(convert.seconds),
      convert_peak_rss_mb: round(convert.peakRssMb, 0),
      load_seconds: round(loadSeconds, 3),
      rss_before_load_mb: round(rssBeforeLoad, 0),
      rss_after_load_mb: round(rssAfterLoad, 0),
    },
    embed: {
      sentences: corpus.length,
      words_per_sentence: round(words, 1),
      batch_size: EMBED_BATCH,
      sentences_per_second: round(corpus.length / embedSeconds, 0),
    },
    index: {
      vectors: INDEX_VECTORS,
      dimensions: embedder.dimensions,
      batch_add_per_second: round(INDEX_VECTORS / addSeconds, 0),
      batch_add_seconds: round(addSeconds, 1),
      bench_process_rss_with_index_mb: round(rssWithIndex, 0),
      single_upsert_ms: round(singleAddMs, 3),
      ann_top10: latency(() => index.search(nextQuery(), 10), QUERIES),
      ann_recall_at_10: round(found / (QUERIES * 10), 3),
      exact_scan_all_top10: latency(() => index.exactSearch(nextQuery(), 10), 50),
      [`exact_scan_${candidates20k.size}_candidates_top10`]: latency(
        () => index.search(nextQuery(), 10, { candidates: candidates20k }),
        100,
      ),
      filtered_ann_half_candidates_top10: latency(
        () => index.search(nextQuery(), 10, { candidates: candidatesHalf }),
        200,
      ),
      exact_scan_max_candidates: EXACT_SCAN_MAX_CANDIDATES,
      save_seconds: round(saveSeconds),
      load_seconds: round(indexLoadSeconds),
      file_mb: round((await stat(file)).size / MB, 1),
    },
  }
  const json = JSON.stringify(results, null, 2)
  console.log(json)
  const out = fileURLToPath(new URL('./results/embedder.json', import.meta.url))
  await mkdir(path.dirname(out), { recursive: true })
  await writeFile(out, `${json}\n`)
} finally {
  await rm(workDir, { recursive: true, force: true })
}
