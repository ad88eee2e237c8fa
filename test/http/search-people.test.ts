// People search in plain words through POST /v1/search on the demo corpus (docs/search-parser.md,
// "People"): each family of person phrases reads its filter when the index holds the value, every
// result meets it (checked on the result's own fields), unsure phrases stay words, a reading that
// empties the answer is relaxed and reported, the caller's filter wins, and fast reads nothing.
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
  employment_history: {
    company: string | null
    domain: string | null
    title: string
    start: string
    end: string | null
  }[]
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

const ended = (r: Row) => r.employment_history.filter((j) => j.end !== null)

describe('POST /v1/search: people in plain words', () => {
  test('levels, functions and the employer: "VPs at Financial Technology companies", "sales directors for …"', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const vp = await people(api, key, 'VPs at Financial Technology companies')
    assert.deepEqual(vp.rs.filters, { seniority: { include: ['VP'] }, industry: { include: ['Financial Technology'] } })
    for (const r of vp.rows) assert.equal(r.seniority, 'VP')
    const dir = await people(api, key, 'sales directors for Software & Cloud companies')
    assert.deepEqual(dir.rs.filters.seniority, { include: ['Director / Head'] })
    assert.deepEqual(dir.rs.filters.department, { include: ['Sales'] })
    assert.deepEqual(dir.rs.filters.industry, { include: ['Software & Cloud'] })
    const partners = await people(api, key, 'partners')
    assert.deepEqual(partners.rs.filters, { department: { include: ['Partners'] } })
    for (const r of partners.rows) assert.match(r.title as string, /partner/i)
  })

  test('the employer by name or domain: "engineers at Lumina Cloud", "people who work at luminacloud.io"', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const byName = await people(api, key, 'engineers at Lumina Cloud')
    assert.deepEqual(byName.rs.filters.company, { include: [{ value: 'Lumina Cloud', by: 'name' }] })
    assert.deepEqual(byName.rs.filters.department, { include: ['Engineering'] })
    for (const r of byName.rows) assert.equal(r.current_employer?.domain, 'luminacloud.io')
    const byDomain = await people(api, key, 'people who work at luminacloud.io')
    assert.deepEqual(byDomain.rs.filters, { company: { include: [{ value: 'luminacloud.io', by: 'domain' }] } })
    for (const r of byDomain.rows) assert.equal(r.current_employer?.domain, 'luminacloud.io')
  })

  test('schools: "studied at", "alumni of", "<school> alumni"; an unknown school stays words', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    for (const q of [
      'engineers who studied at Anchorward State University',
      'engineers, alumni of Anchorward State University',
      'Anchorward alumni in engineering',
    ]) {
      const got = await people(api, key, q)
      assert.deepEqual(got.rs.filters.university, { include: ['Anchorward State University'] }, q)
      assert.deepEqual(got.rs.filters.department, { include: ['Engineering'] }, q)
      for (const r of got.rows)
        assert.ok(
          r.education.some((e) => e.school === 'Anchorward State University'),
          q,
        )
    }
    const unknown = await api.post('/v1/search', {
      key,
      body: { query: 'engineers who studied at Hogwarts', mode: 'auto', category: 'person', limit: 5 },
    })
    expectStatus(unknown, 200)
    assert.equal(unknown.body.resolved_search.filters.university, undefined)
    assert.match(unknown.body.resolved_search.semantic_query, /hogwarts/)
  })

  test('former employers and titles: "ex-<company>", "used to work at", "<company> alumni", "former CFOs"', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    for (const q of ['ex-Vantage Health', 'people who used to work at Vantage Health', 'Vantage Health alumni']) {
      const got = await people(api, key, q)
      assert.deepEqual(got.rs.filters, { employment_history: { include: ['Vantage Health'] } }, q)
      for (const r of got.rows)
        assert.ok(
          ended(r).some((j) => j.company === 'Vantage Health'),
          q,
        )
    }
    const cfo = await people(api, key, 'former CFOs')
    assert.deepEqual(cfo.rs.filters, { past_title: { include: ['Chief Financial Officer'] } })
    for (const r of cfo.rows) assert.ok(ended(r).some((j) => /chief financial officer/i.test(j.title)))
  })

  test('degrees, fields and governance: "PhDs", "computer science graduates", "founders", "board members"', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const phd = await people(api, key, 'people with a PhD')
    assert.deepEqual(phd.rs.filters, { degree: { include: ['Ph.D.'] } })
    for (const r of phd.rows) assert.ok(r.education.some((e) => e.degree === 'Ph.D.'))
    const cs = await people(api, key, 'computer science graduates')
    assert.deepEqual(cs.rs.filters, { field_of_study: { include: ['Computer Science'] } })
    for (const r of cs.rows) assert.ok(r.education.some((e) => e.field === 'Computer Science'))
    const founders = await people(api, key, 'founders')
    assert.deepEqual(founders.rs.filters, { governance_level: { include: ['founder'] } })
    for (const r of founders.rows) assert.ok(r.governance_level.includes('founder'))
    const board = await people(api, key, 'board members')
    assert.deepEqual(board.rs.filters, { governance_level: { include: ['board_member'] } })
    for (const r of board.rows) assert.ok(r.governance_level.includes('board_member'))
  })

  test('time in the job and experience: "joined in 2024", "in their role for more than 5 years", "10+ years of experience"', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const joined = await people(api, key, 'people who joined in 2024')
    assert.deepEqual(joined.rs.filters, { current_job_start: { from: '2024-01-01', to: '2024-12-31' } })
    for (const r of joined.rows) assert.match(r.employment_history.find((j) => j.end === null)!.start, /^2024-/)
    const tenure = await people(api, key, 'people in their role for more than 5 years')
    assert.deepEqual(tenure.rs.filters, { tenure: { min: 61 } })
    const now = new Date()
    const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
    const monthOf = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7)) - 1
    for (const r of tenure.rows)
      assert.ok(nowMonth - monthOf(r.employment_history.find((j) => j.end === null)!.start) > 60)
    const years = await people(api, key, 'engineers with 10+ years of experience')
    assert.deepEqual(years.rs.filters, { years_worked: { min: 10 }, department: { include: ['Engineering'] } })
    for (const r of years.rows) {
      const first = Math.min(...r.employment_history.map((j) => monthOf(j.start)))
      assert.ok((nowMonth - first) / 12 >= 10)
    }
    const recent = await people(api, key, 'people who joined in the last 3 years')
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 36, 1)).toISOString().slice(0, 10)
    assert.deepEqual(recent.rs.filters, { current_job_start: { from } })
  })

  test('never hurt: an emptying reading is relaxed and reported; the caller wins; fast reads nothing', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const relaxed = await people(api, key, 'founders who joined before 1950')
    assert.deepEqual(relaxed.rs.filters, { governance_level: { include: ['founder'] } })
    assert.deepEqual(relaxed.rs.conflicts, [
      { filter: 'current_job_start', caller: null, parser: { to: '1949-12-31' } },
    ])
    assert.ok(relaxed.body.degradation.some((d: { reason: string }) => d.reason === 'parsed_filter_relaxed'))
    for (const r of relaxed.rows) assert.ok(r.governance_level.includes('founder'))

    const caller = await people(api, key, 'engineers who studied at Anchorward State University', {
      filters: { university: { include: ['Polartrail State University'] } },
    })
    assert.deepEqual(caller.rs.filters.university, { include: ['Polartrail State University'] })
    assert.deepEqual(caller.rs.overrides, [
      { filter: 'university', kept: 'caller', dropped: { include: ['Anchorward State University'] } },
    ])
    for (const r of caller.rows) assert.ok(r.education.some((e) => e.school === 'Polartrail State University'))

    const fast = await api.post('/v1/search', {
      key,
      body: { query: 'ex-Vantage Health founders with a PhD', mode: 'fast', category: 'person', limit: 5 },
    })
    expectStatus(fast, 200)
    assert.deepEqual(fast.body.resolved_search.filters, {})
  })
})
