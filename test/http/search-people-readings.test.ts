// People search in plain words, the phrase families beyond the first reading (docs/search-parser.md,
// "People"): chief titles with their function, "senior vice presidents", degree spellings (M.B.A.,
// master's, MS), "who hold an MBA", a field before "graduates of <school>" and its short name (CS),
// "founders" against the function words of what they build, and industry short names (fintech)
// for the employer. Each reading is checked in resolved_search and on the results' own fields;
// an unsure phrase stays words, an emptying reading is relaxed and reported, the caller wins.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })

type Row = Record<string, unknown> & {
  id: string
  seniority: string
  department: string
  current_employer: { domain: string | null; company: string | null } | null
  education: { school: string; degree: string | null; field: string | null }[]
  governance_level: string[]
}

/** An auto-mode person search of `query`. */
async function people(api: TestServer, key: string, query: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/v1/search', {
    key,
    body: { query, mode: 'auto', category: 'person', limit: 25, ...extra },
  })
  expectStatus(res, 200)
  const rows = res.body.results as Row[]
  assert.ok(rows.length > 0, `"${query}" finds people`)
  return { body: res.body, rs: res.body.resolved_search, rows }
}

const sorted = (filter: unknown) => [...((filter as { include: string[] }).include ?? [])].sort()

describe('POST /v1/search: more person phrases in plain words', () => {
  test('chief titles read level and function; "senior vice presidents", "heads and directors", "C-level executives" leave no word', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    for (const q of ['chief technology officers', 'CTOs']) {
      const cto = await people(api, key, q)
      assert.deepEqual(
        cto.rs.filters,
        { seniority: { include: ['C-Suite'] }, department: { include: ['Engineering'] } },
        q,
      )
      assert.equal(cto.rs.semantic_query, null, q)
      for (const r of cto.rows) assert.ok(r.seniority === 'C-Suite' && r.department === 'Engineering', q)
    }
    const cro = await people(api, key, 'chief revenue officers')
    assert.deepEqual(cro.rs.filters.department, { include: ['Sales'] })
    for (const q of ['senior vice presidents', 'SVPs']) {
      const svp = await people(api, key, q)
      assert.deepEqual(svp.rs.filters, { seniority: { include: ['VP'] } }, q)
      assert.equal(svp.rs.semantic_query, null, q)
      for (const r of svp.rows) assert.equal(r.seniority, 'VP', q)
    }
    const heads = await people(api, key, 'heads and directors at quantix.io')
    assert.deepEqual(heads.rs.filters.seniority, { include: ['Director / Head'] })
    assert.equal(heads.rs.semantic_query, null)
    for (const r of heads.rows) assert.equal(r.current_employer?.domain, 'quantix.io')
    const clevel = await people(api, key, 'C-level executives')
    assert.deepEqual(clevel.rs.filters, { seniority: { include: ['C-Suite'] } })
    assert.equal(clevel.rs.semantic_query, null)
  })

  test('degree spellings: "M.B.A.", "MBA holders", "who hold an MBA", "master\'s", "masters degree", "an MS"; "in MS" stays words', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    for (const q of ['people with an M.B.A.', 'MBA holders', 'people who hold an MBA']) {
      const mba = await people(api, key, q)
      assert.deepEqual(mba.rs.filters, { degree: { include: ['MBA'] } }, q)
      assert.equal(mba.rs.semantic_query, null, q)
      for (const r of mba.rows)
        assert.ok(
          r.education.some((e) => e.degree === 'MBA'),
          q,
        )
    }
    for (const q of ['VPs who hold an MBA', 'vice presidents who hold an MBA']) {
      const vp = await people(api, key, q)
      assert.deepEqual(vp.rs.filters, { seniority: { include: ['VP'] }, degree: { include: ['MBA'] } }, q)
      for (const r of vp.rows) assert.ok(r.seniority === 'VP' && r.education.some((e) => e.degree === 'MBA'), q)
    }
    for (const q of ["people with a master's degree", 'masters degree holders', 'people with a masters degree']) {
      const masters = await people(api, key, q)
      assert.deepEqual(Object.keys(masters.rs.filters), ['degree'], q)
      assert.deepEqual(sorted(masters.rs.filters.degree), ['M.A.', 'M.Eng.', 'M.Sc.'], q)
      for (const r of masters.rows)
        assert.ok(
          r.education.some((e) => ['M.A.', 'M.Eng.', 'M.Sc.'].includes(e.degree ?? '')),
          q,
        )
    }
    for (const q of ['people with an MS', 'people with an M.Sc.', 'people with a Master of Science']) {
      const ms = await people(api, key, q)
      assert.deepEqual(ms.rs.filters, { degree: { include: ['M.Sc.'] } }, q)
      for (const r of ms.rows)
        assert.ok(
          r.education.some((e) => e.degree === 'M.Sc.'),
          q,
        )
    }
    const stats = await people(api, key, 'people with an MS in statistics')
    assert.deepEqual(stats.rs.filters, { degree: { include: ['M.Sc.'] }, field_of_study: { include: ['Statistics'] } })
    // Two letters alone are no degree.
    const bare = await people(api, key, 'engineers in MS')
    assert.equal(bare.rs.filters.degree, undefined)
    assert.match(bare.rs.semantic_query, /\bms\b/)
  })

  test('fields of study: "computer science graduates of <school>", "CS graduates of <school>", "studied CS"', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    for (const q of [
      'computer science graduates of Anchorward State University',
      'CS graduates of Anchorward State University',
    ]) {
      const got = await people(api, key, q)
      assert.deepEqual(
        got.rs.filters,
        {
          field_of_study: { include: ['Computer Science'] },
          university: { include: ['Anchorward State University'] },
        },
        q,
      )
      for (const r of got.rows) {
        assert.ok(
          r.education.some((e) => e.school === 'Anchorward State University'),
          q,
        )
        assert.ok(
          r.education.some((e) => e.field === 'Computer Science'),
          q,
        )
      }
    }
    const cs = await people(api, key, 'people who studied CS')
    assert.deepEqual(cs.rs.filters, { field_of_study: { include: ['Computer Science'] } })
  })

  test('founders: "founders and co-founders" is one level; "founders building machine learning products" keeps what they build as words', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const both = await people(api, key, 'founders and co-founders')
    assert.deepEqual(both.rs.filters, { governance_level: { include: ['founder'] } })
    assert.equal(both.rs.semantic_query, null)
    const building = await people(api, key, 'founders building machine learning products')
    assert.deepEqual(building.rs.filters, { governance_level: { include: ['founder'] } })
    assert.match(building.rs.semantic_query, /machine learning products/)
    assert.ok(building.rows.length >= 10)
    for (const r of building.rows) assert.ok(r.governance_level.includes('founder'))
    // A function named as one still reads.
    const mle = await people(api, key, 'founders in machine learning')
    assert.deepEqual(mle.rs.filters.department, { include: ['Data Science'] })
  })

  test('the employer by industry short name: "VPs at fintech companies" reads Financial Technology; the caller wins', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const alias = await people(api, key, 'VPs at fintech companies')
    assert.deepEqual(alias.rs.filters, {
      seniority: { include: ['VP'] },
      industry: { include: ['Financial Technology'] },
    })
    const named = await people(api, key, 'VPs at Financial Technology companies')
    assert.equal(alias.body.total, named.body.total)
    assert.deepEqual(
      alias.rows.map((r) => r.id),
      named.rows.map((r) => r.id),
    )
    // Not before a kind of organisation: a description, not the employer.
    const words = await people(api, key, 'engineers who like fintech')
    assert.equal(words.rs.filters.industry, undefined)
    // The caller's filter of the same name wins.
    const caller = await people(api, key, 'VPs at fintech companies', {
      filters: { industry: { include: ['Cybersecurity'] } },
    })
    assert.deepEqual(caller.rs.filters.industry, { include: ['Cybersecurity'] })
    assert.deepEqual(caller.rs.overrides, [
      { filter: 'industry', kept: 'caller', dropped: { include: ['Financial Technology'] } },
    ])
  })

  test('never hurt: an emptying degree is relaxed and reported; "good at" is a skill, not an employer; fast reads nothing', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const relaxed = await people(api, key, 'chief legal officers who hold an MBA')
    assert.deepEqual(relaxed.rs.filters, { seniority: { include: ['C-Suite'] }, department: { include: ['Legal'] } })
    assert.deepEqual(relaxed.rs.conflicts, [{ filter: 'degree', caller: null, parser: { include: ['MBA'] } }])
    assert.match(relaxed.rs.semantic_query, /mba/)
    assert.ok(relaxed.body.degradation.some((d: { reason: string }) => d.reason === 'parsed_filter_relaxed'))
    for (const r of relaxed.rows) assert.ok(r.seniority === 'C-Suite' && r.department === 'Legal')

    const skill = await people(api, key, 'sales directors good at negotiation')
    assert.deepEqual(skill.rs.filters, {
      seniority: { include: ['Director / Head'] },
      department: { include: ['Sales'] },
    })
    assert.ok(skill.rows.length >= 10, 'the words rank sales directors, not their employers')
    for (const r of skill.rows) assert.ok(r.seniority === 'Director / Head' && r.department === 'Sales')

    const fast = await api.post('/v1/search', {
      key,
      body: {
        query: 'CS graduates at fintech companies who hold an M.B.A.',
        mode: 'fast',
        category: 'person',
        limit: 5,
      },
    })
    expectStatus(fast, 200)
    assert.deepEqual(fast.body.resolved_search.filters, {})
  })
})
