// The parser's vocabularies while a read of them waits (docs/search-parser.md, "Vocabularies"): after
// a corpus change, with `affiliations` locked from another connection so the new read cannot
// finish, an auto search answers within the wait bound, parsed with the vocabularies read before
// the change; once the lock is gone, a search parses with the new ones. PostgreSQL only: on the
// embedded store a lock is held on the store's one connection, which every search waits for.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import pg from 'pg'
import { VOCABULARY_WAIT_MS } from '../../src/domain/search/vocabularies.ts'
import { expectStatus } from '../support/http.ts'
import { startTestServer, usingPostgres, type TestServer } from '../support/server.ts'

/** The lock is held at most this long, past the wait and the bound below: an answer within them did not wait for it. */
const HOLD_MS = 20_000
const ANSWER_BOUND_MS = VOCABULARY_WAIT_MS + 4000

const QUERY = 'aquafarming companies in Norway'

async function industryRead(api: TestServer, key: string): Promise<{ industry: unknown; ms: number }> {
  const t0 = performance.now()
  const res = await api.post('/v1/search', { key, body: { query: QUERY, mode: 'auto', category: 'company', limit: 5 } })
  const ms = performance.now() - t0
  expectStatus(res, 200)
  return { industry: res.body.resolved_search.filters.industry, ms }
}

test(
  'an auto search does not wait for a read of the vocabularies held by a lock: it parses with the last ones, then with the new',
  { skip: !usingPostgres() && 'needs PostgreSQL: a lock held from another connection', timeout: 120_000 },
  async () => {
    // The read waits for the lock rather than failing at the store's deadlines.
    const deadline = String(HOLD_MS + 10_000)
    const api = await startTestServer({ DSP_STORE_STATEMENT_TIMEOUT_MS: deadline, DSP_STORE_LOCK_TIMEOUT_MS: deadline })
    const other = new pg.Client({ connectionString: api.app.deps.config.DATABASE_URL })
    try {
      const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
      const norway = { country: 'Norway', description: 'Salmon farms in Norwegian fjords.' }
      let s = await api.admin.ingest('company', [{ account_name: 'Fjordlaks', domain: 'fjordlaks.no', ...norway }])
      assert.equal(s.rejected, 0)
      assert.equal((await industryRead(api, key)).industry, undefined, 'no record has the industry yet')

      s = await api.admin.ingest('company', [
        { account_name: 'Havbruk', domain: 'havbruk.no', industry: 'Aquafarming', ...norway },
      ])
      assert.equal(s.rejected, 0)
      await other.connect()
      await other.query('begin')
      await other.query('lock table affiliations in access exclusive mode')
      const locked = performance.now()

      const during = await industryRead(api, key)
      assert.ok(
        during.ms < ANSWER_BOUND_MS,
        `answered in ${Math.round(during.ms)} ms, within ${ANSWER_BOUND_MS} ms, not after the lock`,
      )
      assert.ok(performance.now() - locked < HOLD_MS, 'the lock was still held when the search answered')
      assert.equal(during.industry, undefined, 'parsed with the vocabularies read before the ingest')

      await other.query('commit')
      let after: unknown
      for (let i = 0; i < 60 && after === undefined; i++) {
        after = (await industryRead(api, key)).industry
        if (after === undefined) await new Promise((r) => setTimeout(r, 250))
      }
      assert.deepEqual(after, { include: ['Aquafarming'] }, 'the new vocabularies are read once the lock is gone')
    } finally {
      await other.end().catch(() => undefined)
      await api.close()
    }
  },
)
