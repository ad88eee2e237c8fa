// GET /admin/v1/backup: the embedded store's snapshot for `dsp backup` (src/cli/backup.ts) while
// the server serves. Taken on the store's one connection, so no transaction is half-way through
// it: a gzipped tarball of the PGlite data dir, which `dsp restore` loads. On PostgreSQL, pg_dump
// takes the snapshot (`dsp backup` with DATABASE_URL) and this route answers 422.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Deps } from '../../domain/types.ts'
import { ApiError } from '../../errors.ts'
import type { EmbeddedEngine } from '../../store/pglite-remote.ts'

export const backupRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/admin/v1/backup', async (_request, reply) => {
    const pglite = (deps.store as { pglite?: EmbeddedEngine }).pglite
    if (!pglite)
      throw new ApiError(
        'request.invalid',
        'This server runs on PostgreSQL: run `dsp backup <file>` with DATABASE_URL (pg_dump) instead.',
      )
    const tarball = await deps.store.db.connection().execute(() => pglite.dumpDataDir('gzip'))
    return reply
      .type('application/gzip')
      .header('content-disposition', 'attachment; filename="dsp-backup.tar.gz"')
      .send(Buffer.from(await tarball.arrayBuffer()))
  })
}
