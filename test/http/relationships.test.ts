// The four POST /v1/relationships* routes (data-routes §2.9, §4.4, platform §8) on the demo
// corpus, asserted against the generator's facts (docs/corpus-demo.md §1.4): who overlapped where.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { ApiError } from '../../src/errors.ts'
import { chooseInstitution } from '../../src/domain/relationships/anchors.ts'
import type { DemoFacts, RelationshipFact } from '../../src/corpus/demo/facts.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { readDemoFacts } from '../support/demo.ts'
import { expectEnvelope, expectMeta, expectProblem, expectStatus, type Res } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer({}, { demo: true })
// Its own copy of the demo corpus: the school it adds would change other tests' answers.
const collided = useTestServer({}, { demo: true })
// Its own copy too: it ingests people and a company between reads.
const changing = useTestServer({}, { demo: true })
// No blocks kept in memory: every read unpacks the stored block.
const uncached = useTestServer({ DSP_GRAPH_BLOCK_CACHE_MB: '0' }, { demo: true })

itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/relationships',
  scopes: ['dsp.search.read'],
  body: { query: 'who on our team knows people at brightwave.com' },
})
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/relationships/reach',
  scopes: ['dsp.search.read'],
  body: { person: '0000000000000000', companies: [{ value: 'brightwave.com' }] },
})
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/relationships/institutions',
  scopes: ['dsp.search.read'],
  body: { companies: [{ value: 'nowhere-1.example' }, { value: 'nowhere-2.example' }] },
})
itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/relationships/ask',
  scopes: ['dsp.search.read'],
  body: { query: 'who on our team knows people at brightwave.com' },
})

const LUMINA = 'luminacloud.io'
const BRIGHTWAVE = 'brightwave.com'
const VANTAGE = 'vantagehealth.com'

let cachedFacts: DemoFacts | null = null
async function facts(api: TestServer): Promise<DemoFacts> {
  cachedFacts ??= readDemoFacts(api.app.deps.config.DSP_DATA_DIR).facts as DemoFacts
  return cachedFacts
}

function fact(
  f: DemoFacts,
  first: string,
  second: string,
  basis = 'overlapping',
  excludeCurrent = false,
): RelationshipFact {
  const found = f.relationships.find(
    (r) =>
      r.first === first && r.second === second && r.connection_basis === basis && r.exclude_current === excludeCurrent,
  )
  assert.ok(found, `no fact for ${first} → ${second}`)
  return found
}

const pair = (first: string, second: string, extra: Record<string, unknown> = {}) => ({
  companies: [{ value: first }, { value: second }],
  ...extra,
})
const rel = (api: TestServer, key: string, body: unknown, headers: Record<string, string> = {}) =>
  api.post('/v1/relationships', { key, body, headers })
const ask = (api: TestServer, key: string, body: unknown) => api.post('/v1/relationships/ask', { key, body })
const stripNames = (
  list: { id: string; kind: string; match_confidence: string; people_first: number; people_second: number }[],
) =>
  list.map(({ id, kind, match_confidence, people_first, people_second }) => ({
    id,
    kind,
    match_confidence,
    people_first,
    people_second,
  }))
type Row = {
  id: string
  profile_url: string
  number_of_contacts_overlapping_tenure_with: number
  via: { id: string }[]
  department: string
  company_domain: string
}

function expectRefusal(res: Res, kind: string) {
  expectProblem(res, 422, 'request.unsupported')
  assert.equal(res.body.extra.kind, kind, res.text)
}

describe('POST /v1/relationships: answers from the facts', () => {
  test('between two companies: total, the 100 institutions with the most people, and the ranked rows are exactly the facts', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await rel(api, key, pair(LUMINA, BRIGHTWAVE, { limit: 100 }))
    expectEnvelope(res)
    for (const k of ['breakdown', 'connection_basis', 'institutions', 'institutions_truncated'])
      assert.ok(k in res.body, `envelope lacks ${k}`)
    assert.equal(res.body.total, f.people_first)
    assert.equal(res.body.total_is_estimate, false)
    assert.equal(res.body.connection_basis, 'overlapping')
    assert.equal(res.body.breakdown, null)
    // The two largest companies share more institutions than a page names: the first 100, and the flag.
    assert.ok(f.institutions.length > 100, `${f.institutions.length} institutions`)
    assert.equal(res.body.institutions_truncated, true)
    assert.deepEqual(
      stripNames(res.body.institutions),
      f.institutions.slice(0, 100).map(({ name: _n, ...i }) => i),
    )
    const rows: Row[] = res.body.results
    assert.deepEqual(
      rows.map((r) => ({
        profile_url: r.profile_url,
        contacts: r.number_of_contacts_overlapping_tenure_with,
        via: r.via.map((v) => v.id),
      })),
      f.persons.slice(0, 100),
    )
    for (const r of rows) assert.equal(r.company_domain, LUMINA)
    assert.equal(res.body.has_more, true)
    assert.equal(res.body.resolved_search.filters.companies[0].id, LUMINA)
    assert.equal(res.body.attribution[0].source_corpus, 'gtm_affiliations')
  })

  test('shared counts both people at some point; exclude_current counts only ended affiliations', async () => {
    const api = await server()
    const all = await facts(api)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    for (const [basis, excludeCurrent] of [
      ['shared', false],
      ['overlapping', true],
    ] as const) {
      const f = fact(all, 'quantix.io', 'kestrelsecurity.io', basis, excludeCurrent)
      const res = await rel(
        api,
        key,
        pair('quantix.io', 'kestrelsecurity.io', {
          connection_basis: basis,
          exclude_current: excludeCurrent,
          limit: 20,
        }),
      )
      expectStatus(res, 200)
      assert.equal(res.body.total, f.people_first, `${basis}/${excludeCurrent}`)
      assert.deepEqual(
        stripNames(res.body.institutions),
        f.institutions.slice(0, 100).map(({ name: _n, ...i }) => i),
      )
      assert.equal(res.body.institutions_truncated, f.institutions.length > 100)
      assert.deepEqual(
        res.body.results.map((r: Row) => r.profile_url),
        f.persons.slice(0, 20).map((p) => p.profile_url),
      )
    }
  })

  test('swapping the two companies asks the mirror question', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const ab = await rel(api, key, pair(LUMINA, BRIGHTWAVE, { limit: 5 }))
    const ba = await rel(api, key, pair(BRIGHTWAVE, LUMINA, { limit: 5 }))
    expectStatus(ba, 200)
    assert.equal(ba.body.total, f.people_second, "the mirror's rows are the second company's connected people")
    const mirror = new Map(
      ba.body.institutions.map((i: { id: string; people_first: number; people_second: number }) => [i.id, i]),
    )
    // Each side names its own 100 institutions with the most people: those both name are mirrored.
    const both = ab.body.institutions.filter((i: { id: string }) => mirror.has(i.id))
    assert.ok(both.length >= 10, `${both.length} institutions named by both`)
    for (const i of both)
      assert.deepEqual(mirror.get(i.id), { ...i, people_first: i.people_second, people_second: i.people_first })
    assert.equal(ba.body.institutions_truncated, ab.body.institutions_truncated)
    for (const r of ba.body.results) assert.equal(r.company_domain, BRIGHTWAVE)
  })

  test('via_institution: the people of a company affiliated with a school or a former employer; exclude_current keeps those who left', async () => {
    const api = await server()
    const all = await facts(api)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    for (const v of all.via_institution.filter(
      (x) => x.company === LUMINA && ['anchorward-state-university', VANTAGE].includes(x.institution),
    )) {
      for (const excludeCurrent of [false, true]) {
        const res = await rel(api, key, {
          relation: 'via_institution',
          companies: [{ value: LUMINA }],
          institutions: [{ value: v.institution }],
          exclude_current: excludeCurrent,
          limit: 100,
        })
        expectStatus(res, 200)
        const expected = excludeCurrent ? v.former : v.people
        assert.equal(res.body.total, expected.length)
        assert.deepEqual(res.body.results.map((r: Row) => r.profile_url).sort(), expected)
        for (const r of res.body.results)
          assert.deepEqual(
            r.via.map((x: { id: string; kind: string }) => [x.id, x.kind]),
            [[v.institution, v.kind]],
          )
        assert.deepEqual(stripNames(res.body.institutions), [
          {
            id: v.institution,
            kind: v.kind,
            match_confidence: v.kind === 'education' ? 'edu' : 'url',
            people_first: expected.length,
            people_second: 0,
          },
        ])
      }
    }
  })

  test('institutions narrow the connections; all is a per-person conjunction and makes the breakdown inexact', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const school = f.institutions.find((i) => i.kind === 'education')!
    const one = await rel(
      api,
      key,
      pair(LUMINA, BRIGHTWAVE, { institutions: [{ value: school.id, by: 'inst_key' }], limit: 1 }),
    )
    expectStatus(one, 200)
    assert.equal(one.body.total, school.people_first)
    assert.deepEqual(
      stripNames(one.body.institutions),
      [school].map(({ name: _n, ...i }) => i),
    )
    const both = await rel(
      api,
      key,
      pair(LUMINA, BRIGHTWAVE, {
        institutions: [{ value: school.id }, { value: BRIGHTWAVE }],
        institutions_combine: 'all',
        breakdown: { group_by: 'institution' },
        limit: 50,
      }),
    )
    expectStatus(both, 200)
    assert.ok(both.body.total <= school.people_first)
    for (const r of both.body.results)
      assert.deepEqual(r.via.map((v: { id: string }) => v.id).sort(), [BRIGHTWAVE, school.id].sort())
    assert.equal(both.body.breakdown.exact, false)
  })

  test('per-side people constraints, a breakdown by department, and each person’s company context', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await rel(api, key, {
      companies: [
        { value: LUMINA, people: { department: ['Engineering'] } },
        { value: BRIGHTWAVE, people: { seniority: ['VP', 'Director / Head'] } },
      ],
      breakdown: { group_by: 'department', max_groups: 3 },
      include_company_context: true,
      limit: 20,
    })
    expectStatus(res, 200)
    assert.ok(res.body.total > 0)
    for (const r of res.body.results) {
      assert.equal(r.department, 'Engineering')
      assert.equal(r.company_context.domain, LUMINA)
      assert.equal(r.company_context.name, 'Lumina Cloud')
    }
    assert.deepEqual(res.body.breakdown, {
      exact: true,
      group_by: 'department',
      groups: [{ key: 'Engineering', kind: null, label: 'Engineering', people: res.body.total }],
      more_groups: false,
    })
  })

  test('anchors by partial name, page URL, school domain and name resolve (duplicates merged); the plan is echoed', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await rel(api, key, {
      companies: [{ value: 'Lumina' }, { value: 'https://www.linkedin.com/company/brightwave-payments/' }],
      institutions: [
        { value: 'https://www.linkedin.com/school/anchorward-state-university' },
        { value: 'anchorwardstate.edu' },
        { value: 'Anchorward State University', by: 'name', kind: 'school' },
      ],
      limit: 1,
    })
    expectStatus(res, 200)
    const filters = res.body.resolved_search.filters
    assert.deepEqual(
      filters.companies.map((c: { id: string; detected_as: string }) => [c.id, c.detected_as]),
      [
        [LUMINA, 'name'],
        [BRIGHTWAVE, 'li_url'],
      ],
    )
    assert.deepEqual(
      filters.institutions.map((i: { id: string; kind: string }) => [i.id, i.kind]),
      [['anchorward-state-university', 'education']],
    )
    assert.equal(res.body.resolved_search.filters_source, 'caller')
  })
})

describe('POST /v1/relationships: refusals', () => {
  test('a name matching several companies → 422 relationship.anchor_ambiguous with the anchor and candidates', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await rel(api, key, pair('Azurevine', BRIGHTWAVE))
    expectProblem(res, 422, 'relationship.anchor_ambiguous')
    assert.equal(res.body.extra.anchor, 'Azurevine')
    assert.ok(res.body.extra.candidates.length >= 2)
    for (const c of res.body.extra.candidates) assert.match(c.name, /^Azurevine /)
  })

  test('a name whose distinctive words no company carries → 422 naming the miss, never a look-alike', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await rel(api, key, pair('Zyxwv Payments', LUMINA))
    expectProblem(res, 422, 'request.invalid')
    assert.match(res.body.detail, /No company named "Zyxwv Payments"/)
  })

  test('a name that is both a company and a school is refused with both options', () => {
    const both = chooseInstitution(
      'Meridian',
      [
        {
          inst_key: 'meridian.com',
          type: 'company',
          name: 'Meridian',
          name_norm: 'meridian',
          domain: 'meridian.com',
          professional_url: null,
        },
        {
          inst_key: 'meridian-university',
          type: 'school',
          name: 'Meridian',
          name_norm: 'meridian',
          domain: null,
          professional_url: null,
        },
      ],
      'unknown',
    )
    assert.ok(both instanceof ApiError)
    assert.equal(both.code, 'relationship.anchor_ambiguous')
    assert.deepEqual(
      (both.options.extra!.candidates as { kind: string }[]).map((c) => c.kind),
      ['company', 'school'],
    )
    const school = chooseInstitution(
      'Meridian',
      [
        {
          inst_key: 'meridian-university',
          type: 'school',
          name: 'Meridian',
          name_norm: 'meridian',
          domain: null,
          professional_url: null,
        },
      ],
      'school',
    )
    assert.equal((school as { inst_key: string }).inst_key, 'meridian-university')
  })

  test('a name that is both a company and a school → 422 relationship.anchor_ambiguous with both options, never charged; a kind picks one', async () => {
    const api = await collided()
    const school = {
      name: 'Vantage Health',
      school_id: 'vantage-health-institute',
      domain: 'vhi.edu',
      kind: 'institute_of_technology',
      city: 'Boston',
      country: 'United States',
      professional_url: 'linkedin.com/school/vantage-health-institute',
    }
    const ingested = await api.request('POST', '/admin/v1/corpus/school', {
      rawBody: JSON.stringify(school) + '\n',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    })
    expectStatus(ingested, 200)
    assert.equal(ingested.body.upserted, 1)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const via = {
      relation: 'via_institution',
      companies: [{ value: LUMINA }],
      institutions: [{ value: 'Vantage Health' }],
    }
    const both = [
      [VANTAGE, 'company'],
      [school.school_id, 'school'],
    ].sort()
    for (const body of [
      via,
      pair(LUMINA, BRIGHTWAVE, { institutions: [{ value: 'vantage health', by: 'name', kind: 'unknown' }] }),
    ]) {
      const res = await rel(api, key, body)
      expectProblem(res, 422, 'relationship.anchor_ambiguous')
      assert.deepEqual(res.body.extra.candidates.map((c: { id: string; kind: string }) => [c.id, c.kind]).sort(), both)
    }
    const asked = await ask(api, key, { query: 'who at Lumina Cloud went to Vantage Health' })
    expectProblem(asked, 422, 'relationship.anchor_ambiguous')
    assert.deepEqual(asked.body.extra.candidates.map((c: { id: string; kind: string }) => [c.id, c.kind]).sort(), both)
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 100, 'refusals are never charged')
    const company = await rel(api, key, {
      ...via,
      institutions: [{ value: 'Vantage Health', kind: 'company' }],
      limit: 1,
    })
    expectStatus(company, 200)
    assert.deepEqual(
      company.body.resolved_search.filters.institutions.map((i: { id: string; kind: string }) => [i.id, i.kind]),
      [[VANTAGE, 'employment']],
    )
    const nobody = await rel(api, key, { ...via, institutions: [{ value: 'Vantage Health', kind: 'school' }] })
    expectStatus(nobody, 200)
    assert.deepEqual(
      nobody.body.resolved_search.filters.institutions.map((i: { id: string; kind: string }) => [i.id, i.kind]),
      [[school.school_id, 'education']],
    )
    assert.equal(nobody.body.total, 0)
  })

  test('"one person who worked at both A and B" → 422 request.unsupported, never an empty answer', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await rel(api, key, { query: 'people who worked at both Lumina Cloud and Brightwave Payments' })
    expectRefusal(res, 'impossible_on_this_corpus')
    assert.match(res.body.extra.try_instead, /via_institution/)
  })

  test('query: the plan comes back in resolved_search.filters; another kind of question is wrong_route; with structured fields 422', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await rel(api, key, { query: 'people at Lumina Cloud connected to Brightwave Payments', limit: 3 })
    expectStatus(res, 200)
    assert.equal(res.body.total, f.people_first)
    assert.equal(res.body.resolved_search.filters_source, 'parser')
    assert.equal(res.body.resolved_search.parser_version, 'rel-rules-1')
    assert.deepEqual(
      res.body.resolved_search.filters.companies.map((c: { id: string }) => c.id),
      [LUMINA, BRIGHTWAVE],
    )
    const wrong = await rel(api, key, { query: 'shared schools of Lumina Cloud and Brightwave Payments' })
    expectRefusal(wrong, 'wrong_route')
    assert.equal(wrong.body.extra.try_instead, 'POST /v1/relationships/institutions')
    expectRefusal(
      await rel(api, key, { query: 'compare Lumina Cloud and Brightwave Payments connections to Vantage Health' }),
      'compound_unsupported',
    )
    expectProblem(
      await rel(api, key, {
        query: 'people at Lumina Cloud connected to Brightwave Payments',
        relation: 'between_companies',
      }),
      422,
      'request.invalid',
    )
  })

  test('bad shapes → 422 request.invalid: one company, the same company twice, a firmographic or unknown constraint, limit bounds, unknown fields', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    for (const body of [
      { companies: [{ value: LUMINA }] },
      pair(LUMINA, 'https://www.luminacloud.io/about'),
      { companies: [{ value: LUMINA, people: { industry: ['Software'] } }, { value: BRIGHTWAVE }] },
      { companies: [{ value: LUMINA, people: { department: ['Astrology'] } }, { value: BRIGHTWAVE }] },
      { relation: 'via_institution', companies: [{ value: LUMINA }] },
      pair(LUMINA, 'no-such-company.example'),
      pair(LUMINA, BRIGHTWAVE, { limit: 0 }),
      pair(LUMINA, BRIGHTWAVE, { limit: 101 }),
      pair(LUMINA, BRIGHTWAVE, { surprise: true }),
      { companies: [{ value: LUMINA }, { value: BRIGHTWAVE }, { value: VANTAGE }] },
    ])
      expectProblem(await rel(api, key, body), 422, 'request.invalid')
  })

  test('the graph unreachable → 503 upstream.unavailable with Retry-After; never charged', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    await api.admin.fault('retrieval', 'down')
    try {
      const res = await rel(api, key, pair(LUMINA, BRIGHTWAVE))
      expectProblem(res, 503, 'upstream.unavailable')
      assert.equal(res.headers.get('retry-after'), '5')
      expectProblem(
        await ask(api, key, { query: 'people at Lumina Cloud connected to Brightwave Payments' }),
        503,
        'upstream.unavailable',
      )
    } finally {
      await api.admin.clearFaults()
    }
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 10)
  })
})

describe('POST /v1/relationships: cursors and charging', () => {
  test('pages continue the facts’ order; 2 credits for the first 10, 1 per further 10; a re-sent cursor costs nothing', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = pair(LUMINA, BRIGHTWAVE, { limit: 10 })
    const p1 = await rel(api, key, body)
    assert.equal(p1.body.meta.credits_charged, 2)
    const p2 = await rel(api, key, { ...body, limit: 15, cursor: p1.body.next_cursor })
    expectStatus(p2, 200)
    assert.equal(p2.body.resolved_search.parser_version, 'none')
    assert.deepEqual(
      p2.body.results.map((r: Row) => r.profile_url),
      f.persons.slice(10, 25).map((p) => p.profile_url),
    )
    assert.equal(p2.body.meta.credits_charged, 2, 'rows 10..24 touch two new blocks')
    assert.equal(
      (await rel(api, key, { ...body, limit: 15, cursor: p1.body.next_cursor })).body.meta.credits_charged,
      0,
    )
    const fresh = await rel(api, key, pair(LUMINA, BRIGHTWAVE, { limit: 25 }))
    assert.equal(fresh.body.meta.credits_charged, 4, 'a fresh request: 2 + 1 + 1')
    const history = (await api.get('/v1/usage/history', { key })).body.results
    assert.ok(history.every((r: { action_type: string }) => r.action_type === 'dsp.relationships'))
    expectProblem(
      await rel(api, key, { ...pair(LUMINA, VANTAGE), cursor: p1.body.next_cursor }),
      422,
      'pagination.cursor_invalid',
    )
  })

  test('an Idempotency-Key retry, a test key and an empty answer cost 0; too few credits → 402 without rows', async () => {
    const api = await server()
    const live = await api.admin.workspaceWithKey({ credits: 100 })
    const body = pair(LUMINA, BRIGHTWAVE, { limit: 5 })
    assert.equal((await rel(api, live.key, body, { 'idempotency-key': 'k-1' })).body.meta.credits_charged, 2)
    assert.equal((await rel(api, live.key, body, { 'idempotency-key': 'k-1' })).body.meta.credits_charged, 0)
    const empty = await rel(
      api,
      live.key,
      pair(LUMINA, BRIGHTWAVE, {
        companies: [{ value: LUMINA, people: { country: ['Atlantis'] } }, { value: BRIGHTWAVE }],
      }),
    )
    expectStatus(empty, 200)
    assert.equal(empty.body.total, 0)
    assert.equal(empty.body.meta.credits_charged, 0)
    const testKey = await api.admin.workspaceWithKey({ credits: 0, environment: 'test' })
    const res = await rel(api, testKey.key, body)
    expectMeta(res, { environment: 'test', credits_charged: 0 })
    assert.ok(res.body.degradation.some((d: { reason: string }) => d.reason === 'billing_bypassed'))
    const poor = await api.admin.workspaceWithKey({ credits: 1 })
    const refused = await rel(api, poor.key, body)
    expectProblem(refused, 402, 'credits.insufficient')
    assert.equal(refused.body.extra.action_type, 'dsp.relationships')
  })
})

describe('POST /v1/relationships: company graph blocks follow every write', () => {
  const ingest = async (api: TestServer, category: string, records: unknown[]) => {
    const res = await api.request('POST', `/admin/v1/corpus/${category}`, {
      rawBody: records.map((r) => JSON.stringify(r)).join('\n') + '\n',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    })
    expectStatus(res, 200)
    assert.equal(res.body.rejected, 0, res.text)
  }
  /** Waits until the company's block is stored for the current graph generation (it is written just after the read). */
  const blockStored = async (api: TestServer, company: string) => {
    for (let i = 0; i < 100; i++) {
      const r = await sql<{
        fresh: boolean
      }>`select b.generation = s.graph_generation as fresh from graph_blocks b, corpus_state s
        where b.company_key = ${company} and s.corpus = 'gtm_affiliations'`.execute(api.app.deps.db)
      if (r.rows[0]?.fresh) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.fail(`no block stored for ${company}`)
  }
  const person = (
    slug: string,
    current: { company: string; domain: string },
    past: { company: string; start: string; end: string },
  ) => ({
    name: slug.replace('-', ' '),
    title: 'Software Engineer',
    profile_url: `https://www.linkedin.com/in/${slug}/`,
    current_employer: { company: current.company, company_id: current.domain, domain: current.domain },
    employment_history: [
      { company: current.company, company_id: current.domain, start: '2023-01', end: null },
      { ...past, company_id: null },
    ],
  })

  test('without blocks kept in memory, the stored blocks give the same answers, filters and exclusions included', async () => {
    const api = await uncached()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const bodies = [
      pair(LUMINA, BRIGHTWAVE, { limit: 20 }),
      pair(LUMINA, BRIGHTWAVE, {
        limit: 20,
        companies: [
          { value: LUMINA, people: { department: ['Engineering'] } },
          { value: BRIGHTWAVE, people: { seniority: ['VP', 'Director / Head'] } },
        ],
      }),
    ]
    const built = []
    for (const body of bodies) built.push((await rel(api, key, body)).body)
    await blockStored(api, LUMINA)
    await blockStored(api, BRIGHTWAVE)
    const builtAt = async () =>
      (
        await sql<{
          built_at: Date
        }>`select built_at from graph_blocks where company_key in (${LUMINA}, ${BRIGHTWAVE}) order by company_key`.execute(
          api.app.deps.db,
        )
      ).rows.map((r) => new Date(r.built_at).getTime())
    const stamps = await builtAt()
    for (const [i, body] of bodies.entries()) {
      const stored = (await rel(api, key, body)).body
      assert.equal(stored.total, built[i].total)
      assert.deepEqual(stored.results, built[i].results)
      assert.deepEqual(stored.institutions, built[i].institutions)
    }
    assert.ok(built[1].total > 0 && built[1].total < built[0].total, 'the filters narrow the answer')
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.deepEqual(await builtAt(), stamps, 'the stored blocks were read, not built again')
    // Reach excludes its seeds from the target's people by id: ids come from the stored block.
    const seed = built[0].results[0].id
    const reach = await api.post('/v1/relationships/reach', {
      key,
      body: { person: seed, companies: [{ value: BRIGHTWAVE }] },
    })
    expectStatus(reach, 200)
    assert.ok(reach.body.total > 0)
  })

  test('an answer read from stored blocks changes with a person ingest, a company re-keying named employers, and a renamed company', async () => {
    const api = await changing()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const ask = () => rel(api, key, pair(LUMINA, BRIGHTWAVE, { limit: 1 }))
    const before = await ask()
    assert.equal(before.body.total, f.people_first)
    await blockStored(api, LUMINA)
    await blockStored(api, BRIGHTWAVE)
    const again = await ask()
    assert.equal(again.body.total, f.people_first, 'read from the stored blocks: the same answer')
    assert.deepEqual(again.body.results, before.body.results)

    // Two new people, one at each company, who overlapped at an employer named without a domain.
    await ingest(api, 'person', [
      person(
        'block-first',
        { company: 'Lumina Cloud', domain: LUMINA },
        { company: 'Blockfield Labs', start: '2018-01', end: '2020-12' },
      ),
      person(
        'block-second',
        { company: 'Brightwave Payments', domain: BRIGHTWAVE },
        { company: 'Blockfield Labs', start: '2019-06', end: '2021-06' },
      ),
    ])
    const named = await ask()
    assert.equal(
      named.body.total,
      f.people_first + 1,
      'the new Lumina person is connected: the stale block was not used',
    )
    const viaNamed = named.body.institutions.find((i: { id: string }) => i.id === 'name:blockfield labs')
    assert.deepEqual(viaNamed && { first: viaNamed.people_first, second: viaNamed.people_second }, {
      first: 1,
      second: 1,
    })
    await blockStored(api, LUMINA)

    // The employer arrives as a company: both people's affiliations move to its domain.
    await ingest(api, 'company', [{ account_name: 'Blockfield Labs', domain: 'blockfield.example' }])
    const rekeyed = await ask()
    const ids = rekeyed.body.institutions.map((i: { id: string }) => i.id)
    assert.ok(ids.includes('blockfield.example'), 'the institution is now the company')
    assert.ok(!ids.includes('name:blockfield labs'), 'the named institution is gone')
    assert.equal(rekeyed.body.total, f.people_first + 1)
    assert.equal(
      rekeyed.body.institutions.find((i: { id: string }) => i.id === 'blockfield.example').name,
      'Blockfield Labs',
    )
    await blockStored(api, LUMINA)

    // A company renamed: the answer names it as it is now.
    await ingest(api, 'company', [{ account_name: 'Blockfield Laboratories', domain: 'blockfield.example' }])
    const renamed = await ask()
    assert.equal(
      renamed.body.institutions.find((i: { id: string }) => i.id === 'blockfield.example').name,
      'Blockfield Laboratories',
    )

    // Blocks of past generations are deleted by the maintenance job; current ones stay.
    await blockStored(api, LUMINA)
    await blockStored(api, BRIGHTWAVE)
    await ingest(api, 'company', [{ account_name: 'Blockfield Labs', domain: 'blockfield.example' }])
    const job = await api.post('/admin/v1/jobs/relationships.prune_blocks', {
      headers: { 'x-admin-token': ADMIN_TOKEN },
    })
    expectStatus(job, 200)
    assert.ok(job.body.affected >= 2, 'both blocks are of a past generation now')
    assert.equal(
      (await sql<{ n: number }>`select count(*)::int as n from graph_blocks`.execute(api.app.deps.db)).rows[0]!.n,
      0,
    )
    await ask()
    await blockStored(api, LUMINA)
    expectStatus(
      await api.post('/admin/v1/jobs/relationships.prune_blocks', { headers: { 'x-admin-token': ADMIN_TOKEN } }),
      200,
    )
    assert.ok(
      (await sql<{ n: number }>`select count(*)::int as n from graph_blocks`.execute(api.app.deps.db)).rows[0]!.n >= 1,
      'a current block stays',
    )
  })
})

describe('POST /v1/relationships/institutions', () => {
  test('one page of the facts’ institutions, truncated, has_more false, 2 credits flat; a name prefix narrows', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await api.post('/v1/relationships/institutions', { key, body: pair(LUMINA, BRIGHTWAVE, { limit: 30 }) })
    expectStatus(res, 200)
    assert.equal(res.body.total, f.institutions.length)
    assert.deepEqual(
      stripNames(res.body.results),
      f.institutions.slice(0, 30).map(({ name: _n, ...i }) => i),
    )
    assert.equal(res.body.truncated, true)
    assert.equal(res.body.has_more, false)
    assert.equal(res.body.next_cursor, null)
    assert.equal(res.body.meta.credits_charged, 2)
    const schools = await api.post('/v1/relationships/institutions', {
      key,
      body: pair(LUMINA, BRIGHTWAVE, { institution_type: 'education', name_starts_with: 'anchorward', limit: 100 }),
    })
    assert.deepEqual(
      schools.body.results.map((i: { id: string }) => i.id),
      ['anchorward-state-university'],
    )
    assert.equal(schools.body.truncated, false)
    const none = await api.post('/v1/relationships/institutions', {
      key,
      body: pair(LUMINA, BRIGHTWAVE, { name_starts_with: 'zzz' }),
    })
    assert.equal(none.body.total, 0)
    assert.equal(none.body.meta.credits_charged, 0)
    expectProblem(
      await api.post('/v1/relationships/institutions', { key, body: { ...pair(LUMINA, BRIGHTWAVE), cursor: 'x' } }),
      422,
      'request.invalid',
    )
  })
})

describe('POST /v1/relationships/reach', () => {
  test('one person and one company: the facts’ contacts, how they connect, and all four fields null', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const row = (await rel(api, key, pair(LUMINA, BRIGHTWAVE, { limit: 1 }))).body.results[0]
    const res = await api.post('/v1/relationships/reach', {
      key,
      body: { person: row.id, companies: [{ value: BRIGHTWAVE }], limit: 10 },
    })
    expectStatus(res, 200)
    assert.equal(res.body.total, f.persons[0]!.contacts)
    assert.equal(res.body.total_is_estimate, false)
    assert.equal(res.body.targets, null)
    assert.equal(res.body.seeds, null)
    assert.equal(res.body.results.length, 10)
    for (const r of res.body.results) {
      assert.equal(r.target_index, null)
      assert.equal(r.reached_by, null)
      assert.equal(r.company_domain, BRIGHTWAVE)
      for (const v of r.via) assert.ok(f.persons[0]!.via.includes(v.id))
    }
    const counts = res.body.institutions.map((i: { people_at_target: number }) => i.people_at_target)
    assert.ok(Math.max(...counts) <= res.body.total)
    assert.equal(res.body.meta.credits_charged, 2)
  })

  test('several people and companies: targets, seeds, target_index, reached_by; totals exact across companies, an upper bound across people', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const rows = (await rel(api, key, pair(LUMINA, BRIGHTWAVE, { limit: 2 }))).body.results
    const res = await api.post('/v1/relationships/reach', {
      key,
      body: {
        people: rows.map((r: Row) => r.id),
        companies: [{ value: BRIGHTWAVE }, { value: VANTAGE }, { value: 'Brightwave Payments' }],
        limit: 3,
      },
    })
    expectStatus(res, 200)
    const { targets, seeds } = res.body
    assert.deepEqual(
      targets.map((t: { index: number; cid: string; same_as: number | null }) => [t.index, t.cid, t.same_as]),
      [
        [0, BRIGHTWAVE, null],
        [1, VANTAGE, null],
        [2, BRIGHTWAVE, 0],
      ],
    )
    assert.deepEqual(
      seeds.map((s: { id: string }) => s.id),
      rows.map((r: Row) => r.id),
    )
    assert.equal(
      res.body.total,
      seeds.reduce((n: number, s: { total: number }) => n + s.total, 0),
    )
    assert.ok(res.body.total >= targets[0].total + targets[1].total)
    assert.equal(res.body.total_is_estimate, res.body.total !== targets[0].total + targets[1].total)
    assert.deepEqual([...new Set(res.body.results.map((r: { target_index: number }) => r.target_index))], [0, 1])
    for (const r of res.body.results)
      assert.ok(
        r.reached_by.length >= 1 && r.reached_by.every((id: string) => seeds.some((s: { id: string }) => s.id === id)),
      )
    const p2 = await api.post('/v1/relationships/reach', {
      key,
      body: {
        people: rows.map((r: Row) => r.id),
        companies: [{ value: BRIGHTWAVE }, { value: VANTAGE }, { value: 'Brightwave Payments' }],
        limit: 3,
        cursor: res.body.next_cursor,
      },
    })
    expectStatus(p2, 200)
    assert.equal(p2.body.results.length, 6)
    assert.equal(p2.body.meta.credits_charged, 1, 'rows 6..11 open one new block')
    expectProblem(
      await api.post('/v1/relationships/reach', {
        key,
        body: { person: 'ffffffffffffffff', companies: [{ value: BRIGHTWAVE }] },
      }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/relationships/reach', {
        key,
        body: { person: rows[0].id, people: [rows[1].id], companies: [{ value: BRIGHTWAVE }] },
      }),
      422,
      'request.invalid',
    )
  })
})

describe('POST /v1/relationships/ask', () => {
  const POPULATED = ['relationships', 'reach', 'institutions', 'compare', 'fan_out']
  const onlyOne = (res: Res, route: string) => {
    assert.equal(res.body.route, route)
    for (const k of POPULATED) assert.equal(res.body[k] === null, k !== route, `${k} populated wrongly for ${route}`)
  }

  test('relationships: the same answer as the structured route; paging carries the plan and never re-charges', async () => {
    const api = await server()
    const f = fact(await facts(api), LUMINA, BRIGHTWAVE)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const body = { query: 'Who at Lumina Cloud is connected to people at Brightwave Payments?', limit: 10 }
    const p1 = await ask(api, key, body)
    expectStatus(p1, 200)
    onlyOne(p1, 'relationships')
    assert.equal(p1.body.total, f.people_first)
    assert.deepEqual(
      p1.body.results.map((r: Row) => r.profile_url),
      f.persons.slice(0, 10).map((p) => p.profile_url),
    )
    assert.equal(p1.body.reading.searches, 1)
    assert.deepEqual(p1.body.reading.warnings, [])
    assert.match(p1.body.reading.span, /Lumina Cloud.*Brightwave Payments/)
    assert.equal(p1.body.meta.credits_charged, 2)
    const p2 = await ask(api, key, { ...body, cursor: p1.body.next_cursor })
    assert.deepEqual(
      p2.body.results.map((r: Row) => r.profile_url),
      f.persons.slice(10, 20).map((p) => p.profile_url),
    )
    assert.equal(p2.body.relationships.next_cursor, p2.body.next_cursor)
    assert.equal(p2.body.meta.credits_charged, 1)
    assert.equal((await ask(api, key, { ...body, cursor: p1.body.next_cursor })).body.meta.credits_charged, 0)
    expectProblem(
      await ask(api, key, { query: 'something else', cursor: p1.body.next_cursor }),
      422,
      'pagination.cursor_invalid',
    )
    const runs = (await api.get('/v1/usage/history', { key })).body.results
    assert.ok(runs.every((r: { action_type: string }) => r.action_type === 'dsp.relationships.ask'))
  })

  test('roles and places in the words constrain their own side; "at any point" reads as shared', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const res = await ask(api, key, {
      query: 'VPs at Brightwave Payments who at any point knew engineers in the US at Lumina Cloud',
      limit: 20,
    })
    expectStatus(res, 200)
    const filters = res.body.relationships.resolved_search.filters
    assert.deepEqual(
      filters.companies.map((c: { id: string; people: unknown }) => [c.id, c.people]),
      [
        [BRIGHTWAVE, { seniority: ['VP'] }],
        [LUMINA, { country: ['United States'], department: ['Engineering'] }],
      ],
    )
    assert.equal(filters.connection_basis, 'shared')
    for (const r of res.body.results) assert.equal(r.seniority, 'VP')
  })

  test('via an institution, reach, and institutions (2 credits flat)', async () => {
    const api = await server()
    const all = await facts(api)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const school = all.via_institution.find(
      (v) => v.company === LUMINA && v.institution === 'anchorward-state-university',
    )!
    const via = await ask(api, key, { query: 'who at Lumina Cloud went to Anchorward State University', limit: 100 })
    expectStatus(via, 200)
    onlyOne(via, 'relationships')
    assert.deepEqual(via.body.results.map((r: Row) => r.profile_url).sort(), school.people)
    const former = all.via_institution.find((v) => v.company === LUMINA && v.institution === VANTAGE)!
    const used = await ask(api, key, { query: 'who at Lumina Cloud used to work at Vantage Health?', limit: 100 })
    assert.equal(used.body.relationships.resolved_search.filters.relation, 'via_institution')
    assert.deepEqual(used.body.results.map((r: Row) => r.profile_url).sort(), former.people)
    const id = via.body.results[0].id
    const reach = await ask(api, key, { query: `who can ${id} reach at Brightwave Payments` })
    expectStatus(reach, 200)
    onlyOne(reach, 'reach')
    assert.equal(reach.body.reach.targets, null)
    const inst = await ask(api, key, { query: 'shared schools of Lumina Cloud and Brightwave Payments', limit: 5 })
    expectStatus(inst, 200)
    onlyOne(inst, 'institutions')
    assert.ok(inst.body.results.every((i: { kind: string }) => i.kind === 'education'))
    assert.equal(inst.body.next_cursor, null)
    assert.equal(inst.body.meta.credits_charged, 2)
  })

  test('compare and fan_out: not paginated, stronger side named, one drill-down per top row', async () => {
    const api = await server()
    const all = await facts(api)
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const cmp = await ask(api, key, {
      query: 'compare Brightwave Payments and Lumina Cloud connections to Vantage Health',
      limit: 5,
    })
    expectStatus(cmp, 200)
    onlyOne(cmp, 'compare')
    assert.equal(cmp.body.next_cursor, null)
    const sides = cmp.body.compare.sides
    assert.equal(sides[1].total, fact(all, LUMINA, VANTAGE).people_first)
    assert.equal(cmp.body.compare.stronger, sides[0].total > sides[1].total ? 0 : 1)
    assert.equal(cmp.body.reading.searches, 2)
    assert.equal(cmp.body.meta.credits_charged, 2, 'ten rows across both sides')
    const fan = await ask(api, key, {
      query: 'people at Lumina Cloud connected to Brightwave Payments, and for the top 2 show who they can reach',
      limit: 4,
    })
    expectStatus(fan, 200)
    onlyOne(fan, 'fan_out')
    assert.equal(fan.body.next_cursor, null)
    assert.equal(fan.body.fan_out.k, 2)
    assert.deepEqual(
      fan.body.fan_out.drill_downs.map((d: { person_id: string }) => d.person_id),
      fan.body.results.slice(0, 2).map((r: Row) => r.id),
    )
    const f = fact(all, LUMINA, BRIGHTWAVE)
    assert.deepEqual(
      fan.body.fan_out.drill_downs.map((d: { total: number }) => d.total),
      f.persons.slice(0, 2).map((p) => p.contacts),
    )
    assert.equal(fan.body.reading.searches, 3)
  })

  test('refusals carry extra.kind from the contract table', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 100 })
    const cases: [string, string][] = [
      ['who knows someone interesting', 'no_anchor'],
      ['who on our team knows people at Brightwave Payments', 'no_tenant_context'],
      ['which accounts on my target accounts list are connected to Lumina Cloud', 'needs_tenant_list'],
      ['people at competitors of Lumina Cloud connected to Brightwave Payments', 'needs_pre_resolve'],
      ['Lumina Cloud and Brightwave Payments', 'route_ambiguous'],
      [
        'compare Lumina Cloud, Brightwave Payments, Orbitra Logistics, Quantix AI and Kestrel Security connections to Vantage Health',
        'compound_over_budget',
      ],
      [
        'people at Lumina Cloud connected to Brightwave Payments? And who at Quantix AI went to school with Kestrel Security?',
        'compound_unsupported',
      ],
      ['anyone who worked at both Quantix AI and Kestrel Security', 'impossible_on_this_corpus'],
    ]
    for (const [query, kind] of cases) expectRefusal(await ask(api, key, { query }), kind)
    expectProblem(
      await ask(api, key, { query: 'people at Azurevine connected to Lumina Cloud' }),
      422,
      'relationship.anchor_ambiguous',
    )
    const before = (await api.get('/v1/credits', { key })).body.spendable
    assert.equal(before, 100, 'refusals are never charged')
  })
})
