// No log line at any level holds a key, token or password (developers' guide; issue 24): a real
// `dsp serve` process logging at trace is sent every kind of secret the API takes, in headers,
// bodies and (wrongly) in URLs, and its whole output is searched for them.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { processData, startProcess, type ProcessData, type ServerProcess } from '../support/process.ts'
import { ADMIN_TOKEN } from '../support/server.ts'

let data: ProcessData | null = null
let proc: ServerProcess | null = null
after(async () => {
  await proc?.stop()
  await data?.drop()
})

test('a server logging at trace writes no secret it was sent', { timeout: 180_000 }, async () => {
  data = await processData({ DSP_LOG_LEVEL: 'trace' })
  proc = await startProcess(data)
  const api = proc
  const password = 'pw-Zq81-never-in-logs'
  const wrongPassword = 'pw-Wr0ng-never-in-logs'
  const signUp = await api.post('/v1/auth/sign-up', {
    body: { email: 'logs@example.com', password, workspace_name: 'Logs' },
  })
  expectStatus(signUp, 201)
  const cookie = /dsp_session=([^;]*)/.exec(signUp.headers.get('set-cookie') ?? '')![1]!
  const csrf = signUp.body.csrf_token as string
  expectStatus(
    await api.post('/v1/auth/sign-in', { body: { email: 'logs@example.com', password: wrongPassword } }),
    401,
  )
  const created = await api.post('/v1/keys', {
    body: { name: 'logged?', environment: 'live' },
    headers: { cookie: `dsp_session=${cookie}`, 'x-csrf-token': csrf },
  })
  expectStatus(created, 201)
  const key = created.body.secret as string
  expectStatus(await api.get('/v1/credits', { key }), 200)
  // Secrets where they do not belong: still never logged.
  await api.get(`/v1/credits?api_key=${key}`)
  await api.get(`/v1/credits?token=${key}&password=${password}`)
  await api.get(`/v1/${key}`)
  await api.get('/v1/credits', { headers: { authorization: `Bearer ${key}` } })
  await api.get('/admin/v1/corpus', { headers: { 'x-admin-token': ADMIN_TOKEN } })
  await api.post('/v1/search', { key, body: { query: 'x', password } })
  await proc.stop()
  proc = null
  const output = api.stdout() + api.stderr()
  assert.match(output, /\/v1\/credits/, 'the requests were logged')
  const secretPart = key.slice('sk_dsp_live_'.length)
  for (const [what, secret] of [
    ['API key', secretPart],
    ['password', password],
    ['wrong password', wrongPassword],
    ['admin token', ADMIN_TOKEN],
    ['session cookie', cookie],
    ['CSRF token', csrf],
  ] as const) {
    const at = output.indexOf(secret)
    assert.equal(at, -1, `the ${what} is in the log: …${output.slice(Math.max(0, at - 200), at + 50)}`)
  }
})
