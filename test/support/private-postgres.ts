// A PostgreSQL cluster of the test's own (initdb into a temp dir, a free port, its socket in that
// dir), for tests that restart PostgreSQL itself: the machine's shared server is never touched.
// Runs the binaries as the postgres OS user when the tests run as root (initdb refuses root).
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

export interface PrivatePostgres {
  /** A database of the cluster, created empty. */
  url: string
  /** pg_ctl restart -m fast: every connection is ended, the server is away for a moment, then back. */
  restart(): Promise<void>
  /** Stops the cluster and removes its directory. */
  stop(): Promise<void>
}

/** The PostgreSQL server binaries (initdb, pg_ctl), or null when this machine has none. */
export function postgresBinaries(): string | null {
  const fromEnv = process.env.DSP_TEST_PG_BIN
  if (fromEnv) return existsSync(path.join(fromEnv, 'initdb')) ? fromEnv : null
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : null
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('no PostgreSQL server binaries (set DSP_TEST_PG_BIN)')
  const root = process.getuid?.() === 0
  const dir = mkdtempSync(path.join(tmpdir(), 'dsp-pg-'))
  const data = path.join(dir, 'data')
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  // Asynchronous: the server under test shares this process and goes on answering meanwhile.
  const run = async (tool: string, args: string[]) => {
    const [cmd, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args]
    try {
      await promisify(execFile)(cmd, argv, { cwd: dir })
    } catch (e) {
      const err = e as { stderr?: string; stdout?: string; message: string }
      throw new Error(`${tool} ${args.join(' ')}: ${err.stderr || err.stdout || err.message}`)
    }
  }
  const port = await freePort()
  // fsync off and small buffers: a throwaway cluster that starts and restarts in about a second.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=40`
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args])
  try {
    await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'])
    await ctl('-o', options, 'start')
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
    await admin.connect()
    await admin.query('create database dsp')
    await admin.end()
  } catch (e) {
    await ctl('-m', 'immediate', 'stop').catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
    throw e
  }
  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/dsp`,
    restart: async () => ctl('-m', 'fast', '-o', options, 'restart'),
    stop: async () => {
      if (stopped) return
      stopped = true
      try {
        await ctl('-m', 'immediate', 'stop')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
