// Agent runs on people (docs/agent-runs-plan.md, "People"): the plan reads the person filters of the
// search parser from the query and the criteria ("engineers who used to work at Ledgerly",
// "joined in the last 12 months"), and criteria on time in the job or on schools ("has been in role
// under a year", "studied at a top-2 school", "studied at Beta College") are judged on each
// record's own fields, against the run's clock (the test clock here), with a verdict and the
// values as evidence. On a small corpus ingested here, its job dates set from the server's clock.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

// A busy machine can keep the embedded store's one connection for seconds: no deadline is tested here.
const server = useTestServer({ DSP_STORE_ACQUIRE_TIMEOUT_MS: '120000', DSP_RETRIEVAL_TIMEOUT_MS: '120000' })
const RUNS = '/v1/agents/runs'

interface Row {
  id: string
  record: Record<string, unknown> & { name: string }
  criteria: { criterion: string; passed: boolean; verdict?: string; proven_by: string; evidence: string | null }[]
  filters: { filter: string; verdict: string; evidence: string | null }[]
}

let seq = 0
async function run(api: TestServer, key: string, body: Record<string, unknown>) {
  const res = await api.post(RUNS, {
    key,
    body: { category: 'person', effort: 'low', ...body },
    headers: { 'idempotency-key': `people-${process.pid}-${++seq}` },
  })
  expectStatus(res, 202)
  const id = res.body.run_id as string
  const until = Date.now() + 60_000
  for (;;) {
    const read = (await api.get(`${RUNS}/${id}`, { key })).body
    if (['completed', 'failed', 'cancelled'].includes(read.status)) break
    if (Date.now() > until) assert.fail(`run ${id} still ${read.status}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  const read = (await api.get(`${RUNS}/${id}`, { key })).body
  assert.equal(read.status, 'completed', JSON.stringify(read.error))
  const rows = (await api.get(`${RUNS}/${id}/results`, { key, query: { limit: 100 } })).body.results as Row[]
  // The event log of a finished run replays whole and ends after `done`.
  const stream = await fetch(`${api.url}${RUNS}/${id}/events`, {
    headers: { accept: 'text/event-stream', 'x-api-key': key },
  })
  const frame = (await stream.text()).split(/\n\n/).find((f) => /^event: plan$/m.test(f))
  const plan = frame ? JSON.parse(/^data: (.*)$/m.exec(frame)![1]!) : null
  return { read, rows, plan: plan as Record<string, unknown> & { filters: Record<string, unknown> } }
}

/** yyyy-mm, `back` months before the month of `now`. */
const monthBack = (now: Date, back: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7)
const monthsSince = (now: Date, ym: string) =>
  now.getUTCFullYear() * 12 + now.getUTCMonth() - (Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1)

const COMPANIES = [
  { account_name: 'Ledgerly', domain: 'ledgerly.de', industry: 'Fintech', country: 'Germany' },
  { account_name: 'Paymint', domain: 'paymint.de', industry: 'Fintech', country: 'Germany' },
  { account_name: 'CarePath', domain: 'carepath.com', industry: 'Healthcare', country: 'United States' },
]
const employer = { Ledgerly: 'ledgerly.de', Paymint: 'paymint.de', CarePath: 'carepath.com' } as const
type Employer = keyof typeof employer

/**
 * Eight people: [name, title, department, seniority, employer, months in the current job (null: no
 * start on record), former job [company, title, from, to months back] or null, [school, degree, field]].
 */
const PEOPLE: [
  string,
  string,
  string,
  string,
  Employer,
  number | null,
  [Employer, string, number, number] | null,
  [string, string, string],
][] = [
  [
    'Nora Quell',
    'Software Engineer',
    'Engineering',
    'IC',
    'Ledgerly',
    3,
    ['CarePath', 'Data Analyst', 30, 4],
    ['Alpha University', 'B.Sc.', 'Computer Science'],
  ],
  [
    'Omar Brisk',
    'Senior Software Engineer',
    'Engineering',
    'IC',
    'Ledgerly',
    40,
    null,
    ['Beta College', 'M.Sc.', 'Computer Science'],
  ],
  [
    'Pia Lund',
    'Engineering Manager',
    'Engineering',
    'Manager',
    'Paymint',
    8,
    ['Ledgerly', 'Software Engineer', 50, 9],
    ['Zeta Institute', 'B.A.', 'Economics'],
  ],
  [
    'Quinn Hale',
    'VP of Engineering',
    'Engineering',
    'VP',
    'Paymint',
    100,
    null,
    ['Alpha University', 'MBA', 'Business Administration'],
  ],
  [
    'Rosa Imm',
    'Software Engineer',
    'Engineering',
    'IC',
    'CarePath',
    null,
    null,
    ['Alpha University', 'B.Sc.', 'Physics'],
  ],
  ['Sam Tor', 'Product Designer', 'Design', 'IC', 'CarePath', 5, null, ['Beta College', 'B.A.', 'Fine Arts']],
  ['Tia Wren', 'Software Engineer', 'Engineering', 'IC', 'CarePath', 2, null, ['Gamma School', 'B.Sc.', 'Mathematics']],
  ['Ugo Park', 'Software Engineer', 'Engineering', 'IC', 'Paymint', 20, null, ['Delta University', 'B.Sc.', 'Physics']],
]

let loaded: Promise<{ api: TestServer; seeded: Date }> | null = null
/** The corpus, its job dates counted back from the server's clock when it was ingested. */
function corpus(): Promise<{ api: TestServer; seeded: Date }> {
  loaded ??= (async () => {
    const api = await server()
    const seeded = api.app.deps.clock.now()
    const people = PEOPLE.map(([name, title, department, seniority, at, months, former, [school, degree, field]]) => ({
      name,
      title,
      department,
      seniority,
      profile_url: `https://www.linkedin.com/in/${name.toLowerCase().replace(' ', '-')}`,
      current_employer: { company: at, domain: employer[at] },
      employment_history: [
        {
          company: at,
          domain: employer[at],
          title,
          start: months === null ? null : monthBack(seeded, months),
          end: null,
        },
        ...(former
          ? [
              {
                company: former[0],
                domain: employer[former[0]],
                title: former[1],
                start: monthBack(seeded, former[2]),
                end: monthBack(seeded, former[3]),
              },
            ]
          : []),
      ],
      // A school joins the affiliation graph by its id (university filter, schools vocabulary).
      education: [
        { school, school_id: school.toLowerCase().replace(/ /g, '-'), degree, field, start: '2005-09', end: '2009-06' },
      ],
    }))
    for (const [category, rows] of [
      ['company', COMPANIES],
      ['person', people],
    ] as const) {
      const s = await api.admin.ingest(category, rows)
      assert.equal(s.rejected, 0, JSON.stringify(s))
    }
    return { api, seeded }
  })()
  return loaded
}

const names = (rows: Row[]) => rows.map((r) => r.record.name).sort()

describe('agent runs on people', () => {
  test('"has been in role under a year" is judged on the current job\'s start against the run\'s clock, with the months as evidence', async () => {
    const { api, seeded } = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const criteria = ['has been in role under a year']
    const { rows, plan } = await run(api, key, { query: 'engineers', criteria })
    const planned = plan.criteria as { criterion: string; method: string; filters: unknown }[]
    assert.deepEqual(planned[0], {
      criterion: 'has been in role under a year',
      method: 'filter',
      filters: { tenure: { max: 11 } },
      terms: [],
      negated: false,
    })
    assert.deepEqual(plan.filters.department, { include: ['Engineering'] })
    // Three engineers started under a year ago; Rosa has no start on record, Ugo started 20 months ago.
    assert.deepEqual(names(rows), ['Nora Quell', 'Pia Lund', 'Tia Wren'])
    for (const r of rows) {
      const check = r.criteria[0]!
      assert.equal(check.verdict, 'met')
      assert.ok(check.passed)
      const start = (r.record.employment_history as { start: string | null; end: string | null }[]).find(
        (j) => j.end === null,
      )!.start!
      const months = monthsSince(seeded, start)
      assert.ok(months <= 11)
      assert.match(check.evidence ?? '', new RegExp(`since ${start} \\(${months} months? in role\\)`))
    }

    // Seven months later by the run's clock (the test clock), Pia has been in role over a year.
    await api.admin.withClock(214 * 86_400, async () => {
      const now = api.app.deps.clock.now()
      const moved = await run(api, key, { query: 'engineers', criteria })
      const expected = PEOPLE.filter(
        ([, , department, , , months]) =>
          department === 'Engineering' && months !== null && monthsSince(now, monthBack(seeded, months)) <= 11,
      ).map(([name]) => name)
      assert.ok(!expected.includes('Pia Lund'))
      assert.deepEqual(names(moved.rows), expected.sort())
      for (const r of moved.rows) {
        // The months are counted to the run's clock, not the wall clock.
        const start = (r.record.employment_history as { start: string | null; end: string | null }[]).find(
          (j) => j.end === null,
        )!.start!
        const months = Number(/\((\d+) months? in role\)/.exec(r.criteria[0]!.evidence ?? '')?.[1])
        assert.equal(months, monthsSince(now, start), r.criteria[0]!.evidence ?? '')
        assert.ok(months > monthsSince(seeded, start))
      }
    })
  })

  test('"studied at a top-2 school" is the two schools with the most people in the index; the evidence names the school and its rank', async () => {
    const { api } = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const { rows, plan } = await run(api, key, { query: 'engineers', criteria: ['studied at a top-2 school'] })
    const planned = plan.criteria as { filters: unknown; top_schools?: number }[]
    assert.deepEqual(planned[0]!.filters, { university: { include: ['Alpha University', 'Beta College'] } })
    assert.equal(planned[0]!.top_schools, 2)
    // Alpha University (three people) and Beta College (two); Pia, Tia and Ugo went elsewhere.
    assert.deepEqual(names(rows), ['Nora Quell', 'Omar Brisk', 'Quinn Hale', 'Rosa Imm'])
    for (const r of rows) {
      const check = r.criteria[0]!
      assert.equal(check.verdict, 'met')
      const school = (r.record.education as { school: string }[])[0]!.school
      const rank = school === 'Alpha University' ? 1 : 2
      assert.match(check.evidence ?? '', new RegExp(`^education: ${school} \\(.+\\) — #${rank} of the index's schools`))
    }
  })

  test('"studied at <school>" and the query\'s person filters ("used to work at", "joined in the last 12 months") are read by the plan and shown per row', async () => {
    const { api, seeded } = await corpus()
    const { key } = await api.admin.workspaceWithKey({ credits: 1000 })
    const beta = await run(api, key, { query: 'engineers', criteria: ['studied at Beta College'] })
    assert.deepEqual(names(beta.rows), ['Omar Brisk'])
    assert.equal(beta.rows[0]!.criteria[0]!.evidence, 'education: Beta College (M.Sc., Computer Science)')

    const former = await run(api, key, { query: 'engineers who used to work at Ledgerly' })
    assert.deepEqual(former.plan.filters.employment_history, { include: ['Ledgerly'] })
    assert.deepEqual(names(former.rows), ['Pia Lund'])
    const history = former.rows[0]!.filters.find((f) => f.filter.startsWith('employment_history'))!
    assert.equal(history.verdict, 'met')
    assert.equal(
      history.evidence,
      `employment_history: Software Engineer at Ledgerly (${monthBack(seeded, 50)} to ${monthBack(seeded, 9)})`,
    )

    const now = api.app.deps.clock.now()
    const joined = await run(api, key, { query: 'engineers who joined in the last 12 months' })
    assert.deepEqual(joined.plan.filters.current_job_start, { from: `${monthBack(now, 12)}-01` })
    assert.deepEqual(names(joined.rows), ['Nora Quell', 'Pia Lund', 'Tia Wren'])
    for (const r of joined.rows) {
      const f = r.filters.find((x) => x.filter.startsWith('current_job_start'))!
      assert.match(f.evidence ?? '', /^current job: .+ since \d{4}-\d{2}$/)
    }
  })
})
