// Person files with one row per relation (issue 38 item 2): the rows of one key make one record,
// employment rows its jobs, education rows its degrees, other types ignored and counted; nothing
// is a duplicate that is another relation of the same person; such a file read without saying so
// is recognised, with the flags that map it. On a sample of the real Wikidata CEOs file
// (../shared/datasets, read at test time), the truth built from the file's own rows.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { parse } from 'csv-parse/sync'
import { ingestThroughServer } from '../../src/cli/ingest-remote.ts'
import type { PrintedSummary } from '../../src/cli/ingest-output.ts'
import { datasetsPresent, DATASETS_DIR } from '../support/dataset-samples.ts'
import { expectProblem, expectStatus, type Res } from '../support/http.ts'
import { processData, runDsp } from '../support/process.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()
const CEOS = 'wikidata-ceos/ceo_person_organisation_relations.csv'
const SAMPLE_ROWS = 600

type Row = Record<string, string>
type Obj = Record<string, unknown>

/** The header and the first `n` rows of a CSV of the shared datasets, and those rows parsed. */
function sample(file: string, n: number): { text: string; rows: Row[] } {
  const text = readFileSync(path.join(DATASETS_DIR, file), 'utf8')
  const head =
    text
      .split('\n')
      .slice(0, n + 1)
      .join('\n') + '\n'
  return { text: head, rows: parse(head, { columns: true, bom: true }) as Row[] }
}

async function post(api: TestServer, category: string, body: string, query: Record<string, string | string[]>) {
  const u = new URL(`${api.url}/admin/v1/corpus/${category}`)
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) u.searchParams.append(k, one)
  const res = await fetch(u, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'text/csv' },
    body,
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text } as Res
}

async function storedPersons(api: TestServer): Promise<Obj[]> {
  const out: Obj[] = []
  let after: string | null = null
  do {
    const res = await api.request('GET', '/admin/v1/corpus/person/records', {
      query: { limit: 1000, ...(after ? { after } : {}) },
      headers: { 'x-admin-token': ADMIN_TOKEN },
    })
    expectStatus(res, 200)
    out.push(...(res.body.records as { record: Obj }[]).map((r) => r.record))
    after = res.body.next_after
  } while (after)
  return out
}

const RELATION_FLAGS = {
  relation_key: 'person_wikidata_uri',
  relation_type: 'relation_type',
  relation: ['membership=ignore'],
}

describe('one row per relation', { skip: !datasetsPresent() && 'no ../shared/datasets here' }, () => {
  test('Wikidata CEOs: one record per person, employers from employment rows only, schools from education rows, memberships counted', async () => {
    const api = await server()
    const { text, rows } = sample(CEOS, SAMPLE_ROWS)
    const res = await post(api, 'person', text, RELATION_FLAGS)
    expectStatus(res, 200)
    const s = res.body
    const keys = new Set(rows.map((r) => r.person_wikidata_uri!.trim()))
    const byType = (t: string) => rows.filter((r) => r.relation_type === t).length
    assert.deepEqual(
      [s.read, s.inserted, s.duplicate, s.rejected],
      [keys.size, keys.size, 0, 0],
      JSON.stringify(s.rejects.slice(0, 3)),
    )
    assert.deepEqual(s.relations, {
      key: 'person_wikidata_uri',
      type: 'relation_type',
      rows: rows.length,
      persons: keys.size,
      employment: byType('employment'),
      education: byType('education'),
      ignored: { membership: byType('membership') },
    })
    assert.equal(s.mapping.relation_type, 'relation type')
    assert.match(s.mapping.organisation_name, /^the relation's company/)
    assert.deepEqual(s.warnings, [])

    // The truth, per person, from the file's own rows.
    const orgs = (key: string, type: string) =>
      [
        ...new Set(
          rows
            .filter((r) => r.person_wikidata_uri === key && r.relation_type === type)
            .map((r) => r.organisation_name!.trim()),
        ),
      ].sort()
    const persons = (await storedPersons(api)).filter((p) => keys.has(p.source_id as string))
    assert.equal(persons.length, keys.size)
    let employers = 0
    for (const p of persons) {
      const key = p.source_id as string
      const jobs = ((p.employment_history ?? []) as Obj[]).map((j) => j.company as string).sort()
      const schools = ((p.education ?? []) as Obj[]).map((d) => d.school as string).sort()
      assert.deepEqual(jobs, orgs(key, 'employment'), `${key} employment`)
      assert.deepEqual(schools, orgs(key, 'education'), `${key} education`)
      // No relation becomes the current employer: a school only ever a degree.
      assert.equal(p.current_employer, undefined, key)
      for (const school of orgs(key, 'education'))
        if (!orgs(key, 'employment').includes(school))
          assert.ok(!jobs.includes(school), `${key}: ${school} became an employer`)
      assert.equal(p.name, rows.find((r) => r.person_wikidata_uri === key)!.person_name!.trim())
      employers += jobs.length
    }
    assert.ok(employers > 0, 'the sample holds employment rows')

    // The same file again: every person unchanged, still no duplicate.
    const again = await post(api, 'person', text, RELATION_FLAGS)
    expectStatus(again, 200)
    assert.deepEqual([again.body.unchanged, again.body.duplicate, again.body.inserted], [keys.size, 0, 0])
  })

  test('read without saying so: recognised, and the warning names the flags that gather it', async () => {
    const api = await server()
    const { text } = sample(CEOS, 300)
    const res = await post(api, 'person', text, { dry_run: 'true' })
    expectStatus(res, 200)
    const warning = (res.body.warnings as string[]).find((w) => w.includes('one per relation'))
    assert.ok(warning, JSON.stringify(res.body.warnings))
    assert.match(warning, /--relation-key person_wikidata_uri --relation-type relation_type /)
    assert.match(warning, /--relation education=education/)
    assert.match(warning, /--relation membership=ignore/)
    assert.match(warning, /--relation employment=employment/)
    // A person file of one row each is not warned about.
    const wide = await post(api, 'person', 'id,name,relation_type\np1,Ada,employment\np2,Bo,education\n', {
      dry_run: 'true',
    })
    expectStatus(wide, 200)
    assert.deepEqual(wide.body.warnings, [])
  })

  test('a mapping file\'s "relations": rows apart gathered, titles to the job, unnamed types ignored, a row without a key rejected', async () => {
    const api = await server()
    const csv = [
      'pid,full name,kind,org,role',
      'hr:1,Ada Quill,Employer,Acme,CTO',
      'hr:2,Bo Reyes,alumni,Ashford University,',
      'hr:1,Ada Quill,alumni,Ashford University,',
      ',Nobody,Employer,Globex,',
      'hr:1,Ada Quill,board,Initech,Director',
      'hr:2,Bo Reyes,Employer,Globex,Engineer',
    ].join('\n')
    const mapping = {
      fields: { source_id: 'pid', name: 'full name', 'current_employer.company': 'org', title: 'role' },
      relations: { key: 'pid', type: 'kind', types: { employer: 'employment', alumni: 'education' } },
    }
    const res = await post(api, 'person', csv, { mapping: JSON.stringify(mapping) })
    expectStatus(res, 200)
    assert.deepEqual([res.body.inserted, res.body.duplicate, res.body.rejected], [2, 0, 1])
    assert.match(res.body.rejects[0].reason, /no person key: the relation key column "pid" is blank/)
    assert.equal(res.body.rejects[0].line, 5)
    assert.deepEqual(res.body.relations.ignored, { board: 1 })
    const persons = await storedPersons(api)
    const jobs = (p: Obj) => ((p.employment_history ?? []) as Obj[]).map((j) => [j.company, j.title])
    const ada = persons.find((p) => p.source_id === 'hr:1')!
    assert.deepEqual(jobs(ada), [['Acme', 'CTO']])
    assert.deepEqual(ada.education, [{ school: 'Ashford University' }])
    assert.equal(ada.title, 'CTO')
    const bo = persons.find((p) => p.source_id === 'hr:2')!
    assert.deepEqual(jobs(bo), [['Globex', 'Engineer']])
    assert.equal(bo.current_employer, undefined)

    // The flags name a kind that is none, a column the header lacks, or apply to another category: refused.
    const badKind = await post(api, 'person', csv, {
      ...RELATION_FLAGS,
      relation_key: 'pid',
      relation_type: 'kind',
      relation: ['alumni=school'],
    })
    expectProblem(badKind, 422, 'request.invalid')
    assert.match(badKind.body.detail, /employment, education, ignore/)
    const noColumn = await post(api, 'person', csv, { relation_key: 'person_id', relation_type: 'kind' })
    expectProblem(noColumn, 422, 'request.invalid')
    assert.match(noColumn.body.detail, /no column "person_id"/)
    const company = await post(api, 'company', 'id,name\n1,A\n', { relation_key: 'id', relation_type: 'name' })
    expectProblem(company, 422, 'request.invalid')
    assert.match(company.body.detail, /persons only/)
  })

  test(
    'dsp ingest: the warning with its flags, then the flags through a running server and locally',
    { timeout: 600_000 },
    async () => {
      const api = await server()
      const { text, rows } = sample(CEOS, 200)
      const keys = new Set(rows.map((r) => r.person_wikidata_uri))
      const file = path.join(api.app.deps.config.DSP_DATA_DIR, 'ceos-sample.csv')
      writeFileSync(file, text)
      const printed: PrintedSummary[] = []
      let shown = ''
      const stream = { write: (t: string) => ((shown += t), true), isTTY: false } as unknown as NodeJS.WriteStream
      await ingestThroughServer(
        { url: api.url, token: ADMIN_TOKEN, via: 'DSP_URL' },
        file,
        (await import('node:fs')).createReadStream(file),
        {
          category: 'person',
          format: 'auto',
          maxRejects: 0,
          relationKey: 'person_wikidata_uri',
          relationType: 'relation_type',
          relation: ['membership=ignore'],
        },
        (s) => printed.push(s),
        { stream },
      )
      assert.equal(printed.length, 1, shown)
      // The first test stored these persons on this server already: each is inserted or unchanged.
      const p = printed[0]!
      assert.deepEqual([p.inserted + p.unchanged, p.duplicate, p.relations?.persons], [keys.size, 0, keys.size])

      // Locally, on a store of its own: without the flags the warning on stderr; with them, the relations line.
      const data = await processData()
      try {
        const local = path.join(data.env.DSP_DATA_DIR!, 'ceos.csv')
        writeFileSync(local, text)
        const plain = await runDsp(
          ['ingest', '--category', 'person', '--dry-run', '--max-rejects', '100000', local],
          data.env,
        )
        assert.equal(plain.code, 0, plain.err)
        assert.match(
          plain.err,
          /warning: the file has several rows per person .* --relation-key person_wikidata_uri --relation-type relation_type/,
        )
        const gathered = await runDsp(
          [
            'ingest',
            '--category',
            'person',
            '--relation-key',
            'person_wikidata_uri',
            '--relation-type',
            'relation_type',
            '--relation',
            'membership=ignore',
            local,
          ],
          data.env,
        )
        assert.equal(gathered.code, 0, gathered.err)
        assert.match(gathered.out, new RegExp(`inserted ${keys.size} · .* duplicate 0 · rejected 0`))
        assert.match(
          gathered.out,
          new RegExp(
            `relations \\(person_wikidata_uri, relation_type\\): 200 rows → ${keys.size} persons · employment \\d+ · education \\d+ · ignored membership \\d+`,
          ),
        )
      } finally {
        await data.drop()
      }
    },
  )
})
