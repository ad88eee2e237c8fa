// Corpus storage and ingestion over HTTP: the admin NDJSON route (rejects, idempotency,
// normalisation, the affiliation graph, vectors), demo seeding determinism, and GET /v1/coverage
// against the generator's own counts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { SOURCE_CORPORA } from '../../src/contract/coverage.ts'
import { createDemoCorpus } from '../../src/corpus/demo/index.ts'
import { ingestLines } from '../../src/domain/corpus/ingest.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { readDemoFacts } from '../support/demo.ts'
import { expectProblem, expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()
const demoServer = useTestServer({}, { demo: true })
// Its own store: the batch-size test writes records the coverage tests must not see.
const batchServer = useTestServer()

const ndjson = (records: unknown[]) =>
  records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n'

function ingest(api: TestServer, category: string, body: string, query: Record<string, string> = {}) {
  return api.request('POST', `/admin/v1/corpus/${category}`, {
    rawBody: body,
    query,
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
  })
}

async function adminGet(api: TestServer, path: string, query: Record<string, string | number> = {}) {
  const res = await api.request('GET', path, { query, headers: { 'x-admin-token': ADMIN_TOKEN } })
  expectStatus(res, 200)
  return res.body
}

async function stored(api: TestServer, category: string) {
  return (await adminGet(api, `/admin/v1/corpus/${category}/records`, { limit: 1000 })).records as {
    id: string
    internal_id: string
    record: Record<string, unknown>
  }[]
}

async function coverageOf(api: TestServer, corpus: string) {
  const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
  const res = await api.get('/v1/coverage', { key })
  expectStatus(res, 200)
  return res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === corpus)
}

const COMPANIES = [
  {
    account_name: 'Acme Widgets',
    domain: 'HTTPS://WWW.Acme-Widgets.COM/about',
    description: 'Industrial widgets and cloud software for factories',
    industry: 'Manufacturing',
  },
  { account_name: 'Bad Types', domain: 5 },
  '{"account_name": "broken json"',
  '',
  { account_name: 'No Identifier' },
  { account_name: 'Page Only', professional_url: 'https://uk.linkedin.com/company/Page-Only/jobs/' },
  { account_name: 'Extra Field', domain: 'extra.example', colour: 'red' },
  {
    account_name: 'Globex Corporation',
    domain: 'globex.example',
    description: 'Logistics software',
    industry: 'Logistics',
  },
]

describe('POST /admin/v1/corpus/{category}', () => {
  test('stores good lines, rejects bad ones with line number and reason, never aborts the batch', async () => {
    const api = await server()
    const res = await ingest(api, 'company', ndjson(COMPANIES))
    expectStatus(res, 200)
    assert.equal(res.body.read, 7, 'the blank line is skipped')
    assert.equal(res.body.upserted, 3)
    assert.equal(res.body.rejected, 4)
    const one = (line: number, reason: string) => ({ line, reason, problems: [reason] })
    assert.deepEqual(res.body.rejects, [
      one(2, '/domain: expected string or null'),
      one(3, res.body.rejects[1].reason),
      one(5, 'no identifier: a company record needs domain, professional_url or source_id'),
      one(7, '/colour: unknown field'),
    ])
    assert.match(res.body.rejects[1].reason, /^invalid JSON/)
    assert.deepEqual([res.body.inserted, res.body.updated, res.body.duplicate], [3, 0, 0])
    assert.deepEqual(res.body.reject_reasons, {
      '/colour: unknown field': 1,
      '/domain: expected string or null': 1,
      'invalid JSON': 1,
      'no identifier: a company record needs domain, professional_url or source_id': 1,
    })
    assert.equal(res.body.rejects_truncated, false)
    assert.equal(typeof res.body.reject_file, 'string')
    assert.deepEqual(res.body.vectors, { embedded: 3, missing: 0 })
  })

  test('identifiers are normalised on entry: the domain is the id, a page-only company gets a 16-hex id', async () => {
    const api = await server()
    const rows = await stored(api, 'company')
    const acme = rows.find((r) => r.record.account_name === 'Acme Widgets')!
    assert.equal(acme.id, 'acme-widgets.com')
    assert.equal(acme.record.domain, 'acme-widgets.com')
    assert.match(acme.internal_id, /^\d+$/)
    const page = rows.find((r) => r.record.account_name === 'Page Only')!
    assert.match(page.id, /^[0-9a-f]{16}$/)
    assert.equal(page.record.professional_url, 'linkedin.com/company/page-only')
  })

  test('re-ingesting the same body changes nothing', async () => {
    const api = await server()
    const before = await adminGet(api, '/admin/v1/corpus')
    const res = await ingest(api, 'company', ndjson(COMPANIES))
    expectStatus(res, 200)
    assert.deepEqual([res.body.upserted, res.body.unchanged, res.body.rejected], [0, 3, 4])
    const after = await adminGet(api, '/admin/v1/corpus')
    const digest = (s: { corpora: { source_corpus: string; digest: string }[] }) =>
      s.corpora.find((c) => c.source_corpus === 'gtm_companies')!.digest
    assert.equal(digest(after), digest(before))
  })

  test('a changed record is upserted in place: same id and internal id, new content', async () => {
    const api = await server()
    const [before] = (await stored(api, 'company')).filter((r) => r.id === 'globex.example')
    const res = await ingest(
      api,
      'company',
      ndjson([{ account_name: 'Globex Corporation', domain: 'globex.example', industry: 'Transportation' }]),
    )
    assert.deepEqual([res.body.upserted, res.body.unchanged], [1, 0])
    const [after] = (await stored(api, 'company')).filter((r) => r.id === 'globex.example')
    assert.equal(after!.internal_id, before!.internal_id)
    assert.equal(after!.record.industry, 'Transportation')
  })

  test('list and scalar fields with quotes, backslashes, commas, braces and "NULL" are stored and filtered as sent', async () => {
    const api = await server()
    const awkward = ['say "hi"', 'back\\slash', 'a,b', '{braces}', 'NULL', 'C++', 'Zürich „quoted“', '']
    const res = await ingest(
      api,
      'company',
      ndjson([
        {
          account_name: 'Awk "ward" \\ Co',
          domain: 'awkward.example',
          technology: awkward,
          employee_count: 7,
          founded_year: 2001,
          last_funding_date: '2024-02-29',
        },
      ]),
    )
    expectStatus(res, 200)
    assert.deepEqual([res.body.upserted, res.body.rejected], [1, 0])
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    for (const value of awkward.filter((v) => v !== '')) {
      const found = await api.post('/v1/search', {
        key,
        body: { category: 'company', mode: 'fast', filters: { technology: { include: [value] } }, limit: 5 },
      })
      expectStatus(found, 200)
      assert.deepEqual(
        found.body.results.map((r: { id: string }) => r.id),
        ['awkward.example'],
        `technology ${JSON.stringify(value)}`,
      )
    }
    const sized = await api.post('/v1/search', {
      key,
      body: {
        category: 'company',
        mode: 'fast',
        filters: { employee_count: { min: 7, max: 7 }, founded_year: { min: 2001, max: 2001 } },
      },
    })
    assert.deepEqual(
      sized.body.results.map((r: { id: string }) => r.id),
      ['awkward.example'],
    )
    const [row] = (await stored(api, 'company')).filter((r) => r.id === 'awkward.example')
    assert.equal(row!.record.account_name, 'Awk "ward" \\ Co')
    assert.deepEqual(row!.record.technology, awkward)
  })

  test('a batch is cut by the size of its records as well as by their number; every record goes in', async () => {
    const api = await batchServer()
    const lines = Array.from({ length: 9 }, (_, i) =>
      JSON.stringify({
        title: `Sized report ${i}`,
        url: `https://reports.example/sized-${i}`,
        body: 'x'.repeat(3000 + i),
      }),
    )
    const batches: number[] = []
    const summary = await ingestLines(api.app.deps, 'market_report', lines, {
      batchMaxChars: 7000,
      onProgress: (p) => batches.push(p.upserted + p.unchanged),
    })
    assert.deepEqual([summary.upserted, summary.rejected], [9, 0])
    // ≈ 3.1k characters a record: a third record crosses 7,000, so batches of 3.
    assert.deepEqual(batches, [3, 6, 9])
    const rows = (await stored(api, 'market_report')).filter((r) => String(r.record.title).startsWith('Sized report'))
    assert.equal(rows.length, 9)
  })

  test('a text with NUL or an unpaired surrogate is rejected with its line; the lines around it go in', async () => {
    const api = await batchServer()
    const body = [
      '{"account_name": "Before Co", "domain": "before.example"}',
      '{"account_name": "Nul\\u0000Co", "domain": "nul.example"}',
      '{"account_name": "Half \\ud83d surrogate", "domain": "half.example"}',
      '{"account_name": "Emoji \\ud83d\\ude00 pair", "domain": "emoji.example"}',
      '{"account_name": "Back\\\\u0000slash", "domain": "backslash.example"}',
    ].join('\n')
    const res = await ingest(api, 'company', body + '\n')
    expectStatus(res, 200)
    assert.deepEqual([res.body.upserted, res.body.rejected], [3, 2])
    const reason = 'a text holds a NUL character or an unpaired surrogate, which the store cannot keep'
    assert.deepEqual(res.body.rejects, [
      { line: 2, reason, problems: [reason] },
      { line: 3, reason, problems: [reason] },
    ])
    const names = (await stored(api, 'company')).map((r) => r.record.account_name).sort()
    assert.deepEqual(names, ['Back\\u0000slash', 'Before Co', 'Emoji 😀 pair'])
  })

  test('two records with one key in a body: the first is stored, the second reported as a duplicate', async () => {
    const api = await server()
    const res = await ingest(
      api,
      'trend',
      ndjson([
        { name: 'Edge AI', momentum: 10 },
        { name: 'Edge AI', momentum: 90 },
      ]),
    )
    assert.deepEqual([res.body.read, res.body.inserted, res.body.duplicate, res.body.rejected], [2, 1, 1, 0])
    assert.deepEqual(res.body.rejects, [
      { line: 2, reason: 'duplicate: same key as line 1 (name=Edge%20AI)', problems: [res.body.rejects[0].reason] },
    ])
    assert.deepEqual(res.body.reject_reasons, { duplicate: 1 })
    const rows = await stored(api, 'trend')
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.record.momentum, 10)
  })

  test('persons build the affiliation graph; an employer named before its company arrives is re-keyed to its domain', async () => {
    const api = await server()
    const person = {
      name: 'Ada Lovelace',
      title: 'VP of Engineering',
      profile_url: 'https://www.linkedin.com/in/Ada-Lovelace/',
      current_employer: { company: 'Acme Widgets', company_id: 'acme-widgets.com', domain: 'acme-widgets.com' },
      employment_history: [
        { company: 'Acme Widgets', company_id: 'acme-widgets.com', start: '2021-03', end: null },
        { company: 'Initech  Systems', company_id: null, start: '2018-01', end: '2020-12' },
      ],
      education: [{ school: 'Ashford University', school_id: 'ashford-university', start: '2012-09', end: '2016-06' }],
    }
    const res = await ingest(api, 'person', ndjson([person]))
    expectStatus(res, 200)
    assert.equal(res.body.upserted, 1)
    const [row] = await stored(api, 'person')
    assert.equal(row!.record.profile_url, 'linkedin.com/in/ada-lovelace')
    assert.match(row!.id, /^[0-9a-f]{16}$/)
    const affiliations = await coverageOf(api, 'gtm_affiliations')
    assert.equal(affiliations.records, 3)
    const institutionsBefore = (await coverageOf(api, 'gtm_institutions')).records
    // The employer named without a domain arrives as a company: name:initech systems becomes initech.example.
    await ingest(api, 'company', ndjson([{ account_name: 'Initech Systems', domain: 'initech.example' }]))
    const institutionsAfter = (await coverageOf(api, 'gtm_institutions')).records
    assert.equal(
      institutionsAfter,
      institutionsBefore,
      'the name: institution is replaced by the company, not added to',
    )
    assert.equal((await ingest(api, 'person', ndjson([person]))).body.unchanged, 1)
    // A changed person replaces its affiliations rather than adding to them.
    const moved = {
      ...person,
      employment_history: [
        ...person.employment_history,
        { company: 'Acme Widgets', company_id: 'acme-widgets.com', start: '2016-01', end: '2017-06' },
      ],
    }
    assert.equal((await ingest(api, 'person', ndjson([moved]))).body.upserted, 1)
    assert.equal((await coverageOf(api, 'gtm_affiliations')).records, 4)
  })

  test("each affiliation carries its holder's current company, through a re-key and a change of employer", async () => {
    const api = await server()
    const holders = async () =>
      (
        await api.app.deps.db
          .selectFrom('affiliations')
          .innerJoin('persons', 'persons.id', 'affiliations.person_id')
          .select(['affiliations.inst_key', 'affiliations.holder_key'])
          .where('persons.profile_url', '=', 'linkedin.com/in/grace-hopper')
          .orderBy('affiliations.ordinal')
          .execute()
      ).map((a) => [a.inst_key, a.holder_key])
    const person = {
      name: 'Grace Hopper',
      profile_url: 'https://www.linkedin.com/in/grace-hopper/',
      current_employer: { company: 'Zenith  Labs' },
      employment_history: [
        { company: 'Zenith  Labs', company_id: null, start: '2022-01', end: null },
        { company: 'Acme Widgets', company_id: 'acme-widgets.com', start: '2019-01', end: '2021-12' },
      ],
      education: [{ school: 'Ashford University', school_id: 'ashford-university', start: '2012-09', end: '2016-06' }],
    }
    expectStatus(await ingest(api, 'person', ndjson([person])), 200)
    assert.deepEqual(await holders(), [
      ['name:zenith labs', 'name:zenith labs'],
      ['acme-widgets.com', 'name:zenith labs'],
      ['ashford-university', 'name:zenith labs'],
    ])
    // The employer arrives as a company: the name: key becomes its domain, on every row the person holds.
    await ingest(api, 'company', ndjson([{ account_name: 'Zenith Labs', domain: 'zenith.example' }]))
    assert.deepEqual(await holders(), [
      ['zenith.example', 'zenith.example'],
      ['acme-widgets.com', 'zenith.example'],
      ['ashford-university', 'zenith.example'],
    ])
    // A new current employer on re-ingest rewrites every row's holder.
    const moved = {
      ...person,
      current_employer: { company: 'Acme Widgets', company_id: 'acme-widgets.com', domain: 'acme-widgets.com' },
      employment_history: [
        { company: 'Zenith Labs', company_id: null, start: '2022-01', end: '2025-01' },
        { company: 'Acme Widgets', company_id: 'acme-widgets.com', start: '2025-02', end: null },
      ],
    }
    assert.equal((await ingest(api, 'person', ndjson([moved]))).body.upserted, 1)
    assert.deepEqual(await holders(), [
      ['zenith.example', 'acme-widgets.com'],
      ['acme-widgets.com', 'acme-widgets.com'],
      ['ashford-university', 'acme-widgets.com'],
    ])
  })

  test('schools are institutions: ingested idempotently', async () => {
    const api = await server()
    const school = {
      name: 'Ashford University',
      school_id: 'ashford-university',
      domain: 'ashford.edu',
      professional_url: 'linkedin.com/school/ashford-university',
    }
    assert.equal((await ingest(api, 'school', ndjson([school]))).body.upserted, 1)
    assert.equal((await ingest(api, 'school', ndjson([school]))).body.unchanged, 1)
  })

  test('vectors go into the process index as records are ingested', async () => {
    const api = await server()
    const status = await adminGet(api, '/admin/v1/corpus')
    const companies = status.corpora.find((c: { source_corpus: string }) => c.source_corpus === 'gtm_companies')
    assert.equal(status.vector_index_sizes.company, companies.records_with_vector)
    assert.ok(companies.records_with_vector >= 4)
  })

  test('as_of sets the corpus freshness', async () => {
    const api = await server()
    await ingest(api, 'patent', ndjson([{ patent_id: 'us 1 234 b2', title: 'Widget', abstract: 'A widget' }]), {
      as_of: '2024-01-31T00:00:00Z',
    })
    const patents = await coverageOf(api, 'patents')
    assert.equal(patents.as_of, '2024-01-31T00:00:00.000Z')
    assert.equal((await stored(api, 'patent'))[0]!.record.patent_id, 'US1234B2')
  })

  test('a body of a type no format reads → 415 request.unsupported naming the accepted types', async () => {
    const api = await server()
    const res = await api.request('POST', '/admin/v1/corpus/company', {
      rawBody: '<companies/>',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/xml' },
    })
    expectProblem(res, 415, 'request.unsupported')
    assert.match(res.body.detail, /text\/csv/)
  })

  test('an unknown category → 422; no admin token → 401', async () => {
    const api = await server()
    expectProblem(await ingest(api, 'planet', ndjson([{}])), 422, 'request.invalid')
    const res = await api.request('POST', '/admin/v1/corpus/company', {
      rawBody: '{}\n',
      headers: { 'content-type': 'application/x-ndjson' },
    })
    expectProblem(res, 401, 'auth.unauthorized')
  })
})

describe('GET /v1/coverage', () => {
  test('every source_corpus, in closed-set order; an empty corpus has zero records and no as_of', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const res = await api.get('/v1/coverage', { key })
    expectStatus(res, 200)
    assert.deepEqual(
      res.body.corpora.map((c: { source_corpus: string }) => c.source_corpus),
      [...SOURCE_CORPORA],
    )
    assert.equal(res.body.meta.credits_charged, null)
    const reports = res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === 'market_reports')
    assert.deepEqual(reports, {
      source_corpus: 'market_reports',
      category: 'market_report',
      records: 0,
      as_of: null,
      records_with_vector: 0,
      vector_share: null,
      vector_coverage_incomplete: false,
      fields: reports.fields,
    })
    assert.ok(Object.values(reports.fields).every((v) => v === null))
  })

  test("on the demo corpus, record counts equal the generator's, every record has a vector, as_of is the demo day", async () => {
    const api = await demoServer()
    const facts = readDemoFacts(api.app.deps.config.DSP_DATA_DIR)
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
    const res = await api.get('/v1/coverage', { key })
    expectStatus(res, 200)
    for (const c of res.body.corpora.filter((x: { category: string | null }) => x.category !== null)) {
      assert.equal(c.records, facts.counts[c.category], c.source_corpus)
      assert.equal(c.records_with_vector, c.records, c.source_corpus)
      assert.equal(c.vector_share, 1)
      assert.equal(c.vector_coverage_incomplete, false)
      assert.equal(c.as_of, '2025-06-01T00:00:00.000Z')
    }
    const companies = res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === 'gtm_companies')
    assert.equal(companies.fields.domain, 1)
  })

  test("the affiliation graph holds every employment and degree of the generator's people, and every institution", async () => {
    const api = await demoServer()
    const corpus = createDemoCorpus({ scale: 'small' })
    let affiliations = 0
    const institutions = new Set<string>([...corpus.companies()].map((c) => c.domain!))
    for (const s of corpus.schools()) institutions.add(s.school_id!)
    const norm = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()
    const names = new Map([...corpus.companies()].map((c) => [norm(c.account_name!), c.domain!]))
    for (const p of corpus.persons()) {
      for (const job of p.employment_history ?? []) {
        affiliations++
        institutions.add(job.company_id ?? names.get(norm(job.company!)) ?? `name:${norm(job.company!)}`)
      }
      for (const d of p.education ?? []) {
        if (!d.school_id) continue
        affiliations++
        institutions.add(d.school_id)
      }
    }
    assert.equal((await coverageOf(api, 'gtm_affiliations')).records, affiliations)
    assert.equal((await coverageOf(api, 'gtm_institutions')).records, institutions.size)
  })
})

itEnforcesAuth(server, { method: 'GET', path: '/v1/coverage', scopes: ['dsp.search.read'] })

describe('POST /admin/v1/demo/seed', () => {
  test('seeding again with the same seed stores the same ids and records: every category unchanged', async () => {
    const api = await demoServer()
    const before = await adminGet(api, '/admin/v1/corpus')
    const res = await api.request('POST', '/admin/v1/demo/seed', {
      body: { scale: 'small', seed: 42 },
      headers: { 'x-admin-token': ADMIN_TOKEN },
    })
    expectStatus(res, 200)
    for (const c of res.body.categories) {
      assert.equal(c.upserted, 0, c.category)
      assert.equal(c.rejected, 0, c.category)
      assert.equal(c.unchanged, c.read, c.category)
    }
    const after = await adminGet(api, '/admin/v1/corpus')
    assert.deepEqual(
      after.corpora.map((c: { digest: string | null; records: number }) => [c.digest, c.records]),
      before.corpora.map((c: { digest: string | null; records: number }) => [c.digest, c.records]),
    )
  })
})
