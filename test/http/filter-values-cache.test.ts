// Filter values kept per corpus state (docs/search-filters.md, "Values"): a page is read once for
// the records as they are and answered from memory until an ingest or a delete changes the corpus.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { expectStatus } from '../support/http.ts'
import { useTestServer } from '../support/server.ts'

const server = useTestServer()

describe('filter values: kept per corpus state', () => {
  test('a page is answered from memory until an ingest changes the corpus it reads', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const values = async (search: string, name = 'industry') => {
      const res = await api.get(`/v1/search/filters/${name}`, { key, query: { search } })
      expectStatus(res, 200)
      return res.body.values as string[]
    }
    const ingest = async (records: unknown[]) => {
      const body = await api.admin.ingest('company', records)
      assert.equal(body.rejected, 0, JSON.stringify(body))
    }
    await ingest([{ account_name: 'Kelp One', domain: 'kelp-one.example', industry: 'Kelp Farming' }])
    assert.deepEqual(await values('kelp'), ['Kelp Farming'])
    assert.deepEqual(await values('kelp', 'company'), ['kelp-one.example'])

    // A write that bypasses the ingest leaves the corpus state as it was: the kept page answers.
    await sql`update companies set industry = 'Kelp Harvesting', name = 'Seaweed One' where domain = 'kelp-one.example'`.execute(
      api.app.deps.db,
    )
    assert.deepEqual(await values('kelp'), ['Kelp Farming'], 'read from memory')
    assert.deepEqual(await values('kelp', 'company'), ['kelp-one.example'], 'read from memory')

    // An ingest changes the corpus state: the page is read again, with both records' industries.
    await ingest([{ account_name: 'Kelp Two', domain: 'kelp-two.example', industry: 'Kelp Processing' }])
    assert.deepEqual((await values('kelp')).sort(), ['Kelp Harvesting', 'Kelp Processing'])
    assert.deepEqual(await values('kelp', 'company'), ['kelp-two.example'])
  })
})
