// Input formats and mapping over POST /admin/v1/corpus/{category} (issue 26 item 1, 5): CSV with
// recognised headers, a JSON array, gzip, a mapping with numbered dated careers, a dry run, and
// bodies that cannot be read.
import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import { describe, test } from 'node:test'
import { expectProblem, expectStatus, type Res } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()

async function post(
  api: TestServer,
  category: string,
  body: string | Uint8Array,
  type: string,
  query: Record<string, string> = {},
): Promise<Res> {
  const u = new URL(`${api.url}/admin/v1/corpus/${category}`)
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v)
  const res = await fetch(u, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': type },
    body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text }
}

async function stored(api: TestServer, category: string) {
  const res = await api.request('GET', `/admin/v1/corpus/${category}/records`, {
    query: { limit: 1000 },
    headers: { 'x-admin-token': ADMIN_TOKEN },
  })
  expectStatus(res, 200)
  return res.body.records as { id: string; record: Record<string, unknown> }[]
}

const COMPANY_CSV = [
  'id,Name,Website,Country,Employees,Founded,Industry,Notes',
  'crm:1,Acme Widgets,https://www.acme-widgets.example/,US,120,2011,Manufacturing,x',
  'crm:2,Globex,,DE,many,1999-05-01,Logistics,y',
  'crm:3,"Initech, Inc.",initech.example,US,"1,200",1988-02-01,Software,z',
  'crm:4,Umbrella,,GB,40,2001,Pharma,',
].join('\r\n')

describe('ingest formats', () => {
  test('CSV without a mapping: common headers recognised, values typed, the mapping returned', async () => {
    const api = await server()
    const res = await post(api, 'company', COMPANY_CSV, 'text/csv')
    expectStatus(res, 200)
    assert.equal(res.body.format, 'csv')
    assert.deepEqual(res.body.mapping, {
      id: 'source_id',
      Name: 'account_name',
      Website: 'domain',
      Country: 'country',
      Employees: 'employee_count (integer)',
      Founded: 'founded_year (year)',
      Industry: 'industry',
    })
    // The cell that is no integer is left out of its row, which is stored (docs/ingest-formats.md §1).
    assert.deepEqual([res.body.read, res.body.inserted, res.body.rejected, res.body.warned], [4, 4, 0, 1])
    assert.deepEqual([res.body.ignored_columns, res.body.warnings], [['Notes'], []])
    assert.equal(res.body.warned_lines[0].line, 3)
    assert.deepEqual(res.body.warned_lines[0].problems, [
      '/employee_count: column "Employees": not an integer, left out ("many")',
    ])
    const rows = await stored(api, 'company')
    const initech = rows.find((r) => r.record.source_id === 'crm:3')!
    assert.equal(initech.id, 'initech.example')
    assert.deepEqual(
      [initech.record.account_name, initech.record.employee_count, initech.record.founded_year],
      ['Initech, Inc.', 1200, 1988],
    )
    // No domain: stored by its source_id.
    assert.match(rows.find((r) => r.record.source_id === 'crm:4')!.id, /^[0-9a-f]{16}$/)
  })

  test('a header with no column for an identifier is warned about before the lines it rejects', async () => {
    const api = await server()
    const res = await post(api, 'person', 'Full Name,Title\nAda Nokey,CTO\n', 'text/csv', { dry_run: 'true' })
    expectStatus(res, 200)
    assert.deepEqual(res.body.warnings, [
      'no column gives the records an identifier (profile_url or source_id), so every line will be rejected; ' +
        "name it with --map source_id=<column> (the route's map=source_id=<column>), or in a mapping file (docs/ingest-formats.md §1)",
    ])
    assert.equal(res.body.rejected, 1)
    const rounds = await post(api, 'funding_round', 'Company,Round\nAcme,Seed\n', 'text/csv', { dry_run: 'true' })
    assert.match(
      rounds.body.warnings[0],
      /^no column gives the records an identifier \(company_domain \+ type \+ announced_on, company \+ type \+ announced_on or source_id\)/,
    )
    const schools = await post(api, 'school', 'School\nAshford University\n', 'text/csv', { dry_run: 'true' })
    assert.match(
      schools.body.warnings.at(-1),
      /^no column gives the records an identifier \(school_id\), so every line/,
    )
  })

  test('map=field=column reads a field from a named column or key, over the recognised header, the mapping, or JSON as it is', async () => {
    const api = await server()
    const csv = 'Symbol,Security,CIK\nMMMX,3M Mapped,66741\n'
    const res = await fetch(
      `${api.url}/admin/v1/corpus/company?map=${encodeURIComponent('account_name=Security')}&map=${encodeURIComponent('source_id=Symbol')}`,
      { method: 'POST', headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'text/csv' }, body: csv },
    )
    const body = (await res.json()) as Record<string, unknown>
    assert.equal(res.status, 200, JSON.stringify(body))
    // CIK was recognised as the source id; the map gives that field to Symbol, and CIK is ignored.
    assert.deepEqual(body.mapping, { Symbol: 'source_id', Security: 'account_name' })
    assert.deepEqual([body.ignored_columns, body.warnings, body.inserted], [['CIK'], [], 1])
    const mmm = (await stored(api, 'company')).find((r) => r.record.source_id === 'MMMX')!
    assert.equal(mmm.record.account_name, '3M Mapped')

    // JSON taken as it is: the key is moved to its field (a nested one too).
    const people = JSON.stringify({ full_name: 'Ann Mapped', company: 'Acme', source_id: 'map:1' })
    const p = await post(api, 'person', people, 'application/x-ndjson', {
      map: 'name=full_name',
    })
    expectStatus(p, 200)
    assert.deepEqual(
      [p.body.rejected, p.body.rejects[0]?.problems],
      [1, ['/company: unknown field (did you mean current_employer.company?)']],
    )
    const u = new URL(`${api.url}/admin/v1/corpus/person`)
    u.searchParams.append('map', 'name=full_name')
    u.searchParams.append('map', 'current_employer.company=company')
    const both = await fetch(u, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
      body: people,
    })
    assert.equal(((await both.json()) as { inserted: number }).inserted, 1)
    const ann = (await stored(api, 'person')).find((r) => r.record.source_id === 'map:1')!
    assert.deepEqual(
      [ann.record.name, (ann.record.current_employer as { company: string }).company],
      ['Ann Mapped', 'Acme'],
    )

    // Refused before anything is read: a field the category lacks, a column the header lacks.
    const badField = await post(api, 'company', csv, 'text/csv', { map: 'ticker=Symbol' })
    expectProblem(badField, 422, 'request.invalid')
    assert.match(badField.body.detail, /"ticker" is not a field of a company record/)
    const badColumn = await post(api, 'company', csv, 'text/csv', { map: 'account_name=Name' })
    expectProblem(badColumn, 422, 'request.invalid')
    assert.match(badColumn.body.detail, /the header has no column "Name" \(Symbol, Security, CIK\)/)
  })

  test('a CSV whose header holds no comma is read with its own delimiter: a spreadsheet export with semicolons', async () => {
    const api = await server()
    const csv = ['\uFEFFid;Name;Website;"Head, Office"', 'crm:semi;"Semi Colon, Inc.";semi-colon.example;Lyon'].join(
      '\r\n',
    )
    const res = await post(api, 'company', csv, 'text/csv')
    expectStatus(res, 200)
    assert.deepEqual(res.body.mapping, { id: 'source_id', Name: 'account_name', Website: 'domain' })
    assert.deepEqual([res.body.inserted, res.body.ignored_columns], [1, ['Head, Office']])
    const row = (await stored(api, 'company')).find((r) => r.record.source_id === 'crm:semi')!
    assert.deepEqual([row.id, row.record.account_name], ['semi-colon.example', 'Semi Colon, Inc.'])
  })

  test('a JSON array, and gzip-compressed NDJSON, go in like NDJSON', async () => {
    const api = await server()
    const array = [
      { name: 'Quantum Sensing', momentum: 70, source_id: 't:1' },
      { name: 'Solid-State Batteries', momentum: 55, source_id: 't:2' },
    ]
    const a = await post(api, 'trend', JSON.stringify(array, null, 2), 'application/json')
    expectStatus(a, 200)
    assert.deepEqual([a.body.format, a.body.inserted, a.body.mapping], ['json', 2, null])
    const lines = [{ name: 'Edge Robotics', momentum: 12, source_id: 't:3' }].map((r) => JSON.stringify(r)).join('\n')
    const g = await post(api, 'trend', gzipSync(lines), 'application/gzip')
    expectStatus(g, 200)
    assert.deepEqual([g.body.format, g.body.inserted], ['ndjson', 1])
    const names = (await stored(api, 'trend')).map((r) => r.record.name).sort()
    assert.deepEqual(names, ['Edge Robotics', 'Quantum Sensing', 'Solid-State Batteries'])
  })

  test("gzip cut short, or corrupt, → 422 request.invalid saying so, not zlib's words", async () => {
    const api = await server()
    const lines = Array.from({ length: 400 }, (_, i) =>
      JSON.stringify({ name: `Cut Trend ${i} ${'x'.repeat(i % 50)}`, momentum: i % 100, source_id: `cut:${i}` }),
    ).join('\n')
    const whole = gzipSync(lines)
    const cut = await post(api, 'trend', whole.subarray(0, Math.floor(whole.length * 0.6)), 'application/gzip')
    expectProblem(cut, 422, 'request.invalid')
    assert.match(cut.body.detail, /gzip data stops before its end: the file is cut short/)
    const corrupt = Buffer.from(whole)
    corrupt.fill(0x55, 20, 60)
    const bad = await post(api, 'trend', corrupt, 'application/gzip')
    expectProblem(bad, 422, 'request.invalid')
    assert.match(bad.body.detail, /gzip data is corrupt/)
  })

  test('a mapping over JSON keys: numbers and booleans read by the rule (a numeric id becomes a prefixed text), lists kept, a bare scheme is no domain', async () => {
    const api = await server()
    const lines = [
      { id: 5, name: 'Circuit Mapped', website: 'https://circuit-mapped.example', team_size: 58, tags: ['Hardware'] },
      { id: 6, name: 'Placeholder Url', website: 'http://', team_size: '12', tags: [] },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n')
    const mapping = {
      fields: {
        source_id: { column: 'id', prefix: 'yc:' },
        account_name: 'name',
        domain: 'website',
        employee_count: 'team_size',
        company_keyword: 'tags',
      },
    }
    const res = await post(api, 'company', lines, 'application/x-ndjson', { mapping: JSON.stringify(mapping) })
    expectStatus(res, 200)
    assert.deepEqual([res.body.inserted, res.body.rejected], [2, 0], JSON.stringify(res.body.rejects))
    const rows = await stored(api, 'company')
    const circuit = rows.find((r) => r.record.source_id === 'yc:5')!
    assert.equal(circuit.id, 'circuit-mapped.example')
    assert.deepEqual([circuit.record.employee_count, circuit.record.company_keyword], [58, ['Hardware']])
    // "http://" is an export's placeholder, not a domain: the company goes in by its source_id.
    const placeholder = rows.find((r) => r.record.source_id === 'yc:6')!
    assert.equal(placeholder.record.domain ?? null, null)
    assert.equal(placeholder.record.employee_count, 12)
  })

  test('a place on one line (Location, Headquarters) fills city, state and country, normalised; their own columns win', async () => {
    const api = await server()
    const people = [
      'id,Full Name,Title,Location,Country',
      'loc:1,Ada Place,CTO,"San Francisco, CA 94105, USA",',
      'loc:2,Bo Place,Engineer,"Munich, Bavaria",Germany',
      'loc:3,Cy Place,Analyst,Remote,',
    ].join('\n')
    const p = await post(api, 'person', people, 'text/csv')
    expectStatus(p, 200)
    assert.equal(p.body.mapping.Location, 'location (place)')
    assert.equal(p.body.inserted, 3, JSON.stringify(p.body.rejects))
    const where = async (category: string, sourceId: string) =>
      (await stored(api, category)).find((r) => r.record.source_id === sourceId)!.record
    assert.deepEqual((await where('person', 'loc:1')).location, {
      city: 'San Francisco',
      state: 'California',
      country: 'United States',
    })
    // Munich's country is Germany by its own column; the state is read within it.
    assert.deepEqual((await where('person', 'loc:2')).location, {
      city: 'Munich',
      state: 'Bavaria',
      country: 'Germany',
    })
    assert.equal((await where('person', 'loc:3')).location ?? null, null)

    const companies = ['CIK,Security,Headquarters Location', '66740,3M,"Saint Paul, Minnesota"'].join('\n')
    const c = await post(api, 'company', companies, 'text/csv', {
      mapping: JSON.stringify({
        fields: { source_id: 'CIK', account_name: 'Security', location: 'Headquarters Location' },
      }),
    })
    expectStatus(c, 200)
    const mmm = await where('company', '66740')
    assert.deepEqual(
      [mmm.location, mmm.city, mmm.state, mmm.country],
      ['Saint Paul, Minnesota', 'Saint Paul', 'Minnesota', 'United States'],
    )
    // A place type where the category reads none is refused before anything is read.
    const refused = await post(api, 'patent', 'id,Where\np:1,Berlin', 'text/csv', {
      mapping: JSON.stringify({ fields: { title: { column: 'Where', type: 'place' } } }),
    })
    expectProblem(refused, 422, 'request.invalid')
    assert.match(refused.body.detail, /type place reads a one-line place into location/)
  })

  test('a mapping reads numbered employment and education columns with dates (year or year-month)', async () => {
    const api = await server()
    const csv = [
      'person_id;full name;job;employer;past_employer_1;past_start_1;past_end_1;past_employer_2;past_start_2;school_1;school_end_1',
      'p-1;Ada Quill;CTO;Acme;Globex;2015;2019-06;Initech;2019-07;Ashford University;2014',
      'p-2;Bo Reyes;Engineer;Acme;Globex;20155;;;;;',
    ].join('\n')
    const mapping = {
      fields: {
        source_id: { column: 'person_id', prefix: 'hr:' },
        name: 'full name',
        title: 'job',
        'current_employer.company': 'employer',
      },
      employment_history: { company: 'past_employer_*', start: 'past_start_*', end: 'past_end_*' },
      education: { school: 'school_*', end: 'school_end_*' },
    }
    const csvType = 'text/csv'
    const res = await post(api, 'person', csv.replaceAll(';', ','), csvType, { mapping: JSON.stringify(mapping) })
    expectStatus(res, 200)
    assert.deepEqual([res.body.inserted, res.body.rejected, res.body.warned], [2, 0, 1])
    assert.deepEqual(res.body.warned_lines[0].problems, [
      '/employment_history/0/start: column "past_start_1": not a year or year-month, left out ("20155")',
    ])
    const bo = (await stored(api, 'person')).find((p) => p.record.source_id === 'hr:p-2')!
    assert.deepEqual(bo.record.employment_history, [{ company: 'Globex' }])
    // strict=true: the row is rejected instead, naming the value.
    const strict = await post(api, 'person', csv.replaceAll(';', ','), csvType, {
      mapping: JSON.stringify(mapping),
      strict: 'true',
      dry_run: 'true',
    })
    assert.deepEqual(strict.body.rejects[0].problems, [
      '/employment_history/0/start: column "past_start_1": not a year or year-month ("20155")',
    ])
    const ada = (await stored(api, 'person')).find((p) => p.record.source_id === 'hr:p-1')!
    assert.deepEqual(ada.record.employment_history, [
      { company: 'Globex', start: '2015', end: '2019-06' },
      { company: 'Initech', start: '2019-07' },
    ])
    assert.deepEqual(ada.record.education, [{ school: 'Ashford University', end: '2014' }])
    assert.deepEqual(ada.record.current_employer, { company: 'Acme' })
  })

  test('a dry run validates and counts against the store, and writes nothing', async () => {
    const api = await server()
    const csv = 'source_id,name,momentum\nt:1,Quantum Sensing,99\nt:9,Brand New Trend,5\nt:10,Bad,lots\n'
    const res = await post(api, 'trend', csv, 'text/csv', { dry_run: 'true' })
    expectStatus(res, 200)
    assert.equal(res.body.dry_run, true)
    // `lots` is no momentum: the trend would go in without it, warned.
    assert.deepEqual(
      [res.body.inserted, res.body.updated, res.body.unchanged, res.body.rejected, res.body.warned],
      [2, 1, 0, 0, 1],
    )
    const names = (await stored(api, 'trend')).map((r) => r.record.name)
    assert.ok(!names.includes('Brand New Trend'))
    const quantum = (await stored(api, 'trend')).find((r) => r.record.source_id === 't:1')
    assert.ok(quantum === undefined || quantum.record.momentum !== 99)
  })

  test('a body that cannot be read, or a bad mapping → 422 request.invalid', async () => {
    const api = await server()
    expectProblem(await post(api, 'trend', '[{"name": "x"}, {', 'application/json'), 422, 'request.invalid')
    const bad = await post(api, 'company', COMPANY_CSV, 'text/csv', { mapping: '{"fields": {"colour": "Name"}}' })
    expectProblem(bad, 422, 'request.invalid')
    assert.match(bad.body.detail, /colour/)
  })
})
