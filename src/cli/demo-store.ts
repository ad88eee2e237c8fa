// The demo store made once by `npm run build` (a source checkout: `npm ci` runs it) into
// dist/demo-store/: the embedded database with the small demo corpus seeded (a PGlite data-dir
// tarball), its ANN index files and its facts file. `dsp serve --demo` on a new embedded data dir
// loads it instead of seeding (seconds instead of half a minute). Nothing is downloaded.
//
// The tarball holds the deployment secret generated when it was built (record ids of the demo
// corpus are derived from it), so it is made on each machine's build and left out of the npm
// package; a deployment with its own DSP_SECRET, another embedder or PostgreSQL seeds instead.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Config } from '../config.ts'

export const DEMO_STORE_DIR = fileURLToPath(new URL('../../dist/demo-store/', import.meta.url))
const TARBALL = 'pg.tar.gz'
const MANIFEST = 'manifest.json'
const FACTS = 'demo-facts.json'

interface Manifest {
  scale: string
  seed: number
  embedder: string
  built_at: string
}

/** Whether a demo store built into dist/ may be loaded for this configuration. */
export function demoStoreUsable(config: Readonly<Config>): boolean {
  return (
    !config.DATABASE_URL &&
    !config.DSP_SECRET &&
    config.DSP_EMBEDDINGS_PROVIDER === 'glove' &&
    !existsSync(path.resolve(config.DSP_DATA_DIR, 'pg')) &&
    existsSync(path.join(DEMO_STORE_DIR, MANIFEST))
  )
}

/**
 * For a new embedded data dir: copies the built demo store's index and facts files into it and
 * returns the database tarball for the store to load (createApp's loadDataDir); otherwise null.
 */
export function takeDemoStore(config: Readonly<Config>): Blob | null {
  if (!demoStoreUsable(config)) return null
  const dataDir = path.resolve(config.DSP_DATA_DIR)
  const indexFrom = path.join(DEMO_STORE_DIR, 'index')
  const indexTo = path.join(dataDir, 'index')
  mkdirSync(indexTo, { recursive: true })
  for (const f of readdirSync(indexFrom)) copyFileSync(path.join(indexFrom, f), path.join(indexTo, f))
  copyFileSync(path.join(DEMO_STORE_DIR, FACTS), path.join(dataDir, FACTS))
  return new Blob([readFileSync(path.join(DEMO_STORE_DIR, TARBALL))])
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/
const DB_SHUTDOWNED = 1

/**
 * Deletes the WAL segments of a cleanly shut down data dir but the one its last checkpoint is in
 * (pg_control: state at byte 16, checkpoint location at byte 32, its timeline at byte 48); the
 * others are spent or recycled ones PostgreSQL does not read. Does nothing unless all of that holds.
 */
function trimWal(pgDir: string): void {
  const control = readFileSync(path.join(pgDir, 'global', 'pg_control'))
  if (control.readUInt32LE(16) !== DB_SHUTDOWNED) return
  const checkpoint = control.readBigUInt64LE(32)
  const timeline = control.readUInt32LE(48)
  const walDir = path.join(pgDir, 'pg_wal')
  const segments = readdirSync(walDir).filter((f) => WAL_SEGMENT.test(f))
  if (segments.length === 0) return
  const segmentBytes = BigInt(statSync(path.join(walDir, segments[0]!)).size)
  const segment = checkpoint / segmentBytes
  const perId = 0x1_0000_0000n / segmentBytes
  const hex = (n: bigint | number, width = 8) => n.toString(16).toUpperCase().padStart(width, '0')
  const keep = hex(timeline) + hex(segment / perId) + hex(segment % perId)
  if (!segments.includes(keep)) return
  for (const f of segments) if (f !== keep) rmSync(path.join(walDir, f))
}

/** `npm run build`: seeds the small demo corpus into a scratch embedded store and writes dist/demo-store/. */
export async function buildDemoStore(): Promise<{ bytes: number; seconds: number }> {
  const started = performance.now()
  const [{ loadConfig, childEnvironment }, { createApp }, { seedDemoCorpus }, { DEFAULT_DEMO_SEED }] =
    await Promise.all([
      import('../config.ts'),
      import('../app.ts'),
      import('../domain/corpus/demo.ts'),
      import('../corpus/demo/index.ts'),
    ])
  const scratch = mkdtempSync(path.join(tmpdir(), 'dsp-demo-store-'))
  try {
    // The build's own settings are ignored: an embedded store, GloVe, a secret of its own.
    const env: Record<string, string | undefined> = childEnvironment({ DSP_DATA_DIR: scratch })
    for (const k of ['DATABASE_URL', 'REDIS_URL', 'DSP_SECRET', 'DSP_EMBEDDINGS_PROVIDER']) delete env[k]
    const config = loadConfig(env)
    const app = await createApp(config, { port: 0, logger: false, worker: false })
    try {
      await seedDemoCorpus(app.deps, { scale: 'small', seed: DEFAULT_DEMO_SEED })
    } finally {
      await app.close()
    }
    // Shut down cleanly, the WAL segments the seed filled are no longer needed: only the one
    // holding the shutdown checkpoint is kept (180 MB less to pack and unpack). Opening the
    // trimmed directory again proves it is whole; the tarball is taken from that.
    trimWal(path.join(scratch, 'pg'))
    const { openStore } = await import('../store/db.ts')
    const store = await openStore({ dataDir: scratch, thread: 'main' })
    let tarball: Blob
    try {
      tarball = await store.pglite!.dumpDataDir('gzip')
    } finally {
      await store.close()
    }
    const out = DEMO_STORE_DIR
    rmSync(out, { recursive: true, force: true })
    mkdirSync(path.join(out, 'index'), { recursive: true })
    const bytes = Buffer.from(await tarball.arrayBuffer())
    writeFileSync(path.join(out, TARBALL), bytes)
    for (const f of readdirSync(path.join(scratch, 'index')))
      if (f.endsWith('.vidx') || f.endsWith('.hnsw') || f.endsWith('.json'))
        copyFileSync(path.join(scratch, 'index', f), path.join(out, 'index', f))
    copyFileSync(path.join(scratch, FACTS), path.join(out, FACTS))
    const manifest: Manifest = {
      scale: 'small',
      seed: DEFAULT_DEMO_SEED,
      embedder: config.DSP_EMBEDDINGS_PROVIDER,
      built_at: new Date().toISOString(),
    }
    // Written last: a build cut short leaves no manifest, and no store is loaded from it.
    writeFileSync(path.join(out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n')
    return { bytes: bytes.length, seconds: (performance.now() - started) / 1000 }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
