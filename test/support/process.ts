// `dsp serve` as a real child process, for tests that kill it (kill -9) or run several: the
// process a deployment runs, on a data dir and (with DSP_TEST_DATABASE_URL) a PostgreSQL database
// of the test's own, which outlive the process so another can start on them.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { AdminClient } from './admin.ts'
import { HttpClient } from './http.ts'
import { ADMIN_TOKEN, freshPostgresDatabase } from './server.ts'

/** Where a process's state lives: kept across its restarts, removed by drop(). */
export interface ProcessData {
  env: Record<string, string>
  drop(): Promise<void>
}

export async function processData(extra: Record<string, string> = {}): Promise<ProcessData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dsp-proc-'))
  const env: Record<string, string> = {
    DSP_DATA_DIR: dataDir,
    DSP_ADMIN_TOKEN: ADMIN_TOKEN,
    DSP_LOG_LEVEL: 'warn',
    // Converted word vectors are shared with the test run (nothing is converted twice).
    DSP_CACHE_DIR: path.resolve('node_modules/.cache/dsp'),
    ...extra,
  }
  let dropDb: (() => Promise<void>) | null = null
  if (process.env.DSP_TEST_DATABASE_URL) {
    const db = await freshPostgresDatabase(process.env.DSP_TEST_DATABASE_URL)
    env.DATABASE_URL = db.url
    dropDb = db.drop
  }
  if (process.env.DSP_TEST_REDIS_URL) env.REDIS_URL = process.env.DSP_TEST_REDIS_URL
  return {
    env,
    drop: async () => {
      if (dropDb) await dropDb()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface ServerProcess extends HttpClient {
  child: ChildProcess
  admin: AdminClient
  /** What the process wrote to stderr so far (its warnings and errors). */
  stderr(): string
  /** What the process wrote to stdout so far (its log lines). */
  stdout(): string
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>
  /** SIGTERM (a graceful stop), then waits for the exit. */
  stop(): Promise<void>
}

/** Starts `dsp <args>` (default `serve --port 0`) and resolves once it listens and /readyz says ready. */
export async function startProcess(
  data: ProcessData,
  args: string[] = ['serve', '--port', '0'],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const { child, out, err, exited } = spawnNode([...DSP_SOURCE, ...args], { ...process.env, ...data.env, ...env })
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dsp did not start in 120 s: ${err()}`)), 120_000)
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out())
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`dsp exited with ${code} before listening: ${err()}`))
    })
  })
  const http = new HttpClient(address)
  for (let i = 0; ; i++) {
    const r = await http.get('/readyz').catch(() => null)
    if (r?.status === 200) break
    if (i > 600) throw new Error(`dsp at ${address} never became ready: ${err()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const ended = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return Object.assign(http, {
    child,
    admin: new AdminClient(http, ADMIN_TOKEN),
    stderr: err,
    stdout: out,
    kill9: () => ended('SIGKILL'),
    stop: () => ended('SIGTERM'),
  })
}

/** A child process of Node (`nodeArgs`: the script and its arguments) with its output gathered. */
export interface CapturedProcess {
  child: ChildProcess
  /** What it wrote to stdout and stderr so far. */
  out(): string
  err(): string
  /** Its exit code, once it exited. */
  exited: Promise<number | null>
}

/** Starts `node <nodeArgs>` with `env` as its whole environment, gathering what it writes. */
export function spawnNode(nodeArgs: string[], env: NodeJS.ProcessEnv): CapturedProcess {
  const child = spawn(process.execPath, nodeArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, out: () => out, err: () => err, exited }
}

/** `node --import tsx src/cli/main.ts <args>`: the dsp command from the source. */
export const DSP_SOURCE = ['--import', 'tsx', 'src/cli/main.ts']

/**
 * Runs `dsp <args>` (the source through tsx) to its end: exit code, stdout, stderr. `env` adds to
 * this process's environment; a variable set to undefined is removed.
 */
export async function runDsp(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; out: string; err: string }> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env }
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k]
  const run = spawnNode([...DSP_SOURCE, ...args], merged as NodeJS.ProcessEnv)
  const code = await run.exited
  return { code, out: run.out(), err: run.err() }
}
