// dsp backup / dsp restore (issue 28 item 5) on the store the tests run on: a snapshot taken
// while a real `dsp serve` process answers billed calls is consistent (balance = grants − the
// history's charges, the ledger's charges = the history's), and restoring it brings back exactly
// that point: calls made after the backup are gone, those before it are all there.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { sql } from 'kysely'
import { openStore } from '../../src/store/db.ts'
import { MIGRATION_NAMES, migrateTo } from '../../src/store/migrate.ts'
import { expectProblem, expectStatus } from '../support/http.ts'
import { processData, runDsp as dsp, startProcess, type ProcessData, type ServerProcess } from '../support/process.ts'
import { ADMIN_TOKEN } from '../support/server.ts'

let data: ProcessData | null = null
let proc: ServerProcess | null = null
const dir = mkdtempSync(path.join(tmpdir(), 'dsp-backup-'))
after(async () => {
  await proc?.stop()
  await data?.drop()
  rmSync(dir, { recursive: true, force: true })
})

interface Figures {
  spendable: number
  history: { request_id: string; credits_charged: number }[]
}

async function figures(api: ServerProcess, key: string): Promise<Figures> {
  const credits = await api.get('/v1/credits', { key })
  expectStatus(credits, 200)
  const history: Figures['history'] = []
  let cursor: string | undefined
  do {
    const page = await api.get('/v1/usage/history', { key, query: { limit: 100, cursor } })
    expectStatus(page, 200)
    history.push(...(page.body.results as Figures['history']))
    cursor = page.body.next_cursor ?? undefined
  } while (cursor)
  return { spendable: credits.body.spendable, history }
}

const milli = (n: number) => Math.round(n * 1000)
const charged = (f: Figures) => f.history.reduce((s, r) => s + milli(r.credits_charged), 0)

test('a backup taken while billed calls go on restores to one consistent point', { timeout: 600_000 }, async () => {
  data = await processData()
  proc = await startProcess(data)
  const api = proc
  // The server's own snapshot route: embedded only, admin token only.
  expectProblem(await api.get('/admin/v1/backup'), 401, 'auth.unauthorized')
  const direct = await api.get('/admin/v1/backup', { headers: { 'x-admin-token': ADMIN_TOKEN } })
  if (data.env.DATABASE_URL) expectProblem(direct, 422, 'request.invalid')
  else {
    expectStatus(direct, 200)
    assert.equal(direct.headers.get('content-type'), 'application/gzip')
  }
  const GRANT = 1000
  const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: GRANT })
  const companies = Array.from({ length: 30 }, (_, i) =>
    JSON.stringify({ account_name: `Backup Software ${i}`, domain: `backup-software-${i}.example` }),
  )
  expectStatus(
    await api.request('POST', '/admin/v1/corpus/company', {
      rawBody: companies.join('\n') + '\n',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    }),
    200,
  )
  let n = 0
  const call = async () => {
    const res = await api.post('/v1/search', {
      key,
      body: { query: 'backup software', mode: 'fast', category: 'company', limit: 5 },
      headers: { 'idempotency-key': `backup-${++n}` },
    })
    expectStatus(res, 200)
    assert.ok(res.body.meta.credits_charged > 0, 'the call is charged')
  }
  for (let i = 0; i < 5; i++) await call()
  const before = await figures(api, key)

  // The backup runs while calls keep coming.
  const file = path.join(dir, data.env.DATABASE_URL ? 'store.pgdump' : 'store.tar.gz')
  const env = { ...data.env, DSP_URL: api.url }
  let busy = true
  const load = (async () => {
    while (busy) await call()
  })()
  const backup = await dsp(['backup', file], env)
  busy = false
  await load
  assert.equal(backup.code, 0, backup.err)
  assert.match(backup.out, /backup written to/)
  assert.ok(statSync(file).size > 0)
  const atBackupEnd = await figures(api, key)
  // Changes after the backup: more calls and a grant, which the restore must undo.
  for (let i = 0; i < 3; i++) await call()
  await api.admin.grant(workspace_id, 50)
  const latest = await figures(api, key)
  assert.ok(latest.history.length > atBackupEnd.history.length)

  await proc.stop()
  proc = null
  const restored = await dsp(['restore', file], data.env)
  assert.equal(restored.code, 0, restored.err)
  proc = await startProcess(data)
  const after = await figures(proc, key)

  // One point in time: the calls answered before the backup started are all there, none made after it ended.
  const ids = new Set(after.history.map((r) => r.request_id))
  for (const r of before.history) assert.ok(ids.has(r.request_id), 'a call from before the backup is missing')
  assert.ok(after.history.length >= before.history.length && after.history.length <= atBackupEnd.history.length)
  const laterIds = new Set(atBackupEnd.history.map((r) => r.request_id))
  for (const r of after.history) assert.ok(laterIds.has(r.request_id), 'a call from after the backup came back')
  // Consistent: the balance is the grant less every charge in the history (the later grant is gone).
  assert.equal(milli(after.spendable), milli(GRANT) - charged(after))
  // The restored server serves and charges as before.
  const res = await proc.post('/v1/search', {
    key,
    body: { query: 'backup software', mode: 'fast', category: 'company', limit: 5 },
  })
  expectStatus(res, 200)
  assert.ok(res.body.meta.credits_charged > 0)
})

test('dsp restore refuses a file that is not a backup of the configured store', { timeout: 60_000 }, async () => {
  const bogus = path.join(dir, 'bogus.bin')
  const { writeFileSync } = await import('node:fs')
  writeFileSync(bogus, 'not a backup at all')
  const d = await processData()
  try {
    const r = await dsp(['restore', bogus], d.env)
    assert.equal(r.code, 1)
    assert.match(r.err, /is not an? (PostgreSQL|embedded-store) backup/)
  } finally {
    await d.drop()
  }
})

test(
  'a backup of a store one migration behind restores, and is brought to this version',
  { timeout: 300_000 },
  async () => {
    const older = await processData()
    const newer = await processData()
    const open = (d: ProcessData) =>
      openStore({ databaseUrl: d.env.DATABASE_URL, dataDir: d.env.DSP_DATA_DIR!, thread: 'main' })
    try {
      // The store as the previous version left it: every migration but the newest, and a row of its own.
      const previous = MIGRATION_NAMES.at(-2)!
      const store = await open(older)
      try {
        await migrateTo(store.db, previous)
        await sql`insert into deployment_settings (key, value) values ('restore-probe', 'kept')`.execute(store.db)
      } finally {
        await store.close()
      }
      const file = path.join(dir, 'older.backup')
      const backup = await dsp(['backup', file], older.env)
      assert.equal(backup.code, 0, backup.err)
      const restored = await dsp(['restore', file], newer.env)
      assert.equal(restored.code, 0, restored.err)

      const check = await open(newer)
      try {
        const done = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(check.db)
        assert.deepEqual(
          done.rows.map((r) => r.name),
          [...MIGRATION_NAMES],
          'the restored store has every migration of this version',
        )
        const probe = await sql<{
          value: string
        }>`select value from deployment_settings where key = 'restore-probe'`.execute(check.db)
        assert.equal(probe.rows[0]?.value, 'kept', "the backup's rows came back")
      } finally {
        await check.close()
      }
      // And this version serves on it.
      const server = await startProcess(newer)
      try {
        expectStatus(await server.get('/readyz'), 200)
      } finally {
        await server.stop()
      }
    } finally {
      await older.drop()
      await newer.drop()
    }
  },
)
