// The person parser's vocabularies (store/search.ts peopleVocabulary) read several vocabularies in
// one pass (the institutions' names and domains, the education degrees and fields), each ranked on
// its own and cut at its limit. Each must equal what a statement of its own gives: most common
// first, then by value, nulls and empty values left out. Checked on the small demo corpus (schools,
// former employers, degrees and fields with ties), both stores, at the full limit and at a cut.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql, type RawBuilder } from 'kysely'
import { peopleVocabulary } from '../../src/store/search.ts'
import type { Db } from '../../src/store/db.ts'
import { useTestServer } from '../support/server.ts'

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
