// dsp backup <file> and dsp restore <file> (docs/deploy-operations.md, "Backup and restore").
// PostgreSQL (DATABASE_URL): pg_dump's custom format, one consistent snapshot (a repeatable-read
// transaction) taken while the servers go on serving; restored with pg_restore into the
// configured database, replacing what is there. Embedded: a gzipped tarball of the PGlite data
// directory (PGlite's dumpDataDir), taken by the running server on its one connection
// (GET /admin/v1/backup, so no transaction is half-way) when DSP_URL is set, or from the data dir
// itself when no server has it open; restored into DSP_DATA_DIR with every server stopped.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Command } from 'commander'
import { assertEmbeddedDataDirFree } from '../data-dir.ts'
import { childEnvironment, clientSettings, type Config } from '../config.ts'
import type * as StoreDb from '../store/db.ts'
import type * as StoreMigrate from '../store/migrate.ts'

const PG_DUMP_MAGIC = 'PGDMP'
const GZIP_MAGIC = [0x1f, 0x8b]

// The store's modules load when a backup or restore runs, not at `dsp --help`.
const openStore: typeof StoreDb.openStore = async (...args) => (await import('../store/db.ts')).openStore(...args)
const migrateToLatest: typeof StoreMigrate.migrateToLatest = async (...args) =>
  (await import('../store/migrate.ts')).migrateToLatest(...args)

/** Runs a PostgreSQL client program; its stderr is relayed on failure (it never holds the password: it comes by env). */
function run(program: string, args: string[], env: Record<string, string | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: childEnvironment(env), stdio: ['ignore', 'inherit', 'pipe'] })
    let err = ''
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    child.once('error', (e) =>
      reject(new Error(`${program} could not be started (${e.message}); install PostgreSQL's client programs`)),
    )
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${err.trim()}`)),
    )
  })
}

/**
 * libpq settings from a connection URL, passed to pg_dump/pg_restore by environment so the
 * password never shows in the process list. Query parameters (host=/path for a socket, sslmode)
 * are passed on as their PG* variables.
 */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const u = new URL(databaseUrl)
  const env: Record<string, string> = {}
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname)
  if (u.port) env.PGPORT = u.port
  if (u.username) env.PGUSER = decodeURIComponent(u.username)
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password)
  const db = decodeURIComponent(u.pathname.replace(/^\//, ''))
  if (db) env.PGDATABASE = db
  const names: Record<string, string> = {
    host: 'PGHOST',
    port: 'PGPORT',
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    application_name: 'PGAPPNAME',
  }
  for (const [k, v] of u.searchParams) if (names[k]) env[names[k]] = v
  return env
}

async function backupEmbeddedFromServer(file: string, base: string, token: string): Promise<void> {
  const res = await fetch(`${base.replace(/\/$/, '')}/admin/v1/backup`, { headers: { 'x-admin-token': token } })
  if (!res.ok) throw new Error(`the server at ${base} answered ${res.status}: ${await res.text()}`)
  writeFileSync(file, Buffer.from(await res.arrayBuffer()))
}

async function backupEmbeddedFromDisk(c: Readonly<Config>, file: string): Promise<void> {
  if (!existsSync(path.resolve(c.DSP_DATA_DIR, 'pg')))
    throw new Error(`no embedded store under ${c.DSP_DATA_DIR} (DSP_DATA_DIR)`)
  assertEmbeddedDataDirFree(c.DSP_DATA_DIR, 'dsp backup (set DSP_URL to take it through the server)')
  const store = await openStore({ dataDir: c.DSP_DATA_DIR, thread: 'main' })
  try {
    writeFileSync(file, Buffer.from(await (await store.pglite!.dumpDataDir('gzip')).arrayBuffer()))
  } finally {
    await store.close()
  }
}

async function restoreEmbedded(c: Readonly<Config>, file: string): Promise<void> {
  const dataDir = path.resolve(c.DSP_DATA_DIR)
  assertEmbeddedDataDirFree(dataDir, 'dsp restore (stop the server first)')
  const pgDir = path.join(dataDir, 'pg')
  const aside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
  if (existsSync(pgDir)) renameSync(pgDir, aside)
  try {
    // Loads the tarball into a fresh data dir, and brings it to this version's migrations.
    const store = await openStore({ dataDir, thread: 'main', loadDataDir: new Blob([readFileSync(file)]) })
    await migrateToLatest(store.db)
    await store.close()
  } catch (e) {
    rmSync(pgDir, { recursive: true, force: true })
    if (existsSync(aside)) renameSync(aside, pgDir)
    throw e
  }
  if (existsSync(aside)) process.stdout.write(`the store it replaced is kept in ${aside}\n`)
}

export function backupCommands(config: () => Readonly<Config>): Command[] {
  const backup = new Command('backup')
    .summary('Write a consistent snapshot of the store to <file>, while serving')
    .description(
      "Write a consistent snapshot of the store to <file> while the servers go on serving. PostgreSQL (DATABASE_URL): pg_dump custom format (pg_dump on PATH, of the server's major version or newer). Embedded: a tarball of the data dir, taken by the running server when DSP_URL and DSP_ADMIN_TOKEN are set, else read from DSP_DATA_DIR (no server may have it open)",
    )
    .argument('<file>', 'where the snapshot goes (overwritten)')
    .action(async (file: string) => {
      const c = config()
      const started = performance.now()
      if (c.DATABASE_URL) {
        await run(
          'pg_dump',
          ['--format=custom', '--no-owner', '--no-privileges', '--file', file],
          libpqEnv(c.DATABASE_URL),
        )
      } else if (clientSettings().url) {
        if (!c.DSP_ADMIN_TOKEN) throw new Error("set DSP_ADMIN_TOKEN to the server's admin token")
        await backupEmbeddedFromServer(file, clientSettings().url!, c.DSP_ADMIN_TOKEN)
      } else {
        await backupEmbeddedFromDisk(c, file)
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      process.stdout.write(`backup written to ${file} in ${seconds} s\n`)
    })

  const restore = new Command('restore')
    .summary('Replace the store with a snapshot from dsp backup (servers stopped)')
    .description(
      'Replace the configured store with the snapshot in <file> (from dsp backup); stop every dsp serve and dsp worker first. PostgreSQL: pg_restore --clean into DATABASE_URL in one transaction. Embedded: into DSP_DATA_DIR, the store it replaces kept aside. Then migrates to this version',
    )
    .argument('<file>', 'a file written by dsp backup')
    .action(async (file: string) => {
      const c = config()
      const head = readFileSync(file).subarray(0, 5)
      const isPgDump = head.toString('latin1') === PG_DUMP_MAGIC
      const isTarball = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]
      if (c.DATABASE_URL) {
        if (!isPgDump)
          throw new Error(
            `${file} is not a PostgreSQL backup (dsp backup with DATABASE_URL writes pg_dump's custom format)`,
          )
        await run(
          'pg_restore',
          [
            '--clean',
            '--if-exists',
            '--no-owner',
            '--no-privileges',
            '--single-transaction',
            '--exit-on-error',
            '--dbname',
            libpqEnv(c.DATABASE_URL).PGDATABASE ?? 'postgres',
            file,
          ],
          libpqEnv(c.DATABASE_URL),
        )
        const store = await openStore({ databaseUrl: c.DATABASE_URL, dataDir: c.DSP_DATA_DIR })
        await migrateToLatest(store.db)
        await store.close()
      } else {
        if (!isTarball) throw new Error(`${file} is not an embedded-store backup (a gzipped data-dir tarball)`)
        await restoreEmbedded(c, file)
      }
      // The ANN index files follow the store; from a restored store they are built again.
      rmSync(path.resolve(c.DSP_DATA_DIR, 'index'), { recursive: true, force: true })
      process.stdout.write(`restored ${file}\n`)
    })
  return [backup, restore]
}
