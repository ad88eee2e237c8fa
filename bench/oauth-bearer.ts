// What a Bearer (OAuth access token) request costs next to an X-API-Key one: GET /v1/credits on one
// test server, in interleaved rounds of 400 sequential requests each: a warm key, a warm token
// (verified from the cache), and a token with the cache switched off (two store reads per
// request). Run: `npx tsx bench/oauth-bearer.ts` (DSP_TEST_DATABASE_URL for PostgreSQL).
// Figures: docs/performance-search.md "OAuth access tokens".
import { createHash, randomBytes } from 'node:crypto'
import { startTestServer } from '../test/support/server.ts'
import { signUp } from '../test/support/session.ts'
const api = await startTestServer({})
const member = await signUp(api)
const ws = await api.admin.workspaceWithKey()
const REDIRECT = 'http://127.0.0.1:9/cb'
const reg = await api.post('/oauth/register', { body: { redirect_uris: [REDIRECT] } })
const verifier = randomBytes(32).toString('base64url')
const q = {
  response_type: 'code',
  client_id: reg.body.client_id,
  redirect_uri: REDIRECT,
  code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  code_challenge_method: 'S256',
  scope: 'dsp.usage.read',
}
const d = await member.post('/v1/oauth/consent', { body: { ...q, scopes: ['dsp.usage.read'], approve: true } })
const code = new URL(d.body.redirect_to).searchParams.get('code')!
const t = await api.post('/oauth/token', {
  body: { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: reg.body.client_id },
})
const token = t.body.access_token as string
const cache = api.app.deps.keyCache as unknown as { ttlMs: number }
const N = 400
async function round(kind: 'key' | 'bearer'): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < N; i++) {
    const s = performance.now()
    const r = await api.get(
      '/v1/credits',
      kind === 'key' ? { key: ws.key } : { headers: { authorization: `Bearer ${token}` } },
    )
    out.push(performance.now() - s)
    if (r.status !== 200) throw new Error(r.text)
  }
  return out
}
const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]!
const res: Record<string, number[]> = { key: [], cached: [], uncached: [] }
for (let r = 0; r < 5; r++) {
  cache.ttlMs = 60_000
  res.key!.push(...(await round('key')))
  res.cached!.push(...(await round('bearer')))
  cache.ttlMs = 0
  res.uncached!.push(...(await round('bearer')))
}
for (const [k, v] of Object.entries(res))
  console.log(
    k,
    'p50',
    p(v, 0.5).toFixed(3),
    'p95',
    p(v, 0.95).toFixed(3),
    'ratio p50 to key',
    (p(v, 0.5) / p(res.key!, 0.5)).toFixed(2),
  )
await api.close()
