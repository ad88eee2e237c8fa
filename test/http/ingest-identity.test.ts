// Source identity (issue 26 items 2 and 3): source_id as the upsert key, duplicates within one
// input reported, inserted/updated/unchanged/duplicate/rejected matching /v1/coverage, and
// companies and persons stored without web identifiers when they carry a source_id.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { ndjson } from '../support/admin.ts'
import { expectStatus } from '../support/http.ts'
import { processData, runDsp } from '../support/process.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

async function stored(api: TestServer, category: string) {
  const res = await api.request('GET', `/admin/v1/corpus/${category}/records`, {
    query: { limit: 1000 },
    headers: { 'x-admin-token': ADMIN_TOKEN },
  })
  expectStatus(res, 200)
  return res.body.records as { id: string; record: Record<string, unknown> }[]
}

async function coverageCount(api: TestServer, corpus: string): Promise<number> {
  const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
  const res = await api.get('/v1/coverage', { key })
  expectStatus(res, 200)
  return res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === corpus).records
}

const counts = (s: Record<string, number>) => ({
  inserted: s.inserted,
  updated: s.updated,
  unchanged: s.unchanged,
  duplicate: s.duplicate,
  rejected: s.rejected,
})

describe('source identity', () => {
  test('two rounds of one company on one day with their own source_id are two records; coverage counts both', async () => {
    const api = await server()
    const round = { company: 'Acme', company_domain: 'acme.example', type: 'seed', announced_on: '2024-03-01' }
    const s = await api.admin.ingest('funding_round', [
      { ...round, source_id: 'cb:r1', amount_usd: 1_000_000 },
      { ...round, source_id: 'cb:r2', amount_usd: 2_000_000 },
    ])
    assert.deepEqual(counts(s), { inserted: 2, updated: 0, unchanged: 0, duplicate: 0, rejected: 0 })
    const rows = (await stored(api, 'funding_round')).filter((r) => r.record.company === 'Acme')
    assert.deepEqual(rows.map((r) => r.record.source_id).sort(), ['cb:r1', 'cb:r2'])
    assert.equal(await coverageCount(api, 'funding_rounds'), 2)

    // The same source ids again, one changed: updated in place, never merged.
    const again = await api.admin.ingest('funding_round', [
      { ...round, source_id: 'cb:r1', amount_usd: 1_000_000 },
      { ...round, source_id: ' cb:r2 ', amount_usd: 2_500_000 },
    ])
    assert.deepEqual(counts(again), { inserted: 0, updated: 1, unchanged: 1, duplicate: 0, rejected: 0 })
    assert.equal(await coverageCount(api, 'funding_rounds'), 2)
  })

  test('without source ids, a second line with the same natural key is a duplicate: reported, not folded', async () => {
    const api = await server()
    const posting = (n: number) => ({
      role: 'Data Analyst',
      company: 'City Agency',
      posted_at: '2024-05-01',
      description: `posting ${n}`,
    })
    const withoutIds = await api.admin.ingest('job_opening', [posting(1), posting(2), posting(3)])
    assert.deepEqual(counts(withoutIds), { inserted: 1, updated: 0, unchanged: 0, duplicate: 2, rejected: 0 })
    assert.deepEqual(
      withoutIds.rejects.map((r: { line: number; reason: string }) => [r.line, r.reason.split(' (')[0]]),
      [
        [2, 'duplicate: same key as line 1'],
        [3, 'duplicate: same key as line 1'],
      ],
    )
    assert.equal(withoutIds.reject_reasons.duplicate, 2)
    // With source ids the six postings of one title are six records.
    const six = [1, 2, 3, 4, 5, 6].map((n) => ({ ...posting(n), source_id: `nyc:${n}` }))
    const withIds = await api.admin.ingest('job_opening', six)
    assert.deepEqual(counts(withIds), { inserted: 6, updated: 0, unchanged: 0, duplicate: 0, rejected: 0 })
    // Two lines with one source_id: the second is a duplicate.
    const twice = await api.admin.ingest('job_opening', [six[0], { ...six[0], description: 'other' }])
    assert.deepEqual(counts(twice), { inserted: 0, updated: 0, unchanged: 1, duplicate: 1, rejected: 0 })
    // 1 without an id + 6 with one; the summaries' inserted add up to what coverage counts.
    assert.equal(await coverageCount(api, 'job_openings'), withoutIds.inserted + withIds.inserted)
  })

  test('a company without domain or page URL is stored with its source_id: hashed id, found by name', async () => {
    const api = await server()
    const s = await api.admin.ingest('company', [
      { account_name: 'Quorvath Holdings', source_id: 'sp500:QVH', industry: 'Utilities' },
      { account_name: 'No Identity At All' },
    ])
    assert.deepEqual(counts(s), { inserted: 1, updated: 0, unchanged: 0, duplicate: 0, rejected: 1 })
    const row = (await stored(api, 'company')).find((r) => r.record.source_id === 'sp500:QVH')!
    assert.match(row.id, /^[0-9a-f]{16}$/)
    const { key } = await api.admin.workspaceWithKey({ credits: 100, scopes: ['dsp.entities.read'] })
    const found = await api.post('/v1/entities/companies', { key, body: { ids: ['Quorvath Holdings'], by: 'name' } })
    expectStatus(found, 200)
    assert.equal(found.body.results[0].found, true)
    assert.equal(found.body.results[0].matches[0].source_id, 'sp500:QVH')
  })

  test('a person without a profile URL is stored with its source_id; a second source_id on one profile is a duplicate', async () => {
    const api = await server()
    const s = await api.admin.ingest('person', [
      { name: 'Imogen Trask', title: 'Chief Executive Officer', source_id: 'wd:Q1' },
      { name: 'Hal Brandt', profile_url: 'https://www.linkedin.com/in/hal-brandt/', source_id: 'crm:1' },
    ])
    assert.deepEqual(counts(s), { inserted: 2, updated: 0, unchanged: 0, duplicate: 0, rejected: 0 })
    const people = await stored(api, 'person')
    const imogen = people.find((p) => p.record.source_id === 'wd:Q1')!
    assert.match(imogen.id, /^[0-9a-f]{16}$/)
    assert.equal(imogen.record.profile_url, undefined)
    // The profile is held by crm:1: another source's record of it is reported, not merged.
    const other = await api.admin.ingest('person', [
      { name: 'Hal Brandt (dup)', profile_url: 'linkedin.com/in/hal-brandt', source_id: 'crm:2' },
    ])
    assert.deepEqual(counts(other), { inserted: 0, updated: 0, unchanged: 0, duplicate: 1, rejected: 0 })
    assert.match(other.rejects[0].reason, /is stored with source_id crm:1/)
    const hal = (await stored(api, 'person')).find((p) => p.record.source_id === 'crm:1')!
    assert.equal(hal.record.name, 'Hal Brandt')
  })

  test('every problem of a rejected line is reported and summarised by kind', async () => {
    const api = await server()
    const s = await api.admin.ingest('company', [
      { account_name: 7, employee_count: 'many', colour: 'red', domain: 'acme.example' },
      { account_name: 'Bad Domain', domain: 'not a domain', professional_url: 'https://example.com/x' },
    ])
    assert.equal(s.rejected, 2)
    assert.deepEqual([...s.rejects[0].problems].sort(), [
      '/account_name: expected string or null',
      '/colour: unknown field',
      '/employee_count: expected integer or null',
    ])
    assert.deepEqual(s.rejects[1].problems, [
      '/domain: not a domain name ("not a domain")',
      '/professional_url: not a company page URL ("https://example.com/x")',
    ])
    assert.equal(s.reject_reasons['/domain: not a domain name'], 1)
    assert.equal(s.reject_reasons['/colour: unknown field'], 1)
  })

  test('every unknown key of a JSON record is named, at any depth, with the field a common name means; nothing is stored', async () => {
    const api = await server()
    const s = await api.admin.ingest('company', [
      {
        name: 'Unknown Keys',
        Employees: 12,
        colour: 'red',
        domain: 'unknown-keys.example',
        funding_rounds: [{ type: 'seed', amt: 1 }],
      },
    ])
    assert.deepEqual(counts(s), { inserted: 0, updated: 0, unchanged: 0, duplicate: 0, rejected: 1 })
    assert.deepEqual([...s.rejects[0].problems].sort(), [
      '/Employees: unknown field (did you mean employee_count?)',
      '/colour: unknown field',
      '/funding_rounds/0/amt: unknown field',
      '/name: unknown field (did you mean account_name?)',
    ])
    assert.equal(s.reject_reasons['/name: unknown field (did you mean account_name?)'], 1)
    assert.equal((await stored(api, 'company')).filter((r) => r.record.domain === 'unknown-keys.example').length, 0)
    const person = await api.admin.ingest('person', [
      { full_name: 'Ann Key', company: 'Acme', external_id: 'hr:1', profile_url: 'linkedin.com/in/ann-key' },
    ])
    assert.deepEqual([...person.rejects[0].problems].sort(), [
      '/company: unknown field (did you mean current_employer.company?)',
      '/external_id: unknown field (did you mean source_id?)',
      '/full_name: unknown field (did you mean name?)',
    ])
  })

  test('dsp ingest: JSON keys of another shape get their fields named and one hint; a CSV header without a name column gets a warning, and --map names the column', async () => {
    const data = await processData()
    try {
      const file = path.join(data.env.DSP_DATA_DIR!, 'crm.jsonl')
      writeFileSync(file, JSON.stringify({ name: 'Hinted', domain: 'hinted.example' }) + '\n')
      const { code, out } = await runDsp(['ingest', '--category', 'company', file], data.env)
      assert.equal(code, 1)
      assert.match(out, /^\s+1\s+\/name: unknown field \(did you mean account_name\?\)$/m)
      assert.match(
        out,
        /^ {2}hint: JSON records are read with the field names of docs\/corpus\.md §1; read a key as a field with --map field=key, or map keys of another shape with --mapping <file> \(docs\/ingest-formats\.md §1\)$/m,
      )
      const csv = path.join(data.env.DSP_DATA_DIR!, 'crm.csv')
      writeFileSync(csv, 'name,domain\nHinted,hinted.example\n')
      const fromCsv = await runDsp(['ingest', '--category', 'company', csv], data.env)
      assert.equal(fromCsv.code, 0, fromCsv.err)
      assert.doesNotMatch(fromCsv.out, /hint:/)
      assert.doesNotMatch(fromCsv.err, /warning:/)
      // A header with no column for the records' name: the recognised columns, then a warning.
      const unnamed = path.join(data.env.DSP_DATA_DIR!, 'tickers.csv')
      writeFileSync(unnamed, 'Symbol,Security,CIK\nMMM,3M,66740\n')
      const fromTickers = await runDsp(['ingest', '--category', 'company', unnamed], data.env)
      assert.equal(fromTickers.code, 0, fromTickers.err)
      assert.match(
        fromTickers.err,
        /^recognised columns \(csv\):\n {2}CIK → source_id\n {2}ignored: Symbol, Security\nwarning: no column was recognised as account_name \(a company's name\), so the records will have none; name it with --map account_name=<column> \(the route's map=account_name=<column>\), or in a mapping file \(docs\/ingest-formats\.md §1\)$/m,
      )
      // --map names the one column recognition missed; the others are still recognised.
      const mapped = await runDsp(
        ['ingest', '--category', 'company', '--map', 'account_name=Security', unnamed],
        data.env,
      )
      assert.equal(mapped.code, 0, mapped.err)
      assert.match(
        mapped.err,
        /^recognised columns \(csv\):\n {2}Security → account_name\n {2}CIK → source_id\n {2}ignored: Symbol\n/m,
      )
      assert.doesNotMatch(mapped.err, /warning:/)
      assert.match(mapped.out, /^company\s+read 1 · inserted 0 · updated 1 /m)
      const badField = await runDsp(
        ['ingest', '--category', 'company', '--map', 'ticker_name=Security', unnamed],
        data.env,
      )
      assert.equal(badField.code, 2)
      assert.match(
        badField.err,
        /^dsp ingest: map "ticker_name=Security": "ticker_name" is not a field of a company record$/m,
      )
      const badColumn = await runDsp(
        ['ingest', '--category', 'company', '--map', 'account_name=Name', unnamed],
        data.env,
      )
      assert.equal(badColumn.code, 2)
      assert.match(badColumn.err, /map account_name=Name: the header has no column "Name" \(Symbol, Security, CIK\)/)
    } finally {
      await data.drop()
    }
  })

  test('a company stored by source_id alone, sent again with a domain, stays one row (and the other way round)', async () => {
    const api = await server()
    const rowsOf = async (sourceId: string) =>
      (await stored(api, 'company')).filter((r) => r.record.source_id === sourceId)
    const first = await api.admin.ingest('company', [{ account_name: 'Gap Forward', source_id: 'gap:1' }])
    assert.equal(first.inserted, 1)
    const dry = await api.request('POST', '/admin/v1/corpus/company', {
      query: { dry_run: 'true' },
      rawBody: ndjson([{ account_name: 'Gap Forward', source_id: 'gap:1', domain: 'gap-forward.example' }]),
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    })
    assert.deepEqual(counts(dry.body), { inserted: 0, updated: 1, unchanged: 0, duplicate: 0, rejected: 0 })
    const second = await api.admin.ingest('company', [
      { account_name: 'Gap Forward', source_id: 'gap:1', domain: 'gap-forward.example' },
    ])
    assert.deepEqual(counts(second), { inserted: 0, updated: 1, unchanged: 0, duplicate: 0, rejected: 0 })
    const rows = await rowsOf('gap:1')
    assert.equal(rows.length, 1)
    // The row now has the domain's id, so lookups by domain and a later line with the domain find it.
    assert.equal(rows[0]!.id, 'gap-forward.example')
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.entities.read'] })
    const byDomain = await api.post('/v1/entities/companies', {
      key,
      body: { ids: ['gap-forward.example'], by: 'domain' },
    })
    expectStatus(byDomain, 200)
    assert.equal(JSON.stringify(byDomain.body).includes('Gap Forward'), true)
    const third = await api.admin.ingest('company', [
      { account_name: 'Gap Forward', source_id: 'gap:1', domain: 'gap-forward.example' },
    ])
    assert.equal(third.unchanged, 1)

    // The reverse: stored with a domain and a source_id, sent again with the source_id alone.
    await api.admin.ingest('company', [
      { account_name: 'Gap Reverse', source_id: 'gap:2', domain: 'gap-reverse.example' },
    ])
    const back = await api.admin.ingest('company', [{ account_name: 'Gap Reverse Renamed', source_id: 'gap:2' }])
    assert.deepEqual(counts(back), { inserted: 0, updated: 1, unchanged: 0, duplicate: 0, rejected: 0 })
    const reverse = await rowsOf('gap:2')
    assert.equal(reverse.length, 1)
    assert.equal(reverse[0]!.record.account_name, 'Gap Reverse Renamed')
    assert.equal(await coverageCount(api, 'gtm_companies'), (await stored(api, 'company')).length)
  })

  test('a person stored by source_id alone, sent again with a profile URL, stays one row', async () => {
    const api = await server()
    await api.admin.ingest('person', [{ name: 'Gap Person', title: 'CTO', source_id: 'hrgap:1' }])
    const again = await api.admin.ingest('person', [
      { name: 'Gap Person', title: 'CTO', source_id: 'hrgap:1', profile_url: 'https://www.linkedin.com/in/gap-person' },
    ])
    assert.deepEqual(counts(again), { inserted: 0, updated: 1, unchanged: 0, duplicate: 0, rejected: 0 })
    const rows = (await stored(api, 'person')).filter((r) => r.record.source_id === 'hrgap:1')
    assert.equal(rows.length, 1)
    assert.match(String(rows[0]!.record.profile_url), /gap-person/)
  })
})
