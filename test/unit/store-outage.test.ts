// What a store error says about the store (src/store/outage.ts): the errors a real PostgreSQL
// raises when it rolls a transaction back to resolve a conflict (deadlock, serialization failure)
// are outages a retry resolves (503 with Retry-After), never a 500; so is any error met while
// connecting, whatever its SQLSTATE. On PostgreSQL the errors are produced for real; the shapes
// are also checked as plain objects.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import pg from 'pg'
import { sql } from 'kysely'
import { openStore } from '../../src/store/db.ts'
import { StoreConnectError, storeOutage } from '../../src/store/outage.ts'

const url = process.env.DSP_TEST_DATABASE_URL

test('conflict rollbacks, dropped connections and timeouts are outages; a bad statement is not', () => {
  assert.equal(storeOutage({ code: '40P01', message: 'deadlock detected' }), 'unavailable')
  assert.equal(storeOutage({ code: '40001', message: 'could not serialize access' }), 'unavailable')
  assert.equal(storeOutage({ code: '57P01', message: 'terminating connection' }), 'unavailable')
  assert.equal(storeOutage({ code: '57014', message: 'canceling statement due to statement timeout' }), 'timeout')
  assert.equal(storeOutage({ code: '55P03', message: 'lock timeout' }), 'timeout')
  assert.equal(storeOutage({ code: '23505', message: 'duplicate key' }), null)
  assert.equal(storeOutage({ code: '42601', message: 'syntax error' }), null)
  assert.equal(storeOutage(new Error('boom')), null)
})

test('any error met while connecting is an outage, whatever its code; the same code on a statement is not', () => {
  for (const cause of [
    { code: '55000', message: 'database "dsp" is not currently accepting connections' },
    { code: '3D000', message: 'database "dsp" does not exist' },
    { code: '28P01', message: 'password authentication failed for user "dsp"' },
    { code: '28000', message: 'no pg_hba.conf entry for host' },
    { code: '53300', message: 'sorry, too many clients already' },
    new Error('self-signed certificate in certificate chain'),
  ])
    assert.equal(storeOutage(new StoreConnectError(cause)), 'unavailable', JSON.stringify(cause))
  assert.equal(storeOutage(new StoreConnectError(new Error('timeout exceeded when trying to connect'))), 'timeout')
  assert.equal(storeOutage({ code: '55000', message: 'object not in prerequisite state' }), null)
})

test(
  'PostgreSQL refusing a connection (a database that does not exist) is met as an outage',
  { skip: !url },
  async () => {
    const missing = new URL(url!)
    missing.pathname = `/dsp_no_such_database_${process.pid}`
    const store = await openStore({ databaseUrl: missing.toString(), dataDir: '.' })
    try {
      const e = await sql`select 1`.execute(store.db).then(
        () => null,
        (err: unknown) => err,
      )
      assert.ok(e instanceof StoreConnectError, String(e))
      assert.equal(e.code, '3D000')
      assert.equal(storeOutage(e), 'unavailable')
    } finally {
      await store.close()
    }
  },
)

test('a real deadlock and a real serialization failure on PostgreSQL are outages', { skip: !url }, async () => {
  const a = new pg.Client({ connectionString: url })
  const b = new pg.Client({ connectionString: url })
  await a.connect()
  await b.connect()
  const table = `dsp_outage_probe_${process.pid}`
  try {
    await a.query(`create table ${table} (id int primary key, v int)`)
    await a.query(`insert into ${table} values (1, 0), (2, 0)`)

    // Deadlock: each holds one row and asks for the other's.
    await a.query('begin')
    await b.query('begin')
    await a.query(`update ${table} set v = 1 where id = 1`)
    await b.query(`update ${table} set v = 1 where id = 2`)
    const first = a.query(`update ${table} set v = 2 where id = 2`).then(
      () => null,
      (e: unknown) => e,
    )
    const second = b.query(`update ${table} set v = 2 where id = 1`).then(
      () => null,
      (e: unknown) => e,
    )
    const errors = (await Promise.all([first, second])).filter((e) => e !== null)
    await a.query('rollback')
    await b.query('rollback')
    assert.equal(errors.length, 1, 'PostgreSQL breaks a deadlock by failing exactly one side')
    assert.equal((errors[0] as { code?: string }).code, '40P01')
    assert.equal(storeOutage(errors[0]), 'unavailable')

    // Serialization failure: two repeatable-read transactions update the same row.
    await a.query('begin isolation level repeatable read')
    await b.query('begin isolation level repeatable read')
    await a.query(`select * from ${table}`)
    await b.query(`select * from ${table}`)
    await a.query(`update ${table} set v = 3 where id = 1`)
    const late = b.query(`update ${table} set v = 4 where id = 1`).then(
      () => null,
      (e: unknown) => e,
    )
    await a.query('commit')
    const failure = await late
    await b.query('rollback')
    assert.equal((failure as { code?: string } | null)?.code, '40001')
    assert.equal(storeOutage(failure), 'unavailable')
  } finally {
    await a.query(`drop table if exists ${table}`).catch(() => {})
    await a.end()
    await b.end()
  }
})
