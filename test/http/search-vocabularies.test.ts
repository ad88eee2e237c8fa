// The person parser's vocabularies (store/search.ts peopleVocabulary) read several vocabularies in
// one pass (the institutions' names and domains, the education degrees and fields), each ranked on
// its own and cut at its limit. Each must equal what a statement of its own gives: most common
// first, then by value, nulls and empty values left out. Checked on the small demo corpus (schools,
// former employers, degrees and fields with ties), both stores, at the full limit and at a cut.
// And they are kept in the store per corpus state (parser_vocabularies, migration 0050): a
// restarted process parses with the stored ones, and an ingest that changes the corpora replaces them.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql, type RawBuilder } from 'kysely'
import { peopleVocabulary } from '../../src/store/search.ts'
import type { Db } from '../../src/store/db.ts'
import { expectStatus } from '../support/http.ts'
import { startTestServer, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

/** One vocabulary by a statement of its own, as each was read before they were read together. */
async function alone(db: Db, q: RawBuilder<{ v: string | null }>): Promise<string[]> {
  return (await q.execute(db)).rows.map((r) => r.v).filter((v): v is string => typeof v === 'string' && v.length > 0)
}

function institution(kind: 'education' | 'employment', column: 'name' | 'domain', limit: number) {
  return sql<{ v: string | null }>`select i.${sql.ref(column)} as v, count(*) n from affiliations f
    join institutions i on i.inst_key = f.inst_key
    where f.kind = ${kind} and (f.kind = 'education' or not f.is_current) and i.${sql.ref(column)} is not null
    group by 1 order by n desc, v limit ${limit}`
}

function education(key: 'degree' | 'field') {
  return sql<{ v: string | null }>`select e->>${key} as v, count(*) n
    from persons p, jsonb_array_elements(coalesce(p.record->'education', '[]'::jsonb)) e
    where e->>${key} is not null group by 1 order by n desc, v limit 500`
}

describe('the person parser vocabularies', () => {
  test('read together, each equals its own statement: most common first, then by value, cut at its limit', async () => {
    const api = await server()
    const db = api.app.deps.db
    for (const limit of [20_000, 7]) {
      const got = await peopleVocabulary(db, limit)
      const expected = {
        schools: await alone(db, institution('education', 'name', limit)),
        past_employers: await alone(db, institution('employment', 'name', limit)),
        past_employer_domains: await alone(db, institution('employment', 'domain', limit)),
        degrees: await alone(db, education('degree')),
        fields_of_study: await alone(db, education('field')),
      }
      for (const [name, values] of Object.entries(expected)) {
        assert.ok(values.length > 0, `${name}: the demo corpus has some`)
        assert.deepEqual(got[name as keyof typeof got], values, `${name} at limit ${limit}`)
      }
      if (limit === 7) assert.equal(got.schools.length, 7)
    }
  })
})

describe('the parser vocabularies kept in the store per corpus state', () => {
  const stored = async (api: TestServer) =>
    (
      await sql<{
        generation: string
        vocabularies: string
      }>`select generation, vocabularies from parser_vocabularies`.execute(api.app.deps.db)
    ).rows
  /** The industry filter an auto search reads from "companies in the <name> industry", if any. */
  const industryRead = async (api: TestServer, key: string, name: string) => {
    const res = await api.post('/v1/search', {
      key,
      body: { query: `companies in the ${name} industry`, mode: 'auto', category: 'company', limit: 3 },
    })
    expectStatus(res, 200)
    return res.body.resolved_search.filters.industry as { include: string[] } | undefined
  }

  test('read once and stored; a restarted process parses with the stored ones; an ingest replaces them', async () => {
    let api = await startTestServer({}, { demo: true })
    try {
      const { key } = await api.admin.workspaceWithKey()
      assert.deepEqual(await stored(api), [], 'nothing is stored before a search needs them')
      assert.deepEqual(await industryRead(api, key, 'cybersecurity'), { include: ['Cybersecurity'] })
      const [first, ...others] = await stored(api)
      assert.ok(first, 'the first auto search stores what it read')
      assert.equal(others.length, 0)
      const vocabularies = JSON.parse(first.vocabularies) as { industries: string[]; people: { schools: string[] } }
      assert.ok(vocabularies.industries.includes('Cybersecurity'))
      assert.ok(vocabularies.people.schools.length > 0)

      // A value taken out of the stored copy only: a restarted process that does not read it read the store, not the index.
      vocabularies.industries = vocabularies.industries.filter((v) => v !== 'Cybersecurity')
      await sql`update parser_vocabularies set vocabularies = ${JSON.stringify(vocabularies)}`.execute(api.app.deps.db)
      api = await api.restart()
      assert.equal(await industryRead(api, key, 'cybersecurity'), undefined)

      // An ingest moves the companies' state on: the vocabularies are read from the index again and replace the row.
      await api.admin.ingest('company', [
        { account_name: 'Quillmere Analytics', domain: 'quillmere.example', industry: 'Software' },
      ])
      await industryRead(api, key, 'software')
      let rows = await stored(api)
      for (let i = 0; i < 100 && rows[0]?.generation === first.generation; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        rows = await stored(api)
      }
      assert.equal(rows.length, 1, 'one row: the new generation replaces the old')
      assert.notEqual(rows[0]!.generation, first.generation)
      assert.deepEqual(await industryRead(api, key, 'cybersecurity'), { include: ['Cybersecurity'] })
    } finally {
      await api.close()
    }
  })
})
