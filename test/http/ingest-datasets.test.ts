// Real data (issue 26 item 9): samples of ../shared/datasets/ (read at test time, never copied into
// the repository) go in through the admin route as CSV with a mapping; the stored counts match
// what the files hold, duplicates of the files' own ids are reported, and nothing is lost silently.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { parse } from 'csv-parse/sync'
import { expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const DATASETS = path.resolve('..', 'shared', 'datasets')
const server = useTestServer()

async function post(api: TestServer, category: string, body: string, mapping: unknown) {
  const res = await api.request('POST', `/admin/v1/corpus/${category}`, {
    rawBody: body,
    query: { mapping: JSON.stringify(mapping) },
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'text/csv' },
  })
  expectStatus(res, 200)
  return res.body
}

async function coverageCount(api: TestServer, corpus: string): Promise<number> {
  const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.search.read'] })
  const res = await api.get('/v1/coverage', { key })
  expectStatus(res, 200)
  return res.body.corpora.find((c: { source_corpus: string }) => c.source_corpus === corpus).records
}

describe('shared datasets', { skip: !existsSync(DATASETS) && 'no ../shared/datasets here' }, () => {
  test("without a mapping file the datasets' own headers are recognised: names, source ids, dates; never a list of objects", async () => {
    const api = await server()
    /** The header and the first 300 rows of a CSV, posted without a mapping. */
    const recognised = async (category: string, file: string) => {
      const text = readFileSync(path.join(DATASETS, file), 'utf8')
      const head = text.split('\n').slice(0, 301).join('\n') + '\n'
      const res = await api.request('POST', `/admin/v1/corpus/${category}`, {
        rawBody: head,
        query: { dry_run: 'true' },
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'text/csv' },
      })
      expectStatus(res, 200)
      return res.body
    }
    const crunchbase = await recognised('company', 'crunchbase-2013/companies.csv')
    assert.equal(crunchbase.mapping.name, 'account_name')
    assert.equal(crunchbase.mapping.permalink, 'source_id')
    // The column named as the field wins over a common name for it, whatever their order.
    assert.equal(crunchbase.mapping.founded_year, 'founded_year (year)')
    assert.equal(crunchbase.mapping.founded_at, undefined)
    // A count of rounds is no list of round objects: left alone instead of rejecting every line.
    assert.ok(crunchbase.ignored_columns.includes('funding_rounds'), JSON.stringify(crunchbase.mapping))
    assert.equal(crunchbase.rejected, 0, JSON.stringify(crunchbase.reject_reasons))
    assert.deepEqual(crunchbase.warnings, [])

    const rounds = await recognised('funding_round', 'crunchbase-2013/rounds.csv')
    assert.deepEqual(
      [rounds.mapping.company_name, rounds.mapping.funding_round_type, rounds.mapping.funded_at],
      ['company', 'type', 'announced_on'],
    )
    assert.equal(rounds.rejected, 0, JSON.stringify(rounds.reject_reasons))
    assert.ok(rounds.inserted > 250)

    const jobs = await recognised('job_opening', 'nyc-jobs/nyc_jobs_2019_snapshot.csv')
    assert.deepEqual(
      [
        jobs.mapping['Job ID'],
        jobs.mapping['Business Title'],
        jobs.mapping['Posting Date'],
        jobs.mapping['Job Description'],
      ],
      ['source_id', 'role', 'posted_at', 'description'],
    )
    assert.equal(jobs.rejected, 0, JSON.stringify(jobs.reject_reasons))

    const ceos = await recognised('person', 'wikidata-ceos/ceo_person_organisation_relations.csv')
    assert.deepEqual(
      [ceos.mapping.person_wikidata_uri, ceos.mapping.person_name, ceos.mapping.organisation_name],
      ['source_id', 'name', 'current_employer.company'],
    )
    assert.equal(ceos.rejected, 0, JSON.stringify(ceos.reject_reasons))

    // No column says it is the company's name ("Security" is the S&P's word for it): said before any record goes in.
    const sp500 = await recognised('company', 'sp500-companies/constituents.csv')
    assert.deepEqual(
      [sp500.mapping.CIK, sp500.mapping['GICS Sector'], sp500.mapping['Headquarters Location']],
      ['source_id', 'industry', 'location (place)'],
    )
    assert.equal(sp500.warnings.length, 1)
    assert.match(sp500.warnings[0], /^no column was recognised as account_name \(a company's name\)/)
    assert.ok(sp500.ignored_columns.includes('Security'))
  })

  test('S&P 500 constituents: one company per ticker, none of them with a domain, counts match the file', async () => {
    const api = await server()
    const text = readFileSync(path.join(DATASETS, 'sp500-companies', 'constituents.csv'), 'utf8')
    const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[]
    const s = await post(api, 'company', text, {
      fields: {
        source_id: { column: 'Symbol', prefix: 'ticker:' },
        account_name: 'Security',
        industry: 'GICS Sector',
        sub_industry: 'GICS Sub-Industry',
        location: 'Headquarters Location',
      },
    })
    assert.equal(s.read, rows.length)
    assert.equal(s.inserted + s.duplicate + s.rejected, rows.length)
    assert.equal(s.inserted, new Set(rows.map((r) => r.Symbol)).size)
    assert.equal(await coverageCount(api, 'gtm_companies'), s.inserted)
    // `Saint Paul, Minnesota`, `Dublin, Ireland`: the headquarters give each company its country.
    const res = await api.request('GET', '/admin/v1/corpus/company/records', {
      query: { limit: 1000 },
      headers: { 'x-admin-token': ADMIN_TOKEN },
    })
    const records = (res.body.records as { record: { source_id?: string; country?: string; state?: string } }[])
      .map((r) => r.record)
      .filter((r) => r.source_id?.startsWith('ticker:'))
    // One row says `none` for its headquarters: no place, no country.
    const placed = new Set(rows.filter((r) => r['Headquarters Location']!.includes(',')).map((r) => r.Symbol))
    assert.equal(records.filter((r) => r.country).length, placed.size)
    assert.ok(records.filter((r) => r.country === 'United States' && r.state).length >= 470)
  })

  test('NYC job postings: each Job ID once, a Job ID posted twice reported as a duplicate', async () => {
    const api = await server()
    const text = readFileSync(path.join(DATASETS, 'nyc-jobs', 'nyc_jobs_2019_snapshot.csv'), 'utf8')
    const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[]
    const s = await post(api, 'job_opening', text, {
      fields: {
        source_id: { column: 'Job ID', prefix: 'nyc:' },
        role: 'Business Title',
        company: 'Agency',
        location: 'Work Location',
        department: 'Job Category',
        description: 'Job Description',
      },
    })
    const ids = new Set(rows.map((r) => r['Job ID']))
    assert.equal(s.read, rows.length)
    assert.equal(s.rejected, 0, JSON.stringify(s.rejects.slice(0, 3)))
    assert.equal(s.inserted, ids.size)
    assert.equal(s.duplicate, rows.length - ids.size)
    assert.equal(await coverageCount(api, 'job_openings'), ids.size)
  })

  test('Wikidata CEOs, one row per relation: one person per Wikidata id, no relation a duplicate, no school an employer', async () => {
    const api = await server()
    const text = readFileSync(path.join(DATASETS, 'wikidata-ceos', 'ceo_person_organisation_relations.csv'), 'utf8')
    const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[]
    const res = await api.request('POST', '/admin/v1/corpus/person', {
      rawBody: text,
      query: { relation_key: 'person_wikidata_uri', relation_type: 'relation_type', relation: 'membership=ignore' },
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'text/csv' },
    })
    expectStatus(res, 200)
    const s = res.body
    const ids = new Set(rows.map((r) => r.person_wikidata_uri!.trim()))
    assert.equal(s.relations.rows, rows.length)
    assert.equal(s.rejected, 0, JSON.stringify(s.rejects.slice(0, 3)))
    assert.deepEqual([s.read, s.inserted, s.duplicate, s.relations.persons], [ids.size, ids.size, 0, ids.size])
    assert.equal(await coverageCount(api, 'gtm_people'), ids.size)
    // Employers come from employment rows alone: no person has an employer the file names only as their school.
    const employers = new Set(
      rows
        .filter((r) => r.relation_type === 'employment')
        .map((r) => `${r.person_wikidata_uri} ${r.organisation_name}`),
    )
    let after: string | null = null
    let jobs = 0
    do {
      const page = await api.request('GET', '/admin/v1/corpus/person/records', {
        query: { limit: 1000, ...(after ? { after } : {}) },
        headers: { 'x-admin-token': ADMIN_TOKEN },
      })
      expectStatus(page, 200)
      for (const { record } of page.body.records as { record: Record<string, unknown> }[]) {
        assert.equal(record.current_employer, undefined)
        for (const job of (record.employment_history ?? []) as { company: string }[]) {
          jobs++
          assert.ok(employers.has(`${record.source_id} ${job.company}`), `${record.source_id}: ${job.company}`)
        }
      }
      after = page.body.next_after
    } while (after)
    assert.equal(jobs, employers.size)
  })
})
