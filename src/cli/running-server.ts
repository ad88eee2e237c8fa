// Where `dsp ingest` / `dsp delete` send their work (docs/ingest-operations.md §4): DSP_URL, or the
// running server of an embedded data dir (src/data-dir.ts reads its server.json).
import { clientSettings, type Config } from '../config.ts'
import { DataDirHeldError, runningServer, type ServerFile } from '../data-dir.ts'

export interface ServerTarget {
  url: string
  token: string
  /** How it was found: DSP_URL, or the data dir's server.json. */
  via: 'DSP_URL' | 'server.json'
}

/** The session admin token a `dsp serve --demo` wrote into its server.json, if any. */
export function sessionAdminToken(held: ServerFile): string | undefined {
  return typeof held.admin_token === 'string' && held.admin_token.length >= 32 ? held.admin_token : undefined
}

/**
 * Where `dsp ingest` / `dsp delete` send their work: DSP_URL when set, else the running server of
 * an embedded data dir. On PostgreSQL a running server is not needed: the command writes the store
 * itself and every server hears of it (domain/corpus/live.ts). The admin token is DSP_ADMIN_TOKEN,
 * else (server.json only) the session token a `dsp serve --demo` wrote there. Throws when a server
 * must be used but no admin token is known.
 */
export function serverTarget(opts: {
  dataDir: string
  postgres: boolean
  adminToken: string | undefined
  url: string | undefined
}): ServerTarget | null {
  const need = (url: string, via: ServerTarget['via'], sessionToken?: string): ServerTarget => {
    const token = opts.adminToken ?? sessionToken
    if (!token)
      throw new DataDirHeldError(
        via === 'DSP_URL'
          ? `DSP_URL is set (${url}): set DSP_ADMIN_TOKEN to the server's admin token to write through it.`
          : `DSP_DATA_DIR ${opts.dataDir} is held by the running server at ${url}: set DSP_ADMIN_TOKEN to its admin ` +
              `token to write through it, or stop it (an embedded store is opened by one process only).`,
      )
    return { url: url.replace(/\/$/, ''), token, via }
  }
  if (opts.url) return need(opts.url, 'DSP_URL')
  if (opts.postgres) return null
  const held = runningServer(opts.dataDir)
  return held ? need(held.url, 'server.json', sessionAdminToken(held)) : null
}

/**
 * serverTarget for a command's configuration. When the command may not run (an embedded data dir
 * held without an admin token), prints why, sets exit code 2 and returns undefined.
 */
export function commandTarget(c: Readonly<Config>, command: string): ServerTarget | null | undefined {
  try {
    return serverTarget({
      dataDir: c.DSP_DATA_DIR,
      postgres: Boolean(c.DATABASE_URL),
      adminToken: c.DSP_ADMIN_TOKEN,
      url: clientSettings().url,
    })
  } catch (e) {
    if (!(e instanceof DataDirHeldError)) throw e
    process.stderr.write(`${command}: ${e.message}\n`)
    process.exitCode = 2
    return undefined
  }
}
