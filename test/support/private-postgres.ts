// A PostgreSQL cluster of the test's own (initdb into a temp dir, a free port, its socket in that
// dir), for tests that restart PostgreSQL itself: the machine's shared server is never touched.
// It can have streaming hot standbys of its own (pg_basebackup -R into the same dir, each on a
// free port) for the read-replica tests. Runs the binaries as the postgres OS user when the tests
// run as root (initdb refuses root).
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

export interface PrivatePostgres {
  /** A database of the cluster, created empty. */
  url: string
  /** pg_ctl restart -m fast: every connection is ended, the server is away for a moment, then back. */
  restart(): Promise<void>
  /** A streaming hot standby of this cluster (pg_basebackup -R), started on a free port. */
  addStandby(): Promise<PrivateStandby>
  /** Stops the cluster (its standbys first) and removes its directory. */
  stop(): Promise<void>
}

export interface PrivateStandby {
  /** The same database on the standby. */
  url: string
  /** pg_ctl stop -m fast: its connections are ended and it refuses new ones. */
  stop(): Promise<void>
  /** Starts it again after stop(): it reconnects to the primary and replays what it missed. */
  start(): Promise<void>
  /** SIGSTOP to every process of the standby, then SIGCONT: its sockets stay open and nothing answers meanwhile. */
  freeze(): Promise<void>
  thaw(): Promise<void>
  /** pg_wal_replay_pause() / pg_wal_replay_resume(): it goes on receiving WAL and stops applying it. */
  pauseReplay(): Promise<void>
  resumeReplay(): Promise<void>
  /** A statement run on the standby as the superuser. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>
}

export interface PrivatePostgresOptions {
  /** Load pg_stat_statements (shared_preload_libraries) and create it in the database: what each server ran. */
  statements?: boolean
}

/** The PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup), or null when this machine has none. */
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

/** A server's postmaster (its data dir's postmaster.pid) and every process it started. */
function serverProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // /proc/<pid>/stat: pid (comm) state ppid …; comm may hold spaces, so read after its ')'.
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false
      }
    })
    .map(Number)
  return [postmaster, ...children]
}

async function superuserQuery<R extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query<R>(text, values)).rows
  } finally {
    await c.end()
  }
}

export async function startPrivatePostgres(opts: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
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
  // fsync off and small buffers: a throwaway cluster that starts and restarts in about a second.
  // wal_level replica (PostgreSQL's default, said here) and initdb's trust lines for replication
  // from 127.0.0.1 are what a standby needs.
  const serverOptions = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=40` +
    ' -c wal_level=replica -c max_wal_senders=8' +
    (opts.statements ? ' -c shared_preload_libraries=pg_stat_statements' : '')
  const port = await freePort()
  const options = serverOptions(port)
  const ctlOf =
    (dataDir: string, log: string) =>
    (...args: string[]) =>
      run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, log), '-w', '-t', '60', ...args])
  const ctl = ctlOf(data, 'server.log')
  const url = `postgres://postgres@127.0.0.1:${port}/dsp`
  const standbys: { stop: () => Promise<void> }[] = []
  try {
    await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'])
    await ctl('-o', options, 'start')
    await superuserQuery(`postgres://postgres@127.0.0.1:${port}/postgres`, 'create database dsp')
    if (opts.statements) await superuserQuery(url, 'create extension pg_stat_statements')
  } catch (e) {
    await ctl('-m', 'immediate', 'stop').catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
    throw e
  }
  let stopped = false
  const addStandby = async (): Promise<PrivateStandby> => {
    const n = standbys.length + 1
    const standbyData = path.join(dir, `standby-${n}`)
    const standbyPort = await freePort()
    const standbyOptions = serverOptions(standbyPort)
    const standbyCtl = ctlOf(standbyData, `standby-${n}.log`)
    // -R writes standby.signal and primary_conninfo (this cluster's port): it starts as a hot standby.
    await run('pg_basebackup', [
      '-D',
      standbyData,
      '-R',
      '-X',
      'stream',
      '--no-sync',
      '-c',
      'fast',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
    ])
    await standbyCtl('-o', standbyOptions, 'start')
    let running = true
    const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/dsp`
    const standby: PrivateStandby = {
      url: standbyUrl,
      stop: async () => {
        if (!running) return
        running = false
        await standbyCtl('-m', 'fast', 'stop')
      },
      start: async () => {
        if (running) return
        await standbyCtl('-o', standbyOptions, 'start')
        running = true
      },
      freeze: async () => {
        for (const pid of serverProcesses(standbyData)) process.kill(pid, 'SIGSTOP')
      },
      thaw: async () => {
        for (const pid of serverProcesses(standbyData)) process.kill(pid, 'SIGCONT')
      },
      pauseReplay: async () => void (await superuserQuery(standbyUrl, 'select pg_wal_replay_pause()')),
      resumeReplay: async () => void (await superuserQuery(standbyUrl, 'select pg_wal_replay_resume()')),
      query: (text, values) => superuserQuery(standbyUrl, text, values),
    }
    standbys.push({ stop: () => (running ? standbyCtl('-m', 'immediate', 'stop') : Promise.resolve()) })
    return standby
  }
  return {
    url,
    restart: async () => ctl('-m', 'fast', '-o', options, 'restart'),
    addStandby,
    stop: async () => {
      if (stopped) return
      stopped = true
      try {
        for (const s of standbys) await s.stop().catch(() => undefined)
        await ctl('-m', 'immediate', 'stop')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
