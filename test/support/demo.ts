// The seeded demo corpus for tests: prepared once per test run (scripts/run-tests.mjs runs
// prepareDemo before the suites and passes DSP_TEST_DEMO_DIR), then loaded by every test server
// that asks for it: a PGlite tarball on the embedded store, a template database on PostgreSQL,
// plus the index files and the generator's facts file copied into the server's data dir.
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { terminateBackends } from './backends.ts'
import { DEMO_FACTS_FILE, seedDemoCorpus } from '../../src/domain/corpus/demo.ts'

/**
 * One template database per prepared directory: runs from two work trees (or a test run and
 * `npm run fuzz`) on one PostgreSQL server must not drop each other's template mid-copy.
 */
export const demoTemplateDb = (dir: string) =>
  `dsp_test_demo_${createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 12)}`

export interface PreparedDemo {
  dir: string
  /** Embedded: the seeded database as a PGlite tarball. */
  tarball: string | null
  /** PostgreSQL: a template database holding the seeded corpus. */
  templateUrl: string | null
}

function templateUrl(base: string, db: string): string {
  const u = new URL(base)
  u.pathname = `/${db}`
  return u.toString()
}

export async function prepareDemo(dir: string): Promise<PreparedDemo> {
  rmSync(dir, { recursive: true, force: true })
  const dataDir = path.join(dir, 'data')
  mkdirSync(dataDir, { recursive: true })
  const base = process.env.DSP_TEST_DATABASE_URL
  const template = demoTemplateDb(dir)
  let url: string | undefined
  if (base) {
    const c = new pg.Client({ connectionString: base })
    await c.connect()
    await c.query(`drop database if exists ${template} with (force)`)
    await c.query(`create database ${template}`)
    await c.end()
    url = templateUrl(base, template)
  }
  const config = loadConfig({
    DSP_DATA_DIR: dataDir,
    DSP_LOG_LEVEL: 'silent',
    // A seed's batch holds the embedded store's one connection for seconds on a loaded machine
    // (load 20 on 2 cores crashed the preparation at the default 5 s).
    DSP_STORE_ACQUIRE_TIMEOUT_MS: '60000',
    ...(url ? { DATABASE_URL: url } : {}),
  })
  const app = await createApp(config, { port: 0, inMemory: !url, logger: false })
  await seedDemoCorpus(app.deps, { scale: 'small' })
  for (const c of [
    'company',
    'person',
    'patent',
    'news_article',
    'market_report',
    'funding_round',
    'academic_report',
    'trend',
    'job_opening',
  ] as const)
    await app.deps.vectors.save(c)
  let tarball: string | null = null
  if (!url) {
    const blob = await (app.deps.store as { pglite?: { dumpDataDir(c: 'none'): Promise<Blob> } }).pglite!.dumpDataDir(
      'none',
    )
    tarball = path.join(dir, 'pg.tar')
    writeFileSync(tarball, Buffer.from(await blob.arrayBuffer()))
  }
  await app.close()
  if (base) {
    // No session may stay on the template, or copying it fails.
    const c = new pg.Client({ connectionString: base })
    await c.connect()
    await terminateBackends(c, template)
    await c.end()
  }
  const prepared = { dir, tarball, templateUrl: url ?? null }
  writeFileSync(path.join(dir, 'prepared.json'), JSON.stringify(prepared))
  return prepared
}

let inProcess: Promise<PreparedDemo> | null = null

/** The prepared demo of this run, or one prepared now in this process when a file runs alone. */
export function preparedDemo(): Promise<PreparedDemo> {
  const dir = process.env.DSP_TEST_DEMO_DIR
  if (dir && existsSync(path.join(dir, 'prepared.json')))
    return Promise.resolve(JSON.parse(readFileSync(path.join(dir, 'prepared.json'), 'utf8')) as PreparedDemo)
  // One directory per work tree and store, so its template database is reused, not one more per process.
  const where = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)
  inProcess ??= prepareDemo(
    path.join(tmpdir(), `dsp-demo-${where}-${process.env.DSP_TEST_DATABASE_URL ? 'postgres' : 'embedded'}`),
  )
  return inProcess
}

/** Copies the index files and the facts file into a test server's data dir. */
export function copyDemoFiles(prepared: PreparedDemo, dataDir: string): void {
  const from = path.join(prepared.dir, 'data')
  if (existsSync(path.join(from, 'index')))
    cpSync(path.join(from, 'index'), path.join(dataDir, 'index'), { recursive: true })
  if (existsSync(path.join(from, DEMO_FACTS_FILE)))
    cpSync(path.join(from, DEMO_FACTS_FILE), path.join(dataDir, DEMO_FACTS_FILE))
}

export function readDemoFacts(dataDir: string) {
  return JSON.parse(readFileSync(path.join(dataDir, DEMO_FACTS_FILE), 'utf8'))
}
