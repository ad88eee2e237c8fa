// The running server of a data dir (docs/ingest-operations.md §4): `dsp serve` writes
// DSP_DATA_DIR/server.json ({url, pid, store, started_at}) once it listens and removes it when it
// stops, so a command on the same data dir knows a server is there: `dsp ingest` and `dsp delete`
// then write through its admin routes (an embedded store is one process's: a second PGlite on the
// same files would corrupt them), and every other command refuses to open an embedded data dir a
// live server holds. A file left by a killed server names a pid that is gone and is ignored.
// `dsp serve --demo` without DSP_ADMIN_TOKEN makes an admin token for its session and keeps it in
// this file (mode 0600, the data dir's owner only), so `dsp ingest` beside `npm start` needs no setting.
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const SERVER_FILE = 'server.json'

export interface ServerFile {
  url: string
  pid: number
  store: 'embedded' | 'postgres'
  started_at: string
  /** The admin token of a `dsp serve --demo` session started without DSP_ADMIN_TOKEN. */
  admin_token?: string
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A listening address a client can reach (0.0.0.0 and :: listen everywhere, the loopback included). */
export function reachableUrl(address: string): string {
  return address.replace('://0.0.0.0:', '://127.0.0.1:').replace('://[::]:', '://[::1]:')
}

export function writeServerFile(dataDir: string, info: Omit<ServerFile, 'pid' | 'started_at'>): void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, SERVER_FILE)
  const body: ServerFile = { ...info, pid: process.pid, started_at: new Date().toISOString() }
  // Owner-only before a byte is written: the file may hold the session's admin token.
  writeFileSync(`${file}.tmp`, '', { mode: 0o600 })
  chmodSync(`${file}.tmp`, 0o600)
  writeFileSync(`${file}.tmp`, JSON.stringify(body, null, 2) + '\n')
  renameSync(`${file}.tmp`, file)
}

/** Removes the file if this process wrote it. */
export function removeServerFile(dataDir: string): void {
  const file = path.join(dataDir, SERVER_FILE)
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as ServerFile
    if (info.pid === process.pid) rmSync(file, { force: true })
  } catch {
    // No file, or not ours to read: nothing to remove.
  }
}

/** The live server of this data dir (not this process), or null. */
export function runningServer(dataDir: string): ServerFile | null {
  let info: ServerFile
  try {
    info = JSON.parse(readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as ServerFile
  } catch {
    return null
  }
  if (typeof info.pid !== 'number' || typeof info.url !== 'string') return null
  if (info.pid === process.pid || !isAlive(info.pid)) return null
  return info
}

/** Throws when a live server holds this embedded data dir (opening it here would be unsafe). */
export function assertEmbeddedDataDirFree(dataDir: string, what: string): void {
  const held = runningServer(dataDir)
  if (held && held.store === 'embedded')
    throw new DataDirHeldError(
      `${what}: DSP_DATA_DIR ${dataDir} is held by the running server at ${held.url} (pid ${held.pid}); ` +
        `an embedded store is opened by one process only. Stop the server, or use \`dsp ingest\` / \`dsp delete\`, ` +
        `which write through it (with DSP_ADMIN_TOKEN, or the session token of a \`dsp serve --demo\`).`,
    )
}

export class DataDirHeldError extends Error {}
