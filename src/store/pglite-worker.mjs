// The embedded store's engine (PGlite, PostgreSQL in WebAssembly) in a worker thread: statements
// run here while the server's own thread goes on with HTTP (store/pglite-remote.ts). Plain
// JavaScript, so that the thread needs no TypeScript loader.
import { Blob } from 'node:buffer'
import { parentPort } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** @type {PGlite | null} */
let pg = null

function fail(id, e) {
  const err = /** @type {Record<string, unknown>} */ (e ?? {})
  const fields = {}
  for (const k of [
    'code',
    'detail',
    'hint',
    'position',
    'schema',
    'table',
    'column',
    'constraint',
    'severity',
    'where',
  ])
    if (err[k] !== undefined) fields[k] = err[k]
  parentPort.postMessage({
    id,
    error: { message: String(err.message ?? e), name: String(err.name ?? 'Error'), fields },
  })
}

parentPort.on('message', async (m) => {
  try {
    if (m.op === 'open') {
      pg = await PGlite.create({
        dataDir: m.dataDir,
        loadDataDir: m.loadDataDir ? new Blob([m.loadDataDir]) : undefined,
        extensions: { pg_trgm },
      })
      parentPort.postMessage({ id: m.id, result: null })
    } else if (m.op === 'query') {
      const r = await pg.query(m.sql, m.params, m.blob ? { blob: new Blob([m.blob]) } : undefined)
      const blob = r.blob ? await r.blob.text() : undefined
      parentPort.postMessage({ id: m.id, result: { rows: r.rows, affectedRows: r.affectedRows, blob } })
    } else if (m.op === 'exec') {
      await pg.exec(m.sql)
      parentPort.postMessage({ id: m.id, result: null })
    } else if (m.op === 'dump') {
      const buf = await (await pg.dumpDataDir(m.compression)).arrayBuffer()
      parentPort.postMessage({ id: m.id, result: buf }, [buf])
    } else if (m.op === 'close') {
      await pg?.close()
      pg = null
      parentPort.postMessage({ id: m.id, result: null })
    }
  } catch (e) {
    fail(m.id, e)
  }
})
