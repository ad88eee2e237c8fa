// The configured store, opened (DATABASE_URL: PostgreSQL; else PGlite under DSP_DATA_DIR, in its
// own thread), refusing an embedded data dir a live server holds. Its own module, with nothing of
// the server's: `dsp ingest` starts opening the store first thing, while everything else loads.
import { assertEmbeddedDataDirFree } from './data-dir.ts'
import type { Config } from './config.ts'
import { openStore } from './store/db.ts'

export type OpenedStore = Awaited<ReturnType<typeof openStore>>

export function openConfiguredStore(
  config: Readonly<Config>,
  options: { loadDataDir?: Blob; inMemory?: boolean; onConnectionLost?: (e: Error) => void } = {},
): Promise<OpenedStore> {
  // A second process on an embedded data dir would corrupt it (data-dir.ts).
  if (!config.DATABASE_URL && !options.inMemory) assertEmbeddedDataDirFree(config.DSP_DATA_DIR, 'dsp')
  return openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DSP_DATA_DIR,
    loadDataDir: options.loadDataDir,
    inMemory: options.inMemory,
    deadlines: {
      statementMs: config.DSP_STORE_STATEMENT_TIMEOUT_MS,
      lockMs: config.DSP_STORE_LOCK_TIMEOUT_MS,
      acquireMs: config.DSP_STORE_ACQUIRE_TIMEOUT_MS,
    },
    onConnectionLost: options.onConnectionLost,
  })
}
