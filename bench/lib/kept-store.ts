// A store kept between runs of a real-data benchmark (`--data-dir DIR`, with `--database-url URL`
// on PostgreSQL): it is ingested again only when the datasets or the ingest code changed, judged by
// a fingerprint kept in DIR/<state file>. Used by bench/relevance-real.ts and bench/agent-runs-real.ts.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { DATASETS } from '../real-data/records.ts'

const ROOT = new URL('../../', import.meta.url).pathname
/** What an ingested store depends on: the dataset files (size, time) and the ingest code (text). */
const INGEST_CODE = [
  'bench/real-data',
  'src/domain/corpus',
  'src/store/corpus.ts',
  'src/store/corpus-batch.ts',
  'src/store/corpus-columns.ts',
  'src/store/corpus-counts.ts',
  'src/store/corpus-graph.ts',
  'src/store/corpus-records.ts',
  'src/store/corpus-vectors.ts',
  'src/store/migrations',
  'src/corpus',
]

function filesUnder(p: string): string[] {
  if (!existsSync(p)) return []
  if (!statSync(p).isDirectory()) return [p]
  return readdirSync(p)
    .sort()
    .flatMap((e) => filesUnder(path.join(p, e)))
}

/** The datasets and the ingest code, plus `extra` (what else decides what a benchmark ingests). */
export function fingerprint(extra: string[] = []): string {
  const h = createHash('sha256')
  for (const f of filesUnder(DATASETS.pathname)) {
    const st = statSync(f)
    h.update(`${path.relative(DATASETS.pathname, f)} ${st.size} ${st.mtimeMs}\n`)
  }
  for (const f of [...INGEST_CODE, ...extra].flatMap((p) => filesUnder(path.join(ROOT, p)))) {
    h.update(`${path.relative(ROOT, f)}\n`)
    h.update(readFileSync(f))
  }
  return h.digest('hex')
}

/** Drops and creates the kept PostgreSQL database again (connected through its server's `postgres`). */
async function recreateDatabase(url: string) {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database-url: a plain database name, not ${name}`)
  target.pathname = '/postgres'
  const client = new pg.Client({ connectionString: target.toString() })
  await client.connect()
  try {
    await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
}

export interface KeptState {
  fingerprint: string
  ingested: Record<string, unknown>
}

/**
 * The kept store's state when DIR/`stateFile` still matches `print`; otherwise DIR is emptied (and
 * the PostgreSQL database recreated) and null is returned: the caller ingests, then `saveKept`.
 */
export async function prepareKept(
  dir: string | undefined,
  databaseUrl: string | undefined,
  print: string,
  stateFile: string,
): Promise<KeptState | null> {
  if (!dir) return null
  const file = path.join(dir, stateFile)
  if (existsSync(file)) {
    const state = JSON.parse(readFileSync(file, 'utf8')) as KeptState
    if (state.fingerprint === print) return state
    console.error(`  ${dir}: datasets or ingest code changed, ingesting again`)
  }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  if (databaseUrl) await recreateDatabase(databaseUrl)
  return null
}

/** Marks the store in `dir` as ingested for `print`. */
export function saveKept(dir: string, stateFile: string, state: KeptState): void {
  writeFileSync(path.join(dir, stateFile), JSON.stringify(state, null, 2))
}
