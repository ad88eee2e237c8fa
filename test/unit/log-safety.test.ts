// What logs may say of a URL (src/http/log-safety.ts): no secret in any query value or path.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { safeUrl } from '../../src/http/log-safety.ts'

const KEY = 'sk_dsp_live_AbCdEf0123456789-_xyz'

test('secret-looking query parameters lose their values; others are kept', () => {
  assert.equal(safeUrl(`/v1/credits?api_key=${KEY}&limit=5`), '/v1/credits?api_key=[redacted]&limit=5')
  assert.equal(
    safeUrl('/x?password=hunter2&token=t&session=s&q=cloud'),
    '/x?password=[redacted]&token=[redacted]&session=[redacted]&q=cloud',
  )
  assert.equal(safeUrl('/v1/usage/history?limit=10&cursor=abc'), '/v1/usage/history?limit=10&cursor=abc')
})

test('anything that looks like an API key is removed, in a path, a value or an encoded value', () => {
  assert.ok(!safeUrl(`/v1/${KEY}/x`).includes('AbCdEf'))
  assert.ok(!safeUrl(`/v1/search?q=${KEY}`).includes('AbCdEf'))
  assert.ok(!safeUrl(`/v1/search?q=${encodeURIComponent(KEY).replace(/_/g, '%5F')}`).includes('AbCdEf'))
  assert.ok(!safeUrl(`/v1/search?${KEY}`).includes('AbCdEf'))
})

test('malformed encodings never throw', () => {
  assert.equal(safeUrl('/v1/x?%E0%A4%A=1'), '/v1/x?%E0%A4%A=1')
})
