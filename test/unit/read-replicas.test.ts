// What the read-replica router decides from strings and error codes alone (store/replicas.ts):
// WAL positions, the name a standby is shown by, and which failures take a standby out.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseLsn, replicaFailure, replicaName } from '../../src/store/replicas.ts'

test('a WAL position reads as its byte offset, comparable across the 32-bit boundary', () => {
  assert.equal(parseLsn('0/3016A88'), 0x3016a88n)
  assert.equal(parseLsn('16/B374D848'), (0x16n << 32n) | 0xb374d848n)
  assert.ok(parseLsn('1/0') > parseLsn('0/FFFFFFFF'))
})

test('a standby is named host:port/database, never with its credentials', () => {
  assert.equal(replicaName('postgres://dsp:hunter2@replica-1.internal:6432/dsp'), 'replica-1.internal:6432/dsp')
  assert.equal(replicaName('postgresql://replica-2/dsp?sslmode=require'), 'replica-2:5432/dsp')
})

test('a standby gone or silent is lost; a recovery conflict is run again; a statement of its own is not', () => {
  const err = (code: string, message = 'x') => Object.assign(new Error(message), { code })
  for (const e of [
    err('ECONNREFUSED'),
    err('57P01', 'terminating connection due to administrator command'),
    err('08006'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Query read timeout'),
  ])
    assert.equal(replicaFailure(e), 'lost', e.message)
  assert.equal(replicaFailure(err('40001', 'canceling statement due to conflict with recovery')), 'conflict')
  for (const e of [
    err('57014', 'canceling statement due to statement timeout'),
    err('55P03'),
    err('42P01'),
    err('22P02'),
  ])
    assert.equal(replicaFailure(e), null, (e as { code: string }).code)
})
